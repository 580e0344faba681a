import type { MetaFunction } from "@remix-run/cloudflare";
import { UsageScreen } from "~/features/usage";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Usage & billing — Dropcraft" }];

export default function Screen() {
  return <UsageScreen />;
}

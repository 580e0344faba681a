import type { MetaFunction } from "@remix-run/cloudflare";
import { ClaimScreen } from "~/features/billing";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Claim your subscription — Dropcraft" }];

export default function Screen() {
  return <ClaimScreen />;
}

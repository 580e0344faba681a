import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsScreen } from "~/features/settings";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Settings — Dropcraft" }];

export default function Screen() {
  return <SettingsScreen />;
}

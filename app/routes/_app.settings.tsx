import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsScreen } from "~/components/settings/settings-screen";
import { protectedLoader } from "~/lib/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Settings — Dropcraft" }];

export default function Screen() {
  return <SettingsScreen />;
}

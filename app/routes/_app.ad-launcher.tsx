import type { MetaFunction } from "@remix-run/cloudflare";
import { AdLauncherScreen } from "~/features/ad-launcher";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "AI Launcher — Dropcraft" }];

export default function Screen() {
  return <AdLauncherScreen />;
}

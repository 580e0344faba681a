import type { MetaFunction } from "@remix-run/cloudflare";
import { HistoryScreen } from "~/components/history/history-screen";
import { protectedLoader } from "~/lib/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Chat Management — Dropcraft" }];

export default function Screen() {
  return <HistoryScreen />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { HistoryScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Chat Management — Dropcraft" }];

export default function Screen() {
  return <HistoryScreen />;
}

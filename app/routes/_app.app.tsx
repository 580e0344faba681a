import type { MetaFunction } from "@remix-run/cloudflare";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "AI Chat — Dropcraft" }];

/** /app opens the most recent chat, or the new-chat state when there is none. */
export default function Screen() {
  return <ChatScreen chatId={null} />;
}

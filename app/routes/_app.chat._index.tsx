import type { MetaFunction } from "@remix-run/cloudflare";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "AI Chat — Dropcraft" }];

/** /chat opens the most recent chat, or the new-chat state ("New chat", or no chats yet). */
export default function Screen() {
  return <ChatScreen chatId={null} />;
}

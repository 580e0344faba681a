import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "AI Chat — Dropcraft" }];

/**
 * /chat opens the most recent chat, or the new-chat state ("New chat", or no chats yet);
 * /chat/:id one chat. One route for both, so the screen stays mounted when a new chat's first
 * question gives it its address: an edit, an open record or the scroll position are kept.
 */
export default function Screen() {
  const { id } = useParams();
  return <ChatScreen chatId={id ?? null} />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "AI Chat — Dropcraft" }];

/** One chat; the list stays mounted while moving between chats. */
export default function Screen() {
  const { id } = useParams();
  return <ChatScreen chatId={id ?? null} />;
}

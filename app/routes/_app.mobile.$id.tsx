import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Chat — Dropcraft" }];

/** One chat on the phone entry; it stays under /mobile as the merchant moves between chats. */
export default function Screen() {
  const { id } = useParams();
  return <ChatScreen chatId={id ?? null} basePath="/mobile" />;
}

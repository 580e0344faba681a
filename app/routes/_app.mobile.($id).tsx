import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Chat — Dropcraft" }];

/**
 * The phone entry: the chat, phone-first (the list in a sheet, the composer pinned above the
 * keyboard), and one chat under /mobile/:id. One route for both, as for /chat.
 */
export default function Screen() {
  const { id } = useParams();
  return <ChatScreen chatId={id ?? null} basePath="/mobile" />;
}

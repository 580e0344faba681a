import type { MetaFunction } from "@remix-run/cloudflare";
import { ChatScreen } from "~/features/chat";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Chat — Dropcraft" }];

/** The phone entry: the chat, phone-first (the list in a sheet, the composer pinned above the keyboard). */
export default function Screen() {
  return <ChatScreen chatId={null} basePath="/mobile" />;
}

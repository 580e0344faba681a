/**
 * The chat screen's list and Chat Management's lists share one key family: a rename or delete
 * reaches both (and the open chat), and a refusal puts both back.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  chatKeys,
  forgetChats,
  patchChatEverywhere,
  removeChatsEverywhere,
  restoreChatLists,
  snapshotChatLists,
  type HistoryData,
} from "~/features/chat/chat-cache";
import type { ChatDetail, ChatListItem, ChatSummary } from "~/features/chat/chat-logic";

const chat = (id: string, title: string): ChatListItem => ({ id, title, projectId: null, createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z", messageCount: 2 });

function seeded() {
  const qc = new QueryClient();
  qc.setQueryData<ChatSummary[]>(chatKeys.list(), [chat("a", "Pets"), chat("b", "Kitchen")]);
  qc.setQueryData<HistoryData>(chatKeys.history(""), { q: "", chats: [chat("a", "Pets"), chat("b", "Kitchen")] });
  qc.setQueryData<HistoryData>(chatKeys.history("pet"), { q: "pet", chats: [{ ...chat("a", "Pets"), match: "pet hair" }] });
  qc.setQueryData<ChatDetail>(chatKeys.detail("a"), { chat: chat("a", "Pets"), messages: [] });
  return qc;
}

const titles = (qc: QueryClient) => ({
  list: qc.getQueryData<ChatSummary[]>(chatKeys.list())?.map((c) => c.title),
  all: qc.getQueryData<HistoryData>(chatKeys.history(""))?.chats.map((c) => c.title),
  search: qc.getQueryData<HistoryData>(chatKeys.history("pet"))?.chats.map((c) => c.title),
  detail: qc.getQueryData<ChatDetail>(chatKeys.detail("a"))?.chat.title,
});

describe("the chat key family", () => {
  it("keeps every chat list and open chat under one root, with no key colliding with a chat id", () => {
    for (const key of [chatKeys.list(), chatKeys.history("x"), chatKeys.detail("x"), chatKeys.histories()]) {
      expect(key[0]).toBe(chatKeys.all[0]);
    }
    expect(chatKeys.history("")).not.toEqual(chatKeys.detail(""));
  });

  it("a rename reaches the chat screen's list, every history list and the open chat; a refusal puts them all back", () => {
    const qc = seeded();
    const saved = snapshotChatLists(qc, ["a"]);
    patchChatEverywhere(qc, "a", { title: "Dog gear" });
    expect(titles(qc)).toEqual({ list: ["Dog gear", "Kitchen"], all: ["Dog gear", "Kitchen"], search: ["Dog gear"], detail: "Dog gear" });
    restoreChatLists(qc, saved);
    expect(titles(qc)).toEqual({ list: ["Pets", "Kitchen"], all: ["Pets", "Kitchen"], search: ["Pets"], detail: "Pets" });
  });

  it("a delete leaves every list at once, the open copy once confirmed; a refusal restores the lists", () => {
    const qc = seeded();
    const saved = snapshotChatLists(qc);
    removeChatsEverywhere(qc, ["a"]);
    expect(titles(qc)).toMatchObject({ list: ["Kitchen"], all: ["Kitchen"], search: [], detail: "Pets" });
    restoreChatLists(qc, saved);
    expect(titles(qc)).toMatchObject({ list: ["Pets", "Kitchen"], all: ["Pets", "Kitchen"], search: ["Pets"] });
    removeChatsEverywhere(qc, ["a"]);
    forgetChats(qc, ["a"]);
    expect(qc.getQueryData(chatKeys.detail("a"))).toBeUndefined();
  });
});

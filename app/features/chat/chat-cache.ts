/**
 * The one cache-key family for chats, and the cache edits every chat change makes. The chat
 * screen's list, Chat Management's lists (all chats, each search) and each open chat live under
 * `chatKeys.all`, so one edit reaches every screen and one invalidation refreshes them all.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ChatDetail, ChatListItem, ChatSummary } from "./chat-logic";

export const chatKeys = {
  /** Everything about chats: invalidating this refreshes every list and open chat. */
  all: ["/api/chats"] as const,
  /** The chat screen's list (`GET /api/chats`), newest first. */
  list: () => ["/api/chats"] as const,
  /**
   * Chat Management's lists: every chat with its message count (`q` empty) or a search's hits.
   * The object never equals a chat id, so these never collide with a detail key.
   */
  histories: () => ["/api/chats", { view: "history" }] as const,
  history: (q: string) => ["/api/chats", { view: "history", q }] as const,
  /** One chat with its messages. */
  detail: (id: string) => ["/api/chats", id] as const,
};

/** A Chat Management list as cached: the chats and the search they answer ("" for all). */
export interface HistoryData {
  q: string;
  chats: ChatListItem[];
}

/** What every list held before an optimistic change, to put back if the server refuses. */
export interface ChatListsSnapshot {
  list: ChatSummary[] | undefined;
  histories: [readonly unknown[], HistoryData | undefined][];
  details: Map<string, ChatDetail | undefined>;
}

export function snapshotChatLists(queryClient: QueryClient, detailIds: readonly string[] = []): ChatListsSnapshot {
  return {
    list: queryClient.getQueryData<ChatSummary[]>(chatKeys.list()),
    histories: queryClient.getQueriesData<HistoryData>({ queryKey: chatKeys.histories() }),
    details: new Map(detailIds.map((id) => [id, queryClient.getQueryData<ChatDetail>(chatKeys.detail(id))])),
  };
}

export function restoreChatLists(queryClient: QueryClient, saved: ChatListsSnapshot | undefined): void {
  if (!saved) return;
  queryClient.setQueryData(chatKeys.list(), saved.list);
  for (const [key, data] of saved.histories) queryClient.setQueryData(key, data);
  for (const [id, detail] of saved.details) queryClient.setQueryData(chatKeys.detail(id), detail);
}

/** Stops in-flight list fetches, so they cannot overwrite an optimistic change. */
export async function cancelChatLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: chatKeys.list(), exact: true }),
    queryClient.cancelQueries({ queryKey: chatKeys.histories() }),
  ]);
}

/** Every list is fetched again: at once where shown, else on its next visit. */
export function refreshChatLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.list(), exact: true });
  void queryClient.invalidateQueries({ queryKey: chatKeys.histories() });
}

/** Applies `fields` to one chat wherever it is cached, keeping its place in every list. */
export function patchChatEverywhere(
  queryClient: QueryClient,
  id: string,
  fields: Partial<Pick<ChatSummary, "title" | "updatedAt">>,
): void {
  const patch = <T extends ChatSummary>(chats: T[]) => chats.map((c) => (c.id === id ? { ...c, ...fields } : c));
  queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (old) => (old ? patch(old) : old));
  queryClient.setQueriesData<HistoryData>({ queryKey: chatKeys.histories() }, (old) =>
    old ? { ...old, chats: patch(old.chats) } : old,
  );
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (old) =>
    old ? { ...old, chat: { ...old.chat, ...fields } } : old,
  );
}

/** Takes chats out of every list (their open copies stay until the server confirms). */
export function removeChatsEverywhere(queryClient: QueryClient, ids: readonly string[]): void {
  const gone = new Set(ids);
  queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (old) => (old ? old.filter((c) => !gone.has(c.id)) : old));
  queryClient.setQueriesData<HistoryData>({ queryKey: chatKeys.histories() }, (old) =>
    old ? { ...old, chats: old.chats.filter((c) => !gone.has(c.id)) } : old,
  );
}

/** After the server confirmed: the deleted chats' open copies go too. */
export function forgetChats(queryClient: QueryClient, ids: readonly string[]): void {
  for (const id of ids) queryClient.removeQueries({ queryKey: chatKeys.detail(id), exact: true });
}

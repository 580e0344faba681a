/**
 * Data for the Chat Management screen: the chat list with message counts, the server search,
 * and rename, delete (some or all) and export. Every change also updates the chat screen's
 * caches (`CHATS_KEY`, `chatKey(id)`) and invalidates them, so both screens always agree.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import {
  CHAT_HISTORY_KEY,
  CHATS_KEY,
  chatHistoryKey,
  chatKey,
  deleteAllChats,
  deleteChat,
  fetchChat,
  fetchChatHistory,
  renameChat,
} from "~/features/chat/chat-client";
import { removeChat, type ChatDetail, type ChatListItem, type ChatSummary } from "~/features/chat/chat-logic";
import { stopStream } from "~/features/chat/chat-store";
import { downloadJson } from "~/ui/download";
import { errorMessage, HttpError } from "~/lib/http";
import { useCurrentUser } from "~/features/auth";
import { notify } from "~/lib/toast";
import { buildChatExport, exportFileName, mapLimited, plural } from "./history-logic";

/** A list as cached: the chats and the search they answer ("" for all chats). */
export interface HistoryData {
  q: string;
  chats: ChatListItem[];
}

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Requests at once when deleting or exporting several chats. */
const PARALLEL = 4;

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The current time, refreshed every `intervalMs` so "5 min ago" stays true. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * All chats (`q` empty) or the chats a search finds. Refetched on every visit: the chat screen
 * adds and renames chats without touching these lists. While a new search runs, the previous
 * results stay (their `q` says which search they answer).
 */
export function useChatHistory(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: chatHistoryKey(q),
    queryFn: async ({ signal }): Promise<HistoryData> => ({ q, chats: await fetchChatHistory(q, { signal }) }),
    enabled: Boolean(user) && enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

function patchHistoryLists(queryClient: QueryClient, fn: (chats: ChatListItem[]) => ChatListItem[]) {
  queryClient.setQueriesData<HistoryData>({ queryKey: CHAT_HISTORY_KEY }, (old) =>
    old ? { ...old, chats: fn(old.chats) } : old,
  );
}

function snapshot(queryClient: QueryClient) {
  return {
    history: queryClient.getQueriesData<HistoryData>({ queryKey: CHAT_HISTORY_KEY }),
    list: queryClient.getQueryData<ChatSummary[]>(CHATS_KEY),
  };
}

function restore(queryClient: QueryClient, saved: ReturnType<typeof snapshot> | undefined) {
  if (!saved) return;
  for (const [key, data] of saved.history) queryClient.setQueryData(key, data);
  if (saved.list) queryClient.setQueryData(CHATS_KEY, saved.list);
}

async function cancelLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: CHAT_HISTORY_KEY }),
    queryClient.cancelQueries({ queryKey: CHATS_KEY, exact: true }),
  ]);
}

/** Both screens' lists are fetched again (at once where shown, else on their next visit). */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY });
  void queryClient.invalidateQueries({ queryKey: CHATS_KEY, exact: true });
}

const isGone = (err: unknown) => err instanceof HttpError && err.status === 404;

/** Renames in place at once; the old title comes back with a message if the server refuses. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onMutate: async ({ id, title }) => {
      await cancelLists(queryClient);
      const saved = snapshot(queryClient);
      const detail = queryClient.getQueryData<ChatDetail>(chatKey(id));
      patchHistoryLists(queryClient, (chats) => chats.map((c) => (c.id === id ? { ...c, title } : c)));
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => old?.map((c) => (c.id === id ? { ...c, title } : c)));
      queryClient.setQueryData<ChatDetail>(chatKey(id), (old) =>
        old ? { ...old, chat: { ...old.chat, title } } : old,
      );
      return { saved, detail };
    },
    onError: (err, { id }, context) => {
      restore(queryClient, context?.saved);
      if (context?.detail) queryClient.setQueryData(chatKey(id), context.detail);
      notify({
        title: "Couldn't rename the chat",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSuccess: (chat) => {
      if (!chat?.id) return;
      const fields = { title: chat.title, updatedAt: chat.updatedAt };
      patchHistoryLists(queryClient, (chats) => chats.map((c) => (c.id === chat.id ? { ...c, ...fields } : c)));
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) =>
        old?.map((c) => (c.id === chat.id ? { ...c, ...fields } : c)),
      );
      queryClient.setQueryData<ChatDetail>(chatKey(chat.id), (old) =>
        old ? { ...old, chat: { ...old.chat, ...fields } } : old,
      );
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** Deletes the given chats (a few requests at a time): gone from every list at once; any that fail come back. */
export function useDeleteChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await mapLimited(ids, PARALLEL, (id) => deleteChat(id));
      const failed: { id: string; error: unknown }[] = [];
      results.forEach((r, i) => {
        // Already gone (another tab) counts as deleted.
        if (!r.ok && !isGone(r.error)) failed.push({ id: ids[i], error: r.error });
      });
      return { deleted: ids.filter((id) => !failed.some((f) => f.id === id)), failed };
    },
    onMutate: async (ids) => {
      for (const id of ids) stopStream(id);
      await cancelLists(queryClient);
      const saved = snapshot(queryClient);
      const gone = new Set(ids);
      patchHistoryLists(queryClient, (chats) => chats.filter((c) => !gone.has(c.id)));
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) =>
        ids.reduce<ChatSummary[]>((list, id) => removeChat(list, id), old ?? []),
      );
      return { saved };
    },
    onSuccess: ({ deleted, failed }, _ids, context) => {
      for (const id of deleted) queryClient.removeQueries({ queryKey: chatKey(id), exact: true });
      if (failed.length) {
        // Put the ones that are still there back where they were.
        const back = new Set(failed.map((f) => f.id));
        restore(queryClient, context?.saved);
        const removed = new Set(deleted);
        patchHistoryLists(queryClient, (chats) => chats.filter((c) => !removed.has(c.id) || back.has(c.id)));
        queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => old?.filter((c) => !removed.has(c.id)));
        notify({
          title: deleted.length
            ? `Deleted ${plural(deleted.length, "chat")}; ${failed.length} could not be deleted`
            : "Couldn't delete the chats",
          description: errorMessage(failed[0].error, "Please try again."),
          variant: "destructive",
        });
        return;
      }
      notify({
        title: deleted.length === 1 ? "Chat deleted" : `${plural(deleted.length, "chat")} deleted`,
        variant: "success",
      });
    },
    onError: (err, _ids, context) => {
      restore(queryClient, context?.saved);
      notify({
        title: "Couldn't delete the chats",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** `DELETE /api/chats`: every chat and message of the user; all lists empty at once. */
export function useDeleteAllChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAllChats(),
    onMutate: async () => {
      await cancelLists(queryClient);
      const saved = snapshot(queryClient);
      const known = new Set<string>(saved.list?.map((c) => c.id));
      for (const [, data] of saved.history) for (const c of data?.chats ?? []) known.add(c.id);
      for (const id of known) stopStream(id);
      patchHistoryLists(queryClient, () => []);
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, []);
      return { saved };
    },
    onSuccess: (deleted) => {
      // Every open chat is gone too (the lists keep their keys; the details go).
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] === CHATS_KEY[0] && typeof q.queryKey[1] === "string",
      });
      notify({
        title: "All chats deleted",
        description: `${plural(deleted, "chat")} and their messages are gone.`,
        variant: "success",
      });
    },
    onError: (err, _v, context) => {
      restore(queryClient, context?.saved);
      notify({
        title: "Couldn't delete your chats",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

export interface ExportProgress {
  done: number;
  total: number;
}

/**
 * Exports chats as one JSON file: each chat's saved messages are read from the server
 * (`GET /api/chats/:id`), a few at a time. Chats that cannot be read are left out and counted.
 */
export function useExportChats() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = useCallback(async (chats: readonly ChatSummary[]) => {
    if (!chats.length) return;
    setProgress({ done: 0, total: chats.length });
    try {
      const results = await mapLimited(chats, PARALLEL, async (chat) => {
        try {
          return await fetchChat(chat.id);
        } finally {
          setProgress((p) => (p ? { ...p, done: p.done + 1 } : p));
        }
      });
      const details = results.flatMap((r) => (r.ok ? [r.value] : []));
      const failed = results.length - details.length;
      if (!details.length) {
        const first = results.find((r) => !r.ok);
        notify({
          title: "Couldn't export the chats",
          description: errorMessage(first && !first.ok ? first.error : null, "Please try again."),
          variant: "destructive",
        });
        return;
      }
      const at = new Date();
      downloadJson(
        JSON.stringify(buildChatExport(details, at), null, 2),
        exportFileName(
          details.map((d) => d.chat),
          at,
        ),
      );
      notify({
        title: details.length === 1 ? "Chat exported" : `${plural(details.length, "chat")} exported`,
        description: failed
          ? `${plural(failed, "chat")} could not be read and ${failed === 1 ? "was" : "were"} left out.`
          : "Saved as a JSON file.",
        variant: failed ? "default" : "success",
      });
    } finally {
      setProgress(null);
    }
  }, []);
  return { run, progress, exporting: progress !== null };
}

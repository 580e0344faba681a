/**
 * Data for the Chat Management screen: the chat list with message counts, the server search and
 * export. Rename and delete are the chat feature's one set of changes (../use-chats.ts), which
 * edit these lists and the chat screen's together (one key family, ../chat-cache.ts).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useCurrentUser } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { downloadJson } from "~/ui/download";
import { chatKeys, type HistoryData } from "../chat-cache";
import { fetchChat, fetchChatHistory } from "../chat-client";
import type { ChatSummary } from "../chat-logic";
import { buildChatExport, exportFileName, mapLimited, plural } from "./history-logic";

export type { HistoryData };
export { useDeleteAllChats, useDeleteChats, useRenameChat } from "../use-chats";

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Requests at once when deleting or exporting several chats. */
const PARALLEL = 4;

/**
 * All chats (`q` empty) or the chats a search finds. Refetched on every visit: the chat screen
 * adds and renames chats without touching these lists. While a new search runs, the previous
 * results stay (their `q` says which search they answer).
 */
export function useChatHistory(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: chatKeys.history(q),
    queryFn: async ({ signal }): Promise<HistoryData> => ({ q, chats: await fetchChatHistory(q, { signal }) }),
    enabled: Boolean(user) && enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
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

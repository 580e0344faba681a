/**
 * Chat data for every screen: the chat list, one chat, and the one set of changes (rename,
 * delete some, delete all) that the chat screen and Chat Management share. Each change edits
 * every cached list at once (chat-cache.ts), puts them back if the server refuses, and then
 * refreshes them, so both screens always agree.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useCurrentUser } from "~/features/account";
import { chatStore } from "~/features/local-data";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  cancelChatLists,
  chatKeys,
  forgetChats,
  patchChatEverywhere,
  refreshChatLists,
  removeChatsEverywhere,
  restoreChatLists,
  snapshotChatLists,
} from "./chat-cache";
import { deleteAllChats, deleteChat, fetchChat, fetchChats, renameChat } from "./chat-client";
import type { ChatSummary } from "./chat-logic";
import { stopStream } from "./chat-store";
import { mapLimited, plural } from "./history/history-logic";

/** Requests at once when deleting several chats. */
const PARALLEL = 4;

/**
 * The signed-in user's chats, newest update first (`GET /api/chats`). The local chat store shows
 * the last known list while it loads, and keeps what the server says.
 */
export function useChatList() {
  const { user } = useCurrentUser();
  return useQuery<ChatSummary[]>({
    queryKey: chatKeys.list(),
    queryFn: async ({ signal }) => {
      const chats = await fetchChats({ signal });
      chatStore.receive(chats.map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt })));
      // The server decides what exists: chats deleted elsewhere leave the local store too.
      const listed = new Set(chats.map((c) => c.id));
      chatStore.remove(
        chatStore
          .getSnapshot()
          .filter((c) => !listed.has(c.id))
          .map((c) => c.id),
      );
      return chats;
    },
    placeholderData: (): ChatSummary[] | undefined => {
      const known = chatStore.getSnapshot();
      return known.length
        ? known.map((c) => ({
            id: c.id,
            title: c.title,
            projectId: null,
            createdAt: c.updatedAt,
            updatedAt: c.updatedAt,
          }))
        : undefined;
    },
    enabled: Boolean(user),
  });
}

/** One chat with its messages (`GET /api/chats/:id`); seeded locally for a chat created here. */
export function useChatDetail(id: string | null) {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: chatKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchChat(id!, { signal }),
    enabled: Boolean(user && id),
  });
  // What the server saved is kept locally too (never what is still being written).
  const saved = query.data && !query.data.messages.some((m) => m.status) ? query.data : undefined;
  useEffect(() => {
    if (!saved) return;
    chatStore.receive([
      {
        id: saved.chat.id,
        title: saved.chat.title,
        updatedAt: saved.chat.updatedAt,
        messages: saved.messages.map((m) => ({
          id: m.id,
          role: m.role,
          content: m.content,
          createdAt: m.createdAt,
          parentId: m.parentId ?? null,
        })),
      },
    ]);
  }, [saved]);
  return query;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/** Renames a chat in place at once, on every screen; the old title comes back if the server refuses. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onMutate: async ({ id, title }) => {
      await cancelChatLists(queryClient);
      const saved = snapshotChatLists(queryClient, [id]);
      patchChatEverywhere(queryClient, id, { title });
      return { saved };
    },
    onError: (err, _vars, context) => {
      restoreChatLists(queryClient, context?.saved);
      notify({
        title: "Couldn't rename the chat",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSuccess: (chat) => {
      if (chat?.id) patchChatEverywhere(queryClient, chat.id, { title: chat.title, updatedAt: chat.updatedAt });
    },
    onSettled: () => refreshChatLists(queryClient),
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
        if (!r.ok && !isNotFound(r.error)) failed.push({ id: ids[i], error: r.error });
      });
      return { deleted: ids.filter((id) => !failed.some((f) => f.id === id)), failed };
    },
    onMutate: async (ids) => {
      for (const id of ids) stopStream(id);
      await cancelChatLists(queryClient);
      const saved = snapshotChatLists(queryClient);
      removeChatsEverywhere(queryClient, ids);
      return { saved };
    },
    onSuccess: ({ deleted, failed }, _ids, context) => {
      forgetChats(queryClient, deleted);
      if (failed.length) {
        // Put back the ones that are still there.
        restoreChatLists(queryClient, context?.saved);
        removeChatsEverywhere(queryClient, deleted);
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
      restoreChatLists(queryClient, context?.saved);
      notify({
        title: "Couldn't delete the chats",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => refreshChatLists(queryClient),
  });
}

/** `DELETE /api/chats`: every chat and message of the user; every list empty at once. */
export function useDeleteAllChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAllChats(),
    onMutate: async () => {
      await cancelChatLists(queryClient);
      const saved = snapshotChatLists(queryClient);
      const known = new Set<string>(saved.list?.map((c) => c.id));
      for (const [, data] of saved.histories) for (const c of data?.chats ?? []) known.add(c.id);
      for (const id of known) stopStream(id);
      removeChatsEverywhere(queryClient, [...known]);
      queryClient.setQueryData(chatKeys.list(), []);
      return { saved, known };
    },
    onSuccess: (deleted) => {
      // Every open chat is gone too (the lists keep their keys; the details go).
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] === chatKeys.all[0] && typeof q.queryKey[1] === "string",
      });
      notify({
        title: "All chats deleted",
        description: `${plural(deleted, "chat")} and their messages are gone.`,
        variant: "success",
      });
    },
    onError: (err, _v, context) => {
      restoreChatLists(queryClient, context?.saved);
      notify({
        title: "Couldn't delete your chats",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => refreshChatLists(queryClient),
  });
}

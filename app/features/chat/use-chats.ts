import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CHATS_KEY, chatKey, deleteChat, fetchChat, fetchChats, renameChat } from "~/features/chat/chat-client";
import { patchChat, removeChat, upsertChat, type ChatDetail, type ChatSummary } from "~/features/chat/chat-logic";
import { stopStream } from "~/features/chat/chat-store";
import { errorMessage, HttpError } from "~/lib/http";
import { useCurrentUser } from "~/features/auth";
import { notify } from "~/lib/toast";

/** The signed-in user's chats, newest update first (`GET /api/chats`). */
export function useChatList() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: CHATS_KEY,
    queryFn: ({ signal }) => fetchChats({ signal }),
    enabled: Boolean(user),
  });
}

/** One chat with its messages (`GET /api/chats/:id`); seeded locally for a chat created here. */
export function useChatDetail(id: string | null) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: chatKey(id ?? ""),
    queryFn: ({ signal }) => fetchChat(id!, { signal }),
    enabled: Boolean(user && id),
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/** Renames a chat in place at once; the old title comes back if the server refuses. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onMutate: async ({ id, title }) => {
      await queryClient.cancelQueries({ queryKey: CHATS_KEY, exact: true });
      const previous = queryClient.getQueryData<ChatSummary[]>(CHATS_KEY);
      const before = previous?.find((c) => c.id === id);
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) =>
        // Keep its place in the list while the server answers.
        (old ?? []).map((c) => (c.id === id ? { ...c, title } : c)),
      );
      queryClient.setQueryData<ChatDetail>(chatKey(id), (old) =>
        old ? { ...old, chat: { ...old.chat, title } } : old,
      );
      return { before };
    },
    onError: (err, { id }, context) => {
      const before = context?.before;
      if (before) {
        queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => patchChat(old, id, { title: before.title }));
        queryClient.setQueryData<ChatDetail>(chatKey(id), (old) =>
          old ? { ...old, chat: { ...old.chat, title: before.title } } : old,
        );
      }
      notify({
        title: "Couldn't rename the chat",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSuccess: (chat) => {
      if (!chat?.id) return;
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => upsertChat(old, chat));
      queryClient.setQueryData<ChatDetail>(chatKey(chat.id), (old) => (old ? { ...old, chat } : old));
    },
  });
}

/** Deletes a chat: gone from the list at once, back with a message if the server refuses. */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteChat(id),
    onMutate: async (id) => {
      stopStream(id);
      await queryClient.cancelQueries({ queryKey: CHATS_KEY, exact: true });
      const previous = queryClient.getQueryData<ChatSummary[]>(CHATS_KEY);
      queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => removeChat(old, id));
      return { previous };
    },
    onError: (err, id, context) => {
      if (isNotFound(err)) {
        // Already gone (another tab): the list is right as it is.
        queryClient.removeQueries({ queryKey: chatKey(id), exact: true });
        return;
      }
      const restored = context?.previous?.find((c) => c.id === id);
      if (restored) queryClient.setQueryData<ChatSummary[]>(CHATS_KEY, (old) => upsertChat(old, restored));
      notify({
        title: "Couldn't delete the chat",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKey(id), exact: true });
      notify({ title: "Chat deleted", variant: "success" });
    },
  });
}

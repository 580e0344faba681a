import * as Dialog from "@radix-ui/react-dialog";
import { useLocation, useNavigate } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { newChatId, type AnswerRequest } from "~/features/chat/chat-client";
import type { ViewMessage } from "~/features/chat/chat-logic";
import { discardTurnForRetry, NEW_CHAT_DRAFT, sendMessage, setDraft } from "~/features/chat/chat-store";
import { ChatPathsProvider, useChatPath } from "./chat-paths";
import { ChatListPanel, useChatShortcuts, type ChatListHandle } from "./chat-list";
import { Conversation } from "./conversation";
import { useChatList } from "./use-chats";
import { usePageOverlays } from "./use-page-overlays";

const LIST_COLLAPSED_KEY = "chat-list-collapsed";

/** The desktop chat column's shown/hidden preference (read after hydration, so markup matches). */
function useListCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    try {
      setCollapsed(localStorage.getItem(LIST_COLLAPSED_KEY) === "true");
    } catch {
      // Private mode: shown.
    }
  }, []);
  const toggle = useCallback(() => {
    setCollapsed((prev) => {
      const next = !prev;
      try {
        localStorage.setItem(LIST_COLLAPSED_KEY, String(next));
      } catch {
        // Not remembered; fine.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}

interface LocationState {
  newChat?: boolean;
}

/**
 * The Chat screen of /app, /chat and /chat/:id: the chat list (a column from 768 px, a sheet
 * below) beside the open conversation.
 *
 * /app and /chat open the most recent chat, or the new-chat state when there is none (or when
 * "New chat" was chosen). The first question of a new chat creates it under a browser-made uuid
 * and, once the server accepts it, the address becomes /chat/:id (replace).
 */
/** The chat screen under its base path (/chat, or /mobile for the phone entry). */
export function ChatScreen({ chatId, basePath = "/chat" }: { chatId: string | null; basePath?: string }) {
  return (
    <ChatPathsProvider basePath={basePath}>
      <ChatScreenBody chatId={chatId} />
    </ChatPathsProvider>
  );
}

function ChatScreenBody({ chatId }: { chatId: string | null }) {
  const chatPath = useChatPath();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useChatList();
  const overlays = usePageOverlays();
  const [listCollapsed, toggleList] = useListCollapsed();
  const [sheetOpen, setSheetOpen] = useState(false);
  const listRef = useRef<ChatListHandle>(null);
  const sheetListRef = useRef<ChatListHandle>(null);

  // A question handed over in the address (/chat?q=…, the Explorer's "Ask in chat") waits in a new chat's composer, unsent.
  const prefill = chatId ? null : new URLSearchParams(location.search).get("q");
  const wantsNew = !chatId && ((location.state as LocationState | null)?.newChat === true || Boolean(prefill));
  useEffect(() => {
    if (!prefill) return;
    setDraft(NEW_CHAT_DRAFT, prefill);
    navigate(chatPath(), { replace: true, state: { newChat: true } });
  }, [prefill, navigate, chatPath]);

  // A new chat's id while its first question is being asked on /chat (before the address changes).
  const [pendingId, setPendingId] = useState<string | null>(null);
  const pendingRef = useRef<string | null>(null);
  const reuseIdRef = useRef<string | null>(null);
  const setPending = (id: string | null) => {
    pendingRef.current = id;
    setPendingId(id);
  };
  // Every visit (a new "New chat" included) starts clean.
  useEffect(() => {
    pendingRef.current = null;
    setPendingId(null);
  }, [location.key]);

  // The local store's list shows at once, but only the server's says which chat to open.
  const mostRecent = list.isPlaceholderData ? null : (list.data?.[0]?.id ?? null);
  const redirecting =
    !chatId && !pendingId && !wantsNew && (list.isPending || list.isPlaceholderData || mostRecent !== null);
  useEffect(() => {
    if (!chatId && !pendingRef.current && !wantsNew && mostRecent) navigate(chatPath(mostRecent), { replace: true });
  }, [chatId, wantsNew, mostRecent, navigate, chatPath]);

  const shownId = chatId ?? pendingId;

  const startNewChat = useCallback(() => {
    setSheetOpen(false);
    navigate(chatPath(), { state: { newChat: true } });
  }, [navigate, chatPath]);

  useChatShortcuts({
    onSearch: () => {
      if (window.matchMedia("(min-width: 768px)").matches && !listCollapsed) listRef.current?.focusSearch();
      else {
        setSheetOpen(true);
        requestAnimationFrame(() => sheetListRef.current?.focusSearch());
      }
    },
    onNewChat: startNewChat,
  });

  const onSend = (text: string, { retryOf }: { retryOf?: ViewMessage }) => {
    if (shownId && retryOf?.status === "error") discardTurnForRetry(queryClient, shownId, retryOf.key ?? retryOf.id);

    if (chatId) {
      if (!retryOf) setDraft(chatId, "");
      void sendMessage(queryClient, { chatId, request: { kind: "ask", content: text }, draftKey: chatId });
      return;
    }

    // The new-chat state: the first question creates the chat (the server may already hold an
    // empty one from an attempt that hit the daily limit: that id is used again).
    const id = pendingId ?? reuseIdRef.current ?? newChatId();
    if (!retryOf) setDraft(NEW_CHAT_DRAFT, "");
    setPending(id);
    void sendMessage(queryClient, {
      chatId: id,
      request: { kind: "ask", content: text },
      isNewChat: true,
      draftKey: NEW_CHAT_DRAFT,
      onAccepted: () => {
        reuseIdRef.current = null;
        // Only if the user is still looking at this new chat.
        if (pendingRef.current === id) navigate(chatPath(id), { replace: true });
      },
    }).then((outcome) => {
      // Nothing was asked: back to the new-chat state with the question in the composer.
      if (outcome.kind !== "usage-limit" && !(outcome.kind === "stopped" && !outcome.accepted)) return;
      reuseIdRef.current = id;
      if (pendingRef.current === id) setPending(null);
    });
  };

  /** Regenerate an answer or answer an edited question: a new version of the turn. */
  const onAnswerAgain = (request: Exclude<AnswerRequest, { kind: "ask" }>) => {
    if (chatId) void sendMessage(queryClient, { chatId, request, draftKey: chatId });
  };

  const style = { "--chat-bottom": `${overlays.banner}px` } as CSSProperties;

  return (
    <div
      className="flex h-[calc(100dvh-3.5rem-var(--chat-bottom))] min-h-[360px] overflow-hidden lg:h-[calc(100dvh-var(--chat-bottom))]"
      style={style}
      data-testid="chat-screen"
    >
      <div
        id="chat-list-column"
        className={`w-[264px] shrink-0 border-r border-line bg-bg-elevated/60 xl:w-[280px] ${listCollapsed ? "hidden" : "hidden md:block"}`}
      >
        <ChatListPanel ref={listRef} activeId={shownId} onNewChat={startNewChat} />
      </div>

      <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0 dark:bg-black/65 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            data-testid="chat-list-sheet"
            className="fixed inset-y-0 left-0 z-50 flex w-[85%] max-w-[320px] flex-col border-r border-line bg-bg-elevated text-fg shadow-2xl shadow-black/50 outline-none transition-transform duration-300 ease-out starting:-translate-x-full md:hidden"
          >
            <Dialog.Title className="sr-only">Chats</Dialog.Title>
            <ChatListPanel
              ref={sheetListRef}
              activeId={shownId}
              onNewChat={startNewChat}
              onNavigate={() => setSheetOpen(false)}
              headerAction={
                <Dialog.Close
                  aria-label="Close chats"
                  className="grid size-10 shrink-0 place-items-center rounded-xl text-subtle transition-colors hover:bg-surface-2 hover:text-fg"
                >
                  <X className="size-5" aria-hidden />
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <section className="min-w-0 flex-1" aria-label="Conversation">
        {redirecting ? (
          <div className="flex h-full items-center justify-center" aria-busy="true" data-testid="chat-opening">
            <span className="sr-only">Opening your latest chat…</span>
            <span aria-hidden className="size-6 animate-spin rounded-full border-2 border-line border-t-brand" />
          </div>
        ) : (
          <Conversation
            key={shownId ?? `new-${location.key}`}
            chatId={shownId}
            isNew={!chatId && pendingId !== null}
            onSend={onSend}
            onAnswerAgain={onAnswerAgain}
            onNewChat={startNewChat}
            onOpenList={() => setSheetOpen(true)}
            listCollapsed={listCollapsed}
            onToggleList={toggleList}
            floating={overlays.floating ? { height: overlays.floating, left: overlays.floatingLeft } : undefined}
          />
        )}
      </section>
    </div>
  );
}

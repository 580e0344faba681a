/**
 * The chat state that outlives a screen: the answers being streamed (so an answer keeps coming
 * in while the user switches chats or the route changes from /chat to /chat/:id) and the
 * composer drafts (so nothing the user typed is lost: not on a usage limit, not on a chat
 * switch, not on a reload of the tab).
 *
 * Streamed events are folded into the TanStack cache of the chat (`["/api/chats", id]`), at
 * most once per animation frame.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { handleUsageLimitError, isUsageLimitError } from "~/features/billing";
import { HttpError, NETWORK_MESSAGES } from "~/lib/http";
import { QUERY_LIMIT_KEY, USAGE_SUMMARY_KEY } from "~/features/billing";
import { chatKeys } from "./chat-cache";
import { newChatId, openAnswerStream, readAnswerEvents } from "./chat-client";
import {
  applyStreamEvent,
  beginTurn,
  cutOffTurn,
  CUT_OFF_ERROR,
  deriveChatTitle,
  dropTurn,
  failTurn,
  patchChat,
  removeChat,
  stopTurn,
  upsertChat,
  DEFAULT_CHAT_TITLE,
  GENERIC_ANSWER_ERROR,
  type ChatDetail,
  type ChatSummary,
  type StreamEvent,
  type Turn,
  type ViewMessage,
} from "./chat-logic";

type Listener = () => void;

// ---------------------------------------------------------------------------------------------
// Streams

interface ActiveStream {
  controller: AbortController;
  turn: Turn;
}

const active = new Map<string, ActiveStream>();
const streamListeners = new Set<Listener>();

function emitStreams() {
  for (const l of streamListeners) l();
}

function subscribeStreams(listener: Listener) {
  streamListeners.add(listener);
  return () => {
    streamListeners.delete(listener);
  };
}

export function isStreaming(chatId: string | null | undefined): boolean {
  return Boolean(chatId && active.has(chatId));
}

/** Whether an answer is being written in this chat right now. */
export function useIsStreaming(chatId: string | null | undefined): boolean {
  return useSyncExternalStore(
    subscribeStreams,
    () => isStreaming(chatId),
    () => false,
  );
}

/** Stops the answer being written in this chat (what arrived stays visible). */
export function stopStream(chatId: string) {
  active.get(chatId)?.controller.abort();
}

export type SendOutcome =
  | { kind: "done" }
  /** `accepted: false` when stopped before the server took the question (it is back in the composer). */
  | { kind: "stopped"; accepted: boolean }
  /** 429 USAGE_LIMIT: the upgrade modal is open and the question is back in the composer. */
  | { kind: "usage-limit" }
  /** Refused before streaming (nothing saved) or failed while streaming; shown on the turn. */
  | { kind: "error"; message: string; accepted: boolean }
  | { kind: "busy" };

export interface SendOptions {
  chatId: string;
  content: string;
  /** The chat does not exist on the server yet: it is created by this first message. */
  isNewChat?: boolean;
  /** Where the question goes back to when it cannot be asked (the composer's draft key). */
  draftKey: string;
  /** Called once the server accepted the question (the event stream started). */
  onAccepted?: () => void;
}

function setMessages(queryClient: QueryClient, chatId: string, fn: (messages: ViewMessage[]) => ViewMessage[]) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) => (old ? { ...old, messages: fn(old.messages) } : old));
}

function setChatList(queryClient: QueryClient, fn: (chats: ChatSummary[] | undefined) => ChatSummary[]) {
  queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (old) => fn(old));
}

/**
 * Asks a question in a chat: inserts the question and an empty answer at once, streams the
 * answer into the cache, and settles the turn as done, stopped or failed. Usage counters are
 * refreshed when it ends, whatever the outcome.
 */
export async function sendMessage(queryClient: QueryClient, options: SendOptions): Promise<SendOutcome> {
  const { chatId, content, isNewChat = false, draftKey, onAccepted } = options;
  if (active.has(chatId)) return { kind: "busy" };

  const turn: Turn = { chatId, content, userKey: `local-${newChatId()}`, assistantKey: `local-${newChatId()}` };
  const now = new Date().toISOString();

  // The question shows at once; a new chat appears at the top of the list with its title.
  const existing = queryClient.getQueryData<ChatDetail>(chatKeys.detail(chatId));
  const firstMessage = !existing || existing.messages.length === 0;
  const titled = isNewChat || (firstMessage && existing?.chat.title === DEFAULT_CHAT_TITLE);
  const chat: ChatSummary = existing?.chat
    ? { ...existing.chat, updatedAt: now, title: titled ? deriveChatTitle(content) : existing.chat.title }
    : { id: chatId, title: deriveChatTitle(content), projectId: null, createdAt: now, updatedAt: now };
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), {
    chat,
    messages: beginTurn(existing?.messages ?? [], turn, now),
  });
  const previousList = queryClient.getQueryData<ChatSummary[]>(chatKeys.list());
  setChatList(queryClient, (old) => upsertChat(old, chat));

  const controller = new AbortController();
  active.set(chatId, { controller, turn });
  emitStreams();

  // Deltas arrive many times a second; render them at most once per frame.
  let queue: StreamEvent[] = [];
  let frame: number | null = null;
  const flush = () => {
    if (frame !== null) {
      cancelFrame(frame);
      frame = null;
    }
    if (!queue.length) return;
    const events = queue;
    queue = [];
    setMessages(queryClient, chatId, (messages) => events.reduce((m, e) => applyStreamEvent(m, turn, e), messages));
  };
  const enqueue = (event: StreamEvent) => {
    queue.push(event);
    if (frame === null) frame = requestFrame(flush);
  };

  let accepted = false;
  try {
    const res = await openAnswerStream(chatId, content, controller.signal);
    accepted = true;
    onAccepted?.();
    for await (const event of readAnswerEvents(res, controller.signal)) {
      if (event.type === "delta" || event.type === "summary" || event.type === "citations") {
        enqueue(event);
        continue;
      }
      enqueue(event);
      flush();
      if (event.type === "done") {
        if (event.chat) {
          const saved = event.chat;
          setChatList(queryClient, (old) => upsertChat(old, saved));
          queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) => (old ? { ...old, chat: saved } : old));
        }
        return { kind: "done" };
      }
      if (event.type === "error") return { kind: "error", message: event.error.message, accepted };
    }
    flush();
    if (controller.signal.aborted) {
      setMessages(queryClient, chatId, (m) => stopTurn(m, turn));
      return { kind: "stopped", accepted };
    }
    setMessages(queryClient, chatId, (m) => cutOffTurn(m, turn));
    return { kind: "error", message: CUT_OFF_ERROR, accepted };
  } catch (err) {
    flush();
    if (controller.signal.aborted) {
      if (!accepted && isNewChat) setChatList(queryClient, (old) => removeChat(old, chatId));
      setMessages(queryClient, chatId, (m) => (accepted ? stopTurn(m, turn) : dropTurn(m, turn)));
      if (!accepted) restoreDraft(draftKey, content);
      return { kind: "stopped", accepted };
    }
    if (!accepted && isUsageLimitError(err)) {
      // Nothing was asked: take the turn back, give the text back, offer the upgrade.
      setMessages(queryClient, chatId, (m) => dropTurn(m, turn));
      if (isNewChat) {
        // The server may keep the empty chat under this id; the next first question reuses it.
        setChatList(queryClient, (old) => removeChat(old, chatId));
      } else if (previousList) {
        const before = previousList.find((c) => c.id === chatId);
        if (before)
          setChatList(queryClient, (old) =>
            patchChat(old, chatId, { updatedAt: before.updatedAt, title: before.title }),
          );
      }
      restoreDraft(draftKey, content);
      handleUsageLimitError(err);
      return { kind: "usage-limit" };
    }
    const message = describeSendError(err);
    if (!accepted && isNewChat) setChatList(queryClient, (old) => removeChat(old, chatId));
    setMessages(queryClient, chatId, (m) =>
      failTurn(m, turn, { type: err instanceof HttpError ? (err.type ?? "INTERNAL") : "NETWORK", message }),
    );
    return { kind: "error", message, accepted };
  } finally {
    if (frame !== null) cancelFrame(frame);
    active.delete(chatId);
    emitStreams();
    void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    void queryClient.invalidateQueries({ queryKey: QUERY_LIMIT_KEY });
  }
}

/** The words to show on a failed turn: the server's message first. */
export function describeSendError(err: unknown): string {
  if (err instanceof HttpError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.status === 404) return "This chat no longer exists.";
    return GENERIC_ANSWER_ERROR;
  }
  if (err instanceof TypeError) return NETWORK_MESSAGES.network;
  return GENERIC_ANSWER_ERROR;
}

/** Removes a failed or stopped answer (and its question) before asking again. */
export function discardTurnForRetry(queryClient: QueryClient, chatId: string, assistantKey: string) {
  setMessages(queryClient, chatId, (messages) => {
    const i = messages.findIndex((m) => (m.key ?? m.id) === assistantKey);
    if (i === -1) return messages;
    const prev = messages[i - 1];
    const dropQuestion = prev && prev.role === "user" ? 1 : 0;
    return [...messages.slice(0, i - dropQuestion), ...messages.slice(i + 1)];
  });
}

const requestFrame = (fn: () => void): number =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(fn) : (setTimeout(fn, 16) as unknown as number);
const cancelFrame = (id: number) => {
  if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(id);
  else clearTimeout(id);
};

// ---------------------------------------------------------------------------------------------
// Drafts

/** The draft key of the "new chat" composer (before the chat has an id). */
export const NEW_CHAT_DRAFT = "new";
const DRAFT_STORAGE_PREFIX = "chat-draft:";

const drafts = new Map<string, string>();
const draftListeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function getDraft(key: string): string {
  const cached = drafts.get(key);
  if (cached !== undefined) return cached;
  const stored = storage()?.getItem(DRAFT_STORAGE_PREFIX + key) ?? "";
  drafts.set(key, stored);
  return stored;
}

export function setDraft(key: string, value: string) {
  if (getDraft(key) === value) return;
  drafts.set(key, value);
  try {
    const s = storage();
    if (value) s?.setItem(DRAFT_STORAGE_PREFIX + key, value);
    else s?.removeItem(DRAFT_STORAGE_PREFIX + key);
  } catch {
    // A full quota: the draft lives in memory for this tab.
  }
  for (const l of draftListeners) l();
}

/** Puts a question that could not be asked back into its composer, before anything typed since. */
export function restoreDraft(key: string, content: string) {
  const current = getDraft(key);
  setDraft(key, current.trim() ? `${content}\n\n${current}` : content);
}

function subscribeDrafts(listener: Listener) {
  draftListeners.add(listener);
  return () => {
    draftListeners.delete(listener);
  };
}

/** The composer text of a chat, kept per chat for this tab (sessionStorage). */
export function useDraft(key: string): [string, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribeDrafts,
    () => getDraft(key),
    () => "",
  );
  const set = useCallback((next: string) => setDraft(key, next), [key]);
  return [value, set];
}

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
import { QUERY_LIMIT_KEY, USAGE_SUMMARY_KEY } from "~/features/account";
import { chatKeys } from "./chat-cache";
import {
  followAnswerStream,
  newChatId,
  openAnswerStream,
  readAnswerEvents,
  stopAnswer,
  type AnswerRequest,
} from "./chat-client";
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
  showVersion,
  stopTurn,
  visibleMessages,
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
  /** The server took the question: Stop goes to the server, which saves what was written. */
  accepted: boolean;
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

/**
 * Stops the answer being written in this chat. Once the server has the question, Stop ends the
 * answer there (it saves what was written, marked stopped, and the stream ends with it); before
 * that, or if the server cannot be reached, the request is abandoned here.
 */
export function stopStream(chatId: string) {
  const stream = active.get(chatId);
  if (!stream) return;
  if (!stream.accepted) {
    stream.controller.abort();
    return;
  }
  stopAnswer(chatId).catch(() => stream.controller.abort());
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
  /** A new question (the text), or an answer again / an edited question. */
  request: AnswerRequest;
  /** The chat does not exist on the server yet: it is created by this first message. */
  isNewChat?: boolean;
  /** Where the question goes back to when it cannot be asked (the composer's draft key). */
  draftKey: string;
  /** Called once the server accepted the question (the event stream started). */
  onAccepted?: () => void;
}

function setMessages(queryClient: QueryClient, chatId: string, fn: (messages: ViewMessage[]) => ViewMessage[]) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) =>
    old ? { ...old, messages: fn(old.messages) } : old,
  );
}

function setLeaf(queryClient: QueryClient, chatId: string, leafId: string | null) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) =>
    old ? { ...old, chat: { ...old.chat, leafId } } : old,
  );
}

function setChatList(queryClient: QueryClient, fn: (chats: ChatSummary[] | undefined) => ChatSummary[]) {
  queryClient.setQueryData<ChatSummary[]>(chatKeys.list(), (old) => fn(old));
}

/** Shows another version of a message in this chat (the switcher's ‹ ›). */
export function switchVersion(queryClient: QueryClient, chatId: string, versionId: string) {
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) => (old ? showVersion(old, versionId) : old));
}

/** The last message of the shown branch that the server really holds (a failed question was taken back). */
function savedLeaf(detail: ChatDetail | undefined): string | null {
  const shown = visibleMessages(detail);
  for (let i = shown.length - 1; i >= 0; i--) {
    const m = shown[i];
    if (m.status === "error" || m.status === "sending" || m.status === "streaming" || m.id.startsWith("local-"))
      continue;
    return m.id;
  }
  return null;
}

/** The turn a request adds to the chat as it is now. */
function turnFor(detail: ChatDetail | undefined, chatId: string, request: AnswerRequest): Turn {
  const keys = { userKey: `local-${newChatId()}`, assistantKey: `local-${newChatId()}` };
  const leafBefore = detail?.chat.leafId ?? null;
  const find = (id: string) => detail?.messages.find((m) => m.id === id);
  switch (request.kind) {
    case "ask":
      return { chatId, content: request.content, ...keys, parentId: request.parentId ?? savedLeaf(detail), leafBefore };
    case "edit":
      return {
        chatId,
        content: request.content,
        ...keys,
        parentId: find(request.messageId)?.parentId ?? null,
        leafBefore,
      };
    case "regenerate": {
      const answer = find(request.messageId);
      const questionId = answer?.role === "user" ? answer.id : (answer?.parentId ?? undefined);
      return {
        chatId,
        content: (questionId && find(questionId)?.content) || "",
        ...keys,
        parentId: null,
        questionId,
        leafBefore,
      };
    }
  }
}

/**
 * Asks a question, answers one again or answers an edited one: adds the turn at once, streams
 * the answer into the cache, and settles it as done, stopped or failed. Usage counters are
 * refreshed when it ends, whatever the outcome.
 */
export async function sendMessage(queryClient: QueryClient, options: SendOptions): Promise<SendOutcome> {
  const { chatId, request, isNewChat = false, draftKey, onAccepted } = options;
  if (active.has(chatId)) return { kind: "busy" };

  const existing = queryClient.getQueryData<ChatDetail>(chatKeys.detail(chatId));
  const turn = turnFor(existing, chatId, request);
  const content = turn.content;
  const now = new Date().toISOString();

  // The question shows at once; a new chat appears at the top of the list with its title.
  const firstMessage = !existing || existing.messages.length === 0;
  const titled = isNewChat || (firstMessage && existing?.chat.title === DEFAULT_CHAT_TITLE);
  const chat: ChatSummary = existing?.chat
    ? { ...existing.chat, updatedAt: now, title: titled ? deriveChatTitle(content) : existing.chat.title }
    : { id: chatId, title: deriveChatTitle(content), projectId: null, createdAt: now, updatedAt: now };
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), {
    chat: { ...chat, leafId: turn.assistantKey },
    messages: beginTurn(existing?.messages ?? [], turn, now),
  });
  const previousList = queryClient.getQueryData<ChatSummary[]>(chatKeys.list());
  setChatList(queryClient, (old) => upsertChat(old, chat));

  const takeBack = () => {
    setMessages(queryClient, chatId, (m) => dropTurn(m, turn));
    setLeaf(queryClient, chatId, turn.leafBefore);
  };
  const outcome = await streamTurn(queryClient, turn, (signal) => openAnswerStream(chatId, request, signal), {
    onAccepted,
  });
  if (outcome.kind === "refused") {
    const { err } = outcome;
    if (isAbort(err)) {
      if (isNewChat) setChatList(queryClient, (old) => removeChat(old, chatId));
      takeBack();
      if (request.kind !== "regenerate") restoreDraft(draftKey, content);
      return { kind: "stopped", accepted: false };
    }
    if (isUsageLimitError(err)) {
      // Nothing was asked (the server creates nothing at the limit): take the turn back, give the text back, offer the upgrade.
      takeBack();
      if (isNewChat) {
        setChatList(queryClient, (old) => removeChat(old, chatId));
        queryClient.removeQueries({ queryKey: chatKeys.detail(chatId), exact: true });
      } else if (previousList) {
        const before = previousList.find((c) => c.id === chatId);
        if (before)
          setChatList(queryClient, (old) =>
            patchChat(old, chatId, { updatedAt: before.updatedAt, title: before.title }),
          );
      }
      if (request.kind !== "regenerate") restoreDraft(draftKey, content);
      handleUsageLimitError(err);
      return { kind: "usage-limit" };
    }
    const message = describeSendError(err);
    if (isNewChat) setChatList(queryClient, (old) => removeChat(old, chatId));
    setMessages(queryClient, chatId, (m) =>
      failTurn(m, turn, { type: err instanceof HttpError ? (err.type ?? "INTERNAL") : "NETWORK", message }),
    );
    return { kind: "error", message, accepted: false };
  }
  // "ended" only happens to a follow stream.
  return outcome.kind === "ended" ? { kind: "error", message: CUT_OFF_ERROR, accepted: true } : outcome;
}

/**
 * Follows an answer the server is writing that this page did not start (a reload, another tab or
 * device): the answer shows under its question and fills in from the first event.
 */
export async function followAnswer(queryClient: QueryClient, chatId: string): Promise<void> {
  if (active.has(chatId)) return;
  const detail = queryClient.getQueryData<ChatDetail>(chatKeys.detail(chatId));
  const question = visibleMessages(detail).at(-1);
  if (!detail || !question || question.role !== "user") return;
  const turn: Turn = {
    chatId,
    content: question.content,
    userKey: `local-${newChatId()}`,
    assistantKey: `local-${newChatId()}`,
    parentId: null,
    questionId: question.id,
    leafBefore: detail.chat.leafId ?? null,
  };
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), {
    chat: { ...detail.chat, leafId: turn.assistantKey },
    messages: beginTurn(detail.messages, turn, new Date().toISOString()),
  });
  const outcome = await streamTurn(queryClient, turn, (signal) => followAnswerStream(chatId, 0, signal), {
    following: true,
  });
  if (outcome.kind === "refused" || outcome.kind === "ended") {
    // Nothing to follow (it finished just now) or it could not be reached: show what the server saved.
    setMessages(queryClient, chatId, (m) => dropTurn(m, turn));
    setLeaf(queryClient, chatId, turn.leafBefore);
    await queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId), exact: true });
  }
}

type StreamOutcome = SendOutcome | { kind: "refused"; err: unknown } | { kind: "ended" };

/** How often a dropped stream is picked up again from the last event the page has. */
const RESUME_ATTEMPTS = 3;

/**
 * Reads one answer's stream into the cache, at most one render per frame. A dropped connection
 * resumes from the last event it had (GET /stream?from=); `refused` is an error before the
 * server accepted, `ended` a follow stream with nothing in it.
 */
async function streamTurn(
  queryClient: QueryClient,
  turn: Turn,
  open: (signal: AbortSignal) => Promise<Response>,
  options: { onAccepted?: () => void; following?: boolean },
): Promise<StreamOutcome> {
  const { chatId } = turn;
  const stream: ActiveStream = { controller: new AbortController(), turn, accepted: false };
  const { signal } = stream.controller;
  active.set(chatId, stream);
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

  let nextSeq = 0;
  let seen = 0;
  try {
    let res: Response;
    try {
      res = await open(signal);
    } catch (err) {
      return { kind: "refused", err };
    }
    stream.accepted = true;
    options.onAccepted?.();
    let current: Response | null = res;
    for (let attempt = 0; ; attempt++) {
      try {
        // After a drop, pick the answer up where the page is; the server kept writing it.
        current ??= await followAnswerStream(chatId, nextSeq, signal);
        for await (const event of readAnswerEvents(current, signal)) {
          seen++;
          if (event.seq !== undefined) {
            if (event.seq < nextSeq) continue; // already folded in before a resume
            nextSeq = event.seq + 1;
          }
          enqueue(event);
          if (event.type === "done" || event.type === "error") flush();
          if (event.type === "done") {
            if (event.chat) {
              const saved = event.chat;
              setChatList(queryClient, (old) => upsertChat(old, saved));
              queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) =>
                old ? { ...old, chat: saved } : old,
              );
            }
            return event.message.stopped ? { kind: "stopped", accepted: true } : { kind: "done" };
          }
          if (event.type === "error") return { kind: "error", message: event.error.message, accepted: true };
        }
        flush();
        if (options.following && seen === 0) return { kind: "ended" };
        throw new TypeError("The answer stream ended early");
      } catch (err) {
        if (signal.aborted || attempt >= RESUME_ATTEMPTS || !isDroppedConnection(err)) throw err;
        // The connection dropped mid-answer, or the follow-up request did (a network blip, a 5xx
        // while the server restarts): each counts as one attempt.
        current = null;
        await pause(400 * (attempt + 1));
      }
    }
  } catch {
    flush();
    if (signal.aborted) {
      setMessages(queryClient, chatId, (m) => stopTurn(m, turn));
      return { kind: "stopped", accepted: true };
    }
    setMessages(queryClient, chatId, (m) => cutOffTurn(m, turn));
    return { kind: "error", message: CUT_OFF_ERROR, accepted: true };
  } finally {
    if (frame !== null) cancelFrame(frame);
    active.delete(chatId);
    emitStreams();
    void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    void queryClient.invalidateQueries({ queryKey: QUERY_LIMIT_KEY });
  }
}

/** A stream that broke off, or a follow-up request the network or a restarting server lost. */
const isDroppedConnection = (err: unknown) => err instanceof TypeError || (err instanceof HttpError && err.status >= 500);

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (old) => {
    if (!old) return old;
    const answer = old.messages.find((m) => (m.key ?? m.id) === assistantKey);
    if (!answer) return old;
    // The question goes too when the server took it back (a failed new question).
    const question = old.messages.find((m) => m.id === answer.parentId);
    const dropQuestion = question?.role === "user" && question.status === "error";
    const gone = new Set([answer.id, ...(dropQuestion ? [question.id] : [])]);
    const leafId = dropQuestion ? (question.parentId ?? null) : (answer.parentId ?? null);
    return { chat: { ...old.chat, leafId }, messages: old.messages.filter((m) => !gone.has(m.id)) };
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

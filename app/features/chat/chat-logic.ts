/**
 * The chat screen's pure logic: titles, ordering, grouping and search over the chat list, and
 * how a streamed answer is folded into the message list. Plain functions over plain data, so
 * they are unit-tested without a browser (tests/unit/chat-logic.test.ts).
 */

// Spec section 9 limits and the title rule live with the server's conversation rules, so the
// browser and the API can never disagree about them.
import type { ApiMessage, Chat, Citation, ListedChat } from "~/domain/contracts/chats";
import {
  readChatStreamEvent,
  readCitations,
  type ReadChatStreamEvent,
  type UsageAfterAnswer,
} from "~/domain/contracts/chat-events";
import { CHAT_TITLE_MAX, DEFAULT_CHAT_TITLE, MESSAGE_MAX, titleFromQuestion } from "~/domain/chat/conversation";

export { CHAT_TITLE_MAX, DEFAULT_CHAT_TITLE, MESSAGE_MAX };
export type { Citation };

// The chat resource's shapes are the API contract's (app/domain/contracts/chats.ts), imported as
// types only so zod stays out of the chat page's JavaScript.
/** A chat as the API answers it. */
export type ChatSummary = Chat;
/** A chat as `GET /api/chats` lists it: with its message count and, from a search (`?q=`), the snippet that matched. */
export type ChatListItem = ListedChat;
/** A saved message: markdown content, and for answers the summary, sources, provider and whether it was stopped. */
export type ChatMessage = ApiMessage;

export interface TurnError {
  type: string;
  message: string;
}

/**
 * A message as the screen holds it: the saved message, plus what only this tab knows while a
 * turn is under way (a stable React key across the optimistic-to-saved swap, and the status).
 */
export interface ViewMessage extends ChatMessage {
  /** Stable key for rendering; survives the swap from the optimistic copy to the saved one. */
  key?: string;
  /** Absent once saved and finished. */
  status?: "sending" | "streaming" | "stopped" | "error";
  error?: TurnError;
  /** For a failed or stopped answer: the question to ask again on Retry. */
  question?: string;
}

export interface ChatDetail {
  chat: ChatSummary;
  messages: ViewMessage[];
}

export type StreamUsage = UsageAfterAnswer;

/**
 * One event of `POST /api/chats/:id/messages`' event stream, as the contract defines it, read
 * leniently: a `done` without its chat or usage still finishes the turn, and an error of a type
 * this build does not know still shows its message.
 */
export type StreamEvent = ReadChatStreamEvent;

/** The two messages one question adds: the user's and the answer being written. */
export interface Turn {
  chatId: string;
  content: string;
  userKey: string;
  assistantKey: string;
}

// ---------------------------------------------------------------------------------------------
// Titles

/** Collapses runs of whitespace (newlines included) to single spaces and trims. */
export function normalizeSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The title a first message gives a chat, shown while the first answer streams (the server's replaces it). */
export const deriveChatTitle = titleFromQuestion;

/** A rename's title, or null when it cannot be saved (blank). Longer titles are cut to 30. */
export function cleanTitle(input: string): string | null {
  const clean = normalizeSpaces(input);
  if (!clean) return null;
  return clean.slice(0, CHAT_TITLE_MAX).trimEnd();
}

// ---------------------------------------------------------------------------------------------
// The chat list

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/** Newest update first; ties keep the newer creation first, then the id for a stable order. */
export function sortChats<T extends Pick<ChatSummary, "id" | "updatedAt" | "createdAt">>(chats: readonly T[]): T[] {
  return [...chats].sort(
    (a, b) => time(b.updatedAt) - time(a.updatedAt) || time(b.createdAt) - time(a.createdAt) || (a.id < b.id ? -1 : 1),
  );
}

/** Inserts or replaces a chat (by id) and keeps the list ordered by last update. */
export function upsertChat(chats: readonly ChatSummary[] | undefined, chat: ChatSummary): ChatSummary[] {
  const rest = (chats ?? []).filter((c) => c.id !== chat.id);
  return sortChats([chat, ...rest]);
}

export function patchChat(
  chats: readonly ChatSummary[] | undefined,
  id: string,
  patch: Partial<Omit<ChatSummary, "id">>,
): ChatSummary[] {
  return sortChats((chats ?? []).map((c) => (c.id === id ? { ...c, ...patch } : c)));
}

export function removeChat(chats: readonly ChatSummary[] | undefined, id: string): ChatSummary[] {
  return (chats ?? []).filter((c) => c.id !== id);
}

/**
 * Where to go after deleting a chat (spec section 4): the active chat's deletion activates the
 * first remaining chat, or none; deleting another chat keeps the current one.
 */
export function chatAfterDelete(
  chats: readonly ChatSummary[] | undefined,
  deletedId: string,
  activeId: string | null,
): string | null {
  if (activeId !== deletedId) return activeId;
  return sortChats(removeChat(chats, deletedId))[0]?.id ?? null;
}

/** Case- and accent-insensitive match of every word of the query against the title. */
export function filterChats<T extends Pick<ChatSummary, "title">>(chats: readonly T[], query: string): T[] {
  const fold = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const words = fold(normalizeSpaces(query)).split(" ").filter(Boolean);
  if (!words.length) return [...chats];
  return chats.filter((c) => {
    const title = fold(c.title);
    return words.every((w) => title.includes(w));
  });
}

export type ChatGroupLabel = "Today" | "Yesterday" | "Previous 7 days" | "Previous 30 days" | "Older";

export interface ChatGroup<T> {
  label: ChatGroupLabel;
  chats: T[];
}

function startOfLocalDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Whole local calendar days between the update and now (0 = today; future dates count as today). */
export function daysAgo(iso: string, now: number): number {
  const today = startOfLocalDay(now);
  const day = startOfLocalDay(time(iso));
  // Round: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.max(0, Math.round((today - day) / 86_400_000));
}

export function groupLabel(iso: string, now: number): ChatGroupLabel {
  const days = daysAgo(iso, now);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return "Previous 7 days";
  if (days <= 30) return "Previous 30 days";
  return "Older";
}

/** The chats ordered by last update and grouped by how long ago (local days); empty groups left out. */
export function groupChats<T extends Pick<ChatSummary, "id" | "updatedAt" | "createdAt">>(
  chats: readonly T[],
  now: number,
): ChatGroup<T>[] {
  const groups: ChatGroup<T>[] = [];
  for (const chat of sortChats(chats)) {
    const label = groupLabel(chat.updatedAt, now);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.chats.push(chat);
    else groups.push({ label, chats: [chat] });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Turns and the event stream

/**
 * Parses one `data:` payload against the contract's event shapes (readChatStreamEvent, next to the
 * contract in app/domain/contracts/chat-events.ts); anything malformed or unknown is null (and
 * ignored by the caller). An error the server sent without words gets the generic message.
 */
export function parseStreamEvent(data: string): StreamEvent | null {
  const event = readChatStreamEvent(data);
  if (event?.type !== "error" || event.error.message) return event;
  return { type: "error", error: { type: event.error.type, message: GENERIC_ANSWER_ERROR } };
}

export const GENERIC_ANSWER_ERROR = "Something went wrong while writing the answer. Please try again.";
export const CUT_OFF_ERROR = "The connection closed before the answer was finished.";

/** Saved messages may carry the server's nulls; the screen wants absent fields instead. */
export function normalizeMessage(message: ChatMessage): ViewMessage {
  const out: ViewMessage = {
    id: message.id,
    chatId: message.chatId,
    role: message.role,
    content: message.content ?? "",
    createdAt: message.createdAt,
  };
  if (typeof message.summary === "string" && message.summary.trim()) out.summary = message.summary;
  const citations = readCitations(message.citations);
  if (citations.length) out.citations = citations;
  if (typeof message.provider === "string" && message.provider) out.provider = message.provider;
  if (message.stopped === true) out.stopped = true;
  return out;
}

/** Appends the optimistic user message and the empty answer that the stream will fill. */
export function beginTurn(messages: readonly ViewMessage[], turn: Turn, nowIso: string): ViewMessage[] {
  return [
    ...messages,
    {
      id: turn.userKey,
      key: turn.userKey,
      chatId: turn.chatId,
      role: "user",
      content: turn.content,
      createdAt: nowIso,
      status: "sending",
    },
    {
      id: turn.assistantKey,
      key: turn.assistantKey,
      chatId: turn.chatId,
      role: "assistant",
      content: "",
      createdAt: nowIso,
      status: "streaming",
      question: turn.content,
    },
  ];
}

function mapKey(messages: readonly ViewMessage[], key: string, fn: (m: ViewMessage) => ViewMessage): ViewMessage[] {
  let found = false;
  const out = messages.map((m) => {
    if (m.key !== key) return m;
    found = true;
    return fn(m);
  });
  return found ? out : (messages as ViewMessage[]);
}

/** Folds one stream event into the list. Returns the same array when nothing changed. */
export function applyStreamEvent(messages: readonly ViewMessage[], turn: Turn, event: StreamEvent): ViewMessage[] {
  switch (event.type) {
    case "user":
      return mapKey(messages, turn.userKey, () => ({ ...normalizeMessage(event.message), key: turn.userKey }));
    case "delta":
      if (!event.text) return messages as ViewMessage[];
      return mapKey(messages, turn.assistantKey, (m) => ({ ...m, content: m.content + event.text }));
    case "summary":
      return mapKey(messages, turn.assistantKey, (m) => ({ ...m, summary: event.text }));
    case "replace":
      return mapKey(messages, turn.assistantKey, (m) => ({ ...m, content: event.text }));
    case "citations":
      return mapKey(messages, turn.assistantKey, (m) => ({ ...m, citations: event.citations }));
    case "done":
      return mapKey(settleUser(messages, turn), turn.assistantKey, (local) => {
        const saved = normalizeMessage(event.message);
        return {
          ...saved,
          key: turn.assistantKey,
          // The saved answer is the truth; what streamed fills in what it leaves out.
          content: saved.content || local.content,
          ...((saved.summary ?? local.summary) ? { summary: saved.summary ?? local.summary } : {}),
          ...((saved.citations ?? local.citations) ? { citations: saved.citations ?? local.citations } : {}),
        };
      });
    case "error":
      return failTurn(messages, turn, event.error);
  }
}

/** The user's message is no longer "sending" once anything came back for it. */
function settleUser(messages: readonly ViewMessage[], turn: Turn): ViewMessage[] {
  return mapKey(messages, turn.userKey, (m) => {
    if (!m.status) return m;
    const rest = { ...m };
    delete rest.status;
    return rest;
  });
}

/** Marks the turn failed with a message to show next to a Retry button; the partial answer stays. */
export function failTurn(messages: readonly ViewMessage[], turn: Turn, error: TurnError): ViewMessage[] {
  return mapKey(settleUser(messages, turn), turn.assistantKey, (m) => ({
    ...m,
    status: "error",
    error,
    question: turn.content,
  }));
}

/** The user pressed Stop: what arrived so far stays visible. */
export function stopTurn(messages: readonly ViewMessage[], turn: Turn): ViewMessage[] {
  return mapKey(settleUser(messages, turn), turn.assistantKey, (m) =>
    m.status === "streaming" ? { ...m, status: "stopped", question: turn.content } : m,
  );
}

/** The stream ended with neither "done" nor "error": treat it as a failure with what arrived. */
export function cutOffTurn(messages: readonly ViewMessage[], turn: Turn): ViewMessage[] {
  const answer = messages.find((m) => m.key === turn.assistantKey);
  if (answer?.status !== "streaming") return messages as ViewMessage[];
  return failTurn(messages, turn, { type: "INTERNAL", message: CUT_OFF_ERROR });
}

/** Takes the turn back out (the question returns to the composer, e.g. after a usage limit). */
export function dropTurn(messages: readonly ViewMessage[], turn: Turn): ViewMessage[] {
  return messages.filter((m) => m.key !== turn.userKey && m.key !== turn.assistantKey);
}

/** The messages for display: ordered as given, with stable keys. */
export function messageKey(m: ViewMessage): string {
  return m.key ?? m.id;
}

/** Whether the last answer is still being written. */
export function isAnswerPending(messages: readonly ViewMessage[]): boolean {
  return messages.some((m) => m.status === "streaming");
}

// ---------------------------------------------------------------------------------------------
// Composer and usage

export type LengthState = "ok" | "near" | "over";

/** The composer's character feedback: shown from 90% of the limit, an error above it. */
export function lengthState(length: number, max: number = MESSAGE_MAX): LengthState {
  if (length > max) return "over";
  if (length >= Math.floor(max * 0.9)) return "near";
  return "ok";
}

/** Whether the text may be sent: not blank and within the limit. */
export function canSend(text: string, max: number = MESSAGE_MAX): boolean {
  return text.trim().length > 0 && text.length <= max;
}

/** "Each question uses 1 query · 7 left today" (the per-action cost the design asks for). */
export function usageLine(usage: { remaining: number; limit: number; loaded: boolean }): string {
  const cost = "Each question uses 1 query";
  if (!usage.loaded) return cost;
  return `${cost} · ${Math.max(0, usage.remaining).toLocaleString("en-US")} left today`;
}

/** A copy of a whole answer for the clipboard: the markdown, the summary first and sources after. */
export function answerAsText(m: Pick<ViewMessage, "content" | "summary" | "citations">): string {
  const parts: string[] = [];
  if (m.summary) parts.push(`Executive summary\n${m.summary}`);
  parts.push(m.content);
  if (m.citations?.length) {
    parts.push(
      `Sources\n${m.citations
        .map((c, i) => `${i + 1}. ${c.title} (${c.source})${c.url ? ` ${c.url}` : ""}`)
        .join("\n")}`,
    );
  }
  return parts.filter((p) => p.trim()).join("\n\n");
}

/** The host name of a source link, for display ("shop.example.com"), or null when it is not a URL. */
export function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

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
import {
  CHAT_TITLE_MAX,
  conversationPath,
  DEFAULT_CHAT_TITLE,
  MESSAGE_MAX,
  newestLeafUnder,
  titleFromQuestion,
  versionsOf,
} from "~/domain/chat/conversation";
import { lengthState as characterLengthState, type LengthState } from "~/ui/character-count";

export type { LengthState };

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

/**
 * What one answer adds: the user's question (absent when an existing question is answered again)
 * and the answer being written, placed in the chat's tree.
 */
export interface Turn {
  chatId: string;
  /** The question's text (for Retry and the composer). */
  content: string;
  userKey: string;
  assistantKey: string;
  /** The message the new question follows (null: the chat's first). */
  parentId: string | null;
  /** Regenerate or follow: the saved question this answers; no question is added. */
  questionId?: string;
  /** The branch shown before the turn began, shown again if the turn is taken back. */
  leafBefore: string | null;
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
    parentId: message.parentId ?? null,
    content: message.content ?? "",
    createdAt: message.createdAt,
  };
  if (typeof message.summary === "string" && message.summary.trim()) out.summary = message.summary;
  if (typeof message.fullResearch === "string") out.fullResearch = message.fullResearch;
  if (message.notCounted === true) out.notCounted = true;
  const citations = readCitations(message.citations);
  if (citations.length) out.citations = citations;
  if (typeof message.provider === "string" && message.provider) out.provider = message.provider;
  if (message.stopped === true) out.stopped = true;
  if (message.refund === "repeat" || message.refund === "not-what-i-asked") out.refund = message.refund;
  return out;
}

/** Appends the optimistic user message (unless a saved question is answered again) and the empty answer that the stream will fill. */
export function beginTurn(messages: readonly ViewMessage[], turn: Turn, nowIso: string): ViewMessage[] {
  const answer: ViewMessage = {
    id: turn.assistantKey,
    key: turn.assistantKey,
    chatId: turn.chatId,
    role: "assistant",
    parentId: turn.questionId ?? turn.userKey,
    content: "",
    createdAt: nowIso,
    status: "streaming",
    question: turn.content,
  };
  if (turn.questionId) return [...messages, answer];
  return [
    ...messages,
    {
      id: turn.userKey,
      key: turn.userKey,
      chatId: turn.chatId,
      role: "user",
      parentId: turn.parentId,
      content: turn.content,
      createdAt: nowIso,
      status: "sending",
    },
    answer,
  ];
}

/** The branch a chat shows: its leaf's line, oldest first (chat.leafId moves as turns begin, end or switch versions). */
export function visibleMessages(detail: Pick<ChatDetail, "chat" | "messages"> | undefined): ViewMessage[] {
  if (!detail) return [];
  return conversationPath(detail.messages, detail.chat.leafId);
}

/** The versions of a message (its siblings of one role) and its place among them. */
export function messageVersions(
  messages: readonly ViewMessage[],
  message: ViewMessage,
): { ids: string[]; index: number } {
  return versionsOf(messages, message);
}

/** Shows another version of a message: the chat's leaf moves to that version's newest line. */
export function showVersion(detail: ChatDetail, versionId: string): ChatDetail {
  return { ...detail, chat: { ...detail.chat, leafId: newestLeafUnder(detail.messages, versionId) } };
}

/** A chat as Markdown, the branch it shows: title, then each question and answer (summary, analysis, sources). */
export function chatAsMarkdown(detail: Pick<ChatDetail, "chat" | "messages">): string {
  const parts = [`# ${detail.chat.title}`];
  for (const m of visibleMessages(detail)) {
    if (m.role === "user") parts.push(`## You\n\n${m.content}`);
    else parts.push(`## Dropcraft${m.provider ? ` (${m.provider})` : ""}\n\n${answerAsMarkdown(m)}`);
  }
  return `${parts.join("\n\n")}\n`;
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
    case "user": {
      // The saved question replaces the optimistic one; the answer hangs under its real id.
      const saved = normalizeMessage(event.message);
      const withQuestion = mapKey(messages, turn.userKey, () => ({ ...saved, key: turn.userKey }));
      return mapKey(withQuestion, turn.assistantKey, (m) =>
        m.parentId === saved.id ? m : { ...m, parentId: saved.id },
      );
    }
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
          content: saved.content || (saved.stopped ? "" : local.content),
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
  // A new question is taken back by the server when its answer fails: it is shown, not saved.
  const settled = turn.questionId ? messages : mapKey(messages, turn.userKey, (m) => ({ ...m, status: "error" }));
  return mapKey(settled, turn.assistantKey, (m) => ({
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

/** The composer's character feedback (~/ui's, at the message limit by default). */
export function lengthState(length: number, max: number = MESSAGE_MAX): LengthState {
  return characterLengthState(length, max);
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

/** A whole answer as Markdown: the executive summary first, the analysis, then numbered sources. */
export function answerAsMarkdown(m: Pick<ViewMessage, "content" | "summary" | "fullResearch" | "citations">): string {
  const parts: string[] = [];
  if (m.summary) parts.push(`**Executive summary**\n\n${m.summary}`);
  parts.push(m.fullResearch ?? m.content);
  if (m.citations?.length) {
    parts.push(
      `**Sources**\n\n${m.citations.map((c, i) => `${i + 1}. ${c.title}${c.url ? ` (${c.url})` : ""}`).join("\n")}`,
    );
  }
  return parts.filter((p) => p.trim()).join("\n\n");
}

/** The same answer as plain text: Markdown marks removed, tables as lines of cells. */
export function answerAsText(m: Pick<ViewMessage, "content" | "summary" | "fullResearch" | "citations">): string {
  return markdownToPlainText(answerAsMarkdown(m));
}

/** Plain text of Markdown for the clipboard: headings, emphasis, links, code marks and table rules go; the words stay. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .split("\n")
    .filter((line) => !/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line))
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) =>
          cells
            .split("|")
            .map((c) => c.trim())
            .join("\t"),
        )
        .replace(/\[([^\]]+)\]\(#unverified\)/g, "$1 (not in the cited records)")
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1 ($2)")
        .replace(/(\*\*|__)(.+?)\1/g, "$2")
        .replace(/(^|[^*])\*(?!\s)([^*]+?)\*/g, "$1$2")
        .replace(/(^|\W)_(?!\s)([^_]+?)_(?=\W|$)/g, "$1$2")
        .replace(/`([^`]+)`/g, "$1"),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
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

/**
 * The rules of a conversation (spec sections 3 and 9), free of HTTP and storage: titles,
 * how answers are stored and what history a provider sees. Both the Worker and the browser use them.
 */
import type { ApiMessage, ChatStreamEvent, Citation } from "../contracts/chats";

/** One turn of the conversation as a provider sees it. */
export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
}

// The message shape is the chat contract's (contracts/chats.ts); these rules work on it.
export type { ApiMessage, Citation };

export const DEFAULT_CHAT_TITLE = "New Chat";
export const CHAT_TITLE_MAX = 30;
export const MESSAGE_MAX = 30_000;
/** History sent with a question: enough for follow-ups, bounded so a long chat stays cheap. */
export const HISTORY_TURNS = 12;
export const HISTORY_CHARS = 24_000;

/** A chat's title from its first question: whitespace collapsed, cut at a word within 30 characters. */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (!flat) return DEFAULT_CHAT_TITLE;
  if (flat.length <= CHAT_TITLE_MAX) return flat;
  const cut = flat.slice(0, CHAT_TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 12 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * An answer as stored in a message row's content (spec: JSON with summary, content, citations):
 * the message's own fields, with `provider` the label of the AI that wrote it and `stopped` set
 * when the user stopped it before it finished.
 */
export type StoredAnswer = Pick<ApiMessage, "content" | "summary" | "citations" | "provider" | "stopped" | "notCounted">;

export function truncateMessage(text: string): string {
  return text.length > MESSAGE_MAX ? text.slice(0, MESSAGE_MAX) : text;
}

export function encodeAnswer(answer: StoredAnswer): string {
  return JSON.stringify({ ...answer, content: truncateMessage(answer.content) });
}

/** Reads a stored row back; assistant rows written as plain text (or damaged JSON) still show. */
export function decodeMessage(row: { id: string; chatId: string; role: string; content: string; createdAt: string }): ApiMessage | null {
  if (row.role !== "user" && row.role !== "assistant") return null;
  const base = { id: row.id, chatId: row.chatId, role: row.role, createdAt: row.createdAt } as const;
  if (row.role === "user" || !row.content.startsWith("{")) return { ...base, content: row.content };
  try {
    const parsed = JSON.parse(row.content) as Partial<StoredAnswer>;
    if (typeof parsed.content !== "string") return { ...base, content: row.content };
    return {
      ...base,
      content: parsed.content,
      ...(typeof parsed.summary === "string" ? { summary: parsed.summary } : {}),
      ...(Array.isArray(parsed.citations) ? { citations: parsed.citations } : {}),
      ...(typeof parsed.provider === "string" ? { provider: parsed.provider } : {}),
      ...(parsed.stopped ? { stopped: true } : {}),
    };
  } catch {
    return { ...base, content: row.content };
  }
}

/** The turns a provider sees: the most recent ones that fit the budget, oldest first, ending with the question. */
export function historyForProvider(messages: ApiMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let chars = 0;
  for (let i = messages.length - 1; i >= 0 && turns.length < HISTORY_TURNS; i--) {
    const m = messages[i];
    if (!m.content.trim()) continue;
    if (turns.length > 0 && chars + m.content.length > HISTORY_CHARS) break;
    chars += m.content.length;
    turns.unshift({ role: m.role, content: m.content });
  }
  // A provider expects the conversation to open with the user.
  while (turns.length > 1 && turns[0].role !== "user") turns.shift();
  return turns;
}

/** What a provider's answer adds as it streams: the contract's delta, summary and citations events. */
export type AnswerEvent = Extract<ChatStreamEvent, { type: "delta" | "summary" | "citations" }>;


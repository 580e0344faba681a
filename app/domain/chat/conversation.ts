/**
 * The rules of a conversation (spec sections 3 and 9), free of HTTP and storage: titles,
 * how answers are stored and what history a provider sees. Both the Worker and the browser use them.
 */
import { parseMemory, type AnalystMemory } from "./analyst-memory";
import type { ApiMessage, ChatStreamEvent, Citation } from "../contracts/chats";

/** One turn of the conversation as a provider sees it. */
export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
  /** On an assistant turn: what the analyst remembered after writing it (analyst-memory.ts). */
  memory?: AnalystMemory;
}

// The message shape is the chat contract's (contracts/chats.ts); these rules work on it.
export type { ApiMessage, Citation };

export const DEFAULT_CHAT_TITLE = "New Chat";
export const CHAT_TITLE_MAX = 30;
export const MESSAGE_MAX = 30_000;
/** History sent with a question: enough for follow-ups, bounded so a long chat stays cheap. */
export const HISTORY_TURNS = 12;
export const HISTORY_CHARS = 24_000;

/** A chat's title from its first question (spec section 4): whitespace collapsed, cut to 30 characters with '...' at the end. */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (!flat) return DEFAULT_CHAT_TITLE;
  if (flat.length <= CHAT_TITLE_MAX) return flat;
  return `${flat.slice(0, CHAT_TITLE_MAX).trimEnd()}...`;
}

/**
 * An answer as it is produced and saved: its text (for a research answer, the full analysis),
 * the executive summary when it has one, citations, the label of the AI that wrote it, `stopped`
 * when the user stopped it and `notCounted` when its query was refunded.
 */
export interface StoredAnswer {
  content: string;
  summary?: string;
  citations?: Citation[];
  provider?: string;
  stopped?: boolean;
  notCounted?: boolean;
  /** The analyst's memory after this answer; stored with it, never shown. */
  memory?: AnalystMemory;
  /** Why a written answer was not charged (with notCounted). */
  refund?: "repeat" | "not-what-i-asked";
}

/** The spec's storage marker for content cut at MESSAGE_MAX characters. */
export const TRUNCATION_MARKER = "... [truncated for storage]";

export function truncateMessage(text: string): string {
  return text.length > MESSAGE_MAX ? text.slice(0, MESSAGE_MAX - TRUNCATION_MARKER.length) + TRUNCATION_MARKER : text;
}

/**
 * The spec's stored JSON (section 3): a research answer (one with an executive summary) keeps
 * `summary: {executiveSummary}` and its analysis as `fullResearch`, with `content` empty; any
 * other answer keeps its text as `content`. Both carry citations and isPerplexity.
 */
export function encodeAnswer(answer: StoredAnswer): string {
  const extras = {
    citations: answer.citations ?? [],
    isPerplexity: false,
    ...(answer.provider ? { provider: answer.provider } : {}),
    ...(answer.stopped ? { stopped: true } : {}),
    ...(answer.notCounted ? { notCounted: true } : {}),
    ...(answer.refund ? { refund: answer.refund } : {}),
    ...(answer.memory ? { analystMemory: answer.memory } : {}),
  };
  if (answer.summary?.trim()) {
    return JSON.stringify({
      summary: { executiveSummary: truncateMessage(answer.summary) },
      fullResearch: truncateMessage(answer.content),
      content: "",
      ...extras,
    });
  }
  return JSON.stringify({ content: truncateMessage(answer.content), ...extras });
}

/** The spec's fallback text for a stored research answer whose content is empty. */
export function researchFallback(executiveSummary: string): string {
  return `Executive Summary: ${executiveSummary}\n\nThis summary comes from comprehensive market research. Select 'View Full Analysis' for the details.`;
}

type StoredRow = { id: string; chatId: string; role: string; content: string; createdAt: string; parentId?: string | null };

/** Reads a stored row back; assistant rows written as plain text (or damaged JSON) still show. */
export function decodeMessage(row: StoredRow): ApiMessage | null {
  if (row.role !== "user" && row.role !== "assistant") return null;
  const base = { id: row.id, chatId: row.chatId, role: row.role, parentId: row.parentId ?? null, createdAt: row.createdAt } as const;
  if (row.role === "user" || !row.content.startsWith("{")) return { ...base, content: row.content };
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(row.content) as Record<string, unknown>;
  } catch {
    return { ...base, content: row.content };
  }
  // Rows from before the spec's format kept the summary as text.
  const summaryField = parsed.summary;
  const summary =
    typeof summaryField === "string"
      ? summaryField
      : typeof summaryField === "object" && summaryField !== null && typeof (summaryField as { executiveSummary?: unknown }).executiveSummary === "string"
        ? (summaryField as { executiveSummary: string }).executiveSummary
        : undefined;
  const fullResearch = typeof parsed.fullResearch === "string" ? parsed.fullResearch : undefined;
  const content = typeof parsed.content === "string" ? parsed.content : undefined;
  if (content === undefined && fullResearch === undefined) return { ...base, content: row.content };
  return {
    ...base,
    content: content?.trim() ? content : summary ? researchFallback(summary) : (content ?? ""),
    ...(summary ? { summary } : {}),
    ...(fullResearch !== undefined ? { fullResearch } : {}),
    ...(Array.isArray(parsed.citations) ? { citations: parsed.citations as Citation[] } : {}),
    ...(typeof parsed.provider === "string" ? { provider: parsed.provider } : {}),
    ...(parsed.stopped ? { stopped: true } : {}),
    ...(parsed.notCounted ? { notCounted: true } : {}),
    ...(parsed.refund === "repeat" || parsed.refund === "not-what-i-asked" ? { refund: parsed.refund } : {}),
  };
}

/** The analyst's memory stored with an assistant row, if any. */
export function memoryOfRow(content: string): AnalystMemory | undefined {
  if (!content.startsWith("{")) return undefined;
  try {
    return parseMemory((JSON.parse(content) as { analystMemory?: unknown }).analystMemory);
  } catch {
    return undefined;
  }
}

/** The text of a message a reader (or a model) reads: a research answer's full analysis, else its content. */
export function messageText(message: Pick<ApiMessage, "content" | "fullResearch">): string {
  return message.fullResearch ?? message.content;
}

// ---------------------------------------------------------------------------------------------
// Versions: messages form a tree (parentId); the chat shows one branch, ending at its leaf
// ---------------------------------------------------------------------------------------------

type TreeMessage = Pick<ApiMessage, "id" | "parentId" | "role" | "createdAt">;

/** Children of each message (key "" for the roots), oldest first as the list gives them. */
function childrenOf<M extends TreeMessage>(messages: readonly M[]): Map<string, M[]> {
  const children = new Map<string, M[]>();
  for (const m of messages) {
    const key = m.parentId ?? "";
    const list = children.get(key);
    if (list) list.push(m);
    else children.set(key, [m]);
  }
  return children;
}

/** The newest leaf under `id`, taking the newest child at every step (a fresh version shows its own newest line). */
export function newestLeafUnder<M extends TreeMessage>(messages: readonly M[], id: string): string {
  const children = childrenOf(messages);
  let current = id;
  for (let next = children.get(current); next?.length; next = children.get(current)) current = next[next.length - 1].id;
  return current;
}

/**
 * The branch the chat shows, oldest first: from the root to `leafId`. An unknown or missing leaf
 * shows the newest line. Messages must be in creation order.
 */
export function conversationPath<M extends TreeMessage>(messages: readonly M[], leafId: string | null | undefined): M[] {
  if (messages.length === 0) return [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const roots = messages.filter((m) => !m.parentId || !byId.has(m.parentId));
  const leaf = leafId && byId.has(leafId) ? leafId : newestLeafUnder(messages, roots[roots.length - 1].id);
  const path: M[] = [];
  const seen = new Set<string>();
  for (let m = byId.get(leaf); m && !seen.has(m.id); m = m.parentId ? byId.get(m.parentId) : undefined) {
    seen.add(m.id);
    path.unshift(m);
  }
  return path;
}

/** The versions of a message: its siblings of the same role, oldest first, with its own place among them. */
export function versionsOf<M extends TreeMessage>(messages: readonly M[], message: M): { ids: string[]; index: number } {
  const ids = messages.filter((m) => (m.parentId ?? null) === (message.parentId ?? null) && m.role === message.role).map((m) => m.id);
  return { ids, index: ids.indexOf(message.id) };
}

/** The turns a provider sees: the most recent ones of the branch that fit the budget, oldest first, ending with the question. */
export function historyForProvider(messages: ApiMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let chars = 0;
  for (let i = messages.length - 1; i >= 0 && turns.length < HISTORY_TURNS; i--) {
    const m = messages[i];
    const text = messageText(m);
    if (!text.trim()) continue;
    if (turns.length > 0 && chars + text.length > HISTORY_CHARS) break;
    chars += text.length;
    turns.unshift({ role: m.role, content: text });
  }
  // A provider expects the conversation to open with the user.
  while (turns.length > 1 && turns[0].role !== "user") turns.shift();
  return turns;
}

/** What a provider's answer adds as it streams: the contract's delta, summary, replace and citations events. */
export type AnswerEvent = Extract<ChatStreamEvent, { type: "delta" | "summary" | "replace" | "citations" }>;


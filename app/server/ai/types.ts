/**
 * The contract every AI text provider meets: the embedded analyst (offline default) and the
 * OpenAI-compatible adapter. The chat API streams whatever a provider yields to the browser, so
 * a provider never knows about HTTP, metering or storage.
 */
import type { AnalystMemory } from "~/domain/chat/analyst-memory";
import type { ChatTurn, Citation } from "~/domain/chat/conversation";
import type { OwnProduct } from "./merchant/own-products";

export type { ChatTurn, Citation };

/** A knowledge-base passage retrieved for the question (BM25 over the project's files). */
export interface ProjectPassage {
  id: number;
  fileId: string;
  fileName: string;
  /** The passage's place in its file, from 0. */
  position: number;
  text: string;
}

/** A canon entry as providers read it. */
export interface ProjectCanonEntry {
  path: string;
  value: string | number | boolean | string[] | null;
  source: "user" | "research" | "ai";
}

/**
 * The project a chat belongs to, as its answer needs it: the merchant's instructions, the canon
 * (brand voice, audience, pricing…) and the passages of its files that best match the question.
 * Plain data: it travels with the answer's job to the chat's Durable Object.
 */
export interface ProjectContext {
  id: string;
  name: string;
  instructions: string;
  canon: ProjectCanonEntry[];
  passages: ProjectPassage[];
}

export interface ReplyRequest {
  /** The conversation so far, oldest first; the last turn is the user's new question. */
  messages: ChatTurn[];
  /** Set when the chat belongs to a project: every answer uses it. */
  project?: ProjectContext;
  /** The merchant's imported products (newest first): a question naming one is answered from its record and figures. */
  ownProducts?: OwnProduct[];
  signal?: AbortSignal;
}

export type ReplyEvent =
  /** The next piece of the answer's markdown, in order. */
  | { type: "delta"; text: string }
  /** Sources behind the answer; sent at most once, after the text. */
  | { type: "citations"; citations: Citation[] }
  /** Replaces the answer text streamed so far with its validated version (numbers checked, citations kept). */
  | { type: "replace"; text: string }
  /** A one-paragraph executive summary of a research answer; at most once. */
  | { type: "summary"; text: string }
  /**
   * The answer found nothing to answer with (a refusal, a "couldn't find", an empty or nonsense
   * question): it is still shown and saved, but the query is refunded and the answer marked
   * "not counted". At most once, before the stream ends.
   */
  | { type: "unanswered"; reason: UnansweredReason }
  /** What the provider remembers of the conversation after this answer: saved with it, not streamed. */
  | { type: "memory"; memory: AnalystMemory };

export type UnansweredReason = "no-match" | "refusal" | "empty" | "out-of-scope";

export interface ChatProvider {
  /** Stable id stored with each answer, e.g. "analyst" or "openai:gpt-4o-mini". */
  readonly id: string;
  /** What the UI shows as the answer's author, e.g. "Built-in analyst (offline)". */
  readonly label: string;
  /**
   * Streams the answer. Throws an AppError ("UNAVAILABLE") when the provider cannot answer, so
   * the caller refunds the reserved query; never yields after throwing.
   */
  reply(request: ReplyRequest): AsyncIterable<ReplyEvent>;
}

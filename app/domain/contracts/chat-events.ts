/**
 * The chat answer stream's events read back, next to their contract (ChatStreamEventSchema in
 * ./chats.ts) but without zod: this is what the chat page runs on every event, and importing the
 * schema would put zod and every chat schema into its JavaScript for one parse per event.
 *
 * It is derived from the contract, not a second description of it:
 * - every type here is the contract's (type-only import, erased from the bundle);
 * - READERS has exactly one reader per event type of the contract, so a new event type is a
 *   compile error here until it is read;
 * - a unit test (tests/unit/domain/chat-events.test.ts) holds that for any event the schema
 *   accepts this returns what the schema's parse returns, and that it refuses what the schema
 *   refuses for want of a required field.
 *
 * It is deliberately more forgiving than the schema in three places, so that an older page can
 * read a newer server's stream: a bad citation is dropped rather than the whole event, `done`
 * still finishes the turn without its chat, usage or counted flag, and an error of a type this build does not
 * know still carries its message.
 */
import type { ApiMessage, Chat, ChatStreamEvent, Citation, CitedRecord, CitedRecordKind } from "./chats";

type ContractEvent<T extends ChatStreamEvent["type"]> = Extract<ChatStreamEvent, { type: T }>;

/** What a question cost, as `done` reports it. */
export type UsageAfterAnswer = ContractEvent<"done">["usage"];

/** An event as read: the contract's own, with the leniencies above on `done` and `error`. */
export type ReadChatStreamEvent =
  | ContractEvent<"user" | "delta" | "summary" | "replace" | "citations">
  | { type: "done"; message: ApiMessage; chat?: Chat; usage?: UsageAfterAnswer; counted?: boolean }
  | { type: "error"; error: { type: string; message: string } };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isInt = (value: unknown): value is number => Number.isInteger(value);

const RECORD_KINDS: readonly string[] = ["product", "ad", "store", "niche", "passage", "canon"] satisfies CitedRecordKind[];

function readRecord(value: unknown): CitedRecord | null {
  if (!isObject(value) || !isString(value.id) || !isString(value.kind) || !RECORD_KINDS.includes(value.kind)) return null;
  return { kind: value.kind as CitedRecordKind, id: value.id };
}

function readCitation(value: unknown): Citation | null {
  if (!isObject(value) || !isString(value.title) || !isString(value.source)) return null;
  if (value.url !== undefined && !isString(value.url)) return null;
  const record = readRecord(value.record);
  return { title: value.title, source: value.source, ...(value.url !== undefined ? { url: value.url } : {}), ...(record ? { record } : {}) };
}

/** The well-formed citations of a list (anything else in it is dropped); [] for a non-list. */
export function readCitations(value: unknown): Citation[] {
  return Array.isArray(value) ? value.map(readCitation).filter((c) => c !== null) : [];
}

/** A message with every field the contract requires; optional fields of the wrong type are left out. */
function readMessage(value: unknown): ApiMessage | null {
  if (!isObject(value)) return null;
  const { id, chatId, role, parentId, content, createdAt, summary, fullResearch, citations, provider, stopped, notCounted } = value;
  if (!isString(id) || !isString(chatId) || !isString(content) || !isString(createdAt)) return null;
  if (role !== "user" && role !== "assistant") return null;
  return {
    id,
    chatId,
    role,
    ...(parentId === null || isString(parentId) ? { parentId } : {}),
    content,
    ...(isString(summary) ? { summary } : {}),
    ...(isString(fullResearch) ? { fullResearch } : {}),
    ...(Array.isArray(citations) ? { citations: readCitations(citations) } : {}),
    ...(isString(provider) ? { provider } : {}),
    ...(typeof stopped === "boolean" ? { stopped } : {}),
    ...(typeof notCounted === "boolean" ? { notCounted } : {}),
    createdAt,
  };
}

function readChat(value: unknown): Chat | null {
  if (!isObject(value)) return null;
  const { id, title, projectId, leafId, answering, createdAt, updatedAt } = value;
  if (!isString(id) || !isString(title) || !isString(createdAt) || !isString(updatedAt)) return null;
  if (projectId !== null && !isString(projectId)) return null;
  return {
    id,
    title,
    projectId,
    ...(leafId === null || isString(leafId) ? { leafId } : {}),
    ...(typeof answering === "boolean" ? { answering } : {}),
    createdAt,
    updatedAt,
  };
}

function readUsage(value: unknown): UsageAfterAnswer | null {
  if (!isObject(value) || !isInt(value.used) || !isInt(value.limit) || !isInt(value.remaining)) return null;
  return { used: value.used, limit: value.limit, remaining: value.remaining };
}

/** One reader per event type of the contract: the mapped type refuses a missing or extra one. */
const READERS: { [T in ChatStreamEvent["type"]]: (raw: Json) => Extract<ReadChatStreamEvent, { type: T }> | null } = {
  user: (raw) => {
    const message = readMessage(raw.message);
    return message && { type: "user", message };
  },
  delta: (raw) => (isString(raw.text) ? { type: "delta", text: raw.text } : null),
  summary: (raw) => (isString(raw.text) ? { type: "summary", text: raw.text } : null),
  replace: (raw) => (isString(raw.text) ? { type: "replace", text: raw.text } : null),
  citations: (raw) => ({ type: "citations", citations: readCitations(raw.citations) }),
  done: (raw) => {
    const message = readMessage(raw.message);
    if (!message) return null;
    const chat = readChat(raw.chat);
    const usage = readUsage(raw.usage);
    return {
      type: "done",
      message,
      ...(chat ? { chat } : {}),
      ...(usage ? { usage } : {}),
      ...(typeof raw.counted === "boolean" ? { counted: raw.counted } : {}),
    };
  },
  error: (raw) => {
    const error = isObject(raw.error) ? raw.error : {};
    return {
      type: "error",
      error: { type: isString(error.type) ? error.type : "INTERNAL", message: isString(error.message) ? error.message : "" },
    };
  },
};

/** The event types of the contract, in the order it lists them. */
export const CHAT_STREAM_EVENT_TYPES = Object.keys(READERS) as ChatStreamEvent["type"][];

/**
 * Reads one `data:` payload of the chat answer stream. Null for anything that is not JSON, not an
 * event of the contract, or lacks what its type requires (the caller skips it). An error's
 * message is "" when the server sent none, so the page can put its own words there.
 */
export function readChatStreamEvent(data: string): ReadChatStreamEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(raw) || !isString(raw.type) || !Object.prototype.hasOwnProperty.call(READERS, raw.type)) return null;
  const read = READERS[raw.type as ChatStreamEvent["type"]] as (raw: Json) => ReadChatStreamEvent | null;
  return read(raw);
}

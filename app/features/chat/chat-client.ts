/**
 * The browser's chat API client (functions/chats.ts): the query keys, the list and detail
 * fetches, create/rename/delete, and the streamed answer of `POST /api/chats/:id/messages`.
 * Everything goes through the one request client (`~/lib/http`); the stream is read with the
 * shared SSE reader (`~/domain/sse`).
 */
import type { ChatEnvelope, ChatList, ChatsDeleted, ChatWithMessages, CreateChatBody, NotWhatIAskedAnswer } from "~/domain/contracts/chats";
import { readSseEvents } from "~/domain/sse";
import { apiRequest, buildHeaders, getQueryFn, throwIfResNotOk } from "~/lib/http";
import {
  normalizeMessage,
  parseStreamEvent,
  sortChats,
  type ChatDetail,
  type ChatListItem,
  type ChatSummary,
  type StreamEvent,
} from "./chat-logic";
import { chatKeys } from "./chat-cache";

const chatUrl = (id: string) => `/api/chats/${encodeURIComponent(id)}`;

/** All of the user's chats, newest update first. */
export async function fetchChats({ signal }: { signal?: AbortSignal } = {}): Promise<ChatSummary[]> {
  const body = await getQueryFn<ChatList>({ on401: "throw" })({ queryKey: chatKeys.list(), signal });
  return sortChats(body?.chats ?? []);
}

/** Every chat with its message count, or with `q` the chats whose title or messages contain it (`GET /api/chats?q=`). */
export async function fetchChatHistory(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChatListItem[]> {
  const url = q ? `/api/chats?q=${encodeURIComponent(q)}` : "/api/chats";
  const body = await getQueryFn<ChatList>({ on401: "throw" })({ queryKey: [url], signal });
  return (body?.chats ?? []).map((c) => ({
    ...c,
    messageCount: typeof c.messageCount === "number" ? c.messageCount : 0,
  }));
}

/** One chat and its messages (404 `NOT_FOUND` for an unknown chat or another user's). */
export async function fetchChat(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChatDetail> {
  const body = await getQueryFn<ChatWithMessages>({ on401: "throw" })({
    queryKey: [chatUrl(id)],
    signal,
  });
  return { chat: body!.chat, messages: (body!.messages ?? []).map(normalizeMessage) };
}

export async function createChat(input: CreateChatBody): Promise<ChatSummary> {
  const res = await apiRequest("POST", "/api/chats", input);
  return ((await res.json()) as ChatEnvelope).chat;
}

export async function renameChat(id: string, title: string): Promise<ChatSummary> {
  const res = await apiRequest("PATCH", chatUrl(id), { title });
  return ((await res.json()) as ChatEnvelope).chat;
}

export async function deleteChat(id: string): Promise<void> {
  await apiRequest("DELETE", chatUrl(id));
}

/** Deletes every chat of the signed-in user (`DELETE /api/chats`); resolves with how many were deleted. */
export async function deleteAllChats(): Promise<number> {
  const res = await apiRequest("DELETE", "/api/chats");
  return ((await res.json()) as Partial<ChatsDeleted>).deleted ?? 0;
}

/** What an answer is for: a new question (after a message), a question answered again, or an edited question. */
export type AnswerRequest =
  | { kind: "ask"; content: string; parentId?: string | null }
  | { kind: "regenerate"; messageId: string }
  | { kind: "edit"; messageId: string; content: string };

function answerEndpoint(chatId: string, request: AnswerRequest): { method: string; url: string; body?: unknown } {
  const messageUrl = (id: string) => `${chatUrl(chatId)}/messages/${encodeURIComponent(id)}`;
  switch (request.kind) {
    case "ask":
      return {
        method: "POST",
        url: `${chatUrl(chatId)}/messages`,
        body: { content: request.content, ...(request.parentId ? { parentId: request.parentId } : {}) },
      };
    case "regenerate":
      return { method: "POST", url: `${messageUrl(request.messageId)}/regenerate` };
    case "edit":
      return { method: "PATCH", url: messageUrl(request.messageId), body: { content: request.content } };
  }
}

async function openEventStream(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const headers = buildHeaders(body !== undefined);
  headers.set("Accept", "text/event-stream, application/json");
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    cache: "no-store",
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * Starts an answer. Resolves once the server accepted it (200, the event stream begins);
 * errors answered before streaming throw the request client's `HttpError` (status, body,
 * taxonomy type and message), so a 429 `USAGE_LIMIT` can go to the upgrade modal as it is.
 */
export function openAnswerStream(chatId: string, request: AnswerRequest, signal?: AbortSignal): Promise<Response> {
  const { method, url, body } = answerEndpoint(chatId, request);
  return openEventStream(method, url, body, signal);
}

/** Follows the answer being written in a chat from its `from`-th event (`GET /api/chats/:id/stream`); ends at once when none is. */
export function followAnswerStream(chatId: string, from: number, signal?: AbortSignal): Promise<Response> {
  return openEventStream("GET", `${chatUrl(chatId)}/stream?from=${from}`, undefined, signal);
}

/** Stops the answer being written, on the server (`POST /api/chats/:id/stop`); resolves with whether one was running. */
export async function stopAnswer(chatId: string): Promise<boolean> {
  const res = await apiRequest("POST", `${chatUrl(chatId)}/stop`);
  return Boolean(((await res.json()) as { stopped?: boolean }).stopped);
}

/** The answer's events in order, each with its position (the SSE id); malformed or unknown events are skipped. */
export async function* readAnswerEvents(
  res: Response,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent & { seq?: number }> {
  if (!res.body) return;
  for await (const event of readSseEvents(res.body, signal)) {
    const parsed = parseStreamEvent(event.data);
    const seq = event.id === undefined ? NaN : Number(event.id);
    if (parsed) yield Number.isInteger(seq) ? { ...parsed, seq } : parsed;
  }
}

/** A random uuid for a chat created in the browser (crypto.randomUUID needs a secure context). */
export function newChatId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** "Not what I asked": records the case for review; the query comes back up to three times a day. */
export async function markNotWhatIAsked(chatId: string, messageId: string): Promise<NotWhatIAskedAnswer["data"]> {
  const res = await apiRequest("POST", `${chatUrl(chatId)}/messages/${encodeURIComponent(messageId)}/not-what-i-asked`);
  return ((await res.json()) as NotWhatIAskedAnswer).data;
}


/**
 * The browser's chat API client (functions/chats.ts): the query keys, the list and detail
 * fetches, create/rename/delete, and the streamed answer of `POST /api/chats/:id/messages`.
 * Everything goes through the one request client (`~/lib/http`); the stream is read with the
 * shared SSE reader (`~/domain/sse`).
 */
import type { ChatEnvelope, ChatList, ChatsDeleted, ChatWithMessages, CreateChatBody } from "~/domain/contracts/chats";
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
  return (body?.chats ?? []).map((c) => ({ ...c, messageCount: typeof c.messageCount === "number" ? c.messageCount : 0 }));
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

/**
 * Sends a question. Resolves once the server accepted it (200, the event stream begins);
 * errors answered before streaming throw the request client's `HttpError` (status, body,
 * taxonomy type and message), so a 429 `USAGE_LIMIT` can go to the upgrade modal as it is.
 */
export async function openAnswerStream(chatId: string, content: string, signal?: AbortSignal): Promise<Response> {
  const headers = buildHeaders(true);
  headers.set("Accept", "text/event-stream, application/json");
  const res = await fetch(`${chatUrl(chatId)}/messages`, {
    method: "POST",
    headers,
    body: JSON.stringify({ content }),
    credentials: "same-origin",
    cache: "no-store",
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** The answer's events in order; malformed or unknown events are skipped. */
export async function* readAnswerEvents(res: Response, signal?: AbortSignal): AsyncGenerator<StreamEvent> {
  if (!res.body) return;
  for await (const event of readSseEvents(res.body, signal)) {
    const parsed = parseStreamEvent(event.data);
    if (parsed) yield parsed;
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

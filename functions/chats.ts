/** The chat API: validate with the chat contract, call the chat service, stream the answer. */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AskSchema,
  ChatDeletedSchema,
  ChatEnvelopeSchema,
  ChatIdSchema,
  ChatListQuerySchema,
  ChatListSchema,
  ChatsDeletedSchema,
  ChatWithMessagesSchema,
  CreateChatSchema,
  RenameChatSchema,
  type ChatStreamEvent,
} from "~/domain/contracts/chats";
import { encodeSseEvent } from "~/domain/sse";
import { chatProviderFor } from "~/server/ai/provider";
import {
  answerQuestion,
  askQuestion,
  chatDepsFor,
  createChat,
  deleteEveryChat,
  deleteOwnChat,
  getChat,
  listChats,
  renameOwnChat,
  type AskedQuestion,
} from "~/server/chat/service";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: ChatIdSchema });
const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such chat", ...json(ErrorSchema) },
};

export const chats = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/chats",
      summary: "The caller's chats, most recently updated first, with message counts; q searches titles and messages",
      request: { query: ChatListQuerySchema },
      responses: { 200: { description: "Chats", ...json(ChatListSchema) }, ...errors },
    }),
    async (c) => c.json({ chats: await listChats(c.var.db, requireCaller(c).user.id, c.req.valid("query").q) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats",
      summary: "Start a chat (the client may choose its uuid)",
      request: body(CreateChatSchema),
      responses: { 201: { description: "Created", ...json(ChatEnvelopeSchema) }, 409: { description: "Id in use", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => c.json({ chat: await createChat(c.var.db, requireCaller(c).user.id, c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/chats/{id}",
      summary: "A chat and its messages, oldest first",
      request: { params: IdParam },
      responses: { 200: { description: "Chat", ...json(ChatWithMessagesSchema) }, ...errors },
    }),
    async (c) => c.json(await getChat(c.var.db, requireCaller(c).user.id, c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/chats/{id}",
      summary: "Rename a chat",
      request: { params: IdParam, ...body(RenameChatSchema) },
      responses: { 200: { description: "Renamed", ...json(ChatEnvelopeSchema) }, ...errors },
    }),
    async (c) => c.json({ chat: await renameOwnChat(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, c.req.valid("json").title) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/chats/{id}",
      summary: "Delete a chat and its messages",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(ChatDeletedSchema) }, ...errors },
    }),
    async (c) => {
      await deleteOwnChat(c.var.db, requireCaller(c).user.id, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/chats",
      summary: "Delete every chat of the caller",
      responses: { 200: { description: "Deleted", ...json(ChatsDeletedSchema) }, ...errors },
    }),
    async (c) => c.json({ deleted: await deleteEveryChat(c.var.db, requireCaller(c).user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats/{id}/messages",
      summary: "Ask a question; the answer streams back as Server-Sent Events (uses 1 query)",
      description:
        "Creates the chat when the id is new. Limits and validation answer JSON errors before the stream starts; " +
        "a chat answers one question at a time (409 while it is answering). " +
        "Events: user, delta*, summary?, citations?, then done (saved answer, chat, usage) or error (query refunded).",
      request: { params: IdParam, ...body(AskSchema) },
      responses: {
        200: { description: "The answer stream", content: { "text/event-stream": { schema: z.string() } } },
        409: { description: "The chat is still answering (CONFLICT)", ...json(ErrorSchema) },
        429: { description: "Daily query limit reached (USAGE_LIMIT) or too many requests (RATE_LIMITED)", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const asked = await askQuestion(chatDepsFor(c.env, c.var.db), requireCaller(c).user.id, id, c.req.valid("json").content);
      return answerAsEventStream(c, asked);
    },
  );

/** The answer as text/event-stream. The work runs under waitUntil: it is saved and settled even if the reader leaves. */
function answerAsEventStream(c: Context<ApiEnv>, asked: AskedQuestion): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const send = (event: ChatStreamEvent) => writer.write(encodeSseEvent({ data: event }));
  const log = c.var.log;
  const finished = answerQuestion({ db: c.var.db, provider: chatProviderFor(c.var.config), log }, asked, send)
    .catch((err: unknown) => log.error("chat stream failed", { err }))
    .finally(() => writer.close().catch(() => {}));
  c.executionCtx.waitUntil(finished);
  return new Response(readable, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}

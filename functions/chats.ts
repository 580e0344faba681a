import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { chatProviderFor } from "~/server/ai/provider";
import { streamAnswer, type ChatStreamEvent } from "~/server/chat/answer-stream";
import {
  CHAT_TITLE_MAX,
  DEFAULT_CHAT_TITLE,
  decodeMessage,
  encodeAnswer,
  historyForProvider,
  MESSAGE_MAX,
  titleFromQuestion,
  type ApiMessage,
} from "~/domain/chat/conversation";
import { messageSnippet, SEARCH_QUERY_MAX } from "~/domain/chat/search";
import { AppError } from "~/domain/errors";
import type { User } from "../db/schema";
import {
  appendMessage,
  chatIdTaken,
  deleteAllChats,
  deleteChat,
  deleteMessage,
  findChat,
  insertChat,
  listChatsWithCounts,
  listMessages,
  projectOwnedBy,
  renameChat,
  searchChats,
} from "../db/chats";
import { createRouter, type ApiEnv } from "./context";
import { reserveUsage } from "./meter";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { enforceRateLimit } from "./services";
import { requireCaller } from "./session";

const ChatSchema = z
  .object({ id: z.string(), title: z.string(), projectId: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() })
  .openapi("Chat");
const ListedChatSchema = ChatSchema.extend({
  messageCount: z.number().int(),
  match: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "With q: about 120 characters around the first hit in a message; null when only the title matched" }),
}).openapi("ListedChat");
const CitationSchema = z.object({ title: z.string(), source: z.string(), url: z.string().optional() });
const MessageSchema = z
  .object({
    id: z.string(),
    chatId: z.string(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    summary: z.string().optional(),
    citations: z.array(CitationSchema).optional(),
    provider: z.string().optional(),
    stopped: z.boolean().optional(),
    createdAt: z.string(),
  })
  .openapi("Message");

const chatId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "id must be 1 to 64 letters, digits, '-' or '_' (a uuid works)" });
const title = z
  .string({ error: "title must be text" })
  .trim()
  .min(1, { message: "title cannot be empty" })
  .max(CHAT_TITLE_MAX, { message: `title is too long (${CHAT_TITLE_MAX} characters at most)` });
const IdParam = z.object({ id: chatId });
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
      request: {
        query: z.object({
          q: z
            .string({ error: "q must be one piece of text" })
            .trim()
            .min(1, { message: "q cannot be empty: leave it out to list every chat" })
            .max(SEARCH_QUERY_MAX, { message: `q is too long (${SEARCH_QUERY_MAX} characters at most)` })
            .optional()
            .openapi({ description: "Text to find (ignoring case) in chat titles and message contents" }),
        }),
      },
      responses: { 200: { description: "Chats", ...json(z.object({ chats: z.array(ListedChatSchema) })) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const { q } = c.req.valid("query");
      if (q === undefined) {
        const listed = await listChatsWithCounts(c.var.db, user.id);
        return c.json({ chats: listed.map((chat) => ({ ...publicChat(chat), messageCount: chat.messageCount })) }, 200);
      }
      const found = await searchChats(c.var.db, user.id, q);
      return c.json(
        {
          chats: found.map((chat) => {
            const hit = chat.hit && decodeMessage({ ...chat.hit, chatId: chat.id });
            return { ...publicChat(chat), messageCount: chat.messageCount, match: hit ? messageSnippet(hit, q) : null };
          }),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats",
      summary: "Start a chat (the client may choose its uuid)",
      request: body(z.object({ id: chatId.optional(), title: title.optional(), projectId: z.string().max(64).optional() })),
      responses: {
        201: { description: "Created", ...json(z.object({ chat: ChatSchema })) },
        409: { description: "Id in use", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const input = c.req.valid("json");
      const chat = await createChatFor(c, user, input.id ?? crypto.randomUUID(), input.title ?? DEFAULT_CHAT_TITLE, input.projectId);
      return c.json({ chat: publicChat(chat) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/chats/{id}",
      summary: "A chat and its messages, oldest first",
      request: { params: IdParam },
      responses: { 200: { description: "Chat", ...json(z.object({ chat: ChatSchema, messages: z.array(MessageSchema) })) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const chat = await ownChat(c, user, c.req.valid("param").id);
      const messages = (await listMessages(c.var.db, user.id, chat.id)).map(decodeMessage).filter((m) => m !== null);
      return c.json({ chat: publicChat(chat), messages }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/chats/{id}",
      summary: "Rename a chat",
      request: { params: IdParam, ...body(z.object({ title })) },
      responses: { 200: { description: "Renamed", ...json(z.object({ chat: ChatSchema })) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const chat = await renameChat(c.var.db, user.id, c.req.valid("param").id, c.req.valid("json").title);
      if (!chat) throw chatNotFound();
      return c.json({ chat: publicChat(chat) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/chats/{id}",
      summary: "Delete a chat and its messages",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(z.object({ ok: z.literal(true) })) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      if (!(await deleteChat(c.var.db, user.id, c.req.valid("param").id))) throw chatNotFound();
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/chats",
      summary: "Delete every chat of the caller",
      responses: { 200: { description: "Deleted", ...json(z.object({ deleted: z.number().int() })) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      return c.json({ deleted: await deleteAllChats(c.var.db, user.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats/{id}/messages",
      summary: "Ask a question; the answer streams back as Server-Sent Events (uses 1 query)",
      description:
        "Creates the chat when the id is new. Limits and validation answer JSON errors before the stream starts. " +
        "Events: user, delta*, summary?, citations?, then done (saved answer, chat, usage) or error (query refunded).",
      request: {
        params: IdParam,
        ...body(
          z.object({
            content: z
              .string({ error: "content is required" })
              .max(MESSAGE_MAX, { message: `content is too long (${MESSAGE_MAX.toLocaleString("en-US")} characters at most)` })
              .refine((text) => text.trim().length > 0, { message: "content cannot be empty: type a question first" }),
          }),
        ),
      },
      responses: {
        200: { description: "The answer stream", content: { "text/event-stream": { schema: z.string() } } },
        429: { description: "Daily query limit reached (USAGE_LIMIT) or too many requests (RATE_LIMITED)", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const id = c.req.valid("param").id;
      const question = c.req.valid("json").content.trim();
      await enforceRateLimit(c, "aiByUser", String(user.id));
      let chat = await findChat(c.var.db, user.id, id);
      if (!chat) {
        // Someone else's id looks exactly like a missing one.
        if (await chatIdTaken(c.var.db, id)) throw chatNotFound();
        chat = await createChatFor(c, user, id, DEFAULT_CHAT_TITLE);
      }
      const reservation = await reserveUsage(c, user, "queries");
      let asked: Awaited<ReturnType<typeof appendMessage>>;
      let history: ApiMessage[];
      try {
        asked = await appendMessage(
          c.var.db,
          { id: crypto.randomUUID(), chatId: chat.id, userId: user.id, role: "user", content: question },
          chat.title === DEFAULT_CHAT_TITLE ? titleFromQuestion(question) : undefined,
        );
        history = (await listMessages(c.var.db, user.id, chat.id)).map(decodeMessage).filter((m) => m !== null);
      } catch (err) {
        await reservation.refund();
        throw err;
      }
      return answerAsEventStream(c, user, reservation, decodeMessage(asked.message)!, history);
    },
  );

function answerAsEventStream(
  c: Context<ApiEnv>,
  user: User,
  reservation: Awaited<ReturnType<typeof reserveUsage>>,
  question: ApiMessage,
  history: ApiMessage[],
): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const send = (event: ChatStreamEvent<z.infer<typeof ChatSchema>>) => writer.write(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
  const db = c.var.db;
  const finished = streamAnswer(
    {
      provider: chatProviderFor(c.var.config),
      reservation,
      saveAnswer: async (answer) => {
        const saved = await appendMessage(db, { id: crypto.randomUUID(), chatId: question.chatId, userId: user.id, role: "assistant", content: encodeAnswer(answer) });
        return { message: decodeMessage(saved.message)!, chat: publicChat(saved.chat) };
      },
      discardQuestion: () => deleteMessage(db, user.id, question.id),
      onFailure: (err) => c.var.log.warn("chat answer failed", { type: err.type, message: err.message, chatId: question.chatId }),
    },
    question,
    historyForProvider(history),
    send,
  )
    .catch((err: unknown) => c.var.log.error("chat stream failed", { err }))
    .finally(() => writer.close().catch(() => {}));
  // The answer must be saved and the query settled even if the reader leaves early.
  c.executionCtx.waitUntil(finished);
  return new Response(readable, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}

async function createChatFor(c: Context<ApiEnv>, user: User, id: string, chatTitle: string, projectId?: string) {
  if (await chatIdTaken(c.var.db, id)) throw new AppError("CONFLICT", "A chat with this id already exists. Pick another id, or leave it out.");
  if (projectId && !(await projectOwnedBy(c.var.db, user.id, projectId))) {
    throw new AppError("NOT_FOUND", "This project does not exist, or it belongs to another account.");
  }
  return insertChat(c.var.db, { id, userId: user.id, title: chatTitle, projectId: projectId ?? null });
}

async function ownChat(c: Context<ApiEnv>, user: User, id: string) {
  const chat = await findChat(c.var.db, user.id, id);
  if (!chat) throw chatNotFound();
  return chat;
}

function chatNotFound() {
  return new AppError("NOT_FOUND", "This chat does not exist, or it belongs to another account.");
}

function publicChat(chat: { id: string; title: string; projectId: string | null; createdAt: string; updatedAt: string }) {
  return { id: chat.id, title: chat.title, projectId: chat.projectId, createdAt: chat.createdAt, updatedAt: chat.updatedAt };
}

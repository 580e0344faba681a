/** The chat API: validate with the chat contract, call the chat service, stream the answer. */
import { createRoute, z } from "@hono/zod-openapi";
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
  EditQuestionSchema,
  MessageIdSchema,
  NotWhatIAskedAnswerSchema,
  StreamQuerySchema,
  RenameChatSchema,
} from "~/domain/contracts/chats";
import { followAnswer, recoverOrphanedAnswer, startAnswer, stopAnswer } from "~/server/chat/rooms";
import {
  askQuestion,
  assertOwnChat,
  chatDepsFor,
  createChat,
  deleteEveryChat,
  deleteOwnChat,
  editQuestion,
  getChat,
  listChats,
  regenerateAnswer,
  renameOwnChat,
  reportNotWhatIAsked,
} from "~/server/chat/service";
import { giveBackUsage } from "~/server/usage/meter";
import { createRouter } from "./context";
import { devAnalystPace } from "./dev";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: ChatIdSchema });
const MessageParams = z.object({ id: ChatIdSchema, messageId: MessageIdSchema });
const StopAnswerSchema = z.object({ stopped: z.boolean() }).meta({ id: "StopAnswer" });

const ANSWER_EVENTS =
  "Events (each with its position as the SSE id): user, summary?, delta*, replace?, citations?, then done " +
  "(saved answer, chat, usage, counted) or error (query refunded).";
const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such chat", ...json(ErrorSchema) },
};

const answerResponses = {
  200: { description: "The answer stream", content: { "text/event-stream": { schema: z.string() } } },
  409: { description: "The chat is still answering (CONFLICT)", ...json(ErrorSchema) },
  429: { description: "Daily query limit reached (USAGE_LIMIT) or too many requests (RATE_LIMITED)", ...json(ErrorSchema) },
  ...errors,
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
    async (c) => {
      const userId = requireCaller(c).user.id;
      const id = c.req.valid("param").id;
      const found = await getChat(c.var.db, userId, id);
      // "Answering" with no writer alive (a deploy, a restart): recover it so the chat reads free.
      if (found.chat.answering && (await recoverOrphanedAnswer(c.env, id))) return c.json(await getChat(c.var.db, userId, id), 200);
      return c.json(found, 200);
    },
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
        "Creates the chat when the id is new, after the query is reserved (a refused question creates nothing). " +
        "Limits and validation answer JSON errors before the stream starts; a chat answers one question at a time (409 while it is answering). " +
        "The answer is written by the chat's Durable Object: it is finished and saved even if this stream's reader leaves, and " +
        "GET /api/chats/{id}/stream follows it from any event. " +
        ANSWER_EVENTS,
      request: { params: IdParam, ...body(AskSchema) },
      responses: answerResponses,
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const job = await askQuestion(chatDepsFor(c.env, c.var.db), requireCaller(c).user.id, id, c.req.valid("json"));
      return startAnswer(c.env, c.var.db, job, devAnalystPace(c));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/chats/{id}/stream",
      summary: "Follow the answer being written (Server-Sent Events), from the start or from an event",
      description:
        "Replays the running answer's events from `from` (or after the Last-Event-ID header) and then sends new ones until it ends. " +
        "Ends at once when the chat is not answering. " +
        ANSWER_EVENTS,
      request: { params: IdParam, query: StreamQuerySchema },
      responses: { 200: { description: "The answer's events", content: { "text/event-stream": { schema: z.string() } } }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await assertOwnChat(c.var.db, requireCaller(c).user.id, id);
      const lastEventId = Number(c.req.header("last-event-id"));
      const from = c.req.valid("query").from ?? (Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId + 1 : 0);
      return followAnswer(c.env, id, from);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats/{id}/stop",
      summary: "Stop the answer being written",
      description:
        "Generation ends on the server. What was written is saved with its stopped mark and charged; an answer stopped before its first word is not charged.",
      request: { params: IdParam },
      responses: { 200: { description: "Whether an answer was running", ...json(StopAnswerSchema) }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await assertOwnChat(c.var.db, requireCaller(c).user.id, id);
      return c.json({ stopped: await stopAnswer(c.env, id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats/{id}/messages/{messageId}/regenerate",
      summary: "Answer a question again (uses 1 query); the earlier answers stay as versions",
      description: "messageId is an answer (or its question). " + ANSWER_EVENTS,
      request: { params: MessageParams },
      responses: answerResponses,
    }),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      const job = await regenerateAnswer(chatDepsFor(c.env, c.var.db), requireCaller(c).user.id, id, messageId);
      return startAnswer(c.env, c.var.db, job, devAnalystPace(c));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/chats/{id}/messages/{messageId}/not-what-i-asked",
      summary: "Mark an answer that misread the question: kept for review, its query given back (at most three a day)",
      request: { params: MessageParams },
      responses: {
        200: { description: "Recorded; `refunded` says whether the query was given back", ...json(NotWhatIAskedAnswerSchema) },
        ...errors,
        400: { description: "The message is a question, not an answer (type VALIDATION)", ...json(ErrorSchema) },
        409: { description: "This answer was marked already (type CONFLICT)", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      const userId = requireCaller(c).user.id;
      const giveBackQuery = (uid: number, at: string) => giveBackUsage(c.env, uid, "queries", at, c.var.db);
      return c.json({ data: await reportNotWhatIAsked({ db: c.var.db, giveBackQuery }, userId, id, messageId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/chats/{id}/messages/{messageId}",
      summary: "Edit a question and answer it again (uses 1 query); the earlier version and its answers stay",
      description: "The edited text becomes a new version of the question (a sibling in the chat's tree). " + ANSWER_EVENTS,
      request: { params: MessageParams, ...body(EditQuestionSchema) },
      responses: answerResponses,
    }),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      const job = await editQuestion(chatDepsFor(c.env, c.var.db), requireCaller(c).user.id, id, messageId, c.req.valid("json").content);
      return startAnswer(c.env, c.var.db, job, devAnalystPace(c));
    },
  );

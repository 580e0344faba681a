/**
 * Chat, as plain functions over its dependencies: the database, the provider, the meter and the
 * rate limit come in as arguments, so a route, a scheduled job or a test can call them alike.
 */
import type { Chat, ChatStreamEvent, ListedChat } from "~/domain/contracts/chats";
import { decodeMessage, DEFAULT_CHAT_TITLE, encodeAnswer, historyForProvider, titleFromQuestion, type ApiMessage } from "~/domain/chat/conversation";
import { messageSnippet } from "~/domain/chat/search";
import { AppError } from "~/domain/errors";
import { RESERVATION_TTL_MS } from "~/domain/metering";
import {
  appendMessage,
  chatIdTaken,
  claimAnswering,
  deleteAllChats,
  deleteChat,
  deleteMessage,
  findChat,
  insertChatIfAbsent,
  listChatsWithCounts,
  listMessages,
  projectOwnedBy,
  releaseAnswering,
  renameChat,
  searchChats,
} from "../../../db/chats";
import type { Database } from "../../../db/client";
import type { ChatProvider } from "../ai/types";
import type { Logger } from "../platform/log";
import { enforceRateLimit } from "../platform/rate-limit";
import { reserveUsage, type MeterBindings, type UsageReservation } from "../usage/meter";
import { streamAnswer } from "./answer-stream";

export interface ChatDeps {
  db: Database;
  /** Counts one AI call against the per-user rate limit (throws RATE_LIMITED). */
  limitAiCalls(userId: number): Promise<void>;
  /** Reserves one query (throws USAGE_LIMIT). */
  reserveQuery(userId: number): Promise<UsageReservation>;
  now?: () => Date;
}

/** The production wiring of ChatDeps: the AI rate limit and the query meter from the Worker's bindings. */
export function chatDepsFor(env: MeterBindings & Pick<Env, "RATE_LIMITER">, db: Database): ChatDeps {
  return {
    db,
    limitAiCalls: (userId) => enforceRateLimit(env.RATE_LIMITER, "aiByUser", String(userId)),
    reserveQuery: (userId) => reserveUsage(env, userId, "queries", 1, db),
  };
}

const notFound = () => new AppError("NOT_FOUND", "This chat does not exist, or it belongs to another account.");

export function publicChat(chat: { id: string; title: string; projectId: string | null; createdAt: string; updatedAt: string }): Chat {
  return { id: chat.id, title: chat.title, projectId: chat.projectId, createdAt: chat.createdAt, updatedAt: chat.updatedAt };
}

/** The caller's chats, newest first; with `q`, those whose title or messages contain it, with a snippet. */
export async function listChats(db: Database, userId: number, q?: string): Promise<ListedChat[]> {
  if (q === undefined) {
    const listed = await listChatsWithCounts(db, userId);
    return listed.map((chat) => ({ ...publicChat(chat), messageCount: chat.messageCount }));
  }
  const found = await searchChats(db, userId, q);
  return found.map((chat) => {
    const hit = chat.hit && decodeMessage({ ...chat.hit, chatId: chat.id });
    return { ...publicChat(chat), messageCount: chat.messageCount, match: hit ? messageSnippet(hit, q) : null };
  });
}

/** Starts a chat with the client's id if given; an id in use (anyone's) is a 409, never a 500. */
export async function createChat(db: Database, userId: number, input: { id?: string; title?: string; projectId?: string }): Promise<Chat> {
  if (input.projectId && !(await projectOwnedBy(db, userId, input.projectId))) {
    throw new AppError("NOT_FOUND", "This project does not exist, or it belongs to another account.");
  }
  const chat = await insertChatIfAbsent(db, {
    id: input.id ?? crypto.randomUUID(),
    userId,
    title: input.title ?? DEFAULT_CHAT_TITLE,
    projectId: input.projectId ?? null,
  });
  if (!chat) throw new AppError("CONFLICT", "A chat with this id already exists. Pick another id, or leave it out.");
  return publicChat(chat);
}

export async function getChat(db: Database, userId: number, chatId: string): Promise<{ chat: Chat; messages: ApiMessage[] }> {
  const chat = await findChat(db, userId, chatId);
  if (!chat) throw notFound();
  const messages = (await listMessages(db, userId, chat.id)).map(decodeMessage).filter((m) => m !== null);
  return { chat: publicChat(chat), messages };
}

export async function renameOwnChat(db: Database, userId: number, chatId: string, title: string): Promise<Chat> {
  const chat = await renameChat(db, userId, chatId, title);
  if (!chat) throw notFound();
  return publicChat(chat);
}

export async function deleteOwnChat(db: Database, userId: number, chatId: string): Promise<void> {
  if (!(await deleteChat(db, userId, chatId))) throw notFound();
}

export function deleteEveryChat(db: Database, userId: number): Promise<number> {
  return deleteAllChats(db, userId);
}

/** A question accepted into a chat, with everything its answer needs. */
export interface AskedQuestion {
  question: ApiMessage;
  history: ApiMessage[];
  reservation: UsageReservation;
  userId: number;
}

/**
 * Everything that happens before an answer streams: the AI rate limit, the chat (created when
 * the id is new; someone else's id looks exactly like a missing one), one answer at a time per
 * chat, the query reserved, the question saved (titling a new chat). Any failure here undoes
 * what it did, so a refused question costs nothing and leaves nothing behind.
 */
export async function askQuestion(deps: ChatDeps, userId: number, chatId: string, content: string): Promise<AskedQuestion> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const question = content.trim();
  await deps.limitAiCalls(userId);
  let chat = await findChat(db, userId, chatId);
  if (!chat) {
    if (await chatIdTaken(db, chatId)) throw notFound();
    // Two first questions racing into one new id: one creates it, both find it as theirs.
    await insertChatIfAbsent(db, { id: chatId, userId, title: DEFAULT_CHAT_TITLE });
    chat = await findChat(db, userId, chatId);
    if (!chat) throw notFound();
  }
  if (!(await claimAnswering(db, userId, chat.id, now, new Date(now.getTime() + RESERVATION_TTL_MS)))) {
    throw new AppError("CONFLICT", "This chat is still answering your previous question. Wait for it to finish, or stop it, then ask again.");
  }
  let reservation: UsageReservation | undefined;
  try {
    reservation = await deps.reserveQuery(userId);
    const asked = await appendMessage(
      db,
      { id: crypto.randomUUID(), chatId: chat.id, userId, role: "user", content: question },
      chat.title === DEFAULT_CHAT_TITLE ? titleFromQuestion(question) : undefined,
    );
    const history = (await listMessages(db, userId, chat.id)).map(decodeMessage).filter((m) => m !== null);
    return { question: decodeMessage(asked.message)!, history, reservation, userId };
  } catch (err) {
    await reservation?.refund();
    await releaseAnswering(db, userId, chat.id);
    throw err;
  }
}

/**
 * Streams the answer to an accepted question through `send`, saving it and settling the query
 * (see answer-stream.ts), then frees the chat for the next question, whatever happened.
 */
export async function answerQuestion(
  deps: { db: Database; provider: ChatProvider; log: Logger },
  asked: AskedQuestion,
  send: (event: ChatStreamEvent) => Promise<void>,
): Promise<"answered" | "stopped" | "failed"> {
  const { db, log } = deps;
  const { question, userId } = asked;
  try {
    return await streamAnswer(
      {
        provider: deps.provider,
        reservation: asked.reservation,
        saveAnswer: async (answer) => {
          const saved = await appendMessage(db, { id: crypto.randomUUID(), chatId: question.chatId, userId, role: "assistant", content: encodeAnswer(answer) });
          return { message: decodeMessage(saved.message)!, chat: publicChat(saved.chat) };
        },
        discardQuestion: () => deleteMessage(db, userId, question.id),
        onFailure: (err) => log.warn("chat answer failed", { type: err.type, message: err.message, chatId: question.chatId }),
      },
      question,
      historyForProvider(asked.history),
      send,
    );
  } finally {
    await releaseAnswering(db, userId, question.chatId);
  }
}

/**
 * Chat, as plain functions over its dependencies: the database, the provider, the meter and the
 * rate limit come in as arguments, so a route, a scheduled job or a test can call them alike.
 */
import type { Chat, ListedChat } from "~/domain/contracts/chats";
import type { Message } from "../../../db/schema";
import {
  conversationPath,
  decodeMessage,
  DEFAULT_CHAT_TITLE,
  encodeAnswer,
  historyForProvider,
  memoryOfRow,
  messageText,
  titleFromQuestion,
  type ApiMessage,
  type StoredAnswer,
} from "~/domain/chat/conversation";
import { messageSnippet } from "~/domain/chat/search";
import { AppError } from "~/domain/errors";
import { RESERVATION_TTL_MS } from "~/domain/metering";
import {
  appendMessage,
  chatIdTaken,
  claimAnswering,
  countRefundedReportsSince,
  deleteAllChats,
  deleteChat,
  findChat,
  findMessage,
  insertAnswerReport,
  insertChatIfAbsent,
  listChatsWithCounts,
  listMessages,
  projectOwnedBy,
  releaseAnswering,
  renameChat,
  replaceMessageContent,
  searchChats,
  withdrawMessage,
} from "../../../db/chats";
import type { Database } from "../../../db/client";
import { importedProductsOf } from "../../../db/catalog";
import { enforceRateLimit } from "../platform/rate-limit";
import { reserveUsage, type MeterBindings, type UsageReservation } from "../usage/meter";
import { OWN_PRODUCTS_READ } from "../ai/merchant/own-products";
import type { ChatTurn, ProjectContext } from "../ai/types";
import { projectContextFor } from "../projects/context";
import type { AnswerJob } from "./answer-run";
import { roomOf } from "./room-stub";

export interface ChatDeps {
  db: Database;
  /** Counts one AI call against the per-user rate limit (throws RATE_LIMITED). */
  limitAiCalls(userId: number): Promise<void>;
  /** Reserves one query (throws USAGE_LIMIT). */
  reserveQuery(userId: number): Promise<UsageReservation>;
  /** Finds and refunds an answer whose writer died, freeing the chat; true when it did. */
  recoverOrphan?(chatId: string): Promise<boolean>;
  now?: () => Date;
}

/** The production wiring of ChatDeps: the AI rate limit and the query meter from the Worker's bindings. */
export function chatDepsFor(env: MeterBindings & Pick<Env, "RATE_LIMITER" | "CHAT_ROOM">, db: Database): ChatDeps {
  return {
    db,
    limitAiCalls: (userId) => enforceRateLimit(env.RATE_LIMITER, "aiByUser", String(userId)),
    reserveQuery: (userId) => reserveUsage(env, userId, "queries", 1, db),
    recoverOrphan: async (chatId) => (await roomOf(env, chatId).recoverOrphan()) === "recovered",
  };
}

const notFound = () => new AppError("NOT_FOUND", "This chat does not exist, or it belongs to another account.");

export function publicChat(chat: {
  id: string;
  title: string;
  projectId: string | null;
  leafId?: string | null;
  answeringUntil?: string | null;
  createdAt: string;
  updatedAt: string;
}): Chat {
  return {
    id: chat.id,
    title: chat.title,
    projectId: chat.projectId,
    leafId: chat.leafId ?? null,
    answering: Boolean(chat.answeringUntil && chat.answeringUntil > new Date().toISOString()),
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
  };
}

/** The caller's chats, newest first; with `q`, those whose title or messages contain it, with a snippet. */
export async function listChats(db: Database, userId: number, q?: string): Promise<ListedChat[]> {
  if (q === undefined) {
    const listed = await listChatsWithCounts(db, userId);
    return listed.map((chat) => ({ ...publicChat(chat), messageCount: chat.messageCount, firstQuestion: chat.firstQuestion }));
  }
  const found = await searchChats(db, userId, q);
  return found.map((chat) => {
    const hit = chat.hit && decodeMessage({ ...chat.hit, chatId: chat.id });
    return { ...publicChat(chat), messageCount: chat.messageCount, firstQuestion: chat.firstQuestion, match: hit ? messageSnippet(hit, q) : null };
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

/** A chat with every message of every branch, oldest first; `chat.leafId` names the branch it shows. */
export async function getChat(db: Database, userId: number, chatId: string): Promise<{ chat: Chat; messages: ApiMessage[] }> {
  const chat = await findChat(db, userId, chatId);
  if (!chat) throw notFound();
  return { chat: publicChat(chat), messages: await readMessages(db, userId, chat.id) };
}

async function readMessages(db: Database, userId: number, chatId: string): Promise<ApiMessage[]> {
  return (await listMessages(db, userId, chatId)).map(decodeMessage).filter((m) => m !== null);
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

const busy = () =>
  new AppError("CONFLICT", "This chat is still answering your previous question. Wait for it to finish, or stop it, then ask again.");

/**
 * The steps every answer takes before it is written: the AI rate limit and the query reserved,
 * side by side with `read` (what the answer needs from the database, written nowhere), then
 * `prepare` (which finds or makes the chat, claims it and saves what it must) once both limits
 * allowed it, so a refused question leaves nothing behind. A rate-limit refusal wins over a
 * usage refusal and over whatever `read` found, and gives back the query reserved beside it. A
 * failure in `read` or `prepare` refunds the query and frees the chat.
 */
/** The chat's "answering" mark for this question: taken with a conditional update, or held already (a chat created claimed). */
interface AnswerClaim {
  until: Date;
  take(chatId: string): Promise<void>;
  held(chatId: string): void;
}

async function beginAnswer<Found>(
  deps: ChatDeps,
  userId: number,
  read: () => Promise<Found>,
  prepare: (found: Found, reservation: UsageReservation, claim: AnswerClaim) => Promise<AnswerJob>,
): Promise<AnswerJob> {
  const now = deps.now?.() ?? new Date();
  // Three round trips at once instead of one after another: the question's time to first token.
  const [limited, reserved, found] = await Promise.allSettled([deps.limitAiCalls(userId), deps.reserveQuery(userId), read()]);
  if (limited.status === "rejected") {
    if (reserved.status === "fulfilled") await reserved.value.refund();
    throw limited.reason;
  }
  if (reserved.status === "rejected") throw reserved.reason;
  const reservation = reserved.value;
  let claimed: string | undefined;
  const until = new Date(now.getTime() + RESERVATION_TTL_MS);
  const claim: AnswerClaim = {
    until,
    async take(chatId) {
      let ok = await claimAnswering(deps.db, userId, chatId, now, until);
      // Busy, or an answer whose writer died (a deploy, a restart): recover it, then try once more.
      if (!ok && (await deps.recoverOrphan?.(chatId))) ok = await claimAnswering(deps.db, userId, chatId, now, until);
      if (!ok) throw busy();
      claimed = chatId;
    },
    held(chatId) {
      claimed = chatId;
    },
  };
  try {
    if (found.status === "rejected") throw found.reason;
    return await prepare(found.value, reservation, claim);
  } catch (err) {
    await reservation.refund();
    if (claimed) await releaseAnswering(deps.db, userId, claimed);
    throw err;
  }
}

/** The chat's project as this question needs it (its passages are retrieved for the last question). */
async function projectOf(db: Database, userId: number, chat: { projectId: string | null }, turns: ChatTurn[]): Promise<ProjectContext | null> {
  if (!chat.projectId) return null;
  const questions = turns.filter((t) => t.role === "user").map((t) => t.content);
  return projectContextFor(db, userId, chat.projectId, questions.at(-1) ?? "", questions.at(-2));
}

/**
 * The branch from the first message to `messageId`, as the provider sees it. The branch's last
 * answer carries the analyst's memory, so a follow-up, an edit or a regenerate on this branch
 * continues from what it remembered there.
 */
async function turnsUpTo(db: Database, userId: number, chatId: string, messageId: string) {
  return turnsFrom(await listMessages(db, userId, chatId), messageId);
}

/** turnsUpTo over the chat's rows already read. */
function turnsFrom(rows: Message[], messageId: string) {
  const path = conversationPath(rows.map(decodeMessage).filter((m) => m !== null), messageId);
  const turns = historyForProvider(path);
  const lastAnswer = [...path].reverse().find((m) => m.role === "assistant");
  const memory = lastAnswer && memoryOfRow(rows.find((r) => r.id === lastAnswer.id)?.content ?? "");
  const lastAnswerTurn = turns.map((t) => t.role).lastIndexOf("assistant");
  if (memory && lastAnswerTurn >= 0) turns[lastAnswerTurn] = { ...turns[lastAnswerTurn], memory };
  return turns;
}

/**
 * Accepts a question into a chat: created when the id is new (someone else's id looks exactly
 * like a missing one), after `parentId` or the branch shown, titling a new chat. Resolves with
 * the job its answer runs.
 */
export async function askQuestion(
  deps: ChatDeps,
  userId: number,
  chatId: string,
  input: { content: string; parentId?: string },
): Promise<AnswerJob> {
  const { db } = deps;
  const question = input.content.trim();
  // Read beside the limits: the chat, whether a missing id is someone else's, the merchant's products.
  // Whether the id is taken is read beside the rest (one round trip, not two, for a new chat).
  const read = async () => {
    const [{ chat, ownProducts }, taken] = await Promise.all([readChatAndProducts(db, userId, chatId), chatIdTaken(db, chatId)]);
    return { chat, idTaken: !chat && taken, ownProducts };
  };
  return beginAnswer(deps, userId, read, async ({ chat: found, idTaken, ownProducts }, reservation, claim) => {
    let chat = found;
    let created = false;
    if (!chat) {
      if (idTaken) throw notFound();
      // Two first questions racing into one new id: one creates it, already claimed for its
      // answer (no second write), the other finds it as its own and takes its turn below.
      const inserted = await insertChatIfAbsent(db, { id: chatId, userId, title: DEFAULT_CHAT_TITLE, answeringUntil: claim.until.toISOString() });
      chat = inserted ?? (await findChat(db, userId, chatId));
      if (!chat) throw notFound();
      created = Boolean(inserted);
    }
    if (created) claim.held(chat.id);
    else await claim.take(chat.id);
    // Claimed, nothing else writes to the chat: its messages so far are read beside the question's write.
    const earlier = created ? Promise.resolve([]) : listMessages(db, userId, chat.id);
    let parentId = chat.leafId;
    if (input.parentId) {
      if (!(await earlier).some((m) => m.id === input.parentId)) throw messageNotFound();
      parentId = input.parentId;
    }
    const [asked, rows] = await Promise.all([
      appendMessage(
        db,
        { id: crypto.randomUUID(), chatId: chat.id, userId, parentId, role: "user", content: question },
        chat.title === DEFAULT_CHAT_TITLE ? titleFromQuestion(question) : undefined,
      ),
      earlier,
    ]);
    const turns = turnsFrom([...rows, asked.message], asked.message.id);
    return {
      userId,
      chatId: chat.id,
      question: decodeMessage(asked.message)!,
      turns,
      project: await projectOf(db, userId, chat, turns),
      ownProducts,
      reservation: reservation.handle,
      withdrawOnFailure: { leafBefore: chat.leafId },
    };
  });
}

const messageNotFound = () => new AppError("NOT_FOUND", "This message does not exist in this chat.");

/** Answers a question again (from its answer's id, or the question's own): a new version of the answer; the others stay. */
export async function regenerateAnswer(deps: ChatDeps, userId: number, chatId: string, messageId: string): Promise<AnswerJob> {
  const { db } = deps;
  return beginAnswer(deps, userId, () => readChatAndProducts(db, userId, chatId), async ({ chat, ownProducts }, reservation, claim) => {
    if (!chat) throw notFound();
    const message = await findMessage(db, userId, chat.id, messageId);
    if (!message || (message.role !== "assistant" && message.role !== "user")) throw messageNotFound();
    const question = message.role === "user" ? message : message.parentId ? await findMessage(db, userId, chat.id, message.parentId) : undefined;
    if (!question || question.role !== "user") throw new AppError("VALIDATION", "This answer has no question to answer again.");
    await claim.take(chat.id);
    const turns = await turnsUpTo(db, userId, chat.id, question.id);
    const earlierAnswers = (await readMessages(db, userId, chat.id)).filter((m) => m.role === "assistant" && m.parentId === question.id).map(messageText);
    return {
      userId,
      chatId: chat.id,
      question: decodeMessage(question)!,
      turns,
      project: await projectOf(db, userId, chat, turns),
      ownProducts,
      reservation: reservation.handle,
      withdrawOnFailure: null,
      earlierAnswers,
    };
  });
}

/** Edits a question: the new text is a new version of it (the old one and its answers stay), answered at once. */
export async function editQuestion(deps: ChatDeps, userId: number, chatId: string, messageId: string, content: string): Promise<AnswerJob> {
  const { db } = deps;
  return beginAnswer(deps, userId, () => readChatAndProducts(db, userId, chatId), async ({ chat, ownProducts }, reservation, claim) => {
    if (!chat) throw notFound();
    const original = await findMessage(db, userId, chat.id, messageId);
    if (!original) throw messageNotFound();
    if (original.role !== "user") throw new AppError("VALIDATION", "Only your own questions can be edited. To get a new answer, regenerate it.");
    await claim.take(chat.id);
    const edited = await appendMessage(db, { id: crypto.randomUUID(), chatId: chat.id, userId, parentId: original.parentId, role: "user", content: content.trim() });
    const turns = await turnsUpTo(db, userId, chat.id, edited.message.id);
    return {
      userId,
      chatId: chat.id,
      question: decodeMessage(edited.message)!,
      turns,
      project: await projectOf(db, userId, chat, turns),
      ownProducts,
      reservation: reservation.handle,
      withdrawOnFailure: { leafBefore: chat.leafId },
    };
  });
}

/** What a regenerate or an edit reads beside the limits: the caller's chat and their products. */
async function readChatAndProducts(db: Database, userId: number, chatId: string) {
  const [chat, ownProducts] = await Promise.all([findChat(db, userId, chatId), importedProductsOf(db, userId, OWN_PRODUCTS_READ)]);
  return { chat, ownProducts };
}

/** Saves a job's answer after its question and shows it: the chat's leaf moves to it. */
export async function saveAnswer(db: Database, job: AnswerJob, answer: StoredAnswer): Promise<{ message: ApiMessage; chat: Chat }> {
  const saved = await appendMessage(db, {
    id: crypto.randomUUID(),
    chatId: job.chatId,
    userId: job.userId,
    parentId: job.question.id,
    role: "assistant",
    content: encodeAnswer(answer),
  });
  return { message: decodeMessage(saved.message)!, chat: publicChat({ ...saved.chat, answeringUntil: null }) };
}

/** Takes a job's new question back out (its answer failed) and shows the branch as it was. */
export function withdrawQuestion(db: Database, job: AnswerJob): Promise<void> {
  return withdrawMessage(db, job.userId, job.question.id, job.withdrawOnFailure?.leafBefore ?? null);
}

/** The chat may take its next question. */
export function finishAnswering(db: Database, job: Pick<AnswerJob, "userId" | "chatId">): Promise<void> {
  return releaseAnswering(db, job.userId, job.chatId);
}

/** Throws NOT_FOUND unless the chat is the caller's (before touching its answer). */
export async function assertOwnChat(db: Database, userId: number, chatId: string): Promise<void> {
  if (!(await findChat(db, userId, chatId))) throw notFound();
}

/** How many answers a day "Not what I asked" gives the query back for; more are still recorded for review. */
export const NOT_WHAT_I_ASKED_DAILY_REFUNDS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Not what I asked": the merchant marks an answer that misread their question. The case is kept
 * for review; the answer's query is given back when it was charged, at most three times in 24
 * hours, and the answer is marked "not counted" with the reason.
 */
export async function reportNotWhatIAsked(
  deps: { db: Database; giveBackQuery(userId: number, at: string): Promise<unknown>; now?: () => Date },
  userId: number,
  chatId: string,
  messageId: string,
): Promise<{ message: ApiMessage; refunded: boolean; refundsLeftToday: number }> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const chat = await findChat(db, userId, chatId);
  if (!chat) throw notFound();
  const row = await findMessage(db, userId, chat.id, messageId);
  const answer = row && decodeMessage(row);
  if (!row || !answer) throw messageNotFound();
  if (answer.role !== "assistant") throw new AppError("VALIDATION", "Only an answer can be marked 'Not what I asked'.");
  const question = answer.parentId ? await findMessage(db, userId, chat.id, answer.parentId) : undefined;
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const used = await countRefundedReportsSince(db, userId, since);
  const refunded = !answer.notCounted && used < NOT_WHAT_I_ASKED_DAILY_REFUNDS;
  const report = await insertAnswerReport(db, {
    userId,
    chatId: chat.id,
    messageId: answer.id,
    question: question?.content ?? "",
    answerExcerpt: messageText(answer).slice(0, 2000),
    provider: answer.provider ?? null,
    refunded,
    createdAt: now.toISOString(),
  });
  if (!report) throw new AppError("CONFLICT", "You already marked this answer. It is with our team for review.");
  let message = answer;
  if (refunded) {
    await deps.giveBackQuery(userId, answer.createdAt);
    const stored = JSON.parse(row.content.startsWith("{") ? row.content : encodeAnswer({ content: row.content })) as Record<string, unknown>;
    const updated = await replaceMessageContent(db, userId, answer.id, JSON.stringify({ ...stored, notCounted: true, refund: "not-what-i-asked" }));
    message = (updated && decodeMessage(updated)) || answer;
  }
  return { message, refunded, refundsLeftToday: Math.max(0, NOT_WHAT_I_ASKED_DAILY_REFUNDS - used - (refunded ? 1 : 0)) };
}


/** Chats and their messages. Every query takes the owner's id, so one user never reads another's. */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "./client";
import { containsText } from "./text-match";
import { answerReports, chats, messages, projects, users, type Chat, type Message } from "./schema";

export async function listChats(db: Database, userId: number): Promise<Chat[]> {
  return db.select().from(chats).where(eq(chats.userId, userId)).orderBy(desc(chats.updatedAt), desc(chats.createdAt)).all();
}

/** A listed chat with how many messages it shows (user questions and answers) and its first question. */
export interface ListedChat extends Chat {
  messageCount: number;
  firstQuestion: string | null;
}

/** The chat's first question (the oldest user message), so chats with like titles can be told apart. */
const firstQuestion = sql<string | null>`(SELECT substr(${messages.content}, 1, 200) FROM ${messages}
  WHERE ${messages.chatId} = ${chats.id} AND ${messages.role} = 'user'
  ORDER BY ${messages.createdAt}, ${messages}.rowid LIMIT 1)`;

/** A chat found by a search, with the first message that matched (null when only the title did). */
export interface FoundChat extends ListedChat {
  hit: Pick<Message, "id" | "role" | "content" | "createdAt"> | null;
}

/** The roles a reader sees; the spec's "thinking" placeholders are never shown or counted. */
const shownRole = inArray(messages.role, ["user", "assistant"]);

/** Message counts per chat of one user: one grouped query, walked through the user's chats. */
function messageCounts(db: Database, userId: number) {
  return db
    .select({ chatId: messages.chatId, messageCount: sql<number>`count(*)`.as("message_count") })
    .from(chats)
    .innerJoin(messages, eq(messages.chatId, chats.id))
    .where(and(eq(chats.userId, userId), eq(messages.userId, userId), shownRole))
    .groupBy(messages.chatId)
    .as("counts");
}

/** The caller's chats with their message counts, most recently updated first. */
export async function listChatsWithCounts(db: Database, userId: number): Promise<ListedChat[]> {
  const counts = messageCounts(db, userId);
  const rows = await db
    .select({ chat: chats, messageCount: sql<number>`coalesce(${counts.messageCount}, 0)`, firstQuestion })
    .from(chats)
    .leftJoin(counts, eq(counts.chatId, chats.id))
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.updatedAt), desc(chats.createdAt))
    .all();
  return rows.map((r) => ({ ...r.chat, messageCount: Number(r.messageCount), firstQuestion: r.firstQuestion ?? null }));
}


/**
 * The text of a message a reader sees: an answer's stored JSON (the spec's format, see
 * app/domain/chat/conversation.ts) gives its content, full analysis and executive summary (older
 * rows: summary as text), so a search never matches the JSON's keys or its provider label; plain
 * rows are themselves. Nested CASEs: SQLite evaluates a CASE branch only when it is taken, so
 * json_* never sees text that is not JSON.
 */
const jsonText = (path: string) =>
  sql`coalesce(CASE WHEN json_type(${messages.content}, ${path}) = 'text' THEN json_extract(${messages.content}, ${path}) END, '')`;
const shownText = sql`CASE WHEN ${messages.role} = 'assistant' AND substr(${messages.content}, 1, 1) = '{' AND json_valid(${messages.content})
  THEN ${jsonText("$.content")} || char(10) || ${jsonText("$.fullResearch")} || char(10) || ${jsonText("$.summary")} || char(10) || ${jsonText("$.summary.executiveSummary")}
  ELSE ${messages.content} END`;

/**
 * The caller's chats whose title or any shown message contains `text` (ASCII letters in any
 * case), most recently updated first, each with its message count and
 * its first matching message. One statement: the matches are ranked per chat by a window.
 */
export async function searchChats(db: Database, userId: number, text: string): Promise<FoundChat[]> {
  const counts = messageCounts(db, userId);
  const hits = db
    .select({
      chatId: messages.chatId,
      id: messages.id,
      role: messages.role,
      content: messages.content,
      createdAt: messages.createdAt,
      rank: sql<number>`row_number() over (partition by ${messages.chatId} order by ${messages.createdAt}, ${messages}.rowid)`.as(
        "hit_rank",
      ),
    })
    .from(chats)
    .innerJoin(messages, eq(messages.chatId, chats.id))
    .where(and(eq(chats.userId, userId), eq(messages.userId, userId), shownRole, containsText(shownText, text)))
    .as("hits");
  const rows = await db
    .select({
      chat: chats,
      messageCount: sql<number>`coalesce(${counts.messageCount}, 0)`,
      firstQuestion,
      hitId: hits.id,
      hitRole: hits.role,
      hitContent: hits.content,
      hitCreatedAt: hits.createdAt,
    })
    .from(chats)
    .leftJoin(counts, eq(counts.chatId, chats.id))
    .leftJoin(hits, and(eq(hits.chatId, chats.id), eq(hits.rank, 1)))
    .where(and(eq(chats.userId, userId), or(containsText(chats.title, text), isNotNull(hits.id))))
    .orderBy(desc(chats.updatedAt), desc(chats.createdAt))
    .all();
  return rows.map((r) => ({
    ...r.chat,
    messageCount: Number(r.messageCount),
    firstQuestion: r.firstQuestion ?? null,
    hit:
      r.hitId != null && r.hitRole != null && r.hitContent != null && r.hitCreatedAt != null
        ? { id: r.hitId, role: r.hitRole, content: r.hitContent, createdAt: r.hitCreatedAt }
        : null,
  }));
}

export async function findChat(db: Database, userId: number, chatId: string): Promise<Chat | undefined> {
  return db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .get();
}

/** Does any user own this id? Lets the API refuse an id taken by someone else without revealing whose. */
export async function chatIdTaken(db: Database, chatId: string): Promise<boolean> {
  const row = await db.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).get();
  return Boolean(row);
}

/**
 * Creates the chat unless its id exists (anyone's): undefined then. One statement, so two
 * requests racing for one id get one chat and one clean "taken", never a constraint error.
 * With `answeringUntil` the new chat is created already claimed for its first answer.
 */
export async function insertChatIfAbsent(
  db: Database,
  chat: { id: string; userId: number; title: string; projectId?: string | null; answeringUntil?: string | null },
): Promise<Chat | undefined> {
  const now = new Date().toISOString();
  return db
    .insert(chats)
    .values({
      id: chat.id,
      userId: chat.userId,
      title: chat.title,
      projectId: chat.projectId ?? null,
      answeringUntil: chat.answeringUntil ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: chats.id })
    .returning()
    .get();
}

/**
 * Marks the chat as answering until `until`, unless an answer is already being written (and
 * has not outlived its deadline). A single conditional UPDATE, so of two questions racing into
 * one chat exactly one wins.
 */
export async function claimAnswering(db: Database, userId: number, chatId: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .update(chats)
    .set({ answeringUntil: until.toISOString() })
    .where(
      and(
        eq(chats.id, chatId),
        eq(chats.userId, userId),
        or(isNull(chats.answeringUntil), lt(chats.answeringUntil, now.toISOString())),
      ),
    )
    .returning({ id: chats.id })
    .get();
  return Boolean(row);
}

export async function releaseAnswering(db: Database, userId: number, chatId: string): Promise<void> {
  await db.update(chats).set({ answeringUntil: null }).where(and(eq(chats.id, chatId), eq(chats.userId, userId))).run();
}

export async function renameChat(db: Database, userId: number, chatId: string, title: string): Promise<Chat | undefined> {
  return db
    .update(chats)
    .set({ title, updatedAt: new Date().toISOString() })
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning()
    .get();
}

export async function deleteChat(db: Database, userId: number, chatId: string): Promise<boolean> {
  const gone = await db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id })
    .all();
  return gone.length > 0;
}

export async function deleteAllChats(db: Database, userId: number): Promise<number> {
  const gone = await db.delete(chats).where(eq(chats.userId, userId)).returning({ id: chats.id }).all();
  return gone.length;
}

export async function listMessages(db: Database, userId: number, chatId: string): Promise<Message[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(sql`rowid`))
    .all();
}

/**
 * Saves one message after `parentId` and makes it the chat's leaf (the branch shown), touching
 * the chat and optionally retitling it, in a single batch.
 */
export async function appendMessage(
  db: Database,
  message: { id: string; chatId: string; userId: number; parentId: string | null; role: Message["role"]; content: string },
  retitle?: string,
): Promise<{ message: Message; chat: Chat }> {
  const now = new Date().toISOString();
  const [inserted, touched] = await db.batch([
    db
      .insert(messages)
      .values({ ...message, createdAt: now })
      .returning(),
    db
      .update(chats)
      .set(retitle ? { updatedAt: now, title: retitle, leafId: message.id } : { updatedAt: now, leafId: message.id })
      .where(and(eq(chats.id, message.chatId), eq(chats.userId, message.userId)))
      .returning(),
  ]);
  return { message: inserted[0], chat: touched[0] };
}

export async function findMessage(db: Database, userId: number, chatId: string, messageId: string): Promise<Message | undefined> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .get();
}

/** Takes a question back out (its answer failed) and shows the branch as it was before it. */
export async function withdrawMessage(db: Database, userId: number, messageId: string, leafBefore: string | null): Promise<void> {
  const gone = await db
    .delete(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .returning({ chatId: messages.chatId })
    .get();
  if (gone) await db.update(chats).set({ leafId: leafBefore }).where(and(eq(chats.id, gone.chatId), eq(chats.userId, userId), eq(chats.leafId, messageId))).run();
}

export async function projectOwnedBy(db: Database, userId: number, projectId: string): Promise<boolean> {
  const row = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .get();
  return Boolean(row);
}

/** Refunded "Not what I asked" reports the user made since `since` (ISO). */
export async function countRefundedReportsSince(db: Database, userId: number, since: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(answerReports)
    .where(and(eq(answerReports.userId, userId), eq(answerReports.refunded, true), gte(answerReports.createdAt, since)))
    .get();
  return row?.n ?? 0;
}

/** Records a report; undefined when this answer was reported already. */
export async function insertAnswerReport(db: Database, report: typeof answerReports.$inferInsert): Promise<typeof answerReports.$inferSelect | undefined> {
  return db.insert(answerReports).values(report).onConflictDoNothing().returning().get();
}

/** Replaces a stored message's content (an answer marked after the fact), for its owner only. */
export async function replaceMessageContent(db: Database, userId: number, messageId: string, content: string): Promise<Message | undefined> {
  return db.update(messages).set({ content }).where(and(eq(messages.id, messageId), eq(messages.userId, userId))).returning().get();
}

/** "Not what I asked" reports for staff, newest first, with the merchant's email; `beforeId` pages back. */
export async function listAnswerReports(db: Database, page: { beforeId?: number; limit: number }) {
  return db
    .select({ report: answerReports, userEmail: users.email })
    .from(answerReports)
    .innerJoin(users, eq(users.id, answerReports.userId))
    .where(page.beforeId ? lt(answerReports.id, page.beforeId) : undefined)
    .orderBy(desc(answerReports.id))
    .limit(page.limit);
}

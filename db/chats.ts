/** Chats and their messages. Every query takes the owner's id, so one user never reads another's. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { chats, messages, projects, type Chat, type Message } from "./schema";

export async function listChats(db: Database, userId: number): Promise<Chat[]> {
  return db.select().from(chats).where(eq(chats.userId, userId)).orderBy(desc(chats.updatedAt), desc(chats.createdAt)).all();
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

export async function insertChat(db: Database, chat: { id: string; userId: number; title: string; projectId?: string | null }): Promise<Chat> {
  const now = new Date().toISOString();
  return db
    .insert(chats)
    .values({ id: chat.id, userId: chat.userId, title: chat.title, projectId: chat.projectId ?? null, createdAt: now, updatedAt: now })
    .returning()
    .get();
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

/** Saves one message and touches the chat (optionally retitling it) in a single batch. */
export async function appendMessage(
  db: Database,
  message: { id: string; chatId: string; userId: number; role: Message["role"]; content: string },
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
      .set(retitle ? { updatedAt: now, title: retitle } : { updatedAt: now })
      .where(and(eq(chats.id, message.chatId), eq(chats.userId, message.userId)))
      .returning(),
  ]);
  return { message: inserted[0], chat: touched[0] };
}

export async function deleteMessage(db: Database, userId: number, messageId: string): Promise<void> {
  await db.delete(messages).where(and(eq(messages.id, messageId), eq(messages.userId, userId))).run();
}

export async function projectOwnedBy(db: Database, userId: number, projectId: string): Promise<boolean> {
  const row = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .get();
  return Boolean(row);
}

import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { emailOutbox } from "./schema";

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxEmail(
  db: Database,
  values: Omit<typeof emailOutbox.$inferInsert, "id" | "createdAt">,
): Promise<OutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning();
  return row;
}

/** Newest first; the dev outbox reads it. */
export async function listOutboxFor(db: Database, toAddress: string, limit = 50): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${toAddress.toLowerCase()}`)
    .orderBy(desc(emailOutbox.id))
    .limit(limit)
    .all();
}

export async function listRecentOutbox(db: Database, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).all();
}

export async function findOutboxEmail(db: Database, id: number): Promise<OutboxRow | undefined> {
  return db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
}

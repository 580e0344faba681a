/**
 * The feedback board's queries (all of their SQL). The board is shared by every user (ideas are
 * public to signed-in users); votes are one row per user and item, so voting twice is a no-op.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { FeedbackKind, FeedbackStatus } from "~/domain/feedback";
import type { Database } from "./client";
import { feedbackItems, feedbackVotes, users, type FeedbackItemRow } from "./schema";

export type { FeedbackItemRow };

export interface FeedbackRow extends FeedbackItemRow {
  votes: number;
  votedByMe: boolean;
}

export interface FeedbackFilters {
  status?: FeedbackStatus;
  kind?: FeedbackKind;
  sort?: "votes" | "newest";
}

const votes = sql<number>`(select count(*) from ${feedbackVotes} v where v.feedback_id = ${feedbackItems.id})`;
const votedBy = (userId: number) =>
  sql<number>`exists(select 1 from ${feedbackVotes} v where v.feedback_id = ${feedbackItems.id} and v.user_id = ${userId})`;

export async function insertFeedback(db: Database, row: typeof feedbackItems.$inferInsert): Promise<FeedbackItemRow> {
  const [created] = await db.insert(feedbackItems).values(row).returning();
  return created!;
}

export async function listFeedback(db: Database, viewerId: number, filters: FeedbackFilters = {}): Promise<FeedbackRow[]> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(feedbackItems.status, filters.status));
  if (filters.kind) where.push(eq(feedbackItems.kind, filters.kind));
  const rows = await db
    .select({ item: feedbackItems, votes, votedByMe: votedBy(viewerId) })
    .from(feedbackItems)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...(filters.sort === "newest" ? [desc(feedbackItems.createdAt)] : [desc(votes), desc(feedbackItems.createdAt)]))
    .limit(300)
    .all();
  return rows.map((r) => ({ ...r.item, votes: Number(r.votes), votedByMe: Boolean(r.votedByMe) }));
}

export async function findFeedback(db: Database, viewerId: number, id: string): Promise<FeedbackRow | undefined> {
  const row = await db
    .select({ item: feedbackItems, votes, votedByMe: votedBy(viewerId) })
    .from(feedbackItems)
    .where(eq(feedbackItems.id, id))
    .get();
  return row ? { ...row.item, votes: Number(row.votes), votedByMe: Boolean(row.votedByMe) } : undefined;
}

/** One vote per user: a second vote changes nothing. */
export async function addFeedbackVote(db: Database, feedbackId: string, userId: number): Promise<void> {
  await db.insert(feedbackVotes).values({ feedbackId, userId }).onConflictDoNothing();
}

export async function removeFeedbackVote(db: Database, feedbackId: string, userId: number): Promise<void> {
  await db.delete(feedbackVotes).where(and(eq(feedbackVotes.feedbackId, feedbackId), eq(feedbackVotes.userId, userId)));
}

export async function updateFeedback(
  db: Database,
  id: string,
  changes: Partial<Pick<FeedbackItemRow, "status" | "teamReply" | "teamReplyAt">>,
): Promise<void> {
  await db.update(feedbackItems).set(changes).where(eq(feedbackItems.id, id));
}

/** Staff: the board with each submitter's account. */
export async function listFeedbackForStaff(db: Database, viewerId: number, filters: FeedbackFilters = {}): Promise<(FeedbackRow & { username: string; email: string })[]> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(feedbackItems.status, filters.status));
  if (filters.kind) where.push(eq(feedbackItems.kind, filters.kind));
  const rows = await db
    .select({ item: feedbackItems, votes, votedByMe: votedBy(viewerId), username: users.username, email: users.email })
    .from(feedbackItems)
    .innerJoin(users, eq(users.id, feedbackItems.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(feedbackItems.createdAt))
    .limit(300)
    .all();
  return rows.map((r) => ({ ...r.item, votes: Number(r.votes), votedByMe: Boolean(r.votedByMe), username: r.username, email: r.email }));
}

import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "./client";
import { sessions, users, type User } from "./schema";

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Database,
  values: { id: string; userId: number; expiresAt: string; userAgent?: string | null; ipAddress?: string | null },
): Promise<void> {
  await db.insert(sessions).values({ ...values, lastSeenAt: new Date().toISOString() });
}

/** An active session (as findActiveSession) with its user, in one read: every signed-in request asks. */
export async function findActiveSessionWithUser(db: Database, id: string, now: Date): Promise<{ session: SessionRow; user: User } | undefined> {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}`))
    .get();
}

/** A session that exists, is not revoked and has not expired. */
export async function findActiveSession(db: Database, id: string, now: Date): Promise<SessionRow | undefined> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}`))
    .get();
}

export async function listActiveSessions(db: Database, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}`),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .all();
}

/** Revokes one session of this user; false when it is not theirs or already ended. */
export async function revokeSession(db: Database, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Updated at most once a minute per session, so reads stay cheap. */
export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db
    .update(sessions)
    .set({ lastSeenAt: now.toISOString() })
    .where(and(eq(sessions.id, id), sql`coalesce(${sessions.lastSeenAt}, '') < ${cutoff}`));
}

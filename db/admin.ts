/** Staff queries (admin area): overview figures, the user directory, disabling and plan grants. */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "./client";
import { payments, sessions, subscriptions, usageDaily, users, type User } from "./schema";
import { containsText } from "./text-match";

export async function countDisabledUsers(db: Database): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(users).where(isNotNull(users.disabledAt)).get();
  return row?.n ?? 0;
}

/** Sign-ups per UTC day since `sinceDay` (YYYY-MM-DD), only days with any. */
export async function signupsPerDay(db: Database, sinceDay: string) {
  const day = sql<string>`substr(${users.createdAt}, 1, 10)`;
  return db
    .select({ day, count: sql<number>`count(*)` })
    .from(users)
    .where(gte(users.createdAt, sinceDay))
    .groupBy(day)
    .all();
}

/** Distinct users who used a session since `sinceIso` or have metered usage on or after its day. */
export async function countActiveUsers(db: Database, sinceIso: string): Promise<number> {
  const sinceDay = sinceIso.slice(0, 10);
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(
      sql`(SELECT ${sessions.userId} AS uid FROM ${sessions} WHERE ${sessions.lastSeenAt} >= ${sinceIso}
           UNION SELECT ${usageDaily.userId} FROM ${usageDaily} WHERE ${usageDaily.day} >= ${sinceDay} AND ${usageDaily.amount} > 0)`,
    )
    .get();
  return row?.n ?? 0;
}

/** A subscription row written by staff rather than by Stripe. */
const isGrant = and(isNotNull(subscriptions.grantedBy), isNull(subscriptions.subscriptionId));
const isStripe = or(isNull(subscriptions.grantedBy), isNotNull(subscriptions.subscriptionId));

/** Stripe subscriptions by status and plan (paid plans only), plus the grants in force. */
export async function subscriptionCounts(db: Database) {
  const rows = await db
    .select({ plan: subscriptions.plan, status: subscriptions.status, grant: sql<number>`${isGrant}`, n: sql<number>`count(*)` })
    .from(subscriptions)
    .where(sql`${subscriptions.plan} <> 'free'`)
    .groupBy(subscriptions.plan, subscriptions.status, sql`3`)
    .all();
  return rows.map((r) => ({ ...r, grant: Boolean(r.grant) }));
}

/** Each active Stripe subscription with the interval of the user's latest payment (null with none). */
export async function activePaidSubscriptions(db: Database) {
  // The outer column is written out: drizzle would render it unqualified, as the payment's own user_id.
  const latestInterval = sql<string | null>`(SELECT ${payments.interval} FROM ${payments} WHERE ${payments.userId} = "subscriptions"."user_id" ORDER BY ${payments.createdAt} DESC LIMIT 1)`;
  return db
    .select({ userId: subscriptions.userId, plan: subscriptions.plan, interval: latestInterval })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), sql`${subscriptions.plan} <> 'free'`, isStripe))
    .all();
}

/** Stripe subscriptions whose latest change, since `sinceIso`, was a cancellation. */
export async function countCancelledSince(db: Database, sinceIso: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "canceled"), gte(subscriptions.updatedAt, sinceIso), isStripe))
    .get();
  return row?.n ?? 0;
}

export interface UserDirectorySearch {
  /** Part of the email or username, or an exact id. */
  q?: string;
  beforeId?: number;
  limit: number;
}

/** Users newest first, each with their subscription row (if any). */
export async function searchUsers(db: Database, search: UserDirectorySearch) {
  const filters = [];
  const q = search.q?.trim();
  if (q) {
    const id = /^\d+$/.test(q) ? Number(q) : null;
    filters.push(or(containsText(users.email, q), containsText(users.username, q), ...(id ? [eq(users.id, id)] : [])));
  }
  if (search.beforeId) filters.push(lt(users.id, search.beforeId));
  return db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(users.id))
    .limit(search.limit)
    .all();
}

export async function findUserWithSubscription(db: Database, userId: number) {
  return db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .get();
}

/** Marks the account disabled; false when it already was. Sessions are revoked by the caller. */
export async function disableUser(db: Database, userId: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ disabledAt: at.toISOString(), disabledReason: reason, updatedAt: at.toISOString() })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Lifts a disable; false when the account was not disabled. */
export async function enableUser(db: Database, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ disabledAt: null, disabledReason: null, updatedAt: at.toISOString() })
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Grants or removes the AI Launcher; false when the account already was in that state. */
export async function setLauncherAccess(db: Database, userId: number, access: boolean, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ launcherAccess: access, updatedAt: at.toISOString() })
    .where(and(eq(users.id, userId), eq(users.launcherAccess, !access)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Writes a support grant as the user's subscription: the plan, status active, no Stripe
 * subscription id, and who granted it. Stripe fields the user already had (customer id) stay.
 */
export async function writePlanGrant(db: Database, userId: number, plan: string, grantedBy: number, at: Date) {
  const values = {
    plan,
    planName: null,
    status: "active",
    subscriptionId: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    grantedBy,
    grantedAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  await db.insert(subscriptions).values({ userId, ...values }).onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

/** Ends a support grant: the user is back on free. */
export async function endPlanGrant(db: Database, userId: number, at: Date) {
  await db
    .update(subscriptions)
    .set({ plan: "free", planName: null, status: "inactive", updatedAt: at.toISOString() })
    .where(and(eq(subscriptions.userId, userId), isGrant));
}

export async function usersByIds(db: Database, ids: number[]): Promise<Pick<User, "id" | "email">[]> {
  if (!ids.length) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)).all();
}

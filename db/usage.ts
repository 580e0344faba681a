import { and, asc, eq, gte, sql } from "drizzle-orm";
import { asDatabase, runStatements, type Database } from "./client";
import { usageDaily } from "./schema";

export async function usageHistory(db: Database, userId: number, days: number) {
  const since = new Date(Date.now() - days * 24 * 3600_000).toISOString().slice(0, 10);
  return db
    .select({ day: usageDaily.day, counter: usageDaily.counter, amount: usageDaily.amount })
    .from(usageDaily)
    .where(and(eq(usageDaily.userId, userId), gte(usageDaily.day, since)))
    .orderBy(asc(usageDaily.day))
    .all();
}

/** Usage summed over every user since `sinceDay`, per counter (admin overview). */
export async function usageTotals(db: Database, sinceDay: string) {
  return db
    .select({ counter: usageDaily.counter, amount: sql<number>`sum(${usageDaily.amount})` })
    .from(usageDaily)
    .where(gte(usageDaily.day, sinceDay))
    .groupBy(usageDaily.counter)
    .all();
}

/**
 * Writes a user's daily totals as absolute values (idempotent), for the usage meter's roll-up.
 * The Durable Object calls it outside a request with the raw D1 binding it holds.
 */
export async function upsertUsageDaily(target: Database | D1Database, userId: number, rows: { day: string; counter: string; used: number }[]) {
  await runStatements(
    asDatabase(target),
    rows.map((r) => ({
      sql: `INSERT INTO usage_daily (user_id, day, counter, amount) VALUES (?, ?, ?, ?)
           ON CONFLICT (user_id, day, counter) DO UPDATE SET amount = excluded.amount`,
      args: [userId, r.day, r.counter, r.used],
    })),
  );
}

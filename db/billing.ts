import { and, eq, isNull, sql } from "drizzle-orm";
import type { BillingEffect, Who } from "../app/domain/contracts/billing";
import type { Database } from "./client";
import { recordProviderStateStatement } from "./billing-sync";
import { uniqueViolation } from "./errors";
import { payments, stripeEvents, subscriptions, unclaimedPurchases, users } from "./schema";

export async function resolveBillingUser(db: Database, who: Who): Promise<number | null> {
  if (who.userId) {
    const row = await db.select({ id: users.id }).from(users).where(eq(users.id, who.userId)).get();
    if (row) return row.id;
  }
  if (who.customerId) {
    const row = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, who.customerId))
      .get();
    if (row) return row.userId;
  }
  return null;
}

/**
 * Applies an event's effects and records its id in ONE batch (a D1 transaction): a replay
 * fails on the event id's primary key and the whole batch, effects included, rolls back.
 * Returns false when the event had already been applied.
 */
export async function applyStripeEvent(
  db: Database,
  event: { id: string; type: string },
  effects: { effect: BillingEffect; userId: number | null }[],
): Promise<boolean> {
  const firstUser = effects.find((e) => e.userId)?.userId ?? null;
  const statements = [db.insert(stripeEvents).values({ id: event.id, type: event.type, userId: firstUser })];
  const now = new Date().toISOString();
  for (const { effect, userId } of effects) {
    if (effect.kind === "unclaimed") {
      const { customerEmail: _shownOnReceipt, ...purchase } = effect.purchase;
      statements.push(db.insert(unclaimedPurchases).values(purchase).onConflictDoNothing() as never);
      continue;
    }
    if (!userId) continue;
    if (effect.kind === "subscription") {
      const c = effect.change;
      const values = {
        ...(c.plan !== undefined ? { plan: c.plan } : {}),
        ...(c.planName !== undefined ? { planName: c.planName } : {}),
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.customerId ? { customerId: c.customerId } : {}),
        ...(c.subscriptionId ? { subscriptionId: c.subscriptionId } : {}),
        ...(c.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: c.cancelAtPeriodEnd } : {}),
        ...(c.currentPeriodEnd !== undefined ? { currentPeriodEnd: c.currentPeriodEnd } : {}),
        updatedAt: now,
      };
      statements.push(
        db
          .insert(subscriptions)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values }) as never,
      );
      // What the provider said, kept apart from our row so /subscription-sync can compare them.
      statements.push(recordProviderStateStatement(db, userId, c, event, now) as never);
    } else if (effect.kind === "payment") {
      statements.push(db.insert(payments).values({ ...effect.payment, userId }).onConflictDoNothing() as never);
    }
  }
  try {
    await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
    return true;
  } catch (err) {
    // A replay: the event id is already recorded, so the whole batch (effects too) was refused.
    if (uniqueViolation(err) === "stripe_events.id") return false;
    throw err;
  }
}

export async function latestPayment(db: Database, userId: number, id?: string) {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).all();
  const sorted = rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return id ? sorted.find((p) => p.id === id) : sorted[0];
}

export async function hasUnclaimedPurchase(db: Database, email: string): Promise<boolean> {
  const row = await db
    .select({ id: unclaimedPurchases.id })
    .from(unclaimedPurchases)
    .where(and(sql`lower(${unclaimedPurchases.email}) = ${email.toLowerCase()}`, isNull(unclaimedPurchases.claimedBy)))
    .get();
  return Boolean(row);
}

/**
 * Attaches every unclaimed purchase made under `email` to the user, in one batch: the newest
 * becomes the subscription, each becomes a payment on their receipts. Returns how many.
 */
export async function claimPurchases(db: Database, userId: number, email: string): Promise<{ claimed: number; plan: string | null }> {
  const rows = await db
    .select()
    .from(unclaimedPurchases)
    .where(and(sql`lower(${unclaimedPurchases.email}) = ${email.toLowerCase()}`, isNull(unclaimedPurchases.claimedBy)))
    .all();
  if (!rows.length) return { claimed: 0, plan: null };
  const newest = rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const now = new Date().toISOString();
  const sub = {
    plan: newest.plan,
    status: "active",
    customerId: newest.customerId,
    subscriptionId: newest.subscriptionId,
    cancelAtPeriodEnd: false,
    updatedAt: now,
  };
  const statements = [
    db.insert(subscriptions).values({ userId, ...sub }).onConflictDoUpdate({ target: subscriptions.userId, set: sub }),
    // The claimed checkout is the provider's word too (/subscription-sync compares against it).
    recordProviderStateStatement(db, userId, sub, { id: newest.id, type: "checkout.session.completed (claimed)" }, now),
    ...rows.map((r) =>
      db
        .insert(payments)
        .values({
          id: r.id,
          userId,
          plan: r.plan,
          interval: r.interval,
          amountTotal: r.amountTotal,
          currency: r.currency,
          customerEmail: r.email,
          customerId: r.customerId,
          subscriptionId: r.subscriptionId,
        })
        .onConflictDoNothing(),
    ),
    ...rows.map((r) =>
      db.update(unclaimedPurchases).set({ claimedBy: userId, claimedAt: now }).where(eq(unclaimedPurchases.id, r.id)),
    ),
  ];
  await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
  return { claimed: rows.length, plan: newest.plan };
}

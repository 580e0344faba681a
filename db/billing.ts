import { eq } from "drizzle-orm";
import type { BillingEffect, Who } from "../app/core/billing/stripe-events";
import type { Database } from "./client";
import { payments, stripeEvents, subscriptions, users } from "./schema";

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

export async function isStripeEventRecorded(db: Database, id: string): Promise<boolean> {
  return Boolean(await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).get());
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
    } else if (effect.kind === "payment") {
      statements.push(db.insert(payments).values({ ...effect.payment, userId }).onConflictDoNothing() as never);
    }
  }
  try {
    await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
    return true;
  } catch (err) {
    if (String((err as Error)?.message ?? err).includes("UNIQUE") && (await isStripeEventRecorded(db, event.id))) return false;
    throw err;
  }
}

export async function latestPayment(db: Database, userId: number, id?: string) {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).all();
  const sorted = rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return id ? sorted.find((p) => p.id === id) : sorted[0];
}

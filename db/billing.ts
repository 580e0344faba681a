import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BillingEffect, Who } from "../app/domain/contracts/billing";
import type { Database } from "./client";
import { recordProviderStateStatement } from "./billing-sync";
import { uniqueViolation } from "./errors";
import { payments, stripeEvents, stripePendingEvents, subscriptions, unclaimedPurchases, users } from "./schema";

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
  if (who.subscriptionId) {
    const row = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, who.subscriptionId))
      .get();
    if (row) return row.userId;
  }
  return null;
}

export interface StripeEventToApply {
  event: { id: string; type: string; /** Unix seconds: an older event never overwrites a newer one. */ created: number };
  effects: { effect: BillingEffect; userId: number | null }[];
}

/**
 * Applies an event's effects and records its id in ONE batch (a D1 transaction): a replay
 * fails on the event id's primary key and the whole batch, effects included, rolls back.
 * `released` are events kept pending until now (their customer was not tied to a user): they are
 * applied in the same batch after it, oldest first, recorded as applied and taken off the
 * pending list. A subscription change is applied only when its event is not older than the one
 * that last set the row (Stripe does not deliver in order). Returns false when the event had
 * already been applied.
 *
 * `current` is the subscription as Stripe's API answered it when the checkout arrived: applied
 * last, as of `current.event.created` (the time of the read), and not recorded as an event.
 * `superseded` are pending events that state already covers: recorded as applied (a redelivery is
 * then a replay) and taken off the pending list, their effects not applied.
 */
export async function applyStripeEvent(
  db: Database,
  main: StripeEventToApply | null,
  released: StripeEventToApply[] = [],
  fromApi: { current?: StripeEventToApply; superseded?: StripeEventToApply[] } = {},
): Promise<boolean> {
  const statements: unknown[] = [];
  if (main) {
    statements.push(db.insert(stripeEvents).values({ id: main.event.id, type: main.event.type, userId: firstUserOf(main) }));
    statements.push(...effectStatements(db, main));
  }
  for (const item of [...released].sort((a, b) => a.event.created - b.event.created)) {
    statements.push(db.insert(stripeEvents).values({ id: item.event.id, type: item.event.type, userId: firstUserOf(item) }).onConflictDoNothing());
    statements.push(...effectStatements(db, item));
    statements.push(db.delete(stripePendingEvents).where(eq(stripePendingEvents.eventId, item.event.id)));
  }
  for (const item of fromApi.superseded ?? []) {
    statements.push(db.insert(stripeEvents).values({ id: item.event.id, type: item.event.type, userId: firstUserOf(item) }).onConflictDoNothing());
    statements.push(db.delete(stripePendingEvents).where(eq(stripePendingEvents.eventId, item.event.id)));
  }
  if (fromApi.current) statements.push(...effectStatements(db, fromApi.current));
  if (!statements.length) return false;
  try {
    await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
    return true;
  } catch (err) {
    // A replay: the event id is already recorded, so the whole batch (effects too) was refused.
    if (uniqueViolation(err) === "stripe_events.id") return false;
    throw err;
  }
}

const firstUserOf = (item: StripeEventToApply) => item.effects.find((e) => e.userId)?.userId ?? null;

function effectStatements(db: Database, { event, effects }: StripeEventToApply): unknown[] {
  const statements: unknown[] = [];
  const now = new Date().toISOString();
  for (const { effect, userId } of effects) {
    if (effect.kind === "unclaimed") {
      const { customerEmail: _shownOnReceipt, ...purchase } = effect.purchase;
      statements.push(db.insert(unclaimedPurchases).values(purchase).onConflictDoNothing());
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
        providerEventCreated: event.created,
        updatedAt: now,
      };
      statements.push(
        db
          .insert(subscriptions)
          .values({ userId, ...values })
          .onConflictDoUpdate({
            target: subscriptions.userId,
            set: values,
            // Newest by the event's own time: a delayed older event leaves a newer state alone.
            setWhere: sql`coalesce(${subscriptions.providerEventCreated}, 0) <= ${event.created}`,
          }),
      );
      // What the provider said, kept apart from our row so /subscription-sync can compare them.
      statements.push(recordProviderStateStatement(db, userId, c, event, now));
    } else if (effect.kind === "payment") {
      statements.push(db.insert(payments).values({ ...effect.payment, userId }).onConflictDoNothing());
    }
  }
  return statements;
}

export async function isStripeEventApplied(db: Database, id: string): Promise<boolean> {
  return Boolean(await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).get());
}

/** Keeps an event whose customer is not tied to a user yet; a redelivery keeps the first copy. */
export async function storePendingStripeEvent(
  db: Database,
  row: { eventId: string; type: string; customerId: string | null; subscriptionId: string | null; created: number; payload: string },
): Promise<void> {
  await db.insert(stripePendingEvents).values(row).onConflictDoNothing();
}

/** The pending events of a customer or subscription, oldest first. */
export async function pendingStripeEventsFor(db: Database, ids: { customerId: string | null; subscriptionId: string | null }) {
  const matches = [
    ids.customerId ? eq(stripePendingEvents.customerId, ids.customerId) : undefined,
    ids.subscriptionId ? eq(stripePendingEvents.subscriptionId, ids.subscriptionId) : undefined,
  ].filter((m) => m !== undefined);
  if (!matches.length) return [];
  return db.select().from(stripePendingEvents).where(or(...matches)).orderBy(asc(stripePendingEvents.created)).limit(100).all();
}

/**
 * Drops pending events received before `before` (ISO time): those of a customer who never
 * checked out through us (another product on the same Stripe account). Returns how many.
 */
export async function prunePendingStripeEvents(db: Database, before: string): Promise<number> {
  const gone = await db.delete(stripePendingEvents).where(lt(stripePendingEvents.receivedAt, before)).returning({ id: stripePendingEvents.eventId }).all();
  return gone.length;
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
export async function claimPurchases(
  db: Database,
  userId: number,
  email: string,
): Promise<{ claimed: number; plan: string | null; customerId: string | null; subscriptionId: string | null }> {
  const rows = await db
    .select()
    .from(unclaimedPurchases)
    .where(and(sql`lower(${unclaimedPurchases.email}) = ${email.toLowerCase()}`, isNull(unclaimedPurchases.claimedBy)))
    .all();
  if (!rows.length) return { claimed: 0, plan: null, customerId: null, subscriptionId: null };
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
  return { claimed: rows.length, plan: newest.plan, customerId: newest.customerId, subscriptionId: newest.subscriptionId };
}

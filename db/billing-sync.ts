/**
 * /subscription-sync's queries: the provider's last recorded state per user (written with each
 * applied Stripe event), our own subscription row, and the fix that copies differing fields.
 */
import { eq, sql } from "drizzle-orm";
import type { SubscriptionChange } from "../app/domain/contracts/billing";
import type { Database } from "./client";
import { billingProviderStates, subscriptions } from "./schema";

/**
 * The statement that merges one event's subscription change into the provider's state, exactly
 * as the same change is merged into our row: for the webhook's batch, so both commit together.
 */
export function recordProviderStateStatement(
  db: Database,
  userId: number,
  change: Partial<SubscriptionChange>,
  event: { id: string; type: string; /** Unix seconds; an older event than the recorded one changes nothing. */ created?: number },
  now: string,
) {
  const values = {
    ...(change.plan !== undefined ? { plan: change.plan } : {}),
    ...(change.status !== undefined ? { status: change.status } : {}),
    ...(change.customerId ? { customerId: change.customerId } : {}),
    ...(change.subscriptionId ? { subscriptionId: change.subscriptionId } : {}),
    ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
    ...(change.currentPeriodEnd !== undefined ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
    lastEventId: event.id,
    lastEventType: event.type,
    ...(event.created !== undefined ? { eventCreated: event.created } : {}),
    updatedAt: now,
  };
  return db
    .insert(billingProviderStates)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: billingProviderStates.userId,
      set: values,
      ...(event.created !== undefined ? { setWhere: sql`coalesce(${billingProviderStates.eventCreated}, 0) <= ${event.created}` } : {}),
    });
}

export async function findProviderState(db: Database, userId: number) {
  return (await db.select().from(billingProviderStates).where(eq(billingProviderStates.userId, userId)).get()) ?? null;
}

export async function findOwnSubscription(db: Database, userId: number) {
  return (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get()) ?? null;
}

export interface SubscriptionFix {
  plan?: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
}

/** Writes the provider's values into the user's row (creating it when we had none). */
export async function applySubscriptionFix(db: Database, userId: number, fix: SubscriptionFix, now: string) {
  const values = { ...fix, updatedAt: now };
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

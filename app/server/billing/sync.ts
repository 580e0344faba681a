/**
 * /subscription-sync: our subscription row against the payment provider's state. With a Stripe
 * key the provider's state is read from Stripe's API now; offline it is the state the applied
 * webhook events recorded (db/billing-sync.ts). Every differing field is listed (ours →
 * provider's); syncing copies the provider's values into our row.
 */
import type { SubscriptionSnapshot, SubscriptionSyncResult, SyncDifference } from "~/domain/contracts/subscription-sync";
import { describeDifference, sameSyncValue, SYNC_FIELDS, type SyncValue } from "~/domain/subscription-sync";
import type { Database } from "../../../db/client";
import { applySubscriptionFix, findOwnSubscription, findProviderState, type SubscriptionFix } from "../../../db/billing-sync";
import { effectsOf } from "./stripe-events";
import type { StripeApi, StripeSubscriptionObject } from "./stripe-api";

export interface SubscriptionSyncDeps {
  db: Database;
  /** Stripe's API when STRIPE_SECRET_KEY is set; null: compare with the recorded webhook events. */
  stripe: StripeApi | null;
  /** Tells the user's meter (and open tabs) when a fix changed the plan or status. */
  notifyPlanChange?: (userId: number) => Promise<void>;
  now?: () => Date;
}

interface ProviderView {
  snapshot: SubscriptionSnapshot | null;
  event: { id: string; type: string } | null;
  /** Why there is nothing to compare with, when snapshot is null. */
  missing: string;
}

/** Compares without changing anything (GET). */
export async function compareSubscription(deps: SubscriptionSyncDeps, userId: number): Promise<SubscriptionSyncResult> {
  const { ours, provider, differences } = await readBothSides(deps, userId);
  return result(deps, ours, provider, differences, []);
}

/** Compares, then copies every differing field from the provider into our row (POST "Sync now"). */
export async function syncSubscription(deps: SubscriptionSyncDeps, userId: number): Promise<SubscriptionSyncResult> {
  const { ours, provider, differences } = await readBothSides(deps, userId);
  if (!provider.snapshot || !differences.length) return result(deps, ours, provider, [], []);
  const fix: SubscriptionFix = {};
  for (const d of differences) Object.assign(fix, { [d.field]: d.provider });
  if (!ours) {
    // We had no row at all: the provider's ids come along so the new row is whole.
    fix.customerId = provider.snapshot.customerId;
    fix.subscriptionId = provider.snapshot.subscriptionId;
  }
  const now = (deps.now?.() ?? new Date()).toISOString();
  await applySubscriptionFix(deps.db, userId, fix, now);
  if (differences.some((d) => d.field === "plan" || d.field === "status" || d.field === "currentPeriodEnd")) {
    await deps.notifyPlanChange?.(userId);
  }
  const after = await findOwnSubscription(deps.db, userId);
  return result(deps, after ? ownSnapshot(after) : null, provider, [], differences);
}

async function readBothSides(deps: SubscriptionSyncDeps, userId: number) {
  const [row, recorded] = await Promise.all([findOwnSubscription(deps.db, userId), findProviderState(deps.db, userId)]);
  const ours = row ? ownSnapshot(row) : null;
  const provider = deps.stripe ? await readFromStripe(deps.stripe, ours, recorded) : fromRecordedEvents(recorded);
  return { ours, provider, differences: provider.snapshot ? differencesBetween(ours, provider.snapshot) : [] };
}

function ownSnapshot(row: NonNullable<Awaited<ReturnType<typeof findOwnSubscription>>>): SubscriptionSnapshot {
  return {
    plan: row.plan,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    updatedAt: row.updatedAt,
  };
}

function fromRecordedEvents(recorded: Awaited<ReturnType<typeof findProviderState>>): ProviderView {
  if (!recorded) {
    return { snapshot: null, event: null, missing: "No payment event has been recorded for your account, so there is nothing to compare with." };
  }
  return {
    snapshot: {
      plan: recorded.plan,
      status: recorded.status,
      currentPeriodEnd: recorded.currentPeriodEnd,
      cancelAtPeriodEnd: recorded.cancelAtPeriodEnd,
      customerId: recorded.customerId,
      subscriptionId: recorded.subscriptionId,
      updatedAt: recorded.updatedAt,
    },
    event: { id: recorded.lastEventId, type: recorded.lastEventType },
    missing: "",
  };
}

async function readFromStripe(
  stripe: StripeApi,
  ours: SubscriptionSnapshot | null,
  recorded: Awaited<ReturnType<typeof findProviderState>>,
): Promise<ProviderView> {
  // Only ids already tied to this user (our row, or events Stripe sent about them) are asked about.
  const subscriptionId = ours?.subscriptionId ?? recorded?.subscriptionId ?? null;
  const customerId = ours?.customerId ?? recorded?.customerId ?? null;
  let found: StripeSubscriptionObject | null = null;
  if (subscriptionId) found = await stripe.retrieveSubscription(subscriptionId);
  if (!found && customerId) found = await stripe.latestSubscriptionForCustomer(customerId);
  if (!found) {
    const missing = subscriptionId
      ? `Stripe has no subscription ${subscriptionId}${customerId ? ` or any other for customer ${customerId}` : ""}.`
      : customerId
        ? `Stripe has no subscription for customer ${customerId}.`
        : "Your account has no Stripe subscription or customer to look up.";
    return { snapshot: null, event: null, missing };
  }
  // The webhook's own translation, so Sync now reads a subscription exactly as an event would.
  const [effect] = effectsOf({ id: `sync_${found.id}`, type: "customer.subscription.updated", data: { object: found } });
  const change = effect.kind === "subscription" ? effect.change : {};
  return {
    snapshot: {
      plan: change.plan ?? null,
      status: change.status ?? null,
      currentPeriodEnd: change.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? null,
      customerId: change.customerId ?? null,
      subscriptionId: change.subscriptionId ?? found.id,
      updatedAt: new Date().toISOString(),
    },
    event: null,
    missing: "",
  };
}

/** Every field the provider knows that differs from ours; a field the provider never stated is not compared. */
export function differencesBetween(ours: SubscriptionSnapshot | null, provider: SubscriptionSnapshot): SyncDifference[] {
  const differences: SyncDifference[] = [];
  for (const field of SYNC_FIELDS) {
    const theirs = provider[field] as SyncValue;
    if (theirs === null) continue;
    const mine = (ours?.[field] ?? null) as SyncValue;
    if (!sameSyncValue(field, mine, theirs)) differences.push({ field, ours: mine, provider: theirs });
  }
  return differences;
}

function result(
  deps: SubscriptionSyncDeps,
  ours: SubscriptionSnapshot | null,
  provider: ProviderView,
  differences: SyncDifference[],
  fixed: SyncDifference[],
): SubscriptionSyncResult {
  const source = deps.stripe ? ("stripe" as const) : ("events" as const);
  const where = source === "stripe" ? "Stripe" : "the last payment event";
  let message: string;
  if (!ours && !provider.snapshot) message = "You have no subscription yet: there is nothing to sync.";
  else if (!provider.snapshot) message = provider.missing;
  else if (fixed.length) message = `Fixed ${plural(fixed.length)} from ${where}: ${fixed.map(describeDifference).join("; ")}.`;
  else if (differences.length) message = `${capitalize(plural(differences.length))} from ${where}: ${differences.map(describeDifference).join("; ")}.`;
  else message = `In sync: our record matches ${where}.`;
  return {
    source,
    ours,
    provider: provider.snapshot,
    providerEvent: provider.event,
    differences,
    inSync: Boolean(provider.snapshot) && differences.length === 0,
    fixed,
    checkedAt: (deps.now?.() ?? new Date()).toISOString(),
    message,
  };
}

const plural = (n: number) => `${n} difference${n === 1 ? "" : "s"}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

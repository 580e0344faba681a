/**
 * One verified Stripe event, received: the API version is checked, the event is translated to
 * effects (stripe-events.ts), and applied in one D1 batch with its id. Stripe promises no order:
 * an event about a customer or subscription we cannot tie to a user yet (a Payment Link's
 * subscription carries no user id; only its checkout does) is kept pending, not recorded as
 * applied, and is applied (oldest first, never over a newer state) in the batch of the event
 * that ties that customer to a user. With Stripe's API at hand (STRIPE_SECRET_KEY), a paid
 * checkout of a subscription also reads the subscription itself and applies that state, so the
 * renewal date is right even when the subscription's events never come; pending events older
 * than the read are then superseded, not applied.
 */
import { AppError } from "~/domain/errors";
import type { Mailer } from "~/server/email/mailer";
import { renderEmail } from "~/server/email/templates";
import type { Logger } from "~/server/platform/log";
import { applyAffiliateStripeEvent } from "~/server/affiliate/stripe-commissions";
import {
  applyStripeEvent,
  isStripeEventApplied,
  pendingStripeEventsFor,
  prunePendingStripeEvents,
  resolveBillingUser,
  storePendingStripeEvent,
  type StripeEventToApply,
} from "../../../db/billing";
import type { Database } from "../../../db/client";
import { findUserById } from "../../../db/users";
import type { StripeApi, StripeSubscriptionObject } from "./stripe-api";
import { effectsOf, type BillingEffect, type StripeEvent } from "./stripe-events";
import { apiVersionVerdict } from "./stripe-version";

export interface StripeWebhookDeps {
  db: Database;
  log: Logger;
  /** Tells the user's meter (and open tabs) that the plan may have changed. */
  notifyPlanChange: (userId: number) => Promise<void>;
  /** For the email to a buyer whose delayed payment failed. */
  mailer: Mailer;
  appUrl: string;
  supportEmail: string;
  /** Stripe's API when STRIPE_SECRET_KEY is set: a paid subscription checkout reads the subscription. Null: events only. */
  stripe?: StripeApi | null;
  now?: () => Date;
}

export interface StripeWebhookOutcome {
  /** False for a replay of an event already applied (or already kept pending). */
  applied: boolean;
  /** Kept until its customer is tied to a user. */
  pending: boolean;
  ignored: boolean;
  /** Events kept pending earlier and applied with this one. */
  released: number;
  /** Pending events dropped because the subscription read from Stripe's API is newer. */
  superseded: number;
  /** Whether the subscription's current state was read from Stripe's API and applied. */
  readFromApi: boolean;
  affiliate: string;
}

/** Events about an existing customer's subscription: kept when the customer is not known yet. */
const PENDABLE = new Set(["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.payment_failed"]);

type Resolved = { effect: BillingEffect; userId: number | null };

const whoOf = (effect: BillingEffect) => ("who" in effect ? effect.who : null);

/** The customer and subscription ids an event's effects name. */
function idsOf(effects: Resolved[]): { customerId: string | null; subscriptionId: string | null } {
  let customerId: string | null = null;
  let subscriptionId: string | null = null;
  for (const { effect } of effects) {
    const who = whoOf(effect);
    const change = effect.kind === "subscription" ? effect.change : null;
    customerId ??= who?.customerId ?? change?.customerId ?? null;
    subscriptionId ??= who?.subscriptionId ?? change?.subscriptionId ?? null;
  }
  return { customerId, subscriptionId };
}

export async function receiveStripeEvent(deps: StripeWebhookDeps, event: StripeEvent, raw: string): Promise<StripeWebhookOutcome> {
  const { db, log } = deps;
  const now = deps.now?.() ?? new Date();
  const verdict = apiVersionVerdict(event.api_version);
  if (!verdict.read) {
    // Refused whole, before anything is written: Stripe retries, the operator reads why.
    log.warn("stripe event refused", { id: event.id, type: event.type, apiVersion: event.api_version, reason: verdict.note });
    throw new AppError("VALIDATION", `Stripe event ${event.id} was not applied: ${verdict.note}.`, { details: { apiVersion: event.api_version } });
  }
  if (verdict.note) log.warn("stripe event of another api version", { id: event.id, type: event.type, apiVersion: event.api_version, reason: verdict.note });

  const created = event.created ?? Math.floor(now.getTime() / 1000);
  const effects: Resolved[] = await Promise.all(
    effectsOf(event).map(async (effect) => {
      const who = whoOf(effect);
      return { effect, userId: who ? await resolveBillingUser(db, who) : null };
    }),
  );
  const ids = idsOf(effects);
  const unknownCustomer = effects.some(({ effect, userId }) => effect.kind === "subscription" && !userId);
  if (PENDABLE.has(event.type) && unknownCustomer && (ids.customerId || ids.subscriptionId)) {
    if (await isStripeEventApplied(db, event.id)) return { applied: false, pending: false, ignored: false, released: 0, superseded: 0, readFromApi: false, affiliate: "none" };
    await storePendingStripeEvent(db, { eventId: event.id, type: event.type, ...ids, created, payload: raw });
    log.info("stripe event kept until its customer is known", { id: event.id, type: event.type, ...ids });
    return { applied: true, pending: true, ignored: false, released: 0, superseded: 0, readFromApi: false, affiliate: "none" };
  }

  // This event ties the customer to a user: what was kept for that customer is applied with it.
  const userId = effects.find((e) => e.userId)?.userId ?? null;
  const pending = userId ? await releasable(db, userId, ids, event.id) : [];
  const current = userId && deps.stripe && activatesSubscription(event, effects) ? await currentSubscription(deps, deps.stripe, userId, ids, event.id, now) : null;
  // What the read already covers is superseded; only events newer than the read are applied.
  const released = current ? pending.filter((p) => p.event.created > current.event.created) : pending;
  const superseded = current ? pending.filter((p) => p.event.created <= current.event.created) : [];
  const applied = await applyStripeEvent(db, { event: { id: event.id, type: event.type, created }, effects }, released, current ? { current, superseded } : {});

  // Referral commissions and their reversals; idempotent, so a redelivery finishes a failed attempt.
  const affiliate = await applyAffiliateStripeEvent(db, event, now);
  if (applied) {
    // A plan change reaches the user's meter and every open tab at once.
    for (const id of new Set(effects.map((e) => e.userId).filter((u): u is number => Boolean(u)))) await deps.notifyPlanChange(id);
    for (const { effect, userId: buyer } of effects) {
      if (effect.kind === "checkout_failed") await tellCheckoutFailed(deps, buyer, effect);
    }
  }
  return {
    applied,
    pending: false,
    ignored: effects.every((e) => e.effect.kind === "ignored"),
    released: applied ? released.length : 0,
    superseded: applied ? superseded.length : 0,
    readFromApi: applied && Boolean(current),
    affiliate,
  };
}

/** A paid checkout that activates a subscription (not a one-off payment, not an unpaid delayed method). */
function activatesSubscription(event: StripeEvent, effects: Resolved[]): boolean {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return false;
  return effects.some(({ effect, userId }) => effect.kind === "subscription" && userId && effect.change.status === "active" && effect.change.subscriptionId);
}

/**
 * The subscription as Stripe's API has it now, translated exactly as a subscription event would be
 * (so the plan, status, renewal date and cancellation are read the same way), as of the time of
 * the read. Null when it cannot be read: the pending events are applied as without the key, and
 * the one warning line is the API client's (it names the path and status).
 */
async function currentSubscription(
  deps: StripeWebhookDeps,
  stripe: StripeApi,
  userId: number,
  ids: { customerId: string | null; subscriptionId: string | null },
  checkoutEventId: string,
  now: Date,
): Promise<StripeEventToApply | null> {
  const subscriptionId = ids.subscriptionId!;
  let found: StripeSubscriptionObject | null;
  try {
    found = await stripe.retrieveSubscription(subscriptionId);
  } catch {
    return null;
  }
  if (!found) {
    deps.log.warn("stripe has no subscription named by the checkout; pending events applied instead", { id: checkoutEventId, subscriptionId });
    return null;
  }
  const readAt = Math.floor(now.getTime() / 1000);
  let effects: BillingEffect[];
  try {
    effects = effectsOf({ id: `api_${found.id}`, type: "customer.subscription.updated", data: { object: found } });
  } catch (error) {
    deps.log.warn("stripe subscription unreadable; pending events applied instead", { id: checkoutEventId, subscriptionId, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
  return {
    event: { id: found.id, type: "subscription read from Stripe's API at checkout", created: readAt },
    effects: effects.map((effect) => ({ effect, userId: effect.kind === "subscription" ? userId : null })),
  };
}

/** The pending events of the customer or subscription, translated for `userId`. */
async function releasable(db: Database, userId: number, ids: { customerId: string | null; subscriptionId: string | null }, exceptId: string): Promise<StripeEventToApply[]> {
  const rows = await pendingStripeEventsFor(db, ids);
  return rows
    .filter((row) => row.eventId !== exceptId)
    .map((row) => {
      const event = JSON.parse(row.payload) as StripeEvent;
      return {
        event: { id: row.eventId, type: row.type, created: row.created },
        effects: effectsOf(event).map((effect) => ({ effect, userId: effect.kind === "ignored" ? null : userId })),
      };
    });
}

/** How long an event about a customer no checkout ever tied to a user is kept (ADR 019). */
export const PENDING_STRIPE_EVENTS_KEPT_DAYS = 30;

/** The scheduled prune: pending events received more than PENDING_STRIPE_EVENTS_KEPT_DAYS ago. Returns how many went. */
export async function prunePendingEvents(deps: { db: Database; now: Date }): Promise<number> {
  const before = new Date(deps.now.getTime() - PENDING_STRIPE_EVENTS_KEPT_DAYS * 86_400_000).toISOString();
  return prunePendingStripeEvents(deps.db, before);
}

/** Applies what was kept for a customer that a claimed purchase has just tied to `userId`. */
export async function releasePendingStripeEvents(db: Database, userId: number, ids: { customerId: string | null; subscriptionId: string | null }): Promise<number> {
  const released = await releasable(db, userId, ids, "");
  if (!released.length) return 0;
  await applyStripeEvent(db, null, released);
  return released.length;
}

async function tellCheckoutFailed(deps: StripeWebhookDeps, userId: number | null, effect: Extract<BillingEffect, { kind: "checkout_failed" }>) {
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user) {
    // No account to write to: the event is recorded (stripe_events) and logged.
    deps.log.info("stripe checkout payment failed for an unknown buyer", { sessionId: effect.sessionId, customerId: effect.who.customerId });
    return;
  }
  const link = `${deps.appUrl}/pricing`;
  const rendered = renderEmail("checkout_payment_failed", { appUrl: deps.appUrl, username: user.username, link, supportEmail: deps.supportEmail });
  await deps.mailer.send({ ...rendered, to: user.email, kind: "checkout_payment_failed", link });
}

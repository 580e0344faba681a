/**
 * One verified Stripe event, received: the API version is checked, the event is translated to
 * effects (stripe-events.ts), and applied in one D1 batch with its id. Stripe promises no order:
 * an event about a customer or subscription we cannot tie to a user yet (a Payment Link's
 * subscription carries no user id; only its checkout does) is kept pending, not recorded as
 * applied, and is applied (oldest first, never over a newer state) in the batch of the event
 * that ties that customer to a user.
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
  resolveBillingUser,
  storePendingStripeEvent,
  type StripeEventToApply,
} from "../../../db/billing";
import type { Database } from "../../../db/client";
import { findUserById } from "../../../db/users";
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
    if (await isStripeEventApplied(db, event.id)) return { applied: false, pending: false, ignored: false, released: 0, affiliate: "none" };
    await storePendingStripeEvent(db, { eventId: event.id, type: event.type, ...ids, created, payload: raw });
    log.info("stripe event kept until its customer is known", { id: event.id, type: event.type, ...ids });
    return { applied: true, pending: true, ignored: false, released: 0, affiliate: "none" };
  }

  // This event ties the customer to a user: what was kept for that customer is applied with it.
  const userId = effects.find((e) => e.userId)?.userId ?? null;
  const released = userId ? await releasable(db, userId, ids, event.id) : [];
  const applied = await applyStripeEvent(db, { event: { id: event.id, type: event.type, created }, effects }, released);

  // Referral commissions and their reversals; idempotent, so a redelivery finishes a failed attempt.
  const affiliate = await applyAffiliateStripeEvent(db, event, now);
  if (applied) {
    // A plan change reaches the user's meter and every open tab at once.
    for (const id of new Set(effects.map((e) => e.userId).filter((u): u is number => Boolean(u)))) await deps.notifyPlanChange(id);
    for (const { effect, userId: buyer } of effects) {
      if (effect.kind === "checkout_failed") await tellCheckoutFailed(deps, buyer, effect);
    }
  }
  return { applied, pending: false, ignored: effects.every((e) => e.effect.kind === "ignored"), released: applied ? released.length : 0, affiliate };
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

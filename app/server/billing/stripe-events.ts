/**
 * What a Stripe event means for our data: pure translation from the event to effects, so the
 * rules are unit-testable and the webhook route stays thin. Both the pre-basil shapes and the
 * basil ones (STRIPE_API_VERSION, ADR 019) are read: `invoice.subscription_details` moved to
 * `invoice.parent.subscription_details`, `current_period_end` moved to the subscription's items.
 */
import type { BillingEffect, PaymentRecord, SubscriptionChange, Who } from "~/domain/contracts/billing";
import { AppError } from "~/domain/errors";
import { resolvePlan } from "~/domain/plans";

export type { BillingEffect, PaymentRecord, SubscriptionChange, Who };

export interface StripeEvent {
  id: string;
  type: string;
  created?: number;
  api_version?: string | null;
  data: { object: Record<string, unknown> };
}

/** The event types whose object is a Checkout Session that may activate a plan. */
export const CHECKOUT_EVENT_TYPES = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
]);

/** Checkout Session payment states that mean the money is there (or none was owed). */
const PAID_STATES = new Set(["paid", "no_payment_required"]);

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
/** An id that Stripe sends as a string, or as the object when expanded. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === "object" ? str((v as { id?: unknown }).id) : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

function userIdFrom(o: Record<string, unknown>): number | null {
  const raw = str(o.client_reference_id) ?? str(obj(o.metadata).userId);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Our plan id from metadata (set on the Payment Link or Checkout), Growth ("pro") otherwise. */
function planFrom(o: Record<string, unknown>): string {
  const fromMeta = str(obj(o.metadata).plan);
  return fromMeta ? resolvePlan(fromMeta).id : "pro";
}

/**
 * A subscription's plan: its own metadata (the Payment Link's), else the metadata of its item's
 * price, else Growth ("pro"), the one plan the Payment Links sell.
 */
function subscriptionPlanFrom(o: Record<string, unknown>, item: Record<string, unknown>): string {
  const fromPrice = str(obj(obj(item.price).metadata).plan);
  return str(obj(o.metadata).plan) || !fromPrice ? planFrom(o) : resolvePlan(fromPrice).id;
}

/** Latest instant a Date can show (year 275760 is past it; Stripe's dates are seconds). */
const MAX_EPOCH_SECONDS = 8.64e12;

/** A Stripe Unix time as ISO; absent is null, anything a date cannot hold is a 400 naming the field. */
function isoFromEpoch(v: unknown, field: string): string | null {
  if (v === undefined || v === null) return null;
  const n = num(v);
  if (n === null || n <= 0 || n > MAX_EPOCH_SECONDS) {
    throw new AppError("VALIDATION", `The Stripe event's ${field} is not a valid Unix time (got ${JSON.stringify(v).slice(0, 40)}).`);
  }
  return new Date(n * 1000).toISOString();
}

/** An amount in the currency's minor unit: a non-negative whole number, or a 400 naming the field. */
function amountFrom(v: unknown, field: string): number {
  if (v === undefined || v === null) return 0;
  const n = num(v);
  if (n === null || !Number.isSafeInteger(n) || n < 0) {
    throw new AppError("VALIDATION", `The Stripe event's ${field} is not a whole, non-negative amount (got ${JSON.stringify(v).slice(0, 40)}).`);
  }
  return n;
}

/** The invoice's subscription details: basil's `parent.subscription_details`, or the pre-basil field. */
export function invoiceSubscriptionDetails(invoice: Record<string, unknown>): { metadata: Record<string, unknown>; subscriptionId: string | null } {
  const basil = obj(obj(invoice.parent).subscription_details);
  const legacy = obj(invoice.subscription_details);
  const details = Object.keys(basil).length ? basil : legacy;
  return { metadata: obj(details.metadata), subscriptionId: idOf(basil.subscription) ?? idOf(invoice.subscription) };
}

export function effectsOf(event: StripeEvent): BillingEffect[] {
  const o = obj(event.data?.object);
  switch (event.type) {
    case "checkout.session.async_payment_failed": {
      const who = { userId: userIdFrom(o), customerId: idOf(o.customer), subscriptionId: idOf(o.subscription) };
      const email = str(obj(o.customer_details).email) ?? str(o.customer_email);
      return [{ kind: "checkout_failed", who, sessionId: str(o.id) ?? event.id, email }];
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const userId = userIdFrom(o);
      const customerId = idOf(o.customer);
      const plan = planFrom(o);
      const paymentStatus = str(o.payment_status);
      if (!paymentStatus || !PAID_STATES.has(paymentStatus)) {
        // A delayed method (SEPA, ACH): the money is not there yet. Nothing is activated; the
        // customer is tied to the user so the subscription's events find them, and
        // checkout.session.async_payment_succeeded (or _failed) finishes it.
        if (!userId) return [{ kind: "ignored", reason: `checkout not paid yet (payment_status ${paymentStatus ?? "absent"})` }];
        return [
          {
            kind: "subscription",
            who: { userId, customerId },
            change: { customerId, subscriptionId: idOf(o.subscription) },
          },
        ];
      }
      const interval = str(obj(o.metadata).interval);
      const email = str(obj(o.customer_details).email) ?? str(o.customer_email);
      if (!userId) {
        // Bought signed out or under another email: kept until someone proves that email.
        if (!email) return [{ kind: "ignored", reason: "checkout without client_reference_id or email" }];
        return [
          {
            kind: "unclaimed",
            purchase: {
              id: str(o.id) ?? event.id,
              email: email.toLowerCase(),
              plan,
              interval,
              amountTotal: amountFrom(o.amount_total, "amount_total"),
              currency: (str(o.currency) ?? "usd").toLowerCase(),
              customerEmail: email,
              customerId,
              subscriptionId: idOf(o.subscription),
            },
          },
        ];
      }
      const who = { userId, customerId };
      return [
        {
          kind: "subscription",
          who,
          change: { plan, status: "active", customerId, subscriptionId: idOf(o.subscription), cancelAtPeriodEnd: false },
        },
        {
          kind: "payment",
          who,
          payment: {
            id: str(o.id) ?? event.id,
            plan,
            interval,
            amountTotal: amountFrom(o.amount_total, "amount_total"),
            currency: (str(o.currency) ?? "usd").toLowerCase(),
            customerEmail: str(obj(o.customer_details).email) ?? str(o.customer_email),
            customerId,
            subscriptionId: idOf(o.subscription),
          },
        },
      ];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated": {
      const item = obj((obj(o.items).data as unknown[] | undefined)?.[0]);
      return [
        {
          kind: "subscription",
          who: { userId: userIdFrom(o), customerId: idOf(o.customer), subscriptionId: str(o.id) },
          change: {
            plan: subscriptionPlanFrom(o, item),
            status: str(o.status) ?? "active",
            customerId: idOf(o.customer),
            subscriptionId: str(o.id),
            cancelAtPeriodEnd: o.cancel_at_period_end === true,
            // Pre-basil on the subscription; basil moved it to each item.
            currentPeriodEnd: isoFromEpoch(o.current_period_end, "current_period_end") ?? isoFromEpoch(item.current_period_end, "items.current_period_end"),
          },
        },
      ];
    }
    case "customer.subscription.deleted":
      return [
        {
          kind: "subscription",
          who: { userId: userIdFrom(o), customerId: idOf(o.customer), subscriptionId: str(o.id) },
          change: { status: "canceled", cancelAtPeriodEnd: false, subscriptionId: str(o.id) },
        },
      ];
    case "invoice.payment_failed": {
      const details = invoiceSubscriptionDetails(o);
      return [
        {
          kind: "subscription",
          who: { userId: userIdFrom({ metadata: details.metadata }), customerId: idOf(o.customer), subscriptionId: details.subscriptionId },
          change: { status: "past_due" },
        },
      ];
    }
    default:
      return [{ kind: "ignored", reason: `unhandled event type ${event.type}` }];
  }
}

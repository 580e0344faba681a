/**
 * What a Stripe event means for our data: pure translation from the event to effects, so the
 * rules are unit-testable and the webhook route stays thin.
 */
import type { BillingEffect, PaymentRecord, SubscriptionChange, Who } from "~/domain/contracts/billing";
import { AppError } from "~/domain/errors";
import { resolvePlan } from "~/domain/plans";

export type { BillingEffect, PaymentRecord, SubscriptionChange, Who };

export interface StripeEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
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

export function effectsOf(event: StripeEvent): BillingEffect[] {
  const o = obj(event.data?.object);
  switch (event.type) {
    case "checkout.session.completed": {
      const userId = userIdFrom(o);
      const customerId = str(o.customer);
      const plan = planFrom(o);
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
              subscriptionId: str(o.subscription),
            },
          },
        ];
      }
      const who = { userId, customerId };
      return [
        {
          kind: "subscription",
          who,
          change: { plan, status: "active", customerId, subscriptionId: str(o.subscription), cancelAtPeriodEnd: false },
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
            subscriptionId: str(o.subscription),
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
          who: { userId: userIdFrom(o), customerId: str(o.customer) },
          change: {
            plan: planFrom(o),
            status: str(o.status) ?? "active",
            customerId: str(o.customer),
            subscriptionId: str(o.id),
            cancelAtPeriodEnd: o.cancel_at_period_end === true,
            currentPeriodEnd: isoFromEpoch(o.current_period_end, "current_period_end") ?? isoFromEpoch(item.current_period_end, "items.current_period_end"),
          },
        },
      ];
    }
    case "customer.subscription.deleted":
      return [
        {
          kind: "subscription",
          who: { userId: userIdFrom(o), customerId: str(o.customer) },
          change: { status: "canceled", cancelAtPeriodEnd: false, subscriptionId: str(o.id) },
        },
      ];
    case "invoice.payment_failed":
      return [
        {
          kind: "subscription",
          who: { userId: userIdFrom(obj(o.subscription_details)), customerId: str(o.customer) },
          change: { status: "past_due" },
        },
      ];
    default:
      return [{ kind: "ignored", reason: `unhandled event type ${event.type}` }];
  }
}

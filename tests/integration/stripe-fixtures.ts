/**
 * Stripe webhook events for the tests, in the shapes of the API version the product expects
 * (STRIPE_API_VERSION, ADR 019). The basil builders are typed with the installed `stripe`
 * package's own types (18.x: basil), so a fixture that uses a field basil removed
 * (`invoice.charge`, `invoice.payment_intent`, `invoice.subscription_details`, `charge.invoice`,
 * `subscription.current_period_end`…) fails `npm run typecheck`. The pre-basil shapes, which the
 * product still reads, are hand-typed below and named `legacy`.
 */
import { createExecutionContext, env } from "cloudflare:test";
import Stripe from "stripe";
import app from "../../workers/app";
import { expect } from "vitest";
import { STRIPE_API_VERSION } from "~/server/billing/stripe-version";
import { DEV_STRIPE_WEBHOOK_SECRET } from "~/server/platform/env";
import { WORKER } from "./worker";

/** The product's pinned version is the one the installed package's types describe. */
export const PINNED_VERSION: Stripe.LatestApiVersion = STRIPE_API_VERSION;

/** Only the fields a test needs, each as the pinned version shapes it; an unknown field is a type error. */
export type Shaped<T> = T extends readonly (infer U)[] ? Shaped<U>[] : T extends object ? { [K in keyof T]?: Shaped<T[K]> } : T;

type EventType = Stripe.Event["type"];
/** The object a basil event of that type carries (`Stripe.Invoice` for invoice.paid, …). */
export type ObjectOf<T extends EventType> = Extract<Stripe.Event, { type: T }>["data"]["object"];

/** An event as it goes over the wire. */
export interface WireEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string | null;
  livemode: false;
  data: { object: Record<string, unknown> };
}

const now = () => Math.floor(Date.now() / 1000);
export const eventId = () => `evt_${crypto.randomUUID().replace(/-/g, "")}`;

/** A basil event: the object is typed by the event type, from the `stripe` package. */
export function basilEvent<T extends EventType>(type: T, object: Shaped<ObjectOf<T>>, opts: { id?: string; created?: number; apiVersion?: string | null } = {}): WireEvent {
  return {
    id: opts.id ?? eventId(),
    object: "event",
    type,
    created: opts.created ?? now(),
    api_version: opts.apiVersion === undefined ? STRIPE_API_VERSION : opts.apiVersion,
    livemode: false,
    data: { object: object as Record<string, unknown> },
  };
}

// --- basil objects ---------------------------------------------------------------------------

/** A Payment Link's Checkout Session in subscription mode: the only object that carries our user id. */
export function basilCheckoutSession(o: { userId: number | null; customer: string; subscription?: string; invoice?: string | null; amount?: number; paymentStatus?: Stripe.Checkout.Session.PaymentStatus; email?: string; plan?: string; interval?: string }): Shaped<Stripe.Checkout.Session> {
  return {
    id: `cs_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: o.paymentStatus ?? "paid",
    client_reference_id: o.userId === null ? null : String(o.userId),
    customer: o.customer,
    subscription: o.subscription ?? null,
    invoice: o.invoice ?? null,
    payment_intent: null,
    amount_total: o.amount ?? 4_900,
    currency: "usd",
    customer_details: { email: o.email ?? "buyer@store.test" },
    metadata: { plan: o.plan ?? "pro", interval: o.interval ?? "monthly" },
  };
}

/** A subscription as basil sends it: no user id (Payment Links), the period end on its item. */
export function basilSubscription(o: { id: string; customer: string; status?: Stripe.Subscription.Status; periodEnd: number; cancelAtPeriodEnd?: boolean; plan?: string }): Shaped<Stripe.Subscription> {
  return {
    id: o.id,
    object: "subscription",
    customer: o.customer,
    status: o.status ?? "active",
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    items: { object: "list", data: [{ object: "subscription_item", current_period_start: o.periodEnd - 30 * 86400, current_period_end: o.periodEnd }] },
    metadata: { plan: o.plan ?? "pro" },
  };
}

/** An invoice paid by one payment intent: basil lists it in `payments` (when included) and nowhere else. */
export function basilInvoice(o: { id: string; customer: string; subscription?: string; amount: number; paymentIntent?: string; charge?: string; includePayments?: boolean; userId?: number }): Shaped<Stripe.Invoice> {
  return {
    id: o.id,
    object: "invoice",
    customer: o.customer,
    status: "paid",
    amount_paid: o.amount,
    currency: "usd",
    parent: {
      type: "subscription_details",
      subscription_details: { ...(o.subscription ? { subscription: o.subscription } : {}), metadata: o.userId ? { userId: String(o.userId) } : {} },
    },
    ...(o.includePayments
      ? { payments: { object: "list", data: [{ object: "invoice_payment", invoice: o.id, status: "paid", payment: { type: "payment_intent", payment_intent: o.paymentIntent, charge: o.charge } }] } }
      : {}),
  };
}

/** basil's own record of one payment of an invoice (event invoice_payment.paid). */
export function basilInvoicePayment(o: { invoice: string; paymentIntent: string; amount: number }): Shaped<Stripe.InvoicePayment> {
  return {
    id: `inpay_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "invoice_payment",
    invoice: o.invoice,
    amount_paid: o.amount,
    currency: "usd",
    status: "paid",
    payment: { type: "payment_intent", payment_intent: o.paymentIntent },
  };
}

/** A refunded charge: basil names its payment intent, never its invoice. */
export function basilRefundedCharge(o: { id: string; paymentIntent: string; amount: number; refunded: number }): Shaped<Stripe.Charge> {
  return { id: o.id, object: "charge", amount: o.amount, amount_refunded: o.refunded, refunded: o.refunded >= o.amount, payment_intent: o.paymentIntent, currency: "usd" };
}

export function basilDispute(o: { charge: string; paymentIntent: string; amount: number }): Shaped<Stripe.Dispute> {
  return { id: `dp_${crypto.randomUUID().replace(/-/g, "")}`, object: "dispute", amount: o.amount, charge: o.charge, payment_intent: o.paymentIntent, currency: "usd", status: "needs_response" };
}

// --- legacy (pre-basil, e.g. 2024-06-20) shapes: hand-typed, read by the product too ------------

export const LEGACY_API_VERSION = "2024-06-20";

export interface LegacyInvoice {
  id: string;
  object: "invoice";
  customer: string;
  amount_paid: number;
  currency: string;
  /** Removed in basil. */
  charge: string | null;
  /** Removed in basil. */
  payment_intent: string | null;
  /** Removed in basil (now parent.subscription_details). */
  subscription_details?: { metadata: Record<string, string> } | null;
  subscription?: string | null;
}

export interface LegacyCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  payment_intent: string | null;
  /** Removed in basil. */
  invoice: string | null;
}

export interface LegacySubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  /** Moved to the items in basil. */
  current_period_end: number;
  metadata: Record<string, string>;
}

export function legacyEvent(type: string, object: LegacyInvoice | LegacyCharge | LegacySubscription | Record<string, unknown>, opts: { id?: string; created?: number; apiVersion?: string | null } = {}): WireEvent {
  return {
    id: opts.id ?? eventId(),
    object: "event",
    type,
    created: opts.created ?? now(),
    api_version: opts.apiVersion === undefined ? LEGACY_API_VERSION : opts.apiVersion,
    livemode: false,
    data: { object: object as unknown as Record<string, unknown> },
  };
}

// --- sending ---------------------------------------------------------------------------------

const stripe = new Stripe("sk_test_dummy");

/**
 * Signs the event with Stripe's own library (the endpoint's secret) and posts it to our webhook;
 * `bindings` are extra configuration for this request (e.g. STRIPE_SECRET_KEY).
 */
export async function sendStripeEvent(
  event: WireEvent,
  expectStatus: number | null = 200,
  bindings?: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const payload = JSON.stringify(event);
  const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: DEV_STRIPE_WEBHOOK_SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() });
  const init = { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload };
  const res = bindings
    ? await app.fetch(new Request("http://127.0.0.1/api/webhooks/stripe", init), { ...env, ...bindings } as Env, createExecutionContext())
    : await WORKER.fetch("http://127.0.0.1/api/webhooks/stripe", init);
  const json = (await res.json()) as Record<string, unknown>;
  if (expectStatus !== null) expect(res.status, JSON.stringify(json)).toBe(expectStatus);
  return { status: res.status, json };
}

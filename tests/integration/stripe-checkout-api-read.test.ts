/**
 * A paid subscription checkout with STRIPE_SECRET_KEY set reads the subscription from Stripe's
 * API (a local server speaking it, tests/integration/fake-stripe-api.ts) and applies its state;
 * pending events older than the read are superseded. Without the key nothing is asked.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { prunePendingEvents } from "~/server/billing/stripe-webhook";
import { STRIPE_API_VERSION } from "~/server/billing/stripe-version";
import { runScheduled } from "../../workers/scheduled";
import { createDb } from "../../db/client";
import { FAKE_STRIPE_FAILING_SUBSCRIPTION_PREFIX, FAKE_STRIPE_SECRET_KEY } from "./fake-stripe-api";
import { call, verifiedUser } from "./helpers";
import { basilCheckoutSession, basilEvent, basilSubscription, sendStripeEvent } from "./stripe-fixtures";

const stripeUrl = () => inject("stripeApiUrl");
const withKey = () => ({ STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_API_BASE_URL: stripeUrl() });
const T = Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
type Json = Record<string, any>;
const status = async (token: string) => (await call("/api/subscription-status", { token })).json.data as Json;
const putStripeSubscription = (sub: Json) => fetch(`${stripeUrl()}/__subscriptions`, { method: "POST", body: JSON.stringify(sub) });
const stripeRequests = async () => (await (await fetch(`${stripeUrl()}/__requests`)).json()) as { method: string; path: string; authorized: boolean; version: string | null }[];
const pendingCount = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_pending_events WHERE event_id = ?").bind(id).first<{ n: number }>())!.n;
const eventCount = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;

function ids(userId: number, prefix = "sub_api_") {
  const tag = crypto.randomUUID().slice(0, 8);
  return { customer: `cus_api_${userId}_${tag}`, subscription: `${prefix}${userId}_${tag}` };
}

afterEach(() => vi.restoreAllMocks());

describe("checkout with STRIPE_SECRET_KEY: the subscription is read from Stripe's API", () => {
  it("no subscription event ever arrives: the checkout alone ends with the API's renewal date, plan and cancellation", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const periodEnd = T + 30 * 86400;
    // Stored pre-basil style on purpose: the fake renders it at the requested basil version (period on the item).
    await putStripeSubscription({ id: subscription, customer, status: "active", cancel_at_period_end: true, current_period_end: periodEnd, metadata: { plan: "pro" } });

    const checkout = basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T - 60 });
    expect((await sendStripeEvent(checkout, 200, withKey())).json).toMatchObject({ duplicate: false, pending: false });
    expect(await status(u.token)).toMatchObject({
      plan: "pro",
      hasActiveSubscription: true,
      subscriptionId: subscription,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: iso(periodEnd),
    });
    const asked = (await stripeRequests()).filter((r) => r.path === `/v1/subscriptions/${subscription}`);
    expect(asked).toEqual([{ method: "GET", path: `/v1/subscriptions/${subscription}`, authorized: true, version: STRIPE_API_VERSION }]);
  });

  it("pending events older than the read are superseded (recorded, not applied); the API's state stands", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const apiPeriodEnd = T + 60 * 86400;
    await putStripeSubscription({
      id: subscription,
      customer,
      status: "active",
      cancel_at_period_end: false,
      items: { object: "list", data: [{ object: "subscription_item", current_period_end: apiPeriodEnd, price: { id: "price_growth", metadata: { plan: "pro" } } }] },
      metadata: {},
    });
    // An older state, delivered before the checkout and kept pending: a cancellation at an earlier period end.
    const stale = basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd: T + 30 * 86400, cancelAtPeriodEnd: true }), { created: T - 30 });
    expect((await sendStripeEvent(stale, 200, withKey())).json).toMatchObject({ pending: true });
    expect(await pendingCount(stale.id)).toBe(1);

    const checkout = basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T - 60 });
    await sendStripeEvent(checkout, 200, withKey());
    expect(await status(u.token)).toMatchObject({ plan: "pro", hasActiveSubscription: true, cancelAtPeriodEnd: false, currentPeriodEnd: iso(apiPeriodEnd) });
    // Off the pending list and recorded, so a redelivery is a replay that changes nothing.
    expect(await pendingCount(stale.id)).toBe(0);
    expect(await eventCount(stale.id)).toBe(1);
    expect((await sendStripeEvent(stale, 200, withKey())).json).toMatchObject({ duplicate: true });
    expect((await status(u.token)).currentPeriodEnd).toBe(iso(apiPeriodEnd));
    // A later event (after the read) still applies over the API's state.
    const later = basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd: T + 90 * 86400 }), { created: T + 3600 });
    await sendStripeEvent(later, 200, withKey());
    expect((await status(u.token)).currentPeriodEnd).toBe(iso(T + 90 * 86400));
  });

  it("a failing read (500) falls back to the pending events, with one warning line", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id, FAKE_STRIPE_FAILING_SUBSCRIPTION_PREFIX);
    const periodEnd = T + 30 * 86400;
    const update = basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd }), { created: T - 30 });
    await sendStripeEvent(update, 200, withKey());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const checkout = basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T - 60 });
    expect((await sendStripeEvent(checkout, 200, withKey())).json).toMatchObject({ duplicate: false, pending: false });
    expect(await status(u.token)).toMatchObject({ plan: "pro", hasActiveSubscription: true, currentPeriodEnd: iso(periodEnd) });
    expect(await pendingCount(update.id)).toBe(0);
    const lines = warn.mock.calls.map((args) => args.join(" "));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: "warn", msg: "stripe api error", status: 500, path: `/v1/subscriptions/${subscription}`, onFailure: "pending subscription events applied instead" });
    expect((await stripeRequests()).some((r) => r.path === `/v1/subscriptions/${subscription}`)).toBe(true);
  });

  it("without the key nothing is asked of Stripe: the pending events decide, as before", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const periodEnd = T + 30 * 86400;
    await putStripeSubscription({ id: subscription, customer, status: "active", current_period_end: T + 99 * 86400, metadata: { plan: "pro" } });
    await sendStripeEvent(basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd }), { created: T - 30 }));
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T - 60 }));
    expect((await status(u.token)).currentPeriodEnd).toBe(iso(periodEnd));
    expect((await stripeRequests()).some((r) => r.path.includes(subscription))).toBe(false);
  });

  it("an unpaid checkout (delayed method) reads nothing yet", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription, paymentStatus: "unpaid" })), 200, withKey());
    expect((await stripeRequests()).some((r) => r.path.includes(subscription))).toBe(false);
    expect((await status(u.token)).plan).toBe("free");
  });
});

describe("pending events are pruned after 30 days", () => {
  async function keepPending(receivedAt: string) {
    const customer = `cus_gone_${crypto.randomUUID().slice(0, 8)}`;
    const event = basilEvent("customer.subscription.updated", basilSubscription({ id: `sub_gone_${customer}`, customer, periodEnd: T + 86400 }), { created: T - 40 * 86400 });
    expect((await sendStripeEvent(event)).json).toMatchObject({ pending: true });
    await env.DB.prepare("UPDATE stripe_pending_events SET created_at = ? WHERE event_id = ?").bind(receivedAt, event.id).run();
    return event.id;
  }

  it("drops those received more than 30 days ago and keeps the rest", async () => {
    const now = new Date("2026-12-31T12:00:00.000Z");
    const old = await keepPending("2026-11-30T11:59:59.000Z");
    const recent = await keepPending("2026-12-02T00:00:00.000Z");
    expect(await prunePendingEvents({ db: createDb(env.DB), now })).toBeGreaterThanOrEqual(1);
    expect(await pendingCount(old)).toBe(0);
    expect(await pendingCount(recent)).toBe(1);
  });

  it("the scheduled job prunes them", async () => {
    const old = await keepPending("2020-01-01T00:00:00.000Z");
    await runScheduled({ cron: "0 */3 * * *", scheduledTime: Date.now() }, env);
    expect(await pendingCount(old)).toBe(0);
  });
});

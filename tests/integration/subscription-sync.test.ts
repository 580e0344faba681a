import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { signStripePayload } from "~/server/billing/stripe-signature";
import { DEV_STRIPE_WEBHOOK_SECRET } from "~/server/platform/env";
import { FAKE_STRIPE_SECRET_KEY } from "./fake-stripe-api";
import { call, verifiedUser } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
type Json = Record<string, any>;

async function paidThroughCheckout() {
  const u = await verifiedUser();
  const checkout = await call("/api/billing/dev-checkout", { method: "POST", token: u.token, body: { interval: "monthly" } });
  expect(checkout.status).toBe(200);
  const row = await env.DB.prepare("SELECT * FROM subscriptions WHERE user_id = ?").bind(u.user.id).first<Json>();
  return { ...u, row: row! };
}

const ownRow = (userId: number) => env.DB.prepare("SELECT plan, status, cancel_at_period_end, current_period_end FROM subscriptions WHERE user_id = ?").bind(userId).first<Json>();

async function sendSignedEvent(event: unknown) {
  const body = JSON.stringify(event);
  const res = await call("/api/webhooks/stripe", {
    method: "POST",
    headers: { "stripe-signature": await signStripePayload(body, DEV_STRIPE_WEBHOOK_SECRET), "content-type": "application/json" },
    body: event,
  });
  expect(res.status).toBe(200);
}

describe("/api/billing/sync offline: against the state the applied webhook events recorded", () => {
  it("someone with no subscription gets a clear empty answer", async () => {
    const u = await verifiedUser();
    const { status, json } = await call("/api/billing/sync", { token: u.token });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ source: "events", ours: null, provider: null, differences: [], inSync: false, fixed: [] });
    expect(json.data.message).toBe("You have no subscription yet: there is nothing to sync.");
    const post = await call("/api/billing/sync", { method: "POST", token: u.token });
    expect(post.json.data).toMatchObject({ ours: null, fixed: [] });
  });

  it("a checkout through signed events is in sync; a tampered row shows every difference, and Sync now fixes it", async () => {
    const u = await paidThroughCheckout();
    const first = await call("/api/billing/sync", { token: u.token });
    expect(first.json.data).toMatchObject({ inSync: true, differences: [], providerEvent: { type: "customer.subscription.created" } });
    expect(first.json.data.provider).toMatchObject({ plan: "pro", status: "active", cancelAtPeriodEnd: false, subscriptionId: u.row.subscription_id });
    expect(first.json.data.message).toBe("In sync: our record matches the last payment event.");
    const periodEnd = u.row.current_period_end as string;

    await env.DB.prepare("UPDATE subscriptions SET plan = 'free', status = 'canceled', cancel_at_period_end = 1, current_period_end = '2020-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(u.user.id)
      .run();
    const compared = await call("/api/billing/sync", { token: u.token });
    expect(compared.json.data.inSync).toBe(false);
    expect(compared.json.data.differences).toEqual([
      { field: "plan", ours: "free", provider: "pro" },
      { field: "status", ours: "canceled", provider: "active" },
      { field: "currentPeriodEnd", ours: "2020-01-01T00:00:00.000Z", provider: periodEnd },
      { field: "cancelAtPeriodEnd", ours: true, provider: false },
    ]);
    expect(compared.json.data.message).toContain("Status: canceled → active");
    // GET changes nothing.
    expect(await ownRow(u.user.id)).toMatchObject({ plan: "free", status: "canceled" });
    // The product reads the tampered row: free.
    expect((await call("/api/subscription-status", { token: u.token })).json.data.plan).toBe("free");

    const synced = await call("/api/billing/sync", { method: "POST", token: u.token });
    expect(synced.status).toBe(200);
    expect(synced.json.data.fixed).toHaveLength(4);
    expect(synced.json.data).toMatchObject({ inSync: true, differences: [] });
    expect(synced.json.data.message).toMatch(/^Fixed 4 differences from the last payment event: Plan: Free \(free\) → Growth \(pro\); Status: canceled → active;/);
    expect(await ownRow(u.user.id)).toEqual({ plan: "pro", status: "active", cancel_at_period_end: 0, current_period_end: periodEnd });
    expect((await call("/api/subscription-status", { token: u.token })).json.data).toMatchObject({ plan: "pro", hasActiveSubscription: true });
    expect((await call("/api/billing/sync", { token: u.token })).json.data.inSync).toBe(true);
  });

  it("records every later event's state too (a cancellation scheduled in Stripe)", async () => {
    const u = await paidThroughCheckout();
    const periodEnd = Math.floor(Date.now() / 1000) + 40 * 86400;
    await sendSignedEvent({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.updated",
      data: {
        object: {
          id: u.row.subscription_id,
          object: "subscription",
          customer: u.row.customer_id,
          status: "active",
          cancel_at_period_end: true,
          current_period_end: periodEnd,
          metadata: { plan: "pro", userId: String(u.user.id) },
        },
      },
    });
    const { json } = await call("/api/billing/sync", { token: u.token });
    expect(json.data).toMatchObject({ inSync: true, providerEvent: { type: "customer.subscription.updated" } });
    expect(json.data.provider).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
  });

  it("only ever reads and fixes the caller's own subscription", async () => {
    const owner = await paidThroughCheckout();
    await env.DB.prepare("UPDATE subscriptions SET status = 'past_due' WHERE user_id = ?").bind(owner.user.id).run();
    const other = await verifiedUser();
    const seen = await call("/api/billing/sync", { token: other.token });
    expect(seen.json.data).toMatchObject({ ours: null, provider: null });
    expect(seen.text).not.toContain(String(owner.row.subscription_id));
    await call("/api/billing/sync", { method: "POST", token: other.token });
    // Query strings or bodies naming another user change nothing: the caller is the only key.
    await call(`/api/billing/sync?userId=${owner.user.id}`, { method: "POST", token: other.token, body: { userId: owner.user.id } });
    expect(await ownRow(owner.user.id)).toMatchObject({ status: "past_due" });
    expect((await call("/api/billing/sync")).status).toBe(401);
    expect((await call("/api/billing/sync", { method: "POST" })).status).toBe(401);
  });

  it("Sync now is rate-limited per user", async () => {
    const u = await verifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call("/api/billing/sync", { method: "POST", token: u.token })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe("/api/billing/sync with STRIPE_SECRET_KEY: Stripe's API (a local server speaking it)", () => {
  const stripeUrl = () => inject("stripeApiUrl");

  async function askApi(method: string, token: string, bindings: Record<string, unknown> = { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_API_BASE_URL: stripeUrl() }) {
    const { createApi } = await import("../../functions");
    const ctx = createExecutionContext();
    const res = await createApi().fetch(
      new Request("https://app.dropcraft.test/api/billing/sync", { method, headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": "10.93.0.1" } }),
      { ...env, ...bindings },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: res.status, json: (await res.json()) as Json };
  }

  const putStripeSubscription = (sub: Json) => fetch(`${stripeUrl()}/__subscriptions`, { method: "POST", body: JSON.stringify(sub) });
  const stripeRequests = async () => (await (await fetch(`${stripeUrl()}/__requests`)).json()) as { method: string; path: string; authorized: boolean }[];

  it("re-reads the subscription by id with the secret key, lists the differences and fixes them", async () => {
    const u = await paidThroughCheckout();
    const periodEnd = Math.floor(Date.now() / 1000) + 12 * 86400;
    await putStripeSubscription({
      id: u.row.subscription_id,
      customer: u.row.customer_id,
      status: "past_due",
      cancel_at_period_end: true,
      current_period_end: periodEnd,
      metadata: { plan: "pro", userId: String(u.user.id) },
    });
    const compared = await askApi("GET", u.token);
    expect(compared.status).toBe(200);
    expect(compared.json.data).toMatchObject({ source: "stripe", inSync: false, providerEvent: null });
    expect(compared.json.data.differences).toEqual([
      { field: "status", ours: "active", provider: "past_due" },
      { field: "currentPeriodEnd", ours: u.row.current_period_end, provider: new Date(periodEnd * 1000).toISOString() },
      { field: "cancelAtPeriodEnd", ours: false, provider: true },
    ]);
    const asked = (await stripeRequests()).filter((r) => r.path === `/v1/subscriptions/${u.row.subscription_id}`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.method === "GET" && r.authorized)).toBe(true);

    const synced = await askApi("POST", u.token);
    expect(synced.json.data).toMatchObject({ source: "stripe", inSync: true });
    expect(synced.json.data.message).toMatch(/^Fixed 3 differences from Stripe: Status: active → past due;/);
    expect(await ownRow(u.user.id)).toMatchObject({ status: "past_due", cancel_at_period_end: 1, current_period_end: new Date(periodEnd * 1000).toISOString() });
  });

  it("with only a customer id, asks for the customer's newest subscription of any status", async () => {
    const u = await verifiedUser();
    const customer = `cus_sync_${u.user.id}`;
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status, customer_id) VALUES (?, 'pro', 'active', ?)").bind(u.user.id, customer).run();
    const now = Math.floor(Date.now() / 1000);
    await putStripeSubscription({ id: `sub_old_${u.user.id}`, customer, status: "active", created: now - 100, current_period_end: now + 86400, metadata: { plan: "pro" } });
    await putStripeSubscription({ id: `sub_new_${u.user.id}`, customer, status: "canceled", created: now, current_period_end: now + 5 * 86400, metadata: { plan: "pro" } });
    const { json } = await askApi("GET", u.token);
    expect(json.data.provider).toMatchObject({ status: "canceled", subscriptionId: `sub_new_${u.user.id}` });
    expect(json.data.differences.map((d: Json) => d.field)).toEqual(["status", "currentPeriodEnd"]);
    expect((await stripeRequests()).some((r) => r.path === `/v1/subscriptions?customer=${customer}&status=all&limit=1`)).toBe(true);
  });

  it("a subscription Stripe does not know is said so, and nothing is changed", async () => {
    const u = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status, subscription_id) VALUES (?, 'pro', 'active', ?)").bind(u.user.id, `sub_gone_${u.user.id}`).run();
    const { json } = await askApi("POST", u.token);
    expect(json.data).toMatchObject({ provider: null, inSync: false, fixed: [] });
    expect(json.data.message).toBe(`Stripe has no subscription sub_gone_${u.user.id}.`);
    expect(await ownRow(u.user.id)).toMatchObject({ plan: "pro", status: "active" });
  });

  it("a key Stripe refuses is a 503 naming the problem, logged without the key", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const u = await paidThroughCheckout();
      const { status, json } = await askApi("GET", u.token, { STRIPE_SECRET_KEY: "sk_test_wrong_secret", STRIPE_API_BASE_URL: stripeUrl() });
      expect(status).toBe(503);
      expect(json.message).toContain("rejected our key");
      const lines = logged.mock.calls.map((a) => a.join(" ")).join("\n");
      expect(lines).toContain("stripe rejected the secret key");
      expect(lines).not.toContain("sk_test_wrong_secret");
    } finally {
      logged.mockRestore();
    }
  });
});

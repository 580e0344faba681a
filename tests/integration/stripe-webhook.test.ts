import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DEV_STRIPE_WEBHOOK_SECRET } from "~/server/platform/env";
import { call, verifiedUser } from "./helpers";
import { basilCheckoutSession, basilEvent } from "./stripe-fixtures";
import { WORKER } from "./worker";

// Signed with Stripe's own library (contract), against the endpoint's configured secret.
// Inside workerd Stripe uses WebCrypto, which only has the async signer.
const stripe = new Stripe("sk_test_dummy");
const secret = DEV_STRIPE_WEBHOOK_SECRET;

/** A paid Payment Link checkout, in the pinned API version's shapes (typed by the stripe package). */
function checkoutEvent(userId: number, id = `evt_${crypto.randomUUID()}`) {
  return basilEvent(
    "checkout.session.completed",
    basilCheckoutSession({ userId, customer: `cus_${userId}`, subscription: `sub_${userId}`, amount: 4900, email: "buyer@store.test", plan: "pro", interval: "monthly" }),
    { id },
  );
}

async function post(payload: string, headerPromise?: string | Promise<string>) {
  const header = await headerPromise;
  return WORKER.fetch("http://127.0.0.1/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(header ? { "stripe-signature": header } : {}) },
    body: payload,
  });
}

const signed = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? secret,
    timestamp: opts.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

async function countEvents(id: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;
}

describe("POST /api/webhooks/stripe", () => {
  it.each([
    ["a period end past any date", { current_period_end: 1e20 }, "current_period_end"],
    ["a negative period end", { current_period_end: -5 }, "current_period_end"],
    ["a period end that is text", { current_period_end: "soon" }, "current_period_end"],
  ])("answers 400 naming the field for a signed event with %s, and records nothing", async (_case, fields, field) => {
    const u = await verifiedUser();
    const id = `evt_${crypto.randomUUID()}`;
    const payload = JSON.stringify({
      id,
      type: "customer.subscription.updated",
      data: { object: { id: `sub_${u.user.id}`, customer: `cus_${u.user.id}`, status: "active", metadata: { userId: String(u.user.id) }, ...fields } },
    });
    const res = await post(payload, signed(payload));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { type: string; message: string };
    expect(body.type).toBe("VALIDATION");
    expect(body.message).toContain(field);
    expect(await countEvents(id)).toBe(0);
  });

  it("answers 400 for a signed checkout whose amount is not a whole number", async () => {
    const u = await verifiedUser();
    const event = checkoutEvent(u.user.id);
    const payload = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 49.5 } } });
    const res = await post(payload, signed(payload));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("amount_total");
  });

  it("applies a valid checkout: the user is on Growth with a receipt", async () => {
    const u = await verifiedUser();
    const payload = JSON.stringify(checkoutEvent(u.user.id));
    const res = await post(payload, signed(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, duplicate: false });
    const status = await call("/api/subscription-status", { token: u.token });
    expect(status.json.data).toMatchObject({ plan: "pro", planName: "Growth", hasActiveSubscription: true, customerId: `cus_${u.user.id}` });
    const receipt = await call("/api/billing/receipt", { token: u.token });
    expect(receipt.json.data).toMatchObject({ amountTotal: 4900, currency: "usd", plan: "pro", interval: "monthly" });
  });

  it("changes nothing on a replay of the same event", async () => {
    const u = await verifiedUser();
    const event = checkoutEvent(u.user.id);
    const payload = JSON.stringify(event);
    expect((await post(payload, signed(payload))).status).toBe(200);
    // The user cancels, then the old checkout event is replayed: it must not re-activate.
    const cancel = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.deleted", data: { object: { id: `sub_${u.user.id}`, customer: `cus_${u.user.id}` } } });
    expect((await post(cancel, signed(cancel))).status).toBe(200);
    const replay = await post(payload, signed(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    expect((await call("/api/subscription-status", { token: u.token })).json.data).toMatchObject({ plan: "free", hasActiveSubscription: false });
    expect(await countEvents(event.id)).toBe(1);
    const payments = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE user_id = ?").bind(u.user.id).first<{ n: number }>();
    expect(payments!.n).toBe(1);
  });

  it.each([
    ["a tampered body", (p: string) => ({ body: p.replace('"pro"', '"empire"'), header: signed(p) as Promise<string> | undefined })],
    ["a stale timestamp (over 300 s)", (p: string) => ({ body: p, header: signed(p, { timestamp: Math.floor(Date.now() / 1000) - 301 }) as Promise<string> | undefined })],
    ["the wrong secret", (p: string) => ({ body: p, header: signed(p, { secret: "whsec_someone_else" }) as Promise<string> | undefined })],
    ["no signature", (p: string) => ({ body: p, header: undefined as Promise<string> | undefined })],
  ])("refuses %s with 400 and changes nothing", async (_label, make) => {
    const u = await verifiedUser();
    const event = checkoutEvent(u.user.id);
    const { body, header } = make(JSON.stringify(event));
    const res = await post(body, header);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { type: string }).type).toBe("VALIDATION");
    expect(await countEvents(event.id)).toBe(0);
    expect((await call("/api/subscription-status", { token: u.token })).json.data.plan).toBe("free");
  });

  it("refuses a malformed body even when signed", async () => {
    const body = "{not json";
    const res = await post(body, signed(body));
    expect(res.status).toBe(400);
    const shapeless = JSON.stringify({ hello: "world" });
    expect((await post(shapeless, signed(shapeless))).status).toBe(400);
  });

  it("acknowledges an unknown event type without effects, once", async () => {
    const id = `evt_${crypto.randomUUID()}`;
    const payload = JSON.stringify({ id, type: "balance.available", data: { object: {} } });
    const res = await post(payload, signed(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, ignored: true });
    expect(await countEvents(id)).toBe(1);
  });

  it("tracks subscription updates: cancelAtPeriodEnd, period end, failed payments, deletion", async () => {
    const u = await verifiedUser();
    const first = JSON.stringify(checkoutEvent(u.user.id));
    await post(first, signed(first));
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
    const updated = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.updated",
      data: { object: { id: `sub_${u.user.id}`, customer: `cus_${u.user.id}`, status: "active", cancel_at_period_end: true, current_period_end: periodEnd, metadata: { plan: "pro" } } },
    });
    await post(updated, signed(updated));
    let status = (await call("/api/subscription-status", { token: u.token })).json.data;
    expect(status).toMatchObject({ plan: "pro", cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    const failed = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: "invoice.payment_failed", data: { object: { customer: `cus_${u.user.id}` } } });
    await post(failed, signed(failed));
    status = (await call("/api/subscription-status", { token: u.token })).json.data;
    expect(status.subscriptionStatus).toBe("past_due");
    const deleted = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.deleted", data: { object: { id: `sub_${u.user.id}`, customer: `cus_${u.user.id}` } } });
    await post(deleted, signed(deleted));
    status = (await call("/api/subscription-status", { token: u.token })).json.data;
    expect(status).toMatchObject({ plan: "free", hasActiveSubscription: false, subscriptionStatus: "canceled" });
  });

  it("pushes a plan change to an open usage stream at once", async () => {
    const u = await verifiedUser();
    const res = await WORKER.fetch("http://127.0.0.1/api/usage/stream", { headers: { authorization: `Bearer ${u.token}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('"plan":"free"');
    const payload = JSON.stringify(checkoutEvent(u.user.id));
    await post(payload, signed(payload));
    const next = decoder.decode((await reader.read()).value);
    expect(JSON.parse(next.replace(/^data: /, ""))).toMatchObject({ plan: "pro", limits: { queries: 1000 } });
    await reader.cancel();
  });
});

describe("dev checkout", () => {
  it("upgrades through the same signed webhook path, offline", async () => {
    const u = await verifiedUser();
    const url = await call("/api/billing/checkout?interval=yearly", { token: u.token });
    expect(url.json.data).toMatchObject({ provider: "dev" });
    expect(url.json.data.url).toContain("/dev/checkout?interval=yearly");
    const res = await call("/api/billing/dev-checkout", { method: "POST", token: u.token, body: { interval: "yearly" } });
    expect(res.status).toBe(200);
    expect(res.json.data.redirectTo).toMatch(/^\/payment-success\?checkout=success&session_id=cs_dev_/);
    expect((await call("/api/subscription-status", { token: u.token })).json.data).toMatchObject({ plan: "pro", hasActiveSubscription: true });
    expect((await call("/api/billing/receipt", { token: u.token })).json.data).toMatchObject({ amountTotal: 44900, interval: "yearly" });
    const events = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE user_id = ?").bind(u.user.id).first<{ n: number }>();
    expect(events!.n).toBe(2);
  });
});

describe("configured Payment Links", () => {
  it("each interval opens its own Payment Link carrying the signed-in user's id and email", async () => {
    const u = await verifiedUser();
    const links = {
      STRIPE_PAYMENT_LINK_MONTHLY: "https://buy.stripe.com/test_monthly_6oE",
      STRIPE_PAYMENT_LINK_YEARLY: "https://buy.stripe.com/test_yearly_9aB",
    };
    const { createApi } = await import("../../functions");
    const checkoutUrl = async (interval: "monthly" | "yearly") => {
      const ctx = createExecutionContext();
      const res = await createApi().fetch(
        new Request(`https://app.dropcraft.test/api/billing/checkout?interval=${interval}`, { headers: { authorization: `Bearer ${u.token}` } }),
        { ...env, ...links },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { url: string; provider: string } };
      expect(data.provider).toBe("stripe");
      return new URL(data.url);
    };
    for (const [interval, link] of [
      ["monthly", links.STRIPE_PAYMENT_LINK_MONTHLY],
      ["yearly", links.STRIPE_PAYMENT_LINK_YEARLY],
    ] as const) {
      const url = await checkoutUrl(interval);
      expect(`${url.origin}${url.pathname}`).toBe(link);
      expect(url.searchParams.get("client_reference_id")).toBe(String(u.user.id));
      expect(url.searchParams.get("prefilled_email")).toBe(u.email);
    }
  });
});

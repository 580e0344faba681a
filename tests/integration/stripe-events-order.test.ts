import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, verifiedUser } from "./helpers";
import { basilCheckoutSession, basilEvent, basilInvoice, basilSubscription, legacyEvent, sendStripeEvent } from "./stripe-fixtures";

// Stripe does not promise delivery order, Payment Links put our user id only on the Checkout
// Session, delayed methods finish later, and the endpoint may be of another API version.

const T = Math.floor(Date.now() / 1000);
const status = async (token: string) => (await call("/api/subscription-status", { token })).json.data;
const eventCount = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;
const pendingCount = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_pending_events WHERE event_id = ?").bind(id).first<{ n: number }>())!.n;
const paymentCount = async (userId: number) => (await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

function ids(userId: number) {
  const tag = crypto.randomUUID().slice(0, 8);
  return { customer: `cus_ord_${userId}_${tag}`, subscription: `sub_ord_${userId}_${tag}` };
}

afterEach(() => vi.restoreAllMocks());

describe("Stripe events out of order (Payment Links: the subscription carries no user id)", () => {
  it("a subscription update before the checkout is kept, then applied: renewal date and cancellation survive", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const periodEnd = T + 30 * 86400;
    const update = basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd, cancelAtPeriodEnd: true }), { created: T + 5 });
    const early = await sendStripeEvent(update);
    expect(early.json).toMatchObject({ received: true, duplicate: false, pending: true });
    // Kept, not recorded as applied: nothing is lost, nothing shows yet.
    expect(await eventCount(update.id)).toBe(0);
    expect(await pendingCount(update.id)).toBe(1);
    expect((await status(u.token)).plan).toBe("free");
    // Stripe redelivers it: still one pending copy.
    expect((await sendStripeEvent(update)).json).toMatchObject({ pending: true });

    const checkout = basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T });
    expect((await sendStripeEvent(checkout)).json).toMatchObject({ duplicate: false, pending: false });
    expect(await status(u.token)).toMatchObject({
      plan: "pro",
      hasActiveSubscription: true,
      subscriptionId: subscription,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    expect(await eventCount(update.id)).toBe(1);
    expect(await pendingCount(update.id)).toBe(0);
    // A redelivery after it was applied is a replay.
    expect((await sendStripeEvent(update)).json).toMatchObject({ duplicate: true });
  });

  it("a cancellation before the checkout ends canceled, not active", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const deleted = basilEvent("customer.subscription.deleted", basilSubscription({ id: subscription, customer, periodEnd: T + 86400, status: "canceled" }), { created: T + 60 });
    expect((await sendStripeEvent(deleted)).json).toMatchObject({ pending: true });
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T }));
    expect(await status(u.token)).toMatchObject({ plan: "free", hasActiveSubscription: false, subscriptionStatus: "canceled" });
  });

  it("the newest event by `created` wins whatever order they arrive in", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T }));
    const later = T + 60 * 86400;
    const earlier = T + 30 * 86400;
    await sendStripeEvent(basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd: later }), { created: T + 20 }));
    // An older update delivered late: recorded, but it does not overwrite the newer state.
    const late = basilEvent("customer.subscription.updated", basilSubscription({ id: subscription, customer, periodEnd: earlier, cancelAtPeriodEnd: true }), { created: T + 10 });
    expect((await sendStripeEvent(late)).json).toMatchObject({ duplicate: false });
    expect(await status(u.token)).toMatchObject({ plan: "pro", cancelAtPeriodEnd: false, currentPeriodEnd: new Date(later * 1000).toISOString() });
  });

  it("a failed renewal of a customer not yet known waits for the checkout (basil: invoice.parent.subscription_details)", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const failed = basilEvent("invoice.payment_failed", basilInvoice({ id: `in_${crypto.randomUUID()}`, customer, subscription, amount: 0 }), { created: T + 100 });
    expect((await sendStripeEvent(failed)).json).toMatchObject({ pending: true });
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T }));
    expect((await status(u.token)).subscriptionStatus).toBe("past_due");
  });
});

describe("delayed payment methods (SEPA, ACH)", () => {
  it("an unpaid checkout activates nothing; async_payment_succeeded activates it with a receipt", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const session = basilCheckoutSession({ userId: u.user.id, customer, subscription, paymentStatus: "unpaid" });
    await sendStripeEvent(basilEvent("checkout.session.completed", session, { created: T }));
    expect(await status(u.token)).toMatchObject({ plan: "free", hasActiveSubscription: false });
    expect(await paymentCount(u.user.id)).toBe(0);
    await sendStripeEvent(basilEvent("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" }, { created: T + 3 * 86400 }));
    expect(await status(u.token)).toMatchObject({ plan: "pro", hasActiveSubscription: true, customerId: customer });
    expect(await paymentCount(u.user.id)).toBe(1);
  });

  it("async_payment_failed activates nothing and emails the buyer", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const session = basilCheckoutSession({ userId: u.user.id, customer, subscription, paymentStatus: "unpaid" });
    await sendStripeEvent(basilEvent("checkout.session.completed", session, { created: T }));
    const failed = basilEvent("checkout.session.async_payment_failed", session, { created: T + 3 * 86400 });
    expect((await sendStripeEvent(failed)).json).toMatchObject({ duplicate: false, ignored: false });
    expect(await status(u.token)).toMatchObject({ plan: "free", hasActiveSubscription: false });
    expect(await paymentCount(u.user.id)).toBe(0);
    expect(await eventCount(failed.id)).toBe(1);
    const mail = await env.DB.prepare("SELECT subject, link FROM email_outbox WHERE to_address = ? AND kind = 'checkout_payment_failed'").bind(u.user.email).all();
    expect(mail.results).toEqual([{ subject: "Your Dropcraft payment did not go through", link: "https://app.dropcraft.test/pricing" }]);
    // A replay sends no second email.
    expect((await sendStripeEvent(failed)).json).toMatchObject({ duplicate: true });
    const again = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ? AND kind = 'checkout_payment_failed'").bind(u.user.email).first<{ n: number }>();
    expect(again!.n).toBe(1);
  });
});

describe("the event's API version", () => {
  it("a pre-basil event is read in its own shapes, with one warning line", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await sendStripeEvent(basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { created: T }));
    expect(warn).not.toHaveBeenCalled();
    const periodEnd = T + 365 * 86400;
    await sendStripeEvent(
      legacyEvent("customer.subscription.updated", { id: subscription, object: "subscription", customer, status: "active", cancel_at_period_end: true, current_period_end: periodEnd, metadata: { plan: "pro" } }, { created: T + 1 }),
    );
    expect(await status(u.token)).toMatchObject({ plan: "pro", cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0][0]))).toMatchObject({ level: "warn", msg: "stripe event of another api version", apiVersion: "2024-06-20" });
  });

  it("an event of a newer, unknown version is refused whole with one warning line", async () => {
    const u = await verifiedUser();
    const { customer, subscription } = ids(u.user.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const future = basilEvent("checkout.session.completed", basilCheckoutSession({ userId: u.user.id, customer, subscription }), { apiVersion: "2099-01-01.someday" });
    const res = await sendStripeEvent(future, 400);
    expect(res.json).toMatchObject({ type: "VALIDATION" });
    expect(String(res.json.message)).toContain("2025-08-27.basil");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0][0]))).toMatchObject({ msg: "stripe event refused", id: future.id, apiVersion: "2099-01-01.someday" });
    // Nothing of it: no event record, no plan, no receipt, nothing pending.
    expect(await eventCount(future.id)).toBe(0);
    expect(await pendingCount(future.id)).toBe(0);
    expect(await status(u.token)).toMatchObject({ plan: "free", customerId: null });
    expect(await paymentCount(u.user.id)).toBe(0);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AFFILIATE_TERMS, commissionOn } from "~/domain/affiliate";
import { creditReferralAtSignup } from "~/server/affiliate/service";
import { createDb } from "../../db/client";
import { call, cookiesOf, makeAdmin, STRONG_PASSWORD, uniqueName, verifiedUser } from "./helpers";
import {
  basilCheckoutSession,
  basilDispute,
  basilEvent,
  basilInvoice,
  basilInvoicePayment,
  basilRefundedCharge,
  eventId,
  legacyEvent,
  sendStripeEvent,
} from "./stripe-fixtures";

/** A checkout of the yearly plan (the subscription's first invoice), in the pinned version's shapes. */
function checkout(userId: number, invoice: string | null, amount = 44_900) {
  return basilEvent(
    "checkout.session.completed",
    basilCheckoutSession({ userId, customer: `cus_aff_${userId}`, subscription: `sub_aff_${userId}`, invoice, amount, interval: "yearly" }),
  );
}

/** A visit through the link from one address: the cookie the API set. */
async function clickThrough(code: string, ip = "10.77.0.1") {
  const res = await call("/api/affiliate/clicks", { method: "POST", body: { code }, headers: { "cf-connecting-ip": ip, "user-agent": "test-browser" } });
  expect(res.status).toBe(200);
  return { res, cookie: cookiesOf(res.res).dc_ref };
}

async function signupWithCookie(cookie: string | undefined, opts: { email?: string; ip?: string } = {}) {
  const name = uniqueName("ref");
  const email = opts.email ?? `${name}@store.test`;
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = `dc_ref=${cookie}`;
  if (opts.ip) headers["cf-connecting-ip"] = opts.ip;
  const res = await call("/api/auth/signup", { method: "POST", body: { username: name, email, password: STRONG_PASSWORD }, headers });
  expect(res.status).toBe(201);
  return { id: res.json.user.id as number, email, token: res.json.token as string, res: res.res };
}

async function overview(token: string) {
  const res = await call("/api/affiliate", { token });
  expect(res.status).toBe(200);
  return res.json.data;
}

async function staff() {
  const admin = await verifiedUser(uniqueName("staff"));
  await makeAdmin(admin.user.id);
  return admin;
}

const referralCount = async (referredUserId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM referrals WHERE referred_user_id = ?").bind(referredUserId).first<{ n: number }>())!.n;

describe("affiliate program", () => {
  it("publishes its terms from the one place the server computes with", async () => {
    const res = await call("/api/affiliate/terms");
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ ...AFFILIATE_TERMS });
  }, 30_000);

  it("credits a referral end to end: click, cookie, signup, paid checkout, hold, approval (audited), payout", async () => {
    const referrer = await verifiedUser();
    const mine = await overview(referrer.token);
    expect(mine.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(mine.link).toMatch(new RegExp(`^https?://[^/]+/invite-earn\\?ref=${mine.code}$`));
    expect((await overview(referrer.token)).code).toBe(mine.code);

    const { cookie, res } = await clickThrough(mine.code.toLowerCase());
    expect(res.json.data).toEqual({ code: mine.code, counted: true, attributed: true });
    expect(cookie.value).toMatch(new RegExp(`^${mine.code}\\.\\d+$`));
    expect(cookie.attrs).toEqual(expect.arrayContaining([`Max-Age=${AFFILIATE_TERMS.cookieDays * 86400}`, "SameSite=Lax", "Path=/", "HttpOnly"]));
    // The same visitor again today: not counted twice.
    expect((await clickThrough(mine.code)).res.json.data.counted).toBe(false);
    expect((await call("/api/affiliate/clicks", { method: "POST", body: { code: "NOSUCHCODE" } })).status).toBe(404);

    const referred = await signupWithCookie(cookie.value);
    expect(cookiesOf(referred.res).dc_ref?.attrs.join(";")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    let figures = await overview(referrer.token);
    expect(figures).toMatchObject({ clicks: 1, signups: 1, payingCustomers: 0 });

    const invoice = `in_${crypto.randomUUID()}`;
    const intent = `pi_${crypto.randomUUID()}`;
    await sendStripeEvent(checkout(referred.id, invoice));
    // Stripe also sends the first invoice itself, and may send it twice: still one commission.
    // basil: the invoice names no charge or payment intent; invoice_payment.paid does.
    const paid = basilEvent("invoice.paid", basilInvoice({ id: invoice, customer: `cus_aff_${referred.id}`, amount: 44_900 }));
    await sendStripeEvent(paid);
    await sendStripeEvent({ ...paid, id: eventId(), type: "invoice.payment_succeeded" });
    await sendStripeEvent(basilEvent("invoice_payment.paid", basilInvoicePayment({ invoice, paymentIntent: intent, amount: 44_900 })));
    figures = await overview(referrer.token);
    expect(figures).toMatchObject({ signups: 1, payingCustomers: 1, totals: { pendingCents: commissionOn(44_900), approvedCents: 0, paidCents: 0, reversedCents: 0 } });
    expect(figures.commissions).toHaveLength(1);
    expect(figures.commissions[0]).toMatchObject({ customer: "Customer 1", status: "pending", amountCents: 13_470, amountPaidCents: 44_900 });

    const admin = await staff();
    const listed = await call("/api/admin/affiliate/commissions?status=pending", { token: admin.token });
    const row = listed.json.data.find((c: { id: string }) => c.id === figures.commissions[0].id);
    expect(row).toMatchObject({ referrerId: referrer.user.id, referredEmail: referred.email, approvable: false });

    const approvePath = `/api/admin/affiliate/commissions/${row.id}/approve`;
    expect((await call(approvePath, { method: "POST", token: admin.token, body: {} })).status).toBe(400);
    const early = await call(approvePath, { method: "POST", token: admin.token, body: { reason: "Monthly review" } });
    expect(early.status).toBe(409);
    expect(early.json.message).toContain(`${AFFILIATE_TERMS.holdDays}-day hold`);
    // The hold passes.
    await env.DB.prepare("UPDATE affiliate_commissions SET approvable_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), row.id).run();
    const approved = await call(approvePath, { method: "POST", token: admin.token, body: { reason: "Monthly review" } });
    expect(approved.status).toBe(200);
    expect((await call(approvePath, { method: "POST", token: admin.token, body: { reason: "again" } })).status).toBe(409);
    const audit = await env.DB.prepare("SELECT actor_id, action, reason FROM admin_audit_log WHERE target_type = 'commission' AND target_id = ?").bind(row.id).all();
    expect(audit.results).toEqual([{ actor_id: admin.user.id, action: "commission.approve", reason: "Monthly review" }]);
    expect((await overview(referrer.token)).totals).toMatchObject({ pendingCents: 0, approvedCents: 13_470 });

    const payout = await call("/api/admin/affiliate/payouts", { method: "POST", token: admin.token, body: { referrerId: referrer.user.id, reason: "November payouts" } });
    expect(payout.status).toBe(201);
    expect(payout.json.data).toMatchObject({ amountCents: 13_470, commissionCount: 1 });
    const payoutAudit = await env.DB.prepare("SELECT action, reason FROM admin_audit_log WHERE action = 'affiliate.payout' AND target_id = ?").bind(String(referrer.user.id)).all();
    expect(payoutAudit.results).toEqual([{ action: "affiliate.payout", reason: "November payouts" }]);
    figures = await overview(referrer.token);
    expect(figures.totals).toMatchObject({ approvedCents: 0, paidCents: 13_470 });
    expect(figures.payouts).toEqual([expect.objectContaining({ amountCents: 13_470, commissionCount: 1 })]);
    // Nothing left to pay.
    expect((await call("/api/admin/affiliate/payouts", { method: "POST", token: admin.token, body: { referrerId: referrer.user.id, reason: "again" } })).status).toBe(409);

    // A refund after the payout is taken off the next one, as a negative adjustment.
    // basil: the charge names only its payment intent.
    await sendStripeEvent(basilEvent("charge.refunded", basilRefundedCharge({ id: `ch_${crypto.randomUUID()}`, paymentIntent: intent, amount: 44_900, refunded: 44_900 })));
    figures = await overview(referrer.token);
    expect(figures.totals).toMatchObject({ paidCents: 13_470, approvedCents: -13_470 });
  }, 30_000);

  it("reverses a commission on a full refund and adjusts it on a partial one; a chargeback reverses it", async () => {
    const referrer = await verifiedUser();
    const { code } = await overview(referrer.token);
    const customers = [];
    for (const ip of ["10.78.0.1", "10.78.0.2", "10.78.0.3"]) {
      const { cookie } = await clickThrough(code, ip);
      customers.push(await signupWithCookie(cookie.value));
    }
    const [full, partial, disputed] = customers;
    const pi = (c: { id: number }) => `pi_${c.id}_${crypto.randomUUID().slice(0, 8)}`;
    const [piFull, piPart, piDisp] = [pi(full), pi(partial), pi(disputed)];
    await sendStripeEvent(checkout(full.id, "in_full_" + full.id, 4_900));
    await sendStripeEvent(checkout(partial.id, "in_part_" + partial.id, 4_900));
    await sendStripeEvent(checkout(disputed.id, "in_disp_" + disputed.id, 4_900));
    // How basil tells which payment paid the invoice: invoice_payment.paid, or invoice.payments when included.
    await sendStripeEvent(basilEvent("invoice_payment.paid", basilInvoicePayment({ invoice: "in_full_" + full.id, paymentIntent: piFull, amount: 4_900 })));
    await sendStripeEvent(
      basilEvent("invoice.paid", basilInvoice({ id: "in_part_" + partial.id, customer: `cus_aff_${partial.id}`, amount: 4_900, paymentIntent: piPart, charge: `ch_${partial.id}`, includePayments: true })),
    );
    await sendStripeEvent(basilEvent("invoice_payment.paid", basilInvoicePayment({ invoice: "in_disp_" + disputed.id, paymentIntent: piDisp, amount: 4_900 })));
    expect((await overview(referrer.token)).totals.pendingCents).toBe(3 * 1_470);

    const refundEvent = basilEvent("charge.refunded", basilRefundedCharge({ id: `ch_${full.id}`, paymentIntent: piFull, amount: 4_900, refunded: 4_900 }));
    await sendStripeEvent(refundEvent);
    await sendStripeEvent(refundEvent);
    await sendStripeEvent(basilEvent("charge.refunded", basilRefundedCharge({ id: `ch_${partial.id}`, paymentIntent: piPart, amount: 4_900, refunded: 2_450 })));
    await sendStripeEvent(basilEvent("charge.dispute.created", basilDispute({ charge: "ch_unknown", paymentIntent: piDisp, amount: 4_900 })));

    const figures = await overview(referrer.token);
    expect(figures.totals).toEqual({ pendingCents: 1_470 - 735, approvedCents: 0, paidCents: 0, reversedCents: 2 * 1_470 });
    expect(figures.payingCustomers).toBe(1);
    const adjustment = figures.commissions.find((c: { kind: string }) => c.kind === "adjustment");
    expect(adjustment).toMatchObject({ amountCents: -735, status: "pending", note: "Payment partly refunded" });
    // The rest of the partial refund later: the commission ends fully reversed.
    await sendStripeEvent(basilEvent("charge.refunded", basilRefundedCharge({ id: `ch_${partial.id}`, paymentIntent: piPart, amount: 4_900, refunded: 4_900 })));
    expect((await overview(referrer.token)).totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 0, reversedCents: 3 * 1_470 });
  }, 30_000);

  it("still reverses on pre-basil (legacy) shapes: invoice.charge, charge.invoice, a one-off payment's intent", async () => {
    const referrer = await verifiedUser();
    const { code } = await overview(referrer.token);
    const customers = [];
    for (const ip of ["10.78.1.1", "10.78.1.2"]) {
      const { cookie } = await clickThrough(code, ip);
      customers.push(await signupWithCookie(cookie.value));
    }
    const [refunded, disputed] = customers;
    const invoice = `in_legacy_${refunded.id}`;
    const legacy = { apiVersion: "2024-06-20" };
    await sendStripeEvent(legacyEvent("checkout.session.completed", { ...checkout(refunded.id, invoice, 4_900).data.object }, legacy));
    await sendStripeEvent(
      legacyEvent("invoice.paid", { id: invoice, object: "invoice", customer: `cus_aff_${refunded.id}`, amount_paid: 4_900, currency: "usd", charge: `ch_legacy_${refunded.id}`, payment_intent: null }, legacy),
    );
    // A one-off payment (payment mode: no invoice, the session's own payment intent).
    await sendStripeEvent(legacyEvent("checkout.session.completed", { ...checkout(disputed.id, null, 4_900).data.object, payment_intent: `pi_legacy_${disputed.id}` }, legacy));
    expect((await overview(referrer.token)).totals.pendingCents).toBe(2 * 1_470);
    await sendStripeEvent(legacyEvent("charge.refunded", { id: `ch_legacy_${refunded.id}`, object: "charge", amount: 4_900, amount_refunded: 4_900, payment_intent: null, invoice }, legacy));
    await sendStripeEvent(legacyEvent("charge.dispute.created", { id: "dp_legacy", object: "dispute", charge: "ch_other", payment_intent: `pi_legacy_${disputed.id}`, amount: 4_900 }, legacy));
    expect((await overview(referrer.token)).totals).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 0, reversedCents: 2 * 1_470 });
  }, 30_000);

  it("refuses self-referrals and second referrals, recording nothing", async () => {
    const name = uniqueName("self");
    const referrerIp = "10.79.0.9";
    const signup = await call("/api/auth/signup", { method: "POST", body: { username: name, email: `${name}@store.test`, password: STRONG_PASSWORD }, headers: { "cf-connecting-ip": referrerIp } });
    const referrer = { id: signup.json.user.id as number, token: signup.json.token as string };
    await env.DB.prepare("UPDATE users SET email_verified = 1 WHERE id = ?").bind(referrer.id).run();
    const { code } = await overview(referrer.token);
    const { cookie } = await clickThrough(code, "10.79.0.1");

    // The same mailbox with a +tag, in capitals.
    const sameMailbox = await signupWithCookie(cookie.value, { email: `${name.toUpperCase()}+alt@store.test` });
    expect(await referralCount(sameMailbox.id)).toBe(0);
    // From the address the referrer signs in from.
    const sameIp = await signupWithCookie(cookie.value, { ip: referrerIp });
    expect(await referralCount(sameIp.id)).toBe(0);

    // A real referral, then the same person's second account (another +tag), then the same account again.
    const first = await signupWithCookie(cookie.value, { email: `buyer${name}@store.test` });
    expect(await referralCount(first.id)).toBe(1);
    const second = await signupWithCookie(cookie.value, { email: `buyer${name}+two@store.test` });
    expect(await referralCount(second.id)).toBe(0);
    const again = await creditReferralAtSignup(createDb(env.DB), { user: { id: first.id, email: first.email }, cookie: cookie.value, ip: "10.79.0.50", now: new Date() });
    expect(again).toEqual({ credited: false, reason: "duplicate" });
    // A cookie older than the window.
    const stale = `${code}.${Math.floor(Date.now() / 1000) - (AFFILIATE_TERMS.cookieDays + 1) * 86400}`;
    const late = await signupWithCookie(stale);
    expect(await referralCount(late.id)).toBe(0);

    expect((await overview(referrer.token)).signups).toBe(1);
  }, 30_000);

  it("keeps each affiliate's referrals and commissions to themselves", async () => {
    const referrer = await verifiedUser();
    const other = await verifiedUser();
    const { code } = await overview(referrer.token);
    const { cookie } = await clickThrough(code, "10.80.0.1");
    const referred = await signupWithCookie(cookie.value);
    await sendStripeEvent(checkout(referred.id, `in_${crypto.randomUUID()}`, 4_900));
    const mine = await overview(referrer.token);
    expect(mine).toMatchObject({ signups: 1, payingCustomers: 1 });
    const theirs = await overview(other.token);
    expect(theirs).toMatchObject({ clicks: 0, signups: 0, payingCustomers: 0, commissions: [], payouts: [] });
    expect(theirs.code).not.toBe(code);
    // Nor can another user approve or pay it, or read the staff list.
    expect((await call(`/api/admin/affiliate/commissions/${mine.commissions[0].id}/approve`, { method: "POST", token: other.token, body: { reason: "x" } })).status).toBe(403);
    expect(await call("/api/affiliate")).toMatchObject({ status: 401 });
  }, 30_000);

  it.each([
    ["GET", "/api/admin/affiliate/commissions", undefined],
    ["POST", "/api/admin/affiliate/commissions/any/approve", { reason: "x" }],
    ["POST", "/api/admin/affiliate/payouts", { referrerId: 1, reason: "x" }],
  ])("refuses %s %s to non-staff with 403", async (method, path, body) => {
    const user = await verifiedUser();
    const res = await call(path, { method, token: user.token, body });
    expect(res.status).toBe(403);
    expect((await call(path, { method, body })).status).toBe(401);
  }, 30_000);

  it("refuses a payout under the threshold", async () => {
    const referrer = await verifiedUser();
    const { code } = await overview(referrer.token);
    const { cookie } = await clickThrough(code, "10.81.0.1");
    const referred = await signupWithCookie(cookie.value);
    await sendStripeEvent(checkout(referred.id, `in_${crypto.randomUUID()}`, 4_900));
    const [commission] = (await overview(referrer.token)).commissions;
    await env.DB.prepare("UPDATE affiliate_commissions SET approvable_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), commission.id).run();
    const admin = await staff();
    expect((await call(`/api/admin/affiliate/commissions/${commission.id}/approve`, { method: "POST", token: admin.token, body: { reason: "ok" } })).status).toBe(200);
    const payout = await call("/api/admin/affiliate/payouts", { method: "POST", token: admin.token, body: { referrerId: referrer.user.id, reason: "pay" } });
    expect(payout.status).toBe(409);
    expect(payout.json.message).toContain("under the $50.00 payout threshold");
  }, 30_000);
});

import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { invoicePaymentLinks } from "~/server/affiliate/stripe-commissions";
import { effectsOf } from "~/server/billing/stripe-events";
import { apiVersionVerdict, STRIPE_API_VERSION } from "~/server/billing/stripe-version";

describe("the Stripe API version the product expects", () => {
  it("is the version the installed stripe package is pinned to (its types are the contract fixtures' shapes)", () => {
    expect(STRIPE_API_VERSION).toBe((Stripe as unknown as { API_VERSION: string }).API_VERSION);
    expect(STRIPE_API_VERSION >= "2025-03-31.basil").toBe(true);
  });

  it("reads its own and older versions, and refuses newer or nonsense ones", () => {
    expect(apiVersionVerdict(STRIPE_API_VERSION)).toEqual({ read: true, note: null });
    expect(apiVersionVerdict(undefined)).toEqual({ read: true, note: null });
    expect(apiVersionVerdict("2025-03-31.basil")).toMatchObject({ read: true, note: expect.stringContaining("basil shapes") });
    expect(apiVersionVerdict("2024-06-20")).toMatchObject({ read: true, note: expect.stringContaining("pre-basil shapes") });
    expect(apiVersionVerdict("2025-09-30.clover")).toMatchObject({ read: false, note: expect.stringContaining(STRIPE_API_VERSION) });
    expect(apiVersionVerdict(42)).toMatchObject({ read: false });
  });
});

describe("invoice fields basil moved, read in both shapes", () => {
  it("invoice.payment_failed: parent.subscription_details (basil) and subscription_details (before)", () => {
    const basil = effectsOf({ id: "e1", type: "invoice.payment_failed", data: { object: { customer: "cus_1", parent: { subscription_details: { subscription: "sub_1", metadata: { userId: "7" } } } } } });
    const legacy = effectsOf({ id: "e2", type: "invoice.payment_failed", data: { object: { customer: "cus_1", subscription: "sub_1", subscription_details: { metadata: { userId: "7" } } } } });
    for (const effects of [basil, legacy]) {
      expect(effects).toEqual([{ kind: "subscription", who: { userId: 7, customerId: "cus_1", subscriptionId: "sub_1" }, change: { status: "past_due" } }]);
    }
  });

  it("an invoice's payments: basil's invoice.payments (paid ones) and the pre-basil charge and payment_intent", () => {
    expect(
      invoicePaymentLinks({
        id: "in_1",
        payments: { data: [{ status: "paid", payment: { payment_intent: "pi_1", charge: "ch_1" } }, { status: "canceled", payment: { payment_intent: "pi_0" } }] },
      }),
    ).toEqual([{ invoiceId: "in_1", paymentIntentId: "pi_1", chargeId: "ch_1" }]);
    expect(invoicePaymentLinks({ id: "in_2", charge: "ch_2", payment_intent: "pi_2" })).toEqual([{ invoiceId: "in_2", paymentIntentId: "pi_2", chargeId: "ch_2" }]);
    expect(invoicePaymentLinks({ id: "in_3" })).toEqual([]);
  });

  it("a checkout activates only when paid (or nothing was owed)", () => {
    const session = (payment_status?: string) => ({ id: "e", type: "checkout.session.completed", data: { object: { id: "cs", client_reference_id: "7", customer: "cus_1", subscription: "sub_1", amount_total: 4900, payment_status } } });
    expect(effectsOf(session("paid")).map((e) => e.kind)).toEqual(["subscription", "payment"]);
    expect(effectsOf(session("no_payment_required")).map((e) => e.kind)).toEqual(["subscription", "payment"]);
    expect(effectsOf(session("unpaid"))).toEqual([{ kind: "subscription", who: { userId: 7, customerId: "cus_1" }, change: { customerId: "cus_1", subscriptionId: "sub_1" } }]);
    expect(effectsOf(session(undefined))[0]).toMatchObject({ change: { customerId: "cus_1" } });
  });
});

import { describe, expect, it } from "vitest";
import { AFFILIATE_TERMS, canonicalEmail, commissionEndsAt, commissionOn, normalizeReferralCode, parseReferralCookie, referralCookieValue } from "~/domain/affiliate";
import { affiliateEventOf } from "~/server/affiliate/stripe-commissions";
import { searchPartners } from "~/server/partners/service";

describe("affiliate terms", () => {
  it("takes the stated share of a payment, in whole cents", () => {
    expect(AFFILIATE_TERMS.commissionPercent).toBe(30);
    expect(commissionOn(4_900)).toBe(1_470);
    expect(commissionOn(999)).toBe(299);
    expect(commissionOn(0)).toBe(0);
  });

  it("ends commission the stated number of months after the signup", () => {
    expect(commissionEndsAt(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2027-01-31T10:00:00.000Z");
  });

  it("treats one mailbox under another spelling as the same", () => {
    expect(canonicalEmail("Jane.Doe+shop@Gmail.com")).toBe("janedoe@gmail.com");
    expect(canonicalEmail("jane.doe@googlemail.com")).toBe("janedoe@gmail.com");
    expect(canonicalEmail("jane.doe+x@store.test")).toBe("jane.doe@store.test");
    expect(canonicalEmail("jane.doe@store.test")).not.toBe(canonicalEmail("janedoe@store.test"));
  });

  it("reads the referral cookie only inside its window", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const value = referralCookieValue("ABCD2345", new Date("2026-05-01T00:00:00Z"));
    expect(parseReferralCookie(value, now)).toEqual({ code: "ABCD2345", firstSeen: new Date("2026-05-01T00:00:00Z") });
    const stale = referralCookieValue("ABCD2345", new Date(now.getTime() - (AFFILIATE_TERMS.cookieDays + 1) * 86_400_000));
    expect(parseReferralCookie(stale, now)).toBeNull();
    expect(parseReferralCookie(referralCookieValue("ABCD2345", new Date("2026-07-01T00:00:00Z")), now)).toBeNull();
    expect(parseReferralCookie("garbage", now)).toBeNull();
    expect(parseReferralCookie(undefined, now)).toBeNull();
    expect(normalizeReferralCode(" abcd2345 ")).toBe("ABCD2345");
    expect(normalizeReferralCode("<script>")).toBeNull();
  });
});

describe("what a Stripe event means for the program", () => {
  it("keys a subscription checkout and its first invoice alike, so the payment counts once", () => {
    const checkout = affiliateEventOf({ id: "evt_1", type: "checkout.session.completed", created: 1_800_000_000, data: { object: { id: "cs_1", invoice: "in_1", amount_total: 4_900, client_reference_id: "7", payment_status: "paid" } } });
    const invoice = affiliateEventOf({ id: "evt_2", type: "invoice.paid", data: { object: { id: "in_1", amount_paid: 4_900, customer: "cus_1", charge: "ch_1" } } });
    expect(checkout).toMatchObject({ kind: "payment", sourceId: "in_1", amountCents: 4_900, who: { userId: 7 } });
    expect(invoice).toMatchObject({ kind: "payment", sourceId: "in_1", chargeId: "ch_1" });
  });

  it("ignores unpaid or free checkouts and unrelated events", () => {
    expect(affiliateEventOf({ id: "e", type: "checkout.session.completed", data: { object: { id: "cs", amount_total: 0 } } })).toBeNull();
    expect(affiliateEventOf({ id: "e", type: "checkout.session.completed", data: { object: { id: "cs", amount_total: 100, payment_status: "unpaid" } } })).toBeNull();
    expect(affiliateEventOf({ id: "e", type: "invoice.paid", data: { object: { id: "in", amount_paid: 0 } } })).toBeNull();
    expect(affiliateEventOf({ id: "e", type: "customer.created", data: { object: {} } })).toBeNull();
  });

  it("reads refunds and disputes as reversals", () => {
    expect(affiliateEventOf({ id: "e1", type: "charge.refunded", data: { object: { id: "ch_1", amount: 4_900, amount_refunded: 1_000, invoice: "in_1" } } })).toMatchObject({
      kind: "reversal",
      cause: "refund",
      refundedCents: 1_000,
      chargedCents: 4_900,
      invoiceId: "in_1",
    });
    expect(affiliateEventOf({ id: "e2", type: "charge.dispute.created", data: { object: { id: "dp_1", charge: "ch_1" } } })).toMatchObject({ kind: "reversal", cause: "dispute", chargeId: "ch_1" });
  });
});

describe("partner search", () => {
  it("matches every word across name, summary and offers, within a category", () => {
    expect(searchPartners({ q: "review widgets" }).map((p) => p.id)).toEqual(["judge-me", "loox"]);
    expect(searchPartners({ category: "email" }).every((p) => p.category === "email")).toBe(true);
    expect(searchPartners({ category: "shipping", q: "klaviyo" })).toEqual([]);
  });
});

/**
 * Commissions from the Stripe webhook. A referred customer's paid checkout or invoice (inside
 * the program's duration) earns the referrer a pending commission, once per invoice or payment;
 * a refund reverses it (in part, as a negative adjustment, when partial) and a chargeback
 * reverses it whole. Every step is idempotent: Stripe redelivers, and the webhook calls this
 * on every delivery so a failed attempt is finished by the retry.
 *
 * Both Stripe shapes are read (ADR 019). Before basil a charge named its invoice and an invoice
 * its charge and payment intent; since 2025-03-31.basil neither does: an invoice's payments are
 * `invoice.payments` (InvoicePayment objects, `payment.payment_intent` / `payment.charge`, and
 * their own `invoice_payment.paid` event), and a charge, refund or dispute names only its payment
 * intent. So every invoice payment we see is recorded (invoice ↔ payment intent ↔ charge, whoever
 * the customer is), and a reversal finds its commission through that record.
 */
import { commissionEndsAt, commissionOn, HOLD_MS } from "~/domain/affiliate";
import {
  adjustmentsOf,
  findCommissionForPayment,
  findReferralOf,
  insertAdjustment,
  recordInvoicePayments,
  reverseUnpaid,
  upsertCommission,
  type InvoicePaymentLink,
} from "../../../db/affiliate";
import { resolveBillingUser } from "../../../db/billing";
import type { Database } from "../../../db/client";
import type { AffiliateCommissionRow } from "../../../db/schema";

interface StripeEventLike {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : typeof v === "object" && v && typeof (v as { id?: unknown }).id === "string" ? ((v as { id: string }).id) : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

export type { InvoicePaymentLink };

export type AffiliateStripeEvent =
  /** An invoice was paid by these payment intents / charges (basil's invoice_payment.paid). */
  | { kind: "link"; links: InvoicePaymentLink[] }
  | {
      kind: "payment";
      links: InvoicePaymentLink[];
      who: { userId: number | null; customerId: string | null };
      sourceId: string;
      invoiceId: string | null;
      paymentIntentId: string | null;
      chargeId: string | null;
      amountCents: number;
      currency: string;
      paidAt: Date;
    }
  | {
      kind: "reversal";
      eventId: string;
      cause: "refund" | "dispute";
      chargeId: string | null;
      paymentIntentId: string | null;
      invoiceId: string | null;
      /** For a refund: the amount refunded so far and the charge's amount; a dispute reverses all. */
      refundedCents: number | null;
      chargedCents: number | null;
    };

function userIdOf(o: Record<string, unknown>): number | null {
  const raw =
    str(o.client_reference_id) ??
    str(obj(o.metadata).userId) ??
    // basil: invoice.parent.subscription_details; before: invoice.subscription_details.
    str(obj(obj(obj(o.parent).subscription_details).metadata).userId) ??
    str(obj(obj(o.subscription_details).metadata).userId);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The payment intents and charges that paid an invoice, from either shape. */
export function invoicePaymentLinks(invoice: Record<string, unknown>): InvoicePaymentLink[] {
  const invoiceId = str(invoice.id);
  if (!invoiceId) return [];
  const links: InvoicePaymentLink[] = [];
  // basil: invoice.payments (present when Stripe includes it, e.g. expanded).
  for (const raw of (obj(invoice.payments).data as unknown[] | undefined) ?? []) {
    const p = obj(raw);
    if (p.status !== undefined && p.status !== "paid") continue;
    const payment = obj(p.payment);
    const link = { invoiceId, paymentIntentId: str(payment.payment_intent), chargeId: str(payment.charge) };
    if (link.paymentIntentId || link.chargeId) links.push(link);
  }
  // Before basil: the invoice's own charge and payment_intent.
  const legacy = { invoiceId, paymentIntentId: str(invoice.payment_intent), chargeId: str(invoice.charge) };
  if (legacy.paymentIntentId || legacy.chargeId) links.push(legacy);
  return links;
}

/** What a Stripe event means for the affiliate program (pure), or null when nothing. */
export function affiliateEventOf(event: StripeEventLike): AffiliateStripeEvent | null {
  const o = obj(event.data?.object);
  const at = new Date((num(event.created) ?? Math.floor(Date.now() / 1000)) * 1000);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const amount = num(o.amount_total) ?? 0;
      // A delayed method (SEPA, ACH) earns nothing until checkout.session.async_payment_succeeded.
      if (amount <= 0 || o.payment_status !== "paid") return null;
      const invoiceId = str(o.invoice);
      return {
        kind: "payment",
        links: [],
        who: { userId: userIdOf(o), customerId: str(o.customer) },
        // The subscription's first invoice also arrives as invoice.paid: one key for both.
        sourceId: invoiceId ?? str(o.payment_intent) ?? str(o.id) ?? event.id,
        invoiceId,
        paymentIntentId: str(o.payment_intent),
        chargeId: null,
        amountCents: amount,
        currency: (str(o.currency) ?? "usd").toLowerCase(),
        paidAt: at,
      };
    }
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const amount = num(o.amount_paid) ?? 0;
      const invoiceId = str(o.id);
      if (amount <= 0 || !invoiceId) return null;
      const paidEpoch = num(obj(o.status_transitions).paid_at);
      const links = invoicePaymentLinks(o);
      return {
        kind: "payment",
        links,
        who: { userId: userIdOf(o), customerId: str(o.customer) },
        sourceId: invoiceId,
        invoiceId,
        paymentIntentId: links.find((l) => l.paymentIntentId)?.paymentIntentId ?? null,
        chargeId: links.find((l) => l.chargeId)?.chargeId ?? null,
        amountCents: amount,
        currency: (str(o.currency) ?? "usd").toLowerCase(),
        paidAt: paidEpoch ? new Date(paidEpoch * 1000) : at,
      };
    }
    case "invoice_payment.paid": {
      // basil: one payment of an invoice (the link a later refund or dispute goes through).
      const payment = obj(o.payment);
      const invoiceId = str(o.invoice);
      const link = { invoiceId: invoiceId ?? "", paymentIntentId: str(payment.payment_intent), chargeId: str(payment.charge) };
      if (!invoiceId || (!link.paymentIntentId && !link.chargeId)) return null;
      return { kind: "link", links: [link] };
    }
    case "charge.refunded":
      return {
        kind: "reversal",
        eventId: event.id,
        cause: "refund",
        chargeId: str(o.id),
        paymentIntentId: str(o.payment_intent),
        // Before basil only: a basil charge no longer names its invoice.
        invoiceId: str(o.invoice),
        refundedCents: num(o.amount_refunded),
        chargedCents: num(o.amount),
      };
    case "charge.dispute.created":
      return {
        kind: "reversal",
        eventId: event.id,
        cause: "dispute",
        chargeId: str(o.charge),
        paymentIntentId: str(o.payment_intent),
        invoiceId: null,
        refundedCents: null,
        chargedCents: null,
      };
    default:
      return null;
  }
}

/** Applies the event's meaning; returns what it did, for the log. */
export async function applyAffiliateStripeEvent(db: Database, event: StripeEventLike, now: Date): Promise<string> {
  const meaning = affiliateEventOf(event);
  if (!meaning) return "none";
  if (meaning.kind === "link") {
    await recordInvoicePayments(db, meaning.links);
    return "invoice payment recorded";
  }
  // Recorded whoever paid: the customer may not be tied to a user yet, and a refund needs it.
  if (meaning.kind === "payment") await recordInvoicePayments(db, meaning.links);
  if (meaning.kind === "payment") return recordCommission(db, meaning);
  return reverseCommission(db, meaning, now);
}

async function recordCommission(db: Database, payment: Extract<AffiliateStripeEvent, { kind: "payment" }>): Promise<string> {
  const userId = await resolveBillingUser(db, payment.who);
  if (!userId) return "no user";
  const referral = await findReferralOf(db, userId);
  if (!referral) return "not referred";
  const referredAt = new Date(referral.createdAt);
  // Stripe's times are whole seconds and its clock is not ours: a minute's grace before the signup.
  if (payment.paidAt.getTime() < referredAt.getTime() - 60_000 || payment.paidAt > commissionEndsAt(referredAt)) return "outside the commission period";
  const amountCents = commissionOn(payment.amountCents);
  if (amountCents <= 0) return "nothing to earn";
  await upsertCommission(db, {
    id: crypto.randomUUID(),
    referrerId: referral.referrerId,
    referralId: referral.id,
    kind: "commission",
    sourceId: payment.sourceId,
    invoiceId: payment.invoiceId,
    paymentIntentId: payment.paymentIntentId,
    chargeId: payment.chargeId,
    amountPaidCents: payment.amountCents,
    currency: payment.currency,
    amountCents,
    status: "pending",
    paidAt: payment.paidAt.toISOString(),
    approvableAt: new Date(payment.paidAt.getTime() + HOLD_MS).toISOString(),
  });
  return "commission recorded";
}

const live = (row: AffiliateCommissionRow) => row.status !== "reversed";

async function reverseCommission(db: Database, reversal: Extract<AffiliateStripeEvent, { kind: "reversal" }>, now: Date): Promise<string> {
  const commission = await findCommissionForPayment(db, reversal);
  if (!commission) return "no commission on that payment";
  if (commission.status === "reversed") return "already reversed";
  const adjustments = (await adjustmentsOf(db, commission.id)).filter(live);
  const alreadyTakenBack = -adjustments.reduce((sum, a) => sum + a.amountCents, 0);
  const paidFor = reversal.chargedCents ?? commission.amountPaidCents;
  const whole = reversal.cause === "dispute" || reversal.refundedCents === null || reversal.refundedCents >= paidFor;
  const note = reversal.cause === "dispute" ? "Chargeback opened on the payment" : whole ? "Payment refunded in full" : "Payment partly refunded";
  const nowIso = now.toISOString();
  if (whole && commission.status !== "paid") {
    await reverseUnpaid(db, commission.id, nowIso, note);
    return "reversed";
  }
  // What should have been taken back by now, against what already was.
  const target = whole ? commission.amountCents : Math.round((commission.amountCents * (reversal.refundedCents ?? 0)) / Math.max(1, paidFor));
  const more = target - alreadyTakenBack;
  if (more <= 0) return "nothing more to take back";
  await insertAdjustment(db, {
    id: crypto.randomUUID(),
    referrerId: commission.referrerId,
    referralId: commission.referralId,
    kind: "adjustment",
    parentId: commission.id,
    sourceId: `${reversal.cause}:${reversal.eventId}`,
    invoiceId: commission.invoiceId,
    paymentIntentId: null,
    chargeId: null,
    amountPaidCents: 0,
    currency: commission.currency,
    amountCents: -more,
    // Taken off the next payout when the commission was already paid; otherwise it follows it.
    status: commission.status === "paid" ? "approved" : commission.status,
    paidAt: nowIso,
    approvableAt: commission.status === "paid" ? nowIso : commission.approvableAt,
    approvedAt: commission.status === "pending" ? null : nowIso,
    note,
  });
  return "adjusted";
}

/** The affiliate program's queries: codes, clicks, referrals, commissions and payouts (all SQL here). */
import { and, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "./client";
import { uniqueViolation } from "./errors";
import {
  affiliateClicks,
  affiliateCodes,
  affiliateCommissions,
  affiliatePayouts,
  referrals,
  sessions,
  stripeInvoicePayments,
  users,
  type AffiliateCommissionRow,
} from "./schema";

export async function findAffiliateCode(db: Database, userId: number): Promise<string | null> {
  const row = await db.select({ code: affiliateCodes.code }).from(affiliateCodes).where(eq(affiliateCodes.userId, userId)).get();
  return row?.code ?? null;
}

/** Inserts the user's code; false when that code already belongs to someone else (pick another). */
export async function insertAffiliateCode(db: Database, userId: number, code: string): Promise<boolean> {
  try {
    await db.insert(affiliateCodes).values({ userId, code }).onConflictDoNothing({ target: affiliateCodes.userId });
    return true;
  } catch (err) {
    if (uniqueViolation(err)?.includes("code")) return false;
    throw err;
  }
}

export async function findCodeOwner(db: Database, code: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(affiliateCodes)
    .innerJoin(users, eq(users.id, affiliateCodes.userId))
    .where(eq(affiliateCodes.code, code))
    .get();
}

/** One click per code, visitor and day: true when this one counted. */
export async function recordAffiliateClick(db: Database, click: { code: string; visitorKey: string; day: string }): Promise<boolean> {
  const rows = await db.insert(affiliateClicks).values(click).onConflictDoNothing().returning({ id: affiliateClicks.id });
  return rows.length > 0;
}

export async function countAffiliateClicks(db: Database, code: string): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(affiliateClicks).where(eq(affiliateClicks.code, code)).get();
  return row?.n ?? 0;
}

/** The addresses the user signed in from since `since` (the self-referral check). */
export async function recentSessionIps(db: Database, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ip: sessions.ipAddress })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gte(sessions.createdAt, since)))
    .all();
  return rows.map((r) => r.ip).filter((ip): ip is string => Boolean(ip));
}

export async function findReferralOf(db: Database, referredUserId: number) {
  return db.select().from(referrals).where(eq(referrals.referredUserId, referredUserId)).get();
}

export async function referralExistsForMailbox(db: Database, canonicalEmail: string): Promise<boolean> {
  const row = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.referredEmailCanonical, canonicalEmail)).get();
  return Boolean(row);
}

/** Records the referral; false when the user was already referred (the unique index decides a race). */
export async function insertReferral(
  db: Database,
  values: { referrerId: number; referredUserId: number; code: string; referredEmailCanonical: string; firstSeenAt: string },
): Promise<boolean> {
  const rows = await db.insert(referrals).values(values).onConflictDoNothing().returning({ id: referrals.id });
  return rows.length > 0;
}

/** The referrer's referrals, oldest first (the screen numbers customers by this order). */
export async function listReferrals(db: Database, referrerId: number) {
  return db
    .select({ id: referrals.id, createdAt: referrals.createdAt })
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(referrals.id)
    .all();
}

export type NewCommission = typeof affiliateCommissions.$inferInsert;

/**
 * Records a commission once per payment: a second delivery of the same invoice (or the invoice
 * after its checkout) only fills in the charge and payment ids the first one lacked.
 */
export async function upsertCommission(db: Database, row: NewCommission): Promise<void> {
  await db
    .insert(affiliateCommissions)
    .values(row)
    .onConflictDoUpdate({
      target: affiliateCommissions.sourceId,
      set: {
        chargeId: sql`coalesce(${affiliateCommissions.chargeId}, excluded.charge_id)`,
        paymentIntentId: sql`coalesce(${affiliateCommissions.paymentIntentId}, excluded.payment_intent_id)`,
        invoiceId: sql`coalesce(${affiliateCommissions.invoiceId}, excluded.invoice_id)`,
      },
    });
}

/** One payment (intent and/or charge) of an invoice. */
export interface InvoicePaymentLink {
  invoiceId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
}

/** Records which payment intent and charge paid which invoice; a later sighting fills in what was missing. */
export async function recordInvoicePayments(db: Database, links: InvoicePaymentLink[]): Promise<void> {
  for (const link of links) {
    const key = link.paymentIntentId ?? link.chargeId;
    if (!key) continue;
    await db
      .insert(stripeInvoicePayments)
      .values({ id: `${link.invoiceId}:${key}`, ...link })
      .onConflictDoUpdate({
        target: stripeInvoicePayments.id,
        set: { chargeId: sql`coalesce(${stripeInvoicePayments.chargeId}, excluded.charge_id)` },
      });
  }
}

/**
 * The commission on the payment a charge, payment intent or invoice belongs to: by the ids the
 * commission itself recorded, or (basil: a charge names no invoice) through the invoice payments
 * recorded from invoice.paid and invoice_payment.paid.
 */
export async function findCommissionForPayment(
  db: Database,
  ids: { chargeId: string | null; paymentIntentId: string | null; invoiceId: string | null },
): Promise<AffiliateCommissionRow | undefined> {
  const paidBy = [
    ids.chargeId ? eq(stripeInvoicePayments.chargeId, ids.chargeId) : undefined,
    ids.paymentIntentId ? eq(stripeInvoicePayments.paymentIntentId, ids.paymentIntentId) : undefined,
  ].filter((m) => m !== undefined);
  const invoices = paidBy.length ? db.select({ id: stripeInvoicePayments.invoiceId }).from(stripeInvoicePayments).where(or(...paidBy)) : undefined;
  const matches = [
    ids.chargeId ? eq(affiliateCommissions.chargeId, ids.chargeId) : undefined,
    ids.paymentIntentId ? eq(affiliateCommissions.paymentIntentId, ids.paymentIntentId) : undefined,
    ids.invoiceId ? or(eq(affiliateCommissions.invoiceId, ids.invoiceId), eq(affiliateCommissions.sourceId, ids.invoiceId)) : undefined,
    invoices ? or(inArray(affiliateCommissions.invoiceId, invoices), inArray(affiliateCommissions.sourceId, invoices)) : undefined,
  ].filter((m) => m !== undefined);
  if (!matches.length) return undefined;
  return db
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.kind, "commission"), or(...matches)))
    .get();
}

export async function adjustmentsOf(db: Database, parentId: string): Promise<AffiliateCommissionRow[]> {
  return db.select().from(affiliateCommissions).where(eq(affiliateCommissions.parentId, parentId)).all();
}

/** Inserts an adjustment once per refund or dispute event (source_id). */
export async function insertAdjustment(db: Database, row: NewCommission): Promise<void> {
  await db.insert(affiliateCommissions).values(row).onConflictDoNothing({ target: affiliateCommissions.sourceId });
}

/** Reverses a not-yet-paid commission and its not-yet-paid adjustments. */
export async function reverseUnpaid(db: Database, commissionId: string, now: string, note: string): Promise<void> {
  await db
    .update(affiliateCommissions)
    .set({ status: "reversed", reversedAt: now, note })
    .where(
      and(
        or(eq(affiliateCommissions.id, commissionId), eq(affiliateCommissions.parentId, commissionId)),
        inArray(affiliateCommissions.status, ["pending", "approved"]),
      ),
    );
}

export async function commissionsOf(db: Database, referrerId: number): Promise<AffiliateCommissionRow[]> {
  return db
    .select()
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.referrerId, referrerId))
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.id))
    .limit(500)
    .all();
}

export async function payoutsOf(db: Database, referrerId: number) {
  return db
    .select()
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.referrerId, referrerId))
    .orderBy(desc(affiliatePayouts.createdAt))
    .all();
}

/** Staff: commissions with both parties' emails, newest first, optionally of one status. */
export async function listCommissionsForStaff(db: Database, status?: AffiliateCommissionRow["status"]) {
  const referrer = sql<string>`(select email from users where users.id = ${affiliateCommissions.referrerId})`;
  const referred = sql<string | null>`(select u.email from users u join referrals r on r.referred_user_id = u.id where r.id = ${affiliateCommissions.referralId})`;
  return db
    .select({ row: affiliateCommissions, referrerEmail: referrer, referredEmail: referred })
    .from(affiliateCommissions)
    .where(status ? eq(affiliateCommissions.status, status) : undefined)
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.id))
    .limit(200)
    .all();
}

export async function findCommission(db: Database, id: string): Promise<AffiliateCommissionRow | undefined> {
  return db.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, id)).get();
}

/** Approves a pending commission and its pending adjustments; false when it was no longer pending. */
export async function approveCommissionRows(db: Database, id: string, now: string): Promise<boolean> {
  const rows = await db
    .update(affiliateCommissions)
    .set({ status: "approved", approvedAt: now })
    .where(and(eq(affiliateCommissions.id, id), eq(affiliateCommissions.status, "pending")))
    .returning({ id: affiliateCommissions.id });
  if (!rows.length) return false;
  await db
    .update(affiliateCommissions)
    .set({ status: "approved", approvedAt: now })
    .where(and(eq(affiliateCommissions.parentId, id), eq(affiliateCommissions.status, "pending")));
  return true;
}

export async function approvedUnpaid(db: Database, referrerId: number): Promise<AffiliateCommissionRow[]> {
  return db
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.referrerId, referrerId), eq(affiliateCommissions.status, "approved"), isNull(affiliateCommissions.payoutId)))
    .all();
}

/** Records the payout and marks exactly those commissions paid, in one batch. */
export async function insertPayout(
  db: Database,
  payout: { id: string; referrerId: number; amountCents: number; method: string; createdBy: number },
  commissionIds: string[],
): Promise<void> {
  await db.batch([
    db.insert(affiliatePayouts).values({ ...payout, commissionCount: commissionIds.length }),
    db
      .update(affiliateCommissions)
      .set({ status: "paid", payoutId: payout.id })
      .where(and(inArray(affiliateCommissions.id, commissionIds), eq(affiliateCommissions.status, "approved"), isNull(affiliateCommissions.payoutId))),
  ]);
}

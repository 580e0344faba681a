/** The staff inbox of the affiliate program: review commissions, approve them after the hold, pay referrers. Each action is audited. */
import { AFFILIATE_TERMS, formatCents, type StaffCommission } from "~/domain/contracts/affiliate";
import { AppError } from "~/domain/errors";
import { recordAdminAction } from "../../../db/admin-audit";
import { approveCommissionRows, approvedUnpaid, findCommission, insertPayout, listCommissionsForStaff } from "../../../db/affiliate";
import type { Database } from "../../../db/client";
import type { AffiliateCommissionRow } from "../../../db/schema";
import { commissionView } from "./service";

export interface StaffActor {
  id: number;
  email: string;
}

export async function listStaffCommissions(db: Database, status: AffiliateCommissionRow["status"] | undefined, now: Date): Promise<StaffCommission[]> {
  const rows = await listCommissionsForStaff(db, status);
  return rows.map(({ row, referrerEmail, referredEmail }) => ({
    ...commissionView(row, referredEmail ?? "(deleted account)"),
    referrerId: row.referrerId,
    referrerEmail,
    referredEmail,
    approvedAt: row.approvedAt,
    payoutId: row.payoutId,
    approvable: row.status === "pending" && new Date(row.approvableAt) <= now,
  }));
}

/** Approves a pending commission whose hold has passed (so a refund inside the hold still reverses it first). */
export async function approveCommission(db: Database, actor: StaffActor, id: string, reason: string, now: Date) {
  const row = await findCommission(db, id);
  if (!row || row.kind !== "commission") throw new AppError("NOT_FOUND", "No such commission.");
  if (row.status !== "pending") throw new AppError("CONFLICT", `This commission is ${row.status}, not pending: only pending commissions can be approved.`);
  if (new Date(row.approvableAt) > now) {
    throw new AppError("CONFLICT", `This commission is in its ${AFFILIATE_TERMS.holdDays}-day hold until ${row.approvableAt.slice(0, 10)}, so a refund or chargeback can still reverse it.`, {
      details: { approvableAt: row.approvableAt },
    });
  }
  if (!(await approveCommissionRows(db, id, now.toISOString()))) throw new AppError("CONFLICT", "This commission changed meanwhile. Reload and try again.");
  await recordAdminAction(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "commission.approve",
    targetType: "commission",
    targetId: id,
    reason,
    details: { referrerId: row.referrerId, amountCents: row.amountCents },
  });
  return { id, status: "approved" as const };
}

/** Pays every approved, unpaid commission of a referrer as one payout, when they reach the threshold. */
export async function payReferrer(db: Database, actor: StaffActor, referrerId: number, reason: string) {
  const rows = await approvedUnpaid(db, referrerId);
  const amountCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
  if (!rows.length) throw new AppError("CONFLICT", "This referrer has no approved commissions to pay.");
  if (amountCents < AFFILIATE_TERMS.payoutThresholdCents) {
    throw new AppError(
      "CONFLICT",
      `Approved commissions add up to ${formatCents(amountCents)}, under the ${formatCents(AFFILIATE_TERMS.payoutThresholdCents)} payout threshold.`,
      { details: { amountCents, thresholdCents: AFFILIATE_TERMS.payoutThresholdCents } },
    );
  }
  const payout = { id: crypto.randomUUID(), referrerId, amountCents, method: AFFILIATE_TERMS.payoutMethod, createdBy: actor.id };
  await insertPayout(db, payout, rows.map((r) => r.id));
  await recordAdminAction(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "affiliate.payout",
    targetType: "user",
    targetId: String(referrerId),
    reason,
    details: { payoutId: payout.id, amountCents, commissionIds: rows.map((r) => r.id) },
  });
  return { id: payout.id, referrerId, amountCents, commissionCount: rows.length };
}

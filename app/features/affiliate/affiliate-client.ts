/** The affiliate program's API client (functions/affiliate.ts), over the one request client. Types come from the contract. */
import type { AffiliateOverview, StaffCommission } from "~/domain/contracts/affiliate";
import type { CommissionStatus } from "~/domain/affiliate";
import { apiRequest } from "~/lib/http";

export async function fetchAffiliate(): Promise<AffiliateOverview> {
  const res = await apiRequest("GET", "/api/affiliate");
  return ((await res.json()) as { data: AffiliateOverview }).data;
}

/** Records a visit through a referral link; the answer sets the referral cookie. */
export async function recordReferralClick(code: string): Promise<{ counted: boolean; attributed: boolean }> {
  const res = await apiRequest("POST", "/api/affiliate/clicks", { code });
  return ((await res.json()) as { data: { counted: boolean; attributed: boolean } }).data;
}

export async function fetchStaffCommissions(status: CommissionStatus | "all"): Promise<StaffCommission[]> {
  const query = status === "all" ? "" : `?status=${status}`;
  const res = await apiRequest("GET", `/api/admin/affiliate/commissions${query}`);
  return ((await res.json()) as { data: StaffCommission[] }).data;
}

export async function approveCommission(id: string, reason: string): Promise<void> {
  await apiRequest("POST", `/api/admin/affiliate/commissions/${encodeURIComponent(id)}/approve`, { reason });
}

export async function payReferrer(referrerId: number, reason: string): Promise<{ amountCents: number; commissionCount: number }> {
  const res = await apiRequest("POST", "/api/admin/affiliate/payouts", { referrerId, reason });
  return ((await res.json()) as { data: { amountCents: number; commissionCount: number } }).data;
}

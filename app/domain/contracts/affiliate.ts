/** The affiliate program's API: terms, my link and figures, click recording, and the staff inbox. Money is in US cents. */
import { z } from "zod";
import { COMMISSION_STATUSES } from "../affiliate";
import { StaffReasonSchema } from "./common";

export * from "../affiliate";

const reason = StaffReasonSchema;

export const AffiliateTermsSchema = z
  .object({
    commissionPercent: z.number(),
    durationMonths: z.number().int(),
    cookieDays: z.number().int(),
    payoutThresholdCents: z.number().int(),
    holdDays: z.number().int(),
    payoutMethod: z.string(),
    payoutSchedule: z.string(),
  })
  .meta({ id: "AffiliateTerms" });

export const CommissionStatusSchema = z.enum(COMMISSION_STATUSES);

export const AffiliateCommissionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["commission", "adjustment"]),
    /** "Customer 1", "Customer 2"…: the referrer never sees who their customers are. */
    customer: z.string(),
    status: CommissionStatusSchema,
    amountCents: z.number().int(),
    amountPaidCents: z.number().int(),
    currency: z.string(),
    paidAt: z.string(),
    approvableAt: z.string(),
    note: z.string().nullable(),
  })
  .meta({ id: "AffiliateCommission" });
export type AffiliateCommission = z.infer<typeof AffiliateCommissionSchema>;

export const AffiliatePayoutSchema = z
  .object({ id: z.string(), amountCents: z.number().int(), commissionCount: z.number().int(), method: z.string(), createdAt: z.string() })
  .meta({ id: "AffiliatePayout" });
export type AffiliatePayout = z.infer<typeof AffiliatePayoutSchema>;

export const AffiliateOverviewSchema = z
  .object({
    code: z.string(),
    link: z.string(),
    clicks: z.number().int(),
    signups: z.number().int(),
    payingCustomers: z.number().int(),
    totals: z.object({
      pendingCents: z.number().int(),
      approvedCents: z.number().int(),
      paidCents: z.number().int(),
      reversedCents: z.number().int(),
    }),
    commissions: z.array(AffiliateCommissionSchema),
    payouts: z.array(AffiliatePayoutSchema),
  })
  .meta({ id: "AffiliateOverview" });
export type AffiliateOverview = z.infer<typeof AffiliateOverviewSchema>;

export const AffiliateClickBodySchema = z
  .object({ code: z.string({ error: "code must be text" }).trim().min(1, "code is required").max(32, "code is too long") })
  .meta({ id: "AffiliateClickBody" });

export const AffiliateClickResultSchema = z
  .object({ data: z.object({ code: z.string(), counted: z.boolean(), attributed: z.boolean() }) })
  .meta({ id: "AffiliateClickResult" });

export const StaffCommissionSchema = AffiliateCommissionSchema.extend({
  referrerId: z.number().int(),
  referrerEmail: z.string(),
  referredEmail: z.string().nullable(),
  approvedAt: z.string().nullable(),
  payoutId: z.string().nullable(),
  approvable: z.boolean(),
}).meta({ id: "StaffCommission" });
export type StaffCommission = z.infer<typeof StaffCommissionSchema>;

export const StaffCommissionQuerySchema = z.object({ status: CommissionStatusSchema.optional() });

export const ApproveCommissionBodySchema = z.object({ reason }).meta({ id: "ApproveCommissionBody" });

export const CreatePayoutBodySchema = z
  .object({ referrerId: z.coerce.number({ error: "referrerId must be a user id" }).int().positive(), reason })
  .meta({ id: "CreatePayoutBody" });

/** The admin resource: what staff screens read and the actions they take. */
import { z } from "zod";
import { GRANTABLE_PLANS } from "../admin";
import { StaffReasonSchema } from "./common";
import { UsageSummarySchema } from "./usage";

const DayCount = z.object({ day: z.string(), count: z.number() });

/** Staff's headline numbers (GET /api/admin/overview). */
export const AdminOverviewSchema = z
  .object({
    users: z.object({ total: z.number(), verified: z.number(), admins: z.number(), disabled: z.number() }),
    newsletterSubscribers: z.number(),
    /** Sign-ups per UTC day, the last 30 days, oldest first, days without any included. */
    signupsPerDay: z.array(DayCount),
    /** Users with a session used or metered usage recorded in the window. */
    activeUsers: z.object({ last7Days: z.number(), last30Days: z.number(), definition: z.string() }),
    /** Subscriptions by status: paid plans on Stripe, and support grants apart. */
    subscriptions: z.object({
      paying: z.number(),
      pastDue: z.number(),
      trialing: z.number(),
      granted: z.number(),
      /** The paying subscriptions by plan id. */
      payingByPlan: z.record(z.string(), z.number()),
    }),
    mrr: z.object({
      /** Whole US dollars a month, from list prices; yearly plans count as a twelfth of their price. */
      amount: z.number(),
      currency: z.string(),
      monthly: z.number(),
      yearly: z.number(),
      /** Paying subscriptions left out of the sum, and why (no payment on record, or no list price). */
      unpriced: z.number(),
      definition: z.string(),
    }),
    churn: z.object({
      endedLast30Days: z.number(),
      /** endedLast30Days ÷ (paying now + endedLast30Days); null with nobody in either. */
      rate: z.number().nullable(),
      definition: z.string(),
    }),
    /** Daily totals summed over every user's meter (usage_daily), the last 30 days. */
    usageLast30Days: z.record(z.string(), z.number()),
  })
  .meta({ id: "AdminOverview" });

/** Every admin action's body carries why it was taken; the audit log keeps it. */
export const AdminReasonSchema = StaffReasonSchema;

export const AdminActionBodySchema = z.object({ reason: AdminReasonSchema }).meta({ id: "AdminActionBody" });

/** POST /api/admin/users/{id}/launcher-access: grant (true) or remove (false) the AI Launcher, audited. */
export const AdminLauncherAccessBodySchema = z
  .object({ access: z.boolean({ error: "access must be true (grant) or false (remove)" }), reason: AdminReasonSchema })
  .meta({ id: "AdminLauncherAccessBody" });

export const AdminGrantPlanBodySchema = z
  .object({
    plan: z.enum(GRANTABLE_PLANS, { error: `plan must be one of ${GRANTABLE_PLANS.join(", ")}.` }),
    reason: AdminReasonSchema,
  })
  .meta({ id: "AdminGrantPlanBody" });

export const AdminUserRowSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(["user", "admin"]),
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
    plan: z.string(),
    planName: z.string(),
    subscriptionStatus: z.string(),
    isGrant: z.boolean(),
    /** Staff granted this account the AI Launcher. */
    launcherAccess: z.boolean(),
  })
  .meta({ id: "AdminUserRow" });

export const AdminUserSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** Keyset paging: users with a lower id than this (the list is newest first). */
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminUserListSchema = z
  .object({ data: z.array(AdminUserRowSchema), nextBeforeId: z.number().nullable() })
  .meta({ id: "AdminUserList" });

export const AdminSessionSchema = z
  .object({
    /** The first characters of the session id: enough to tell sessions apart, not to use one. */
    idPrefix: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    expiresAt: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: "AdminSession" });

export const AdminAuditEntrySchema = z
  .object({
    id: z.number(),
    actorId: z.number(),
    actorEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: "AdminAuditEntry" });

export const AdminUserDetailSchema = z
  .object({
    user: AdminUserRowSchema.extend({
      timeZone: z.string().nullable(),
      disabledReason: z.string().nullable(),
      verificationSentAt: z.string().nullable(),
    }),
    subscription: z.object({
      plan: z.string(),
      planName: z.string(),
      status: z.string(),
      isGrant: z.boolean(),
      grantedBy: z.number().nullable(),
      grantedAt: z.string().nullable(),
      customerId: z.string().nullable(),
      subscriptionId: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    }),
    usage: UsageSummarySchema,
    sessions: z.array(AdminSessionSchema),
    /** The newest staff actions on this user. */
    recentActions: z.array(AdminAuditEntrySchema),
  })
  .meta({ id: "AdminUserDetail" });

export const AdminActionResultSchema = z
  .object({ data: z.object({ message: z.string(), auditId: z.number() }) })
  .meta({ id: "AdminActionResult" });

export const AdminAuditQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const AdminAuditListSchema = z
  .object({ data: z.array(AdminAuditEntrySchema), nextBeforeId: z.number().nullable() })
  .meta({ id: "AdminAuditList" });

export const CatalogRefreshRowSchema = z
  .object({
    id: z.number(),
    ranAt: z.string(),
    trigger: z.string(),
    productsRescored: z.number(),
    storesSnapshotted: z.number(),
    changesRecorded: z.number(),
    durationMs: z.number(),
  })
  .meta({ id: "CatalogRefreshRow" });

export const CatalogRefreshListSchema = z.object({ data: z.array(CatalogRefreshRowSchema) }).meta({ id: "CatalogRefreshList" });

export const AnswerReportSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    userEmail: z.string(),
    chatId: z.string(),
    messageId: z.string(),
    question: z.string(),
    answerExcerpt: z.string(),
    provider: z.string().nullable(),
    refunded: z.boolean().meta({ description: "Whether the query was given back (at most three a day)" }),
    createdAt: z.string(),
  })
  .meta({ id: "AnswerReport", description: "An answer a merchant marked 'Not what I asked', kept for review" });

export const AnswerReportQuerySchema = z.object({
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const AnswerReportListSchema = z
  .object({ data: z.array(AnswerReportSchema), nextBeforeId: z.number().nullable() })
  .meta({ id: "AnswerReportList" });

export type AnswerReport = z.infer<typeof AnswerReportSchema>;
export type AnswerReportList = z.infer<typeof AnswerReportListSchema>;
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export type AdminUserList = z.infer<typeof AdminUserListSchema>;
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export type AdminAuditList = z.infer<typeof AdminAuditListSchema>;
export type CatalogRefreshRow = z.infer<typeof CatalogRefreshRowSchema>;

/** The usage resource: today's counters, the query limit, the history behind the charts, and the plan. */
import { z } from "zod";
import { DAILY_COUNTERS, type DailyCounter } from "../counters";

const Counters = z.object(Object.fromEntries(DAILY_COUNTERS.map((k) => [k, z.number()])) as Record<DailyCounter, z.ZodNumber>);

export const UsageSummarySchema = z
  .object({
    plan: z.string(),
    usage: Counters,
    limits: Counters,
    remaining: Counters,
    trackingType: z.literal("daily"),
    resetsAt: z.string(),
    monthly: z.record(z.string(), z.object({ used: z.number(), limit: z.number(), remaining: z.number() })),
    monthlyResetsAt: z.string(),
    timeZone: z.string(),
  })
  .meta({ id: "UsageSummary" });

export const QueryLimitSchema = z
  .object({ limit: z.number(), used: z.number(), remaining: z.number(), resetsAt: z.string(), nearLimit: z.boolean() })
  .meta({ id: "QueryLimit" });

export const UsageHistoryRowSchema = z.object({ day: z.string(), counter: z.string(), amount: z.number() }).meta({ id: "UsageHistoryRow" });
export const UsageHistoryQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const SubscriptionStatusSchema = z
  .object({
    plan: z.string(),
    planName: z.string(),
    features: z.record(z.string(), z.union([z.boolean(), z.number()])),
    hasActiveSubscription: z.boolean(),
    subscriptionStatus: z.string(),
    customerId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z.string().nullable(),
  })
  .meta({ id: "SubscriptionStatus" });

export type UsageSummaryContract = z.infer<typeof UsageSummarySchema>;
export type QueryLimitContract = z.infer<typeof QueryLimitSchema>;
export type UsageHistoryRow = z.infer<typeof UsageHistoryRowSchema>;

/**
 * The plan catalogue: the one place that says what each plan may do (ADR 006). The numbers come
 * from the counter catalogue (`counters.ts`); this file maps plans to tiers and shapes the
 * spec's features object from them.
 */
import { allowanceLimit, limitsFor, type PlanTier, type UsageCounter } from "./counters";

export {
  DAILY_COUNTERS,
  MONTHLY_COUNTERS,
  isMonthlyCounter,
  type DailyCounter,
  type MonthlyCounter,
  type UsageCounter,
} from "./counters";

export type PlanId = "free" | "pro" | "automation" | "empire";
export const PAID_PLANS: readonly PlanId[] = ["pro", "automation", "empire"];

/** The features object of spec section 3. */
export interface PlanFeatures {
  hasImageGeneration: boolean;
  hasDropPageBuilder: boolean;
  hasDeepMarketAnalysis: boolean;
  queriesPerDay: number;
  marketingVisualsPerDay: number;
  promptsPerDay: number;
  maxImagesPerRequest: number;
  aiLauncherPerDay: number;
  deepMarketAnalysisPerDay: number;
}

export interface Plan {
  id: PlanId;
  tier: PlanTier;
  features: PlanFeatures;
  /** Per-day image generations (not part of the spec's features object). */
  imagesPerDay: number;
  limits: Record<UsageCounter, number>;
  /** Projects held at once (ALLOWANCES.projects). */
  projectQuota: number;
  /** Knowledge-base bytes held at once, across projects (ALLOWANCES.knowledgeBytes). */
  knowledgeBytes: number;
}

/** What a tier allows beyond its counters. */
const TIER_EXTRAS: Record<PlanTier, { maxImagesPerRequest: number }> = {
  free: { maxImagesPerRequest: 0 },
  growth: { maxImagesPerRequest: 4 },
  elite: { maxImagesPerRequest: 8 },
};

function plan(id: PlanId, tier: PlanTier): Plan {
  const limits = limitsFor(tier);
  const paid = tier !== "free";
  // Frozen: the catalogue is shared by server and client and must never be changed in place.
  return Object.freeze({
    id,
    tier,
    features: Object.freeze({
      hasImageGeneration: paid,
      hasDropPageBuilder: paid,
      hasDeepMarketAnalysis: paid,
      queriesPerDay: limits.queries,
      marketingVisualsPerDay: limits.marketingVisuals,
      promptsPerDay: limits.prompts,
      maxImagesPerRequest: TIER_EXTRAS[tier].maxImagesPerRequest,
      aiLauncherPerDay: limits.launchers,
      deepMarketAnalysisPerDay: limits.aiAdvisor,
    }),
    imagesPerDay: limits.images,
    projectQuota: allowanceLimit("projects", tier),
    knowledgeBytes: allowanceLimit("knowledgeBytes", tier),
    limits: Object.freeze(limits),
  });
}

// Free is the spec's subscription-context free column (10 queries a day, section 9); pro and
// automation are both sold as Growth, empire as Elite.
export const PLANS: Record<PlanId, Plan> = {
  free: plan("free", "free"),
  pro: plan("pro", "growth"),
  automation: plan("automation", "growth"),
  empire: plan("empire", "elite"),
};

/** Unknown plans are treated as free. */
export function resolvePlan(id: string | null | undefined): Plan {
  return (id && (PLANS as Record<string, Plan>)[id]) || PLANS.free;
}

export function isPaidPlan(id: string | null | undefined): boolean {
  return resolvePlan(id).id !== "free";
}

/** The display rule of spec section 3. */
export function planDisplayName(plan: string | null | undefined, planName?: string | null): string {
  if (planName && planName.trim()) return planName;
  switch (plan) {
    case "pro":
    case "automation":
      return "Growth";
    case "empire":
      return "Elite";
    case "free":
    case undefined:
    case null:
    case "":
      return "Free";
    default:
      return plan.charAt(0).toUpperCase() + plan.slice(1);
  }
}

/** Plan badges are highlighted for the paid plans. */
export function isHighlightedPlan(plan: string | null | undefined): boolean {
  return plan === "pro" || plan === "empire" || plan === "automation";
}

/** Usage at or above this share of a limit counts as "near the limit" (spec section 9). */
export const NEAR_LIMIT_RATIO = 0.8;

export function isNearLimit(used: number, limit: number): boolean {
  return limit > 0 && used / limit >= NEAR_LIMIT_RATIO;
}


/**
 * The plan catalogue: the one place that says what each plan may do (ADR 006).
 * Daily counters reset at midnight in the user's time zone (UTC by default); exports and page
 * generations are monthly.
 */
export const DAILY_COUNTERS = ["queries", "images", "launchers", "marketingVisuals", "prompts", "aiAdvisor"] as const;
export const MONTHLY_COUNTERS = ["exports", "pageGenerations"] as const;
export type DailyCounter = (typeof DAILY_COUNTERS)[number];
export type MonthlyCounter = (typeof MONTHLY_COUNTERS)[number];
export type UsageCounter = DailyCounter | MonthlyCounter;

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
  features: PlanFeatures;
  /** Per-day image generations (not part of the spec's features object). */
  imagesPerDay: number;
  limits: Record<UsageCounter, number>;
  projectQuota: number;
}

function plan(id: PlanId, features: PlanFeatures, extra: { imagesPerDay: number; exports: number; pageGenerations: number; projectQuota: number }): Plan {
  // Frozen: the catalogue is shared by server and client and must never be changed in place.
  return Object.freeze({
    id,
    features: Object.freeze({ ...features }),
    imagesPerDay: extra.imagesPerDay,
    projectQuota: extra.projectQuota,
    limits: Object.freeze({
      queries: features.queriesPerDay,
      images: extra.imagesPerDay,
      launchers: features.aiLauncherPerDay,
      marketingVisuals: features.marketingVisualsPerDay,
      prompts: features.promptsPerDay,
      aiAdvisor: features.deepMarketAnalysisPerDay,
      exports: extra.exports,
      pageGenerations: extra.pageGenerations,
    }),
  });
}

// Free: the spec's subscription-context free column (10 queries a day, section 9).
const FREE = plan(
  "free",
  {
    hasImageGeneration: false,
    hasDropPageBuilder: false,
    hasDeepMarketAnalysis: false,
    queriesPerDay: 10,
    marketingVisualsPerDay: 0,
    promptsPerDay: 15,
    maxImagesPerRequest: 0,
    aiLauncherPerDay: 0,
    deepMarketAnalysisPerDay: 0,
  },
  { imagesPerDay: 0, exports: 0, pageGenerations: 0, projectQuota: 3 },
);

// Growth (pro and automation): the spec gives 10 exports and 10 page generations a month; the
// daily numbers are ours (ADR 006). "Unlimited queries" in the marketing copy is a fair-use cap.
const GROWTH_FEATURES: PlanFeatures = {
  hasImageGeneration: true,
  hasDropPageBuilder: true,
  hasDeepMarketAnalysis: true,
  queriesPerDay: 1000,
  marketingVisualsPerDay: 50,
  promptsPerDay: 500,
  maxImagesPerRequest: 4,
  aiLauncherPerDay: 20,
  deepMarketAnalysisPerDay: 10,
};
const GROWTH_EXTRA = { imagesPerDay: 100, exports: 10, pageGenerations: 10, projectQuota: 50 };

export const PLANS: Record<PlanId, Plan> = {
  free: FREE,
  pro: plan("pro", GROWTH_FEATURES, GROWTH_EXTRA),
  automation: plan("automation", GROWTH_FEATURES, GROWTH_EXTRA),
  empire: plan(
    "empire",
    {
      hasImageGeneration: true,
      hasDropPageBuilder: true,
      hasDeepMarketAnalysis: true,
      queriesPerDay: 5000,
      marketingVisualsPerDay: 200,
      promptsPerDay: 2000,
      maxImagesPerRequest: 8,
      aiLauncherPerDay: 100,
      deepMarketAnalysisPerDay: 50,
    },
    { imagesPerDay: 500, exports: 10, pageGenerations: 10, projectQuota: 200 },
  ),
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

export function isMonthlyCounter(counter: UsageCounter): counter is MonthlyCounter {
  return (MONTHLY_COUNTERS as readonly string[]).includes(counter);
}

/**
 * Price facts and plan contents (spec section 9, "Plans and prices" and "Free-plan fallbacks",
 * plus the paid copy of the upgrade modal in section 2). Plain data and pure functions: the
 * pricing page, the upgrade page and the upgrade modal all read from here, so a price changes in
 * one place.
 */

import { ALLOWANCES, COUNTERS, countOf, formatBytes, perPeriod, type Allowance, type UsageCounter } from "./counters";
import { PLANS as CATALOGUE, type PlanFeatures } from "./plans";

export type BillingInterval = "monthly" | "yearly";
export const BILLING_INTERVALS: readonly BillingInterval[] = ["monthly", "yearly"];

export type PlanId = "free" | "growth";

export const CURRENCY = "USD";

/** Growth list prices in whole US dollars. */
export const GROWTH_PRICES: Readonly<Record<BillingInterval, number>> = Object.freeze({
  monthly: 49,
  yearly: 449,
});

/** Paid monthly quotas (spec: 10 exports and 10 AI page generations per month). */
export const GROWTH_MONTHLY_QUOTAS = Object.freeze({
  pageExports: CATALOGUE.pro.limits.exports,
  pageGenerations: CATALOGUE.pro.limits.pageGenerations,
});

/** Priority support answers within this many hours on Growth. */
export const PRIORITY_SUPPORT_HOURS = 24;

/**
 * What the free plan allows: the subscription context's free fallback column of the spec
 * (section 9). Zero means "not included".
 */
export const FREE_PLAN_LIMITS: Readonly<PlanFeatures> = CATALOGUE.free.features;

export { NEAR_LIMIT_RATIO } from "./plans";

/** Twelve months at the monthly price: what a year costs without the yearly plan ($588). */
export function fullYearlyPrice(monthly: number = GROWTH_PRICES.monthly): number {
  return monthly * 12;
}

/** The yearly plan's saving against twelve monthly payments, as a whole percent (24). */
export function yearlySavingPercent(
  monthly: number = GROWTH_PRICES.monthly,
  yearly: number = GROWTH_PRICES.yearly,
): number {
  const full = fullYearlyPrice(monthly);
  if (!(full > 0) || !(yearly >= 0) || yearly >= full) return 0;
  return Math.round(((full - yearly) / full) * 100);
}

/** The yearly price spread over twelve months, rounded to whole dollars (about $37). */
export function yearlyMonthlyEquivalent(yearly: number = GROWTH_PRICES.yearly): number {
  return Math.round(yearly / 12);
}

/** The yearly saving in dollars against twelve monthly payments ($139). */
export function yearlySavingAmount(
  monthly: number = GROWTH_PRICES.monthly,
  yearly: number = GROWTH_PRICES.yearly,
): number {
  return Math.max(0, fullYearlyPrice(monthly) - yearly);
}

const WHOLE_USD = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const CENTS_USD = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "$49", "$1,449", "$0"; amounts with cents keep them ("$36.42"). Non-finite input is a
 * programming error and throws rather than printing "$NaN" on a price tag.
 */
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`formatPrice needs a finite amount, got ${amount}`);
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return (hasCents ? CENTS_USD : WHOLE_USD).format(amount);
}

/** What a Growth price tag shows for the chosen interval. */
export interface PriceDisplay {
  interval: BillingInterval;
  amount: number;
  /** "$49" or "$449". */
  price: string;
  /** "/month" or "/year". */
  period: string;
  /** Yearly only: "about $37/month". */
  monthlyEquivalent: string | null;
  /** Yearly only: the struck-through twelve-month price, "$588". */
  compareAt: string | null;
  /** Yearly only: 24. */
  savingPercent: number | null;
}

export function growthPriceDisplay(interval: BillingInterval): PriceDisplay {
  if (interval === "yearly") {
    return {
      interval,
      amount: GROWTH_PRICES.yearly,
      price: formatPrice(GROWTH_PRICES.yearly),
      period: "/year",
      monthlyEquivalent: `about ${formatPrice(yearlyMonthlyEquivalent())}/month`,
      compareAt: formatPrice(fullYearlyPrice()),
      savingPercent: yearlySavingPercent(),
    };
  }
  return {
    interval,
    amount: GROWTH_PRICES.monthly,
    price: formatPrice(GROWTH_PRICES.monthly),
    period: "/month",
    monthlyEquivalent: null,
    compareAt: null,
    savingPercent: null,
  };
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return value === "monthly" || value === "yearly";
}

/** Reads a `billing` query value; anything unknown falls back to monthly. */
export function parseBillingInterval(value: string | null | undefined): BillingInterval {
  return isBillingInterval(value) ? value : "monthly";
}

/**
 * Where "Upgrade to Growth" leads a signed-out visitor: sign-up with the plan and interval
 * preselected. Signed-in users get the real checkout URL from GET /api/billing/checkout.
 */
export function growthCheckoutHref(interval: BillingInterval): string {
  return `/signup?plan=growth&billing=${interval}`;
}

export interface PlanFeature {
  label: string;
  /** A short clarification shown under the label. */
  detail?: string;
  /** False: listed as not included (shown struck or dimmed). */
  included: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  tagline: string;
  features: readonly PlanFeature[];
}

export const FREE_PLAN: Plan = {
  id: "free",
  name: "Free",
  tagline: "Research your market and test ideas before you spend a cent.",
  features: [
    {
      label: `${FREE_PLAN_LIMITS.queriesPerDay} AI research queries a day`,
      detail: "Your allowance resets every day",
      included: true,
    },
    {
      label: `${FREE_PLAN_LIMITS.promptsPerDay} AI prompts a day`,
      detail: "For product ideas, angles and hooks",
      included: true,
    },
    { label: "AI market-research chat", detail: "Executive summaries with cited sources", included: true },
    { label: "Projects for your stores and niches", detail: "Keep instructions and research together", included: true },
    { label: "Help Center and tutorials", included: true },
    { label: "Marketing visuals and image downloads", included: false },
    { label: "AI page generations and store exports", included: false },
  ],
};

export const GROWTH_PLAN: Plan = {
  id: "growth",
  name: "Growth",
  tagline: "Everything you need to launch and scale winning products.",
  features: [
    {
      label: "Everything in Free, with higher daily AI query limits",
      detail: `${countOf("queries", COUNTERS.queries.limits.growth)} and ${countOf("prompts", COUNTERS.prompts.limits.growth)} a day`,
      included: true,
    },
    {
      label: `${GROWTH_MONTHLY_QUOTAS.pageGenerations} AI page generations per month`,
      detail: "Turn a product URL into a store-ready page",
      included: true,
    },
    {
      label: `${GROWTH_MONTHLY_QUOTAS.pageExports} page exports to your store per month`,
      detail: "Send finished pages straight to your store platform",
      included: true,
    },
    { label: "All generated images downloadable", included: true },
    { label: "Professional marketing visuals", detail: "Ad creatives and product visuals", included: true },
    { label: "Advanced AI copywriting", detail: "Product descriptions, headlines and ad copy", included: true },
    {
      label: "Priority support",
      detail: `Help within ${PRIORITY_SUPPORT_HOURS} hours`,
      included: true,
    },
  ],
};

export const PLANS: readonly Plan[] = [FREE_PLAN, GROWTH_PLAN];

/** A cell of the comparison table: true (included), false (not included) or a short text. */
export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  feature: string;
  free: ComparisonValue;
  growth: ComparisonValue;
}

export interface ComparisonGroup {
  title: string;
  rows: readonly ComparisonRow[];
}

/** "3 projects", "25 MB": what a plan may hold at once, from the allowance catalogue. */
function standingAllowance(allowance: Allowance, tier: "free" | "growth"): string {
  const limit = ALLOWANCES[allowance].limits[tier];
  if (allowance === "knowledgeBytes") return formatBytes(limit);
  const unit = ALLOWANCES[allowance].unit;
  return `${limit.toLocaleString("en-US")} ${limit === 1 ? unit.one : unit.other}`;
}

/** "1,000 a day": Growth's allowance from the counter catalogue. */
function growthAllowance(counter: UsageCounter): string {
  return `${COUNTERS[counter].limits.growth.toLocaleString("en-US")} ${perPeriod(counter)}`;
}

export const PLAN_COMPARISON: readonly ComparisonGroup[] = [
  {
    title: "Research",
    rows: [
      { feature: "AI research queries", free: `${FREE_PLAN_LIMITS.queriesPerDay} a day`, growth: growthAllowance("queries") },
      { feature: "AI prompts", free: `${FREE_PLAN_LIMITS.promptsPerDay} a day`, growth: growthAllowance("prompts") },
      { feature: "Market-research chat with citations", free: true, growth: true },
      { feature: "Projects and business instructions", free: standingAllowance("projects", "free"), growth: standingAllowance("projects", "growth") },
      { feature: "Knowledge base storage", free: standingAllowance("knowledgeBytes", "free"), growth: standingAllowance("knowledgeBytes", "growth") },
    ],
  },
  {
    title: "Store pages",
    rows: [
      { feature: "AI page generations", free: false, growth: `${GROWTH_MONTHLY_QUOTAS.pageGenerations} a month` },
      {
        feature: "Page exports to your store platform",
        free: false,
        growth: `${GROWTH_MONTHLY_QUOTAS.pageExports} a month`,
      },
      { feature: "Advanced AI copywriting", free: false, growth: true },
    ],
  },
  {
    title: "Creative",
    rows: [
      { feature: "Professional marketing visuals", free: false, growth: true },
      { feature: "Download generated images", free: false, growth: "All images" },
    ],
  },
  {
    title: "Support",
    rows: [
      { feature: "Help Center and tutorials", free: true, growth: true },
      { feature: "Priority support", free: false, growth: `Within ${PRIORITY_SUPPORT_HOURS} hours` },
    ],
  },
];

/**
 * The counter catalogue: every metered allowance, once. Its period, its words on every surface
 * (meters, charts, the upgrade modal, the server's limit message) and its limit on each plan
 * tier. Adding a metered feature adds one entry here; plans, the meter and every screen read it.
 */

/** Plan tiers that carry limits: pro and automation are both sold as Growth, empire as Elite. */
export type PlanTier = "free" | "growth" | "elite";

export interface CounterSpec {
  /** Daily counters reset at midnight in the user's time zone, monthly ones on the 1st. */
  period: "day" | "month";
  /** Title-case name for meters and charts: "AI queries". */
  label: string;
  /** One word for tight places (the chart's selector): "Queries". */
  shortLabel: string;
  /** How one unit and many units are counted in sentences: "query" / "queries". */
  unit: { one: string; other: string };
  /** The upgrade modal's title when it runs out. */
  limitTitle: string;
  limits: Record<PlanTier, number>;
}

// Generic over the period so daily and monthly counter names stay distinct types.
const counter = <P extends CounterSpec["period"]>(spec: CounterSpec & { period: P }) =>
  Object.freeze({ ...spec, unit: Object.freeze(spec.unit), limits: Object.freeze(spec.limits) });

// Growth and Elite daily numbers are ours (ADR 006): the spec gives only the free column and the
// paid monthly quotas. "Unlimited" is never promised: every paid limit is a number shown as one.
export const COUNTERS = Object.freeze({
  queries: counter({
    period: "day",
    label: "AI queries",
    shortLabel: "Queries",
    unit: { one: "query", other: "queries" },
    limitTitle: "Daily query limit reached",
    limits: { free: 10, growth: 1000, elite: 5000 },
  }),
  images: counter({
    period: "day",
    label: "Image generations",
    shortLabel: "Images",
    unit: { one: "image", other: "images" },
    limitTitle: "Daily image limit reached",
    limits: { free: 0, growth: 100, elite: 500 },
  }),
  launchers: counter({
    period: "day",
    label: "Ad launches",
    shortLabel: "Launches",
    unit: { one: "launch", other: "launches" },
    limitTitle: "Daily launch limit reached",
    limits: { free: 0, growth: 20, elite: 100 },
  }),
  marketingVisuals: counter({
    period: "day",
    label: "Marketing visuals",
    shortLabel: "Visuals",
    unit: { one: "visual", other: "visuals" },
    limitTitle: "Daily visuals limit reached",
    limits: { free: 0, growth: 50, elite: 200 },
  }),
  prompts: counter({
    period: "day",
    label: "AI prompts",
    shortLabel: "Prompts",
    unit: { one: "prompt", other: "prompts" },
    limitTitle: "Daily prompt limit reached",
    limits: { free: 15, growth: 500, elite: 2000 },
  }),
  aiAdvisor: counter({
    period: "day",
    label: "AI advisor sessions",
    shortLabel: "Advisor",
    unit: { one: "advisor session", other: "advisor sessions" },
    limitTitle: "Daily advisor limit reached",
    limits: { free: 0, growth: 10, elite: 50 },
  }),
  exports: counter({
    period: "month",
    // Exports into a connected store; CSV and HTML downloads count nothing.
    label: "Exports to your store",
    shortLabel: "Exports",
    unit: { one: "store export", other: "store exports" },
    limitTitle: "Monthly export limit reached",
    limits: { free: 0, growth: 10, elite: 10 },
  }),
  pageGenerations: counter({
    period: "month",
    label: "AI page generations",
    shortLabel: "Pages",
    unit: { one: "page generation", other: "page generations" },
    limitTitle: "Monthly page limit reached",
    limits: { free: 0, growth: 10, elite: 10 },
  }),
} satisfies Record<string, CounterSpec>);

export type UsageCounter = keyof typeof COUNTERS;
export const USAGE_COUNTERS = Object.keys(COUNTERS) as UsageCounter[];

type CountersOf<P extends CounterSpec["period"]> = {
  [K in UsageCounter]: (typeof COUNTERS)[K]["period"] extends P ? K : never;
}[UsageCounter];
export type DailyCounter = CountersOf<"day">;
export type MonthlyCounter = CountersOf<"month">;

export const DAILY_COUNTERS = USAGE_COUNTERS.filter((c) => COUNTERS[c].period === "day") as DailyCounter[];
export const MONTHLY_COUNTERS = USAGE_COUNTERS.filter((c) => COUNTERS[c].period === "month") as MonthlyCounter[];

export function isUsageCounter(value: unknown): value is UsageCounter {
  return typeof value === "string" && Object.hasOwn(COUNTERS, value);
}

export function isMonthlyCounter(counter: UsageCounter): counter is MonthlyCounter {
  return COUNTERS[counter].period === "month";
}

/** Each plan tier's limit per counter. */
export function limitsFor(tier: PlanTier): Record<UsageCounter, number> {
  return Object.fromEntries(USAGE_COUNTERS.map((c) => [c, COUNTERS[c].limits[tier]])) as Record<UsageCounter, number>;
}

const number = (n: number) => n.toLocaleString("en-US");

/** "1 query", "1,000 queries". */
export function countOf(counter: UsageCounter, n: number): string {
  const { unit } = COUNTERS[counter];
  return `${number(n)} ${n === 1 ? unit.one : unit.other}`;
}

/** "today" or "this month". */
export function periodPhrase(counter: UsageCounter): string {
  return isMonthlyCounter(counter) ? "this month" : "today";
}

/** "a day" or "a month": for plan tables ("1,000 queries a day"). */
export function perPeriod(counter: UsageCounter): string {
  return isMonthlyCounter(counter) ? "a month" : "a day";
}

/** "0 queries left today", "3 page generations left this month". */
export function leftPhrase(counter: UsageCounter, remaining: number): string {
  return `${countOf(counter, Math.max(0, remaining))} left ${periodPhrase(counter)}`;
}

/** "1,000 AI queries a day": a plan's allowance in words, or null when the tier has none. */
export function allowancePhrase(counter: UsageCounter, tier: PlanTier): string | null {
  const limit = COUNTERS[counter].limits[tier];
  return limit > 0 ? `${number(limit)} ${COUNTERS[counter].label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase())} ${perPeriod(counter)}` : null;
}

/** The server's USAGE_LIMIT sentence: "You have used all 10 AI queries for today. It resets tomorrow." */
export function usageLimitMessage(counter: UsageCounter, limit: number): string {
  const spec = COUNTERS[counter];
  const what = spec.label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
  const when = isMonthlyCounter(counter) ? "for this month. It resets next month." : "for today. It resets tomorrow.";
  return `You have used all ${number(limit)} ${what} ${when}`;
}

/**
 * Standing allowances: what a plan may hold at once, not spend per period (projects, knowledge
 * base storage). Same rule as the counters: one entry per allowance, read by plans, the server's
 * quota checks and every screen.
 */
export interface AllowanceSpec {
  label: string;
  unit: { one: string; other: string };
  /** The upgrade modal's title when the allowance is full. */
  limitTitle: string;
  limits: Record<PlanTier, number>;
}

const MB = 1024 * 1024;

export const ALLOWANCES = Object.freeze({
  projects: Object.freeze({
    label: "Projects",
    unit: { one: "project", other: "projects" },
    limitTitle: "Project limit reached",
    limits: { free: 3, growth: 50, elite: 200 },
  }),
  knowledgeBytes: Object.freeze({
    label: "Knowledge base storage",
    unit: { one: "byte", other: "bytes" },
    limitTitle: "Knowledge base storage full",
    limits: { free: 25 * MB, growth: 1024 * MB, elite: 5 * 1024 * MB },
  }),
  explorerResults: Object.freeze({
    label: "Explorer results",
    unit: { one: "result", other: "results" },
    limitTitle: "See every winning product",
    // How far down any Explorer ranking a plan may read: free sees the top 50 of each search.
    limits: { free: 50, growth: 100_000, elite: 100_000 },
  }),
  trackedStores: Object.freeze({
    label: "Tracked competitor stores",
    unit: { one: "store", other: "stores" },
    limitTitle: "Tracked store limit reached",
    limits: { free: 1, growth: 25, elite: 100 },
  }),
} satisfies Record<string, AllowanceSpec>);

export type Allowance = keyof typeof ALLOWANCES;

export function allowanceLimit(allowance: Allowance, tier: PlanTier): number {
  return ALLOWANCES[allowance].limits[tier];
}

/** "25 MB", "1 GB": storage sizes as the merchant reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return bytes === 1 ? "1 byte" : `${bytes} bytes`;
}

/**
 * The counters a merchant's usage screens show: the ad launches meter only to accounts with the
 * launcher flag (issue 28), since nobody else can launch.
 */
export function countersShownTo<C extends UsageCounter>(counters: readonly C[], user: { launcherAccess?: boolean } | null | undefined): C[] {
  return counters.filter((c) => c !== "launchers" || user?.launcherAccess === true);
}

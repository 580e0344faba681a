/**
 * The winning-product score: five components, each 0–100 points from the product's own record,
 * weighted and added. Every component says which record values it used, so the Explorer can
 * show why a product scores what it does; nothing in the score is a hidden judgement.
 *
 * The score at week t reads only weeks up to t, which is what lets `backtestScore` check it on
 * the catalog's own history (score at t against growth over the next four weeks).
 */
import type { ScoreComponent, ScoreComponentKey, ProductScore, ScoreBacktest } from "~/domain/contracts/market";

export interface ScoreInput {
  readonly id: string;
  /** Oldest week first. May be empty (an imported product with no history). */
  readonly weeklyOrders: readonly number[];
  readonly weeklyPriceCents: readonly number[];
  readonly weeklyActiveAds: readonly number[];
  readonly priceCents: number;
  readonly costCents: number | null;
  readonly shippingCostCents: number | null;
  readonly activeAds: number;
  readonly shippingDays: number | null;
}

/** Weights in percent; they add up to 100. */
export const SCORE_WEIGHTS: Readonly<Record<ScoreComponentKey, number>> = {
  momentum: 35,
  demand: 25,
  margin: 20,
  competition: 15,
  shipping: 5,
};

export const SCORE_LABELS: Readonly<Record<ScoreComponentKey, string>> = {
  momentum: "Momentum",
  demand: "Demand",
  margin: "Margin after shipping",
  competition: "Competition",
  shipping: "Shipping speed",
};

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const count = (n: number) => n.toLocaleString("en-US");

function windowSum(series: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let w = Math.max(0, from); w <= to && w < series.length; w++) total += series[w];
  return total;
}

/** Orders in the four weeks to `week` and in the four before. */
function ordersAround(series: readonly number[], week: number) {
  return { recent: windowSum(series, week - 3, week), before: windowSum(series, week - 7, week - 4) };
}

function growthPct(recent: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.round((recent / before - 1) * 100);
}

/** The first index of a sorted list where `past` holds (binary search); the length when none does. */
function firstIndex(sorted: readonly number[], past: (v: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(sorted[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The week the score reads to: the last week every input has, or the one asked for. */
function lastWeek(inputs: readonly ScoreInput[]): number {
  const lengths = inputs.map((i) => i.weeklyOrders.length).filter((n) => n > 0);
  return lengths.length ? Math.min(...lengths) - 1 : -1;
}

/**
 * Scores every input at `atWeek` (default: the latest week). Demand is a percentile, so it is
 * relative to the products scored together: score the whole catalog at once.
 */
export function scoreProducts(inputs: readonly ScoreInput[], atWeek: number = lastWeek(inputs)): Map<string, ProductScore> {
  const recentOrders = inputs.map((i) => (i.weeklyOrders.length > atWeek && atWeek >= 3 ? ordersAround(i.weeklyOrders, atWeek).recent : null));
  const ranked = recentOrders.filter((n): n is number => n !== null).sort((a, b) => a - b);
  const percentileOf = (n: number) => {
    // Share of products selling fewer (ties count half), in percent.
    const below = firstIndex(ranked, (v) => v >= n);
    const equal = firstIndex(ranked, (v) => v > n) - below;
    return ranked.length ? ((below + equal / 2) / ranked.length) * 100 : 0;
  };

  const scores = new Map<string, ProductScore>();
  inputs.forEach((input, i) => {
    const components: ScoreComponent[] = [];
    const add = (key: ScoreComponentKey, points: number | null, explanation: string, values: { label: string; value: string }[]) =>
      components.push({ key, label: SCORE_LABELS[key], weight: SCORE_WEIGHTS[key], points: points === null ? null : clamp(points), contribution: 0, explanation, values });

    const recent = recentOrders[i];
    if (recent === null) {
      add("demand", null, "No weekly order history in this record, so demand is left out.", []);
      add("momentum", null, "No weekly order history in this record, so momentum is left out.", []);
    } else {
      const pct = percentileOf(recent);
      // Rounded down: the best seller outsells 99.9%, never "more than 100%".
      add("demand", pct, `Sells more than ${Math.floor(pct)}% of the products scored with it.`, [
        { label: "Orders in the last 4 weeks", value: count(recent) },
      ]);
      const { before } = ordersAround(input.weeklyOrders, atWeek);
      const growth = growthPct(recent, before);
      // −10% or worse is 0 points, +40% or better is 100.
      add("momentum", growth === null ? null : (growth + 10) * 2, growth === null ? "No orders in the four weeks before, so growth cannot be measured." : `Orders ${growth >= 0 ? "grew" : "fell"} ${Math.abs(growth)}% against the four weeks before (−10% scores 0, +40% scores 100).`, [
        { label: "Orders in the last 4 weeks", value: count(recent) },
        { label: "Orders in the 4 weeks before", value: count(before) },
      ]);
    }

    const price = input.weeklyPriceCents.length > atWeek && atWeek >= 0 ? input.weeklyPriceCents[atWeek] : input.priceCents;
    if (input.costCents === null || price <= 0) {
      add("margin", null, "The record has no supplier cost, so the margin is left out.", []);
    } else {
      const shipping = input.shippingCostCents ?? 0;
      const net = price - input.costCents - shipping;
      const netPct = Math.round((net / price) * 100);
      // 10% of the price kept is 0 points, 60% is 100.
      add("margin", (netPct - 10) * 2, `Keeps ${netPct}% of the price after cost${input.shippingCostCents === null ? "" : " and shipping"} (10% scores 0, 60% scores 100).`, [
        { label: "Price", value: money(price) },
        { label: "Supplier cost", value: money(input.costCents) },
        ...(input.shippingCostCents === null ? [] : [{ label: "Shipping", value: money(input.shippingCostCents) }]),
        { label: "Kept per sale", value: money(net) },
      ]);
    }

    const ads = input.weeklyActiveAds.length > atWeek && atWeek >= 0 ? input.weeklyActiveAds[atWeek] : input.activeAds;
    add("competition", 100 - ads * 12, `${count(ads)} ${ads === 1 ? "ad" : "ads"} running (each costs 12 points; 0 ads scores 100).`, [{ label: "Active ads", value: count(ads) }]);

    if (input.shippingDays === null) add("shipping", null, "The record has no delivery time, so shipping is left out.", []);
    else
      add("shipping", ((20 - input.shippingDays) / 15) * 100, `Delivers in ${input.shippingDays} days (5 days or less scores 100, 20 or more scores 0).`, [
        { label: "Delivery", value: `${input.shippingDays} days` },
      ]);

    // Missing components give their weight to the others, in proportion.
    const present = components.filter((c) => c.points !== null);
    const weightPresent = present.reduce((sum, c) => sum + c.weight, 0);
    let total = 0;
    for (const c of components) {
      if (c.points === null || weightPresent === 0) continue;
      c.contribution = Math.round(((c.points * c.weight) / weightPresent) * 10) / 10;
      total += (c.points * c.weight) / weightPresent;
    }
    scores.set(input.id, {
      score: Math.round(total),
      components,
      atWeek,
      missing: components.filter((c) => c.points === null).map((c) => c.key),
    });
  });
  return scores;
}

export interface BacktestOptions {
  /** Weeks ahead the outcome is measured over. */
  readonly horizon: number;
  /** Share of products called "winners" by the score each week (the top of the ranking). */
  readonly topShare: number;
  /** Growth over the horizon, in percent, that counts as a product really winning. */
  readonly growthThreshold: number;
}

export const BACKTEST_DEFAULTS: BacktestOptions = { horizon: 4, topShare: 0.1, growthThreshold: 20 };

/**
 * Scores the catalog at each week t that has 8 weeks behind it and `horizon` weeks ahead, takes
 * the top `topShare` by score, and counts how many grew their orders by `growthThreshold`% or
 * more over the next `horizon` weeks (against the 4 weeks to t). Precision is that share; the
 * base rate is the same share among all products, so the lift says what the score adds.
 */
export function backtestScore(inputs: readonly ScoreInput[], options: BacktestOptions = BACKTEST_DEFAULTS): ScoreBacktest {
  const withHistory = inputs.filter((i) => i.weeklyOrders.length > 0);
  const weeksHeld = lastWeek(withHistory) + 1;
  const weeks: ScoreBacktest["weeks"] = [];
  let picked = 0;
  let pickedWon = 0;
  let all = 0;
  let allWon = 0;
  for (let t = 7; t + options.horizon < weeksHeld; t++) {
    const scores = scoreProducts(withHistory, t);
    const won = (i: ScoreInput) => {
      const recent = windowSum(i.weeklyOrders, t - 3, t);
      const ahead = windowSum(i.weeklyOrders, t + 1, t + options.horizon) * (4 / options.horizon);
      return recent > 0 && (ahead / recent - 1) * 100 >= options.growthThreshold;
    };
    const ranked = withHistory.slice().sort((a, b) => scores.get(b.id)!.score - scores.get(a.id)!.score || (a.id < b.id ? -1 : 1));
    const top = ranked.slice(0, Math.max(1, Math.round(ranked.length * options.topShare)));
    const topWon = top.filter(won).length;
    const allWonThisWeek = withHistory.filter(won).length;
    weeks.push({ week: t, picked: top.length, pickedWon: topWon, products: withHistory.length, productsWon: allWonThisWeek });
    picked += top.length;
    pickedWon += topWon;
    all += withHistory.length;
    allWon += allWonThisWeek;
  }
  const precisionPct = picked ? Math.round((pickedWon / picked) * 1000) / 10 : 0;
  const baseRatePct = all ? Math.round((allWon / all) * 1000) / 10 : 0;
  return {
    precisionPct,
    baseRatePct,
    lift: baseRatePct > 0 ? Math.round((precisionPct / baseRatePct) * 10) / 10 : 0,
    picked,
    pickedWon,
    weeks,
    method:
      `Each week from week 8 to week ${weeksHeld - options.horizon} of the history, every product was scored with only the data it had by then. ` +
      `The top ${Math.round(options.topShare * 100)}% by score were counted as picks. A pick was right when its orders over the next ${options.horizon} weeks ` +
      `were at least ${options.growthThreshold}% above its last 4 weeks. Precision is the share of picks that were right; the base rate is the same share across all products.`,
    options,
  };
}

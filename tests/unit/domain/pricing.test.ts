import { describe, expect, it } from "vitest";
import {
  FREE_PLAN,
  FREE_PLAN_LIMITS,
  GROWTH_MONTHLY_QUOTAS,
  GROWTH_PLAN,
  GROWTH_PRICES,
  PLAN_COMPARISON,
  PLANS,
  PRIORITY_SUPPORT_HOURS,
  formatPrice,
  fullYearlyPrice,
  growthCheckoutHref,
  growthPriceDisplay,
  isBillingInterval,
  parseBillingInterval,
  yearlyMonthlyEquivalent,
  yearlySavingAmount,
  yearlySavingPercent,
} from "~/domain/pricing";

describe("price facts (spec section 9)", () => {
  it("Growth is $49 a month or $449 a year", () => {
    expect(GROWTH_PRICES).toEqual({ monthly: 49, yearly: 449 });
  });

  it("the full yearly price is twelve monthly payments: $588", () => {
    expect(fullYearlyPrice()).toBe(588);
    expect(fullYearlyPrice(10)).toBe(120);
  });

  it("the yearly saving is 24% (rounded) and $139", () => {
    expect(yearlySavingPercent()).toBe(24);
    expect(yearlySavingAmount()).toBe(139);
    // (588 - 449) / 588 = 23.6…%, which rounds up.
    expect(((588 - 449) / 588) * 100).toBeCloseTo(23.64, 2);
  });

  it("the yearly price is about $37 a month", () => {
    expect(yearlyMonthlyEquivalent()).toBe(37);
    expect(yearlyMonthlyEquivalent(120)).toBe(10);
    expect(yearlyMonthlyEquivalent(126)).toBe(11); // 10.5 rounds half up
  });

  it("saving is 0, never negative, when yearly is not cheaper or inputs are degenerate", () => {
    expect(yearlySavingPercent(49, 588)).toBe(0);
    expect(yearlySavingPercent(49, 700)).toBe(0);
    expect(yearlySavingPercent(0, 0)).toBe(0);
    expect(yearlySavingPercent(49, Number.NaN)).toBe(0);
    expect(yearlySavingAmount(49, 700)).toBe(0);
    expect(yearlySavingPercent(49, 0)).toBe(100);
  });
});

describe("formatPrice", () => {
  it("prints whole dollars without cents", () => {
    expect(formatPrice(49)).toBe("$49");
    expect(formatPrice(449)).toBe("$449");
    expect(formatPrice(588)).toBe("$588");
    expect(formatPrice(0)).toBe("$0");
  });

  it("groups thousands and keeps cents when there are any", () => {
    expect(formatPrice(1449)).toBe("$1,449");
    expect(formatPrice(37.42)).toBe("$37.42");
    expect(formatPrice(37.5)).toBe("$37.50");
  });

  it("refuses non-finite amounts instead of printing $NaN", () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("growthPriceDisplay", () => {
  it("monthly: $49 /month, no comparison", () => {
    expect(growthPriceDisplay("monthly")).toEqual({
      interval: "monthly",
      amount: 49,
      price: "$49",
      period: "/month",
      monthlyEquivalent: null,
      compareAt: null,
      savingPercent: null,
    });
  });

  it("yearly: $449 /year, about $37/month, $588 struck, save 24%", () => {
    expect(growthPriceDisplay("yearly")).toEqual({
      interval: "yearly",
      amount: 449,
      price: "$449",
      period: "/year",
      monthlyEquivalent: "about $37/month",
      compareAt: "$588",
      savingPercent: 24,
    });
  });
});

describe("billing interval parsing and the Growth link", () => {
  it("accepts only monthly and yearly", () => {
    expect(isBillingInterval("monthly")).toBe(true);
    expect(isBillingInterval("yearly")).toBe(true);
    expect(isBillingInterval("annual")).toBe(false);
    expect(isBillingInterval(undefined)).toBe(false);
  });

  it("falls back to monthly for anything unknown", () => {
    expect(parseBillingInterval("yearly")).toBe("yearly");
    expect(parseBillingInterval("YEARLY")).toBe("monthly");
    expect(parseBillingInterval(null)).toBe("monthly");
    expect(parseBillingInterval(undefined)).toBe("monthly");
  });

  it("links to sign-up with the plan and interval", () => {
    expect(growthCheckoutHref("monthly")).toBe("/signup?plan=growth&billing=monthly");
    expect(growthCheckoutHref("yearly")).toBe("/signup?plan=growth&billing=yearly");
  });
});

describe("plan contents", () => {
  it("the free plan uses the subscription-context fallback column", () => {
    expect(FREE_PLAN_LIMITS).toEqual({
      hasImageGeneration: false,
      hasDropPageBuilder: false,
      hasDeepMarketAnalysis: false,
      queriesPerDay: 10,
      marketingVisualsPerDay: 0,
      promptsPerDay: 15,
      maxImagesPerRequest: 0,
      aiLauncherPerDay: 0,
      deepMarketAnalysisPerDay: 0,
    });
    expect(Object.isFrozen(FREE_PLAN_LIMITS)).toBe(true);
  });

  it("Free lists its daily allowances and marks paid features as not included", () => {
    const labels = FREE_PLAN.features.map((f) => f.label);
    expect(labels).toContain("10 AI research queries a day");
    expect(labels).toContain("15 AI prompts a day");
    const excluded = FREE_PLAN.features.filter((f) => !f.included).map((f) => f.label.toLowerCase());
    expect(excluded.some((l) => l.includes("marketing visuals"))).toBe(true);
    expect(excluded.some((l) => l.includes("export"))).toBe(true);
  });

  it("Growth carries the paid copy of the upgrade modal", () => {
    expect(GROWTH_MONTHLY_QUOTAS).toEqual({ pageExports: 10, pageGenerations: 10 });
    expect(PRIORITY_SUPPORT_HOURS).toBe(24);
    const text = GROWTH_PLAN.features.map((f) => `${f.label} ${f.detail ?? ""}`).join("\n");
    for (const phrase of [
      "10 page exports to your store per month",
      "10 AI page generations per month",
      "All generated images downloadable",
      "Advanced AI copywriting",
      "Professional marketing visuals",
      "Priority support",
      "Help within 24 hours",
      "higher daily AI query limits",
    ]) {
      expect(text).toContain(phrase);
    }
    expect(GROWTH_PLAN.features.every((f) => f.included)).toBe(true);
  });

  it("lists Free then Growth", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["free", "growth"]);
  });

  it("the comparison never claims Free has something it lacks", () => {
    const rows = PLAN_COMPARISON.flatMap((g) => g.rows);
    const row = (name: string) => rows.find((r) => r.feature === name);
    expect(row("AI research queries")).toMatchObject({ free: "10 a day" });
    expect(row("AI prompts")).toMatchObject({ free: "15 a day" });
    expect(row("Professional marketing visuals")).toMatchObject({ free: false, growth: true });
    expect(row("AI page generations")).toMatchObject({ free: false, growth: "10 a month" });
    expect(row("Page exports to your store platform")).toMatchObject({ free: false, growth: "10 a month" });
    // Growth never has less than Free.
    for (const r of rows) expect(r.growth).not.toBe(false);
    expect(new Set(rows.map((r) => r.feature)).size).toBe(rows.length);
  });
});

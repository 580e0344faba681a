/** The overview's pure math: MRR from list prices, churn, and the 30-day sign-up series. */
import { describe, expect, it } from "vitest";
import { churnRate, fillDays, monthlyListPrice, monthlyRecurringRevenue } from "~/domain/admin";
import { GROWTH_PRICES } from "~/domain/pricing";

describe("monthlyListPrice", () => {
  it("prices Growth plans by the interval of their payment, yearly as a twelfth", () => {
    expect(monthlyListPrice("pro", "monthly")).toBe(GROWTH_PRICES.monthly);
    expect(monthlyListPrice("automation", "yearly")).toBeCloseTo(GROWTH_PRICES.yearly / 12, 10);
  });

  it("refuses to guess: no interval on record, or a plan without a list price", () => {
    expect(monthlyListPrice("pro", null)).toBeNull();
    expect(monthlyListPrice("pro", "weekly")).toBeNull();
    expect(monthlyListPrice("empire", "monthly")).toBeNull();
    expect(monthlyListPrice("free", "monthly")).toBeNull();
  });
});

describe("monthlyRecurringRevenue", () => {
  it("sums what it can price and counts the rest as unpriced", () => {
    const mrr = monthlyRecurringRevenue([
      { plan: "pro", interval: "monthly" },
      { plan: "pro", interval: "yearly" },
      { plan: "automation", interval: "monthly" },
      { plan: "pro", interval: null },
      { plan: "empire", interval: "yearly" },
    ]);
    expect(mrr).toEqual({ amount: Math.round((49 * 2 + 449 / 12) * 100) / 100, monthly: 2, yearly: 1, unpriced: 2 });
  });

  it("is zero with nobody paying", () => {
    expect(monthlyRecurringRevenue([])).toEqual({ amount: 0, monthly: 0, yearly: 0, unpriced: 0 });
  });
});

describe("churnRate", () => {
  it("divides the cancelled by paying now plus the cancelled", () => {
    expect(churnRate(1, 9)).toBeCloseTo(0.1, 10);
    expect(churnRate(0, 5)).toBe(0);
    expect(churnRate(3, 0)).toBe(1);
  });

  it("has no rate when there is nobody in either group", () => {
    expect(churnRate(0, 0)).toBeNull();
  });
});

describe("fillDays", () => {
  it("lists every day oldest first, with zero for days without sign-ups", () => {
    const days = fillDays([{ day: "2026-11-24", count: 3 }, { day: "2026-11-26", count: 1 }, { day: "2026-10-01", count: 9 }], new Date("2026-11-26T12:00:00Z"), 3);
    expect(days).toEqual([
      { day: "2026-11-24", count: 3 },
      { day: "2026-11-25", count: 0 },
      { day: "2026-11-26", count: 1 },
    ]);
  });

  it("spans 30 days ending today", () => {
    const days = fillDays([], new Date("2026-03-01T00:30:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe("2026-01-31");
    expect(days.at(-1)!.day).toBe("2026-03-01");
  });
});

import { describe, expect, it } from "vitest";
import { landedCost, pricesFromCost, testPlan, unitEconomicsOf } from "~/server/ai/merchant/merchant-math";

const yours = (cents: number) => ({ cents, source: "yours" as const });

describe("merchant math", () => {
  it("adds shipping to the cost for a landed cost, and takes a landed cost as given", () => {
    const fromParts = landedCost({ cost: yours(640), shipping: yours(210) })!;
    expect(fromParts.cents).toBe(850);
    expect(fromParts.step?.arithmetic).toBe("$6.40 + $2.10 = $8.50");
    expect(landedCost({ landed: yours(900), shipping: yours(300) })).toEqual({ cents: 900, step: null, note: null });
    expect(landedCost({ cost: yours(900) })?.note).toMatch(/No shipping figure/);
    expect(landedCost({})).toBeNull();
  });

  it("works out margin, break-even CPA and ROAS with the arithmetic shown", () => {
    const e = unitEconomicsOf(3900, landedCost({ cost: yours(1200), shipping: yours(500) })!);
    expect(e.marginCents).toBe(2200);
    expect(e.marginPct).toBe(56);
    expect(e.breakEvenCpaCents).toBe(2200);
    expect(e.breakEvenRoas?.toFixed(2)).toBe("1.77");
    expect(e.steps.map((s) => s.arithmetic)).toContain("$39.00 ÷ $22.00 = 1.77");
  });

  it("has no break-even when a sale loses money", () => {
    const e = unitEconomicsOf(1000, landedCost({ landed: yours(1200) })!);
    expect(e.marginCents).toBe(-200);
    expect(e.breakEvenRoas).toBeNull();
  });

  it("prices at 2x and 3x the landed cost", () => {
    const options = pricesFromCost(landedCost({ landed: yours(900) })!);
    expect(options.map((o) => o.priceCents)).toEqual([1800, 2700]);
    expect(options[1].economics.breakEvenRoas?.toFixed(2)).toBe("1.50");
  });

  it("plans a five-day test at three times the break-even CPA a day, against a budget", () => {
    const plan = testPlan(2200, 30000);
    expect(plan.dailyCents).toBe(6600);
    expect(plan.totalCents).toBe(33000);
    expect(plan.fitsBudget).toBe(false);
    expect(plan.affordableDays).toBe(4);
    expect(testPlan(886, 30000).fitsBudget).toBe(true);
  });
});

// The AI Launcher's budget step (issue 28): break-even figures from the product's own price, cost
// and shipping, and a first test budget whose explanation is the arithmetic actually done.
import { describe, expect, it } from "vitest";
import { AD_DAILY_BUDGET_MIN_CENTS, breakEven, suggestedTestBudget } from "~/domain/ad-launcher";

describe("breakEven", () => {
  it("is what one sale leaves after cost and shipping, and price over that as ROAS", () => {
    // $29.99 price, $9.00 cost, $4.99 shipping: $16.00 left, ROAS 29.99 / 16 = 1.874… → 1.87.
    expect(breakEven(2999, 900, 499)).toEqual({ breakEvenCpaCents: 1600, breakEvenRoas: 1.87 });
    // No shipping figure counts as none.
    expect(breakEven(2999, 900, null)).toEqual({ breakEvenCpaCents: 2099, breakEvenRoas: 1.43 });
  });

  it("has nothing to show without a price or a cost, or when a sale loses money before any ad", () => {
    expect(breakEven(null, 900, 0)).toBeNull();
    expect(breakEven(2999, null, 0)).toBeNull();
    expect(breakEven(0, 0, 0)).toBeNull();
    expect(breakEven(1000, 700, 300)).toBeNull();
    expect(breakEven(1000, 800, 300)).toBeNull();
  });
});

describe("suggestedTestBudget", () => {
  it("is two break-even CPAs a day for seven days, with the sum written out", () => {
    expect(suggestedTestBudget({ breakEvenCpaCents: 1600, breakEvenRoas: 1.87 }, "USD")).toEqual({
      dailyBudgetCents: 3200,
      days: 7,
      explanation: "2 × break-even CPA $16.00 = $32.00 a day; over 7 days that is $224.00, enough for about 14 purchases at break-even.",
    });
  });

  it("never goes under the daily minimum, and then says the minimum replaced the sum", () => {
    const suggestion = suggestedTestBudget({ breakEvenCpaCents: 30, breakEvenRoas: 10 }, "USD");
    expect(suggestion?.dailyBudgetCents).toBe(AD_DAILY_BUDGET_MIN_CENTS);
    expect(suggestion?.explanation).toBe(
      "2 × break-even CPA $0.30 = $0.60, under the $1.00 daily minimum, so $1.00 a day; over 7 days that is $7.00, enough for about 23 purchases at break-even.",
    );
  });

  it("writes money in the product's currency, and has nothing to suggest without break-even figures", () => {
    expect(suggestedTestBudget({ breakEvenCpaCents: 1250, breakEvenRoas: 2 }, "EUR")?.explanation).toContain("€12.50");
    expect(suggestedTestBudget(null, "USD")).toBeNull();
  });
});

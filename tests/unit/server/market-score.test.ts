import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { backtestScore, SCORE_WEIGHTS, scoreProducts, type ScoreInput } from "~/server/market/score";

const product = (id: string, overrides: Partial<ScoreInput> = {}): ScoreInput => ({
  id,
  weeklyOrders: [10, 10, 10, 10, 10, 10, 10, 10],
  weeklyPriceCents: new Array(8).fill(2000),
  weeklyActiveAds: new Array(8).fill(1),
  priceCents: 2000,
  costCents: 600,
  shippingCostCents: 200,
  activeAds: 1,
  shippingDays: 8,
  ...overrides,
});

describe("the winning score", () => {
  it("weights five components that add up to 100, and the contributions add up to the score", () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    const scores = scoreProducts([product("a"), product("b", { weeklyOrders: [5, 5, 5, 5, 9, 12, 15, 20] })]);
    for (const s of scores.values()) {
      expect(s.components.map((c) => c.key).sort()).toEqual(["competition", "demand", "margin", "momentum", "shipping"]);
      const sum = s.components.reduce((t, c) => t + c.contribution, 0);
      expect(Math.abs(sum - s.score)).toBeLessThanOrEqual(0.6);
    }
  });

  it("ranks growth, margin, fewer ads and faster shipping higher, each all else equal", () => {
    const base = product("base", { costCents: 1200 });
    const pairs: [string, Partial<ScoreInput>][] = [
      ["growing", { weeklyOrders: [10, 10, 10, 10, 14, 14, 14, 14] }],
      ["richer", { costCents: 800 }],
      ["quieter", { weeklyActiveAds: new Array(8).fill(0), activeAds: 0 }],
      ["faster", { shippingDays: 4 }],
    ];
    for (const [id, change] of pairs) {
      const scores = scoreProducts([base, product(id, { costCents: 1200, ...change })]);
      expect(scores.get(id)!.score, id).toBeGreaterThan(scores.get("base")!.score);
    }
  });

  it("states the record values behind each component and leaves out what the record lacks", () => {
    const s = scoreProducts([product("a", { costCents: null, shippingDays: null, weeklyOrders: [], weeklyPriceCents: [], weeklyActiveAds: [] })], 7).get("a")!;
    expect(s.missing.sort()).toEqual(["demand", "margin", "momentum", "shipping"]);
    // Only competition is left, so it carries the whole score.
    const competition = s.components.find((c) => c.key === "competition")!;
    expect(s.score).toBe(competition.points);
    const full = scoreProducts([product("b")]).get("b")!;
    const margin = full.components.find((c) => c.key === "margin")!;
    expect(margin.values).toEqual([
      { label: "Price", value: "$20.00" },
      { label: "Supplier cost", value: "$6.00" },
      { label: "Shipping", value: "$2.00" },
      { label: "Kept per sale", value: "$12.00" },
    ]);
    expect(margin.explanation).toContain("60%");
  });

  it("reads only the weeks up to the one it scores at", () => {
    const early = [10, 10, 10, 10, 10, 10, 10, 10];
    const a = product("a", { weeklyOrders: [...early, 100, 200, 300, 400], weeklyPriceCents: new Array(12).fill(2000), weeklyActiveAds: new Array(12).fill(1) });
    const b = product("b", { weeklyOrders: [...early, 1, 1, 1, 1], weeklyPriceCents: new Array(12).fill(2000), weeklyActiveAds: new Array(12).fill(1) });
    const atWeek7 = scoreProducts([a, b], 7);
    expect(atWeek7.get("a")!.score).toBe(atWeek7.get("b")!.score);
  });

  it("backtests: picks that kept growing count as right, and precision is compared with the base rate", () => {
    // Ten products that keep growing and ninety flat ones: the score's top 10% are the growers.
    const weeks = 16;
    const growers = Array.from({ length: 10 }, (_, i) => product(`g${i}`, { weeklyOrders: Array.from({ length: weeks }, (_, w) => Math.round(10 * 1.15 ** w)), weeklyPriceCents: new Array(weeks).fill(2000), weeklyActiveAds: new Array(weeks).fill(1) }));
    const flat = Array.from({ length: 90 }, (_, i) => product(`f${i}`, { weeklyOrders: new Array(weeks).fill(50), weeklyPriceCents: new Array(weeks).fill(2000), weeklyActiveAds: new Array(weeks).fill(1) }));
    const result = backtestScore([...growers, ...flat]);
    expect(result.precisionPct).toBe(100);
    expect(result.baseRatePct).toBe(10);
    expect(result.lift).toBe(10);
    expect(result.method).toContain("top 10%");
  });
});

describe("the scheduled refresh", () => {
  it("runs 8 times a day (wrangler.toml cron)", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const crons = JSON.parse(/crons\s*=\s*(\[[^\]]*\])/.exec(toml)![1]) as string[];
    expect(crons).toEqual(["0 */3 * * *"]);
    const hours = crons[0].split(" ")[1];
    expect(24 / Number(hours.replace("*/", ""))).toBe(8);
  });
});

describe("the score's words", () => {
  it("never says the best seller sells more than 100% of the products", () => {
    const scores = scoreProducts([product("top", { weeklyOrders: [99, 99, 99, 99, 99, 99, 99, 99] }), product("low")]);
    const demand = scores.get("top")!.components.find((c) => c.key === "demand")!;
    expect(demand.explanation).toBe("Sells more than 75% of the products scored with it.");
    const alone = scoreProducts([product("only")]).get("only")!.components.find((c) => c.key === "demand")!;
    expect(alone.explanation).not.toContain("100%");
  });
});

import { describe, expect, it } from "vitest";
import {
  allowancePhrase,
  COUNTERS,
  countersShownTo,
  countOf,
  DAILY_COUNTERS,
  leftPhrase,
  MONTHLY_COUNTERS,
  usageLimitMessage,
  USAGE_COUNTERS,
} from "~/domain/counters";
import { PLANS } from "~/domain/plans";
import { PLAN_COMPARISON } from "~/domain/pricing";

describe("the counter catalogue", () => {
  it("is the source of every plan's limits and of the spec's features object", () => {
    for (const plan of Object.values(PLANS)) {
      for (const counter of USAGE_COUNTERS) expect(plan.limits[counter]).toBe(COUNTERS[counter].limits[plan.tier]);
    }
    expect(PLANS.free.features.queriesPerDay).toBe(10);
    expect(PLANS.free.features.promptsPerDay).toBe(15);
    expect(PLANS.pro.features.queriesPerDay).toBe(COUNTERS.queries.limits.growth);
    expect(PLANS.empire.features.deepMarketAnalysisPerDay).toBe(COUNTERS.aiAdvisor.limits.elite);
  });

  it("splits counters by period", () => {
    expect(MONTHLY_COUNTERS).toEqual(["exports", "pageGenerations"]);
    expect(DAILY_COUNTERS).toContain("queries");
    expect(DAILY_COUNTERS).not.toContain("exports");
  });

  it("words the limit the same way on every surface", () => {
    expect(usageLimitMessage("queries", 10)).toBe("You have used all 10 AI queries for today. It resets tomorrow.");
    expect(usageLimitMessage("exports", 10)).toBe("You have used all 10 exports to your store for this month. It resets next month.");
    expect(leftPhrase("queries", 0)).toBe("0 queries left today");
    expect(leftPhrase("pageGenerations", 3)).toBe("3 page generations left this month");
    expect(leftPhrase("queries", -2)).toBe("0 queries left today");
    expect(countOf("queries", 1)).toBe("1 query");
    expect(countOf("queries", 1000)).toBe("1,000 queries");
  });

  it("never promises 'unlimited': Growth's query allowance is its real number", () => {
    expect(allowancePhrase("queries", "growth")).toBe("1,000 AI queries a day");
    expect(allowancePhrase("images", "free")).toBeNull();
    const queriesRow = PLAN_COMPARISON.flatMap((g) => g.rows).find((r) => r.feature === "AI research queries");
    expect(queriesRow?.growth).toBe("1,000 a day");
  });

  it("writes the project and knowledge-base allowances in the plan table from the allowance catalogue", () => {
    const rows = PLAN_COMPARISON.flatMap((g) => g.rows);
    const projects = rows.find((r) => r.feature === "Projects and business instructions");
    expect([projects?.free, projects?.growth]).toEqual(["3 projects", "50 projects"]);
    const storage = rows.find((r) => r.feature === "Knowledge base storage");
    expect([storage?.free, storage?.growth]).toEqual(["25 MB", "1 GB"]);
  });
});

describe("countersShownTo", () => {
  it("shows the ad launches meter only to accounts with the launcher flag", () => {
    expect(countersShownTo(DAILY_COUNTERS, { launcherAccess: true })).toContain("launchers");
    expect(countersShownTo(DAILY_COUNTERS, { launcherAccess: false })).not.toContain("launchers");
    expect(countersShownTo(DAILY_COUNTERS, null)).toEqual(DAILY_COUNTERS.filter((c) => c !== "launchers"));
  });
});

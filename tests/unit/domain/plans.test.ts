import { describe, expect, it } from "vitest";
import { isHighlightedPlan, isPaidPlan, planDisplayName, PLANS, resolvePlan } from "~/domain/plans";
import { dayKey, monthKey, nextDailyReset, nextMonthlyReset, safeTimeZone } from "~/domain/usage-periods";

describe("plan catalogue", () => {
  it("gives the free plan 10 queries a day and nothing monthly", () => {
    expect(PLANS.free.limits.queries).toBe(10);
    expect(PLANS.free.limits.exports).toBe(0);
    expect(PLANS.free.features.hasImageGeneration).toBe(false);
  });
  it("gives paid plans 10 exports and 10 page generations a month", () => {
    for (const id of ["pro", "automation", "empire"] as const) {
      expect(PLANS[id].limits.exports).toBe(10);
      expect(PLANS[id].limits.pageGenerations).toBe(10);
    }
  });
  it("treats unknown plans as free", () => {
    expect(resolvePlan("platinum").id).toBe("free");
    expect(resolvePlan(null).id).toBe("free");
    expect(isPaidPlan("platinum")).toBe(false);
    expect(isPaidPlan("automation")).toBe(true);
  });
  it("keeps every daily counter of a plan in its features object", () => {
    const p = PLANS.pro;
    expect(p.limits.queries).toBe(p.features.queriesPerDay);
    expect(p.limits.marketingVisuals).toBe(p.features.marketingVisualsPerDay);
    expect(p.limits.prompts).toBe(p.features.promptsPerDay);
    expect(p.limits.launchers).toBe(p.features.aiLauncherPerDay);
  });
});

describe("plan display name (spec section 3)", () => {
  it.each([
    ["pro", null, "Growth"],
    ["automation", undefined, "Growth"],
    ["empire", "", "Elite"],
    ["free", "  ", "Free"],
    ["starter", null, "Starter"],
    ["pro", "Growth Yearly", "Growth Yearly"],
  ])("%s with planName %j shows %s", (plan, planName, expected) => {
    expect(planDisplayName(plan, planName)).toBe(expected);
  });
  it("highlights the badge for pro, empire and automation only", () => {
    expect(["pro", "empire", "automation", "free", "other"].map(isHighlightedPlan)).toEqual([true, true, true, false, false]);
  });
});

describe("usage periods", () => {
  it("resets daily at UTC midnight by default", () => {
    const before = new Date("2026-03-10T23:59:59.999Z");
    const after = new Date("2026-03-11T00:00:00.000Z");
    expect(dayKey(before)).toBe("2026-03-10");
    expect(dayKey(after)).toBe("2026-03-11");
    expect(nextDailyReset(before).toISOString()).toBe("2026-03-11T00:00:00.000Z");
  });
  it("resets at local midnight in the user's time zone, across DST", () => {
    // New York switched to daylight time on 2026-03-08.
    expect(nextDailyReset(new Date("2026-03-07T12:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(nextDailyReset(new Date("2026-03-08T12:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(dayKey(new Date("2026-03-09T03:59:00Z"), "America/New_York")).toBe("2026-03-08");
  });
  it("resets monthly on the 1st", () => {
    expect(monthKey(new Date("2026-01-31T23:00:00Z"))).toBe("2026-01");
    expect(nextMonthlyReset(new Date("2026-12-15T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
  it("falls back to UTC for an unknown zone", () => {
    expect(safeTimeZone("Mars/Olympus")).toBe("UTC");
    expect(safeTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });
});

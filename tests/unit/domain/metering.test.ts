import { describe, expect, it } from "vitest";
import { createPeriodCache, periodOf, resetOf } from "~/domain/metering";

describe("createPeriodCache", () => {
  const at = (iso: string) => Date.parse(iso);

  it("answers what periodOf and resetOf answer, for daily and monthly counters", () => {
    const current = createPeriodCache();
    for (const iso of ["2026-03-31T23:59:59.999Z", "2026-04-01T00:00:00.000Z", "2026-11-28T12:00:00.000Z"]) {
      for (const counter of ["queries", "exports"] as const) {
        const now = new Date(iso);
        expect(current(counter, now.getTime(), "UTC")).toMatchObject({
          period: periodOf(counter, now, "UTC"),
          resetsAt: resetOf(counter, now, "UTC").getTime(),
        });
      }
    }
  });

  it("moves to the next day at the user's local midnight, not at UTC's", () => {
    const current = createPeriodCache();
    // New York is UTC-5 in November: local midnight is 05:00 UTC.
    expect(current("queries", at("2026-11-28T04:59:59.999Z"), "America/New_York").period).toBe("day:2026-11-27");
    expect(current("queries", at("2026-11-28T05:00:00.000Z"), "America/New_York").period).toBe("day:2026-11-28");
    expect(current("queries", at("2026-11-28T05:00:00.000Z"), "UTC").period).toBe("day:2026-11-28");
    expect(current("queries", at("2026-11-28T04:00:00.000Z"), "UTC").period).toBe("day:2026-11-28");
  });

  it("works the period out again when the clock steps back before the one it remembered", () => {
    const current = createPeriodCache();
    expect(current("queries", at("2026-11-28T00:00:00.000Z"), "UTC").period).toBe("day:2026-11-28");
    expect(current("queries", at("2026-11-27T23:59:59.000Z"), "UTC").period).toBe("day:2026-11-27");
    expect(current("exports", at("2026-12-01T00:00:00.000Z"), "UTC").period).toBe("month:2026-12");
    expect(current("exports", at("2026-11-30T23:00:00.000Z"), "UTC").period).toBe("month:2026-11");
  });
});

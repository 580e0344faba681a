import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { DAILY_COUNTERS } from "~/domain/plans";
import { QUERY_LIMIT_KEY, SUBSCRIPTION_KEY, USAGE_SUMMARY_KEY, type QueryLimit, type UsageSummary } from "~/features/account/subscription";
import { applyUsageSnapshot, parseStreamMessage } from "~/features/account/usage-stream";

// Spec section 7: "Usage stream messages are JSON. A heartbeat flag is ignored. Otherwise counters
// (queries, images, launchers, marketingVisuals, prompts, aiAdvisor) replace current usage and the
// remaining counts are recomputed."

const counters = (values: Partial<Record<string, number>>) =>
  Object.fromEntries(DAILY_COUNTERS.map((c) => [c, values[c] ?? 0])) as UsageSummary["usage"];

function summary(): UsageSummary {
  return {
    plan: "free",
    usage: counters({ queries: 1, images: 1 }),
    limits: counters({ queries: 10, images: 4, prompts: 15 }),
    remaining: counters({ queries: 9, images: 3, prompts: 15 }),
    trackingType: "daily",
    resetsAt: "2026-12-01T00:00:00.000Z",
  };
}

describe("usage stream messages (spec 7)", () => {
  it("the spec's six counters are the daily counters a snapshot carries", () => {
    expect([...DAILY_COUNTERS].sort()).toEqual(["aiAdvisor", "images", "launchers", "marketingVisuals", "prompts", "queries"]);
  });

  it("a heartbeat is ignored, even one that carries counters; so is anything that is not a JSON snapshot", () => {
    expect(parseStreamMessage(JSON.stringify({ heartbeat: true }))).toBeNull();
    expect(parseStreamMessage(JSON.stringify({ heartbeat: true, usage: { queries: 9 } }))).toBeNull();
    expect(parseStreamMessage("not json")).toBeNull();
    expect(parseStreamMessage("[1,2]")).toBeNull();
    expect(parseStreamMessage(JSON.stringify({ usage: 3 }))).toBeNull();
    expect(parseStreamMessage(JSON.stringify({ usage: { queries: 4 } }))).toEqual({ usage: { queries: 4 } });
  });

  it("a snapshot's counters replace current usage and what remains is recomputed (the sent 'remaining' is not trusted)", () => {
    const qc = new QueryClient();
    qc.setQueryData(USAGE_SUMMARY_KEY, summary());
    applyUsageSnapshot(qc, { usage: { queries: 8, images: 4, prompts: 2 }, remaining: counters({ queries: 99 }) });
    const next = qc.getQueryData<UsageSummary>(USAGE_SUMMARY_KEY)!;
    expect(next.usage).toEqual(counters({ queries: 8, images: 4, prompts: 2 }));
    expect(next.limits).toEqual(summary().limits);
    expect(next.remaining).toEqual(counters({ queries: 2, images: 0, prompts: 13 }));
    expect(next.resetsAt).toBe(summary().resetsAt);
    // The daily query limit follows the same snapshot.
    expect(qc.getQueryData<QueryLimit>(QUERY_LIMIT_KEY)).toEqual({
      limit: 10,
      used: 8,
      remaining: 2,
      resetsAt: summary().resetsAt,
      nearLimit: true,
    });
  });

  it("counters a snapshot leaves out keep their value; new limits recompute what remains too", () => {
    const qc = new QueryClient();
    qc.setQueryData(USAGE_SUMMARY_KEY, summary());
    applyUsageSnapshot(qc, { usage: { queries: 3 }, limits: counters({ queries: 25, images: 4, prompts: 15 }) });
    const next = qc.getQueryData<UsageSummary>(USAGE_SUMMARY_KEY)!;
    expect(next.usage).toEqual(counters({ queries: 3, images: 1 }));
    expect(next.remaining).toEqual(counters({ queries: 22, images: 3, prompts: 15 }));
  });

  it("a plan change on the stream refetches the subscription status; the same plan does not", async () => {
    const qc = new QueryClient();
    qc.setQueryData(USAGE_SUMMARY_KEY, summary());
    qc.setQueryData(SUBSCRIPTION_KEY, { plan: "free" });
    expect(applyUsageSnapshot(qc, { plan: "free", usage: { queries: 2 } })).toBe(false);
    expect(qc.getQueryState(SUBSCRIPTION_KEY)!.isInvalidated).toBe(false);
    expect(applyUsageSnapshot(qc, { plan: "pro", usage: { queries: 2 } })).toBe(true);
    expect(qc.getQueryState(SUBSCRIPTION_KEY)!.isInvalidated).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleUsageLimitError, resolveUpgradeDetail, UPGRADE_MODAL_EVENT, type UpgradeModalDetail } from "~/features/billing/upgrade-events";
import { HttpError } from "~/lib/http";

describe("handleUsageLimitError", () => {
  let opened: UpgradeModalDetail[];
  beforeEach(() => {
    opened = [];
    const target = new EventTarget();
    target.addEventListener(UPGRADE_MODAL_EVENT, (e) => opened.push((e as CustomEvent<UpgradeModalDetail>).detail));
    (globalThis as { window?: unknown }).window = target;
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  const limitError = (body: unknown, type = "USAGE_LIMIT", status = 429) =>
    new HttpError("429: limit", status, JSON.stringify(body), type, "You have used all 10 AI queries for today. It resets tomorrow.");

  it("opens the modal titled after the allowance that ran out, with the server's message", () => {
    expect(handleUsageLimitError(limitError({ type: "USAGE_LIMIT", details: { counter: "queries", limit: 10 } }))).toBe(true);
    expect(opened).toEqual([
      {
        feature: "generate",
        title: "Daily query limit reached",
        message: "You have used all 10 AI queries for today. It resets tomorrow.",
        limitLabel: "0 queries left today",
      },
    ]);
    expect(handleUsageLimitError(limitError({ details: { counter: "exports" } }))).toBe(true);
    expect(opened[1].title).toBe("Monthly export limit reached");
  });

  it("falls back to 'Limit reached' without details", () => {
    expect(handleUsageLimitError(limitError("not json"))).toBe(true);
    expect(resolveUpgradeDetail(opened[0]).title).toBe("Limit reached");
  });

  it("leaves other errors to the caller", () => {
    expect(handleUsageLimitError(limitError({}, "RATE_LIMITED"))).toBe(false);
    expect(handleUsageLimitError(new Error("boom"))).toBe(false);
    expect(opened).toEqual([]);
  });
});

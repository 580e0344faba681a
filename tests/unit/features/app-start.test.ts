import { describe, expect, it } from "vitest";
import { buildVersionReloadUrl } from "~/features/shell/app-start";

const loc = { origin: "https://app.test", pathname: "/chat/1", hash: "" };

describe("build-version check", () => {
  it("does nothing when the stored version matches", () => {
    expect(buildVersionReloadUrl("v2", "v2", loc)).toBeNull();
  });
  it("does not reload on a first visit (nothing stored)", () => {
    expect(buildVersionReloadUrl("v2", null, loc)).toBeNull();
  });
  it("hard-refreshes to the URL without its query, plus version and timestamp", () => {
    expect(buildVersionReloadUrl("v2", "v1", { ...loc, hash: "#x" }, 1234)).toBe("https://app.test/chat/1?v=v2&t=1234#x");
  });
});

import { AUTH_QUERY_OPTIONS, createQueryClient } from "~/lib/query-client";

describe("data-fetch client defaults (spec 9)", () => {
  it("has no retries, no focus or interval refetch and infinite stale time", () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.refetchInterval).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
    expect(typeof defaults.queryFn).toBe("function");
  });
  it("lets the auth query override: 5 min stale, 10 min cache, refetch on focus", () => {
    expect(AUTH_QUERY_OPTIONS).toEqual({ staleTime: 300_000, gcTime: 600_000, refetchOnWindowFocus: true });
  });
});

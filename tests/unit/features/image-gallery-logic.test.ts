import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  apiFilters,
  chargeLine,
  capabilitiesLabel,
  isGated,
  isUpgradeRefusal,
  isUsageLimit,
  parseFilters,
  promptHistory,
  pruneSelection,
  selectWithRange,
  sizeLabel,
  withFilter,
  writeFilters,
  type GalleryFilters,
} from "~/features/image-gallery/gallery-logic";
import { withoutImages } from "~/features/image-gallery/use-images";
import { HttpError } from "~/lib/http";

describe("gallery filters and the URL query", () => {
  it("reads every filter from its short query name", () => {
    const f = parseFilters(
      new URLSearchParams("kind=generated&project=p1&product=prod-9&size=tiktok&from=2026-11-01&to=2026-11-30"),
    );
    expect(f).toEqual({
      kind: "generated",
      projectId: "p1",
      productId: "prod-9",
      presetId: "tiktok",
      from: "2026-11-01",
      to: "2026-11-30",
    });
  });

  it("drops what the API would refuse: unknown kinds and sizes, malformed dates and ids", () => {
    const f = parseFilters(
      new URLSearchParams("kind=gif&size=billboard&from=yesterday&to=2026-13&project=a%20b&product=" + "x".repeat(80)),
    );
    expect(f).toEqual({});
  });

  it("swaps a range given backwards", () => {
    expect(parseFilters(new URLSearchParams("from=2026-12-01&to=2026-11-01"))).toEqual({
      from: "2026-11-01",
      to: "2026-12-01",
    });
  });

  it("writes and reads back the same filters (round trip), keeping other parameters", () => {
    const filters: GalleryFilters = {
      kind: "visual",
      presetId: "pinterest",
      projectId: "proj_1",
      productId: "p-2",
      from: "2026-01-05",
      to: "2026-02-01",
    };
    const written = writeFilters(filters, new URLSearchParams("image=img_1&kind=upload"));
    expect(written.get("image")).toBe("img_1");
    expect(written.getAll("kind")).toEqual(["visual"]);
    expect(parseFilters(written)).toEqual(filters);
    expect(written.toString()).toBe(
      "image=img_1&kind=visual&project=proj_1&product=p-2&size=pinterest&from=2026-01-05&to=2026-02-01",
    );
  });

  it("clears a filter with an empty value and counts the active ones", () => {
    const f = withFilter(withFilter({}, "kind", "upload"), "presetId", "tiktok");
    expect(activeFilterCount(f)).toBe(2);
    const cleared = withFilter(f, "kind", "");
    expect(cleared).toEqual({ presetId: "tiktok" });
    expect(writeFilters(cleared).toString()).toBe("size=tiktok");
  });

  it("sends the API only the set filters, under its own names", () => {
    expect(apiFilters({ kind: "upload", presetId: "tiktok", from: "2026-11-01" })).toEqual({
      kind: "upload",
      presetId: "tiktok",
      from: "2026-11-01",
    });
    expect(apiFilters({})).toEqual({});
  });
});

describe("range selection", () => {
  const order = ["a", "b", "c", "d", "e", "f"];

  it("a click toggles one image and becomes the anchor", () => {
    let r = selectWithRange(order, new Set(), null, "c", false);
    expect([...r.selected]).toEqual(["c"]);
    expect(r.anchor).toBe("c");
    r = selectWithRange(order, r.selected, r.anchor, "c", false);
    expect(r.selected.size).toBe(0);
  });

  it("shift-click selects from the anchor to the target, either direction, keeping the anchor", () => {
    const first = selectWithRange(order, new Set(), null, "b", false);
    const down = selectWithRange(order, first.selected, first.anchor, "e", true);
    expect([...down.selected].sort()).toEqual(["b", "c", "d", "e"]);
    expect(down.anchor).toBe("b");
    const up = selectWithRange(order, new Set(["e"]), "e", "c", true);
    expect([...up.selected].sort()).toEqual(["c", "d", "e"]);
  });

  it("shift-click from an unselected anchor clears the range", () => {
    const r = selectWithRange(order, new Set(["b", "c", "d", "e", "f"]), "b", "d", false);
    expect(r.selected.has("b")).toBe(true);
    const off = selectWithRange(order, new Set(["c", "d", "e", "f"]), "b", "e", true);
    expect([...off.selected]).toEqual(["f"]);
  });

  it("shift-click without an anchor (or with one no longer shown) is a plain toggle", () => {
    expect([...selectWithRange(order, new Set(), null, "d", true).selected]).toEqual(["d"]);
    expect([...selectWithRange(order, new Set(), "gone", "d", true).selected]).toEqual(["d"]);
  });

  it("keeps only what is still shown", () => {
    expect([...pruneSelection(new Set(["a", "x", "c"]), order)]).toEqual(["a", "c"]);
  });
});

describe("prompt history", () => {
  const img = (prompt: string | null, createdAt: string, style: string | null = null) => ({
    prompt,
    createdAt,
    style,
    thumbnailUrl: `/t/${createdAt}`,
  });

  it("groups images by prompt (case and spaces folded), newest use first, with counts", () => {
    const history = promptHistory([
      img("A marble countertop", "2026-11-01T10:00:00Z", "studio"),
      img("Beach at dusk", "2026-11-03T10:00:00Z"),
      img("a  marble countertop ", "2026-11-04T10:00:00Z", "minimal"),
      img(null, "2026-11-05T10:00:00Z"),
      img("   ", "2026-11-05T11:00:00Z"),
      img("Beach at dusk", "2026-11-02T10:00:00Z"),
    ]);
    expect(history.map((h) => [h.prompt, h.count, h.lastUsed])).toEqual([
      ["a  marble countertop", 2, "2026-11-04T10:00:00Z"],
      ["Beach at dusk", 2, "2026-11-03T10:00:00Z"],
    ]);
    // The newest use's words, style and thumbnail win.
    expect(history[0]).toMatchObject({ style: "minimal", thumbnailUrl: "/t/2026-11-04T10:00:00Z" });
  });

  it("keeps at most the limit", () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      img(`prompt ${i}`, `2026-11-${String(i + 1).padStart(2, "0")}T00:00:00Z`),
    );
    const history = promptHistory(many, 5);
    expect(history).toHaveLength(5);
    expect(history[0].prompt).toBe("prompt 29");
  });
});

describe("words and server answers", () => {
  it("names sizes with their preset and pixels", () => {
    expect(sizeLabel({ presetId: "instagram-story", width: 1080, height: 1920 })).toBe("Story & Reels · 1080×1920");
    expect(sizeLabel({ presetId: null, width: 800, height: 600 })).toBe("800×600");
  });

  it("says what a generation counted", () => {
    expect(chargeLine({ counter: "images", count: 3, remaining: 97 })).toBe("Used 3 images · 97 images left today");
    expect(chargeLine({ counter: "marketingVisuals", count: 1, remaining: 0 })).toBe(
      "Used 1 visual · 0 visuals left today",
    );
  });

  it("names the provider", () => {
    expect(capabilitiesLabel({ provider: "compositor", model: null })).toBe("Built-in compositor (offline)");
    expect(capabilitiesLabel({ provider: "model", model: "gpt-image-1" })).toBe("Image model: gpt-image-1");
  });

  it("gates generated images and visuals, never uploads", () => {
    expect(isGated({ kind: "upload" })).toBe(false);
    expect(isGated({ kind: "generated" })).toBe(true);
    expect(isGated({ kind: "visual" })).toBe(true);
  });

  it("recognises the plan refusal and the day's limit", () => {
    const body = (type: string, details: unknown) => JSON.stringify({ error: "x", type, message: "m", details });
    expect(
      isUpgradeRefusal(
        new HttpError("403", 403, body("FORBIDDEN", { feature: "download", upgrade: true }), "FORBIDDEN", "m"),
      ),
    ).toBe(true);
    expect(isUpgradeRefusal(new HttpError("403", 403, body("FORBIDDEN", {}), "FORBIDDEN", "CSRF"))).toBe(false);
    expect(
      isUsageLimit(new HttpError("429", 429, body("USAGE_LIMIT", { counter: "images" }), "USAGE_LIMIT", "m")),
    ).toBe(true);
    expect(isUsageLimit(new HttpError("429", 429, "", "RATE_LIMITED", "m"))).toBe(false);
  });
});

describe("optimistic removal from cached lists", () => {
  const page = (ids: string[], nextCursor: string | null = null) => ({
    data: ids.map((id) => ({ id }) as never),
    nextCursor,
  });

  it("removes ids from a plain page and from every page of an infinite list", () => {
    const gone = new Set(["b", "d"]);
    expect(withoutImages(page(["a", "b", "c"]), gone)).toEqual(page(["a", "c"]));
    const infinite = { pages: [page(["a", "b"], "c1"), page(["c", "d"])], pageParams: [undefined, "c1"] };
    expect(withoutImages(infinite, gone)).toEqual({
      pages: [page(["a"], "c1"), page(["c"])],
      pageParams: [undefined, "c1"],
    });
    expect(withoutImages(undefined, gone)).toBeUndefined();
  });
});

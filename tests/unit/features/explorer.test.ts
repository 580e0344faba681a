import { describe, expect, it } from "vitest";
import { ExplorerQuerySchema } from "~/domain/contracts/market";
import {
  DEFAULT_VIEW,
  activeFilterCount,
  apiQuery,
  chatQuestion,
  clearFilters,
  exportQuery,
  filterChips,
  pageCount,
  parseView,
  productHref,
  rangeLabel,
  toggleSort,
  withFilter,
  withoutFilter,
  writeView,
  type ExplorerView,
} from "~/features/explorer/explorer-query";
import { keptAfterShipping } from "~/domain/market-figures";
import { change, money } from "~/features/explorer/format";

const view = (qs: string) => parseView(new URLSearchParams(qs));

describe("Explorer view ⇄ address", () => {
  it("reads the defaults from an empty address and writes them back as nothing", () => {
    expect(view("")).toEqual({
      ...DEFAULT_VIEW,
      q: undefined,
      niche: undefined,
      priceMin: undefined,
      priceMax: undefined,
      marginMin: undefined,
      platform: undefined,
      trend: undefined,
      shipMax: undefined,
      scoreMin: undefined,
      saved: undefined,
    });
    expect(writeView(view("")).toString()).toBe("");
  });

  it("reads every filter, sort and page, and writes the same address back", () => {
    const qs =
      "q=dog+bed&niche=pet-supplies&priceMin=10&priceMax=29.99&marginMin=40&competition=low%2Cmedium&platform=TikTok&trend=rising&shipMax=10&scoreMin=60&source=sample&saved=Test+in+March&sort=price&order=asc&page=3";
    const v = view(qs);
    expect(v).toEqual({
      q: "dog bed",
      niche: "pet-supplies",
      priceMin: 10,
      priceMax: 29.99,
      marginMin: 40,
      competition: ["low", "medium"],
      platform: "TikTok",
      trend: "rising",
      shipMax: 10,
      scoreMin: 60,
      source: "sample",
      saved: "Test in March",
      sort: "price",
      order: "asc",
      page: 3,
    });
    expect(writeView(v).toString()).toBe(qs);
    expect(view(writeView(v).toString())).toEqual(v);
  });

  it("drops what the API would refuse instead of sending it", () => {
    const v = view(
      "priceMin=abc&priceMax=-5&marginMin=400&competition=low,bogus,high&platform=MySpace&trend=up&shipMax=0&scoreMin=101&source=theirs&sort=random&order=sideways&page=0",
    );
    expect(v).toMatchObject({
      priceMin: undefined,
      priceMax: undefined,
      marginMin: undefined,
      competition: ["low", "high"],
      platform: undefined,
      trend: undefined,
      shipMax: undefined,
      scoreMin: undefined,
      source: "all",
      sort: "score",
      order: "desc",
      page: 1,
    });
  });

  it("keeps competition levels in one order whatever order the address lists them in", () => {
    expect(view("competition=saturated,low").competition).toEqual(["low", "saturated"]);
    expect(writeView(view("competition=saturated,low")).get("competition")).toBe("low,saturated");
  });

  it("keeps the open product beside the view, and adds or removes it", () => {
    const current = new URLSearchParams("niche=pet-supplies&product=P-0001");
    expect(writeView(withFilter(view("niche=pet-supplies"), "trend", "rising"), current).toString()).toBe(
      "niche=pet-supplies&trend=rising&product=P-0001",
    );
    expect(productHref(new URLSearchParams("niche=home"), "P-0042")).toBe("?niche=home&product=P-0042");
    expect(productHref(current, null)).toBe("?niche=pet-supplies");
  });
});

describe("Explorer view → API query", () => {
  it("sends prices in cents and every filter under the API's names, which the contract accepts", () => {
    const v = view("q=lamp&priceMin=10&priceMax=29.99&competition=low,medium&shipMax=7&source=mine&saved=Picks&page=2");
    const qs = apiQuery(v);
    const params = new URLSearchParams(qs);
    expect(params.get("priceMin")).toBe("1000");
    expect(params.get("priceMax")).toBe("2999");
    expect(params.get("competition")).toBe("low,medium");
    expect(params.get("pageSize")).toBe("25");
    const parsed = ExplorerQuerySchema.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({
      q: "lamp",
      priceMin: 1000,
      priceMax: 2999,
      competition: ["low", "medium"],
      shipMax: 7,
      source: "mine",
      saved: "Picks",
      page: 2,
      pageSize: 25,
      sort: "score",
      order: "desc",
    });
  });

  it("exports the view's filters and sort without its page", () => {
    const params = new URLSearchParams(exportQuery(view("niche=home&sort=margin&page=3")));
    expect(params.get("niche")).toBe("home");
    expect(params.get("sort")).toBe("margin");
    expect(params.has("page")).toBe(false);
    expect(params.has("pageSize")).toBe(false);
  });

  it("parses with the contract for the plain view too", () => {
    expect(() => ExplorerQuerySchema.parse(Object.fromEntries(new URLSearchParams(apiQuery(view("")))))).not.toThrow();
  });
});

describe("Explorer view changes", () => {
  const base: ExplorerView = { ...view("niche=home&page=4") };

  it("a changed filter, sort or order starts again at page 1", () => {
    expect(withFilter(base, "trend", "falling")).toMatchObject({ trend: "falling", page: 1, niche: "home" });
    expect(withFilter(base, "sort", "orders").page).toBe(1);
  });

  it("a column header sorts by it highest first (price lowest first), and pressed again flips the order", () => {
    expect(toggleSort(base, "orders")).toMatchObject({ sort: "orders", order: "desc", page: 1 });
    expect(toggleSort(base, "price")).toMatchObject({ sort: "price", order: "asc" });
    expect(toggleSort(toggleSort(base, "orders"), "orders")).toMatchObject({ sort: "orders", order: "asc" });
  });

  it("counts the filters that narrow the view and clears them, keeping the sort", () => {
    const v = view("q=x&niche=home&competition=low,high&source=sample&sort=margin&order=asc&page=2");
    expect(activeFilterCount(v)).toBe(4);
    expect(activeFilterCount(view(""))).toBe(0);
    const cleared = clearFilters(v);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared).toMatchObject({ sort: "margin", order: "asc", page: 1 });
  });

  it("pages within what the plan may read, and says the range shown", () => {
    expect(pageCount(50)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5100)).toBe(204);
    expect(rangeLabel(2, 25, 50)).toBe("26–50 of 50");
    expect(rangeLabel(1, 0, 0)).toBe("0 of 0");
    expect(rangeLabel(1, 25, 5100)).toBe("1–25 of 5,100");
  });
});

describe("Explorer formatting", () => {
  it("keeps price − cost − shipping per sale, and nothing when the record lacks either cost", () => {
    expect(keptAfterShipping(2999, 900, 450)).toEqual({ keptCents: 1649, keptPct: 55 });
    expect(keptAfterShipping(2999, null, 450)).toBeNull();
    expect(keptAfterShipping(2999, 900, null)).toBeNull();
    expect(money(1649)).toBe("$16.49");
  });

  it("writes changes with their sign", () => {
    expect(change(12)).toBe("+12%");
    expect(change(-8)).toBe("−8%");
    expect(change(0)).toBe("0%");
  });

  it("asks the chat about the product by name, id and niche", () => {
    const q = chatQuestion({ id: "P-0001", name: "Calming donut bed", niche: { name: "Pet supplies" } });
    expect(q).toContain("Calming donut bed");
    expect(q).toContain("P-0001");
    expect(q).toContain("Pet supplies");
  });
});

describe("Explorer filter chips", () => {
  it("says each filter in force in words, and removing one keeps the others", () => {
    const v = parseView(
      new URLSearchParams(
        "q=lamp&niche=home&priceMax=30&competition=low,medium&scoreMin=60&source=mine&saved=Picks&trend=rising&shipMax=7",
      ),
    );
    const chips = filterChips(v, (id) => (id === "home" ? "Home decor" : undefined));
    expect(chips.map((c) => c.label)).toEqual([
      "“lamp”",
      "Home decor",
      "Up to $30",
      "Low or Medium competition",
      "Rising orders",
      "Delivers in 7 days or less",
      "Score 60+",
      "My imports only",
      "In “Picks”",
    ]);
    expect(chips).toHaveLength(activeFilterCount(v));
    expect(withoutFilter(v, "competition").competition).toEqual([]);
    expect(withoutFilter(v, "source").source).toBe("all");
    expect(withoutFilter(v, "niche")).toMatchObject({ niche: undefined, q: "lamp", page: 1 });
    expect(filterChips(parseView(new URLSearchParams("")))).toEqual([]);
  });
});

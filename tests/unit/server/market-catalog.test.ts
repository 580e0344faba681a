import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adsForProduct,
  CATALOG_SEED,
  competitionFor,
  generateCatalog,
  getCatalog,
  getProduct,
  listNiches,
  nicheStats,
  productsInNiche,
  rankWinningProducts,
  storesInNiche,
  type Product,
} from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatDollars, formatPercent } from "~/server/market/format";
import { NICHE_SEEDS } from "~/server/market/niche-seeds";
import { createPrng, hashSeed } from "~/server/market/prng";
import { searchCatalog } from "~/server/market/search";
import { contentTerms, stem, tokenize } from "~/server/market/tokens";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sample catalog generation", () => {
  it("is the same on every generation", () => {
    expect(generateCatalog()).toEqual(generateCatalog());
    expect(getCatalog()).toEqual(generateCatalog(CATALOG_SEED));
    expect(getCatalog()).toBe(getCatalog());
  });

  it("depends on the seed", () => {
    expect(generateCatalog("another seed").products).not.toEqual(generateCatalog().products);
  });

  it("matches the recorded fingerprint, so every machine gets this exact catalog", () => {
    // If this changes on purpose (new seed data or generator), update the recorded values below.
    const catalog = generateCatalog();
    expect(hashSeed(JSON.stringify(catalog))).toBe(2263149417);
    // Shipping cost was added without a random draw: without it, the catalog is byte for byte the one before.
    const withoutShipping = { ...catalog, products: catalog.products.map(({ shippingCostCents: _shipping, ...rest }) => rest) };
    expect(hashSeed(JSON.stringify(withoutShipping))).toBe(1196175765);
    expect(getProduct("P-0001")).toEqual({
      id: "P-0001",
      name: "Portable pet brush",
      productType: "pet brush",
      nicheId: "pet-supplies",
      costCents: 603,
      shippingCostCents: 490,
      priceCents: 1599,
      marginCents: 996,
      marginPct: 62,
      monthlyOrders: 3410,
      trendPct: 41,
      adCount: 26,
      competition: "medium",
      rating: 3.7,
      shippingDays: 7,
      launchMonth: "2025-12",
    });
    expect(getProduct("P-0042")).toMatchObject({
      name: "Makeup mirror",
      nicheId: "beauty-tools",
      costCents: 2539,
      priceCents: 4399,
    });
    expect(getCatalog().ads[0]).toMatchObject({
      id: "A-0001",
      productId: "P-0001",
      platform: "Pinterest",
      views: 132300,
      engagements: 3487,
    });
    expect(getCatalog().stores[0]).toMatchObject({
      id: "S-001",
      name: "Paw Hub",
      nicheId: "pet-supplies",
      estMonthlyRevenueUsd: 86400,
    });
  });

  it("never touches Math.random or the clock", () => {
    const random = vi.spyOn(Math, "random");
    const now = vi.spyOn(Date, "now");
    generateCatalog("spy run");
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it("holds about 30 niches, 400 products, a few hundred ads and 60 stores, all labelled as sample data", () => {
    const catalog = getCatalog();
    expect(catalog.meta.isSampleData).toBe(true);
    expect(catalog.meta.note).toMatch(/sample data/i);
    expect(catalog.niches).toHaveLength(30);
    expect(catalog.products).toHaveLength(400);
    expect(catalog.ads.length).toBeGreaterThanOrEqual(250);
    expect(catalog.ads.length).toBeLessThanOrEqual(500);
    expect(catalog.stores).toHaveLength(60);
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(400);
    expect(new Set(catalog.products.map((p) => p.name)).size).toBe(400);
    expect(catalog.products.every((p, i) => p.id === `P-${String(i + 1).padStart(4, "0")}`)).toBe(true);
    for (const niche of catalog.niches) expect(productsInNiche(niche.id).length).toBeGreaterThanOrEqual(10);
  });
});

describe("catalog figures", () => {
  const products = getCatalog().products;

  it("derives every margin from price and cost", () => {
    for (const p of products) {
      expect(p.marginCents).toBe(p.priceCents - p.costCents);
      expect(p.marginPct).toBe(Math.round(((p.priceCents - p.costCents) / p.priceCents) * 100));
      expect(p.priceCents).toBeGreaterThan(p.costCents);
      expect(p.priceCents % 100).toBe(99);
    }
  });

  it("derives competition from the ad count", () => {
    for (const p of products) expect(p.competition).toBe(competitionFor(p.adCount));
    expect([
      competitionFor(12),
      competitionFor(13),
      competitionFor(35),
      competitionFor(36),
      competitionFor(81),
    ]).toEqual(["low", "medium", "medium", "high", "saturated"]);
  });

  it("keeps every field in a plausible range", () => {
    for (const p of products) {
      expect(p.rating).toBeGreaterThanOrEqual(3.6);
      expect(p.rating).toBeLessThanOrEqual(4.9);
      expect(Number.isInteger(p.rating * 10)).toBe(true);
      expect(p.shippingDays).toBeGreaterThanOrEqual(3);
      expect(p.shippingDays).toBeLessThanOrEqual(20);
      expect(p.monthlyOrders).toBeGreaterThanOrEqual(10);
      expect(Number.isInteger(p.trendPct)).toBe(true);
      expect(p.launchMonth).toMatch(/^202[3-5]-(0[1-9]|1[0-2])$/);
    }
  });

  it("derives engagement rates and links ads and stores to real catalog entries", () => {
    const catalog = getCatalog();
    for (const ad of catalog.ads) {
      expect(getProduct(ad.productId)).toBeDefined();
      expect(ad.engagementRatePct).toBe(Math.round((ad.engagements / ad.views) * 1000) / 10);
      expect(["TikTok", "Facebook", "Instagram", "Pinterest"]).toContain(ad.platform);
      expect(ad.hook).not.toMatch(/\d/);
    }
    for (const store of catalog.stores) {
      expect(store.topProductIds.length).toBe(3);
      for (const id of store.topProductIds) expect(getProduct(id)!.nicheId).toBe(store.nicheId);
    }
    expect(new Set(catalog.stores.map((s) => s.name)).size).toBe(60);
    expect(adsForProduct("P-0001").every((ad) => ad.productId === "P-0001")).toBe(true);
    expect(storesInNiche("jewelry")).toHaveLength(2);
  });

  it("computes niche statistics from the niche's products", () => {
    const niche = products.filter((p) => p.nicheId === "home-fitness");
    const prices = niche.map((p) => p.priceCents).sort((a, b) => a - b);
    const mid = Math.floor(prices.length / 2);
    const median = prices.length % 2 ? prices[mid] : Math.round((prices[mid - 1] + prices[mid]) / 2);
    const stats = nicheStats("home-fitness")!;
    expect(stats.productCount).toBe(niche.length);
    expect(stats.medianPriceCents).toBe(median);
    expect(stats.minPriceCents).toBe(prices[0]);
    expect(stats.totalMonthlyOrders).toBe(niche.reduce((sum, p) => sum + p.monthlyOrders, 0));
    expect(stats.avgMarginPct).toBe(Math.round(niche.reduce((sum, p) => sum + p.marginPct, 0) / niche.length));
    expect(stats.lowCompetitionCount).toBe(niche.filter((p) => p.competition === "low").length);
    expect(nicheStats("no-such-niche")).toBeUndefined();
  });

  it("ranks winning products by monthly gross profit, saturated or shrinking ones last", () => {
    const ranked = rankWinningProducts(productsInNiche("pet-supplies"));
    const demoted = (p: Product) => p.competition === "saturated" || p.trendPct < 0;
    const firstDemoted = ranked.findIndex(demoted);
    if (firstDemoted >= 0) expect(ranked.slice(firstDemoted).every(demoted)).toBe(true);
    const healthy = ranked.filter((p) => !demoted(p));
    for (let i = 1; i < healthy.length; i++) {
      expect(healthy[i - 1].monthlyOrders * healthy[i - 1].marginCents).toBeGreaterThanOrEqual(
        healthy[i].monthlyOrders * healthy[i].marginCents,
      );
    }
  });

  it("writes niche names and keywords that match the seeds", () => {
    expect(listNiches().map((n) => n.id)).toEqual(NICHE_SEEDS.map((s) => s.id));
    for (const seed of NICHE_SEEDS) expect(seed.itemTiers).toHaveLength(seed.items.length);
  });
});

describe("seeded PRNG", () => {
  it("repeats its sequence for a seed and stays in range", () => {
    const a = createPrng("x");
    const b = createPrng("x");
    const seqA = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(seqA);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
    const c = createPrng("y");
    for (let i = 0; i < 200; i++) {
      const v = c.int(3, 7);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
    }
  });
});

describe("catalog retrieval", () => {
  it.each([
    ["dog", "pet-supplies"],
    ["yoga mat", "home-fitness"],
    ["phone case", "phone-accessories"],
    ["best kitchen gadgets", "kitchen-gadgets"],
    ["gua sha", "beauty-tools"],
    ["camping tents", "outdoor-camping"],
    ["espresso", "coffee-tea"],
  ])("ranks the right niche first for %j", (query, nicheId) => {
    const result = searchCatalog(query);
    expect(result.niches[0].niche.id).toBe(nicheId);
    expect(result.niches[0].matched.length).toBeGreaterThan(0);
  });

  it("ranks products whose name matches above the rest of the niche", () => {
    expect(searchCatalog("yoga mat").products[0].product.name.toLowerCase()).toContain("yoga mat");
    expect(searchCatalog("phone case").products[0].product.name.toLowerCase()).toContain("phone case");
    expect(searchCatalog("dog").products[0].product.name.toLowerCase()).toContain("dog");
  });

  it("matches catalog ids exactly", () => {
    expect(searchCatalog("tell me about P-0042").products[0].product.id).toBe("P-0042");
    expect(searchCatalog("S-001").stores[0].store.id).toBe("S-001");
    expect(searchCatalog("A-0001").ads[0].ad.id).toBe("A-0001");
  });

  it("returns ranked lists within the limit and nothing for unknown subjects", () => {
    const result = searchCatalog("pet", { limit: 3 });
    expect(result.products).toHaveLength(3);
    for (const list of [result.niches, result.products, result.ads, result.stores]) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1].score).toBeGreaterThanOrEqual(list[i].score);
    }
    const unknown = searchCatalog("cryptocurrency mining rigs");
    expect(unknown.niches).toEqual([]);
    expect(unknown.products).toEqual([]);
    expect(searchCatalog("").niches).toEqual([]);
  });

  it("returns ads and stores of the matched niche", () => {
    const result = searchCatalog("jewelry");
    expect(result.stores.slice(0, 2).every((hit) => hit.store.nicheId === "jewelry")).toBe(true);
    expect(getProduct(result.ads[0].ad.productId)!.nicheId).toBe("jewelry");
  });
});

describe("tokens and formats", () => {
  it("reduces plurals and drops filler words", () => {
    expect(["mats", "brushes", "accessories", "glasses", "cases", "ads"].map(stem)).toEqual([
      "mat",
      "brush",
      "accessory",
      "glass",
      "case",
      "ads",
    ]);
    expect(tokenize("Self-cleaning Pet Brushes!")).toEqual(["self", "cleaning", "pet", "brush"]);
    expect(contentTerms("what are the best yoga mats for me")).toEqual(["best", "yoga", "mat"]);
  });

  it("writes money, counts and changes the same way everywhere", () => {
    expect(formatCents(1999)).toBe("$19.99");
    expect(formatCents(105)).toBe("$1.05");
    expect(formatCents(123456789)).toBe("$1,234,567.89");
    expect(formatCents(-850)).toBe("-$8.50");
    expect(formatDollars(99300)).toBe("$99,300");
    expect(formatCount(20640)).toBe("20,640");
    expect(formatCount(10.7)).toBe("10.7");
    expect(formatChange(18)).toBe("+18%");
    expect(formatChange(-7)).toBe("-7%");
    expect(formatChange(0)).toBe("0%");
    expect(formatPercent(72)).toBe("72%");
  });
});

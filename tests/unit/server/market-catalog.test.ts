import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adsForProduct,
  adWeeks,
  CATALOG_AS_OF,
  CATALOG_SEED,
  competitionFor,
  generateCatalog,
  getCatalog,
  getProduct,
  HISTORY_WEEKS,
  listNiches,
  nameInSentence,
  nicheStats,
  productsInNiche,
  rankWinningProducts,
  shippingCostFor,
  storesInNiche,
  type Product,
} from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatDollars, formatPercent } from "~/server/market/format";
import { NICHE_SEEDS } from "~/server/market/niche-seeds";
import { createPrng, hashSeed } from "~/server/market/prng";
import { nameParts, searchCatalog } from "~/server/market/search";
import { contentTerms, stem, tokenize } from "~/server/market/tokens";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Monday of the oldest history week: the as-of week's Monday, 25 weeks back. */
const HISTORY_START = new Date(Date.parse(`${CATALOG_AS_OF}T00:00:00Z`) - (HISTORY_WEEKS - 1) * 7 * 86_400_000).toISOString().slice(0, 10);

/** Collects the records that break a rule, so thousands of records cost one expect (and the failure lists them). */
function breaches() {
  const list: string[] = [];
  return {
    list,
    check(ok: boolean, what: string) {
      if (!ok && list.length < 20) list.push(what);
    },
  };
}

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
    expect(hashSeed(JSON.stringify(catalog))).toBe(2355209775);
    expect(getProduct("P-0001")).toEqual({
      id: "P-0001",
      name: "Self-cleaning lick mat",
      productType: "lick mat",
      nicheId: "pet-supplies",
      costCents: 214,
      shippingCostCents: 430,
      priceCents: 599,
      marginCents: 385,
      marginPct: 64,
      monthlyOrders: 1175,
      trendPct: 8,
      adCount: 4,
      competition: "high",
      rating: 4.7,
      shippingDays: 7,
      launchMonth: "2026-03",
      weeklyOrders: [178, 190, 199, 220, 227, 240, 246, 252, 264, 272, 275, 298, 304, 297, 301, 294, 299, 284, 269, 263, 279, 279, 267, 286, 311, 311],
      weeklyPriceCents: new Array(26).fill(599),
      weeklyActiveAds: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
    });
    expect(getProduct("P-0042")).toMatchObject({
      name: "No-pull harness, mini",
      nicheId: "pet-supplies",
      costCents: 957,
      priceCents: 2099,
    });
    expect(getCatalog().ads[0]).toEqual({
      id: "A-00001",
      productId: "P-0001",
      platform: "Facebook",
      angle: "unboxing",
      hook: "Unboxing the self-cleaning lick mat: honest first impressions",
      daysRunning: 2,
      views: 101700,
      engagements: 3385,
      engagementRatePct: 3.3,
      format: "video",
      lengthSeconds: 22,
      visualStyle: "text-overlay",
      startWeek: 25,
    });
    expect(getCatalog().stores[0]).toMatchObject({
      id: "S-001",
      name: "Paw House",
      nicheId: "pet-supplies",
      platform: "Shopify",
      productCount: 18,
      estMonthlyRevenueUsd: 198000,
      launchMonth: "2023-04",
      topProductIds: ["P-0003", "P-0049", "P-0018"],
    });
    expect(getCatalog().stores[0].listings).toHaveLength(19);
    expect(getCatalog().stores[0].listings[0]).toEqual({
      productId: "P-0003",
      priceCents: 3299,
      previousPriceCents: null,
      priceChangedWeek: null,
      firstSeenWeek: 0,
      removedWeek: null,
      orderSharePct: 23,
    });
  });

  it("never touches Math.random or the clock", () => {
    const random = vi.spyOn(Math, "random");
    const now = vi.spyOn(Date, "now");
    generateCatalog("spy run");
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it("holds 60 niches, at least 5,000 products, 20,000 ads and 500 stores, all labelled as sample data", () => {
    const catalog = getCatalog();
    expect(catalog.meta.isSampleData).toBe(true);
    expect(catalog.meta.note).toMatch(/sample data/i);
    expect(catalog.niches).toHaveLength(60);
    expect(catalog.products.length).toBeGreaterThanOrEqual(5000);
    expect(catalog.ads.length).toBe(20400);
    expect(catalog.stores).toHaveLength(500);
    const count = catalog.products.length;
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(count);
    expect(new Set(catalog.products.map((p) => p.name)).size).toBe(count);
    expect(catalog.products.every((p, i) => p.id === `P-${String(i + 1).padStart(4, "0")}`)).toBe(true);
    expect(catalog.ads.every((a, i) => a.id === `A-${String(i + 1).padStart(5, "0")}`)).toBe(true);
    expect(catalog.stores.every((s, i) => s.id === `S-${String(i + 1).padStart(3, "0")}`)).toBe(true);
    for (const niche of catalog.niches) expect(productsInNiche(niche.id).length).toBeGreaterThanOrEqual(80);
  });
});

describe("catalog figures", () => {
  const products = getCatalog().products;

  it("derives every margin from price and cost", () => {
    const wrong = breaches();
    for (const p of products) {
      wrong.check(p.marginCents === p.priceCents - p.costCents, `${p.id} marginCents`);
      wrong.check(p.marginPct === Math.round(((p.priceCents - p.costCents) / p.priceCents) * 100), `${p.id} marginPct`);
      wrong.check(p.priceCents > p.costCents, `${p.id} sells below cost`);
      wrong.check(p.priceCents % 100 === 99, `${p.id} price does not end in .99`);
    }
    expect(wrong.list).toEqual([]);
  });

  it("derives competition from the ad count", () => {
    for (const p of products) if (p.competition !== competitionFor(p.adCount)) expect(p.competition, p.id).toBe(competitionFor(p.adCount));
    // Low up to 1 ad running, medium up to 3, high up to 6, saturated above.
    expect([0, 1, 2, 3, 4, 6, 7, 20].map(competitionFor)).toEqual(["low", "low", "medium", "medium", "high", "high", "saturated", "saturated"]);
    // Every level occurs in the catalog.
    expect(new Set(products.map((p) => p.competition))).toEqual(new Set(["low", "medium", "high", "saturated"]));
  });

  it("keeps every field in a plausible range", () => {
    const wrong = breaches();
    for (const p of products) {
      wrong.check(p.rating >= 3.6 && p.rating <= 4.9 && Number.isInteger(Math.round(p.rating * 10)) && Math.abs(p.rating * 10 - Math.round(p.rating * 10)) < 1e-9, `${p.id} rating ${p.rating}`);
      wrong.check(Number.isInteger(p.shippingDays) && p.shippingDays >= 3 && p.shippingDays <= 20, `${p.id} shippingDays ${p.shippingDays}`);
      wrong.check(p.monthlyOrders >= 10, `${p.id} monthlyOrders ${p.monthlyOrders}`);
      wrong.check(Number.isInteger(p.trendPct), `${p.id} trendPct ${p.trendPct}`);
      wrong.check(/^202[3-6]-(0[1-9]|1[0-2])$/.test(p.launchMonth), `${p.id} launchMonth ${p.launchMonth}`);
      // Launched before the history starts, so every week of it is a week on sale.
      wrong.check(p.launchMonth < HISTORY_START.slice(0, 7), `${p.id} launched ${p.launchMonth}, inside the history`);
      for (const [name, series] of Object.entries({ weeklyOrders: p.weeklyOrders, weeklyPriceCents: p.weeklyPriceCents, weeklyActiveAds: p.weeklyActiveAds })) {
        wrong.check(series.length === HISTORY_WEEKS, `${p.id} ${name} has ${series.length} weeks`);
        wrong.check(series.every((v) => Number.isInteger(v) && v >= 0), `${p.id} ${name} holds a negative or fractional value`);
      }
      wrong.check(p.weeklyPriceCents.every((cents) => cents % 100 === 99), `${p.id} a weekly price does not end in .99`);
    }
    expect(wrong.list).toEqual([]);
  });

  it("derives orders, trend, price, ads and shipping from each product's own history", () => {
    const wrong = breaches();
    const adsRunning = new Map<string, number[]>();
    for (const ad of getCatalog().ads) {
      const weeks = adsRunning.get(ad.productId) ?? new Array<number>(HISTORY_WEEKS).fill(0);
      const [from, to] = adWeeks(ad);
      wrong.check(from === ad.startWeek && to >= from && to < HISTORY_WEEKS, `${ad.id} weeks ${from}-${to}`);
      for (let week = from; week <= to; week++) weeks[week] += 1;
      adsRunning.set(ad.productId, weeks);
    }
    const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
    const noAds = new Array<number>(HISTORY_WEEKS).fill(0);
    const asOf = HISTORY_WEEKS - 1;
    for (const p of products) {
      const lastFour = sum(p.weeklyOrders.slice(-4));
      const fourBefore = sum(p.weeklyOrders.slice(-8, -4));
      // Orders a month are the last 4 weeks; the trend is them against the 4 weeks before.
      wrong.check(p.monthlyOrders === lastFour, `${p.id} monthlyOrders ${p.monthlyOrders}, last 4 weeks ${lastFour}`);
      const trend = fourBefore > 0 ? Math.round((lastFour / fourBefore - 1) * 100) : lastFour > 0 ? 100 : 0;
      wrong.check(p.trendPct === trend, `${p.id} trendPct ${p.trendPct}, 4 weeks against 4 ${trend}`);
      // The price is the as-of week's; the ads are those running in it.
      wrong.check(p.priceCents === p.weeklyPriceCents[asOf], `${p.id} priceCents is not the last week's`);
      wrong.check(p.adCount === p.weeklyActiveAds[asOf], `${p.id} adCount is not the last week's`);
      const running = adsForProduct(p.id).filter((ad) => adWeeks(ad)[0] <= asOf && adWeeks(ad)[1] >= asOf).length;
      wrong.check(p.adCount === running, `${p.id} adCount ${p.adCount}, ads running in the last week ${running}`);
      // Every week's active ads are the product's ads whose weeks cover it.
      const weekly = adsRunning.get(p.id) ?? noAds;
      wrong.check(p.weeklyActiveAds.every((n, week) => n === weekly[week]), `${p.id} weeklyActiveAds differ from its ads' weeks`);
      // Shipping is derived from cost and delivery time, with no random draw.
      wrong.check(p.shippingCostCents === shippingCostFor(p.costCents, p.shippingDays), `${p.id} shippingCostCents`);
    }
    expect(wrong.list).toEqual([]);
  });

  it("derives engagement rates and links ads and stores to real catalog entries", () => {
    const catalog = getCatalog();
    const wrong = breaches();
    const platforms = new Set(["TikTok", "Facebook", "Instagram", "Pinterest"]);
    const styles = new Set(["ugc", "studio", "lifestyle", "text-overlay", "comparison", "meme"]);
    for (const ad of catalog.ads) {
      const product = getProduct(ad.productId);
      wrong.check(product !== undefined, `${ad.id} product ${ad.productId}`);
      wrong.check(ad.engagementRatePct === Math.round((ad.engagements / ad.views) * 1000) / 10, `${ad.id} engagementRatePct`);
      wrong.check(platforms.has(ad.platform), `${ad.id} platform ${ad.platform}`);
      // A hook states no figure: its only digits are those of the product's name ("…, set of 3").
      wrong.check(!/\d/.test(ad.hook.split(nameInSentence(product?.name ?? "")).join(" ")), `${ad.id} hook states a figure: ${ad.hook}`);
      // Only videos have a length; TikTok runs only videos.
      wrong.check(["video", "image", "carousel"].includes(ad.format), `${ad.id} format ${ad.format}`);
      wrong.check((ad.lengthSeconds === null) === (ad.format !== "video"), `${ad.id} lengthSeconds ${ad.lengthSeconds} for ${ad.format}`);
      wrong.check(ad.platform !== "TikTok" || ad.format === "video", `${ad.id} a TikTok ${ad.format}`);
      wrong.check(styles.has(ad.visualStyle), `${ad.id} visualStyle ${ad.visualStyle}`);
      wrong.check(Number.isInteger(ad.startWeek) && ad.startWeek >= 0 && ad.startWeek < HISTORY_WEEKS, `${ad.id} startWeek ${ad.startWeek}`);
      wrong.check(Number.isInteger(ad.daysRunning) && ad.daysRunning > 0, `${ad.id} daysRunning ${ad.daysRunning}`);
      // An ad cannot have run longer than the time since it was first seen.
      wrong.check(ad.daysRunning <= (26 - ad.startWeek) * 7, `${ad.id} ran ${ad.daysRunning} days from week ${ad.startWeek}`);
    }
    const productById = new Map(catalog.products.map((p) => [p.id, p]));
    for (const store of catalog.stores) {
      const listed = store.listings.filter((l) => l.removedWeek === null);
      // The store's figures come from its listings: the ones not removed are its products now.
      wrong.check(store.productCount === listed.length, `${store.id} productCount ${store.productCount}, listed ${listed.length}`);
      wrong.check(new Set(store.listings.map((l) => l.productId)).size === store.listings.length, `${store.id} lists a product twice`);
      for (const l of store.listings) {
        const where = `${store.id} listing ${l.productId}`;
        wrong.check(productById.get(l.productId)?.nicheId === store.nicheId, `${where} is not a product of its niche`);
        wrong.check(l.priceCents % 100 === 99, `${where} price`);
        wrong.check(l.firstSeenWeek >= 0 && l.firstSeenWeek < HISTORY_WEEKS, `${where} firstSeenWeek`);
        wrong.check(l.removedWeek === null || (l.removedWeek > l.firstSeenWeek && l.removedWeek < HISTORY_WEEKS), `${where} removedWeek`);
        wrong.check((l.previousPriceCents === null) === (l.priceChangedWeek === null), `${where} price change half recorded`);
        wrong.check(l.priceChangedWeek === null || (l.priceChangedWeek > l.firstSeenWeek && l.priceChangedWeek < HISTORY_WEEKS), `${where} priceChangedWeek`);
      }
      const storeOrders = (l: (typeof listed)[number]) => (productById.get(l.productId)!.monthlyOrders * l.orderSharePct) / 100;
      const revenueCents = listed.reduce((total, l) => total + storeOrders(l) * l.priceCents, 0);
      wrong.check(store.estMonthlyRevenueUsd === Math.round(revenueCents / 10000) * 100, `${store.id} estMonthlyRevenueUsd`);
      // Its three best sellers, still listed, best first.
      const best = listed
        .slice()
        .sort((a, b) => storeOrders(b) - storeOrders(a) || (a.productId < b.productId ? -1 : 1))
        .slice(0, 3)
        .map((l) => l.productId);
      wrong.check(store.topProductIds.length === 3 && store.topProductIds.join() === best.join(), `${store.id} topProductIds ${store.topProductIds.join()}, best sellers ${best.join()}`);
    }
    expect(wrong.list).toEqual([]);
    expect(new Set(catalog.stores.map((s) => s.name)).size).toBe(500);
    expect(adsForProduct("P-0001").length).toBeGreaterThan(0);
    expect(adsForProduct("P-0001").every((ad) => ad.productId === "P-0001")).toBe(true);
    // 500 stores over 60 niches: 8 or 9 each.
    for (const niche of catalog.niches) expect([8, 9]).toContain(storesInNiche(niche.id).length);
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
    expect(searchCatalog("A-00001").ads[0].ad.id).toBe("A-00001");
    expect(searchCatalog("A-20000").ads[0].ad.id).toBe("A-20000");
  });

  it("ranks a product whose whole name the query writes above names that only share its words", () => {
    const top = (query: string) => searchCatalog(query).products[0];
    expect(top("how should I price the pro yoga mat?")).toMatchObject({ product: { name: "Pro yoga mat" }, exactName: true });
    expect(top("is the yoga mat any good")).toMatchObject({ product: { name: "Yoga mat" }, exactName: true });
    expect(top("price the portable pet brush 2-pack")).toMatchObject({ product: { name: "Portable pet brush, 2-pack" }, exactName: true });
    expect(top("magnetic phone mount").exactName).toBe(false);
  });

  it("splits a product name into its base and its pack or size edition", () => {
    expect(nameParts("Portable pet brush, 2-pack")).toEqual({ base: "Portable pet brush", edition: "2-pack" });
    expect(nameParts("Pro yoga mat")).toEqual({ base: "Pro yoga mat", edition: null });
    // Every catalog name is a plain name or a plain name of the catalog in an edition.
    const names = new Set(getCatalog().products.map((p) => p.name));
    const bases = new Set(getCatalog().products.map((p) => nameParts(p.name).base));
    for (const base of bases) expect(base).not.toContain(",");
    expect([...bases].filter((b) => !names.has(b))).toEqual([]);
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
    expect([formatCountOf(1, "ad"), formatCountOf(0, "ad"), formatCountOf(1200, "active ad")]).toEqual(["1 ad", "0 ads", "1,200 active ads"]);
  });
});

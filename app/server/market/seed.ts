/**
 * Turns the generated sample catalog into the rows D1 holds: products with their weekly history
 * and winning score, ads with the weeks they ran, stores with dated listings and the changes a
 * tracker would have seen, plus the score's backtest. `npm run db:seed` writes these as a SQL
 * file; a Worker or a test runs them as D1 batches (`ensureSampleCatalog`).
 */
import { runSeedStatements, sampleCatalogStatements, seededSampleVersion, type SampleCatalogRows, type SeedStore } from "../../../db/catalog-seed";
import { adWeeks, CATALOG_AS_OF, CATALOG_SEED, CATALOG_SIZE, generateCatalog, HISTORY_WEEKS, weekOf, type MarketCatalog, type Product } from "./catalog";
import { NICHE_SEEDS } from "./niche-seeds";
import { backtestScore, scoreProducts, type ScoreInput } from "./score";

/**
 * Bump when the generator or the score changes: the next seed replaces the sample records.
 * Computed by a call marked pure so that a bundle importing this module only for `weekOf` (the
 * explorer, intelligence, reports) drops it, and with it the niche seeds (issue 29: 15 KiB of the
 * main Worker's gzip that only seeding reads).
 */
export const SAMPLE_CATALOG_VERSION = /* @__PURE__ */ sampleCatalogVersion();

function sampleCatalogVersion(): string {
  return `${CATALOG_SEED}/v2/${NICHE_SEEDS.length}n/${CATALOG_SIZE.products}p/score2/ads2`;
}

// The week dates live beside the catalog, which reads them back (catalogFromRows).
export { weekOf };

export function scoreInputOf(p: Product): ScoreInput {
  return {
    id: p.id,
    weeklyOrders: p.weeklyOrders,
    weeklyPriceCents: p.weeklyPriceCents,
    weeklyActiveAds: p.weeklyActiveAds,
    priceCents: p.priceCents,
    costCents: p.costCents,
    shippingCostCents: p.shippingCostCents,
    activeAds: p.adCount,
    shippingDays: p.shippingDays,
  };
}

function storeRows(catalog: MarketCatalog): SeedStore[] {
  const byId = new Map(catalog.products.map((p) => [p.id, p]));
  return catalog.stores.map((store) => ({
    id: store.id,
    name: store.name,
    nicheId: store.nicheId,
    platform: store.platform,
    productCount: store.productCount,
    estMonthlyRevenueUsd: store.estMonthlyRevenueUsd,
    launchMonth: store.launchMonth,
    topProductIds: store.topProductIds,
    listings: store.listings.map((l) => ({
      productId: l.productId,
      title: byId.get(l.productId)!.name,
      priceCents: l.priceCents,
      orderSharePct: l.orderSharePct,
      firstSeenAt: weekOf(l.firstSeenWeek),
      removedAt: l.removedWeek === null ? null : weekOf(l.removedWeek),
    })),
    changes: store.listings.flatMap((l) => {
      const title = byId.get(l.productId)!.name;
      return [
        ...(l.firstSeenWeek > 0 ? [{ at: weekOf(l.firstSeenWeek), kind: "added" as const, productId: l.productId, title, oldPriceCents: null, newPriceCents: l.priceCents }] : []),
        ...(l.priceChangedWeek !== null && l.previousPriceCents !== null
          ? [{ at: weekOf(l.priceChangedWeek), kind: "price" as const, productId: l.productId, title, oldPriceCents: l.previousPriceCents, newPriceCents: l.priceCents }]
          : []),
        ...(l.removedWeek !== null ? [{ at: weekOf(l.removedWeek), kind: "removed" as const, productId: l.productId, title, oldPriceCents: l.priceCents, newPriceCents: null }] : []),
      ];
    }),
  }));
}

/** The sample catalog as seed rows: generated, scored at the latest week, and backtested. */
export function sampleCatalogRows(catalog: MarketCatalog = generateCatalog()): SampleCatalogRows {
  const inputs = catalog.products.map(scoreInputOf);
  const scores = scoreProducts(inputs);
  const mainPlatform = new Map<string, string>();
  const platformCounts = new Map<string, Map<string, number>>();
  for (const ad of catalog.ads) {
    const counts = platformCounts.get(ad.productId) ?? new Map<string, number>();
    counts.set(ad.platform, (counts.get(ad.platform) ?? 0) + 1);
    platformCounts.set(ad.productId, counts);
  }
  for (const [productId, counts] of platformCounts) {
    mainPlatform.set(productId, [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]);
  }
  return {
    version: SAMPLE_CATALOG_VERSION,
    niches: catalog.niches.map((n) => ({ id: n.id, name: n.name, audience: n.audience, pain: n.pain, keywords: n.keywords, productTypes: n.productTypes })),
    products: catalog.products.map((p) => {
      const score = scores.get(p.id)!;
      return {
        id: p.id,
        name: p.name,
        productType: p.productType,
        nicheId: p.nicheId,
        costCents: p.costCents,
        shippingCostCents: p.shippingCostCents,
        priceCents: p.priceCents,
        marginCents: p.marginCents,
        marginPct: p.marginPct,
        monthlyOrders: p.monthlyOrders,
        trendPct: p.trendPct,
        adCount: p.adCount,
        competition: p.competition,
        ratingTenths: Math.round(p.rating * 10),
        shippingDays: p.shippingDays,
        launchMonth: p.launchMonth,
        mainPlatform: mainPlatform.get(p.id) ?? null,
        weeklyOrders: p.weeklyOrders,
        weeklyPriceCents: p.weeklyPriceCents,
        weeklyActiveAds: p.weeklyActiveAds,
        score: score.score,
        scoreReasons: score,
      };
    }),
    ads: catalog.ads.map((a) => ({
      id: a.id,
      productId: a.productId,
      platform: a.platform,
      angle: a.angle,
      hook: a.hook,
      format: a.format,
      lengthSeconds: a.lengthSeconds,
      visualStyle: a.visualStyle,
      startWeek: a.startWeek,
      endWeek: adWeeks(a)[1],
      daysRunning: a.daysRunning,
      views: a.views,
      engagements: a.engagements,
      engagementRateTenths: Math.round(a.engagementRatePct * 10),
    })),
    stores: storeRows(catalog),
    meta: {
      as_of: CATALOG_AS_OF,
      history_weeks: HISTORY_WEEKS,
      backtest: backtestScore(inputs),
      backtest_measured_at: new Date().toISOString(),
    },
  };
}

/**
 * Seeds the shared sample catalog when the database lacks this version; a no-op otherwise.
 * Returns whether it seeded.
 */
export async function ensureSampleCatalog(d1: D1Database): Promise<boolean> {
  if ((await seededSampleVersion(d1)) === SAMPLE_CATALOG_VERSION) return false;
  await runSeedStatements(d1, sampleCatalogStatements(sampleCatalogRows()));
  return true;
}

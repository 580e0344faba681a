import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeAdCount,
  historySnapshots,
  isAdActive,
  keptAfterShipping,
  marginBeforeShipping,
  weeklyActiveAdCounts,
} from "~/domain/market-figures";
import { adWeeks, competitionFor, generateCatalog, HISTORY_WEEKS, weekOf } from "~/server/market/catalog";
import { sampleCatalogRows } from "~/server/market/seed";

const catalog = generateCatalog();
const LAST = HISTORY_WEEKS - 1;
const WEEKS = Array.from({ length: HISTORY_WEEKS }, (_, w) => weekOf(w));

const spansOf = (productId: string) =>
  catalog.ads
    .filter((ad) => ad.productId === productId)
    .map((ad) => {
      const [startWeek, endWeek] = adWeeks(ad);
      return { startWeek, endWeek };
    });

describe("one value per figure over the sample catalog", () => {
  const adsByProduct = new Map<string, { startWeek: number; endWeek: number }[]>();
  for (const p of catalog.products) adsByProduct.set(p.id, spansOf(p.id));

  it("a product's active ads, its weekly chart's last week and its competition all read the same ads", () => {
    for (const p of catalog.products) {
      const ads = adsByProduct.get(p.id)!;
      const active = activeAdCount(ads, LAST);
      expect({ id: p.id, adCount: p.adCount }).toEqual({ id: p.id, adCount: active });
      expect(p.weeklyActiveAds.at(-1)).toBe(active);
      expect(p.weeklyActiveAds).toEqual(weeklyActiveAdCounts(ads, HISTORY_WEEKS));
      expect(p.competition).toBe(competitionFor(active));
      // Active ads never exceed the ads seen, the list the record panel shows beside them.
      expect(active).toBeLessThanOrEqual(ads.length);
    }
  });

  it("the margin is before shipping and the kept share is after it, from one pair of functions", () => {
    for (const p of catalog.products) {
      expect(p.marginPct).toBe(marginBeforeShipping(p.priceCents, p.costCents).marginPct);
      expect(p.marginCents).toBe(p.priceCents - p.costCents);
      const kept = keptAfterShipping(p.priceCents, p.costCents, p.shippingCostCents)!;
      expect(kept.keptCents).toBe(p.marginCents - p.shippingCostCents);
      if (p.shippingCostCents > 0) expect(kept.keptCents).toBeLessThan(p.marginCents);
    }
  });

  it("every change of a sample store is dated by one of its snapshots", () => {
    const rows = sampleCatalogRows(catalog);
    let changes = 0;
    for (const store of rows.stores) {
      const taken = new Set(historySnapshots(store.listings, WEEKS).map((s) => s.takenAt.slice(0, 10)));
      for (const change of store.changes) {
        expect(taken.has(change.at.slice(0, 10)), `${store.id} ${change.kind} ${change.at}`).toBe(true);
        changes += 1;
      }
      if (store.changes.length) expect(taken.size).toBeGreaterThan(0);
    }
    expect(changes).toBeGreaterThan(100);
  });
});

describe("figure definitions", () => {
  const span = fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 })).map(([a, b]) => ({ startWeek: Math.min(a, b), endWeek: Math.max(a, b) }));

  it("active ads are the last week of the weekly counts", () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 40 }), (ads) => {
        const weekly = weeklyActiveAdCounts(ads, 26);
        expect(weekly[25]).toBe(activeAdCount(ads, 25));
        expect(ads.filter((ad) => isAdActive(ad, 25)).length).toBe(weekly[25]);
        expect(Math.max(0, ...weekly)).toBeLessThanOrEqual(ads.length);
      }),
    );
  });

  it("kept after shipping is the margin before shipping less the shipping cost", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 10_000 }), (price, cost, shipping) => {
        const margin = marginBeforeShipping(price, cost);
        const kept = keptAfterShipping(price, cost, shipping)!;
        expect(kept.keptCents).toBe(margin.marginCents - shipping);
        expect(kept.keptPct).toBeLessThanOrEqual(margin.marginPct);
      }),
    );
  });

  it("kept after shipping is not guessed when a cost is missing", () => {
    expect(keptAfterShipping(1000, null, 100)).toBeNull();
    expect(keptAfterShipping(1000, 400, null)).toBeNull();
  });

  it("history snapshots count what was listed each week", () => {
    const listings = [
      { firstSeenAt: WEEKS[0], removedAt: null },
      { firstSeenAt: WEEKS[3], removedAt: WEEKS[5] },
    ];
    const snaps = historySnapshots(listings, WEEKS);
    expect(snaps).toHaveLength(HISTORY_WEEKS);
    expect(snaps[2].productCount).toBe(1);
    expect(snaps[3].productCount).toBe(2);
    expect(snaps[5].productCount).toBe(1);
    expect(historySnapshots([], WEEKS)).toEqual([]);
  });
});

/** The records a chat citation opens: one GET per kind, signed-in and verified, 404 naming what is missing. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adsForProduct, getNiche, loadSharedCatalog, nicheStats, type Ad, type Product, type Store } from "~/server/market/catalog";
import { createDb } from "../../db/client";
import { call, signupUser, verifiedUser, seedSampleCatalog } from "./helpers";

let store: Store;
let product: Product;
let ad: Ad;

// Product records are read from D1 by the Explorer's queries, the analyst's catalog by
// loadSharedCatalog from the same rows: the figures must agree.
beforeAll(async () => {
  await seedSampleCatalog();
  const catalog = await loadSharedCatalog(createDb(env.DB));
  // A product with ads and a store that sells it, so every part of the record is exercised.
  store = catalog.stores.find((s) => s.topProductIds.some((id) => adsForProduct(id).length > 0))!;
  product = catalog.products.find((p) => p.id === store.topProductIds.find((id) => adsForProduct(id).length > 0))!;
  ad = adsForProduct(product.id)[0];
}, 120_000);

describe("catalog records", () => {
  it("answers a product with its figures, its ads and the stores selling it", async () => {
    const u = await verifiedUser();
    const res = await call(`/api/catalog/products/${product.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      kind: "product",
      id: product.id,
      name: product.name,
      niche: { id: product.nicheId, name: getNiche(product.nicheId)!.name },
      priceCents: product.priceCents,
      costCents: product.costCents,
      marginCents: product.marginCents,
      marginPct: product.marginPct,
      monthlyOrders: product.monthlyOrders,
      trendPct: product.trendPct,
      activeAds: product.adCount,
      source: "Sample catalog",
      isSampleData: true,
    });
    expect(res.json.ads.map((a: { id: string }) => a.id).sort()).toEqual(adsForProduct(product.id).map((a) => a.id).sort());
    expect(res.json.stores.map((s: { id: string }) => s.id)).toContain(store.id);
  });

  it("answers an ad, a store and a niche", async () => {
    const u = await verifiedUser();
    const adRes = await call(`/api/catalog/ads/${ad.id}`, { token: u.token });
    expect(adRes.json).toMatchObject({ kind: "ad", id: ad.id, hook: ad.hook, views: ad.views, engagements: ad.engagements, product: { id: product.id } });
    const storeRes = await call(`/api/catalog/stores/${store.id}`, { token: u.token });
    expect(storeRes.json).toMatchObject({ kind: "store", id: store.id, name: store.name, estMonthlyRevenueUsd: store.estMonthlyRevenueUsd });
    expect(storeRes.json.products.map((p: { id: string }) => p.id)).toEqual(store.topProductIds);
    const stats = nicheStats(product.nicheId)!;
    const nicheRes = await call(`/api/catalog/niches/${product.nicheId}`, { token: u.token });
    expect(nicheRes.json).toMatchObject({ kind: "niche", productCount: stats.productCount, medianPriceCents: stats.medianPriceCents, avgMarginPct: stats.avgMarginPct });
    expect(nicheRes.json.topProducts.length).toBeGreaterThan(0);
  });

  it("names what it cannot find, and is for verified, signed-in merchants only", async () => {
    const u = await verifiedUser();
    const missing = await call("/api/catalog/products/P-9999", { token: u.token });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ type: "NOT_FOUND", message: "No product P-9999 in the catalog." });
    expect((await call(`/api/catalog/products/${product.id}`)).status).toBe(401);
    const unverified = await signupUser();
    const gated = await call(`/api/catalog/stores/${store.id}`, { token: unverified.token });
    expect(gated.status).toBe(403);
    expect(gated.json.type).toBe("EMAIL_NOT_VERIFIED");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await call("/api/openapi.json")).json;
    for (const path of ["/api/catalog/products/{id}", "/api/catalog/ads/{id}", "/api/catalog/stores/{id}", "/api/catalog/niches/{id}", "/api/chats/{id}/stream", "/api/chats/{id}/stop", "/api/chats/{id}/messages/{messageId}/regenerate", "/api/chats/{id}/messages/{messageId}"]) {
      expect(Object.keys(doc.paths ?? {}), path).toContain(path);
    }
  });
});

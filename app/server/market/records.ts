/**
 * The catalog records an answer can cite, built for the chat's side panel: an ad with its
 * product, a store with its products, a niche with its figures and best products, from the shared
 * catalog loaded from D1 (loadSharedCatalog), the one the answers were written from. Products are
 * read from D1 by server/market/explorer.ts, with their history and score.
 */
import type { Database } from "../../../db/client";
import type { CatalogRecordKind } from "~/domain/contracts/chats";
import type { AdRecord, CatalogRecord, NicheRecord, ProductSummary, StoreRecord } from "~/domain/contracts/catalog";
import { AppError } from "~/domain/errors";
import type { Logger } from "../platform/log";
import { getAd, getNiche, getProduct, getStore, loadSharedCatalog, nicheStats, productsInNiche, rankWinningProducts, type Ad, type Product, type Store } from "./catalog";

const PROVENANCE = { source: "Sample catalog", isSampleData: true } as const;
const KIND_NAMES: Record<CatalogRecordKind, string> = { product: "product", ad: "ad", store: "store", niche: "niche" };

function productSummary(p: Product): ProductSummary {
  return { id: p.id, name: p.name, priceCents: p.priceCents, marginCents: p.marginCents, marginPct: p.marginPct, monthlyOrders: p.monthlyOrders };
}

function adSummary(ad: Ad) {
  return { id: ad.id, platform: ad.platform, angle: ad.angle, hook: ad.hook, views: ad.views, engagementRatePct: ad.engagementRatePct, daysRunning: ad.daysRunning };
}

function storeSummary(store: Store) {
  return { id: store.id, name: store.name, platform: store.platform, estMonthlyRevenueUsd: store.estMonthlyRevenueUsd };
}

function adRecord(ad: Ad): AdRecord {
  return { kind: "ad", ...adSummary(ad), engagements: ad.engagements, product: productSummary(getProduct(ad.productId)!), ...PROVENANCE };
}

function storeRecord(store: Store): StoreRecord {
  const niche = getNiche(store.nicheId)!;
  return {
    kind: "store",
    ...storeSummary(store),
    niche: { id: niche.id, name: niche.name },
    productCount: store.productCount,
    launchMonth: store.launchMonth,
    products: store.topProductIds.map((id) => getProduct(id)).filter((p) => p !== undefined).map(productSummary),
    ...PROVENANCE,
  };
}

function nicheRecord(nicheId: string): NicheRecord | undefined {
  const niche = getNiche(nicheId);
  const stats = nicheStats(nicheId);
  if (!niche || !stats) return undefined;
  return {
    kind: "niche",
    id: niche.id,
    name: niche.name,
    audience: niche.audience,
    productCount: stats.productCount,
    minPriceCents: stats.minPriceCents,
    medianPriceCents: stats.medianPriceCents,
    maxPriceCents: stats.maxPriceCents,
    avgMarginPct: stats.avgMarginPct,
    totalMonthlyOrders: stats.totalMonthlyOrders,
    medianTrendPct: stats.medianTrendPct,
    adCount: stats.adCount,
    storeCount: stats.storeCount,
    topProducts: rankWinningProducts(productsInNiche(nicheId)).slice(0, 8).map(productSummary),
    ...PROVENANCE,
  };
}

/** The record a citation points to; NOT_FOUND naming the id when the catalog has no such record. */
export async function catalogRecord(db: Database, kind: Exclude<CatalogRecordKind, "product">, id: string, log?: Pick<Logger, "info">): Promise<CatalogRecord> {
  await loadSharedCatalog(db, log);
  const found =
    kind === "ad"
        ? (getAd(id) && adRecord(getAd(id)!))
        : kind === "store"
          ? (getStore(id) && storeRecord(getStore(id)!))
          : nicheRecord(id);
  if (!found) throw new AppError("NOT_FOUND", `No ${KIND_NAMES[kind]} ${id} in the sample catalog.`);
  return found;
}

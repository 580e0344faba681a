/**
 * The Explorer: pages of catalog products with their winning score, a product's full record
 * (history, ads, stores, the score's reasons), the score's measured precision and the CSV export.
 * Reads go through db/catalog.ts; the plan's cap on results comes from the counter catalogue.
 */
import { allowanceLimit } from "~/domain/counters";
import type { ProductRecord } from "~/domain/contracts/catalog";
import type { ExplorerPage, ExplorerProduct, ExplorerQuery, ProductScore, ScoreBacktest } from "~/domain/contracts/market";
import { AppError } from "~/domain/errors";
import { isAdActive } from "~/domain/market-figures";
import type { Database } from "../../../db/client";
import {
  adsOfProduct,
  exportExplorerProducts,
  findCatalogProduct,
  listExplorerProducts,
  listsHolding,
  readCatalogMeta,
  storesSellingProduct,
  type CatalogProductRow,
  type ExplorerRow,
} from "../../../db/catalog";
import { planFor } from "../billing/plan";
import { CATALOG_AS_OF, HISTORY_WEEKS } from "./catalog";
import { weekOf } from "./seed";

const SAMPLE_SOURCE = "Sample catalog";

function sourceLabel(row: Pick<CatalogProductRow, "source">): string {
  if (row.source === "sample") return SAMPLE_SOURCE;
  return row.source === "shopify" ? "Your Shopify import" : "Your feed import";
}

function toExplorerProduct(row: { product: ExplorerRow; nicheName: string | null }, lists: Map<string, string[]>): ExplorerProduct {
  const p = row.product;
  return {
    id: p.id,
    name: p.name,
    productType: p.productType,
    niche: { id: p.nicheId, name: row.nicheName ?? p.nicheId },
    source: p.source,
    isSampleData: p.source === "sample",
    imageUrl: p.imageUrl,
    priceCents: p.priceCents,
    costCents: p.costCents,
    marginPct: p.marginPct,
    monthlyOrders: p.monthlyOrders,
    trendPct: p.trendPct,
    activeAds: p.adCount,
    competition: p.competition,
    shippingDays: p.shippingDays,
    mainPlatform: p.mainPlatform,
    score: p.score,
    recentOrders: p.weeklyOrders.slice(-12),
    savedLists: lists.get(p.id) ?? [],
  };
}

/** How far down a ranking the user's plan may read. */
export async function explorerCap(db: Database, userId: number): Promise<number> {
  return allowanceLimit("explorerResults", (await planFor(db, userId)).tier);
}

export async function explorePage(db: Database, userId: number, query: ExplorerQuery): Promise<ExplorerPage> {
  // The plan and the page are read side by side; the cap trims the page afterwards.
  const [cap, { rows, total, lists }] = await Promise.all([explorerCap(db, userId), listExplorerProducts(db, userId, query)]);
  const offset = (query.page - 1) * query.pageSize;
  const visibleRows = rows.slice(0, Math.max(0, cap - offset));
  return {
    data: visibleRows.map((r) => toExplorerProduct(r, lists)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    visibleTotal: Math.min(total, cap),
    planCap: total > cap ? cap : null,
    asOf: CATALOG_AS_OF,
  };
}

const series = (values: readonly number[]) => values.map((value, week) => ({ week, weekOf: weekOf(week + (HISTORY_WEEKS - values.length)), value }));

/** A product's full record, or NOT_FOUND naming the id (another user's import reads as not found). */
export async function productRecord(db: Database, userId: number, id: string): Promise<ProductRecord> {
  const row = await findCatalogProduct(db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", `No product ${id} in the catalog.`);
  const p = row.product;
  const [ads, stores, lists] = await Promise.all([adsOfProduct(db, p.id), storesSellingProduct(db, userId, p.id), listsHolding(db, userId, [p.id])]);
  return {
    kind: "product",
    id: p.id,
    name: p.name,
    productType: p.productType,
    niche: { id: p.nicheId, name: row.nicheName ?? p.nicheId },
    origin: p.source,
    sourceUrl: p.sourceUrl,
    imageUrl: p.imageUrl,
    vendor: p.vendor,
    priceCents: p.priceCents,
    compareAtPriceCents: p.compareAtPriceCents,
    costCents: p.costCents,
    shippingCostCents: p.shippingCostCents,
    marginCents: p.marginCents,
    marginPct: p.marginPct,
    monthlyOrders: p.monthlyOrders,
    trendPct: p.trendPct,
    competition: p.competition,
    activeAds: p.adCount,
    mainPlatform: p.mainPlatform,
    catalogRating: p.rating === null ? null : p.rating / 10,
    shippingDays: p.shippingDays,
    launchMonth: p.launchMonth,
    weeklyOrders: series(p.weeklyOrders),
    weeklyPriceCents: series(p.weeklyPriceCents),
    weeklyActiveAds: series(p.weeklyActiveAds),
    score: (p.scoreReasons as ProductScore | null) ?? null,
    savedLists: lists.get(p.id) ?? [],
    ads: ads.map((ad) => ({
      id: ad.id,
      platform: ad.platform,
      angle: ad.angle,
      hook: ad.hook,
      views: ad.views,
      engagementRatePct: ad.engagementRatePct / 10,
      daysRunning: ad.daysRunning,
      format: ad.format,
      visualStyle: ad.visualStyle,
      lengthSeconds: ad.lengthSeconds,
      firstSeen: weekOf(ad.startWeek),
      active: isAdActive(ad, HISTORY_WEEKS - 1),
    })),
    stores: stores.map(({ store }) => ({ id: store.id, name: store.name, platform: store.platform, estMonthlyRevenueUsd: store.estMonthlyRevenueUsd ?? 0 })),
    source: sourceLabel(p),
    isSampleData: p.source === "sample",
  };
}

/** The score's last measured backtest (written by the seed and the scheduled refresh). */
export async function scoreBacktest(db: Database): Promise<{ data: ScoreBacktest | null; measuredAt: string | null }> {
  const [backtest, measuredAt] = await Promise.all([readCatalogMeta<ScoreBacktest>(db, "backtest"), readCatalogMeta<string>(db, "backtest_measured_at")]);
  return { data: backtest?.value ?? null, measuredAt: measuredAt?.value ?? null };
}

const CSV_COLUMNS = ["id", "name", "niche", "source", "price", "supplier_cost", "margin_pct", "orders_last_4_weeks", "trend_pct", "active_ads", "competition", "shipping_days", "score"];

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The Explorer's current results (within the plan's cap) as CSV. */
export async function exportExplorerCsv(db: Database, userId: number, query: ExplorerQuery): Promise<string> {
  const rows = await exportExplorerProducts(db, userId, query, await explorerCap(db, userId));
  const lines = [CSV_COLUMNS.join(",")];
  for (const { product: p, nicheName } of rows) {
    lines.push(
      [
        p.id,
        p.name,
        nicheName ?? p.nicheId,
        sourceLabel(p),
        (p.priceCents / 100).toFixed(2),
        p.costCents === null ? null : (p.costCents / 100).toFixed(2),
        p.marginPct,
        p.monthlyOrders,
        p.trendPct,
        p.adCount,
        p.competition,
        p.shippingDays,
        p.score,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

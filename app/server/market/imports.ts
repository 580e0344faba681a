/**
 * Catalog imports: a CSV or JSON product feed, or a Shopify store's public catalog. Every source
 * becomes feed rows and goes through one validator, so the report (rows accepted, rows refused
 * and why) reads the same whatever the source. Imported products belong to the importing user.
 *
 * Feed columns (CSV header or JSON keys; case and spaces ignored):
 *   name (required), price (required, e.g. 24.99), niche, product_type, cost, shipping_cost,
 *   shipping_days, compare_at_price, vendor, image_url, source_url, active_ads,
 *   weekly_orders (orders per week, oldest first, separated by ";" or a JSON array).
 */
import Papa from "papaparse";
import type { ImportReport } from "~/domain/contracts/market";
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { ensureUserNiche, insertCatalogProducts, type NewCatalogProduct } from "../../../db/catalog";
import { catalogImports } from "../../../db/schema";
import { fetchShopifyCatalog } from "../web/product-extractor";
import { createGuardedFetcher } from "../web/url-guard";
import { competitionFor, marginOf, ordersAndTrend } from "./catalog";
import { rescoreCatalog } from "./refresh";

export const FEED_COLUMNS = [
  "name",
  "price",
  "niche",
  "product_type",
  "cost",
  "shipping_cost",
  "shipping_days",
  "compare_at_price",
  "vendor",
  "image_url",
  "source_url",
  "active_ads",
  "weekly_orders",
] as const;
type FeedColumn = (typeof FEED_COLUMNS)[number];
export const MAX_FEED_ROWS = 2000;

type FeedRow = Partial<Record<FeedColumn, unknown>>;

const normalizeKey = (key: string) => key.trim().toLowerCase().replace(/[\s-]+/g, "_");

function parseFeed(format: "csv" | "json", content: string): { rows: FeedRow[]; columns: string[] } {
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (err) {
      throw new AppError("VALIDATION", `The JSON feed is not valid JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : Array.isArray((parsed as { products?: unknown })?.products) ? (parsed as { products: unknown[] }).products : null;
    if (!list) throw new AppError("VALIDATION", 'The JSON feed must be a list of products, or an object with a "products" list.');
    const columns = new Set<string>();
    const rows = list.map((item) => {
      const row: FeedRow = {};
      if (item && typeof item === "object" && !Array.isArray(item)) {
        for (const [key, value] of Object.entries(item)) {
          const k = normalizeKey(key);
          columns.add(k);
          (row as Record<string, unknown>)[k] = value;
        }
      }
      return row;
    });
    return { rows, columns: [...columns] };
  }
  const result = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: normalizeKey });
  if (!result.meta.fields?.length) throw new AppError("VALIDATION", "The CSV feed has no header row.");
  return { rows: result.data as FeedRow[], columns: result.meta.fields };
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** Money as written in a feed ("24.99", "$24.99", 24.99) → cents; null when absent; NaN when unreadable. */
function cents(v: unknown): number | null {
  const t = text(v).replace(/^\$/, "").replace(/,/g, "");
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

function wholeNumber(v: unknown): number | null {
  const t = text(v);
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

function weeklyOrders(v: unknown): number[] | null | "bad" {
  if (v === undefined || v === null || v === "") return null;
  const parts = Array.isArray(v) ? v : text(v).split(/[;|]/);
  const numbers = parts.map((p) => (typeof p === "number" ? p : Number(String(p).trim())));
  if (numbers.some((n) => !Number.isInteger(n) || n < 0) || numbers.length > 52) return "bad";
  return numbers;
}

function httpUrl(v: unknown): string | null | "bad" {
  const t = text(v);
  if (!t) return null;
  try {
    const url = new URL(t);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "bad";
  } catch {
    return "bad";
  }
}

interface ValidRow {
  row: number;
  name: string;
  niche: string;
  fields: Omit<NewCatalogProduct, "id" | "ownerUserId" | "source" | "nicheId" | "name">;
}

/** Checks one feed row; every problem is named so the merchant can fix the feed. */
export function validateFeedRow(raw: FeedRow, row: number): { ok: true; value: ValidRow } | { ok: false; reasons: string[] } {
  const reasons: string[] = [];
  const name = text(raw.name);
  if (!name) reasons.push("name is missing");
  else if (name.length > 200) reasons.push("name is longer than 200 characters");
  const price = cents(raw.price);
  if (price === null) reasons.push("price is missing");
  else if (Number.isNaN(price) || price <= 0) reasons.push(`price "${text(raw.price)}" is not an amount like 24.99`);
  const cost = cents(raw.cost);
  if (cost !== null && Number.isNaN(cost)) reasons.push(`cost "${text(raw.cost)}" is not an amount like 7.50`);
  const shipping = cents(raw.shipping_cost);
  if (shipping !== null && Number.isNaN(shipping)) reasons.push(`shipping_cost "${text(raw.shipping_cost)}" is not an amount`);
  const compareAt = cents(raw.compare_at_price);
  if (compareAt !== null && Number.isNaN(compareAt)) reasons.push(`compare_at_price "${text(raw.compare_at_price)}" is not an amount`);
  const days = wholeNumber(raw.shipping_days);
  if (days !== null && (Number.isNaN(days) || days < 1 || days > 90)) reasons.push(`shipping_days "${text(raw.shipping_days)}" is not a whole number of days from 1 to 90`);
  const ads = wholeNumber(raw.active_ads);
  if (ads !== null && Number.isNaN(ads)) reasons.push(`active_ads "${text(raw.active_ads)}" is not a whole number`);
  const weeks = weeklyOrders(raw.weekly_orders);
  if (weeks === "bad") reasons.push("weekly_orders must be whole numbers of orders per week, oldest first, separated by ; (at most 52)");
  const image = httpUrl(raw.image_url);
  if (image === "bad") reasons.push("image_url is not an http(s) URL");
  const source = httpUrl(raw.source_url);
  if (source === "bad") reasons.push("source_url is not an http(s) URL");
  if (price !== null && cost !== null && !Number.isNaN(price) && !Number.isNaN(cost) && cost > price * 10) reasons.push("cost is more than ten times the price; check the units");
  if (reasons.length) return { ok: false, reasons };

  const history = weeks as number[] | null;
  const margin = cost === null ? null : marginOf(price!, cost);
  const orders = history && history.length >= 4 ? ordersAndTrend(history) : null;
  return {
    ok: true,
    value: {
      row,
      name,
      niche: text(raw.niche).slice(0, 80) || "Imported products",
      fields: {
        productType: text(raw.product_type).slice(0, 120) || name.toLowerCase().slice(0, 120),
        vendor: text(raw.vendor).slice(0, 120) || null,
        imageUrl: image as string | null,
        sourceUrl: source as string | null,
        priceCents: price!,
        compareAtPriceCents: compareAt,
        costCents: cost,
        shippingCostCents: shipping,
        marginCents: margin?.marginCents ?? null,
        marginPct: margin?.marginPct ?? null,
        monthlyOrders: orders?.monthlyOrders ?? null,
        trendPct: history && history.length >= 8 ? orders!.trendPct : null,
        adCount: ads ?? 0,
        competition: ads === null ? null : competitionFor(ads),
        shippingDays: days,
        weeklyOrders: history ?? [],
        weeklyPriceCents: history ? history.map(() => price!) : [],
        weeklyActiveAds: [],
      },
    },
  };
}

/** Validates rows, stores the accepted ones as the user's products, re-scores, and reports. */
async function importRows(db: Database, userId: number, format: ImportReport["format"], rows: FeedRow[], columns: string[]): Promise<ImportReport> {
  if (rows.length === 0) throw new AppError("VALIDATION", "The feed holds no products.");
  if (rows.length > MAX_FEED_ROWS) throw new AppError("VALIDATION", `The feed holds ${rows.length} products; import at most ${MAX_FEED_ROWS} at a time.`);
  const accepted: ValidRow[] = [];
  const refusedRows: ImportReport["refusedRows"] = [];
  rows.forEach((raw, i) => {
    const result = validateFeedRow(raw, i + 1);
    if (result.ok) accepted.push(result.value);
    else refusedRows.push({ row: i + 1, reasons: result.reasons });
  });
  const nicheIds = new Map<string, string>();
  for (const niche of new Set(accepted.map((r) => r.niche))) nicheIds.set(niche, await ensureUserNiche(db, userId, niche));
  const importId = crypto.randomUUID();
  const products: NewCatalogProduct[] = accepted.map((r) => ({
    id: `I-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
    ownerUserId: userId,
    source: format === "shopify" ? "shopify" : "feed",
    name: r.name,
    nicheId: nicheIds.get(r.niche)!,
    ...r.fields,
  }));
  await insertCatalogProducts(db, products);
  if (products.length) await rescoreCatalog(db, new Date(), userId);
  const report: ImportReport = {
    id: importId,
    format,
    accepted: products.length,
    refused: refusedRows.length,
    acceptedRows: accepted.map((r, i) => ({ row: r.row, productId: products[i].id as string, name: r.name })),
    refusedRows,
    columns: columns.filter((c) => (FEED_COLUMNS as readonly string[]).includes(c)),
  };
  await db.insert(catalogImports).values({ id: importId, userId, format, accepted: report.accepted, refused: report.refused, report });
  return report;
}

export async function importFeed(db: Database, userId: number, input: { format: "csv" | "json"; content: string }): Promise<ImportReport> {
  const { rows, columns } = parseFeed(input.format, input.content);
  if (!columns.includes("name") || !columns.includes("price")) {
    throw new AppError("VALIDATION", `The feed needs "name" and "price" columns; it has ${columns.length ? columns.map((c) => `"${c}"`).join(", ") : "none"}.`);
  }
  return importRows(db, userId, input.format, rows, columns);
}

/** Imports a Shopify store's public catalog (through the URL guard) as the user's products. */
export async function importShopifyStore(db: Database, userId: number, url: string, options: { allowLoopbackForTests: boolean }): Promise<ImportReport> {
  const catalog = await fetchShopifyCatalog(url, createGuardedFetcher({ allowLoopbackForTests: options.allowLoopbackForTests }), { maxPages: 8, bestSelling: false });
  const rows: FeedRow[] = catalog.products.map((p) => ({
    name: p.title,
    price: p.priceCents === null ? "" : (p.priceCents / 100).toFixed(2),
    compare_at_price: p.compareAtPriceCents === null ? "" : (p.compareAtPriceCents / 100).toFixed(2),
    niche: p.productType || "Imported from Shopify",
    product_type: p.productType ?? "",
    vendor: p.vendor ?? "",
    image_url: p.images[0] ?? "",
    source_url: p.url,
  }));
  return importRows(db, userId, "shopify", rows, ["name", "price", "compare_at_price", "niche", "product_type", "vendor", "image_url", "source_url"]);
}

/**
 * The Explorer's API client (functions/catalog.ts) over the one request client. Every type is
 * inferred from the contracts (type-only imports).
 */
import type { ProductRecord } from "~/domain/contracts/catalog";
import type { ExplorerPage, ImportReport, NicheOption, ScoreBacktest } from "~/domain/contracts/market";
import { apiRequest } from "~/lib/http";

export type SavedList = { name: string; count: number };
export type Backtest = { data: ScoreBacktest | null; measuredAt: string | null };

const productUrl = (id: string) => `/api/catalog/products/${encodeURIComponent(id)}`;

export async function fetchProducts(query: string, signal?: AbortSignal): Promise<ExplorerPage> {
  const res = await apiRequest("GET", `/api/catalog/products?${query}`, undefined, { signal });
  return (await res.json()) as ExplorerPage;
}

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<ProductRecord> {
  const res = await apiRequest("GET", productUrl(id), undefined, { signal });
  return (await res.json()) as ProductRecord;
}

export async function fetchBacktest(signal?: AbortSignal): Promise<Backtest> {
  const res = await apiRequest("GET", "/api/catalog/score/backtest", undefined, { signal });
  return (await res.json()) as Backtest;
}

export async function fetchNiches(signal?: AbortSignal): Promise<NicheOption[]> {
  const res = await apiRequest("GET", "/api/catalog/niches", undefined, { signal });
  return ((await res.json()) as { data: NicheOption[] }).data;
}

export async function fetchSavedLists(signal?: AbortSignal): Promise<SavedList[]> {
  const res = await apiRequest("GET", "/api/catalog/saved-lists", undefined, { signal });
  return ((await res.json()) as { data: SavedList[] }).data;
}

/** Saves a product to a list (the server creates the list on first use); answers every list. */
export async function saveProduct(id: string, list: string): Promise<SavedList[]> {
  const res = await apiRequest("POST", `${productUrl(id)}/saves`, { list });
  return ((await res.json()) as { data: SavedList[] }).data;
}

export async function unsaveProduct(id: string, list: string): Promise<SavedList[]> {
  const res = await apiRequest("DELETE", `${productUrl(id)}/saves/${encodeURIComponent(list)}`);
  return ((await res.json()) as { data: SavedList[] }).data;
}

/** The CSV export's address: same filters and sort, the session cookie signs it in. */
export function exportCsvHref(query: string): string {
  return `/api/catalog/exports/products.csv?${query}`;
}

/** A CSV or JSON feed of the merchant's own products; answers the rows accepted and refused. */
export async function importFeed(format: "csv" | "json", content: string, filename?: string): Promise<ImportReport> {
  const res = await apiRequest("POST", "/api/catalog/imports", { format, content, filename });
  return (await res.json()) as ImportReport;
}

/** A Shopify store's public catalog (the server fetches it through the URL guard). */
export async function importShopify(url: string): Promise<ImportReport> {
  const res = await apiRequest("POST", "/api/catalog/imports/shopify", { url });
  return (await res.json()) as ImportReport;
}

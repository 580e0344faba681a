/**
 * Competitor research: the stores a user tracks (their own Shopify competitors, read through the
 * URL guard, or a shared sample store for trying), each store's catalogue, price bands, likely
 * best sellers and its changes over time, a side-by-side comparison, and the scheduled snapshot
 * that records what changed.
 *
 * The plan's limit is `ALLOWANCES.trackedStores` (free 1, growth 25, elite 100), checked before
 * anything is fetched or created and again in the statement that inserts.
 */
import type {
  Competitor,
  CompetitorComparison,
  CompetitorDetail,
  CompetitorList,
  PriceBand,
  SampleStore,
  StoreListing,
} from "~/domain/contracts/market";
import { ALLOWANCES, allowanceLimit } from "~/domain/counters";
import { AppError } from "~/domain/errors";
import { historySnapshots } from "~/domain/market-figures";
import type { Plan } from "~/domain/plans";
import type { Database } from "../../../db/client";
import {
  changesOf,
  countListed,
  countTracked,
  createTrackedShopifyStore,
  currentListings,
  deleteTracked,
  findSampleStore,
  findTracked,
  findTrackedStore,
  listingsOf,
  listSampleStores,
  listTracked,
  recordSnapshot,
  snapshotsOf,
  storesToSnapshot,
  trackSampleStore,
  writeSnapshot,
  type ChangeRow,
  type CompetitorRow,
  type ListingRow,
  type NewListing,
} from "../../../db/competitors";
import { planFor } from "../billing/plan";
import { HISTORY_WEEKS, weekOf } from "./catalog";
import { HTML_TYPES, metaTags, parseHtmlBasics, fetchShopifyCatalog, type ShopifyCatalog } from "../web/product-extractor";
import { checkUrl, guardRefusalOf, type GuardedFetcher } from "../web/url-guard";

export interface CompetitorDeps {
  db: Database;
  /** A guarded fetcher (`createGuardedFetcher`) whose policy matches `allowLoopbackForTests`. */
  fetcher: GuardedFetcher;
  /** URL_GUARD_ALLOW_LOOPBACK=on (test suites only; production refuses it). */
  allowLoopbackForTests?: boolean;
  /** The clock (tests). */
  now?: () => Date;
}

export type TrackInput = { url: string; sampleStoreId?: undefined } | { sampleStoreId: string; url?: undefined };

/** Pages of 250 products read when a store is tracked or snapshotted (5,000 products). */
const MAX_PAGES = 20;
/** Best sellers shown in a store's detail and in the comparison. */
const BEST_SELLERS = 10;
export const MAX_COMPARED = 3;

/** The price bands every store is cut into: under $15, $15–30, $30–60, $60 and more. */
export const PRICE_BANDS: readonly { label: string; fromCents: number; toCents: number | null }[] = [
  { label: "Under $15", fromCents: 0, toCents: 1500 },
  { label: "$15–30", fromCents: 1500, toCents: 3000 },
  { label: "$30–60", fromCents: 3000, toCents: 6000 },
  { label: "$60+", fromCents: 6000, toCents: null },
];

const notFound = () => new AppError("NOT_FOUND", "No such competitor (it may have been removed).");

function trackedStoresQuotaError(plan: Plan, limit: number): AppError {
  const unit = limit === 1 ? ALLOWANCES.trackedStores.unit.one : ALLOWANCES.trackedStores.unit.other;
  const upgrade =
    plan.tier === "free"
      ? " Upgrade to Growth to track up to " + allowanceLimit("trackedStores", "growth") + " stores, or stop tracking one you no longer need."
      : " Stop tracking a store you no longer need to make room.";
  return new AppError("QUOTA_EXCEEDED", `Your ${plan.tier === "free" ? "free" : "current"} plan tracks ${limit} competitor ${unit} at once.${upgrade}`, {
    details: { allowance: "trackedStores", limit },
  });
}

const duplicateError = (name: string, id: string) =>
  new AppError("CONFLICT", `You already track ${name}.`, { details: { competitorId: id } });

// ---------------------------------------------------------------------------------------------
// Pure helpers (exported for unit tests)
// ---------------------------------------------------------------------------------------------

/** Counts listed products into PRICE_BANDS. */
export function priceBandsOf(prices: readonly number[]): PriceBand[] {
  return PRICE_BANDS.map((b) => ({ ...b, count: prices.filter((p) => p >= b.fromCents && (b.toCents === null || p < b.toCents)).length }));
}

export function medianOf(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/**
 * The store origin a pasted address stands for: `harbor.example` and
 * `https://harbor.example/collections/all?x=1` are both `https://harbor.example`. Refusals
 * (a private address, another scheme, a port…) are the guard's, as 400 VALIDATION naming them.
 */
export function storeOriginOf(input: string, allowLoopbackForTests = false): string {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  const check = checkUrl(withScheme, { allowLoopbackForTests });
  if (!check.allowed) throw new AppError("VALIDATION", check.message, { details: { refusal: { code: check.code, url: check.display } } });
  return check.url.origin;
}

/** The listings a catalog read becomes: handles as keys, the store's best-selling order as ranks. */
export function listingsFromCatalog(catalog: ShopifyCatalog): NewListing[] {
  const rank = new Map<string, number>();
  catalog.bestSelling?.handles.forEach((h, i) => {
    if (!rank.has(h)) rank.set(h, i + 1);
  });
  return catalog.products
    .filter((p) => p.priceCents !== null)
    .map((p) => ({
      productKey: p.handle,
      title: p.title,
      priceCents: p.priceCents!,
      compareAtPriceCents: p.compareAtPriceCents,
      imageUrl: p.images[0] ?? null,
      bestSellerRank: rank.get(p.handle) ?? null,
    }));
}

/**
 * What changed between the listings a store had and what it shows now: new handles (and ones
 * back after leaving) are `added`, a different price is `price`, and, only when the whole
 * catalog was read, handles no longer shown are `removed`.
 */
export function diffListings(
  before: readonly { productKey: string; title: string; priceCents: number; removedAt: string | null }[],
  now: readonly NewListing[],
  complete: boolean,
): { changes: ChangeRow[]; removedKeys: string[] } {
  const old = new Map(before.map((l) => [l.productKey, l]));
  const changes: ChangeRow[] = [];
  const seen = new Set<string>();
  for (const l of now) {
    seen.add(l.productKey);
    const was = old.get(l.productKey);
    if (!was || was.removedAt !== null) {
      changes.push({ kind: "added", productKey: l.productKey, title: l.title, oldPriceCents: null, newPriceCents: l.priceCents });
    } else if (was.priceCents !== l.priceCents) {
      changes.push({ kind: "price", productKey: l.productKey, title: l.title, oldPriceCents: was.priceCents, newPriceCents: l.priceCents });
    }
  }
  const removedKeys: string[] = [];
  if (complete) {
    for (const l of before) {
      if (l.removedAt === null && !seen.has(l.productKey)) {
        removedKeys.push(l.productKey);
        changes.push({ kind: "removed", productKey: l.productKey, title: l.title, oldPriceCents: l.priceCents, newPriceCents: null });
      }
    }
  }
  return { changes, removedKeys };
}

/** The ranking shown as best sellers: the store's own order, else the sample data's estimate. */
function rankedListings(listings: readonly ListingRow[]): { from: CompetitorDetail["bestSellersFrom"]; listings: StoreListing[] } {
  const listed = listings.filter((l) => l.removedAt === null);
  if (listed.some((l) => l.bestSellerRank !== null)) return { from: "store", listings: listed.map(toListing) };
  if (listed.some((l) => l.estOrders !== null)) {
    const order = [...listed].filter((l) => l.estOrders !== null).sort((a, b) => b.estOrders! - a.estOrders! || (a.productKey < b.productKey ? -1 : 1));
    const rank = new Map(order.map((l, i) => [l.productKey, i + 1]));
    return { from: "estimate", listings: listed.map((l) => ({ ...toListing(l), bestSellerRank: rank.get(l.productKey) ?? null })) };
  }
  return { from: null, listings: listed.map(toListing) };
}

const toListing = (l: ListingRow): StoreListing => ({
  productKey: l.productKey,
  productId: l.productId,
  title: l.title,
  priceCents: l.priceCents,
  compareAtPriceCents: l.compareAtPriceCents,
  imageUrl: l.imageUrl,
  bestSellerRank: l.bestSellerRank,
  firstSeenAt: l.firstSeenAt,
  removedAt: l.removedAt,
});

const bestSellersOf = (listings: readonly StoreListing[]) =>
  listings
    .filter((l) => l.bestSellerRank !== null)
    .sort((a, b) => a.bestSellerRank! - b.bestSellerRank!)
    .slice(0, BEST_SELLERS);

function toCompetitor(row: CompetitorRow): Competitor {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    url: row.url,
    platform: row.platform,
    source: row.source,
    isSampleData: row.source === "sample",
    productCount: row.productCount,
    lastSnapshotAt: row.lastSnapshotAt ?? (row.source === "sample" ? SAMPLE_HISTORY_WEEKS.at(-1)! + "T00:00:00.000Z" : null),
    createdAt: row.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a store
// ---------------------------------------------------------------------------------------------

/** The store's name as its home page gives it (og:site_name, then <title>); the host otherwise. */
async function storeName(origin: string, fetcher: GuardedFetcher): Promise<string> {
  const host = new URL(origin).hostname.replace(/^www\./, "");
  try {
    const res = await fetcher(`${origin}/`, { accept: HTML_TYPES, maxBytes: 1024 * 1024, timeoutMs: 8_000 });
    if (res.status < 200 || res.status > 299) return host;
    const site = metaTags(res.body).find(([k]) => k === "og:site_name")?.[1]?.trim();
    const title = parseHtmlBasics(res.body)?.title?.trim();
    const name = site || title;
    return name ? name.slice(0, 120) : host;
  } catch {
    return host;
  }
}

/** Reads a store's catalog through the guard, every failure an AppError that names it. */
async function readCatalog(origin: string, fetcher: GuardedFetcher): Promise<ShopifyCatalog> {
  try {
    return await fetchShopifyCatalog(origin, fetcher, { maxPages: MAX_PAGES });
  } catch (err) {
    const refusal = guardRefusalOf(err);
    if (refusal?.code === "content_type") {
      throw new AppError("VALIDATION", `No Shopify storefront JSON was found at ${origin} (${origin}/products.json is not JSON). Only Shopify stores can be tracked.`, {
        details: { storeUrl: origin, refusal: { code: refusal.code, url: refusal.url } },
      });
    }
    if (refusal) throw new AppError("VALIDATION", refusal.message, { details: { storeUrl: origin, refusal: { code: refusal.code, url: refusal.url } } });
    if (err instanceof AppError && err.type === "VALIDATION") {
      const why = err.message.replace(`${origin} is not a Shopify store we can read: `, "");
      throw new AppError("VALIDATION", `No Shopify storefront JSON was found at ${origin} (${why.replace(/\.$/, "")}). Only Shopify stores can be tracked.`, {
        details: { storeUrl: origin },
      });
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The API's operations
// ---------------------------------------------------------------------------------------------

/**
 * Tracks a store for the user: a Shopify store by URL (its catalogue read through the guard,
 * stored as the user's own store with its listings and a first snapshot) or a shared sample
 * store by id (nothing fetched). Refuses, before fetching or creating anything: a store already
 * tracked (409 naming it), the plan's limit (403 QUOTA_EXCEEDED naming it), an address the guard
 * refuses (400 naming the refusal); then a site without Shopify's storefront JSON (400).
 */
export async function trackStore(deps: CompetitorDeps, userId: number, input: TrackInput): Promise<Competitor> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const plan = await planFor(db, userId);
  const limit = allowanceLimit("trackedStores", plan.tier);

  if (input.sampleStoreId !== undefined) {
    const store = await findSampleStore(db, input.sampleStoreId);
    if (!store) throw new AppError("NOT_FOUND", `No sample store ${input.sampleStoreId}.`);
    const already = await findTrackedStore(db, userId, { storeId: store.id });
    if (already) throw duplicateError(already.name, already.id);
    const id = crypto.randomUUID();
    const outcome = await trackSampleStore(db, { id, userId, storeId: store.id }, limit);
    if (!outcome.ok) throw outcome.reason === "quota" ? trackedStoresQuotaError(plan, limit) : duplicateError(store.name, id);
    return toCompetitor((await findTracked(db, userId, id))!);
  }

  const origin = storeOriginOf(input.url, deps.allowLoopbackForTests);
  const already = await findTrackedStore(db, userId, { url: origin });
  if (already) throw duplicateError(already.name, already.id);
  if ((await countTracked(db, userId)) >= limit) throw trackedStoresQuotaError(plan, limit);

  const catalog = await readCatalog(origin, deps.fetcher);
  const name = await storeName(origin, deps.fetcher);
  const id = crypto.randomUUID();
  const outcome = await createTrackedShopifyStore(
    db,
    {
      trackedId: id,
      storeId: `shop_${crypto.randomUUID()}`,
      userId,
      name,
      url: origin,
      hasBestSellingOrder: catalog.bestSelling !== null,
      listings: listingsFromCatalog(catalog),
      takenAt: now.toISOString(),
      snapshotMessage: catalog.notes.length ? catalog.notes.join(" ") : null,
    },
    limit,
  );
  if (!outcome.ok) {
    if (outcome.reason === "quota") throw trackedStoresQuotaError(plan, limit);
    const existing = await findTrackedStore(db, userId, { url: origin });
    throw duplicateError(existing?.name ?? name, existing?.id ?? id);
  }
  return toCompetitor((await findTracked(db, userId, id))!);
}

/** The user's tracked stores with how many their plan allows. */
export async function listCompetitors(db: Database, userId: number): Promise<CompetitorList> {
  const [rows, plan] = await Promise.all([listTracked(db, userId), planFor(db, userId)]);
  return { data: rows.map(toCompetitor), used: rows.length, limit: allowanceLimit("trackedStores", plan.tier) };
}

/** One tracked store in full: listings, price bands, best sellers, changes and snapshots. */
export async function competitorDetail(db: Database, userId: number, id: string): Promise<CompetitorDetail> {
  const row = await findTracked(db, userId, id);
  if (!row) throw notFound();
  const [listings, changes, snapshots] = await Promise.all([listingsOf(db, row.storeId), changesOf(db, row.storeId), snapshotsOf(db, row.storeId)]);
  const ranked = rankedListings(listings);
  const removed = listings.filter((l) => l.removedAt !== null).map(toListing);
  return {
    ...toCompetitor(row),
    hasBestSellingOrder: row.hasBestSellingOrder,
    bestSellersFrom: ranked.from,
    priceBands: priceBandsOf(ranked.listings.map((l) => l.priceCents)),
    listings: [...ranked.listings, ...removed],
    changes,
    snapshots: row.source === "sample" ? [...snapshots, ...sampleHistorySnapshots(listings)] : snapshots,
  };
}

/** The catalog weeks a sample store's history covers, oldest first. */
const SAMPLE_HISTORY_WEEKS = Array.from({ length: HISTORY_WEEKS }, (_, week) => weekOf(week));

/** A sample store's weekly reads, newest first: the snapshots its recorded changes came from. */
function sampleHistorySnapshots(listings: readonly { firstSeenAt: string; removedAt: string | null }[]) {
  return historySnapshots(listings, SAMPLE_HISTORY_WEEKS)
    .reverse()
    .map((s) => ({ ...s, status: "ok", message: "From the sample catalog's weekly history" }));
}

/** Stops tracking (a Shopify store of the user's goes with its history). */
export async function untrack(db: Database, userId: number, id: string): Promise<{ id: string; deleted: true }> {
  if (!(await deleteTracked(db, userId, id))) throw notFound();
  return { id, deleted: true };
}

/** Up to three of the user's tracked stores side by side. */
export async function compareStores(db: Database, userId: number, ids: readonly string[]): Promise<CompetitorComparison> {
  const unique = [...new Set(ids.map((i) => i.trim()).filter(Boolean))];
  if (unique.length === 0) throw new AppError("VALIDATION", "Choose at least one tracked store to compare.");
  if (unique.length > MAX_COMPARED) throw new AppError("VALIDATION", `Compare at most ${MAX_COMPARED} stores at once (${unique.length} were given).`);
  const stores = [];
  for (const id of unique) {
    const row = await findTracked(db, userId, id);
    if (!row) throw notFound();
    const { listings } = rankedListings(await listingsOf(db, row.storeId));
    const prices = listings.map((l) => l.priceCents);
    stores.push({
      ...toCompetitor(row),
      medianPriceCents: medianOf(prices),
      minPriceCents: prices.length ? Math.min(...prices) : null,
      maxPriceCents: prices.length ? Math.max(...prices) : null,
      priceBands: priceBandsOf(prices),
      bestSellers: bestSellersOf(listings).slice(0, 5),
    });
  }
  return { stores };
}

/** Sample stores to try competitor research on. */
export async function sampleStores(db: Database, userId: number): Promise<SampleStore[]> {
  return (await listSampleStores(db, userId)).map((s) => ({ ...s, productCount: Number(s.productCount), isSampleData: true as const }));
}

// ---------------------------------------------------------------------------------------------
// The scheduled snapshot
// ---------------------------------------------------------------------------------------------

/**
 * Snapshots every tracked store once (a store tracked by several users is read once), for the
 * scheduled refresh (`workers/scheduled.ts` → `refreshCatalog`).
 *
 * - Shopify stores: the catalogue is read through `fetcher` (pass `createGuardedFetcher` with the
 *   environment's loopback allowance), diffed against the stored listings, and the store's
 *   `store_changes` get one row per product `added` (new, or back after leaving), `price`
 *   (old → new, the cheapest variant) and `removed` (only when the whole catalogue was read; a
 *   walk cut short removes nothing). Listings are refreshed (title, price, image, best-selling
 *   rank), gone ones get `removed_at`, and a `store_snapshots` row with status `ok` is written,
 *   with `catalog_stores.product_count` and `last_snapshot_at` updated.
 * - A store that cannot be read (the guard refuses it, it stopped answering Shopify's JSON, it
 *   answers 5xx…) gets a `store_snapshots` row with status `failed` and the reason as message;
 *   its listings are left alone and the other stores go on.
 * - Sample stores are not fetched: they get an `ok` snapshot row with their listed count and
 *   no change.
 *
 * Every change and snapshot row is stamped `now.toISOString()`. Resolves with `snapshotted`
 * (stores with an `ok` snapshot, sample ones included), `changes` (change rows written) and
 * `failed` (stores recorded as failed); it rejects only when the database itself fails.
 * Stores are read one after another, so a run takes roughly the sum of their read times.
 */
export async function snapshotTrackedStores(db: Database, fetcher: GuardedFetcher, now: Date): Promise<{ snapshotted: number; changes: number; failed: number }> {
  const takenAt = now.toISOString();
  let snapshotted = 0;
  let changes = 0;
  let failed = 0;
  for (const store of await storesToSnapshot(db)) {
    if (store.source === "sample" || !store.url) {
      await recordSnapshot(db, { storeId: store.id, takenAt, productCount: await countListed(db, store.id), status: "ok", message: null });
      snapshotted += 1;
      continue;
    }
    let catalog: ShopifyCatalog;
    try {
      catalog = await readCatalog(store.url, fetcher);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await recordSnapshot(db, { storeId: store.id, takenAt, productCount: await countListed(db, store.id), status: "failed", message: message.slice(0, 500) });
      failed += 1;
      continue;
    }
    const listings = listingsFromCatalog(catalog);
    const before = await currentListings(db, store.id);
    const diff = diffListings(before, listings, catalog.complete);
    // Listed after this snapshot: what the store shows now, plus (after a partial read) what it showed before and was not seen.
    const listed = new Set(listings.map((l) => l.productKey));
    const removed = new Set(diff.removedKeys);
    for (const l of before) if (l.removedAt === null && !removed.has(l.productKey)) listed.add(l.productKey);
    await writeSnapshot(db, {
      storeId: store.id,
      takenAt,
      listings,
      removedKeys: diff.removedKeys,
      changes: diff.changes,
      productCount: listed.size,
      hasBestSellingOrder: catalog.bestSelling !== null,
      message: catalog.notes.length ? catalog.notes.join(" ").slice(0, 500) : null,
    });
    snapshotted += 1;
    changes += diff.changes.length;
  }
  return { snapshotted, changes, failed };
}

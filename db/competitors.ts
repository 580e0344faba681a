/**
 * Competitor research's queries (all of its SQL): the stores a user tracks, their listings,
 * changes and snapshots, and the scheduled snapshot's writes. Every read a user makes goes
 * through `tracked_competitors` with the user's id, so another user's competitor is never found.
 *
 * A tracked Shopify store is a `catalog_stores` row owned by the user who tracks it (two users
 * tracking the same shop hold two rows); a sample store is the shared seeded row (no owner).
 * Bulk rows travel as one JSON parameter read with `json_each`, which keeps each statement far
 * under D1's 100 bound parameters whatever the store's size.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { changedRows, runStatements, type Database, type Statement } from "./client";
import { uniqueViolation } from "./errors";
import { catalogStores, storeChanges, storeListings, storeSnapshots, trackedCompetitors } from "./schema";

/** Rows per JSON chunk (a 5,000-product store writes in 10 statements). */
const CHUNK = 500;

const chunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

/** Bulk writes are hand-written statements (client.ts runs them on D1 or libSQL), batched (one transaction per batch). */
const stmt = (sql: string, ...args: unknown[]): Statement => ({ sql, args });

async function runBatch(db: Database, items: Statement[]): Promise<void> {
  for (let i = 0; i < items.length; i += 50) {
    const part = items.slice(i, i + 50);
    if (part.length) await runStatements(db, part);
  }
}

// ---------------------------------------------------------------------------------------------
// Reads scoped by user
// ---------------------------------------------------------------------------------------------

const competitorColumns = {
  id: trackedCompetitors.id,
  storeId: catalogStores.id,
  name: catalogStores.name,
  url: catalogStores.url,
  platform: catalogStores.platform,
  source: catalogStores.source,
  ownerUserId: catalogStores.ownerUserId,
  hasBestSellingOrder: catalogStores.hasBestSellingOrder,
  lastSnapshotAt: catalogStores.lastSnapshotAt,
  createdAt: trackedCompetitors.createdAt,
  productCount: sql<number>`(SELECT count(*) FROM store_listings l WHERE l.store_id = ${catalogStores.id} AND l.removed_at IS NULL)`.mapWith(Number),
};

export type CompetitorRow = {
  id: string;
  storeId: string;
  name: string;
  url: string | null;
  platform: string;
  source: "sample" | "shopify";
  ownerUserId: number | null;
  hasBestSellingOrder: boolean;
  lastSnapshotAt: string | null;
  createdAt: string;
  productCount: number;
};

export async function countTracked(db: Database, userId: number): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(trackedCompetitors).where(eq(trackedCompetitors.userId, userId)).get();
  return Number(row?.n ?? 0);
}

/** The user's tracked stores, newest first. */
export function listTracked(db: Database, userId: number): Promise<CompetitorRow[]> {
  return db
    .select(competitorColumns)
    .from(trackedCompetitors)
    .innerJoin(catalogStores, eq(catalogStores.id, trackedCompetitors.storeId))
    .where(eq(trackedCompetitors.userId, userId))
    .orderBy(desc(trackedCompetitors.createdAt), desc(trackedCompetitors.id))
    .all();
}

/** One of the user's tracked stores; undefined for an unknown id or another user's. */
export function findTracked(db: Database, userId: number, id: string): Promise<CompetitorRow | undefined> {
  return db
    .select(competitorColumns)
    .from(trackedCompetitors)
    .innerJoin(catalogStores, eq(catalogStores.id, trackedCompetitors.storeId))
    .where(and(eq(trackedCompetitors.userId, userId), eq(trackedCompetitors.id, id)))
    .get();
}

/** The user's tracking of a sample store, or of a Shopify store at this origin. */
export async function findTrackedStore(db: Database, userId: number, by: { storeId: string } | { url: string }): Promise<{ id: string; name: string } | undefined> {
  const where =
    "storeId" in by
      ? eq(catalogStores.id, by.storeId)
      : and(eq(catalogStores.source, "shopify"), eq(catalogStores.ownerUserId, userId), eq(catalogStores.url, by.url));
  return db
    .select({ id: trackedCompetitors.id, name: catalogStores.name })
    .from(trackedCompetitors)
    .innerJoin(catalogStores, eq(catalogStores.id, trackedCompetitors.storeId))
    .where(and(eq(trackedCompetitors.userId, userId), where))
    .get();
}

export type ListingRow = {
  productKey: string;
  productId: string | null;
  title: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  imageUrl: string | null;
  bestSellerRank: number | null;
  firstSeenAt: string;
  removedAt: string | null;
  /** Estimated store orders a month (sample stores: the product's orders × the store's share). */
  estOrders: number | null;
};

/** Every listing of a store (removed ones too), listed ones first, by title. */
export function listingsOf(db: Database, storeId: string): Promise<ListingRow[]> {
  return db
    .select({
      productKey: storeListings.productKey,
      productId: storeListings.productId,
      title: storeListings.title,
      priceCents: storeListings.priceCents,
      compareAtPriceCents: storeListings.compareAtPriceCents,
      imageUrl: storeListings.imageUrl,
      bestSellerRank: storeListings.bestSellerRank,
      firstSeenAt: storeListings.firstSeenAt,
      removedAt: storeListings.removedAt,
      estOrders: sql<
        number | null
      >`(SELECT p.monthly_orders * ${storeListings.orderSharePct} / 100 FROM catalog_products p WHERE p.id = ${storeListings.productId} AND ${storeListings.orderSharePct} IS NOT NULL)`,
    })
    .from(storeListings)
    .where(eq(storeListings.storeId, storeId))
    .orderBy(sql`${storeListings.removedAt} IS NOT NULL`, asc(storeListings.title), asc(storeListings.productKey))
    .all();
}

/** A store's changes, newest first. */
export function changesOf(db: Database, storeId: string, limit = 500) {
  return db
    .select({
      at: storeChanges.at,
      kind: storeChanges.kind,
      productKey: storeChanges.productKey,
      title: storeChanges.title,
      oldPriceCents: storeChanges.oldPriceCents,
      newPriceCents: storeChanges.newPriceCents,
    })
    .from(storeChanges)
    .where(eq(storeChanges.storeId, storeId))
    .orderBy(desc(storeChanges.at), desc(storeChanges.id))
    .limit(limit)
    .all();
}

/** A store's snapshots, newest first. */
export function snapshotsOf(db: Database, storeId: string, limit = 60) {
  return db
    .select({ takenAt: storeSnapshots.takenAt, productCount: storeSnapshots.productCount, status: storeSnapshots.status, message: storeSnapshots.message })
    .from(storeSnapshots)
    .where(eq(storeSnapshots.storeId, storeId))
    .orderBy(desc(storeSnapshots.takenAt), desc(storeSnapshots.id))
    .limit(limit)
    .all();
}

/** A shared sample store. */
export function findSampleStore(db: Database, storeId: string) {
  return db
    .select({ id: catalogStores.id, name: catalogStores.name })
    .from(catalogStores)
    .where(and(eq(catalogStores.id, storeId), eq(catalogStores.source, "sample"), isNull(catalogStores.ownerUserId)))
    .get();
}

export interface SampleStoreRow {
  id: string;
  name: string;
  niche: string | null;
  platform: string;
  productCount: number;
  estMonthlyRevenueUsd: number | null;
  trackedId: string | null;
}

/**
 * A few sample stores to try: the largest store of each niche, largest first, with the user's
 * competitor id where they already track one.
 */
export async function listSampleStores(db: Database, userId: number, limit = 8): Promise<SampleStoreRow[]> {
  return db.all<SampleStoreRow>(sql`SELECT s.id AS id, s.name AS name, n.name AS niche, s.platform AS platform, s.product_count AS productCount,
      s.est_monthly_revenue_usd AS estMonthlyRevenueUsd,
      (SELECT t.id FROM tracked_competitors t WHERE t.store_id = s.id AND t.user_id = ${userId}) AS trackedId
    FROM (SELECT *, row_number() OVER (PARTITION BY niche_id ORDER BY product_count DESC, id) AS rn
          FROM catalog_stores WHERE source = 'sample' AND owner_user_id IS NULL) s
    LEFT JOIN catalog_niches n ON n.id = s.niche_id
    WHERE s.rn = 1
    ORDER BY s.product_count DESC, s.id
    LIMIT ${limit}`);
}

// ---------------------------------------------------------------------------------------------
// Tracking and untracking
// ---------------------------------------------------------------------------------------------

export type TrackOutcome = { ok: true } | { ok: false; reason: "quota" | "duplicate" };

/** Tracks a shared sample store, within the quota (checked in the statement that inserts). */
export async function trackSampleStore(db: Database, row: { id: string; userId: number; storeId: string }, quota: number): Promise<TrackOutcome> {
  try {
    const result = await db.run(sql`INSERT INTO tracked_competitors (id, user_id, store_id)
      SELECT ${row.id}, ${row.userId}, ${row.storeId}
      WHERE (SELECT count(*) FROM tracked_competitors WHERE user_id = ${row.userId}) < ${quota}`);
    return changedRows(result) === 1 ? { ok: true } : { ok: false, reason: "quota" };
  } catch (err) {
    if (uniqueViolation(err)) return { ok: false, reason: "duplicate" };
    throw err;
  }
}

export interface NewListing {
  productKey: string;
  title: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  imageUrl: string | null;
  bestSellerRank: number | null;
}

const listingsJson = (rows: readonly NewListing[]) =>
  JSON.stringify(rows.map((l) => ({ k: l.productKey, t: l.title, p: l.priceCents, c: l.compareAtPriceCents, i: l.imageUrl, r: l.bestSellerRank })));

/** Inserts or refreshes listings from a JSON chunk; a listing seen again is listed again. */
function upsertListings(storeId: string, rows: readonly NewListing[], seenAt: string): Statement {
  return stmt(
    `INSERT INTO store_listings (store_id, product_key, product_id, title, price_cents, compare_at_price_cents, image_url, best_seller_rank, first_seen_at)
     SELECT ?1, json_extract(value, '$.k'), NULL, json_extract(value, '$.t'), json_extract(value, '$.p'), json_extract(value, '$.c'), json_extract(value, '$.i'), json_extract(value, '$.r'), ?2
     FROM json_each(?3) WHERE true
     ON CONFLICT (store_id, product_key) DO UPDATE SET
       title = excluded.title,
       price_cents = excluded.price_cents,
       compare_at_price_cents = excluded.compare_at_price_cents,
       image_url = excluded.image_url,
       best_seller_rank = excluded.best_seller_rank,
       removed_at = NULL`,
    storeId,
    seenAt,
    listingsJson(rows),
  );
}

export interface NewShopifyStore {
  trackedId: string;
  storeId: string;
  userId: number;
  name: string;
  url: string;
  hasBestSellingOrder: boolean;
  listings: readonly NewListing[];
  takenAt: string;
  snapshotMessage: string | null;
}

/**
 * Creates a user's Shopify store with its listings and first snapshot, and tracks it: the store
 * row is inserted only while the user tracks fewer than `quota` stores and no store at this
 * origin, in the same statement; everything else is inserted in the same transaction only if it was.
 */
export async function createTrackedShopifyStore(db: Database, s: NewShopifyStore, quota: number): Promise<TrackOutcome> {
  const active = s.listings.length;
  const storeExists = "EXISTS (SELECT 1 FROM catalog_stores WHERE id = ?1)";
  const [inserted] = await runStatements(db, [
    stmt(
      `INSERT INTO catalog_stores (id, owner_user_id, source, name, url, platform, product_count, has_best_selling_order, last_snapshot_at)
       SELECT ?1, ?2, 'shopify', ?3, ?4, 'Shopify', ?5, ?6, ?7
       WHERE (SELECT count(*) FROM tracked_competitors WHERE user_id = ?2) < ?8
         AND NOT EXISTS (SELECT 1 FROM tracked_competitors t JOIN catalog_stores c ON c.id = t.store_id
           WHERE t.user_id = ?2 AND c.source = 'shopify' AND c.owner_user_id = ?2 AND c.url = ?4)`,
      s.storeId,
      s.userId,
      s.name,
      s.url,
      active,
      s.hasBestSellingOrder ? 1 : 0,
      s.takenAt,
      quota,
    ),
    stmt(`INSERT INTO tracked_competitors (id, user_id, store_id) SELECT ?2, ?3, ?1 WHERE ${storeExists}`, s.storeId, s.trackedId, s.userId),
    stmt(
      `INSERT INTO store_snapshots (store_id, taken_at, product_count, status, message) SELECT ?1, ?2, ?3, 'ok', ?4 WHERE ${storeExists}`,
      s.storeId,
      s.takenAt,
      active,
      s.snapshotMessage,
    ),
  ]);
  if (inserted !== 1) {
    const duplicate = await findTrackedStore(db, s.userId, { url: s.url });
    return { ok: false, reason: duplicate ? "duplicate" : "quota" };
  }
  try {
    await runBatch(
      db,
      chunks(s.listings).map((part) => upsertListings(s.storeId, part, s.takenAt)),
    );
  } catch (err) {
    await db.delete(catalogStores).where(and(eq(catalogStores.id, s.storeId), eq(catalogStores.ownerUserId, s.userId)));
    throw err;
  }
  return { ok: true };
}

/**
 * Stops tracking: the tracking row goes, and a Shopify store the user owns goes with it (its
 * listings, changes and snapshots cascade). Returns false for an unknown id or another user's.
 */
export async function deleteTracked(db: Database, userId: number, id: string): Promise<boolean> {
  const found = await db
    .select({ storeId: trackedCompetitors.storeId, ownerUserId: catalogStores.ownerUserId })
    .from(trackedCompetitors)
    .innerJoin(catalogStores, eq(catalogStores.id, trackedCompetitors.storeId))
    .where(and(eq(trackedCompetitors.userId, userId), eq(trackedCompetitors.id, id)))
    .get();
  if (!found) return false;
  await db.batch([
    db.delete(trackedCompetitors).where(and(eq(trackedCompetitors.userId, userId), eq(trackedCompetitors.id, id))),
    db.delete(catalogStores).where(and(eq(catalogStores.id, found.storeId), eq(catalogStores.ownerUserId, userId))),
  ]);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The scheduled snapshot (no user: it serves every tracked store)
// ---------------------------------------------------------------------------------------------

/** Every store someone tracks, each once. */
export function storesToSnapshot(db: Database) {
  return db
    .selectDistinct({ id: catalogStores.id, source: catalogStores.source, url: catalogStores.url, name: catalogStores.name })
    .from(catalogStores)
    .innerJoin(trackedCompetitors, eq(trackedCompetitors.storeId, catalogStores.id))
    .orderBy(asc(catalogStores.id))
    .all();
}

/** A store's listings as the diff reads them (listed and removed). */
export function currentListings(db: Database, storeId: string) {
  return db
    .select({ productKey: storeListings.productKey, title: storeListings.title, priceCents: storeListings.priceCents, removedAt: storeListings.removedAt })
    .from(storeListings)
    .where(eq(storeListings.storeId, storeId))
    .all();
}

export async function countListed(db: Database, storeId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(storeListings)
    .where(and(eq(storeListings.storeId, storeId), isNull(storeListings.removedAt)))
    .get();
  return Number(row?.n ?? 0);
}

export interface ChangeRow {
  kind: "added" | "removed" | "price";
  productKey: string;
  title: string;
  oldPriceCents: number | null;
  newPriceCents: number | null;
}

export interface SnapshotWrite {
  storeId: string;
  takenAt: string;
  /** Listings the store shows now (inserted or refreshed, listed again if they had gone). */
  listings: readonly NewListing[];
  /** Product keys that left the store. */
  removedKeys: readonly string[];
  changes: readonly ChangeRow[];
  productCount: number;
  hasBestSellingOrder: boolean;
  message: string | null;
}

/** Writes one successful snapshot: listings, removals, changes, the snapshot row and the store's counters. */
export async function writeSnapshot(db: Database, w: SnapshotWrite): Promise<void> {
  const items: Statement[] = [
    ...chunks(w.listings).map((part) => upsertListings(w.storeId, part, w.takenAt)),
    ...chunks(w.removedKeys).map((keys) =>
      stmt(
        `UPDATE store_listings SET removed_at = ?1 WHERE store_id = ?2 AND removed_at IS NULL AND product_key IN (SELECT value FROM json_each(?3))`,
        w.takenAt,
        w.storeId,
        JSON.stringify(keys),
      ),
    ),
    ...chunks(w.changes).map((part) =>
      stmt(
        `INSERT INTO store_changes (store_id, at, kind, product_key, title, old_price_cents, new_price_cents)
         SELECT ?1, ?2, json_extract(value, '$.kind'), json_extract(value, '$.productKey'), json_extract(value, '$.title'),
           json_extract(value, '$.oldPriceCents'), json_extract(value, '$.newPriceCents')
         FROM json_each(?3)`,
        w.storeId,
        w.takenAt,
        JSON.stringify(part),
      ),
    ),
    stmt(`INSERT INTO store_snapshots (store_id, taken_at, product_count, status, message) VALUES (?1, ?2, ?3, 'ok', ?4)`, w.storeId, w.takenAt, w.productCount, w.message),
    stmt(
      `UPDATE catalog_stores SET product_count = ?2, last_snapshot_at = ?3, has_best_selling_order = ?4 WHERE id = ?1`,
      w.storeId,
      w.productCount,
      w.takenAt,
      w.hasBestSellingOrder ? 1 : 0,
    ),
  ];
  // One transaction when it fits in one batch (every store but the very largest).
  await runBatch(db, items);
}

/** A snapshot that read nothing new: a failure (with its message) or a sample store's count. */
export async function recordSnapshot(db: Database, row: { storeId: string; takenAt: string; productCount: number; status: "ok" | "failed"; message: string | null }) {
  const items = [
    stmt(`INSERT INTO store_snapshots (store_id, taken_at, product_count, status, message) VALUES (?1, ?2, ?3, ?4, ?5)`, row.storeId, row.takenAt, row.productCount, row.status, row.message),
  ];
  if (row.status === "ok") items.push(stmt(`UPDATE catalog_stores SET last_snapshot_at = ?2 WHERE id = ?1`, row.storeId, row.takenAt));
  await runBatch(db, items);
}

/**
 * The market catalog's one query module: the Explorer, product records, niches, saved lists,
 * imports and the scheduled re-scoring all read and write the catalog here. Every read is scoped
 * to the shared sample records plus the caller's own (imports); nothing of another user's shows.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { ExplorerQuery } from "~/domain/contracts/market";
import { SAMPLE_VERSION_KEY } from "./catalog-seed";
import type { Database } from "./client";
import { catalogAds, catalogMeta, catalogNiches, catalogProducts, catalogRefreshes, catalogStores, savedProducts, storeChanges, storeListings } from "./schema";

export type CatalogProductRow = typeof catalogProducts.$inferSelect;
export type CatalogAdRow = typeof catalogAds.$inferSelect;

/** Records the user may read: the shared sample plus their own. */
export function visibleTo(userId: number) {
  return or(isNull(catalogProducts.ownerUserId), eq(catalogProducts.ownerUserId, userId))!;
}

/** An FTS5 query from free text: each word quoted (so "-" or ":" are plain text) and prefix-matched. */
export function ftsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

const SORT_COLUMNS = {
  score: catalogProducts.score,
  orders: catalogProducts.monthlyOrders,
  trend: catalogProducts.trendPct,
  margin: catalogProducts.marginPct,
  price: catalogProducts.priceCents,
  ads: catalogProducts.adCount,
  newest: catalogProducts.createdAt,
} as const;

/**
 * The Explorer's filters. `visibility` is "sample or mine": `indexed` lets the planner read it off
 * the owner index (right for counting, which reads every match); `alongSortIndex` writes the owner
 * column with a unary + so the planner cannot, and instead walks the sort's own index (migration
 * 0028), which carries owner_user_id, stopping after the page.
 */
function explorerConditions(userId: number, q: ExplorerQuery, visibility: "indexed" | "alongSortIndex"): SQL[] {
  const owner = sql`+${catalogProducts.ownerUserId}`;
  const where: SQL[] = [visibility === "indexed" ? visibleTo(userId) : sql`(${owner} IS NULL OR ${owner} = ${userId})`];
  if (q.source === "sample") where.push(visibility === "indexed" ? isNull(catalogProducts.ownerUserId) : sql`${owner} IS NULL`);
  if (q.source === "mine") where.push(eq(catalogProducts.ownerUserId, userId));
  const match = q.q ? ftsQuery(q.q) : null;
  if (match) where.push(sql`${catalogProducts}.rowid IN (SELECT rowid FROM catalog_products_fts WHERE catalog_products_fts MATCH ${match})`);
  if (q.niche) where.push(eq(catalogProducts.nicheId, q.niche));
  if (q.priceMin !== undefined) where.push(sql`${catalogProducts.priceCents} >= ${q.priceMin}`);
  if (q.priceMax !== undefined) where.push(sql`${catalogProducts.priceCents} <= ${q.priceMax}`);
  if (q.marginMin !== undefined) where.push(sql`${catalogProducts.marginPct} >= ${q.marginMin}`);
  if (q.competition?.length) where.push(inArray(catalogProducts.competition, q.competition));
  if (q.platform) where.push(eq(catalogProducts.mainPlatform, q.platform));
  if (q.trend === "rising") where.push(sql`${catalogProducts.trendPct} >= 10`);
  if (q.trend === "falling") where.push(sql`${catalogProducts.trendPct} <= -10`);
  if (q.trend === "steady") where.push(sql`${catalogProducts.trendPct} > -10 AND ${catalogProducts.trendPct} < 10`);
  if (q.shipMax !== undefined) where.push(sql`${catalogProducts.shippingDays} <= ${q.shipMax}`);
  if (q.scoreMin !== undefined) where.push(sql`${catalogProducts.score} >= ${q.scoreMin}`);
  if (q.saved)
    where.push(
      sql`${catalogProducts.id} IN (SELECT product_id FROM saved_products WHERE user_id = ${userId} AND list_name = ${q.saved})`,
    );
  return where;
}

/** What an Explorer row shows: the record without its score reasons and its price and ad series. */
const explorerColumns = {
  id: catalogProducts.id,
  name: catalogProducts.name,
  productType: catalogProducts.productType,
  nicheId: catalogProducts.nicheId,
  source: catalogProducts.source,
  imageUrl: catalogProducts.imageUrl,
  priceCents: catalogProducts.priceCents,
  costCents: catalogProducts.costCents,
  shippingCostCents: catalogProducts.shippingCostCents,
  marginPct: catalogProducts.marginPct,
  monthlyOrders: catalogProducts.monthlyOrders,
  trendPct: catalogProducts.trendPct,
  adCount: catalogProducts.adCount,
  competition: catalogProducts.competition,
  shippingDays: catalogProducts.shippingDays,
  mainPlatform: catalogProducts.mainPlatform,
  score: catalogProducts.score,
  weeklyOrders: catalogProducts.weeklyOrders,
};
export type ExplorerRow = { [K in keyof typeof explorerColumns]: CatalogProductRow[K] };

/** The Explorer's order: missing values last, then id so pages never overlap. Migration 0028 has an index in exactly this order for each sort and direction. */
function explorerOrder(q: ExplorerQuery): SQL[] {
  const column = SORT_COLUMNS[q.sort];
  return [sql`${column} IS NULL`, q.order === "asc" ? asc(column) : desc(column), asc(catalogProducts.id)];
}

/** The rowids of one Explorer page, read off the sort's index (the wide rows are read only for the page). */
export function explorerPageRowids(db: Database, userId: number, q: ExplorerQuery, limit: number, offset: number) {
  return db
    .select({ rowid: sql<number>`${catalogProducts}.rowid` })
    .from(catalogProducts)
    .where(and(...explorerConditions(userId, q, "alongSortIndex")))
    .orderBy(...explorerOrder(q))
    .limit(limit)
    .offset(offset);
}

/** How many products match the Explorer's filters (read from the narrow indexes of migration 0028). */
export function explorerCount(db: Database, userId: number, q: ExplorerQuery) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(catalogProducts)
    .where(and(...explorerConditions(userId, q, "indexed")));
}

/**
 * One Explorer page: products matching the filters, sorted (missing values last, then by id so
 * pages never overlap), with the total and the caller's lists holding each, in one round trip.
 * The plan's cap is the caller's to apply (it is read alongside, not before).
 */
export async function listExplorerProducts(db: Database, userId: number, q: ExplorerQuery) {
  const offset = (q.page - 1) * q.pageSize;
  const pageRowids = explorerPageRowids(db, userId, q, q.pageSize, offset);
  const [countRows, rows, saved] = await db.batch([
    explorerCount(db, userId, q),
    db
      // A batch's rows come back keyed by column name: the niche's "name" needs its own.
      .select({ product: explorerColumns, nicheName: sql<string | null>`${catalogNiches.name}`.as("niche_name") })
      .from(catalogProducts)
      .leftJoin(catalogNiches, eq(catalogNiches.id, catalogProducts.nicheId))
      .where(sql`${catalogProducts}.rowid IN ${pageRowids}`)
      .orderBy(...explorerOrder(q)),
    db
      .select({ productId: savedProducts.productId, listName: savedProducts.listName })
      .from(savedProducts)
      .where(
        and(
          eq(savedProducts.userId, userId),
          inArray(savedProducts.productId, db.select({ id: catalogProducts.id }).from(catalogProducts).where(sql`${catalogProducts}.rowid IN ${pageRowids}`)),
        ),
      ),
  ]);
  const lists = new Map<string, string[]>();
  for (const r of saved) lists.set(r.productId, [...(lists.get(r.productId) ?? []), r.listName]);
  return { rows, total: Number(countRows[0]?.n ?? 0), lists };
}

/** Every matching product (for the CSV export), within the plan's cap, in the Explorer's order. */
export async function exportExplorerProducts(db: Database, userId: number, q: ExplorerQuery, cap: number) {
  return db
    .select({ product: explorerColumns, nicheName: catalogNiches.name })
    .from(catalogProducts)
    .leftJoin(catalogNiches, eq(catalogNiches.id, catalogProducts.nicheId))
    .where(sql`${catalogProducts}.rowid IN ${explorerPageRowids(db, userId, q, cap, 0)}`)
    .orderBy(...explorerOrder(q));
}

export async function findCatalogProduct(db: Database, userId: number, id: string) {
  const [row] = await db
    .select({ product: catalogProducts, nicheName: catalogNiches.name })
    .from(catalogProducts)
    .leftJoin(catalogNiches, eq(catalogNiches.id, catalogProducts.nicheId))
    .where(and(eq(catalogProducts.id, id.toUpperCase()), visibleTo(userId)));
  return row;
}

export function adsOfProduct(db: Database, productId: string, limit = 50) {
  return db
    .select()
    .from(catalogAds)
    .where(eq(catalogAds.productId, productId))
    .orderBy(desc(catalogAds.engagementRatePct), asc(catalogAds.id))
    .limit(limit);
}

/** Sample stores listing a product, and the user's own tracked stores that do. */
export function storesSellingProduct(db: Database, userId: number, productId: string) {
  return db
    .select({ store: catalogStores, listing: storeListings })
    .from(storeListings)
    .innerJoin(catalogStores, eq(catalogStores.id, storeListings.storeId))
    .where(
      and(
        eq(storeListings.productId, productId),
        or(isNull(catalogStores.ownerUserId), eq(catalogStores.ownerUserId, userId)),
        isNull(storeListings.removedAt),
      ),
    )
    .orderBy(desc(catalogStores.estMonthlyRevenueUsd), asc(catalogStores.id))
    .limit(50);
}

/** Niches with how many visible products each holds, for the Explorer's filter. */
export async function listNiches(db: Database, userId: number) {
  const rows = await db
    .select({ id: catalogNiches.id, name: catalogNiches.name, ownerUserId: catalogNiches.ownerUserId, productCount: sql<number>`count(${catalogProducts.id})` })
    .from(catalogNiches)
    .leftJoin(catalogProducts, and(eq(catalogProducts.nicheId, catalogNiches.id), visibleTo(userId)))
    .where(or(isNull(catalogNiches.ownerUserId), eq(catalogNiches.ownerUserId, userId)))
    .groupBy(catalogNiches.id)
    .orderBy(asc(catalogNiches.name));
  return rows.map((r) => ({ id: r.id, name: r.name, productCount: Number(r.productCount), isSampleData: r.ownerUserId === null }));
}

export async function findNiche(db: Database, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(catalogNiches)
    .where(and(eq(catalogNiches.id, id), or(isNull(catalogNiches.ownerUserId), eq(catalogNiches.ownerUserId, userId))));
  return row;
}

export async function readCatalogMeta<T>(db: Database, key: string): Promise<{ value: T; updatedAt: string } | null> {
  const [row] = await db.select().from(catalogMeta).where(eq(catalogMeta.key, key));
  return row ? { value: row.value as T, updatedAt: row.updatedAt } : null;
}

export async function writeCatalogMeta(db: Database, key: string, value: unknown) {
  await db
    .insert(catalogMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: catalogMeta.key, set: { value, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } });
}

// --- The shared catalog, whole ----------------------------------------------------------------

/** What the analyst reads of a product: not the score's reasons (most of a row's bytes), nor bookkeeping. */
const sharedProductColumns = {
  id: catalogProducts.id,
  name: catalogProducts.name,
  productType: catalogProducts.productType,
  nicheId: catalogProducts.nicheId,
  costCents: catalogProducts.costCents,
  shippingCostCents: catalogProducts.shippingCostCents,
  priceCents: catalogProducts.priceCents,
  marginCents: catalogProducts.marginCents,
  marginPct: catalogProducts.marginPct,
  monthlyOrders: catalogProducts.monthlyOrders,
  trendPct: catalogProducts.trendPct,
  adCount: catalogProducts.adCount,
  competition: catalogProducts.competition,
  rating: catalogProducts.rating,
  shippingDays: catalogProducts.shippingDays,
  launchMonth: catalogProducts.launchMonth,
  weeklyOrders: catalogProducts.weeklyOrders,
  weeklyPriceCents: catalogProducts.weeklyPriceCents,
  weeklyActiveAds: catalogProducts.weeklyActiveAds,
};

/**
 * Every shared (ownerless) record the chat's analyst reads: niches in the order they were seeded
 * (rowid), products, ads and stores by id, listings by store then product, and the stores' price
 * changes. About 40,000 rows; the caller keeps the result per isolate.
 */
export async function readSharedCatalog(db: Database) {
  const sharedProductIds = db.select({ id: catalogProducts.id }).from(catalogProducts).where(isNull(catalogProducts.ownerUserId));
  const sharedStoreIds = db.select({ id: catalogStores.id }).from(catalogStores).where(isNull(catalogStores.ownerUserId));
  // One batch: one round trip, and every table read at the same moment as the version.
  const [version, niches, products, ads, stores, listings, priceChanges] = await db.batch([
    db.select({ value: catalogMeta.value }).from(catalogMeta).where(eq(catalogMeta.key, SAMPLE_VERSION_KEY)),
    db.select().from(catalogNiches).where(isNull(catalogNiches.ownerUserId)).orderBy(sql`${catalogNiches}.rowid`),
    db.select(sharedProductColumns).from(catalogProducts).where(isNull(catalogProducts.ownerUserId)).orderBy(asc(catalogProducts.id)),
    db.select().from(catalogAds).where(inArray(catalogAds.productId, sharedProductIds)).orderBy(asc(catalogAds.id)),
    db.select().from(catalogStores).where(isNull(catalogStores.ownerUserId)).orderBy(asc(catalogStores.id)),
    db.select().from(storeListings).where(inArray(storeListings.storeId, sharedStoreIds)).orderBy(asc(storeListings.storeId), asc(storeListings.productKey)),
    db
      .select()
      .from(storeChanges)
      .where(and(eq(storeChanges.kind, "price"), inArray(storeChanges.storeId, sharedStoreIds)))
      .orderBy(asc(storeChanges.storeId), asc(storeChanges.at), asc(storeChanges.id)),
  ]);
  return { version: (version[0]?.value as string | undefined) ?? null, niches, products, ads, stores, listings, priceChanges };
}

/** The seeded sample version (catalog_meta), or null before the first seed: the shared catalog's cache key. */
export async function sharedCatalogVersion(db: Database): Promise<string | null> {
  return (await readCatalogMeta<string>(db, SAMPLE_VERSION_KEY))?.value ?? null;
}

export type SharedCatalogRows = Awaited<ReturnType<typeof readSharedCatalog>>;

// --- Saved lists ------------------------------------------------------------------------------

export async function saveProductToList(db: Database, userId: number, productId: string, listName: string) {
  await db.insert(savedProducts).values({ userId, productId, listName }).onConflictDoNothing();
}

export async function removeProductFromList(db: Database, userId: number, productId: string, listName: string) {
  await db
    .delete(savedProducts)
    .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId), eq(savedProducts.listName, listName)));
}

export async function savedListsOf(db: Database, userId: number) {
  const rows = await db
    .select({ name: savedProducts.listName, count: sql<number>`count(*)` })
    .from(savedProducts)
    .where(eq(savedProducts.userId, userId))
    .groupBy(savedProducts.listName)
    .orderBy(asc(savedProducts.listName));
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/** product id → the caller's list names holding it. */
export async function listsHolding(db: Database, userId: number, productIds: readonly string[]): Promise<Map<string, string[]>> {
  const lists = new Map<string, string[]>();
  if (productIds.length === 0) return lists;
  const rows = await db
    .select({ productId: savedProducts.productId, listName: savedProducts.listName })
    .from(savedProducts)
    .where(and(eq(savedProducts.userId, userId), inArray(savedProducts.productId, [...productIds].slice(0, 90))));
  for (const r of rows) lists.set(r.productId, [...(lists.get(r.productId) ?? []), r.listName]);
  return lists;
}

// --- Imports and scoring ----------------------------------------------------------------------

export type NewCatalogProduct = typeof catalogProducts.$inferInsert;

/** Inserts imported products (each already owned by the user), a few rows per statement. */
export async function insertCatalogProducts(db: Database, rows: readonly NewCatalogProduct[]) {
  // 33 columns at most per row: 3 rows stay under D1's 100 bound parameters.
  const statements = [];
  for (let i = 0; i < rows.length; i += 3) statements.push(db.insert(catalogProducts).values(rows.slice(i, i + 3) as NewCatalogProduct[]));
  for (let i = 0; i < statements.length; i += 50) {
    const batch = statements.slice(i, i + 50);
    await db.batch(batch as [(typeof batch)[number], ...(typeof batch)[number][]]);
  }
}

export async function ensureUserNiche(db: Database, userId: number, name: string): Promise<string> {
  const existing = await db
    .select({ id: catalogNiches.id })
    .from(catalogNiches)
    .where(and(sql`lower(${catalogNiches.name}) = lower(${name})`, or(isNull(catalogNiches.ownerUserId), eq(catalogNiches.ownerUserId, userId))))
    .limit(1);
  if (existing[0]) return existing[0].id;
  const id = `u${userId}-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "imported"}`;
  await db.insert(catalogNiches).values({ id, ownerUserId: userId, name }).onConflictDoNothing();
  return id;
}

/**
 * What the score reads: the sample products, plus one user's own when `ownerUserId` is given
 * (a user's imports are ranked against the sample and their own products, never another user's).
 */
export function scoreInputs(db: Database, ownerUserId: number | null) {
  return db
    .select({
      id: catalogProducts.id,
      weeklyOrders: catalogProducts.weeklyOrders,
      weeklyPriceCents: catalogProducts.weeklyPriceCents,
      weeklyActiveAds: catalogProducts.weeklyActiveAds,
      priceCents: catalogProducts.priceCents,
      costCents: catalogProducts.costCents,
      shippingCostCents: catalogProducts.shippingCostCents,
      activeAds: catalogProducts.adCount,
      shippingDays: catalogProducts.shippingDays,
      score: catalogProducts.score,
      ownerUserId: catalogProducts.ownerUserId,
    })
    .from(catalogProducts)
    .where(ownerUserId === null ? isNull(catalogProducts.ownerUserId) : visibleTo(ownerUserId));
}

/** The sample library's size: products, ads, niches and stores without an owner. */
export async function sampleLibraryCounts(db: Database): Promise<{ products: number; ads: number; niches: number; stores: number }> {
  const [row] = await db
    .select({
      products: sql<number>`(SELECT count(*) FROM ${catalogProducts} WHERE ${catalogProducts.ownerUserId} IS NULL)`,
      ads: sql<number>`(SELECT count(*) FROM ${catalogAds} WHERE ${catalogAds.productId} IN (SELECT ${catalogProducts.id} FROM ${catalogProducts} WHERE ${catalogProducts.ownerUserId} IS NULL))`,
      niches: sql<number>`(SELECT count(*) FROM ${catalogNiches} WHERE ${catalogNiches.ownerUserId} IS NULL)`,
      stores: sql<number>`(SELECT count(*) FROM ${catalogStores} WHERE ${catalogStores.ownerUserId} IS NULL)`,
    })
    .from(sql`(SELECT 1)`);
  return { products: Number(row.products), ads: Number(row.ads), niches: Number(row.niches), stores: Number(row.stores) };
}

/** Whether the user has imported any product. */
export async function hasImports(db: Database, userId: number): Promise<boolean> {
  const rows = await db.select({ id: catalogProducts.id }).from(catalogProducts).where(eq(catalogProducts.ownerUserId, userId)).limit(1);
  return rows.length > 0;
}

/** The user's imported products as the analyst reads them (their own figures), newest first. */
export async function importedProductsOf(db: Database, userId: number, limit: number) {
  return db
    .select({
      id: catalogProducts.id,
      name: catalogProducts.name,
      priceCents: catalogProducts.priceCents,
      costCents: catalogProducts.costCents,
      shippingCostCents: catalogProducts.shippingCostCents,
    })
    .from(catalogProducts)
    .where(eq(catalogProducts.ownerUserId, userId))
    .orderBy(desc(catalogProducts.createdAt), desc(catalogProducts.id))
    .limit(limit);
}

/** Users who hold imported products. */
export async function ownersOfImports(db: Database): Promise<number[]> {
  const rows = await db.selectDistinct({ owner: catalogProducts.ownerUserId }).from(catalogProducts).where(sql`${catalogProducts.ownerUserId} IS NOT NULL`);
  return rows.map((r) => r.owner!).filter((o) => o !== null);
}

export async function recordRefresh(db: Database, row: typeof catalogRefreshes.$inferInsert) {
  await db.insert(catalogRefreshes).values(row);
}

export async function latestRefreshes(db: Database, limit = 8) {
  return db.select().from(catalogRefreshes).orderBy(desc(catalogRefreshes.id)).limit(limit);
}

/** Writes new scores (only those that changed), in batches. */
export async function updateScores(db: Database, scores: readonly { id: string; score: number; reasons: unknown }[], scoredAt: string) {
  const statements = scores.map((s) =>
    db.update(catalogProducts).set({ score: s.score, scoreReasons: s.reasons, scoredAt }).where(eq(catalogProducts.id, s.id)),
  );
  for (let i = 0; i < statements.length; i += 100) {
    const batch = statements.slice(i, i + 100);
    await db.batch(batch as [(typeof batch)[number], ...(typeof batch)[number][]]);
  }
}

/**
 * Store pages' queries (all of their SQL): pages scoped by their owner, their versions, the
 * public read of a published page by slug, the cookie-free view and buy-click counters, store
 * connections and the export log. Another user's id finds nothing.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./client";
import { uniqueViolation } from "./errors";
import { pageExports, pages, pageVersions, storeConnections, type PageRow, type PageVersionRow, type StoreConnectionRow } from "./schema";

export type { PageRow, PageVersionRow, StoreConnectionRow };
export type NewPage = typeof pages.$inferInsert;
export type PageEditableFields = Pick<NewPage, "product" | "sections" | "theme" | "seo" | "buyUrl" | "missing">;

/** Versions kept per page; older ones are dropped as new ones are saved. */
export const PAGE_VERSIONS_KEPT = 50;

/** Inserts a page; "slug_taken" when another page (anyone's) holds the slug. */
export async function insertPage(db: Database, row: NewPage): Promise<PageRow | "slug_taken"> {
  try {
    const [inserted] = await db.insert(pages).values(row).returning();
    return inserted;
  } catch (err) {
    if (uniqueViolation(err)) return "slug_taken";
    throw err;
  }
}

const summaryColumns = {
  id: pages.id,
  slug: pages.slug,
  status: pages.status,
  sourceUrl: pages.sourceUrl,
  product: pages.product,
  publishedAt: pages.publishedAt,
  generatedAt: pages.generatedAt,
  views: pages.views,
  buyClicks: pages.buyClicks,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
};

/** The user's pages, most recently edited first (without sections or published HTML). */
export function listPages(db: Database, userId: number, limit = 200) {
  return db.select(summaryColumns).from(pages).where(eq(pages.userId, userId)).orderBy(desc(pages.updatedAt), desc(pages.id)).limit(limit);
}

export async function findPage(db: Database, userId: number, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(and(eq(pages.id, id), eq(pages.userId, userId))).limit(1);
  return row;
}

/** Every page of the user with its fields (the SEO dashboard audits them all). */
export function listFullPages(db: Database, userId: number, limit = 200): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.userId, userId)).orderBy(desc(pages.updatedAt), desc(pages.id)).limit(limit);
}

/**
 * Saves edited fields when the stored revision is still `expectedRevision` (a stale tab cannot
 * overwrite a newer save); answers the saved row, or "stale" / "missing".
 */
export async function updatePageFields(
  db: Database,
  userId: number,
  id: string,
  expectedRevision: number,
  fields: Partial<Pick<NewPage, "product" | "sections" | "theme" | "seo" | "buyUrl" | "missing" | "projectId" | "generatedBy" | "generatedAt" | "generatedSections">> & { slug?: string },
): Promise<PageRow | "stale" | "missing" | "slug_taken"> {
  try {
    const [row] = await db
      .update(pages)
      .set({ ...fields, revision: expectedRevision + 1, updatedAt: new Date().toISOString() })
      .where(and(eq(pages.id, id), eq(pages.userId, userId), eq(pages.revision, expectedRevision)))
      .returning();
    if (row) return row;
  } catch (err) {
    if (uniqueViolation(err)) return "slug_taken";
    throw err;
  }
  return (await findPage(db, userId, id)) ? "stale" : "missing";
}

/** Publishes (or republishes) with the HTML to serve; unpublishing clears it. */
export async function setPagePublication(
  db: Database,
  userId: number,
  id: string,
  publication: { html: string; at: string } | null,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(pages)
    .set(
      publication
        ? { status: "published", publishedHtml: publication.html, publishedAt: publication.at, updatedAt: new Date().toISOString() }
        : { status: "draft", publishedHtml: null, publishedAt: null, updatedAt: new Date().toISOString() },
    )
    .where(and(eq(pages.id, id), eq(pages.userId, userId)))
    .returning();
  return row;
}

export async function deletePage(db: Database, userId: number, id: string): Promise<PageRow | undefined> {
  const [row] = await db.delete(pages).where(and(eq(pages.id, id), eq(pages.userId, userId))).returning();
  return row;
}

export async function slugExists(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).limit(1);
  return row !== undefined;
}

/** A published page's HTML for the public address (no owner check: it is public). */
export async function findPublishedPage(db: Database, slug: string) {
  const [row] = await db
    .select({ id: pages.id, html: pages.publishedHtml, buyUrl: pages.buyUrl, revision: pages.revision, publishedAt: pages.publishedAt })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.status, "published")))
    .limit(1);
  return row && row.html !== null ? { ...row, html: row.html } : undefined;
}

/** Adds to published pages' counters (views and buy clicks, by slug); no visitor data is stored. */
export async function addPageEvents(db: Database, counts: ReadonlyMap<string, { views: number; buys: number }>): Promise<void> {
  const statements = [...counts].map(([slug, n]) =>
    db
      .update(pages)
      .set({ views: sql`${pages.views} + ${n.views}`, buyClicks: sql`${pages.buyClicks} + ${n.buys}` })
      .where(and(eq(pages.slug, slug), eq(pages.status, "published"))),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

// ---------------------------------------------------------------------------------------------
// Versions

export async function insertPageVersion(db: Database, row: typeof pageVersions.$inferInsert): Promise<PageVersionRow> {
  const [inserted] = await db.insert(pageVersions).values(row).returning();
  // Keep the newest PAGE_VERSIONS_KEPT.
  await db.delete(pageVersions).where(
    and(
      eq(pageVersions.pageId, row.pageId),
      lt(
        pageVersions.id,
        sql`(SELECT id FROM page_versions WHERE page_id = ${row.pageId} ORDER BY id DESC LIMIT 1 OFFSET ${PAGE_VERSIONS_KEPT - 1})`,
      ),
    ),
  );
  return inserted;
}

/** The newest version of a page (to decide whether an autosave starts a new one). */
export async function latestPageVersion(db: Database, pageId: string): Promise<PageVersionRow | undefined> {
  const [row] = await db.select().from(pageVersions).where(eq(pageVersions.pageId, pageId)).orderBy(desc(pageVersions.id)).limit(1);
  return row;
}

/** A page's versions, newest first, only when the page is the user's. */
export function listPageVersions(db: Database, userId: number, pageId: string) {
  return db
    .select({ id: pageVersions.id, revision: pageVersions.revision, reason: pageVersions.reason, createdAt: pageVersions.createdAt })
    .from(pageVersions)
    .innerJoin(pages, eq(pages.id, pageVersions.pageId))
    .where(and(eq(pageVersions.pageId, pageId), eq(pages.userId, userId)))
    .orderBy(desc(pageVersions.id));
}

export async function findPageVersion(db: Database, userId: number, pageId: string, versionId: number): Promise<PageVersionRow | undefined> {
  const [row] = await db
    .select({ version: pageVersions })
    .from(pageVersions)
    .innerJoin(pages, eq(pages.id, pageVersions.pageId))
    .where(and(eq(pageVersions.id, versionId), eq(pageVersions.pageId, pageId), eq(pages.userId, userId)))
    .limit(1);
  return row?.version;
}

// ---------------------------------------------------------------------------------------------
// Store connections and exports

export function listStoreConnections(db: Database, userId: number): Promise<StoreConnectionRow[]> {
  return db.select().from(storeConnections).where(eq(storeConnections.userId, userId)).orderBy(desc(storeConnections.createdAt));
}

export async function findStoreConnection(db: Database, userId: number, id: string): Promise<StoreConnectionRow | undefined> {
  const [row] = await db.select().from(storeConnections).where(and(eq(storeConnections.id, id), eq(storeConnections.userId, userId))).limit(1);
  return row;
}

/** Connects a store, or replaces the token of the user's existing connection to the same shop. */
export async function upsertStoreConnection(db: Database, row: typeof storeConnections.$inferInsert): Promise<StoreConnectionRow> {
  const [saved] = await db
    .insert(storeConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [storeConnections.userId, storeConnections.shopDomain],
      set: { tokenSealed: row.tokenSealed, tokenMasked: row.tokenMasked, scopes: row.scopes, shopName: row.shopName, createdAt: new Date().toISOString() },
    })
    .returning();
  return saved;
}

export async function deleteStoreConnection(db: Database, userId: number, id: string): Promise<boolean> {
  const rows = await db.delete(storeConnections).where(and(eq(storeConnections.id, id), eq(storeConnections.userId, userId))).returning({ id: storeConnections.id });
  return rows.length > 0;
}

export async function recordPageExport(db: Database, row: typeof pageExports.$inferInsert): Promise<void> {
  await db.insert(pageExports).values(row);
}

export interface ShopifyExportTrail {
  shopDomain: string;
  productGid: string;
  productAdminUrl: string;
  /**
   * The latest landing page made in that shop, its gid and admin link taken from the same row (an
   * export of the product alone keeps the earlier page).
   */
  pageGid: string | null;
  pageAdminUrl: string | null;
  exportedAt: string;
}

/** The page's latest Shopify export per shop (newest first): what exporting to that shop again updates. */
export async function listShopifyExportTrails(db: Database, userId: number, pageId: string): Promise<ShopifyExportTrail[]> {
  const rows = await db
    .select({
      shopDomain: pageExports.shopDomain,
      productGid: pageExports.productGid,
      productAdminUrl: pageExports.productAdminUrl,
      pageGid: pageExports.pageGid,
      pageAdminUrl: pageExports.pageAdminUrl,
      createdAt: pageExports.createdAt,
    })
    .from(pageExports)
    .where(and(eq(pageExports.pageId, pageId), eq(pageExports.userId, userId), eq(pageExports.kind, "shopify")))
    .orderBy(desc(pageExports.id))
    .limit(500);
  const byShop = new Map<string, ShopifyExportTrail>();
  for (const row of rows) {
    if (!row.shopDomain || !row.productGid || !row.productAdminUrl) continue;
    const known = byShop.get(row.shopDomain);
    const hasPage = !!(row.pageGid || row.pageAdminUrl);
    if (!known) {
      byShop.set(row.shopDomain, { shopDomain: row.shopDomain, productGid: row.productGid, productAdminUrl: row.productAdminUrl, pageGid: row.pageGid, pageAdminUrl: row.pageAdminUrl, exportedAt: row.createdAt });
    } else if (!known.pageGid && !known.pageAdminUrl && hasPage) {
      known.pageGid = row.pageGid;
      known.pageAdminUrl = row.pageAdminUrl;
    }
  }
  return [...byShop.values()];
}

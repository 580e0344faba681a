/**
 * What the AI Launcher can advertise (issue 28): the catalog products the user saved, their
 * imports, their pages, and where each could lead (published drop pages, products exported to a
 * connected store). Every query takes the user id and scopes by it.
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "./client";
import { visibleTo } from "./catalog";
import { catalogProducts, pageExports, pages, savedProducts, type PageRow } from "./schema";

export type LaunchCatalogRow = typeof catalogProducts.$inferSelect;

/** Catalog products the user saved to any list, newest saved first (each once). */
export async function savedCatalogProducts(db: Database, userId: number, limit = 200): Promise<LaunchCatalogRow[]> {
  const saved = await db
    .select({ productId: savedProducts.productId })
    .from(savedProducts)
    .where(eq(savedProducts.userId, userId))
    .orderBy(desc(savedProducts.createdAt))
    .limit(limit * 4);
  const ids = [...new Set(saved.map((s) => s.productId))].slice(0, limit);
  if (ids.length === 0) return [];
  const rows = await db.select().from(catalogProducts).where(and(inArray(catalogProducts.id, ids), visibleTo(userId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LaunchCatalogRow => r !== undefined);
}

/** The user's imported products (feeds and store imports), newest first. */
export function importedCatalogProducts(db: Database, userId: number, limit = 200): Promise<LaunchCatalogRow[]> {
  return db
    .select()
    .from(catalogProducts)
    .where(eq(catalogProducts.ownerUserId, userId))
    .orderBy(desc(catalogProducts.createdAt), desc(catalogProducts.id))
    .limit(limit);
}

/** One catalog product the user may see (the shared catalog or their own imports). */
export async function visibleCatalogProduct(db: Database, userId: number, id: string): Promise<LaunchCatalogRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogProducts)
    .where(and(eq(catalogProducts.id, id.toUpperCase()), visibleTo(userId)))
    .limit(1);
  return row;
}

/** Catalog records by id, as the user may see them (a page's product record). */
export async function visibleCatalogProducts(db: Database, userId: number, ids: readonly string[]): Promise<LaunchCatalogRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(catalogProducts).where(and(inArray(catalogProducts.id, [...ids]), visibleTo(userId)));
}

/** The user's pages, most recently edited first. */
export function pagesOfUser(db: Database, userId: number, limit = 200): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.userId, userId)).orderBy(desc(pages.updatedAt), desc(pages.id)).limit(limit);
}

export interface StoreProductExport {
  pageId: string;
  shopDomain: string;
  productAdminUrl: string;
}

/** The latest Shopify export of each page to each shop (newest first). */
export async function latestStoreProductExports(db: Database, userId: number, pageIds: readonly string[]): Promise<StoreProductExport[]> {
  if (pageIds.length === 0) return [];
  const rows = await db
    .select({ pageId: pageExports.pageId, shopDomain: pageExports.shopDomain, productAdminUrl: pageExports.productAdminUrl })
    .from(pageExports)
    .where(and(eq(pageExports.userId, userId), eq(pageExports.kind, "shopify"), inArray(pageExports.pageId, [...pageIds]), isNotNull(pageExports.productAdminUrl)))
    .orderBy(desc(pageExports.id))
    .limit(1000);
  const seen = new Set<string>();
  const out: StoreProductExport[] = [];
  for (const row of rows) {
    if (!row.shopDomain || !row.productAdminUrl) continue;
    const key = `${row.pageId} ${row.shopDomain}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pageId: row.pageId, shopDomain: row.shopDomain, productAdminUrl: row.productAdminUrl });
  }
  return out;
}

/** Whether a drop page is published at this slug (any owner: the address is public). */
export async function publishedSlugExists(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.slug, slug), eq(pages.status, "published"))).limit(1);
  return row !== undefined;
}

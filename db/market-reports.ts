/**
 * Deep market analysis reports: the report rows (every query scoped by the owner) and the catalog
 * reads a report is written from (a niche's products, their ads, the niche's stores), limited to
 * the shared sample plus the owner's own records.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "./client";
import { visibleTo } from "./catalog";
import { catalogAds, catalogProducts, catalogStores, marketReports } from "./schema";

export type MarketReportRow = typeof marketReports.$inferSelect;
export type NewMarketReport = typeof marketReports.$inferInsert;

export async function insertMarketReport(db: Database, row: NewMarketReport): Promise<MarketReportRow> {
  const [inserted] = await db.insert(marketReports).values(row).returning();
  return inserted;
}

/** The user's reports, newest first. */
export function listMarketReports(db: Database, userId: number, limit = 50) {
  return db
    .select({
      id: marketReports.id,
      subjectKind: marketReports.subjectKind,
      subjectId: marketReports.subjectId,
      title: marketReports.title,
      status: marketReports.status,
      progress: marketReports.progress,
      step: marketReports.step,
      cited: marketReports.cited,
      error: marketReports.error,
      createdAt: marketReports.createdAt,
      finishedAt: marketReports.finishedAt,
    })
    .from(marketReports)
    .where(eq(marketReports.userId, userId))
    .orderBy(desc(marketReports.createdAt), desc(marketReports.id))
    .limit(limit);
}

export async function findMarketReport(db: Database, userId: number, id: string): Promise<MarketReportRow | undefined> {
  const [row] = await db
    .select()
    .from(marketReports)
    .where(and(eq(marketReports.id, id), eq(marketReports.userId, userId)));
  return row;
}

/**
 * Changes a report's progress, or finishes it. Only a running report changes (a finished one is
 * final); answers whether the row was there to change (false once the owner deleted it).
 */
export async function updateRunningReport(
  db: Database,
  userId: number,
  id: string,
  patch: Partial<Pick<MarketReportRow, "status" | "progress" | "step" | "markdown" | "cited" | "error" | "finishedAt">>,
): Promise<boolean> {
  const rows = await db
    .update(marketReports)
    .set(patch)
    .where(and(eq(marketReports.id, id), eq(marketReports.userId, userId), eq(marketReports.status, "running")))
    .returning({ id: marketReports.id });
  return rows.length > 0;
}

export async function deleteMarketReport(db: Database, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(marketReports)
    .where(and(eq(marketReports.id, id), eq(marketReports.userId, userId)))
    .returning({ id: marketReports.id });
  return rows.length > 0;
}

// --- What a report reads ----------------------------------------------------------------------

/** Every product of a niche the user may read, best score first (then by id). */
export function productsOfNiche(db: Database, userId: number, nicheId: string) {
  return db
    .select()
    .from(catalogProducts)
    .where(and(eq(catalogProducts.nicheId, nicheId), visibleTo(userId)))
    .orderBy(sql`${catalogProducts.score} IS NULL`, desc(catalogProducts.score), asc(catalogProducts.id));
}

/** The ads of some products (a niche's), most engaging first. */
export async function adsOfProducts(db: Database, productIds: readonly string[]) {
  const ads: (typeof catalogAds.$inferSelect)[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < productIds.length; i += 90) {
    ads.push(...(await db.select().from(catalogAds).where(inArray(catalogAds.productId, productIds.slice(i, i + 90)))));
  }
  return ads.sort((a, b) => b.engagementRatePct - a.engagementRatePct || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The stores of a niche: the sample's and the user's own tracked ones, biggest first. */
export function storesOfNiche(db: Database, userId: number, nicheId: string) {
  return db
    .select()
    .from(catalogStores)
    .where(and(eq(catalogStores.nicheId, nicheId), or(isNull(catalogStores.ownerUserId), eq(catalogStores.ownerUserId, userId))))
    .orderBy(sql`${catalogStores.estMonthlyRevenueUsd} IS NULL`, desc(catalogStores.estMonthlyRevenueUsd), asc(catalogStores.id));
}

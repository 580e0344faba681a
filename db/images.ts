/**
 * Images' queries (all of their SQL): the merchant's uploads, generated images and visuals,
 * scoped by their owner; the public read of an image used on a page. Another user's id finds nothing.
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { ImageKind } from "~/domain/images";
import type { Database } from "./client";
import { images, type ImageRow } from "./schema";

export type { ImageRow };
export type NewImage = typeof images.$inferInsert;

export interface ImageFilters {
  kind?: ImageKind;
  projectId?: string;
  productId?: string;
  presetId?: string;
  /** Inclusive ISO dates (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export async function insertImages(db: Database, rows: NewImage[]): Promise<ImageRow[]> {
  if (rows.length === 0) return [];
  // D1 caps bound parameters per statement (100): a row binds 27, so insert a few at a time.
  const out: ImageRow[] = [];
  for (let i = 0; i < rows.length; i += 3) out.push(...(await db.insert(images).values(rows.slice(i, i + 3)).returning()));
  return out;
}

export async function findImage(db: Database, userId: number, id: string): Promise<ImageRow | undefined> {
  return db.select().from(images).where(and(eq(images.userId, userId), eq(images.id, id))).get();
}

/** The caller's images among `ids` (another user's ids are simply absent). */
export async function findImages(db: Database, userId: number, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(images).where(and(eq(images.userId, userId), inArray(images.id, [...ids]))).all();
}

/** Newest first; `cursor` is the last row's "createdAt|id" of the previous page. */
export async function listImages(db: Database, userId: number, filters: ImageFilters, cursor: string | undefined, limit: number): Promise<{ rows: ImageRow[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(images.userId, userId)];
  if (filters.kind) where.push(eq(images.kind, filters.kind));
  if (filters.projectId) where.push(eq(images.projectId, filters.projectId));
  if (filters.productId) where.push(eq(images.productId, filters.productId));
  if (filters.presetId) where.push(eq(images.presetId, filters.presetId));
  if (filters.from) where.push(gte(images.createdAt, `${filters.from}T00:00:00.000Z`));
  if (filters.to) where.push(lte(images.createdAt, `${filters.to}T23:59:59.999Z`));
  if (cursor) {
    const [at, id] = cursor.split("|");
    if (at && id) where.push(or(lt(images.createdAt, at), and(eq(images.createdAt, at), lt(images.id, id)))!);
  }
  const rows = await db
    .select()
    .from(images)
    .where(and(...where))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit + 1)
    .all();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? `${last.createdAt}|${last.id}` : null };
}

/** Deletes the caller's image and answers the row (for its R2 keys), or undefined when it is not theirs. */
export async function deleteImageRow(db: Database, userId: number, id: string): Promise<ImageRow | undefined> {
  return db.delete(images).where(and(eq(images.userId, userId), eq(images.id, id))).returning().get();
}

export async function markImagePublished(db: Database, userId: number, id: string, at: string): Promise<void> {
  await db.update(images).set({ publishedAt: at }).where(and(eq(images.userId, userId), eq(images.id, id)));
}

/** An image anyone may fetch because its owner used it on a page. */
export async function findPublishedImage(db: Database, id: string): Promise<Pick<ImageRow, "r2Key" | "mimeType"> | undefined> {
  return db.select({ r2Key: images.r2Key, mimeType: images.mimeType }).from(images).where(and(eq(images.id, id), isNotNull(images.publishedAt))).get();
}

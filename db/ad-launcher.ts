/**
 * The AI Launcher's queries (issue 28): the connected ad account, launches and the Meta object ids
 * each launch recorded, and the offline dev ad account's state. Every merchant query takes the
 * user id and scopes by it.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "./client";
import { adAccounts, adLaunches, adLaunchObjects, catalogProducts, devAdAccountState, devAdImages, savedProducts, type AdAccountRow, type AdLaunchObjectRow, type AdLaunchRow } from "./schema";

export type { AdAccountRow, AdLaunchObjectRow, AdLaunchRow };

export async function findAdAccount(db: Database, userId: number): Promise<AdAccountRow | undefined> {
  return db.select().from(adAccounts).where(eq(adAccounts.userId, userId)).get();
}

/** Connecting again replaces the account (one per merchant). */
export async function upsertAdAccount(db: Database, row: typeof adAccounts.$inferInsert): Promise<AdAccountRow> {
  const { userId: _owner, ...rest } = row;
  const [saved] = await db
    .insert(adAccounts)
    .values(row)
    .onConflictDoUpdate({ target: adAccounts.userId, set: { ...rest, blockedUntil: null, connectedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
    .returning();
  return saved!;
}

export async function deleteAdAccount(db: Database, userId: number): Promise<boolean> {
  const rows = await db.delete(adAccounts).where(eq(adAccounts.userId, userId)).returning({ userId: adAccounts.userId });
  return rows.length > 0;
}

export async function setAdAccountBlockedUntil(db: Database, userId: number, until: number | null): Promise<void> {
  await db.update(adAccounts).set({ blockedUntil: until }).where(eq(adAccounts.userId, userId)).run();
}

export async function insertLaunch(db: Database, row: typeof adLaunches.$inferInsert): Promise<AdLaunchRow> {
  const [saved] = await db.insert(adLaunches).values(row).returning();
  return saved!;
}

export async function findLaunch(db: Database, userId: number, id: string): Promise<AdLaunchRow | undefined> {
  return db.select().from(adLaunches).where(and(eq(adLaunches.id, id), eq(adLaunches.userId, userId))).get();
}

export async function listLaunches(db: Database, userId: number, limit = 100): Promise<AdLaunchRow[]> {
  return db.select().from(adLaunches).where(eq(adLaunches.userId, userId)).orderBy(desc(adLaunches.createdAt), desc(adLaunches.id)).limit(limit).all();
}

export async function updateLaunch(
  db: Database,
  userId: number,
  id: string,
  set: Partial<Pick<AdLaunchRow, "state" | "error" | "insights" | "chargedAt">>,
): Promise<AdLaunchRow | undefined> {
  const [row] = await db
    .update(adLaunches)
    .set({ ...set, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(adLaunches.id, id), eq(adLaunches.userId, userId)))
    .returning();
  return row;
}

/**
 * Moves a launch from one state to another only if it is still in the first: two retries at
 * once cannot both run (the second finds it "launching" already).
 */
export async function claimLaunchState(db: Database, userId: number, id: string, from: AdLaunchRow["state"], to: AdLaunchRow["state"]): Promise<boolean> {
  const rows = await db
    .update(adLaunches)
    .set({ state: to, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(adLaunches.id, id), eq(adLaunches.userId, userId), eq(adLaunches.state, from)))
    .returning({ id: adLaunches.id });
  return rows.length > 0;
}

export async function launchObjects(db: Database, launchIds: readonly string[]): Promise<AdLaunchObjectRow[]> {
  if (launchIds.length === 0) return [];
  return db.select().from(adLaunchObjects).where(inArray(adLaunchObjects.launchId, [...launchIds])).orderBy(asc(adLaunchObjects.createdAt)).all();
}

/** Records an object Meta made; the (launch, kind, label) key means one object per step, ever. */
export async function recordLaunchObject(db: Database, row: typeof adLaunchObjects.$inferInsert): Promise<void> {
  await db.insert(adLaunchObjects).values(row).run();
}

export async function readDevAdState(db: Database, accountId: string): Promise<string | null> {
  const row = await db.select({ state: devAdAccountState.state }).from(devAdAccountState).where(eq(devAdAccountState.accountId, accountId)).get();
  return row?.state ?? null;
}

export async function writeDevAdState(db: Database, accountId: string, state: string): Promise<void> {
  await db
    .insert(devAdAccountState)
    .values({ accountId, state })
    .onConflictDoUpdate({ target: devAdAccountState.accountId, set: { state, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
    .run();
}

export async function saveDevAdImage(db: Database, hash: string, mimeType: string, dataBase64: string): Promise<void> {
  await db.insert(devAdImages).values({ hash, mimeType, dataBase64 }).onConflictDoNothing().run();
}

export async function findDevAdImage(db: Database, hash: string) {
  return db.select().from(devAdImages).where(eq(devAdImages.hash, hash)).get();
}

/** Catalog products the merchant can advertise: their imports, and the catalog products they saved to a list. */
export async function launchableCatalogProducts(db: Database, userId: number, limit = 200) {
  const saved = db.select({ id: savedProducts.productId }).from(savedProducts).where(eq(savedProducts.userId, userId));
  return db
    .select({
      id: catalogProducts.id,
      ownerUserId: catalogProducts.ownerUserId,
      name: catalogProducts.name,
      imageUrl: catalogProducts.imageUrl,
      priceCents: catalogProducts.priceCents,
      costCents: catalogProducts.costCents,
      shippingCostCents: catalogProducts.shippingCostCents,
    })
    .from(catalogProducts)
    .where(or(eq(catalogProducts.ownerUserId, userId), inArray(catalogProducts.id, saved)))
    .orderBy(desc(catalogProducts.createdAt), desc(catalogProducts.id))
    .limit(limit)
    .all();
}

import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { devStoreState } from "./schema";

/** The dev store's serialised state for a shop; null before its first use. */
export async function readDevStoreState(db: Database, shop: string): Promise<string | null> {
  const row = await db.select({ state: devStoreState.state }).from(devStoreState).where(eq(devStoreState.shop, shop)).get();
  return row?.state ?? null;
}

export async function writeDevStoreState(db: Database, shop: string, state: string): Promise<void> {
  await db
    .insert(devStoreState)
    .values({ shop, state })
    .onConflictDoUpdate({ target: devStoreState.shop, set: { state, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } })
    .run();
}

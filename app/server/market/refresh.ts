/**
 * The catalog refresh, run by `scheduled()` 8 times a day (cron in wrangler.toml) and after an
 * import: re-scores products, snapshots tracked stores, and records what it did. Each user's
 * imports are scored against the sample and their own products only.
 */
import type { Database } from "../../../db/client";
import { ownersOfImports, recordRefresh, scoreInputs, updateScores } from "../../../db/catalog";
import { scoreProducts } from "./score";

/** Re-scores the sample (when `ownerUserId` is null) or one user's imports; writes only changed scores. */
export async function rescoreCatalog(db: Database, now: Date, ownerUserId: number | null = null): Promise<number> {
  const inputs = await scoreInputs(db, ownerUserId);
  const scores = scoreProducts(inputs);
  const changed = inputs
    .filter((i) => i.ownerUserId === ownerUserId)
    .map((i) => ({ id: i.id, old: i.score, next: scores.get(i.id)! }))
    .filter((s) => s.old !== s.next.score)
    .map((s) => ({ id: s.id, score: s.next.score, reasons: s.next }));
  await updateScores(db, changed, now.toISOString());
  return changed.length;
}

export interface RefreshDeps {
  db: Database;
  now: Date;
  /** Snapshots every tracked store and records their changes (server/market/competitors.ts). */
  snapshotStores(db: Database, now: Date): Promise<{ snapshotted: number; changes: number }>;
}

export interface RefreshOutcome {
  productsRescored: number;
  storesSnapshotted: number;
  changesRecorded: number;
  durationMs: number;
}

export async function refreshCatalog(deps: RefreshDeps, trigger: string): Promise<RefreshOutcome> {
  const started = Date.now();
  let productsRescored = await rescoreCatalog(deps.db, deps.now);
  for (const owner of await ownersOfImports(deps.db)) productsRescored += await rescoreCatalog(deps.db, deps.now, owner);
  const stores = await deps.snapshotStores(deps.db, deps.now);
  const outcome = { productsRescored, storesSnapshotted: stores.snapshotted, changesRecorded: stores.changes, durationMs: Date.now() - started };
  await recordRefresh(deps.db, { ranAt: deps.now.toISOString(), trigger, ...outcome });
  return outcome;
}

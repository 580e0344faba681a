/** Catalog refresh jobs for staff: the last runs, and a run now (the same work the cron does). */
import { recordAdminAction } from "../../../db/admin-audit";
import { latestRefreshes } from "../../../db/catalog";
import type { Database } from "../../../db/client";
import { snapshotTrackedStores } from "../market/competitors";
import { refreshCatalog } from "../market/refresh";
import type { GuardedFetcher } from "../web/url-guard";
import type { StaffActor } from "./service";

export async function recentCatalogRefreshes(db: Database, limit = 20) {
  return latestRefreshes(db, limit);
}

/** Runs workers/scheduled.ts's refresh now, records it as triggered by staff, and audits it. */
export async function runCatalogRefresh(deps: { db: Database; fetcher: GuardedFetcher; actor: StaffActor; now: Date }, reason: string) {
  const outcome = await refreshCatalog(
    { db: deps.db, now: deps.now, snapshotStores: (db, now) => snapshotTrackedStores(db, deps.fetcher, now) },
    `staff ${deps.actor.email}`,
  );
  const entry = await recordAdminAction(deps.db, {
    actorId: deps.actor.id,
    actorEmail: deps.actor.email,
    action: "catalog.refresh",
    targetType: "catalog",
    targetId: "refresh",
    reason,
    details: { ...outcome },
  });
  return { outcome, auditId: entry.id };
}

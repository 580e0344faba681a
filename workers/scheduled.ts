/**
 * Cron work (wrangler.toml `[triggers]`: every 3 hours, 8 times a day): the catalog refresh
 * re-scores products, snapshots tracked competitor stores and records what changed; Stripe events
 * kept pending for more than 30 days (a customer no checkout tied to a user) are dropped.
 */
import { createDb } from "../db/client";
import { snapshotTrackedStores } from "../app/server/market/competitors";
import { refreshCatalog } from "../app/server/market/refresh";
import { prunePendingEvents } from "../app/server/billing/stripe-webhook";
import { createGuardedFetcher } from "../app/server/web/url-guard";
import { getEnv } from "../app/server/platform/env";
import { createLogger } from "../app/server/platform/log";

export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: Env): Promise<void> {
  const config = getEnv(env);
  const log = createLogger({ cron: controller.cron }, config.LOG_LEVEL);
  const fetcher = createGuardedFetcher({ allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on" });
  const db = createDb(env.DB);
  const now = new Date(controller.scheduledTime);
  // First and apart: a failing catalog refresh must not keep the pending events growing.
  const pruned = await prunePendingEvents({ db, now });
  if (pruned) log.info("stale pending stripe events dropped", { pruned });
  const outcome = await refreshCatalog({ db, now, snapshotStores: (db, now) => snapshotTrackedStores(db, fetcher, now) }, `cron ${controller.cron}`);
  log.info("catalog refreshed", { ...outcome });
}

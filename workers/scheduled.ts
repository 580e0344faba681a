/**
 * Cron work (wrangler.toml `[triggers]`: every 3 hours, 8 times a day): the catalog refresh
 * re-scores products, snapshots tracked competitor stores and records what changed.
 */
import { createDb } from "../db/client";
import { snapshotTrackedStores } from "../app/server/market/competitors";
import { refreshCatalog } from "../app/server/market/refresh";
import { createGuardedFetcher } from "../app/server/web/url-guard";
import { getEnv } from "../app/server/platform/env";
import { createLogger } from "../app/server/platform/log";

export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: Env): Promise<void> {
  const config = getEnv(env);
  const log = createLogger({ cron: controller.cron }, config.LOG_LEVEL);
  const fetcher = createGuardedFetcher({ allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on" });
  const outcome = await refreshCatalog(
    { db: createDb(env.DB), now: new Date(controller.scheduledTime), snapshotStores: (db, now) => snapshotTrackedStores(db, fetcher, now) },
    `cron ${controller.cron}`,
  );
  log.info("catalog refreshed", { ...outcome });
}

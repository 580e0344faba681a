/** The scheduled() refresh: re-scores products, snapshots tracked stores, records the run. */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { call, verifiedUser, seedSampleCatalog } from "./helpers";

beforeAll(() => seedSampleCatalog(), 120_000);

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "0 */3 * * *", scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("scheduled catalog refresh", () => {
  it("restores a score that drifted from its record, records the run, and scores imports against their owner's data", async () => {
    const [{ score: before }] = (await env.DB.prepare("SELECT score FROM catalog_products WHERE id = 'P-0007'").all<{ score: number }>()).results;
    await env.DB.prepare("UPDATE catalog_products SET score = 0 WHERE id = 'P-0007'").run();
    const u = await verifiedUser();
    const imported = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "json", content: JSON.stringify([{ name: "Cron widget", price: 12, cost: 3, weekly_orders: [5, 5, 5, 5, 9, 9, 9, 9] }]) } });
    const id = imported.json.acceptedRows[0].productId;
    await env.DB.prepare("UPDATE catalog_products SET score = NULL WHERE id = ?").bind(id).run();

    const tracked = await call("/api/competitors", { method: "POST", token: u.token, body: { sampleStoreId: "S-002" } });
    expect(tracked.status).toBe(201);

    const at = Date.parse("2026-11-25T09:00:00Z");
    await runCron(at);

    // The tracked store was snapshotted at the cron's time.
    const snapshot = await env.DB.prepare("SELECT * FROM store_snapshots WHERE store_id = 'S-002' ORDER BY id DESC LIMIT 1").first<Record<string, unknown>>();
    expect(snapshot).toMatchObject({ taken_at: "2026-11-25T09:00:00.000Z", status: "ok" });

    const [{ score: after }] = (await env.DB.prepare("SELECT score FROM catalog_products WHERE id = 'P-0007'").all<{ score: number }>()).results;
    expect(after).toBe(before);
    const mine = await call(`/api/catalog/products/${id}`, { token: u.token });
    expect(mine.json.score.score).toBeGreaterThan(0);
    const run = await env.DB.prepare("SELECT * FROM catalog_refreshes ORDER BY id DESC LIMIT 1").first<Record<string, unknown>>();
    expect(run).toMatchObject({ ran_at: "2026-11-25T09:00:00.000Z", trigger: "cron 0 */3 * * *" });
    expect(run!.products_rescored).toBeGreaterThanOrEqual(2);
    expect(run!.stores_snapshotted).toBeGreaterThanOrEqual(1);
  }, 30_000);
});

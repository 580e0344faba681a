// The Explorer's queries read indexes, not the 5,100 wide product rows (issue 29, migration 0028):
// SQLite's own EXPLAIN QUERY PLAN for each of the bench's queries, on the seeded sample catalog.
// And the stored winning scores the Explorer sorts and filters on equal the computed ones, after
// the seed and after a product changes and the refresh runs.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ExplorerQuerySchema, type ExplorerQuery } from "~/domain/contracts/market";
import { rescoreCatalog } from "~/server/market/refresh";
import { scoreProducts } from "~/server/market/score";
import { explorerCount, explorerPageRowids, scoreInputs } from "../../db/catalog";
import { createDb } from "../../db/client";
import { EXPLORER_QUERIES } from "../bench/lib/explorer-queries.mjs";
import { call, seedSampleCatalog, verifiedUser } from "./helpers";

const db = createDb(env.DB);
const USER_ID = 1;

beforeAll(async () => {
  await seedSampleCatalog();
}, 120_000);

const queryOf = (url: string): ExplorerQuery => ExplorerQuerySchema.parse(Object.fromEntries(new URL(url, "http://x").searchParams));

/** The steps of SQLite's plan for a drizzle query, one `detail` line each. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** The two statements an Explorer page runs over the products: the count and the page's rowids. */
async function plansFor(url: string) {
  const q = queryOf(url);
  return {
    count: await planOf(explorerCount(db, USER_ID, q)),
    page: await planOf(explorerPageRowids(db, USER_ID, q, q.pageSize, (q.page - 1) * q.pageSize)),
    q,
  };
}

/** A step sorting rows the index did not order (all of the ORDER BY, or its "RIGHT PART"). */
const sorts = (plan: string[]) => plan.filter((step) => step.startsWith("USE TEMP B-TREE FOR") && step.includes("ORDER BY"));

/** A step reading the products table row by row: a SCAN not through an index. */
const tableScans = (plan: string[]) => plan.filter((step) => /^SCAN catalog_products\b/.test(step) && !/INDEX/.test(step));

describe("the Explorer's query plans on the seeded catalog", () => {
  it.each(EXPLORER_QUERIES)("%s reads indexes, never a scan of the products table", async (url) => {
    const { count, page } = await plansFor(url);
    expect(tableScans(count), count.join("\n")).toEqual([]);
    expect(tableScans(page), page.join("\n")).toEqual([]);
  });

  it.each(EXPLORER_QUERIES.filter((url) => !/[?&](niche|q)=/.test(url)))(
    "%s reads its page off the sort's own index, without sorting every match",
    async (url) => {
      const { page, q } = await plansFor(url);
      expect(page.join("\n")).toContain(`catalog_products_${q.sort}_${q.order}_idx`);
      expect(sorts(page), page.join("\n")).toEqual([]);
    },
  );

  it("counts from a covering index (the rows carry score reasons and weekly series)", async () => {
    for (const url of EXPLORER_QUERIES.filter((u) => !/[?&](niche|q)=/.test(u))) {
      const { count } = await plansFor(url);
      const readsProducts = count.filter((step) => /^(SEARCH|SCAN) catalog_products\b/.test(step));
      expect(readsProducts.length, count.join("\n")).toBeGreaterThan(0);
      expect(readsProducts.filter((step) => !step.includes("COVERING INDEX")), count.join("\n")).toEqual([]);
    }
  });

  it("fails when an index is dropped: the check above sees the sort, and the scan", async () => {
    const url = "/api/catalog/products?priceMin=1500&priceMax=4000&trend=rising&shipMax=10&sort=trend";
    const indexSql = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN ('catalog_products_trend_desc_idx', 'catalog_products_filter_idx')").all<{ name: string; sql: string }>();
    expect(indexSql.results).toHaveLength(2);
    try {
      for (const { name } of indexSql.results) await env.DB.exec(`DROP INDEX ${name}`);
      const { page } = await plansFor(url);
      expect(sorts(page), page.join("\n")).not.toEqual([]);
      expect(page.join("\n")).not.toContain("catalog_products_trend_desc_idx");
      const all = await planOf(explorerCount(db, USER_ID, queryOf("/api/catalog/products?marginMin=50&platform=TikTok")));
      expect(all.some((step) => step.includes("COVERING INDEX")), all.join("\n")).toBe(false);
    } finally {
      for (const { sql } of indexSql.results) await env.DB.prepare(sql).run();
    }
    const { page } = await plansFor(url);
    expect(sorts(page)).toEqual([]);
  });
});

describe("stored winning scores", () => {
  async function storedAndComputed() {
    const inputs = await scoreInputs(db, null);
    const computed = scoreProducts(inputs);
    return inputs.map((i) => ({ id: i.id, stored: i.score, computed: computed.get(i.id)!.score }));
  }

  it("equal the computed score for every sample product after the seed", async () => {
    const scores = await storedAndComputed();
    expect(scores.length).toBeGreaterThanOrEqual(5000);
    expect(scores.filter((s) => s.stored !== s.computed)).toEqual([]);
  }, 60_000);

  it("follow a product's change through the refresh, and the Explorer ranks by the new score", async () => {
    // Orders soar in the last four weeks, as a newer import of the market would say.
    const [row] = await env.DB.prepare("SELECT weekly_orders, score FROM catalog_products WHERE id = 'P-0042'").all<{ weekly_orders: string; score: number }>().then((r) => r.results);
    const weekly = (JSON.parse(row.weekly_orders) as number[]).map((n, week, all) => (week >= all.length - 4 ? n * 40 + 500 : n));
    await env.DB.prepare("UPDATE catalog_products SET weekly_orders = ? WHERE id = 'P-0042'").bind(JSON.stringify(weekly)).run();
    expect((await storedAndComputed()).filter((s) => s.stored !== s.computed).length).toBeGreaterThan(0);

    expect(await rescoreCatalog(db, new Date("2026-11-20T00:00:00Z"))).toBeGreaterThan(0);
    const after = await storedAndComputed();
    expect(after.filter((s) => s.stored !== s.computed)).toEqual([]);
    const changed = after.find((s) => s.id === "P-0042")!;
    expect(changed.stored).toBeGreaterThan(row.score);

    const paid = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(paid.user.id).run();
    const { json } = await call(`/api/catalog/products?scoreMin=${changed.stored}&pageSize=100`, { token: paid.token });
    const listed = json.data.find((p: { id: string }) => p.id === "P-0042");
    expect(listed?.score).toBe(changed.stored);
  }, 60_000);
});

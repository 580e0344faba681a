import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, verifiedUser, seedSampleCatalog } from "./helpers";

let token: string;
let paidToken: string;

beforeAll(async () => {
  await seedSampleCatalog();
  token = (await verifiedUser()).token;
  const paid = await verifiedUser();
  paidToken = paid.token;
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(paid.user.id).run();
}, 120_000);

describe("GET /api/catalog/products", () => {
  it("answers a page of scored products, best score first, labelled as sample data", async () => {
    const { status, json } = await call("/api/catalog/products", { token });
    expect(status).toBe(200);
    expect(json.data).toHaveLength(25);
    expect(json.total).toBeGreaterThanOrEqual(5000);
    const scores = json.data.map((p: { score: number }) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(json.data[0]).toMatchObject({ source: "sample", isSampleData: true });
    expect(json.data[0].recentOrders).toHaveLength(12);
    // Each row's own name and niche, as its record says (the niche's name is a column of its own).
    const record = (await call(`/api/catalog/products/${json.data[0].id}`, { token })).json;
    expect(json.data[0]).toMatchObject({ name: record.name, productType: record.productType, niche: record.niche, priceCents: record.priceCents });
  });

  it("filters by niche, price, competition, trend and shipping, and searches names", async () => {
    const { json } = await call("/api/catalog/products?niche=pet-supplies&priceMax=3000&competition=low,medium&trend=rising&shipMax=10&pageSize=100", { token });
    expect(json.data.length).toBeGreaterThan(0);
    for (const p of json.data) {
      expect(p.niche.id).toBe("pet-supplies");
      expect(p.priceCents).toBeLessThanOrEqual(3000);
      expect(["low", "medium"]).toContain(p.competition);
      expect(p.trendPct).toBeGreaterThanOrEqual(10);
      expect(p.shippingDays).toBeLessThanOrEqual(10);
    }
    const search = await call("/api/catalog/products?q=brushes&pageSize=100", { token });
    expect(search.json.data.length).toBeGreaterThan(0);
    for (const p of search.json.data) expect(`${p.name} ${p.productType}`.toLowerCase()).toContain("brush");
  });

  it("sorts by any column in either order and pages without overlap", async () => {
    const asc = await call("/api/catalog/products?sort=price&order=asc&pageSize=50", { token });
    const prices = asc.json.data.map((p: { priceCents: number }) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const page1 = await call("/api/catalog/products?sort=orders&page=1&pageSize=10", { token });
    const page2 = await call("/api/catalog/products?sort=orders&page=2&pageSize=10", { token });
    const ids1 = new Set(page1.json.data.map((p: { id: string }) => p.id));
    expect(page2.json.data.some((p: { id: string }) => ids1.has(p.id))).toBe(false);
  });

  it("lets the free plan read the first 50 results of a ranking and a paid plan all of them", async () => {
    const free = await call("/api/catalog/products?page=3&pageSize=25", { token });
    expect(free.json.data).toHaveLength(0);
    expect(free.json.planCap).toBe(50);
    expect(free.json.visibleTotal).toBe(50);
    const paid = await call("/api/catalog/products?page=3&pageSize=25", { token: paidToken });
    expect(paid.json.data).toHaveLength(25);
    expect(paid.json.planCap).toBeNull();
  });

  it("refuses bad parameters with a message naming them, and signed-out callers", async () => {
    const bad = await call("/api/catalog/products?pageSize=500&sort=vibes", { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/pageSize|sort/);
    expect((await call("/api/catalog/products")).status).toBe(401);
  });

  it("says so when the lowest price is above the highest, instead of answering no rows", async () => {
    const clash = await call("/api/catalog/products?priceMin=5000&priceMax=2000", { token });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.json)).toContain("The highest price is below the lowest price, so no product can match");
    expect((await call("/api/catalog/products?priceMin=2000&priceMax=2000", { token })).status).toBe(200);
    expect((await call("/api/catalog/exports/products.csv?priceMin=5000&priceMax=2000", { token })).status).toBe(400);
  });
});

describe("GET /api/catalog/products/{id}", () => {
  it("answers the record with 26 weeks of history and a score whose reasons add up to it", async () => {
    const { status, json } = await call("/api/catalog/products/P-0001", { token });
    expect(status).toBe(200);
    expect(json.weeklyOrders).toHaveLength(26);
    expect(json.weeklyOrders[25].weekOf).toBe("2026-11-16");
    const last4 = json.weeklyOrders.slice(-4).reduce((s: number, w: { value: number }) => s + w.value, 0);
    expect(json.monthlyOrders).toBe(last4);
    expect(json.score.components).toHaveLength(5);
    const sum = json.score.components.reduce((s: number, c: { contribution: number }) => s + c.contribution, 0);
    expect(Math.abs(sum - json.score.score)).toBeLessThanOrEqual(1);
    for (const c of json.score.components) expect(c.values.length).toBeGreaterThan(0);
    expect(json.weeklyActiveAds[25].value).toBe(json.activeAds);
  });

  it("holds one value per figure: the list row, the record, its active ads and its margins agree", async () => {
    const page = (await call("/api/catalog/products?sort=ads&order=desc&pageSize=25", { token })).json as { data: { id: string; activeAds: number; marginPct: number | null }[] };
    expect(page.data.length).toBeGreaterThan(0);
    for (const row of page.data.slice(0, 12)) {
      const record = (await call(`/api/catalog/products/${row.id}`, { token })).json;
      expect(record.activeAds, row.id).toBe(row.activeAds);
      expect(record.ads.filter((ad: { active: boolean }) => ad.active)).toHaveLength(record.activeAds);
      expect(record.weeklyActiveAds.at(-1).value).toBe(record.activeAds);
      expect(record.marginPct).toBe(row.marginPct);
      expect(record.marginCents).toBe(record.priceCents - record.costCents);
    }
  });

  it("answers 404 naming an unknown id", async () => {
    const { status, json } = await call("/api/catalog/products/P-9999", { token });
    expect(status).toBe(404);
    expect(json.message).toBe("No product P-9999 in the catalog.");
  });
});

describe("the backtest, the CSV export and saved lists", () => {
  it("reports the score's measured precision against the base rate, with its method", async () => {
    const { json } = await call("/api/catalog/score/backtest", { token });
    expect(json.data.precisionPct).toBeGreaterThan(json.data.baseRatePct);
    expect(json.data.method).toContain("top 10%");
    expect(json.data.weeks.length).toBeGreaterThan(5);
  });

  it("exports the filtered results as CSV within the plan's cap", async () => {
    const res = await call("/api/catalog/exports/products.csv?niche=pet-supplies", { token });
    expect(res.res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toContain("orders_last_4_weeks");
    expect(lines.length).toBe(51);
  });

  it("saves a product to a named list, filters by it, and removes it", async () => {
    const saved = await call("/api/catalog/products/P-0002/saves", { method: "POST", token, body: { list: "Test ideas" } });
    expect(saved.json.data).toEqual([{ name: "Test ideas", count: 1 }]);
    const listed = await call("/api/catalog/products?saved=Test%20ideas", { token });
    expect(listed.json.data.map((p: { id: string }) => p.id)).toEqual(["P-0002"]);
    expect(listed.json.data[0].savedLists).toEqual(["Test ideas"]);
    const removed = await call("/api/catalog/products/P-0002/saves/Test%20ideas", { method: "DELETE", token });
    expect(removed.json.data).toEqual([]);
    expect((await call("/api/catalog/products/P-0000/saves", { method: "POST", token, body: { list: "x" } })).status).toBe(404);
  });

  it("lists the 60 sample niches with their product counts", async () => {
    const { json } = await call("/api/catalog/niches", { token });
    expect(json.data.length).toBeGreaterThanOrEqual(60);
    expect(json.data.reduce((s: number, n: { productCount: number }) => s + n.productCount, 0)).toBeGreaterThanOrEqual(5000);
  });
});

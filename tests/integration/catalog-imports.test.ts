/** Catalog imports: a CSV or JSON feed and a Shopify store become the importer's own products, with a report. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, verifiedUser, seedSampleCatalog } from "./helpers";

const { harbor } = env.FAKE_SHOPIFY;

beforeAll(() => seedSampleCatalog(), 120_000);

const CSV = [
  "Name,Price,Cost,Shipping Cost,Shipping Days,Niche,Weekly Orders,Active Ads",
  'Cordless milk frother,19.99,4.10,2.50,6,Coffee gear,10;12;15;18;21;25;30;36,2',
  "Ceramic pour-over cone,,3.00,,,Coffee gear,,",
  "Glass carafe,twelve,3.00,,,Coffee gear,,",
  "Bamboo tray,14.50,,,,,,",
  "Filter papers,4.99,0.80,,120,Coffee gear,,",
].join("\n");

describe("POST /api/catalog/imports", () => {
  it("accepts valid rows, refuses the others with every reason, and scores what it can", async () => {
    const u = await verifiedUser();
    const { status, json } = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "csv", content: CSV } });
    expect(status).toBe(201);
    expect(json.accepted).toBe(2);
    expect(json.refused).toBe(3);
    expect(json.refusedRows).toEqual([
      { row: 2, reasons: ["price is missing"] },
      { row: 3, reasons: ['price "twelve" is not an amount like 24.99'] },
      { row: 5, reasons: ['shipping_days "120" is not a whole number of days from 1 to 90'] },
    ]);
    expect(json.columns).toEqual(expect.arrayContaining(["name", "price", "cost", "weekly_orders"]));

    const frother = json.acceptedRows.find((r: { name: string }) => r.name === "Cordless milk frother");
    const record = await call(`/api/catalog/products/${frother.productId}`, { token: u.token });
    expect(record.json).toMatchObject({ origin: "feed", isSampleData: false, priceCents: 1999, costCents: 410, monthlyOrders: 25 + 30 + 36 + 21, trendPct: Math.round(((25 + 30 + 36 + 21) / (10 + 12 + 15 + 18) - 1) * 100), activeAds: 2 });
    expect(record.json.score.score).toBeGreaterThan(0);
    expect(record.json.score.missing).toEqual([]);

    // A row without cost or history is scored on what it has, and says what it left out.
    const tray = json.acceptedRows.find((r: { name: string }) => r.name === "Bamboo tray");
    const trayRecord = await call(`/api/catalog/products/${tray.productId}`, { token: u.token });
    expect(trayRecord.json.costCents).toBeNull();
    expect(trayRecord.json.niche.name).toBe("Imported products");
    expect(trayRecord.json.score.missing).toEqual(expect.arrayContaining(["demand", "momentum", "margin", "shipping"]));

    const mine = await call("/api/catalog/products?source=mine", { token: u.token });
    expect(mine.json.data.map((p: { name: string }) => p.name).sort()).toEqual(["Bamboo tray", "Cordless milk frother"]);
  });

  it("keeps imports to their owner: another user neither lists nor opens them", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const { json } = await call("/api/catalog/imports", { method: "POST", token: owner.token, body: { format: "json", content: JSON.stringify([{ name: "Private widget", price: 9.99 }]) } });
    const id = json.acceptedRows[0].productId;
    expect((await call(`/api/catalog/products/${id}`, { token: other.token })).status).toBe(404);
    expect((await call("/api/catalog/products?source=mine", { token: other.token })).json.data).toEqual([]);
    const search = await call("/api/catalog/products?q=private%20widget", { token: other.token });
    expect(search.json.data).toEqual([]);
    expect((await call(`/api/catalog/products/${id}/saves`, { method: "POST", token: other.token, body: { list: "x" } })).status).toBe(404);
  });

  it("names what is wrong with a feed it cannot read at all", async () => {
    const u = await verifiedUser();
    const noPrice = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "csv", content: "title,cost\nA,1" } });
    expect(noPrice.status).toBe(400);
    expect(noPrice.json.message).toBe('The feed needs "name" and "price" columns; it has "title", "cost".');
    const badJson = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "json", content: "{nope" } });
    expect(badJson.status).toBe(400);
    expect(badJson.json.message).toMatch(/^The JSON feed is not valid JSON/);
    const notList = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "json", content: '{"a":1}' } });
    expect(notList.json.message).toContain("must be a list of products");
    expect((await call("/api/catalog/imports", { method: "POST", body: { format: "csv", content: CSV } })).status).toBe(401);
  });
});

describe("POST /api/catalog/imports/shopify", () => {
  it("imports a Shopify store's catalog through the guard", async () => {
    const u = await verifiedUser();
    const { status, json } = await call("/api/catalog/imports/shopify", { method: "POST", token: u.token, body: { url: harbor } });
    expect(status).toBe(201);
    expect(json.format).toBe("shopify");
    expect(json.accepted).toBeGreaterThan(0);
    const record = await call(`/api/catalog/products/${json.acceptedRows[0].productId}`, { token: u.token });
    expect(record.json.origin).toBe("shopify");
    expect(record.json.sourceUrl).toContain("/products/");
  });

  it("refuses a private address before any request, naming the refusal", async () => {
    const u = await verifiedUser();
    const { status, json } = await call("/api/catalog/imports/shopify", { method: "POST", token: u.token, body: { url: "http://10.0.0.8/" } });
    expect(status).toBe(400);
    expect(json.message).toMatch(/10\.0\.0\.8/);
  });
});

/**
 * Competitor research in workerd against the local fake Shopify stores (tests/integration/fake-shopify.ts):
 * tracking a Shopify store through the URL guard (listings, best-selling ranks), the guard's
 * refusals, a non-Shopify site, duplicates, the plan's tracked-store limit, cross-user isolation,
 * the comparison, and the scheduled snapshot recording what changed in a store.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { snapshotTrackedStores } from "~/server/market/competitors";
import { createGuardedFetcher } from "~/server/web/url-guard";
import { createDb } from "../../db/client";
import { call, verifiedUser, seedSampleCatalog } from "./helpers";

const { harbor, summit, web } = env.FAKE_SHOPIFY;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as in the other suites
type Answer = Record<string, any>;

async function storeState(origin: string): Promise<Answer> {
  return (await (await fetch(`${origin}/__admin/state`)).json()) as Answer;
}

async function mutate(origin: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${origin}/__admin/mutate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return (await res.json()) as Answer;
}

/** A store of its own on a new port, so mutating it disturbs no other test. */
async function newStore(options: Answer = {}): Promise<string> {
  const res = await fetch(`${harbor}/__admin/stores`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ products: 30, ...options }) });
  return ((await res.json()) as Answer).origin as string;
}

async function paidUser() {
  const u = await verifiedUser();
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
  return u;
}

const track = (token: string, body: unknown) => call("/api/competitors", { method: "POST", token, body });

beforeAll(() => seedSampleCatalog(), 120_000);

describe("who may track", () => {
  it("answers 401 signed out", async () => {
    expect((await call("/api/competitors")).status).toBe(401);
    expect((await call("/api/competitors", { method: "POST", body: { url: harbor } })).status).toBe(401);
  });

  it("answers 400 for a body with neither or both of url and sampleStoreId", async () => {
    const { token } = await verifiedUser();
    for (const body of [{}, { url: "" }, { url: harbor, sampleStoreId: "S-001" }]) {
      const { status, json } = await track(token, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.type).toBe("VALIDATION");
    }
  });
});

describe("tracking a Shopify store through the guard", () => {
  let token: string;
  let harborId: string;
  beforeAll(async () => {
    token = (await paidUser()).token;
  });

  it("reads the whole catalogue (3 pages) with the store's best-selling ranks, as the user's own store", async () => {
    const { status, json } = await track(token, { url: `${harbor}/collections/all?utm=x` });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({ name: "Harbor Candle Co.", url: harbor, source: "shopify", isSampleData: false, platform: "Shopify", productCount: 612 });
    expect(json.lastSnapshotAt).toBeTruthy();
    harborId = json.id;

    const detail = (await call(`/api/competitors/${harborId}`, { token })).json;
    expect(detail.hasBestSellingOrder).toBe(true);
    expect(detail.bestSellersFrom).toBe("store");
    expect(detail.listings).toHaveLength(612);
    const state = await storeState(harbor);
    const byHandle = new Map(detail.listings.map((l: Answer) => [l.productKey, l]));
    for (const p of state.products.slice(0, 50)) {
      const listing = byHandle.get(p.handle) as Answer;
      expect(listing.title).toBe(p.title);
      expect(listing.bestSellerRank).toBe(p.rank);
      expect(listing.priceCents).toBe(Math.min(...p.variants.map((v: Answer) => v.priceCents)));
    }
    expect(detail.priceBands.map((b: Answer) => b.label)).toEqual(["Under $15", "$15–30", "$30–60", "$60+"]);
    expect(detail.priceBands.reduce((n: number, b: Answer) => n + b.count, 0)).toBe(612);
    expect(detail.snapshots).toHaveLength(1);
    expect(detail.snapshots[0]).toMatchObject({ productCount: 612, status: "ok" });
    expect(detail.changes).toEqual([]);
  });

  it("reads the best-selling order from the collection page where the JSON is missing (its first page only)", async () => {
    const { status, json } = await track(token, { url: summit });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({ name: "Summit Supply", productCount: 40 });
    const detail = (await call(`/api/competitors/${json.id}`, { token })).json;
    const ranked = detail.listings.filter((l: Answer) => l.bestSellerRank !== null).sort((a: Answer, b: Answer) => a.bestSellerRank - b.bestSellerRank);
    expect(ranked).toHaveLength(24);
    const state = await storeState(summit);
    const best = [...state.products].sort((a: Answer, b: Answer) => a.rank - b.rank).slice(0, 24);
    expect(ranked.map((l: Answer) => l.productKey)).toEqual(best.map((p: Answer) => p.handle));
    expect(detail.snapshots[0].message).toMatch(/first page/);
  });

  it("answers 409 naming the store when it is tracked twice, however the URL is written", async () => {
    for (const url of [harbor, `${harbor}/`, `${harbor}/products/anything?x=1`]) {
      const { status, json } = await track(token, { url });
      expect(status, url).toBe(409);
      expect(json.type).toBe("CONFLICT");
      expect(json.message).toContain("Harbor Candle Co.");
    }
    const list = (await call("/api/competitors", { token })).json;
    expect(list.data.filter((c: Answer) => c.url === harbor)).toHaveLength(1);
  });

  it("refuses every class of address the guard refuses, naming the refusal, and stores nothing", async () => {
    const cases: [string, string][] = [
      ["http://127.0.0.1/", "loopback address"],
      ["http://localhost/", "loopback name"],
      ["http://2130706433/", "written as 2130706433"],
      ["http://10.0.0.1/", "private network address (10.0.0.1"],
      ["http://192.168.1.1/shop", "private network address"],
      ["http://100.64.0.1/", "carrier-grade NAT"],
      ["http://169.254.169.254/latest/meta-data/", "cloud metadata address"],
      ["http://metadata.google.internal/", "cloud metadata hostname"],
      ["http://[fe80::1]/", "link-local"],
      ["ftp://example.com/", "only http and https"],
      ["https://user:pass@example.com/", "user name or password"],
      ["https://example.com:8443/", "port 8443"],
      ["http://0.0.0.0/", "unspecified"],
    ];
    const before = (await call("/api/competitors", { token })).json.used;
    for (const [url, words] of cases) {
      const { status, json } = await track(token, { url });
      expect(status, url).toBe(400);
      expect(json.type, url).toBe("VALIDATION");
      expect(json.message, url).toContain("Refused");
      expect(json.message, url).toContain(words);
    }
    expect((await call("/api/competitors", { token })).json.used).toBe(before);
  });

  it("answers 400 for a site that is not a Shopify store, naming that no storefront JSON was found", async () => {
    const { status, json } = await track(token, { url: `${web}/pages/opengraph-only` });
    expect(status).toBe(400);
    expect(json.type).toBe("VALIDATION");
    expect(json.message).toContain(`No Shopify storefront JSON was found at ${web}`);
    expect(json.message).toContain("404");
  });

  it("answers 404 for an unknown sample store", async () => {
    const { status } = await track(token, { sampleStoreId: "S-999" });
    expect(status).toBe(404);
  });
});

describe("the plan's tracked-store limit, enforced by the server", () => {
  it("lets the free plan track 1 store: the second answers 403 QUOTA_EXCEEDED naming the limit, before any fetch", async () => {
    const { token } = await verifiedUser();
    const first = await track(token, { sampleStoreId: "S-002" });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({ storeId: "S-002", source: "sample", isSampleData: true });

    const untouched = await newStore({ products: 5 });
    const second = await track(token, { url: untouched });
    expect(second.status).toBe(403);
    expect(second.json.type).toBe("QUOTA_EXCEEDED");
    expect(second.json.message).toContain("free plan tracks 1 competitor store");
    expect(second.json.details).toMatchObject({ allowance: "trackedStores", limit: 1 });
    expect((await storeState(untouched)).requests).toEqual([]);

    const sample = await track(token, { sampleStoreId: "S-003" });
    expect(sample.status).toBe(403);
    const list = (await call("/api/competitors", { token })).json;
    expect(list).toMatchObject({ used: 1, limit: 1 });

    // Stop tracking the first: there is room again.
    expect((await call(`/api/competitors/${first.json.id}`, { method: "DELETE", token })).status).toBe(200);
    expect((await track(token, { sampleStoreId: "S-003" })).status).toBe(201);
  });

  it("lets a paid plan track more (growth: 25)", async () => {
    const { token } = await paidUser();
    for (const id of ["S-004", "S-005", "S-006"]) expect((await track(token, { sampleStoreId: id })).status).toBe(201);
    const list = (await call("/api/competitors", { token })).json;
    expect(list).toMatchObject({ used: 3, limit: 25 });
    expect(list.data.map((c: Answer) => c.storeId).sort()).toEqual(["S-004", "S-005", "S-006"]);
  });

  it("tracks a sample store once per user (409) while other users track it too", async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    expect((await track(a.token, { sampleStoreId: "S-007" })).status).toBe(201);
    expect((await track(b.token, { sampleStoreId: "S-007" })).status).toBe(201);
    const again = await paidUser();
    expect((await track(again.token, { sampleStoreId: "S-007" })).status).toBe(201);
    const dup = await track(again.token, { sampleStoreId: "S-007" });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toMatch(/^You already track /);
  });
});

describe("cross-user isolation", () => {
  let owner: Answer;
  let other: Answer;
  let shopId: string;
  let sampleId: string;
  beforeAll(async () => {
    owner = await paidUser();
    other = await paidUser();
    const shop = await newStore({ products: 12 });
    shopId = (await track(owner.token, { url: shop })).json.id;
    sampleId = (await track(owner.token, { sampleStoreId: "S-010" })).json.id;
  });

  it("answers 404 to another user's competitor on GET, DELETE and compare, and lists never show it", async () => {
    for (const id of [shopId, sampleId]) {
      expect((await call(`/api/competitors/${id}`, { token: other.token })).status).toBe(404);
      expect((await call(`/api/competitors/${id}`, { method: "DELETE", token: other.token })).status).toBe(404);
      expect((await call(`/api/competitors/compare?ids=${id}`, { token: other.token })).status).toBe(404);
    }
    const theirs = (await call("/api/competitors", { token: other.token })).json;
    expect(theirs.data).toEqual([]);
    expect(theirs.used).toBe(0);
    // Still the owner's, untouched.
    expect((await call(`/api/competitors/${shopId}`, { token: owner.token })).json.listings).toHaveLength(12);
    expect((await call("/api/competitors", { token: owner.token })).json.used).toBe(2);
  });

  it("gives a second user tracking the same Shopify store a store of their own", async () => {
    const first = (await call(`/api/competitors/${shopId}`, { token: owner.token })).json;
    const mine = await track(other.token, { url: first.url });
    expect(mine.status).toBe(201);
    expect(mine.json.storeId).not.toBe(first.storeId);
    expect((await call(`/api/competitors/${mine.json.id}`, { method: "DELETE", token: other.token })).status).toBe(200);
    expect((await call(`/api/competitors/${shopId}`, { token: owner.token })).json.listings).toHaveLength(12);
  });

  it("lists sample stores to try, marking the ones the caller tracks", async () => {
    const { json } = await call("/api/competitors/samples", { token: owner.token });
    expect(json.data.length).toBeGreaterThanOrEqual(4);
    for (const s of json.data) expect(s).toMatchObject({ isSampleData: true });
    const { json: others } = await call("/api/competitors/samples", { token: other.token });
    expect(others.data.every((s: Answer) => s.trackedId === null)).toBe(true);
  });
});

describe("comparing tracked stores", () => {
  let token: string;
  const ids: string[] = [];
  beforeAll(async () => {
    token = (await paidUser()).token;
    for (const sampleStoreId of ["S-011", "S-012", "S-013", "S-014"]) ids.push((await track(token, { sampleStoreId })).json.id);
  });

  it("puts up to 3 stores side by side: counts, median price, price bands, best sellers", async () => {
    const { status, json } = await call(`/api/competitors/compare?ids=${ids.slice(0, 3).join(",")}`, { token });
    expect(status).toBe(200);
    expect(json.stores.map((s: Answer) => s.id)).toEqual(ids.slice(0, 3));
    for (const s of json.stores) {
      expect(s.isSampleData).toBe(true);
      expect(s.priceBands.reduce((n: number, b: Answer) => n + b.count, 0)).toBe(s.productCount);
      expect(s.medianPriceCents).toBeGreaterThanOrEqual(s.minPriceCents);
      expect(s.medianPriceCents).toBeLessThanOrEqual(s.maxPriceCents);
      expect(s.bestSellers.length).toBeGreaterThan(0);
      expect(s.bestSellers[0].bestSellerRank).toBe(1);
    }
  });

  it("answers 400 for more than 3 stores or none", async () => {
    const four = await call(`/api/competitors/compare?ids=${ids.join(",")}`, { token });
    expect(four.status).toBe(400);
    expect(four.json.message).toContain("at most 3");
    expect((await call("/api/competitors/compare?ids=", { token })).status).toBe(400);
  });

  it("shows a sample store's catalogue, dated changes and estimated best sellers", async () => {
    const detail = (await call(`/api/competitors/${ids[0]}`, { token })).json;
    expect(detail.isSampleData).toBe(true);
    expect(detail.bestSellersFrom).toBe("estimate");
    expect(detail.listings.length).toBeGreaterThan(0);
    for (const c of detail.changes) expect(["added", "removed", "price"]).toContain(c.kind);
  });

  it("dates every change of a sample store by one of its snapshots, so the counts agree (one value per figure)", async () => {
    for (const id of ids) {
      const detail = (await call(`/api/competitors/${id}`, { token })).json as { changes: { at: string }[]; snapshots: { takenAt: string; status: string; productCount: number }[]; lastSnapshotAt: string | null; listings: unknown[] };
      const taken = new Set(detail.snapshots.map((s) => s.takenAt.slice(0, 10)));
      for (const change of detail.changes) expect(taken.has(change.at.slice(0, 10)), change.at).toBe(true);
      expect(detail.snapshots.length).toBeGreaterThan(0);
      expect(detail.lastSnapshotAt?.slice(0, 10)).toBe(detail.snapshots[0].takenAt.slice(0, 10));
    }
    const list = (await call("/api/competitors", { token })).json as { data: { lastSnapshotAt: string | null }[] };
    for (const c of list.data) expect(c.lastSnapshotAt).not.toBeNull();
  });
});

describe("snapshotTrackedStores (the scheduled refresh)", () => {
  it("records added, removed and price changes, and a broken store as failed without stopping the others", async () => {
    const { token } = await paidUser();
    const shop = await newStore({ products: 30 });
    const broken = await newStore({ products: 8 });
    const tracked = (await track(token, { url: shop })).json;
    const brokenTracked = (await track(token, { url: broken })).json;
    const sample = (await track(token, { sampleStoreId: "S-020" })).json;
    expect([tracked.productCount, brokenTracked.productCount]).toEqual([30, 8]);

    const state = await storeState(shop);
    const [gone, repriced] = [state.products[3], state.products[7]];
    const oldPrice = Math.min(...repriced.variants.map((v: Answer) => v.priceCents));
    await mutate(shop, { op: "add", product: { title: "Brand New Lantern", priceCents: 4299 } });
    await mutate(shop, { op: "remove", handle: gone.handle });
    await mutate(shop, { op: "price", handle: repriced.handle, priceCents: 1234 });
    // The broken store now points at a site that answers no Shopify JSON.
    await env.DB.prepare("UPDATE catalog_stores SET url = ? WHERE id = ?").bind(web, brokenTracked.storeId).run();

    // Runs are dated after the tracking snapshots (taken at the real clock), as a real cron run is.
    const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    const outcome = await snapshotTrackedStores(createDb(env.DB), createGuardedFetcher({ allowLoopbackForTests: true }), now);
    expect(outcome.snapshotted).toBeGreaterThanOrEqual(2);
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    expect(outcome.changes).toBeGreaterThanOrEqual(3);

    const detail = (await call(`/api/competitors/${tracked.id}`, { token })).json;
    const at = now.toISOString();
    const changes = detail.changes.filter((c: Answer) => c.at === at);
    expect(changes).toEqual(
      expect.arrayContaining([
        { at, kind: "added", productKey: "brand-new-lantern", title: "Brand New Lantern", oldPriceCents: null, newPriceCents: 4299 },
        { at, kind: "removed", productKey: gone.handle, title: gone.title, oldPriceCents: expect.any(Number), newPriceCents: null },
        { at, kind: "price", productKey: repriced.handle, title: repriced.title, oldPriceCents: oldPrice, newPriceCents: 1234 },
      ]),
    );
    expect(changes).toHaveLength(3);
    expect(detail.productCount).toBe(30);
    expect(detail.lastSnapshotAt).toBe(at);
    expect(detail.snapshots[0]).toMatchObject({ takenAt: at, productCount: 30, status: "ok" });
    const removed = detail.listings.find((l: Answer) => l.productKey === gone.handle);
    expect(removed.removedAt).toBe(at);
    expect(detail.listings.find((l: Answer) => l.productKey === repriced.handle).priceCents).toBe(1234);

    const failed = (await call(`/api/competitors/${brokenTracked.id}`, { token })).json;
    expect(failed.snapshots[0]).toMatchObject({ takenAt: at, status: "failed", productCount: 8 });
    expect(failed.snapshots[0].message).toContain("No Shopify storefront JSON");
    expect(failed.listings.filter((l: Answer) => l.removedAt === null)).toHaveLength(8);
    expect(failed.lastSnapshotAt).not.toBe(at);

    const sampleDetail = (await call(`/api/competitors/${sample.id}`, { token })).json;
    expect(sampleDetail.snapshots[0]).toMatchObject({ takenAt: at, status: "ok", productCount: sample.productCount });

    // A second run with nothing changed records nothing new for the store; a product back on sale is added again.
    await mutate(shop, { op: "add", product: { title: gone.title, handle: gone.handle, priceCents: 999 } });
    const later = new Date(now.getTime() + 3 * 3_600_000);
    await snapshotTrackedStores(createDb(env.DB), createGuardedFetcher({ allowLoopbackForTests: true }), later);
    const again = (await call(`/api/competitors/${tracked.id}`, { token })).json;
    expect(again.changes.filter((c: Answer) => c.at === later.toISOString())).toEqual([
      { at: later.toISOString(), kind: "added", productKey: gone.handle, title: gone.title, oldPriceCents: null, newPriceCents: 999 },
    ]);
    expect(again.listings.find((l: Answer) => l.productKey === gone.handle).removedAt).toBeNull();
    expect(again.productCount).toBe(31);
  });
});

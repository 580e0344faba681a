/**
 * POST /api/url-inspections in workerd with real fetches to the local fake servers
 * (tests/integration/fake-shopify.ts): every refusal class of the URL guard, redirects re-checked
 * at each hop, the size and time caps, and the extractor against each kind of page (ADR 012).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchShopifyCatalog } from "~/server/web/product-extractor";
import { createGuardedFetcher, guardRefusalOf } from "~/server/web/url-guard";
import { RATE_LIMITS } from "~/server/platform/rate-limit-rules";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const { harbor, summit, web } = env.FAKE_SHOPIFY;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as in the other suites
type Answer = Record<string, any>;

/** A signed-in inspector: a user of its own, so each block stays under the per-user rate limit. */
function inspector() {
  let token = "";
  beforeAll(async () => {
    token = (await verifiedUser()).token;
  });
  return async (url: unknown): Promise<{ status: number; json: Answer }> => {
    const { status, json } = await call("/api/url-inspections", { method: "POST", body: { url }, token });
    return { status, json };
  };
}

async function storeState(origin: string): Promise<Answer> {
  return (await (await fetch(`${origin}/__admin/state`)).json()) as Answer;
}

describe("who may inspect, and what a body must be", () => {
  const inspect = inspector();

  it("answers 401 signed out", async () => {
    const { status, json } = await call("/api/url-inspections", { method: "POST", body: { url: `${harbor}/` } });
    expect(status).toBe(401);
    expect(json.type).toBe("UNAUTHENTICATED");
  });

  it("answers 400 VALIDATION for a malformed body, naming the field", async () => {
    for (const url of [undefined, 42, "", "   ", "x".repeat(2049)]) {
      const { status, json } = await inspect(url);
      expect(status, String(url).slice(0, 20)).toBe(400);
      expect(json.type).toBe("VALIDATION");
      expect(json.details.fields[0].path).toBe("url");
    }
  });
});

describe("refused before any request: every class of address, in every notation", () => {
  const inspect = inspector();
  const cases: [string, string, string][] = [
    ["http://127.0.0.1/", "loopback", "loopback address (127.0.0.1, in 127.0.0.0/8)"],
    ["http://[::1]/", "loopback", "loopback address ([::1], in ::1/128)"],
    ["http://localhost/admin", "loopback", "loopback name (localhost)"],
    ["http://2130706433/", "loopback", "127.0.0.1 written as 2130706433"],
    ["http://0x7f000001/", "loopback", "127.0.0.1 written as 0x7f000001"],
    ["http://0177.0.0.1/", "loopback", "127.0.0.1 written as 0177.0.0.1"],
    ["http://127.1/", "loopback", "127.0.0.1 written as 127.1"],
    ["http://[::ffff:127.0.0.1]/", "loopback", "written as an IPv4-mapped address"],
    ["http://10.0.0.1/", "private", "private network address (10.0.0.1, in 10.0.0.0/8)"],
    ["http://167772161/", "private", "10.0.0.1 written as 167772161"],
    ["http://172.16.5.4/", "private", "in 172.16.0.0/12"],
    ["http://192.168.1.1/", "private", "in 192.168.0.0/16"],
    ["http://[fd00::1]/", "private", "unique local (private) address"],
    ["http://100.64.0.1/", "shared_address", "carrier-grade NAT"],
    ["http://169.254.169.254/latest/meta-data/", "metadata", "cloud metadata address (link-local) (169.254.169.254"],
    ["http://0xa9fea9fe/", "metadata", "169.254.169.254 written as 0xa9fea9fe"],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata", "cloud metadata hostname"],
    ["http://169.254.10.1/", "link_local", "link-local address"],
    ["http://[fe80::1]/", "link_local", "link-local address"],
    ["http://0.0.0.0/", "unspecified", "unspecified"],
    ["http://224.0.0.1/", "multicast", "multicast"],
    ["http://240.0.0.1/", "reserved", "reserved address"],
    ["ftp://example.com/catalog.csv", "scheme", "only http and https addresses are fetched (this one is ftp:)"],
    ["file:///etc/passwd", "scheme", "only http and https"],
    ["javascript:alert(1)", "scheme", "only http and https"],
    ["http://admin:secret@example.com/", "credentials", "user name or password"],
    ["http://example.com:8080/", "port", "port 8080 is not fetched"],
    ["http://db.internal/", "internal_hostname", "internal hostname"],
    ["not a url", "invalid_url", "not a valid web address"],
  ];

  it.each(cases)("%s → %s", async (url, code, words) => {
    const { status, json } = await inspect(url);
    expect(status).toBe(200);
    expect(json.decision).toMatchObject({ allowed: false, code });
    expect(json.decision.message).toMatch(/^Refused /);
    expect(json.decision.message).toContain(words);
    expect(json.decision.message).not.toContain("secret");
    expect(json.decision.hops).toEqual([{ url: json.decision.url, status: null }]);
    expect(json.extraction).toBeNull();
  });
});

describe("refused at a later hop or by a cap, with real requests to the fake website", () => {
  const inspect = inspector();

  it("re-checks a redirect: a hop to a private address is refused and never requested", async () => {
    const { json } = await inspect(`${web}/hostile/redirect-private`);
    expect(json.decision).toMatchObject({ allowed: false, code: "private" });
    expect(json.decision.message).toBe(`Refused http://10.0.0.1/admin: private network address (10.0.0.1, in 10.0.0.0/8) (a redirect from ${web}/hostile/redirect-private led there)`);
    expect(json.decision.hops).toEqual([
      { url: `${web}/hostile/redirect-private`, status: 302 },
      { url: "http://10.0.0.1/admin", status: null },
    ]);
    expect(json.extraction.sources[0]).toMatchObject({ endpoint: "page", outcome: "refused", refusalCode: "private" });
    expect(json.extraction.missing).toHaveLength(8);
  });

  it("refuses redirects to the metadata address, to loopback written in decimal, and to a file: URL", async () => {
    const metadata = (await inspect(`${web}/hostile/redirect-metadata`)).json;
    expect(metadata.decision).toMatchObject({ allowed: false, code: "metadata" });
    expect(metadata.decision.hops[0]).toEqual({ url: `${web}/hostile/redirect-metadata`, status: 301 });
    const decimal = (await inspect(`${web}/hostile/redirect-decimal`)).json;
    expect(decimal.decision).toMatchObject({ allowed: false, code: "loopback" });
    expect(decimal.decision.message).toContain("127.0.0.1 written as 2130706433");
    const scheme = (await inspect(`${web}/hostile/redirect-scheme`)).json;
    expect(scheme.decision).toMatchObject({ allowed: false, code: "scheme" });
  });

  it("follows five redirects, refuses a sixth, and refuses a loop", async () => {
    const five = (await inspect(`${web}/hostile/redirect-chain/5`)).json;
    expect(five.decision.allowed).toBe(true);
    expect(five.decision.hops).toHaveLength(6);
    expect(five.decision.hops.at(-1)).toEqual({ url: `${web}/hostile/redirect-chain/0`, status: 200 });
    expect(five.extraction.fields.title).toEqual({ value: "Trailhead Insulated Bottle – 750 ml", source: "opengraph" });
    const six = (await inspect(`${web}/hostile/redirect-chain/6`)).json;
    expect(six.decision).toMatchObject({ allowed: false, code: "too_many_redirects" });
    expect(six.decision.message).toContain("more than 5 redirects");
    expect(six.decision.hops).toHaveLength(6);
    const loop = (await inspect(`${web}/hostile/redirect-loop`)).json;
    expect(loop.decision).toMatchObject({ allowed: false, code: "redirect_loop" });
    expect(loop.decision.hops.map((h: { status: number }) => h.status)).toEqual([302, 302]);
  });

  it("follows a relative redirect to an allowed page", async () => {
    const { json } = await inspect(`${web}/hostile/redirect-relative`);
    expect(json.decision.allowed).toBe(true);
    expect(json.decision.hops).toEqual([
      { url: `${web}/hostile/redirect-relative`, status: 307 },
      { url: `${web}/pages/opengraph-only`, status: 200 },
    ]);
  });

  it("stops an oversize body at the size cap, with or without a declared length", async () => {
    for (const path of ["/hostile/oversize", "/hostile/oversize-declared"]) {
      const { json } = await inspect(`${web}${path}`);
      expect(json.decision, path).toMatchObject({ allowed: false, code: "too_large" });
      expect(json.decision.message).toContain("over the 3 MB size limit");
    }
  });

  it("refuses a binary answer where a page was expected", async () => {
    const { json } = await inspect(`${web}/hostile/wrong-type`);
    expect(json.decision).toMatchObject({ allowed: false, code: "content_type" });
    expect(json.decision.message).toContain("it answered application/octet-stream, not text/html or application/xhtml+xml");
  });

  it("stops a slow server at the time cap", { timeout: 30_000 }, async () => {
    const started = Date.now();
    const { json } = await inspect(`${web}/hostile/slow`);
    expect(json.decision).toMatchObject({ allowed: false, code: "timeout" });
    expect(json.decision.message).toMatch(/ took longer than 8 s to answer\. Try again later\.$/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe("what the extractor reads from each kind of page", () => {
  const inspect = inspector();

  it("a Shopify product: the .js endpoint, the currency from /cart.js, no page needed", async () => {
    const state = await storeState(harbor);
    const product = state.products[3];
    const { json } = await inspect(`${harbor}/products/${product.handle}`);
    expect(json.decision.allowed).toBe(true);
    expect(json.decision.hops).toEqual([{ url: `${harbor}/products/${product.handle}.js`, status: 200 }]);
    const { fields, sources, kind, missing } = json.extraction;
    expect(kind).toBe("shopify-product");
    expect(sources.map((s: Answer) => [s.endpoint, s.outcome])).toEqual([
      ["shopify-js", "ok"],
      ["shopify-cart", "ok"],
    ]);
    expect(fields.title).toEqual({ value: product.title, source: "shopify-js" });
    expect(fields.priceCents).toEqual({ value: Math.min(...product.variants.map((v: Answer) => v.priceCents)), source: "shopify-js" });
    expect(fields.currency).toEqual({ value: "USD", source: "shopify-js" });
    expect(fields.variants.value).toHaveLength(product.variants.length);
    expect(fields.images.value[0]).toMatch(/^https:\/\/cdn\.shopify\.com\//);
    expect(fields.description.value).toContain("made in small batches");
    expect(missing.filter((f: string) => f !== "compareAtPriceCents")).toEqual([]);
    expect(sources[0].ms).toBeGreaterThanOrEqual(0);
  });

  it("a store root: its first product from /products.json, in the store's currency", async () => {
    const { json } = await inspect(`${summit}/`);
    expect(json.extraction.kind).toBe("store");
    expect(json.extraction.productUrl).toMatch(new RegExp(`^${summit}/products/`));
    expect(json.extraction.fields.title.source).toBe("products-json");
    expect(json.extraction.fields.currency).toEqual({ value: "EUR", source: "shopify-js" });
  });

  it("a Shopify theme page (JSON-LD in @graph), a WooCommerce page (microdata), an OpenGraph-only page", async () => {
    const theme = (await inspect(`${web}/pages/shopify-theme`)).json.extraction;
    expect(theme.kind).toBe("page");
    expect(theme.fields.title).toEqual({ value: "Sea Salt & Driftwood Soy Candle", source: "json-ld" });
    expect(theme.fields.compareAtPriceCents).toEqual({ value: 3000, source: "json-ld" });
    expect(theme.fields.variants.value).toHaveLength(2);
    expect(theme.sources[0].found.map((f: Answer) => f.source)).toEqual(["json-ld", "opengraph", "html"]);

    const woo = (await inspect(`${web}/pages/woocommerce-microdata`)).json.extraction;
    expect(woo.fields.title).toEqual({ value: "Walnut Serving Board", source: "microdata" });
    expect(woo.fields.priceCents).toEqual({ value: 4500, source: "microdata" });
    expect(woo.fields.currency).toEqual({ value: "GBP", source: "microdata" });
    expect(woo.fields.images.value[1]).toBe(`${web}/wp-content/uploads/2025/03/walnut-board-side-600x600.jpg`);

    const og = (await inspect(`${web}/pages/opengraph-only`)).json.extraction;
    expect(og.fields.priceCents).toEqual({ value: 3495, source: "opengraph" });
    expect(og.fields.variants).toBeNull();
    expect(og.missing).toEqual(["variants"]);
  });

  it("a page with nothing: allowed, every field null, nothing invented", async () => {
    const { json } = await inspect(`${web}/pages/nothing`);
    expect(json.decision.allowed).toBe(true);
    expect(Object.values(json.extraction.fields)).toEqual(Array(8).fill(null));
    expect(json.extraction.missing).toEqual(["title", "description", "images", "priceCents", "compareAtPriceCents", "currency", "variants", "vendor"]);
    expect(json.extraction.sources[0]).toMatchObject({ endpoint: "page", outcome: "nothing", status: 200 });
  });

  it("a product that does not exist: each source says it answered 404", async () => {
    const { json } = await inspect(`${harbor}/products/no-such-candle`);
    expect(json.decision.allowed).toBe(true);
    expect(json.extraction.sources.map((s: Answer) => [s.endpoint, s.outcome, s.status])).toEqual([
      ["shopify-js", "http_error", 404],
      ["shopify-json", "http_error", 404],
      ["page", "http_error", 404],
    ]);
    expect(json.extraction.missing).toHaveLength(8);
  });

  it("a website that is not a Shopify store: /products.json answers 404, the page is read", async () => {
    const { json } = await inspect(`${web}/`);
    expect(json.extraction.sources.map((s: Answer) => [s.endpoint, s.outcome])).toEqual([
      ["products-json", "http_error"],
      ["page", "ok"],
    ]);
    expect(json.extraction.fields.title).toEqual({ value: "Oak & Iron Workshop", source: "html" });
  });
});

describe("thumbnails through the guard: GET /api/url-inspections/image", () => {
  let token = "";
  beforeAll(async () => {
    token = (await verifiedUser()).token;
  });
  const image = (url: string, auth = true) =>
    call(`/api/url-inspections/image?url=${encodeURIComponent(url)}`, auth ? { token } : {});

  it("passes a raster image on, from our origin, under a CSP that runs nothing", async () => {
    // Read as bytes (the shared call() helper reads text, which workerd warns about for a PNG).
    const res = await WORKER.fetch(`${BASE}/api/url-inspections/image?url=${encodeURIComponent(`${web}/images/dot.png`)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("refuses SVG, refused addresses and missing images in the error taxonomy, and answers 401 signed out", async () => {
    const svg = await image(`${web}/images/logo.svg`);
    expect(svg.status).toBe(415);
    expect(svg.json.message).toContain("it answered image/svg+xml");
    const metadata = await image("http://169.254.169.254/latest/meta-data/");
    expect(metadata.status).toBe(400);
    expect(metadata.json).toMatchObject({ type: "VALIDATION", details: { refusal: { code: "metadata" } } });
    expect(metadata.json.message).toContain("cloud metadata address");
    const missing = await image(`${web}/images/none.png`);
    expect(missing.status).toBe(404);
    expect((await image(`${web}/images/dot.png`, false)).status).toBe(401);
  });
});

describe("the loopback allowance is the test setting's doing", () => {
  it("with URL_GUARD_ALLOW_LOOPBACK off, the fake store itself is refused as loopback", async () => {
    const u = await verifiedUser();
    const { createApi } = await import("../../functions");
    const ctx = createExecutionContext();
    const res = await createApi().fetch(
      new Request("https://app.dropcraft.test/api/url-inspections", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ url: `${harbor}/` }),
      }),
      { ...env, URL_GUARD_ALLOW_LOOPBACK: "off" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const json = (await res.json()) as Answer;
    expect(res.status).toBe(200);
    expect(json.decision).toMatchObject({ allowed: false, code: "loopback" });
    expect(json.extraction).toBeNull();
  });
});

describe("inspections are rate limited per user", () => {
  it("answers 429 RATE_LIMITED past the rule's limit", async () => {
    const { token } = await verifiedUser();
    const { limit } = RATE_LIMITS.urlInspectionByUser;
    for (let i = 0; i < limit; i++) {
      const { status } = await call("/api/url-inspections", { method: "POST", body: { url: "http://10.0.0.1/" }, token });
      expect(status).toBe(200);
    }
    const { status, json, res } = await call("/api/url-inspections", { method: "POST", body: { url: "http://10.0.0.1/" }, token });
    expect(status).toBe(429);
    expect(json.type).toBe("RATE_LIMITED");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("fetchShopifyCatalog against the fake stores (as competitor research calls it)", () => {
  const fetcher = createGuardedFetcher({ allowLoopbackForTests: true });

  it("pages a 612-product store at 250 a page and reads its best-selling order from the collection JSON", async () => {
    const catalog = await fetchShopifyCatalog(`${harbor}/products/anything`, fetcher);
    const state = await storeState(harbor);
    expect(catalog).toMatchObject({ storeUrl: harbor, pagesFetched: 3, complete: true });
    expect(catalog.products).toHaveLength(612);
    expect(catalog.products.map((p) => p.handle)).toEqual(state.products.map((p: Answer) => p.handle));
    expect(catalog.bestSelling?.source).toBe("collection-json");
    const byRank = [...state.products].sort((a: Answer, b: Answer) => a.rank - b.rank).map((p: Answer) => p.handle);
    expect(catalog.bestSelling?.handles).toEqual(byRank);
    expect(catalog.requests.map((r) => new URL(r.url).pathname + new URL(r.url).search).slice(0, 3)).toEqual([
      "/products.json?limit=250&page=1",
      "/products.json?limit=250&page=2",
      "/products.json?limit=250&page=3",
    ]);
  });

  it("falls back to the collection page's links where the collection JSON is missing", async () => {
    const catalog = await fetchShopifyCatalog(summit, fetcher);
    expect(catalog.products).toHaveLength(40);
    expect(catalog.bestSelling?.source).toBe("collection-html");
    expect(catalog.bestSelling?.handles).toHaveLength(24);
  });

  it("sees a store's changes between two reads (its own store, mutated through /__admin/mutate)", async () => {
    const created = (await (await fetch(`${web}/__admin/stores`, { method: "POST", body: JSON.stringify({ products: 5 }) })).json()) as { origin: string };
    const mutate = (body: unknown) => fetch(`${created.origin}/__admin/mutate`, { method: "POST", body: JSON.stringify(body) });
    const before = await fetchShopifyCatalog(created.origin, fetcher);
    expect(before.products).toHaveLength(5);
    const target = before.products[2];
    expect((await mutate({ op: "price", handle: target.handle, priceCents: 1234, compareAtPriceCents: 2000 })).status).toBe(200);
    expect((await mutate({ op: "add", product: { title: "Night Garden Candle", priceCents: 2800, vendor: "Harbor Candle Co." } })).status).toBe(201);
    expect((await mutate({ op: "remove", handle: before.products[0].handle })).status).toBe(200);
    expect((await mutate({ op: "rank", handles: ["night-garden-candle"] })).status).toBe(200);
    const after = await fetchShopifyCatalog(created.origin, fetcher);
    expect(after.products.map((p) => p.handle)).toContain("night-garden-candle");
    expect(after.products.map((p) => p.handle)).not.toContain(before.products[0].handle);
    const changed = after.products.find((p) => p.handle === target.handle)!;
    expect(changed).toMatchObject({ priceCents: 1234, compareAtPriceCents: 2000 });
    expect(changed.updatedAt).not.toBe(target.updatedAt);
    expect(after.bestSelling?.handles[0]).toBe("night-garden-candle");
  });

  it("refuses what the guard refuses, with the guard's own error", async () => {
    const err = await fetchShopifyCatalog("http://169.254.169.254/", fetcher).catch((e: unknown) => e);
    expect(guardRefusalOf(err)?.code).toBe("metadata");
    await expect(fetchShopifyCatalog(web, fetcher)).rejects.toMatchObject({ type: "VALIDATION", message: expect.stringContaining("is not a Shopify store we can read") });
  });
});

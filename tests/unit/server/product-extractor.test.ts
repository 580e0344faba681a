/** The product extractor's readers against saved pages of each kind, and the extractor's order of sources (ADR 012). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEntities, parseHtmlTree, stripHtml, textContent, tokenizeHtml } from "~/server/web/html";
import {
  extractProduct,
  fetchShopifyCatalog,
  handlesFromCollectionHtml,
  mergeFound,
  parseHtmlBasics,
  parseJsonLd,
  parseMicrodata,
  parseMoneyToCents,
  parseOpenGraph,
  parseProductsJson,
  parseShopifyProductJs,
  parseShopifyProductJson,
  shopifyProductPath,
} from "~/server/web/product-extractor";
import { createGuardedFetcher, guardRefusalOf, type GuardedFetcher, type GuardedResponse } from "~/server/web/url-guard";
import { AppError } from "~/domain/errors";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../fixtures/product-pages", name), "utf8");

const SHOPIFY_PAGE = fixture("shopify-theme.html");
const WOO_PAGE = fixture("woocommerce-microdata.html");
const OG_PAGE = fixture("opengraph-only.html");
const NOTHING_PAGE = fixture("nothing.html");
const GROUP_PAGE = fixture("json-ld-product-group.html");
const CANDLE_DESCRIPTION = "Hand-poured in small batches on the coast of Maine. Sea salt, driftwood & a little sage.\n\n100% soy wax, cotton wick\n50-hour burn time";

describe("JSON-LD", () => {
  it("reads a Shopify theme's Product from @graph, offers as variants, a strikethrough price as compare-at", () => {
    expect(parseJsonLd(SHOPIFY_PAGE, "https://harbor-candle.example/products/sea-salt-driftwood-candle")).toEqual({
      title: "Sea Salt & Driftwood Soy Candle",
      description: CANDLE_DESCRIPTION,
      images: [
        "https://harbor-candle.example/cdn/shop/files/driftwood-front.jpg?v=1712000000&width=1920",
        "https://harbor-candle.example/cdn/shop/files/driftwood-lid.jpg?v=1712000000&width=1920",
      ],
      priceCents: 2400,
      compareAtPriceCents: 3000,
      currency: "USD",
      variants: [
        { title: "8 oz", priceCents: 2400, compareAtPriceCents: 3000, sku: "HC-DRIFT-8", available: true },
        { title: "16 oz", priceCents: 3800, compareAtPriceCents: null, sku: "HC-DRIFT-16", available: false },
      ],
      vendor: "Harbor Candle Co.",
    });
  });

  it("reads a ProductGroup in a top-level array: variants from hasVariant, decimal commas, an ImageObject, a plain brand", () => {
    expect(parseJsonLd(GROUP_PAGE, "https://nordwind.example/p/beanie")).toEqual({
      title: "Merino Beanie",
      description: "Eine Mütze aus feiner Merinowolle. Weich & warm.",
      images: ["https://cdn.nordwind.example/beanie.jpg"],
      priceCents: 2490,
      currency: "EUR",
      variants: [
        { title: "Merino Beanie – Anthrazit", priceCents: 2990, compareAtPriceCents: null, sku: "NW-B-ANT", available: true },
        { title: "Merino Beanie – Senf", priceCents: 2490, compareAtPriceCents: null, sku: "NW-B-SNF", available: false },
      ],
      vendor: "Nordwind",
    });
  });

  it("reads an AggregateOffer's lowest price (a range, not a variant) and a product nested in mainEntity", () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemPage","mainEntity":{"@type":["Product","Thing"],"name":"Lamp","offers":{"@type":"AggregateOffer","lowPrice":"12.5","highPrice":"40","priceCurrency":"cad"}}}</script>`;
    expect(parseJsonLd(html)).toEqual({ title: "Lamp", priceCents: 1250, currency: "CAD" });
  });

  it("skips commented-out, broken and non-product blocks, and finds nothing on a page without a product", () => {
    expect(parseJsonLd(NOTHING_PAGE)).toBeNull();
    expect(parseJsonLd(`<!-- <script type="application/ld+json">{"@type":"Product","name":"Ghost"}</script> -->`)).toBeNull();
    expect(parseJsonLd(`<script type="application/ld+json">{"@type":"Product","name":"Raw\nnewline"}</script>`)).toEqual({ title: "Raw newline" });
  });
});

describe("OpenGraph", () => {
  it("reads a page that has only OpenGraph: relative images resolved, lower-case currency, original price as compare-at", () => {
    expect(parseOpenGraph(OG_PAGE, "https://summit-supply.example/gear/trailhead-bottle")).toEqual({
      title: "Trailhead Insulated Bottle – 750 ml",
      description: "Keeps water cold for 24 hours and coffee hot for 12. Powder-coated steel, leakproof lid.",
      images: ["https://summit-supply.example/media/trailhead-bottle-sage.jpg", "https://summit-supply.example/media/trailhead-bottle-slate.jpg"],
      priceCents: 3495,
      compareAtPriceCents: 3995,
      currency: "EUR",
      vendor: "Summit Supply",
    });
  });

  it("reads Shopify's og:price tags and ignores meta-looking text inside styles", () => {
    expect(parseOpenGraph(SHOPIFY_PAGE)).toEqual({
      title: "Sea Salt & Driftwood Soy Candle",
      description: "Hand-poured soy wax with notes of sea salt, driftwood and a little sage. 50-hour burn.",
      images: ["http://harbor-candle.example/cdn/shop/files/driftwood-front.jpg?v=1712000000"],
      priceCents: 2400,
      currency: "USD",
    });
  });
});

describe("microdata", () => {
  it("reads a WooCommerce product: nested offers of an AggregateOffer, brand item, content attributes, its own scope only", () => {
    expect(parseMicrodata(WOO_PAGE, "https://oak-iron.example/product/walnut-serving-board/")).toEqual({
      title: "Walnut Serving Board",
      description: "Cut from a single board of English walnut & finished with food-safe oil. Each one is different — the grain is the point.",
      images: [
        "https://oak-iron.example/wp-content/uploads/2025/03/walnut-board-600x600.jpg",
        "https://oak-iron.example/wp-content/uploads/2025/03/walnut-board-side-600x600.jpg",
      ],
      priceCents: 4500,
      currency: "GBP",
      variants: [
        { title: "Small (30 cm)", priceCents: 4500, compareAtPriceCents: null, sku: "OI-WAL-S", available: true },
        { title: "Banquet (120 cm)", priceCents: 125000, compareAtPriceCents: null, sku: "OI-WAL-XL", available: true },
      ],
      vendor: "Oak & Iron",
    });
  });

  it("finds no microdata where there is none", () => {
    for (const page of [SHOPIFY_PAGE, OG_PAGE, NOTHING_PAGE]) expect(parseMicrodata(page)).toBeNull();
  });
});

describe("the page's own title and description", () => {
  it("are read as written, on one line", () => {
    expect(parseHtmlBasics(SHOPIFY_PAGE)).toEqual({
      title: "Sea Salt & Driftwood Soy Candle – Harbor Candle Co.",
      description: "Hand-poured soy wax with notes of sea salt, driftwood and a little sage. 50-hour burn.",
    });
    expect(parseHtmlBasics(WOO_PAGE)).toEqual({ title: "Walnut Serving Board – Oak & Iron Workshop" });
    expect(parseHtmlBasics(NOTHING_PAGE)).toBeNull();
  });
});

describe("Shopify storefront JSON", () => {
  it("reads /products/<handle>.js: cents, HTML description stripped, protocol-relative images, no currency", () => {
    expect(parseShopifyProductJs(JSON.parse(fixture("shopify-product.js.json")))).toEqual({
      title: "Sea Salt & Driftwood Soy Candle",
      description: CANDLE_DESCRIPTION,
      images: ["https://harbor-candle.example/cdn/shop/files/driftwood-front.jpg?v=1712000000", "https://harbor-candle.example/cdn/shop/files/driftwood-lid.jpg?v=1712000000"],
      priceCents: 2400,
      compareAtPriceCents: 3000,
      variants: [
        { title: "8 oz", priceCents: 2400, compareAtPriceCents: 3000, sku: "HC-DRIFT-8", available: true },
        { title: "16 oz", priceCents: 3800, compareAtPriceCents: null, sku: "HC-DRIFT-16", available: false },
      ],
      vendor: "Harbor Candle Co.",
    });
  });

  it("reads /products/<handle>.json: prices as decimal strings, availability unknown", () => {
    const found = parseShopifyProductJson(JSON.parse(fixture("shopify-product.json")));
    expect(found).toMatchObject({ title: "Sea Salt & Driftwood Soy Candle", priceCents: 2400, compareAtPriceCents: 3000, vendor: "Harbor Candle Co." });
    expect(found?.variants?.[1]).toEqual({ title: "16 oz", priceCents: 3800, compareAtPriceCents: null, sku: "HC-DRIFT-16", available: null });
    expect(found?.currency).toBeUndefined();
  });

  it("refuses shapes that are not Shopify's", () => {
    expect(parseShopifyProductJs({ product: {} })).toBeNull();
    expect(parseShopifyProductJs("<html>")).toBeNull();
    expect(parseShopifyProductJson({ title: "x", variants: [] })).toBeNull();
    expect(parseProductsJson({ items: [] })).toBeNull();
    expect(parseProductsJson({ products: [{ handle: "a", title: "A", variants: [{ price: "1.00" }] }] })).toEqual([
      { handle: "a", product: { title: "A", priceCents: 100, variants: [{ title: null, priceCents: 100, compareAtPriceCents: null, sku: null, available: null }] } },
    ]);
  });

  it("recognises product paths under locales and collections", () => {
    const at = (u: string) => shopifyProductPath(new URL(u));
    expect(at("https://s.example/products/red-coat")).toEqual({ prefix: "", handle: "red-coat" });
    expect(at("https://s.example/en-ca/collections/sale/products/red-coat?variant=1")).toEqual({ prefix: "/en-ca", handle: "red-coat" });
    expect(at("https://s.example/products/red-coat.js")).toEqual({ prefix: "", handle: "red-coat" });
    expect(at("https://s.example/product/red-coat")).toBeNull();
    expect(at("https://s.example/products")).toBeNull();
  });
});

describe("never inventing a value", () => {
  it("a page with nothing gives every field null, whatever prices its text mentions", () => {
    const finds = [parseJsonLd(NOTHING_PAGE), parseOpenGraph(NOTHING_PAGE), parseMicrodata(NOTHING_PAGE), parseHtmlBasics(NOTHING_PAGE)];
    expect(finds).toEqual([null, null, null, null]);
    expect(Object.values(mergeFound(finds.map((product) => ({ source: "html" as const, product }))))).toEqual(Array(8).fill(null));
  });

  it("a price that is not a price is not read", () => {
    for (const bad of ["", "free", "call us", "-5.00", "12-20", null, undefined, {}, Number.NaN, -1]) expect(parseMoneyToCents(bad), String(bad)).toBeNull();
    const cases: [unknown, number][] = [
      ["19.99", 1999],
      [19.99, 1999],
      ["$1,299.00", 129900],
      ["1.299,00 €", 129900],
      ["12,50", 1250],
      ["1,299", 129900],
      ["1'299.50", 129950],
      ["0", 0],
      [24, 2400],
      ["7.5", 750],
    ];
    for (const [input, cents] of cases) expect(parseMoneyToCents(input), String(input)).toBe(cents);
  });

  it("the first source holding a field gives it; later sources only fill what is missing", () => {
    const fields = mergeFound([
      { source: "shopify-js", product: { title: "From JS", priceCents: 100 } },
      { source: "json-ld", product: { title: "From LD", currency: "USD", images: ["https://x.example/a.jpg"] } },
      { source: "opengraph", product: { title: "From OG", vendor: "V" } },
    ]);
    expect(fields.title).toEqual({ value: "From JS", source: "shopify-js" });
    expect(fields.priceCents).toEqual({ value: 100, source: "shopify-js" });
    expect(fields.currency).toEqual({ value: "USD", source: "json-ld" });
    expect(fields.vendor).toEqual({ value: "V", source: "opengraph" });
    expect(fields.description).toBeNull();
  });
});

describe("the HTML toolkit", () => {
  it("decodes references once and correctly", () => {
    expect(decodeEntities("&amp;lt; &lt;b&gt; &eacute;t&eacute; &#8211; &#x2014; &#150; &#0; &bogus; &amp")).toBe("&lt; <b> été – — – \ufffd &bogus; &");
    expect(decodeEntities("?a=1&copy=2", true)).toBe("?a=1&copy=2");
    expect(decodeEntities("?a=1&amp;copy=2", true)).toBe("?a=1&copy=2");
  });

  it("strips descriptions without losing words, paragraphs or line breaks", () => {
    expect(stripHtml("<p>One<br>two</p><p>Three &amp; <em>four</em></p><script>alert('x')</script><style>p{}</style>")).toBe("One\ntwo\n\nThree & four");
    expect(stripHtml("<ul><li>A</li><li>B</li></ul>tail")).toBe("A\nB\n\ntail");
    expect(stripHtml("Plain text\nwith lines &amp; an ampersand")).toBe("Plain text\nwith lines & an ampersand");
    expect(stripHtml("a < b and c > d")).toBe("a < b and c > d");
    expect(stripHtml("<pre>keep\n  this</pre>")).toBe("keep\nthis");
    expect(stripHtml('<img src=x onerror="alert(1)">Safe')).toBe("Safe");
  });

  it("tokenizes attributes of every quoting style and keeps script text raw", () => {
    const tokens = tokenizeHtml(`<a href=/x data-a='1' data-b="2 &amp; 3" hidden>t</a><script>if (a<b) "</div>"</script>`);
    expect(tokens[0]).toEqual({ type: "start", name: "a", attrs: { href: "/x", "data-a": "1", "data-b": "2 & 3", hidden: "" }, selfClosing: false });
    expect(tokens).toContainEqual({ type: "text", text: 'if (a<b) "</div>"' });
    const tree = parseHtmlTree("<div><p>a<span>b</div>c");
    expect(textContent(tree)).toBe("abc");
  });
});

/** A fetcher that answers from a table (URL → answer), as the guard would after its checks. */
function tableFetcher(table: Record<string, { status?: number; body: string; contentType?: string } | Error>) {
  const asked: string[] = [];
  const fetcher: GuardedFetcher = async (url) => {
    asked.push(url);
    const entry = table[url];
    if (entry instanceof Error) throw entry;
    const answer = entry ?? { status: 404, body: "not found", contentType: "text/html" };
    const res: GuardedResponse = {
      finalUrl: url,
      status: answer.status ?? 200,
      contentType: answer.contentType ?? "application/json",
      body: answer.body,
      data: new TextEncoder().encode(answer.body),
      bytes: answer.body.length,
      hops: [{ url, status: answer.status ?? 200 }],
      timings: { totalMs: 1 },
    };
    return res;
  };
  return { fetcher, asked };
}

describe("extractProduct's order of sources", () => {
  const product = "https://harbor-candle.example/products/sea-salt-driftwood-candle";

  it("a Shopify product: .js, then /cart.js for the currency, and no page when nothing else is missing", async () => {
    const { fetcher, asked } = tableFetcher({
      [`${product}.js`]: { body: fixture("shopify-product.js.json") },
      "https://harbor-candle.example/cart.js": { body: JSON.stringify({ token: "t", items: [], currency: "USD" }) },
    });
    const result = await extractProduct(product, fetcher);
    expect(asked).toEqual([`${product}.js`, "https://harbor-candle.example/cart.js"]);
    expect(result.kind).toBe("shopify-product");
    expect(result.fields.currency).toEqual({ value: "USD", source: "shopify-js" });
    expect(result.fields.priceCents).toEqual({ value: 2400, source: "shopify-js" });
    expect(result.missing).toEqual([]);
    expect(result.sources.map((s) => [s.endpoint, s.outcome])).toEqual([
      ["shopify-js", "ok"],
      ["shopify-cart", "ok"],
    ]);
  });

  it("a Shopify product whose .js fails: .json, then the page fills the currency", async () => {
    const { fetcher, asked } = tableFetcher({
      [`${product}.json`]: { body: fixture("shopify-product.json") },
      "https://harbor-candle.example/cart.js": { status: 404, body: "{}" },
      [product]: { body: SHOPIFY_PAGE, contentType: "text/html" },
    });
    const result = await extractProduct(product, fetcher);
    expect(asked).toEqual([`${product}.js`, `${product}.json`, "https://harbor-candle.example/cart.js", product]);
    expect(result.fields.title?.source).toBe("shopify-json");
    expect(result.fields.currency).toEqual({ value: "USD", source: "json-ld" });
    expect(result.sources.map((s) => s.outcome)).toEqual(["http_error", "ok", "http_error", "ok"]);
    expect(result.sources[3].found.map((f) => f.source)).toEqual(["json-ld", "opengraph", "html"]);
  });

  it("a store root: its first product from /products.json, the currency from /cart.js", async () => {
    const { fetcher } = tableFetcher({
      "https://harbor-candle.example/products.json?limit=1": { body: JSON.stringify({ products: [JSON.parse(fixture("shopify-product.json")).product] }) },
      "https://harbor-candle.example/cart.js": { body: JSON.stringify({ currency: "CAD" }) },
    });
    const result = await extractProduct("https://harbor-candle.example/", fetcher);
    expect(result.kind).toBe("store");
    expect(result.productUrl).toBe(product);
    expect(result.fields.title?.source).toBe("products-json");
    expect(result.fields.currency?.value).toBe("CAD");
  });

  it("any page: one request, fields from whichever readers hold them, the rest listed as missing", async () => {
    const url = "https://summit-supply.example/gear/trailhead-bottle";
    const { fetcher, asked } = tableFetcher({ [url]: { body: OG_PAGE, contentType: "text/html" } });
    const result = await extractProduct(url, fetcher);
    expect(asked).toEqual([url]);
    expect(result.fields.title?.source).toBe("opengraph");
    expect(result.missing).toEqual(["variants"]);
  });

  it("records a refusal instead of throwing, and leaves every field null", async () => {
    const url = "https://redirects.example/away";
    const refused = new AppError("VALIDATION", "Refused http://10.0.0.1/: private network address", {
      details: { refusal: { code: "private", message: "Refused http://10.0.0.1/: private network address", url: "http://10.0.0.1/", hops: [{ url, status: 302 }, { url: "http://10.0.0.1/", status: null }] } },
    });
    const { fetcher } = tableFetcher({ [url]: refused });
    const result = await extractProduct(url, fetcher);
    expect(result.sources).toHaveLength(1);
    expect(result.sources[0]).toMatchObject({ outcome: "refused", refusalCode: "private", hops: [{ url, status: 302 }, { url: "http://10.0.0.1/", status: null }] });
    expect(result.missing).toHaveLength(8);
    expect(guardRefusalOf(refused)?.code).toBe("private");
  });
});

describe("fetchShopifyCatalog", () => {
  const store = "https://harbor-candle.example";
  const products = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: from + i, handle: `p-${from + i}`, title: `P ${from + i}`, vendor: "V", product_type: "T", tags: ["a"], variants: [{ id: 1, title: "Default Title", price: "10.00", compare_at_price: "12.00", available: true }], images: [{ src: "//cdn.example/i.jpg" }], created_at: "2026-01-01T00:00:00Z", updated_at: null, published_at: "2026-01-02T00:00:00Z" }));

  it("pages until a short page, then reads the best-selling order from the collection JSON", async () => {
    const { fetcher, asked } = tableFetcher({
      [`${store}/products.json?limit=250&page=1`]: { body: JSON.stringify({ products: products(1, 250) }) },
      [`${store}/products.json?limit=250&page=2`]: { body: JSON.stringify({ products: products(251, 3) }) },
      [`${store}/collections/all/products.json?sort_by=best-selling&limit=250&page=1`]: { body: JSON.stringify({ products: [{ handle: "p-3" }, { handle: "p-1" }] }) },
    });
    const catalog = await fetchShopifyCatalog(`${store}/products/anything`, fetcher);
    expect(asked).toHaveLength(3);
    expect(catalog).toMatchObject({ storeUrl: store, pagesFetched: 2, complete: true, bestSelling: { handles: ["p-3", "p-1"], source: "collection-json" } });
    expect(catalog.products).toHaveLength(253);
    expect(catalog.products[0]).toEqual({
      id: 1, handle: "p-1", title: "P 1", vendor: "V", productType: "T", tags: ["a"], url: `${store}/products/p-1`,
      images: ["https://cdn.example/i.jpg"], variants: [{ id: 1, title: "Default Title", sku: null, priceCents: 1000, compareAtPriceCents: 1200, available: true }],
      priceCents: 1000, compareAtPriceCents: 1200, createdAt: "2026-01-01T00:00:00Z", updatedAt: null, publishedAt: "2026-01-02T00:00:00Z",
    });
  });

  it("falls back to the collection page's links, and says so", async () => {
    const html = `<a href="/products/p-2">x</a><a href="/collections/all/products/p-1?v=1">y</a><a href="/products/p-2">again</a><a href="/products/not-in-catalog">z</a>`;
    const { fetcher } = tableFetcher({
      [`${store}/products.json?limit=250&page=1`]: { body: JSON.stringify({ products: products(1, 2) }) },
      [`${store}/collections/all?sort_by=best-selling`]: { body: html, contentType: "text/html" },
    });
    const catalog = await fetchShopifyCatalog(store, fetcher);
    expect(catalog.bestSelling).toEqual({ handles: ["p-2", "p-1"], source: "collection-html" });
    expect(catalog.notes.join(" ")).toContain("first page of /collections/all?sort_by=best-selling");
    expect(handlesFromCollectionHtml(html)).toEqual(["p-2", "p-1", "not-in-catalog"]);
  });

  it("hands what is not an http(s) address to the guard, whose refusal it throws (never a TypeError)", async () => {
    const fetcher = createGuardedFetcher({ fetchImpl: (async () => new Response("{}")) as typeof fetch });
    for (const [url, code] of [["a", "invalid_url"], ["ftp://store.example/", "scheme"], ["", "invalid_url"]] as const) {
      expect(guardRefusalOf(await fetchShopifyCatalog(url, fetcher).catch((e: unknown) => e))?.code, url).toBe(code);
      expect(guardRefusalOf(await extractProduct(url, fetcher).catch((e: unknown) => e))?.code, url).toBe(code);
    }
  });

  it("throws when the store does not answer Shopify's JSON, and stops at maxPages with a note", async () => {
    const { fetcher } = tableFetcher({});
    await expect(fetchShopifyCatalog(store, fetcher)).rejects.toMatchObject({ type: "VALIDATION", message: expect.stringContaining("is not a Shopify store we can read") });
    const busy = tableFetcher({ [`${store}/products.json?limit=250&page=1`]: { status: 429, body: "" } });
    await expect(fetchShopifyCatalog(store, busy.fetcher)).rejects.toMatchObject({ type: "UNAVAILABLE" });
    const full = tableFetcher({
      [`${store}/products.json?limit=250&page=1`]: { body: JSON.stringify({ products: products(1, 250) }) },
    });
    const catalog = await fetchShopifyCatalog(store, full.fetcher, { maxPages: 1, bestSelling: false });
    expect(catalog).toMatchObject({ complete: false, pagesFetched: 1, bestSelling: null });
    expect(catalog.notes[0]).toContain("Stopped after 1 pages");
  });
});

/**
 * Local HTTP servers that speak Shopify's public storefront JSON, plus an ordinary website with
 * saved product pages and hostile endpoints, for the URL guard, the product extractor and the
 * competitor-research tests (ADR 012). Started once by vitest globalSetup; the Worker reaches
 * them on 127.0.0.1 (the guard lets loopback through there only because the workerd config sets
 * URL_GUARD_ALLOW_LOOPBACK=on, which production refuses).
 *
 * One port per store, because Shopify's paths live at the root of a store's origin:
 *
 * - `harbor`: a candle shop with 612 products (3 pages of /products.json at limit=250), a
 *   best-selling order at /collections/all/products.json?sort_by=best-selling, product pages
 *   with JSON-LD and OpenGraph, /cart.js in USD.
 * - `summit`: an outdoor shop with 40 products whose collection JSON answers 404; its
 *   best-selling order is only on the /collections/all?sort_by=best-selling page (links), in EUR.
 * - `web`: not a Shopify store (/products.json answers 404). `/pages/<fixture>` serves the saved
 *   pages of tests/fixtures/product-pages; `/images/dot.png` and `/images/logo.svg` an image each;
 *   `/hostile/...` serves redirects to private and metadata addresses (and to loopback in decimal,
 *   and to file:), a chain of N redirects (`/hostile/redirect-chain/<N>`), a loop, a 6 MB body
 *   with and without a Content-Length, a slow body (30 s) and a binary answer.
 *
 * Every server also answers:
 * - `GET /__admin/state`: the store's products (handle, title, prices, rank) and its request log.
 * - `POST /__admin/mutate` with JSON: `{op:"add", product:{title, priceCents, compareAtPriceCents?,
 *   vendor?, productType?, handle?, variants?:[{title, priceCents, compareAtPriceCents?, sku?}]}}`,
 *   `{op:"remove", handle}`, `{op:"price", handle, priceCents, compareAtPriceCents?, variant?}`,
 *   `{op:"stock", handle, available}`, `{op:"rank", handles:[…]}` (those first in best-selling
 *   order), `{op:"reset"}`. Each change bumps the product's updated_at.
 * - `POST /__admin/stores` with `{products?: n, bestSelling?: "json"|"html"|"none", currency?, name?}`:
 *   a new store on its own port, its origin in the answer, so a test can mutate a store nobody else reads.
 *
 * Tests read the origins from the Worker binding `FAKE_SHOPIFY` ({harbor, summit, web}) or
 * `inject("fakeShopify")`.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { TestProject } from "vitest/node";

export interface FakeShopifyOrigins {
  harbor: string;
  summit: string;
  web: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeShopify: FakeShopifyOrigins;
  }
}

export interface FakeVariant {
  id: number;
  title: string;
  sku: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  available: boolean;
  grams: number;
}

export interface FakeProduct {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  images: string[];
  variants: FakeVariant[];
  /** Best-selling rank, 1 = best. */
  rank: number;
}

export interface StoreOptions {
  name: string;
  products: number;
  bestSelling: "json" | "html" | "none";
  currency: string;
  /** Serve the web fixtures and hostile endpoints (the `web` site); its /products.json answers 404. */
  website?: boolean;
}

const FIXTURES = path.join(import.meta.dirname, "../fixtures/product-pages");
const BASE_TIME = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------
// Deterministic catalogs
// ---------------------------------------------------------------------------------------------

const CATALOG_WORDS: Record<string, { adjectives: string[]; nouns: string[]; types: string[]; vendors: string[]; sizes: string[] }> = {
  harbor: {
    adjectives: ["Sea Salt", "Cedar", "Amber", "Lavender", "Fig", "Driftwood", "Vanilla", "Sage", "Tobacco", "Citrus", "Rose", "Pine", "Oud", "Linen", "Honey", "Smoke", "Bergamot"],
    nouns: ["Soy Candle", "Wax Melt", "Reed Diffuser", "Room Spray", "Travel Tin", "Pillar Candle", "Wick Trimmer", "Match Jar", "Candle Snuffer"],
    types: ["Candle", "Home Fragrance", "Accessory"],
    vendors: ["Harbor Candle Co.", "Harbor Candle Co.", "North Wick"],
    sizes: ["4 oz", "8 oz", "16 oz"],
  },
  summit: {
    adjectives: ["Trailhead", "Alpine", "Ridge", "Basecamp", "Glacier", "Switchback", "Canyon", "Timberline"],
    nouns: ["Insulated Bottle", "Daypack", "Headlamp", "Camp Mug", "Rain Shell", "Trekking Pole"],
    types: ["Hydration", "Packs", "Lighting", "Apparel"],
    vendors: ["Summit Supply"],
    sizes: ["S", "M", "L"],
  },
};

/** A small deterministic hash, so every run builds the same catalog. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function buildCatalog(store: StoreOptions): FakeProduct[] {
  const words = CATALOG_WORDS[store.name] ?? CATALOG_WORDS.harbor;
  const products: FakeProduct[] = [];
  const handles = new Set<string>();
  for (let i = 0; i < store.products; i++) {
    const h = hash(`${store.name}:${i}`);
    const title = `${words.adjectives[i % words.adjectives.length]} ${words.nouns[Math.floor(i / words.adjectives.length) % words.nouns.length]}${i >= words.adjectives.length * words.nouns.length ? ` No. ${Math.floor(i / (words.adjectives.length * words.nouns.length)) + 1}` : ""}`;
    let handle = slug(title);
    while (handles.has(handle)) handle = `${handle}-${i}`;
    handles.add(handle);
    const base = 900 + (h % 60) * 100 + 99;
    const variantCount = 1 + (h % 3);
    const created = BASE_TIME - i * 6 * HOUR;
    products.push({
      id: 8_100_000_000_000 + i,
      handle,
      title,
      bodyHtml: `<p>${title}, made in small batches.</p><ul><li>${words.types[h % words.types.length]}</li><li>Ships in 2 days</li></ul>`,
      vendor: words.vendors[h % words.vendors.length],
      productType: words.types[h % words.types.length],
      tags: [words.types[h % words.types.length].toLowerCase(), i % 5 === 0 ? "new" : "core"],
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(created + HOUR).toISOString(),
      publishedAt: new Date(created + 2 * HOUR).toISOString(),
      images: Array.from({ length: 1 + (h % 3) }, (_, k) => `https://cdn.shopify.com/s/files/1/0612/0001/files/${handle}-${k + 1}.jpg?v=${1_700_000_000 + i}`),
      variants: Array.from({ length: variantCount }, (_, k) => ({
        id: 44_100_000_000_000 + i * 10 + k,
        title: variantCount === 1 ? "Default Title" : words.sizes[k],
        sku: `${store.name.slice(0, 2).toUpperCase()}-${String(i).padStart(4, "0")}-${k + 1}`,
        priceCents: base + k * 800,
        compareAtPriceCents: i % 4 === 0 ? base + k * 800 + 600 : null,
        available: (h + k) % 7 !== 0,
        grams: 200 + k * 150,
      })),
      rank: 0,
    });
  }
  // Best sellers: a fixed shuffle of the catalog.
  [...products].sort((a, b) => hash(`rank:${a.handle}`) - hash(`rank:${b.handle}`)).forEach((p, i) => (p.rank = i + 1));
  return products;
}

// ---------------------------------------------------------------------------------------------
// Shopify's shapes
// ---------------------------------------------------------------------------------------------

const money = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
const imageSrcs = (p: FakeProduct) => p.images.map((src, k) => ({ id: p.id * 10 + k, product_id: p.id, position: k + 1, created_at: p.createdAt, updated_at: p.updatedAt, alt: null, width: 2048, height: 2048, src, variant_ids: [] }));
const options = (p: FakeProduct) => (p.variants.length > 1 ? [{ name: "Size", position: 1, values: p.variants.map((v) => v.title) }] : [{ name: "Title", position: 1, values: ["Default Title"] }]);

/** An item of /products.json. */
function productsJsonItem(p: FakeProduct) {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    body_html: p.bodyHtml,
    published_at: p.publishedAt,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    vendor: p.vendor,
    product_type: p.productType,
    tags: p.tags,
    variants: p.variants.map((v, k) => ({
      id: v.id,
      title: v.title,
      option1: v.title,
      option2: null,
      option3: null,
      sku: v.sku,
      requires_shipping: true,
      taxable: true,
      featured_image: null,
      available: v.available,
      price: money(v.priceCents),
      grams: v.grams,
      compare_at_price: money(v.compareAtPriceCents),
      position: k + 1,
      product_id: p.id,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
    images: imageSrcs(p),
    options: options(p),
  };
}

/** /products/<handle>.json. */
function productJson(p: FakeProduct) {
  const images = imageSrcs(p);
  return {
    product: {
      id: p.id,
      title: p.title,
      body_html: p.bodyHtml,
      vendor: p.vendor,
      product_type: p.productType,
      created_at: p.createdAt,
      handle: p.handle,
      updated_at: p.updatedAt,
      published_at: p.publishedAt,
      template_suffix: "",
      published_scope: "web",
      tags: p.tags.join(", "),
      variants: p.variants.map((v, k) => ({
        id: v.id,
        product_id: p.id,
        title: v.title,
        price: money(v.priceCents),
        sku: v.sku,
        position: k + 1,
        compare_at_price: money(v.compareAtPriceCents),
        fulfillment_service: "manual",
        inventory_management: "shopify",
        option1: v.title,
        option2: null,
        option3: null,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
        taxable: true,
        barcode: "",
        grams: v.grams,
        image_id: null,
        weight: v.grams / 1000,
        weight_unit: "kg",
        requires_shipping: true,
      })),
      options: options(p).map((o, k) => ({ id: p.id * 100 + k, product_id: p.id, ...o })),
      images,
      image: images[0] ?? null,
    },
  };
}

/** /products/<handle>.js (the Ajax API: prices in cents, images protocol-relative). */
function productJs(p: FakeProduct) {
  const prices = p.variants.map((v) => v.priceCents);
  const compares = p.variants.map((v) => v.compareAtPriceCents ?? 0);
  const cheapest = p.variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    description: p.bodyHtml,
    published_at: p.publishedAt,
    created_at: p.createdAt,
    vendor: p.vendor,
    type: p.productType,
    tags: p.tags,
    price: Math.min(...prices),
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    available: p.variants.some((v) => v.available),
    price_varies: new Set(prices).size > 1,
    compare_at_price: cheapest.compareAtPriceCents,
    compare_at_price_min: Math.min(...compares),
    compare_at_price_max: Math.max(...compares),
    compare_at_price_varies: new Set(compares).size > 1,
    variants: p.variants.map((v) => ({
      id: v.id,
      title: v.title,
      option1: v.title,
      option2: null,
      option3: null,
      sku: v.sku,
      requires_shipping: true,
      taxable: true,
      featured_image: null,
      available: v.available,
      name: p.variants.length > 1 ? `${p.title} - ${v.title}` : p.title,
      public_title: p.variants.length > 1 ? v.title : null,
      options: [v.title],
      price: v.priceCents,
      weight: v.grams,
      compare_at_price: v.compareAtPriceCents,
      inventory_management: "shopify",
      barcode: "",
    })),
    images: p.images.map((src) => src.replace(/^https:/, "")),
    featured_image: p.images[0]?.replace(/^https:/, "") ?? null,
    options: options(p),
    url: `/products/${p.handle}`,
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A Shopify theme's product page: OpenGraph in the head, JSON-LD Product with one Offer per variant. */
function productPage(p: FakeProduct, origin: string, currency: string, storeTitle: string): string {
  const cheapest = p.variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const ld = {
    "@context": "http://schema.org/",
    "@type": "Product",
    name: p.title,
    url: `${origin}/products/${p.handle}`,
    image: p.images,
    description: p.bodyHtml,
    sku: p.variants[0].sku,
    brand: { "@type": "Brand", name: p.vendor },
    offers: p.variants.map((v) => ({
      "@type": "Offer",
      ...(p.variants.length > 1 ? { name: v.title } : {}),
      sku: v.sku,
      availability: v.available ? "http://schema.org/InStock" : "http://schema.org/OutOfStock",
      price: v.priceCents / 100,
      priceCurrency: currency,
      url: `${origin}/products/${p.handle}?variant=${v.id}`,
    })),
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(p.title)} &ndash; ${escapeHtml(storeTitle)}</title>
<meta name="description" content="${escapeHtml(p.title)}, made in small batches.">
<meta property="og:site_name" content="${escapeHtml(storeTitle)}">
<meta property="og:title" content="${escapeHtml(p.title)}">
<meta property="og:type" content="product">
${p.images.map((src) => `<meta property="og:image" content="${escapeHtml(src)}">`).join("\n")}
<meta property="og:price:amount" content="${money(cheapest.priceCents)}">
<meta property="og:price:currency" content="${currency}">
</head><body><main><h1>${escapeHtml(p.title)}</h1>
<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, "\\u003c")}</script>
</main></body></html>`;
}

function collectionPage(products: FakeProduct[], storeTitle: string): string {
  return `<!doctype html><html><head><title>Products &ndash; ${escapeHtml(storeTitle)}</title></head><body>
<header><a href="/products/gift-card">Gift card</a></header>
<ul class="product-grid">${products.map((p) => `<li><a href="/collections/all/products/${p.handle}" class="full-unstyled-link">${escapeHtml(p.title)}</a></li>`).join("")}</ul>
</body></html>`;
}

// ---------------------------------------------------------------------------------------------
// The servers
// ---------------------------------------------------------------------------------------------

interface RunningStore {
  origin: string;
  close(): Promise<void>;
}

const SIX_MB = 6 * 1024 * 1024;
/** A 1×1 transparent PNG. */
export const ONE_PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function startStore(store: StoreOptions, port: number, spawn: (options: StoreOptions) => Promise<RunningStore>): Promise<RunningStore> {
  let products = buildCatalog(store);
  const requests: string[] = [];
  let clock = 0;
  const storeTitle = store.name === "summit" ? "Summit Supply" : store.name === "harbor" ? "Harbor Candle Co." : `${store.name} store`;
  const touch = (p: FakeProduct) => {
    clock += 1;
    p.updatedAt = new Date(BASE_TIME + clock * 60_000).toISOString();
  };
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const pathname = url.pathname;
    if (!pathname.startsWith("/__admin")) requests.push(`${req.method} ${url.pathname}${url.search}`);
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const send = (status: number, body: string | Buffer, type = "application/json; charset=utf-8", headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, "content-length": String(Buffer.byteLength(body)), ...headers });
      res.end(body);
    };
    const json = (status: number, body: unknown, type = "application/json; charset=utf-8") => send(status, JSON.stringify(body), type);
    const notFound = () => send(404, "<!doctype html><title>404 Not Found</title><h1>404 Page not found</h1>", "text/html; charset=utf-8");
    const redirect = (location: string, status = 302) => {
      res.writeHead(status, { location, "content-length": "0" });
      res.end();
    };

    if (pathname.startsWith("/__admin")) {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c));
      req.on("end", () => {
        let body: Record<string, unknown> = {};
        try {
          body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        } catch {
          return json(400, { error: "body is not JSON" });
        }
        if (pathname === "/__admin/state" && req.method === "GET") {
          return json(200, {
            name: store.name,
            origin,
            products: products.map((p) => ({ handle: p.handle, title: p.title, rank: p.rank, updatedAt: p.updatedAt, variants: p.variants.map((v) => ({ title: v.title, priceCents: v.priceCents, compareAtPriceCents: v.compareAtPriceCents, available: v.available })) })),
            requests,
          });
        }
        if (pathname === "/__admin/stores" && req.method === "POST") {
          const options: StoreOptions = {
            name: typeof body.name === "string" ? body.name : "harbor",
            products: typeof body.products === "number" ? Math.max(0, Math.min(2000, body.products)) : 30,
            bestSelling: body.bestSelling === "html" || body.bestSelling === "none" ? body.bestSelling : "json",
            currency: typeof body.currency === "string" ? body.currency : "USD",
          };
          spawn(options).then(
            (s) => json(201, { origin: s.origin }),
            (err: Error) => json(500, { error: err.message }),
          );
          return;
        }
        if (pathname === "/__admin/mutate" && req.method === "POST") {
          const find = () => products.find((p) => p.handle === body.handle);
          switch (body.op) {
            case "reset":
              products = buildCatalog(store);
              requests.length = 0;
              return json(200, { ok: true, count: products.length });
            case "add": {
              const input = (body.product ?? {}) as Record<string, unknown>;
              if (typeof input.title !== "string" || typeof input.priceCents !== "number") return json(400, { error: "product needs title and priceCents" });
              const handle = typeof input.handle === "string" ? input.handle : slug(input.title);
              if (products.some((p) => p.handle === handle)) return json(409, { error: `handle ${handle} exists` });
              clock += 1;
              const id = 8_200_000_000_000 + clock;
              const stamp = new Date(BASE_TIME + clock * 60_000).toISOString();
              const variants = (Array.isArray(input.variants) ? (input.variants as Record<string, unknown>[]) : [{ title: "Default Title", priceCents: input.priceCents, compareAtPriceCents: input.compareAtPriceCents ?? null }]).map((v, k) => ({
                id: id * 10 + k,
                title: String(v.title ?? "Default Title"),
                sku: String(v.sku ?? `NEW-${clock}-${k + 1}`),
                priceCents: Number(v.priceCents ?? input.priceCents),
                compareAtPriceCents: typeof v.compareAtPriceCents === "number" ? v.compareAtPriceCents : null,
                available: v.available !== false,
                grams: 250,
              }));
              const product: FakeProduct = {
                id,
                handle,
                title: input.title,
                bodyHtml: typeof input.bodyHtml === "string" ? input.bodyHtml : `<p>${escapeHtml(input.title)}</p>`,
                vendor: typeof input.vendor === "string" ? input.vendor : storeTitle,
                productType: typeof input.productType === "string" ? input.productType : "",
                tags: Array.isArray(input.tags) ? input.tags.map(String) : [],
                createdAt: stamp,
                updatedAt: stamp,
                publishedAt: stamp,
                images: Array.isArray(input.images) ? input.images.map(String) : [],
                variants,
                rank: products.length + 1,
              };
              // Shopify lists the newest products first.
              products.unshift(product);
              return json(201, { ok: true, product: productsJsonItem(product) });
            }
            case "remove": {
              const before = products.length;
              products = products.filter((p) => p.handle !== body.handle);
              return before === products.length ? json(404, { error: "no such handle" }) : json(200, { ok: true });
            }
            case "price": {
              const p = find();
              if (!p || typeof body.priceCents !== "number") return json(404, { error: "no such handle, or no priceCents" });
              const which = typeof body.variant === "number" ? [p.variants[body.variant]].filter(Boolean) : p.variants;
              for (const v of which) {
                v.priceCents = body.priceCents;
                if (body.compareAtPriceCents !== undefined) v.compareAtPriceCents = typeof body.compareAtPriceCents === "number" ? body.compareAtPriceCents : null;
              }
              touch(p);
              return json(200, { ok: true, product: productsJsonItem(p) });
            }
            case "stock": {
              const p = find();
              if (!p) return json(404, { error: "no such handle" });
              for (const v of p.variants) v.available = body.available !== false;
              touch(p);
              return json(200, { ok: true });
            }
            case "rank": {
              const order = Array.isArray(body.handles) ? body.handles.map(String) : [];
              const rest = [...products].filter((p) => !order.includes(p.handle)).sort((a, b) => a.rank - b.rank);
              const ranked = [...order.map((h) => products.find((p) => p.handle === h)).filter((p): p is FakeProduct => Boolean(p)), ...rest];
              ranked.forEach((p, i) => (p.rank = i + 1));
              return json(200, { ok: true });
            }
            default:
              return json(400, { error: "op must be add, remove, price, stock, rank or reset" });
          }
        }
        return json(404, { error: "no such admin route" });
      });
      return;
    }

    if (req.method !== "GET" && req.method !== "HEAD") return json(405, { errors: "Method not allowed" });

    if (store.website) {
      const fixture = /^\/pages\/([a-z0-9-]+)$/.exec(pathname)?.[1];
      if (fixture) {
        try {
          return send(200, readFileSync(path.join(FIXTURES, `${fixture}.html`)), "text/html; charset=utf-8");
        } catch {
          return notFound();
        }
      }
      if (pathname === "/images/dot.png") return send(200, ONE_PIXEL_PNG, "image/png");
      if (pathname === "/images/logo.svg") return send(200, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml");
      if (pathname === "/") return send(200, "<!doctype html><html><head><title>Oak &amp; Iron Workshop</title></head><body><h1>Welcome</h1></body></html>", "text/html; charset=utf-8");
      const chain = /^\/hostile\/redirect-chain\/(\d+)$/.exec(pathname);
      if (chain) {
        const left = Number(chain[1]);
        return left > 0 ? redirect(`/hostile/redirect-chain/${left - 1}`) : send(200, readFileSync(path.join(FIXTURES, "opengraph-only.html")), "text/html; charset=utf-8");
      }
      switch (pathname) {
        case "/hostile/redirect-private":
          return redirect("http://10.0.0.1/admin");
        case "/hostile/redirect-metadata":
          return redirect("http://169.254.169.254/latest/meta-data/iam/security-credentials/", 301);
        case "/hostile/redirect-decimal":
          return redirect("http://2130706433/admin");
        case "/hostile/redirect-scheme":
          return redirect("file:///etc/passwd");
        case "/hostile/redirect-relative":
          return redirect("/pages/opengraph-only", 307);
        case "/hostile/redirect-loop":
          return redirect("/hostile/redirect-loop-b");
        case "/hostile/redirect-loop-b":
          return redirect("/hostile/redirect-loop");
        case "/hostile/oversize":
        case "/hostile/oversize-declared": {
          // 6 MB of a page, in 64 KB chunks: without a length (chunked) or with an honest one.
          res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(pathname.endsWith("declared") ? { "content-length": String(SIX_MB) } : {}) });
          const chunk = Buffer.alloc(64 * 1024, "<p>padding</p>\n");
          let sent = 0;
          const pump = () => {
            while (sent < SIX_MB) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
            }
            res.end();
          };
          res.on("error", () => {});
          return pump();
        }
        case "/hostile/slow": {
          // The head arrives at once, the rest of the page 30 s later (or never, if the client hangs up).
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.write("<!doctype html><html><head><title>Slow");
          const timer = setTimeout(() => res.end("</title></head></html>"), 30_000);
          timers.add(timer);
          res.on("close", () => {
            clearTimeout(timer);
            timers.delete(timer);
          });
          return;
        }
        case "/hostile/wrong-type":
          return send(200, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "application/octet-stream");
        default:
          return notFound();
      }
    }

    // A Shopify store.
    const limit = Math.min(250, Math.max(1, Number(url.searchParams.get("limit")) || 30));
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const paged = (list: FakeProduct[]) => list.slice((page - 1) * limit, page * limit);
    const bestSelling = () => [...products].sort((a, b) => a.rank - b.rank);
    if (pathname === "/products.json") return json(200, { products: paged(products).map(productsJsonItem) });
    if (pathname === "/collections.json") {
      return json(200, { collections: [{ id: 1, title: "All", handle: "all", description: "", published_at: products.at(-1)?.publishedAt ?? null, updated_at: products[0]?.updatedAt ?? null, image: null, products_count: products.length }] });
    }
    if (pathname === "/collections/all/products.json") {
      if (store.bestSelling !== "json") return notFound();
      const sorted = url.searchParams.get("sort_by") === "best-selling" ? bestSelling() : products;
      return json(200, { products: paged(sorted).map(productsJsonItem) });
    }
    if (pathname === "/collections/all") {
      if (store.bestSelling === "none") return notFound();
      const sorted = url.searchParams.get("sort_by") === "best-selling" ? bestSelling() : products;
      return send(200, collectionPage(sorted.slice((page - 1) * 24, page * 24), storeTitle), "text/html; charset=utf-8");
    }
    if (pathname === "/cart.js") {
      return json(200, { token: "fake-cart-token", note: null, attributes: {}, original_total_price: 0, total_price: 0, total_discount: 0, total_weight: 0, item_count: 0, items: [], requires_shipping: false, currency: store.currency, items_subtotal_price: 0, cart_level_discount_applications: [] });
    }
    if (pathname === "/") return send(200, `<!doctype html><html><head><title>${escapeHtml(storeTitle)}</title><meta property="og:site_name" content="${escapeHtml(storeTitle)}"></head><body><a href="/collections/all">Shop all</a></body></html>`, "text/html; charset=utf-8");
    const productPath = /^(?:\/collections\/[^/]+)?\/products\/([^/.]+)(\.js|\.json)?$/.exec(pathname);
    if (productPath) {
      const product = products.find((p) => p.handle === productPath[1]);
      if (!product) return productPath[2] ? json(404, { status: 404, message: "Not Found", description: "Not Found" }) : notFound();
      if (productPath[2] === ".js") return json(200, productJs(product), "text/javascript; charset=utf-8");
      if (productPath[2] === ".json") return json(200, productJson(product));
      return send(200, productPage(product, origin, store.currency, storeTitle), "text/html; charset=utf-8");
    }
    return notFound();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FakeShopify {
  origins: FakeShopifyOrigins;
  close(): Promise<void>;
}

/** Starts harbor, summit and web on the given ports (0: any free port). */
export async function startFakeShopify(ports: Partial<Record<keyof FakeShopifyOrigins, number>> = {}): Promise<FakeShopify> {
  const running: RunningStore[] = [];
  const spawn = async (options: StoreOptions): Promise<RunningStore> => {
    const store = await startStore(options, 0, spawn);
    running.push(store);
    return store;
  };
  const start = async (options: StoreOptions, port: number) => {
    const store = await startStore(options, port, spawn);
    running.push(store);
    return store.origin;
  };
  const origins: FakeShopifyOrigins = {
    harbor: await start({ name: "harbor", products: 612, bestSelling: "json", currency: "USD" }, ports.harbor ?? 0),
    summit: await start({ name: "summit", products: 40, bestSelling: "html", currency: "EUR" }, ports.summit ?? 0),
    web: await start({ name: "web", products: 0, bestSelling: "none", currency: "GBP", website: true }, ports.web ?? 0),
  };
  return { origins, close: async () => void (await Promise.all(running.map((s) => s.close()))) };
}

/** The ports vitest.workers.config.ts chose (FAKE_SHOPIFY_PORTS="harbor,summit,web"). */
export function fakeShopifyPorts(): { harbor: number; summit: number; web: number } {
  const [harbor = 0, summit = 0, web = 0] = (process.env.FAKE_SHOPIFY_PORTS ?? "").split(",").map(Number);
  return { harbor, summit, web };
}

/**
 * Vitest globalSetup: vitest.workers.config.ts picks the ports, hands the Worker their origins
 * as the FAKE_SHOPIFY binding, and this starts the servers on them.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeShopify(fakeShopifyPorts());
  project.provide("fakeShopify", fake.origins);
  return () => fake.close();
}

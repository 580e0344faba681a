/**
 * The one product extractor (ADR 012): given a product or store URL and a guarded fetcher, it
 * reads title, description, images, price, compare-at price, currency, variants and vendor, and
 * says which source gave each field. Sources, in the order they are tried and trusted:
 *
 * 1. Shopify's storefront JSON: `/products/<handle>.js` (Ajax API, prices in cents), then
 *    `/products/<handle>.json`; for a store's root `/products.json` (its first product). The
 *    Ajax API names no currency in a product; `/cart.js` names the session's currency, which is
 *    the one the product's prices are in (Shopify's multi-currency note), so it is read next.
 * 2. The HTML page, for whatever is still missing: JSON-LD (`Product`/`ProductGroup` with
 *    `Offer`/`AggregateOffer`, in `@graph` or arrays), OpenGraph (`og:*`, `product:price:*`),
 *    microdata (`itemtype=".../Product"`), then `<title>` and the meta description.
 *
 * A field no source holds stays null: nothing is guessed. The parsers are pure and exported for
 * the unit tests; `fetchShopifyCatalog` reads a whole store for competitor research.
 */
import { AppError } from "~/domain/errors";
import {
  PRODUCT_FIELDS,
  type FetchEndpoint,
  type FieldSource,
  type ProductExtraction,
  type ProductFieldName,
  type ProductFields,
  type ProductVariant,
  type SourceTried,
} from "~/domain/contracts/url-inspections";
import { normalizeWhitespace, parseHtmlTree, singleLine, stripHtml, textContent, tokenizeHtml, walkElements, type HtmlElement } from "./html";
import { guardRefusalOf, isFetchFailure, type GuardedFetcher, type GuardedResponse } from "./url-guard";

/** What one reader found: only the fields its source really holds. */
export interface FoundProduct {
  title?: string;
  description?: string;
  images?: string[];
  priceCents?: number;
  compareAtPriceCents?: number;
  currency?: string;
  variants?: ProductVariant[];
  vendor?: string;
}

export const JSON_TYPES = ["application/json", "text/javascript", "application/javascript", "text/json"] as const;
export const HTML_TYPES = ["text/html", "application/xhtml+xml"] as const;
/** Size cap of one product page or JSON answer. */
export const PAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Size cap of one catalog page (250 products with their descriptions). */
export const CATALOG_PAGE_MAX_BYTES = 6 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A one-line text value (titles, names, SKUs), or undefined when there is none. */
function text(v: unknown): string | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return undefined;
  const t = singleLine(v);
  return t || undefined;
}

/**
 * A price as cents (× 100 of the main unit): 19.99 → 1999, "1,299.00" → 129900, "12,50" → 1250.
 * A dot is always the decimal point unless commas follow it ("1.299,00"); a comma is one when
 * one or two digits follow it. null for anything that is not a price.
 */
export function parseMoneyToCents(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  if (typeof value !== "string") return null;
  let s = value.trim().replace(/[\s\u00a0'’]/g, "");
  if (!/\d/.test(s) || /-\s*\d/.test(value)) return null;
  s = s.replace(/[^\d.,]/g, "");
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimal: "." | "," | null = null;
  if (lastDot !== -1 && lastComma !== -1) decimal = lastDot > lastComma ? "." : ",";
  else if (lastComma !== -1) decimal = /,\d{1,2}$/.test(s) && s.indexOf(",") === lastComma ? "," : null;
  else if (lastDot !== -1) decimal = s.indexOf(".") === lastDot ? "." : null;
  const [whole, fraction = ""] = decimal ? [s.slice(0, s.lastIndexOf(decimal)), s.slice(s.lastIndexOf(decimal) + 1)] : [s, ""];
  const wholeDigits = whole.replace(/[.,]/g, "");
  if (!/^\d*$/.test(wholeDigits) || !/^\d*$/.test(fraction) || (wholeDigits === "" && fraction === "")) return null;
  const cents = Number(wholeDigits || "0") * 100 + (fraction ? Math.round(Number(`0.${fraction}`) * 100) : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A price the Ajax API gives in cents (an integer); null otherwise. */
function centsInteger(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return null;
}

const positive = (n: number | null | undefined): number | undefined => (typeof n === "number" && n > 0 ? n : undefined);

export function normalizeCurrency(value: unknown): string | undefined {
  return typeof value === "string" && /^\s*[A-Za-z]{3}\s*$/.test(value) ? value.trim().toUpperCase() : undefined;
}

/** An image reference as an absolute http(s) URL ("//cdn…" becomes https), or undefined. */
export function imageUrl(value: unknown, base?: string): string | undefined {
  let src: unknown = value;
  if (isObject(value)) src = value.url ?? value.contentUrl ?? value.src;
  if (Array.isArray(src)) src = src[0];
  if (typeof src !== "string" || !src.trim()) return undefined;
  const raw = src.trim();
  try {
    const url = new URL(raw.startsWith("//") ? `https:${raw}` : raw, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function images(values: unknown[], base?: string): string[] | undefined {
  const list = [...new Set(values.map((v) => imageUrl(v, base)).filter((v): v is string => Boolean(v)))];
  return list.length ? list : undefined;
}

/** schema.org availability: true for the buyable states, false for the sold-out ones, null when unsaid. */
export function availability(value: unknown): boolean | null {
  const v = typeof value === "string" ? value.replace(/^https?:\/\/schema\.org\//i, "").replace(/^schema:/i, "").toLowerCase() : "";
  if (["instock", "in_stock", "onlineonly", "instoreonly", "limitedavailability", "preorder", "presale", "backorder", "madetoorder"].includes(v)) return true;
  if (["outofstock", "out_of_stock", "soldout", "discontinued", "reserved"].includes(v)) return false;
  return null;
}

function minPrice(variants: ProductVariant[]): number | undefined {
  const prices = variants.map((v) => v.priceCents).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : undefined;
}

function clean(found: FoundProduct): FoundProduct | null {
  const out: FoundProduct = {};
  for (const [key, value] of Object.entries(found) as [keyof FoundProduct, unknown][]) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

export function foundFields(found: FoundProduct | null): ProductFieldName[] {
  return found ? PRODUCT_FIELDS.filter((f) => found[f] !== undefined) : [];
}

// ---------------------------------------------------------------------------------------------
// Shopify storefront JSON
// ---------------------------------------------------------------------------------------------

/** `/products/<handle>.js` (the Ajax API: prices in cents, HTML description, image URLs). */
export function parseShopifyProductJs(json: unknown, base?: string): FoundProduct | null {
  if (!isObject(json) || typeof json.title !== "string" || !Array.isArray(json.variants)) return null;
  const variants: ProductVariant[] = json.variants.filter(isObject).map((v) => ({
    title: text(v.title) ?? text(v.public_title) ?? null,
    priceCents: centsInteger(v.price),
    compareAtPriceCents: positive(centsInteger(v.compare_at_price)) ?? null,
    sku: text(v.sku) ?? null,
    available: typeof v.available === "boolean" ? v.available : null,
  }));
  const media = asArray(json.media).filter(isObject).filter((m) => m.media_type === undefined || m.media_type === "image");
  return clean({
    title: text(json.title),
    description: typeof json.description === "string" ? stripHtml(json.description) : undefined,
    images: images(asArray(json.images), base) ?? images(media.map((m) => m.src), base) ?? images([json.featured_image], base),
    priceCents: centsInteger(json.price) ?? minPrice(variants),
    compareAtPriceCents: positive(centsInteger(json.compare_at_price)),
    variants,
    vendor: text(json.vendor),
  });
}

/** A product as `/products.json` and `/products/<handle>.json` give it (prices as "19.99" strings). */
function parseShopifyStoreProduct(p: Json, base?: string): FoundProduct | null {
  if (typeof p.title !== "string") return null;
  const variants: ProductVariant[] = asArray(p.variants)
    .filter(isObject)
    .map((v) => ({
      title: text(v.title) ?? null,
      priceCents: parseMoneyToCents(v.price),
      compareAtPriceCents: positive(parseMoneyToCents(v.compare_at_price)) ?? null,
      sku: text(v.sku) ?? null,
      available: typeof v.available === "boolean" ? v.available : null,
    }));
  const cheapest = variants.reduce<ProductVariant | null>((best, v) => (v.priceCents !== null && (!best || best.priceCents === null || v.priceCents < best.priceCents) ? v : best), null);
  return clean({
    title: text(p.title),
    description: typeof p.body_html === "string" ? stripHtml(p.body_html) : undefined,
    images: images(asArray(p.images), base) ?? images([p.image], base),
    priceCents: minPrice(variants),
    compareAtPriceCents: positive(cheapest?.compareAtPriceCents),
    variants,
    vendor: text(p.vendor),
  });
}

/** `/products/<handle>.json`: `{ product: {...} }`. */
export function parseShopifyProductJson(json: unknown, base?: string): FoundProduct | null {
  return isObject(json) && isObject(json.product) ? parseShopifyStoreProduct(json.product, base) : null;
}

/** `/products.json`: `{ products: [...] }`, each read like a `.json` product (null when not that shape). */
export function parseProductsJson(json: unknown, base?: string): { handle: string | null; product: FoundProduct | null }[] | null {
  if (!isObject(json) || !Array.isArray(json.products)) return null;
  return json.products.filter(isObject).map((p) => ({ handle: typeof p.handle === "string" ? p.handle : null, product: parseShopifyStoreProduct(p, base) }));
}

/** `/cart.js`: the currency the session's prices are in. */
export function parseShopifyCartCurrency(json: unknown): string | undefined {
  return isObject(json) ? normalizeCurrency(json.currency) : undefined;
}

// ---------------------------------------------------------------------------------------------
// JSON-LD
// ---------------------------------------------------------------------------------------------

const PRODUCT_TYPES = new Set(["product", "productgroup", "individualproduct", "productmodel", "someproducts"]);

function typesOf(node: Json): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, "").replace(/^schema:/i, "").toLowerCase());
}

/** The JSON of a ld+json block, tolerating comment and CDATA wrappers and raw control characters in strings. */
function parseLdBlock(raw: string): unknown {
  const body = raw
    .trim()
    .replace(/^<!--/, "")
    .replace(/-->$/, "")
    .replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[/, "")
    .replace(/(?:\/\/\s*)?\]\]>\s*$/, "")
    .trim();
  try {
    return JSON.parse(body);
  } catch {
    try {
      // eslint-disable-next-line no-control-regex -- themes print descriptions with raw newlines inside JSON strings
      return JSON.parse(body.replace(/[\u0000-\u001f]+/g, " "));
    } catch {
      return undefined;
    }
  }
}

/** Every JSON-LD block of the page, parsed (blocks that are not JSON are skipped). */
export function jsonLdBlocks(html: string): unknown[] {
  const tokens = tokenizeHtml(html);
  const blocks: unknown[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== "start" || t.name !== "script" || !/ld\+json/i.test(t.attrs.type ?? "")) return;
    const next = tokens[i + 1];
    if (next?.type !== "text") return;
    const parsed = parseLdBlock(next.text);
    if (parsed !== undefined) blocks.push(parsed);
  });
  return blocks;
}

/** The first Product-like node, looking through arrays, @graph and nested values (mainEntity…). */
function findProductNode(value: unknown, depth = 0): Json | null {
  if (depth > 8) return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const hit = findProductNode(v, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (typesOf(value).some((t) => PRODUCT_TYPES.has(t))) return value;
  if (value["@graph"] !== undefined) {
    const hit = findProductNode(value["@graph"], depth + 1);
    if (hit) return hit;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === "@graph" || key === "@context") continue;
    if (typeof v === "object" && v !== null) {
      const hit = findProductNode(v, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

interface OfferRead {
  name: string | null;
  sku: string | null;
  priceCents: number | null;
  compareAtPriceCents: number | null;
  currency: string | undefined;
  available: boolean | null;
}

/** One Offer (or an AggregateOffer's lowest price), with a strikethrough or list price as its compare-at price. */
function readOffer(offer: Json): OfferRead {
  let priceCents = parseMoneyToCents(offer.price ?? offer.lowPrice);
  let compareAt: number | null = null;
  let currency = normalizeCurrency(offer.priceCurrency);
  for (const spec of asArray(offer.priceSpecification).filter(isObject)) {
    const type = String(spec.priceType ?? "").toLowerCase();
    const cents = parseMoneyToCents(spec.price);
    if (/strikethroughprice|listprice|msrp/.test(type)) compareAt ??= cents;
    else if (priceCents === null) priceCents = cents;
    currency ??= normalizeCurrency(spec.priceCurrency);
  }
  const item = isObject(offer.itemOffered) ? offer.itemOffered : {};
  return {
    name: text(offer.name) ?? text(item.name) ?? null,
    sku: text(offer.sku) ?? text(item.sku) ?? null,
    priceCents,
    compareAtPriceCents: compareAt !== null && priceCents !== null && compareAt > priceCents ? compareAt : null,
    currency,
    available: availability(offer.availability),
  };
}

/** The offers of a product node: an Offer, an array, or an AggregateOffer (with its own offers when listed). */
function offersOf(node: Json): { offers: OfferRead[]; aggregate: OfferRead | null } {
  const offers: OfferRead[] = [];
  let aggregate: OfferRead | null = null;
  for (const o of asArray(node.offers).filter(isObject)) {
    if (typesOf(o).includes("aggregateoffer")) {
      aggregate ??= readOffer(o);
      offers.push(...asArray(o.offers).filter(isObject).map(readOffer));
    } else {
      offers.push(readOffer(o));
    }
  }
  return { offers, aggregate };
}

function brandName(value: unknown): string | undefined {
  for (const b of asArray(value)) {
    const name = isObject(b) ? text(b.name) : text(b);
    if (name) return name;
  }
  return undefined;
}

/** JSON-LD `Product` / `ProductGroup` (Shopify themes, most platforms). */
export function parseJsonLd(html: string, base?: string): FoundProduct | null {
  let node: Json | null = null;
  for (const block of jsonLdBlocks(html)) {
    node = findProductNode(block);
    if (node) break;
  }
  if (!node) return null;

  let variants: ProductVariant[] = [];
  const own = offersOf(node);
  const aggregate = own.aggregate;
  let offers = own.offers;
  const members = asArray(node.hasVariant).filter(isObject);
  if (members.length) {
    // A ProductGroup: each variant is a Product with its own offers.
    const readMembers = members.map((m) => ({ m, read: offersOf(m) }));
    offers = readMembers.flatMap((r) => r.read.offers);
    variants = readMembers.map(({ m, read }) => {
      const o = read.offers[0] ?? read.aggregate;
      return {
        title: text(m.name) ?? o?.name ?? null,
        priceCents: o?.priceCents ?? null,
        compareAtPriceCents: o?.compareAtPriceCents ?? null,
        sku: text(m.sku) ?? o?.sku ?? null,
        available: o?.available ?? null,
      };
    });
  } else {
    variants = offers.map((o) => ({ title: o.name, priceCents: o.priceCents, compareAtPriceCents: o.compareAtPriceCents, sku: o.sku, available: o.available }));
  }
  const prices = offers.map((o) => o.priceCents).filter((p): p is number => p !== null);
  const cheapest = offers.filter((o) => o.priceCents !== null).sort((a, b) => a.priceCents! - b.priceCents!)[0];
  return clean({
    title: text(node.name),
    description: typeof node.description === "string" ? stripHtml(node.description) : undefined,
    images: images(asArray(node.image), base),
    priceCents: aggregate?.priceCents ?? (prices.length ? Math.min(...prices) : undefined),
    compareAtPriceCents: cheapest?.compareAtPriceCents ?? undefined,
    currency: aggregate?.currency ?? offers.map((o) => o.currency).find(Boolean),
    variants: variants.some((v) => v.priceCents !== null || v.title || v.sku) ? variants : undefined,
    vendor: brandName(node.brand),
  });
}

// ---------------------------------------------------------------------------------------------
// OpenGraph and the plain page
// ---------------------------------------------------------------------------------------------

/** Every `<meta property|name=… content=…>` of the page, in order, keys lower-cased. */
export function metaTags(html: string): [string, string][] {
  const out: [string, string][] = [];
  for (const t of tokenizeHtml(html)) {
    if (t.type !== "start" || t.name !== "meta") continue;
    const key = (t.attrs.property ?? t.attrs.name ?? "").trim().toLowerCase();
    if (key && t.attrs.content !== undefined) out.push([key, t.attrs.content]);
  }
  return out;
}

/** OpenGraph: og:title, og:description, og:image, product:price:* / og:price:*, product:brand. */
export function parseOpenGraph(html: string, base?: string): FoundProduct | null {
  const tags = metaTags(html);
  const first = (...keys: string[]) => keys.map((k) => tags.find(([key]) => key === k)?.[1]).find((v) => v !== undefined && v.trim() !== "");
  const all = (...keys: string[]) => tags.filter(([key]) => keys.includes(key)).map(([, v]) => v);
  const price = parseMoneyToCents(first("product:price:amount", "og:price:amount"));
  const original = parseMoneyToCents(first("product:original_price:amount"));
  return clean({
    title: text(first("og:title")),
    description: text(first("og:description")),
    images: images(all("og:image", "og:image:url"), base) ?? images(all("og:image:secure_url"), base),
    priceCents: price ?? undefined,
    compareAtPriceCents: original !== null && price !== null && original > price ? original : undefined,
    currency: normalizeCurrency(first("product:price:currency", "og:price:currency")),
    vendor: text(first("product:brand")),
  });
}

/** The page's own `<title>` and meta description: the last resort. */
export function parseHtmlBasics(html: string): FoundProduct | null {
  const tokens = tokenizeHtml(html);
  const at = tokens.findIndex((t) => t.type === "start" && t.name === "title");
  const titleToken = at >= 0 ? tokens[at + 1] : undefined;
  const description = metaTags(html).find(([key]) => key === "description")?.[1];
  return clean({
    title: titleToken?.type === "text" ? text(titleToken.text) : undefined,
    description: text(description),
  });
}

// ---------------------------------------------------------------------------------------------
// Microdata
// ---------------------------------------------------------------------------------------------

export interface MicrodataItem {
  types: string[];
  props: Map<string, (string | MicrodataItem)[]>;
}

const URL_PROPERTY_ELEMENTS: Record<string, string> = {
  img: "src", audio: "src", video: "src", embed: "src", iframe: "src", source: "src", track: "src",
  a: "href", area: "href", link: "href", object: "data",
};

/** A property's value as the microdata spec reads it (plus `content` on any element, as search engines do). */
function propertyValue(el: HtmlElement): string {
  if (el.name === "meta") return el.attrs.content ?? "";
  const urlAttr = URL_PROPERTY_ELEMENTS[el.name];
  if (urlAttr) return el.attrs[urlAttr] ?? el.attrs.content ?? "";
  if (el.attrs.content !== undefined) return el.attrs.content;
  if (el.name === "data" || el.name === "meter") return el.attrs.value ?? "";
  if (el.name === "time") return el.attrs.datetime ?? textContent(el);
  return textContent(el);
}

export function readMicrodataItem(el: HtmlElement): MicrodataItem {
  const item: MicrodataItem = { types: (el.attrs.itemtype ?? "").split(/\s+/).filter(Boolean), props: new Map() };
  const visit = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === "string") continue;
      const scoped = child.attrs.itemscope !== undefined;
      const names = (child.attrs.itemprop ?? "").split(/\s+/).filter(Boolean);
      if (names.length) {
        const value = scoped ? readMicrodataItem(child) : propertyValue(child);
        for (const name of names) item.props.set(name, [...(item.props.get(name) ?? []), value]);
      }
      if (!scoped) visit(child);
    }
  };
  visit(el);
  return item;
}

const isItem = (v: unknown): v is MicrodataItem => typeof v === "object" && v !== null && "props" in v;
const itemIs = (item: MicrodataItem, ...names: string[]) =>
  item.types.some((t) => names.includes(t.replace(/^https?:\/\/(www\.)?schema\.org\//i, "").toLowerCase()));

/** Microdata `itemtype="https://schema.org/Product"` (WooCommerce and older themes). */
export function parseMicrodata(html: string, base?: string): FoundProduct | null {
  const tree = parseHtmlTree(html);
  let productEl: HtmlElement | null = null;
  for (const el of walkElements(tree)) {
    if (el.attrs.itemscope === undefined) continue;
    const item = { types: (el.attrs.itemtype ?? "").split(/\s+/).filter(Boolean), props: new Map() };
    if (!itemIs(item, "product", "individualproduct", "productmodel", "productgroup")) continue;
    // The page's own product, not one nested as a property of another item (isRelatedTo…).
    if (el.attrs.itemprop === undefined) {
      productEl = el;
      break;
    }
    productEl ??= el;
  }
  if (!productEl) return null;
  const product = readMicrodataItem(productEl);
  const values = (name: string, item: MicrodataItem = product) => item.props.get(name) ?? [];
  const firstText = (name: string, item: MicrodataItem = product) => values(name, item).map((v) => (isItem(v) ? undefined : text(v))).find(Boolean);

  const offerItems = values("offers").filter(isItem);
  const readMicroOffer = (o: MicrodataItem) => {
    const priceCents = parseMoneyToCents(firstText("price", o) ?? firstText("lowPrice", o));
    return {
      title: firstText("name", o) ?? null,
      priceCents,
      compareAtPriceCents: null,
      sku: firstText("sku", o) ?? null,
      available: availability(firstText("availability", o)),
      currency: normalizeCurrency(firstText("priceCurrency", o)),
      aggregate: itemIs(o, "aggregateoffer"),
    };
  };
  let offers = offerItems.flatMap((o) => (itemIs(o, "aggregateoffer") && values("offers", o).some(isItem) ? values("offers", o).filter(isItem) : [o])).map(readMicroOffer);
  const aggregate = offerItems.filter((o) => itemIs(o, "aggregateoffer")).map(readMicroOffer)[0];
  // Sloppy markup puts price and currency straight on the product.
  if (!offers.length && firstText("price")) {
    offers = [{ title: null, priceCents: parseMoneyToCents(firstText("price")), compareAtPriceCents: null, sku: firstText("sku") ?? null, available: availability(firstText("availability")), currency: normalizeCurrency(firstText("priceCurrency")), aggregate: false }];
  }
  const prices = offers.map((o) => o.priceCents).filter((p): p is number => p !== null);
  const brand = values("brand")
    .map((b) => (isItem(b) ? firstText("name", b) : text(b)))
    .find(Boolean);
  const description = values("description").map((v) => (isItem(v) ? undefined : text(v))).find(Boolean);
  const variants = offers.filter((o) => !o.aggregate);
  return clean({
    title: firstText("name"),
    description,
    images: images(values("image").map((v) => (isItem(v) ? (firstText("url", v) ?? firstText("contentUrl", v)) : v)), base),
    priceCents: aggregate?.priceCents ?? (prices.length ? Math.min(...prices) : undefined),
    currency: aggregate?.currency ?? offers.map((o) => o.currency).find(Boolean),
    variants: variants.length
      ? variants.map((o) => ({ title: o.title, priceCents: o.priceCents, compareAtPriceCents: null, sku: o.sku, available: o.available }))
      : undefined,
    vendor: brand,
  });
}

// ---------------------------------------------------------------------------------------------
// Reading a URL
// ---------------------------------------------------------------------------------------------

/** `/products/<handle>` (optionally under a locale or a collection, with .js/.json or a trailing slash). */
export function shopifyProductPath(url: URL): { prefix: string; handle: string } | null {
  const m = /^((?:\/[a-z]{2}(?:-[a-z]{2,4})?)?)(?:\/collections\/[^/]+)?\/products\/([^/.]+)(?:\.(?:js|json|oembed|xml))?\/?$/i.exec(url.pathname);
  return m ? { prefix: m[1], handle: m[2] } : null;
}

const nullFields = (): ProductFields => ({
  title: null,
  description: null,
  images: null,
  priceCents: null,
  compareAtPriceCents: null,
  currency: null,
  variants: null,
  vendor: null,
});

/** Merges readers' finds in order of trust: the first source holding a field gives it. */
export function mergeFound(finds: { source: FieldSource; product: FoundProduct | null }[]): ProductFields {
  const fields = nullFields();
  for (const { source, product } of finds) {
    if (!product) continue;
    for (const name of PRODUCT_FIELDS) {
      const value = product[name];
      if (value === undefined || fields[name] !== null) continue;
      (fields as Record<string, unknown>)[name] = { value, source };
    }
  }
  return fields;
}

/**
 * The http(s) origin of a URL. Anything else (not a URL, another scheme) is handed to the
 * guard, which refuses it before any request with its own code and message.
 */
async function webOrigin(url: string, fetcher: GuardedFetcher): Promise<string> {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:")) return parsed.origin;
  await fetcher(url);
  throw new AppError("VALIDATION", `${url.slice(0, 200)} is not an http(s) address.`);
}

export interface ExtractOptions {
  /** Milliseconds clock (tests); defaults to Date.now. */
  now?: () => number;
}

/**
 * Reads one product from a URL the caller has already checked with `checkUrl` (every request
 * still goes through `fetcher`, the guard). Never throws for what a site answers: refusals,
 * failures and unreadable answers are recorded in `sources`, and the fields stay null.
 */
export async function extractProduct(url: string, fetcher: GuardedFetcher, options: ExtractOptions = {}): Promise<ProductExtraction> {
  const now = options.now ?? Date.now;
  const started = now();
  const origin = await webOrigin(url, fetcher);
  const page = new URL(url);
  const shop = shopifyProductPath(page);
  const kind: ProductExtraction["kind"] = shop ? "shopify-product" : page.pathname === "/" ? "store" : "page";
  const sources: SourceTried[] = [];
  const finds: { source: FieldSource; product: FoundProduct | null }[] = [];
  let productUrl: string | null = null;
  let pageUrl = page.href;

  /** One request, recorded; `read` turns a 2xx answer into finds, or says why it cannot. */
  async function attempt(
    endpoint: FetchEndpoint,
    target: string,
    accept: readonly string[],
    read: (res: GuardedResponse) => { source: FieldSource; product: FoundProduct | null }[] | string,
  ): Promise<boolean> {
    const t0 = now();
    const record: SourceTried = { endpoint, url: target, ms: 0, outcome: "ok", status: null, message: null, refusalCode: null, hops: [], bytes: null, found: [] };
    sources.push(record);
    let res: GuardedResponse;
    try {
      res = await fetcher(target, { accept, maxBytes: PAGE_MAX_BYTES });
    } catch (err) {
      record.ms = now() - t0;
      const refusal = guardRefusalOf(err);
      if (!refusal) throw err;
      record.outcome = isFetchFailure(refusal) ? "failed" : "refused";
      record.message = refusal.message;
      record.refusalCode = refusal.code;
      record.hops = refusal.hops;
      return false;
    }
    record.ms = now() - t0;
    record.status = res.status;
    record.hops = res.hops;
    record.bytes = res.bytes;
    if (res.status < 200 || res.status > 299) {
      record.outcome = "http_error";
      record.message = `${res.finalUrl} answered ${res.status}`;
      return false;
    }
    const result = read(res);
    if (typeof result === "string") {
      record.outcome = "unparseable";
      record.message = result;
      return false;
    }
    record.found = result.map(({ source, product }) => ({ source, fields: foundFields(product) })).filter((f) => f.fields.length > 0);
    finds.push(...result);
    if (record.found.length === 0) {
      record.outcome = "nothing";
      record.message = endpoint === "page" ? "The page holds no product data: no JSON-LD, OpenGraph or microdata product, no title or description." : "The answer holds no product fields.";
      return false;
    }
    return true;
  }

  const readJson = (res: GuardedResponse): unknown => {
    try {
      return JSON.parse(res.body);
    } catch {
      return undefined;
    }
  };

  let shopify = false;
  if (shop) {
    const base = `${origin}${shop.prefix}/products/${shop.handle}`;
    shopify = await attempt("shopify-js", `${base}.js`, JSON_TYPES, (res) => {
      const product = parseShopifyProductJs(readJson(res), res.finalUrl);
      return product ? [{ source: "shopify-js", product }] : "The answer is not a Shopify product (.js) in JSON.";
    });
    if (!shopify) {
      shopify = await attempt("shopify-json", `${base}.json`, JSON_TYPES, (res) => {
        const product = parseShopifyProductJson(readJson(res), res.finalUrl);
        return product ? [{ source: "shopify-json", product }] : "The answer is not a Shopify product (.json) in JSON.";
      });
    }
  } else if (kind === "store") {
    shopify = await attempt("products-json", `${origin}/products.json?limit=1`, JSON_TYPES, (res) => {
      const list = parseProductsJson(readJson(res), res.finalUrl);
      if (!list) return "The answer is not Shopify's /products.json.";
      const first = list.find((p) => p.product && p.handle);
      if (!first) return "The store's /products.json lists no products.";
      productUrl = `${origin}/products/${first.handle}`;
      return [{ source: "products-json", product: first.product }];
    });
    if (productUrl) pageUrl = productUrl;
  }

  const missing = () => PRODUCT_FIELDS.filter((f) => mergeFound(finds)[f] === null);
  if (shopify && missing().includes("currency")) {
    await attempt("shopify-cart", `${origin}/cart.js`, JSON_TYPES, (res) => {
      const currency = parseShopifyCartCurrency(readJson(res));
      return currency ? [{ source: "shopify-js", product: { currency } }] : "The answer names no currency.";
    });
  }
  // The page fills what the storefront JSON left out; a compare-at price alone is often just absent.
  if (missing().some((f) => f !== "compareAtPriceCents")) {
    await attempt("page", pageUrl, HTML_TYPES, (res) => [
      { source: "json-ld", product: parseJsonLd(res.body, res.finalUrl) },
      { source: "opengraph", product: parseOpenGraph(res.body, res.finalUrl) },
      { source: "microdata", product: parseMicrodata(res.body, res.finalUrl) },
      { source: "html", product: parseHtmlBasics(res.body) },
    ]);
  }

  const fields = mergeFound(finds);
  return {
    url: page.href,
    kind,
    productUrl,
    fields,
    missing: PRODUCT_FIELDS.filter((f) => fields[f] === null),
    sources,
    timings: { totalMs: now() - started },
  };
}

// ---------------------------------------------------------------------------------------------
// A whole Shopify store
// ---------------------------------------------------------------------------------------------

export interface CatalogVariant {
  id: number | null;
  title: string | null;
  sku: string | null;
  priceCents: number | null;
  compareAtPriceCents: number | null;
  available: boolean | null;
}

export interface CatalogProduct {
  id: number | null;
  handle: string;
  title: string;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  /** `<store>/products/<handle>`. */
  url: string;
  images: string[];
  variants: CatalogVariant[];
  /** The lowest variant price, in cents. */
  priceCents: number | null;
  /** The compare-at price of the cheapest variant, when above its price. */
  compareAtPriceCents: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
}

export interface CatalogRequest {
  url: string;
  status: number | null;
  ms: number;
  outcome: "ok" | "http_error" | "unparseable" | "refused" | "failed";
  message: string | null;
}

export interface ShopifyCatalog {
  /** The store's origin. */
  storeUrl: string;
  products: CatalogProduct[];
  pagesFetched: number;
  /** True when the last page was read (a short or empty page); false when maxPages stopped the walk or a later page failed. */
  complete: boolean;
  /**
   * Handles in best-selling order, where the store exposes one: from
   * `/collections/all/products.json?sort_by=best-selling` (every page read), else from the links
   * of the `/collections/all?sort_by=best-selling` page (its first page only); null when neither answered.
   */
  bestSelling: { handles: string[]; source: "collection-json" | "collection-html" } | null;
  /** What did not go to plan, in words (a later page failing, no best-selling order…). */
  notes: string[];
  requests: CatalogRequest[];
  timings: { totalMs: number };
}

export interface CatalogOptions {
  /** Pages of 250 products to read at most (default 20, i.e. 5,000 products). */
  maxPages?: number;
  /** Read the best-selling order too (default true). */
  bestSelling?: boolean;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

const PAGE_SIZE = 250;

function readCatalogProduct(p: Json, origin: string): CatalogProduct | null {
  if (typeof p.handle !== "string" || typeof p.title !== "string") return null;
  const variants: CatalogVariant[] = asArray(p.variants)
    .filter(isObject)
    .map((v) => ({
      id: typeof v.id === "number" ? v.id : null,
      title: text(v.title) ?? null,
      sku: text(v.sku) ?? null,
      priceCents: parseMoneyToCents(v.price),
      compareAtPriceCents: positive(parseMoneyToCents(v.compare_at_price)) ?? null,
      available: typeof v.available === "boolean" ? v.available : null,
    }));
  const cheapest = variants.filter((v) => v.priceCents !== null).sort((a, b) => a.priceCents! - b.priceCents!)[0];
  const date = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    id: typeof p.id === "number" ? p.id : null,
    handle: p.handle,
    title: normalizeWhitespace(p.title),
    vendor: text(p.vendor) ?? null,
    productType: text(p.product_type) ?? null,
    tags: (Array.isArray(p.tags) ? p.tags : typeof p.tags === "string" ? p.tags.split(",") : []).map((t) => String(t).trim()).filter(Boolean),
    url: `${origin}/products/${p.handle}`,
    images: images(asArray(p.images), origin) ?? [],
    variants,
    priceCents: cheapest?.priceCents ?? null,
    compareAtPriceCents: cheapest && cheapest.compareAtPriceCents !== null && cheapest.priceCents !== null && cheapest.compareAtPriceCents > cheapest.priceCents ? cheapest.compareAtPriceCents : null,
    createdAt: date(p.created_at),
    updatedAt: date(p.updated_at),
    publishedAt: date(p.published_at),
  };
}

/** Product handles linked from a collection page, in page order, each once (only handles the catalog knows, when given). */
export function handlesFromCollectionHtml(html: string, known?: Set<string>): string[] {
  const out: string[] = [];
  for (const t of tokenizeHtml(html)) {
    if (t.type !== "start" || t.name !== "a" || !t.attrs.href) continue;
    const m = /\/products\/([^/?#.]+)/.exec(t.attrs.href);
    if (!m) continue;
    let handle = m[1];
    try {
      handle = decodeURIComponent(handle);
    } catch {
      // keep it as written
    }
    if ((!known || known.has(handle)) && !out.includes(handle)) out.push(handle);
  }
  return out;
}

/**
 * Reads a Shopify store's public catalog for competitor research:
 *
 *     fetchShopifyCatalog(storeUrl: string, fetcher: GuardedFetcher, { maxPages = 20, bestSelling = true })
 *       → Promise<ShopifyCatalog>
 *
 * Pages `/products.json?limit=250&page=N` (N = 1, 2, …) until a short page or `maxPages`, each
 * product with handle, title, vendor, product type, tags, variants (prices and compare-at prices
 * in cents), images and created/updated/published dates; then the best-selling order where the
 * store exposes one. Shopify documents `sort_by=best-selling` for collection pages
 * (`/collections/all?sort_by=best-selling`, the Liquid `sort_by` filter); the JSON form
 * `/collections/all/products.json?sort_by=best-selling` is not documented but widely answered,
 * so it is tried first and the HTML page's product links are the fallback.
 *
 * `fetcher` is a guarded fetcher (`createGuardedFetcher`), so every request is checked. Throws
 * an AppError when the first page cannot be read: the guard's refusal as it was (read it with
 * `guardRefusalOf`), VALIDATION when the store does not answer Shopify's JSON, UNAVAILABLE when
 * it answers 429 or 5xx. Later failures end the walk with `complete: false` and a note.
 */
export async function fetchShopifyCatalog(storeUrl: string, fetcher: GuardedFetcher, options: CatalogOptions = {}): Promise<ShopifyCatalog> {
  const now = options.now ?? Date.now;
  const started = now();
  const maxPages = Math.max(1, options.maxPages ?? 20);
  const origin = await webOrigin(storeUrl, fetcher);
  const requests: CatalogRequest[] = [];
  const notes: string[] = [];

  /** One JSON or HTML request, recorded; the answer on a 2xx, else a reason (or the guard's error, rethrown when asked). */
  async function get(url: string, accept: readonly string[], rethrow: boolean): Promise<GuardedResponse | string> {
    const t0 = now();
    const record: CatalogRequest = { url, status: null, ms: 0, outcome: "ok", message: null };
    requests.push(record);
    try {
      const res = await fetcher(url, { accept, maxBytes: CATALOG_PAGE_MAX_BYTES, timeoutMs: 15_000 });
      record.ms = now() - t0;
      record.status = res.status;
      if (res.status < 200 || res.status > 299) {
        record.outcome = "http_error";
        record.message = `${url} answered ${res.status}`;
        if (rethrow && (res.status === 429 || res.status >= 500)) {
          throw new AppError("UNAVAILABLE", `${origin} answered ${res.status} to ${url}; try again later.`, { details: { status: res.status } });
        }
        return record.message;
      }
      return res;
    } catch (err) {
      record.ms = now() - t0;
      const refusal = guardRefusalOf(err);
      if (!refusal) throw err;
      record.outcome = isFetchFailure(refusal) ? "failed" : "refused";
      record.message = refusal.message;
      if (rethrow) throw err;
      return refusal.message;
    }
  }

  const parse = (res: GuardedResponse): unknown[] | null => {
    try {
      const json = JSON.parse(res.body) as unknown;
      return isObject(json) && Array.isArray(json.products) ? json.products : null;
    } catch {
      return null;
    }
  };

  const products: CatalogProduct[] = [];
  const seen = new Set<string>();
  let pagesFetched = 0;
  let complete = false;
  for (let page = 1; page <= maxPages; page++) {
    const url = `${origin}/products.json?limit=${PAGE_SIZE}&page=${page}`;
    const res = await get(url, JSON_TYPES, page === 1);
    const list = typeof res === "string" ? null : parse(res);
    if (!list) {
      if (typeof res !== "string") {
        requests[requests.length - 1].outcome = "unparseable";
        requests[requests.length - 1].message = "The answer is not Shopify's /products.json.";
      }
      const why = requests[requests.length - 1].message ?? "no answer";
      if (page === 1) throw new AppError("VALIDATION", `${origin} is not a Shopify store we can read: ${why}`, { details: { storeUrl: origin } });
      notes.push(`Page ${page} could not be read (${why}); the catalog stops at page ${page - 1}.`);
      break;
    }
    pagesFetched = page;
    for (const raw of list.filter(isObject)) {
      const product = readCatalogProduct(raw, origin);
      if (product && !seen.has(product.handle)) {
        seen.add(product.handle);
        products.push(product);
      }
    }
    if (list.length < PAGE_SIZE) {
      complete = true;
      break;
    }
  }
  if (!complete && pagesFetched === maxPages) notes.push(`Stopped after ${maxPages} pages (${products.length} products); the store may list more.`);

  let bestSelling: ShopifyCatalog["bestSelling"] = null;
  if (options.bestSelling !== false) {
    const handles: string[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const res = await get(`${origin}/collections/all/products.json?sort_by=best-selling&limit=${PAGE_SIZE}&page=${page}`, JSON_TYPES, false);
      const list = typeof res === "string" ? null : parse(res);
      if (!list) break;
      for (const p of list.filter(isObject)) if (typeof p.handle === "string" && !handles.includes(p.handle)) handles.push(p.handle);
      if (list.length < PAGE_SIZE) break;
    }
    if (handles.length) {
      bestSelling = { handles, source: "collection-json" };
    } else {
      const res = await get(`${origin}/collections/all?sort_by=best-selling`, HTML_TYPES, false);
      const found = typeof res === "string" ? [] : handlesFromCollectionHtml(res.body, seen);
      if (found.length) {
        bestSelling = { handles: found, source: "collection-html" };
        notes.push("The best-selling order comes from the first page of /collections/all?sort_by=best-selling only.");
      } else {
        notes.push("The store exposes no best-selling order (/collections/all answered nothing readable).");
      }
    }
  }

  return { storeUrl: origin, products, pagesFetched, complete, bestSelling, notes, requests, timings: { totalMs: now() - started } };
}

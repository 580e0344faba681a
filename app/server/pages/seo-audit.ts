/**
 * The SEO audit of a rendered page: each check reads the HTML as a crawler would (title, meta
 * description, headings, images, JSON-LD, canonical, OpenGraph, links, weight) and says what it
 * found with numbers, why it matters, and whether one click can fix it. The score weighs failures
 * by severity (high 3, medium 2, low 1) and is 100 when every check passes.
 *
 * `applySeoFixes` changes only the page's SEO fields, and only with words the page already holds
 * (the product title, type and vendor, the hero and benefits text): it never writes a claim.
 */
import { isValidGtin } from "~/domain/pages";
import type { Page, SeoCheck, SeoCheckId } from "~/domain/contracts/pages";
import { parseHtmlTree, textContent, walkElements, type HtmlElement } from "~/server/web/html";
import { pageImageUses, type ImageVerdict } from "./image-check";
import { pageDescription, pageTitle } from "./render";
import { cutAtWord, oneLine, sentencesOf } from "./text";

export const TITLE_MIN = 30;
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 70;
export const DESCRIPTION_MAX = 160;
/** What the meta-description fix writes up to: search results show about 155 characters on a phone. */
export const DESCRIPTION_FIX_MAX = 155;
/**
 * The HTML budget, uncompressed. Text compresses 3–5×, so 50 KB of HTML arrives in about 10–16 KB:
 * the first TCP round trip (ten packets of ~1.46 KB) carries the whole page and its inline CSS.
 * A drop page renders in 10–25 KB; more means pasted markup or an oversized description.
 */
export const PAGE_BYTES_BUDGET = 50_000;
/** An 800-pixel product photo compresses to 60–150 KB; past this it is sent far larger than shown, or barely compressed. */
export const IMAGE_BYTES_BUDGET = 250_000;
/** The widest box a drop page shows an image in is 800 CSS px: 1600 covers 2× screens. */
export const IMAGE_WIDTH_MAX = 1600;

const SEVERITY_WEIGHT: Record<SeoCheck["severity"], number> = { high: 3, medium: 2, low: 1 };

export type AuditablePage = Pick<Page, "product" | "sections" | "seo" | "buyUrl">;
export type FixablePage = Pick<Page, "product" | "sections" | "seo">;

export interface AuditOptions {
  /** The origin the page is served from (relative links and images resolve against it). */
  origin: string;
  /** Bytes of each image, keyed by its address as the page's <img src> (or srcset) writes it, or absolute. */
  imageBytes?: ReadonlyMap<string, number>;
  /** Whether each image loads (image-check.ts), keyed by its address as the page stores it; unset: not checked. */
  imageVerdicts?: ReadonlyMap<string, ImageVerdict>;
}

export interface AuditResult {
  score: number;
  checks: SeoCheck[];
  pageBytes: number;
}

const AVAILABILITY = new Set(
  ["InStock", "OutOfStock", "PreOrder", "BackOrder", "Discontinued", "InStoreOnly", "LimitedAvailability", "OnlineOnly", "PreSale", "SoldOut", "Reserved", "MadeToOrder"].flatMap(
    (v) => [`https://schema.org/${v}`, `http://schema.org/${v}`],
  ),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s/]+/i.test(value);

/** The problems of a JSON-LD Product, in words (empty when it is valid for product rich results). */
/** The required and recommended properties of a Product with its offer (Google's Product snippet and merchant listing pages). */
function productProblems(value: Record<string, unknown>, label: string, offerLabel: string, requireImage: boolean): string[] {
  const problems: string[] = [];
  if (typeof value.name !== "string" || !value.name.trim()) problems.push(`${label} has no name.`);
  const images = Array.isArray(value.image) ? value.image : value.image === undefined ? [] : [value.image];
  if (images.length === 0 && requireImage) problems.push(`${label} has no image.`);
  else if (!images.every(isAbsoluteUrl)) problems.push("Every image must be an absolute http(s) URL.");
  const offers = Array.isArray(value.offers) ? value.offers : value.offers === undefined ? [] : [value.offers];
  if (offers.length === 0) problems.push(`${label} has no offer (price, currency, availability).`);
  offers.forEach((offer, i) => {
    const which = offers.length > 1 ? `${offerLabel} ${i + 1}` : offerLabel;
    if (!isRecord(offer)) {
      problems.push(`${which} is not an object.`);
      return;
    }
    const price = offer.price ?? offer.lowPrice;
    // Merchant listings take a price above zero: a 0.00 offer is a missing price, not a free product.
    const priceOk = (typeof price === "number" && Number.isFinite(price) && price > 0) || (typeof price === "string" && /^\d+(?:\.\d+)?$/.test(price) && Number(price) > 0);
    if (!priceOk) problems.push(`${which} has no price as a plain decimal above zero (like "24.99").`);
    if (typeof offer.priceCurrency !== "string" || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push(`${which} has no three-letter priceCurrency.`);
    if (typeof offer.availability !== "string" || !AVAILABILITY.has(offer.availability)) problems.push(`${which} has no schema.org availability (like https://schema.org/InStock).`);
    problems.push(...listingProblems(offer, which));
  });
  if ("gtin" in value && !(typeof value.gtin === "string" && isValidGtin(value.gtin))) problems.push(`${label}'s gtin is not 8, 12, 13 or 14 digits with a correct check digit.`);
  // The product data never holds ratings or reviews, so any here were invented.
  if ("aggregateRating" in value) problems.push("aggregateRating is present, but the product data holds no ratings.");
  if ("review" in value || "reviews" in value) problems.push("review is present, but the product data holds no reviews.");
  return problems;
}

const CONDITIONS = new Set(["https://schema.org/NewCondition", "https://schema.org/RefurbishedCondition", "https://schema.org/UsedCondition", "https://schema.org/DamagedCondition"]);
const RETURN_CATEGORIES = new Set([
  "https://schema.org/MerchantReturnFiniteReturnWindow",
  "https://schema.org/MerchantReturnNotPermitted",
  "https://schema.org/MerchantReturnUnlimitedWindow",
]);
const isCountry = (v: unknown) => typeof v === "string" && /^[A-Z]{2}$/.test(v);
const isDayRange = (v: unknown) =>
  isRecord(v) && v.unitCode === "DAY" && Number.isInteger(v.minValue) && Number.isInteger(v.maxValue) && (v.minValue as number) <= (v.maxValue as number);

/** The merchant listing properties an offer may carry, as Google's merchant listing page describes them. */
function listingProblems(offer: Record<string, unknown>, which: string): string[] {
  const problems: string[] = [];
  if ("itemCondition" in offer && !CONDITIONS.has(offer.itemCondition as string)) problems.push(`${which}'s itemCondition is not a schema.org condition (like https://schema.org/NewCondition).`);
  if ("shippingDetails" in offer) {
    const d = offer.shippingDetails;
    const rate = isRecord(d) && isRecord(d.shippingRate) ? d.shippingRate : null;
    const destinations = isRecord(d) ? (Array.isArray(d.shippingDestination) ? d.shippingDestination : [d.shippingDestination]) : [];
    const time = isRecord(d) && isRecord(d.deliveryTime) ? d.deliveryTime : null;
    if (!rate || typeof rate.value !== "number" || rate.value < 0 || typeof rate.currency !== "string") problems.push(`${which}'s shippingDetails has no shippingRate (value and currency).`);
    if (destinations.length === 0 || !destinations.every((r) => isRecord(r) && isCountry(r.addressCountry))) problems.push(`${which}'s shippingDetails has no shippingDestination country.`);
    if (!time || !isDayRange(time.handlingTime) || !isDayRange(time.transitTime)) problems.push(`${which}'s shippingDetails has no deliveryTime with handling and transit days.`);
  }
  if ("hasMerchantReturnPolicy" in offer) {
    const r = offer.hasMerchantReturnPolicy;
    const countries = isRecord(r) ? (Array.isArray(r.applicableCountry) ? r.applicableCountry : [r.applicableCountry]) : [];
    if (!isRecord(r) || !RETURN_CATEGORIES.has(r.returnPolicyCategory as string)) problems.push(`${which}'s return policy has no returnPolicyCategory.`);
    else if (r.returnPolicyCategory === "https://schema.org/MerchantReturnFiniteReturnWindow" && !(Number.isInteger(r.merchantReturnDays) && (r.merchantReturnDays as number) > 0)) {
      problems.push(`${which}'s return policy has a finite window but no merchantReturnDays.`);
    }
    if (countries.length === 0 || !countries.every(isCountry)) problems.push(`${which}'s return policy has no applicableCountry.`);
  }
  return problems;
}

/**
 * A JSON-LD Product with its offer, or a ProductGroup whose variants (`hasVariant`) each are one:
 * what Google's Product snippets and merchant listings require, and no invented rating.
 */
export function validateProductJsonLd(value: unknown): string[] {
  if (!isRecord(value)) return ["The JSON-LD is not an object."];
  const problems: string[] = [];
  const context = value["@context"];
  if (typeof context !== "string" || !/^https?:\/\/schema\.org\/?$/.test(context)) problems.push('"@context" is not https://schema.org.');
  const type = value["@type"];
  if (type === "ProductGroup") {
    if (typeof value.name !== "string" || !value.name.trim()) problems.push("The product group has no name.");
    const variants = Array.isArray(value.hasVariant) ? value.hasVariant : [];
    if (variants.length === 0) problems.push("The product group has no variants (hasVariant).");
    const groupHasImage = Array.isArray(value.image) ? value.image.length > 0 : value.image !== undefined;
    variants.forEach((variant, i) => {
      if (!isRecord(variant) || variant["@type"] !== "Product") problems.push(`Variant ${i + 1} is not a Product.`);
      else problems.push(...productProblems(variant, `Variant ${i + 1}`, `Variant ${i + 1}'s offer`, !groupHasImage));
    });
    if (!groupHasImage && variants.length === 0) problems.push("The product group has no image.");
    if ("aggregateRating" in value || "review" in value) problems.push("A rating or review is present, but the product data holds none.");
    return problems;
  }
  if (!(type === "Product" || (Array.isArray(type) && type.includes("Product")))) problems.push('"@type" is not Product.');
  problems.push(...productProblems(value, "The product", "The offer", true));
  return problems;
}

interface Parsed {
  elements: HtmlElement[];
  byName: (name: string) => HtmlElement[];
  meta: (key: string) => string[];
}

function parse(html: string): Parsed {
  const elements = [...walkElements(parseHtmlTree(html))];
  const byName = (name: string) => elements.filter((el) => el.name === name);
  const meta = (key: string) =>
    byName("meta")
      .filter((el) => el.attrs.name?.toLowerCase() === key || el.attrs.property?.toLowerCase() === key)
      .map((el) => el.attrs.content ?? "");
  return { elements, byName, meta };
}

function resolve(url: string, origin: string): string | null {
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

const FILE_LIKE_ALT = /^(?:https?:\/\/\S+|[\w.-]+\.(?:jpe?g|png|gif|webp|avif|svg)|(?:img|image|dsc|photo)[_-]?\d+)$/i;

type CheckBody = Omit<SeoCheck, "id" | "label" | "severity" | "why" | "fixable"> & { fixable?: boolean };

const CHECKS: Record<SeoCheckId, { label: string; severity: SeoCheck["severity"]; why: string }> = {
  "title-length": {
    label: "Title length",
    severity: "medium",
    why: `Search results show about ${TITLE_MAX} characters of a title; a shorter one wastes the space that tells shoppers what the page sells, a longer one is cut off.`,
  },
  "meta-description": {
    label: "Meta description",
    severity: "medium",
    why: `The snippet under the title in search results. Between ${DESCRIPTION_MIN} and ${DESCRIPTION_MAX} characters it is shown whole; without one the search engine picks any text from the page.`,
  },
  "single-h1": {
    label: "One main heading",
    severity: "high",
    why: "The H1 tells search engines and screen readers what the page is about; none or several leave it unclear.",
  },
  "heading-order": {
    label: "Heading order",
    severity: "low",
    why: "Headings that skip a level (an h3 straight after the h1) break the outline screen readers navigate by.",
  },
  "image-alt": {
    label: "Image alt text",
    severity: "medium",
    why: "Alt text is what image search indexes and what screen readers say; a missing or file-name alt says nothing about the product.",
  },
  "images-load": {
    label: "Images load",
    severity: "high",
    why: "A picture that does not load shows shoppers an empty box where the product should be, and search engines cannot index it; the hero image is also the page's preview when it is shared.",
  },
  "image-weight": {
    label: "Image size and weight",
    severity: "medium",
    why: "Images are most of a product page's bytes: oversized ones slow the first view on phones (Largest Contentful Paint), and images without width and height make the page jump as they load.",
  },
  "json-ld-product": {
    label: "Product structured data",
    severity: "high",
    why: "A valid JSON-LD Product with its offer lets search engines show the price and availability with the result (product rich results).",
  },
  canonical: {
    label: "Canonical link",
    severity: "medium",
    why: "The canonical address tells search engines which URL to rank when the page is reachable at several (tracking parameters, previews).",
  },
  "open-graph": {
    label: "Social sharing tags",
    severity: "low",
    why: "OpenGraph and Twitter tags decide the title, text and picture shown when the page is shared in social posts and messages.",
  },
  "internal-links": {
    label: "Links",
    severity: "low",
    why: "The buy link is how the page sells; a link to your store lets shoppers (and crawlers) find the rest of it.",
  },
  "page-weight": {
    label: "Page weight",
    severity: "low",
    why: `Under ${PAGE_BYTES_BUDGET / 1000} KB of HTML the page and its styles arrive in the first round trip, so it shows at once on a slow phone connection.`,
  },
};

function check(id: SeoCheckId, body: CheckBody): SeoCheck {
  const { label, severity, why } = CHECKS[id];
  return { id, label, severity, why, passed: body.passed, message: body.message, fixable: !body.passed && (body.fixable ?? false) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Audits a rendered page (see the module comment). */
export function auditPage(html: string, page: AuditablePage, options: AuditOptions): AuditResult {
  const doc = parse(html);
  const pageBytes = new TextEncoder().encode(html).length;
  const checks: SeoCheck[] = [
    titleCheck(doc, page),
    descriptionCheck(doc, page),
    h1Check(doc),
    headingOrderCheck(doc),
    altCheck(doc, page),
    imagesLoadCheck(page, options),
    imageWeightCheck(doc, options),
    jsonLdCheck(doc),
    canonicalCheck(doc),
    openGraphCheck(doc),
    linksCheck(doc, page, options),
    check("page-weight", {
      passed: pageBytes <= PAGE_BYTES_BUDGET,
      message: `The HTML is ${(pageBytes / 1000).toFixed(1)} KB (budget ${PAGE_BYTES_BUDGET / 1000} KB, uncompressed).`,
    }),
  ];
  const total = checks.reduce((sum, c) => sum + SEVERITY_WEIGHT[c.severity], 0);
  const earned = checks.reduce((sum, c) => sum + (c.passed ? SEVERITY_WEIGHT[c.severity] : 0), 0);
  return { score: Math.round((100 * earned) / total), checks, pageBytes };
}

function titleCheck(doc: Parsed, page: FixablePage): SeoCheck {
  const titles = doc.byName("title").map((el) => oneLine(textContent(el)));
  const title = titles[0] ?? "";
  const fix = proposedTitle(page);
  const fixable = fix !== pageTitle(page) && fix.length >= TITLE_MIN && fix.length <= TITLE_MAX;
  if (!title) return check("title-length", { passed: false, message: "The page has no <title>.", fixable });
  const length = title.length;
  const passed = length >= TITLE_MIN && length <= TITLE_MAX && titles.length === 1;
  const message =
    titles.length > 1
      ? `The page has ${titles.length} <title> elements; it needs one.`
      : `The title is ${plural(length, "character")} ("${cutAtWord(title, 80)}"); ${TITLE_MIN}–${TITLE_MAX} is ideal.`;
  return check("title-length", { passed, message, fixable });
}

function descriptionCheck(doc: Parsed, page: FixablePage): SeoCheck {
  const found = doc.meta("description").map(oneLine);
  const fix = proposedDescription(page);
  const fixable = fix.length >= DESCRIPTION_MIN && fix.length <= DESCRIPTION_MAX && fix !== oneLine(page.seo.description);
  if (found.length === 0 || !found[0]) return check("meta-description", { passed: false, message: "The page has no meta description.", fixable });
  const length = found[0].length;
  return check("meta-description", {
    passed: found.length === 1 && length >= DESCRIPTION_MIN && length <= DESCRIPTION_MAX,
    message:
      found.length > 1
        ? `The page has ${found.length} meta descriptions; it needs one.`
        : `The meta description is ${plural(length, "character")}; ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} is ideal.`,
    fixable,
  });
}

function h1Check(doc: Parsed): SeoCheck {
  const h1s = doc.byName("h1").map((el) => oneLine(textContent(el)));
  const empty = h1s.filter((t) => !t).length;
  return check("single-h1", {
    passed: h1s.length === 1 && empty === 0,
    message:
      h1s.length === 1
        ? empty
          ? "The page's one H1 is empty."
          : `One H1: "${cutAtWord(h1s[0], 80)}".`
        : `The page has ${plural(h1s.length, "H1")}; it needs exactly one.`,
  });
}

function headingOrderCheck(doc: Parsed): SeoCheck {
  const levels = doc.elements.filter((el) => /^h[1-6]$/.test(el.name)).map((el) => Number(el.name[1]));
  let previous = 0;
  for (const level of levels) {
    if (level > previous + 1) {
      return check("heading-order", {
        passed: false,
        message: previous === 0 ? `The first heading is an h${level}; the page should start at h1.` : `An h${level} follows an h${previous}, skipping a level.`,
      });
    }
    previous = level;
  }
  return check("heading-order", { passed: true, message: `${plural(levels.length, "heading")} in order, no level skipped.` });
}

function altCheck(doc: Parsed, page: FixablePage): SeoCheck {
  const images = doc.byName("img");
  const bad = images.filter((img) => {
    const alt = oneLine(img.attrs.alt ?? "");
    return !alt || FILE_LIKE_ALT.test(alt);
  });
  const fixable = bad.length > 0 && fixAlts(page).changed;
  if (images.length === 0) return check("image-alt", { passed: true, message: "The page has no images." });
  return check("image-alt", {
    passed: bad.length === 0,
    message:
      bad.length === 0
        ? `All ${plural(images.length, "image")} describe themselves.`
        : `${bad.length} of ${plural(images.length, "image")} have no alt text, or only a file name.`,
    fixable,
  });
}

function imagesLoadCheck(page: AuditablePage, options: AuditOptions): SeoCheck {
  const uses = [...pageImageUses(page)];
  if (uses.length === 0) return check("images-load", { passed: true, message: "The page has no images." });
  const verdicts = options.imageVerdicts;
  if (!verdicts) return check("images-load", { passed: true, message: `Whether the ${plural(uses.length, "image")} load was not checked.` });
  const broken: string[] = [];
  const unchecked: string[] = [];
  for (const [url, where] of uses) {
    const verdict = verdicts.get(url);
    if (!verdict || verdict.ok) continue;
    (verdict.kind === "broken" ? broken : unchecked).push(`${where.join(", ")} (${url}): ${verdict.reason}`);
  }
  const note = unchecked.length ? ` Could not check ${unchecked.length}: ${unchecked.join("; ")}.` : "";
  return check("images-load", {
    passed: broken.length === 0,
    message: broken.length ? `${broken.length} of ${plural(uses.length, "image")} do not load: ${broken.join("; ")}.${note}` : `${uses.length - unchecked.length} of ${plural(uses.length, "image")} load.${note}`,
  });
}

function imageWeightCheck(doc: Parsed, options: AuditOptions): SeoCheck {
  const images = doc.byName("img");
  if (images.length === 0) return check("image-weight", { passed: true, message: "The page has no images." });
  const unsized = images.filter((img) => !/^\d+$/.test(img.attrs.width ?? "") || !/^\d+$/.test(img.attrs.height ?? ""));
  const oversized = images.filter((img) => Number(img.attrs.width) > IMAGE_WIDTH_MAX);
  const measured: number[] = [];
  const heavy: number[] = [];
  for (const img of images) {
    const candidates = [img.attrs.src ?? "", ...(img.attrs.srcset ?? "").split(",").map((c) => c.trim().split(/\s+/)[0])].filter(Boolean);
    const bytes = candidates
      .flatMap((url) => [url, resolve(url, options.origin) ?? url])
      .map((url) => options.imageBytes?.get(url))
      .find((b): b is number => typeof b === "number");
    if (bytes === undefined) continue;
    measured.push(bytes);
    if (bytes > IMAGE_BYTES_BUDGET) heavy.push(bytes);
  }
  const problems = [
    unsized.length ? `${unsized.length} without width and height` : "",
    oversized.length ? `${oversized.length} declared wider than ${IMAGE_WIDTH_MAX} px` : "",
    heavy.length ? `${heavy.length} over ${IMAGE_BYTES_BUDGET / 1000} KB (largest ${(Math.max(...heavy) / 1000).toFixed(0)} KB)` : "",
  ].filter(Boolean);
  const weighed =
    measured.length > 0
      ? `Weighed ${measured.length} of ${plural(images.length, "image")}: ${(measured.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} KB in all.`
      : `Image bytes were not measured; checked the declared sizes of ${plural(images.length, "image")}.`;
  return check("image-weight", {
    passed: problems.length === 0,
    message: problems.length === 0 ? `${weighed} All have width and height, none declared wider than ${IMAGE_WIDTH_MAX} px${measured.length ? ` or over ${IMAGE_BYTES_BUDGET / 1000} KB` : ""}.` : `${weighed} ${problems.join("; ")}.`,
  });
}

function jsonLdCheck(doc: Parsed): SeoCheck {
  const blocks = doc.byName("script").filter((el) => (el.attrs.type ?? "").toLowerCase() === "application/ld+json");
  if (blocks.length === 0) return check("json-ld-product", { passed: false, message: "The page has no Product markup: it needs a price above zero (search engines show a product only with its offer)." });
  const candidates: unknown[] = [];
  for (const block of blocks) {
    try {
      const parsed = JSON.parse(block.children.filter((c): c is string => typeof c === "string").join("")) as unknown;
      const items = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed["@graph"]) ? parsed["@graph"] : [parsed];
      candidates.push(...items);
    } catch {
      return check("json-ld-product", { passed: false, message: "A JSON-LD block is not valid JSON." });
    }
  }
  const product = candidates.find((c) => isRecord(c) && (c["@type"] === "Product" || c["@type"] === "ProductGroup" || (Array.isArray(c["@type"]) && c["@type"].includes("Product"))));
  if (!product) return check("json-ld-product", { passed: false, message: "No JSON-LD block describes a Product." });
  const problems = validateProductJsonLd(isRecord(product) && !product["@context"] ? { "@context": "https://schema.org", ...product } : product);
  return check("json-ld-product", {
    passed: problems.length === 0,
    message: problems.length === 0 ? "A valid Product with its name, images and offer (price, currency, availability)." : problems.join(" "),
  });
}

function canonicalCheck(doc: Parsed): SeoCheck {
  const links = doc.byName("link").filter((el) => (el.attrs.rel ?? "").toLowerCase().split(/\s+/).includes("canonical"));
  if (links.length === 0) return check("canonical", { passed: false, message: "The page has no canonical link." });
  if (links.length > 1) return check("canonical", { passed: false, message: `The page has ${links.length} canonical links; search engines ignore them all.` });
  const href = links[0].attrs.href ?? "";
  return check("canonical", {
    passed: isAbsoluteUrl(href),
    message: isAbsoluteUrl(href) ? `Canonical: ${href}` : `The canonical link "${href}" is not an absolute http(s) address.`,
  });
}

function openGraphCheck(doc: Parsed): SeoCheck {
  const needed: [string, (v: string) => boolean][] = [
    ["og:title", (v) => !!v.trim()],
    ["og:description", (v) => !!v.trim()],
    ["og:type", (v) => v === "product"],
    ["og:url", isAbsoluteUrl],
    ["og:image", isAbsoluteUrl],
    ["twitter:card", (v) => !!v.trim()],
  ];
  const missing = needed.filter(([key, ok]) => !ok(doc.meta(key)[0] ?? "")).map(([key]) => key);
  return check("open-graph", {
    passed: missing.length === 0,
    message:
      missing.length === 0
        ? "og:title, og:description, og:type product, og:url, og:image and twitter:card are set."
        : `Missing or not valid: ${missing.join(", ")}${missing.includes("og:image") ? " (add a product image)" : ""}.`,
  });
}

function linksCheck(doc: Parsed, page: AuditablePage, options: AuditOptions): SeoCheck {
  const links = doc.byName("a").filter((a) => a.attrs.href !== undefined);
  const wordless = links.filter((a) => !oneLine(textContent(a)) && !oneLine(a.attrs["aria-label"] ?? ""));
  const isBuy = (a: HtmlElement) => "data-buy" in a.attrs || (!!page.buyUrl && a.attrs.href === page.buyUrl);
  const buy = links.filter(isBuy);
  const storeHosts = new Set([resolve("/", options.origin), page.buyUrl ? resolve("/", page.buyUrl) : null].filter(Boolean).map((u) => new URL(u!).host));
  const store = links.filter((a) => {
    if (isBuy(a)) return false;
    const url = resolve(a.attrs.href!, options.origin);
    return url !== null && /^https?:/.test(url) && storeHosts.has(new URL(url).host);
  });
  const problems = [
    buy.length === 0 ? "no buy link" : "",
    store.length === 0 ? "no link to your store or site" : "",
    wordless.length ? `${plural(wordless.length, "link")} without words` : "",
  ].filter(Boolean);
  return check("internal-links", {
    passed: problems.length === 0,
    message:
      problems.length === 0
        ? `${plural(buy.length, "buy link")} and ${plural(store.length, "link")} to your store, all with words.`
        : `${plural(links.length, "link")} found: ${problems.join("; ")}${buy.length === 0 && !page.buyUrl ? " (set where the buy button goes)" : ""}.`,
  });
}

// ── Fixes ────────────────────────────────────────────────────────────────────────────────

function includesText(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

/**
 * A title of 30–60 characters from the page's own words: a long one cut at a word boundary
 * (keeping the product name; only the name, cut, when even that is too long), a short one
 * extended with the product type, the vendor and the hero heading while they fit.
 */
export function proposedTitle(page: FixablePage): string {
  const name = oneLine(page.product.title);
  const current = pageTitle(page);
  if (current.length > TITLE_MAX) {
    const cut = cutAtWord(current, TITLE_MAX, "");
    if (includesText(cut, name)) return cut;
    return name.length <= TITLE_MAX ? extendTitle(name, page) : cutAtWord(name, TITLE_MAX, "");
  }
  if (current.length < TITLE_MIN) return extendTitle(includesText(current, name) ? current : name, page);
  return current;
}

function extendTitle(base: string, page: FixablePage): string {
  const hero = page.sections.find((s) => s.kind === "hero" && !s.hidden);
  const extras = [
    page.product.productType ? ` – ${oneLine(page.product.productType)}` : "",
    page.product.vendor ? ` by ${oneLine(page.product.vendor)}` : "",
    hero ? `: ${oneLine(hero.heading)}` : "",
  ];
  let title = base;
  for (const extra of extras) {
    const words = extra.replace(/^(?:\s*[–:]\s*|\s*by\s+)/, "");
    if (!words || includesText(title, words)) continue;
    if (title.length >= TITLE_MIN) break;
    if (title.length + extra.length <= TITLE_MAX) title += extra;
  }
  return title;
}

/** A meta description of at most 155 characters from the hero, benefits, call to action and the product description. */
export function proposedDescription(page: FixablePage): string {
  const visible = page.sections.filter((s) => !s.hidden);
  const texts = [
    ...visible.filter((s) => s.kind === "hero").map((s) => s.body),
    ...visible.filter((s) => s.kind === "benefits").flatMap((s) => [s.body, ...s.items.map((i) => (i.text ? `${i.title}: ${i.text}` : i.title))]),
    ...sentencesOf(page.product.description.split(/\n/).filter((l) => !/^\s*(?:[-*•]|\d+[.)])\s/.test(l) && !/:\s*$/.test(l)).join(" ")),
    ...visible.filter((s) => s.kind === "cta").map((s) => s.body),
  ]
    .map(oneLine)
    .filter(Boolean)
    .map((t) => (/[.!?…]$/.test(t) ? t : `${t}.`));
  const unique = texts.filter((t, i) => texts.indexOf(t) === i);
  return cutAtWord(unique.join(" "), DESCRIPTION_FIX_MAX);
}

function fixAlts(page: FixablePage): { imageAlts: Record<string, string>; changed: boolean } {
  const urls = [...page.product.images, ...page.sections.map((s) => s.imageUrl).filter((u): u is string => !!u)];
  const unique = urls.filter((u, i) => urls.indexOf(u) === i);
  const title = oneLine(page.product.title);
  const imageAlts = { ...page.seo.imageAlts };
  let changed = false;
  unique.forEach((url, i) => {
    const alt = oneLine(imageAlts[url] ?? "");
    if (alt && !FILE_LIKE_ALT.test(alt)) return;
    imageAlts[url] = i === 0 ? title : `${title}, photo ${i + 1} of ${unique.length}`;
    changed = true;
  });
  return { imageAlts, changed };
}

/**
 * Applies the automatic fixes of `checkIds` that can be made (see the module comment) and says
 * which were applied. The page's other fields are returned as they came.
 */
export function applySeoFixes<T extends FixablePage>(page: T, checkIds: readonly SeoCheckId[]): { page: T; applied: SeoCheckId[] } {
  let next: T = page;
  const applied: SeoCheckId[] = [];
  if (checkIds.includes("title-length")) {
    const current = pageTitle(next);
    const title = proposedTitle(next);
    if ((current.length < TITLE_MIN || current.length > TITLE_MAX) && title !== current) {
      next = { ...next, seo: { ...next.seo, title } };
      applied.push("title-length");
    }
  }
  if (checkIds.includes("meta-description")) {
    const current = pageDescription(next);
    const description = proposedDescription(next);
    if ((current.length < DESCRIPTION_MIN || current.length > DESCRIPTION_MAX) && description && description !== current) {
      next = { ...next, seo: { ...next.seo, description } };
      applied.push("meta-description");
    }
  }
  if (checkIds.includes("image-alt")) {
    const { imageAlts, changed } = fixAlts(next);
    if (changed) {
      next = { ...next, seo: { ...next.seo, imageAlts } };
      applied.push("image-alt");
    }
  }
  return { page: next, applied };
}

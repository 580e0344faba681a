/**
 * The drop page: one small HTML document per published page, fast and crawlable without any
 * JavaScript. Its only <script> is the JSON-LD Product block; the CSS is inline and the fonts are
 * the device's own, so the page costs one request plus its images. Every text and attribute is
 * escaped, and the JSON-LD cannot close its own <script> element.
 *
 * Lighthouse notes: one H1 (the hero), h2 per section and h3 inside, `lang`, viewport, meta
 * description, canonical, 48px tap targets, text colours checked against WCAG AA, width/height on
 * every image with `object-fit: contain` in a square box (product photos of any shape keep their
 * proportions and the layout does not shift), lazy loading below the fold, and an empty favicon
 * so the browser requests no /favicon.ico that could fail.
 */
import type { Page, PageProduct, PageSection } from "~/domain/contracts/pages";
import { decimalPrice, formatMoney, offerOf } from "./offer";
import { describeFromSections, oneLine } from "./text";
import { accessibleTheme, buttonColours, FONT_STACKS } from "./theme";

/** `buyUrl` (the merchant's checkout or store) gives the store link when the options name none. */
export type RenderablePage = Pick<Page, "product" | "sections" | "theme" | "seo"> & Partial<Pick<Page, "buyUrl">>;

export interface RenderOptions {
  /** The page's absolute address (canonical link, og:url, the offer's url; relative images resolve against it). */
  canonicalUrl: string;
  /** Where the buy button goes (a click-counting redirect or the merchant's checkout). */
  buyHref: string;
  /** Shown in the header and as og:site_name. */
  siteName: string;
  /** A resized image's address for `width` CSS pixels; without it images are served as they are (no srcset). */
  imageSrc?: (url: string, width: number) => string;
  /** The merchant's store or site, linked from the header and footer; else the site of the page's buyUrl, else of buyHref. */
  homeHref?: string;
  lang?: string;
}

/** The box every image is declared in (square: product photos mostly are, and object-fit keeps any other shape). */
export const IMAGE_BOX = 800;
const SRCSET_WIDTHS = [400, 800, 1200];
const HERO_SIZES = "(min-width: 1080px) 520px, (min-width: 760px) 48vw, 100vw";
const SECTION_SIZES = "(min-width: 680px) 640px, 100vw";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text and attribute values alike (attributes are always double-quoted here). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** JSON that is safe inside <script>: no "<", ">" or "&" (so no "</script>" or "<!--"), no JS line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Only http(s) and same-site paths become links or image sources (never javascript: or data:). */
function safeHref(url: string, base: string): string {
  const absolute = absoluteUrl(url.trim(), base);
  return /^https?:\/\//i.test(absolute) ? (url.trim().startsWith("/") ? url.trim() : absolute) : "#";
}

/** An image's absolute http(s) address, or null for anything else (a data: or javascript: URL is never shown). */
function safeImage(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  const absolute = absoluteUrl(url.trim(), base);
  return /^https?:\/\//i.test(absolute) ? absolute : null;
}

function homeOf(page: RenderablePage, options: RenderOptions): string {
  if (options.homeHref) return options.homeHref;
  for (const candidate of [page.buyUrl, options.buyHref]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, options.canonicalUrl);
      if (/^https?:$/.test(url.protocol)) return `${url.origin}/`;
    } catch {
      // not a URL: try the next
    }
  }
  return "/";
}

/** The page's <title>: the SEO title, else the product's. */
export function pageTitle(page: Pick<Page, "product" | "seo">): string {
  return oneLine(page.seo.title) || oneLine(page.product.title);
}

/** The meta description: the merchant's, else one written from the hero and benefits text. */
export function pageDescription(page: Pick<Page, "product" | "seo" | "sections">): string {
  return oneLine(page.seo.description) || describeFromSections(page.sections) || oneLine(page.product.title);
}

export function imageAlt(page: Pick<Page, "product" | "seo">, url: string): string {
  return oneLine(page.seo.imageAlts[url] ?? "") || oneLine(page.product.title);
}

/** schema.org availability: in stock when any variant is (or none says otherwise: the page sells it), out of stock when every known variant is not. */
export function availabilityOf(product: PageProduct): "https://schema.org/InStock" | "https://schema.org/OutOfStock" {
  const known = product.variants.map((v) => v.available).filter((a): a is boolean => a !== null);
  return known.length > 0 && known.every((a) => !a) ? "https://schema.org/OutOfStock" : "https://schema.org/InStock";
}

/** schema.org properties Google reads in ProductGroup.variesBy, by the option's name. */
const VARIES_BY: Record<string, string> = {
  color: "https://schema.org/color",
  colour: "https://schema.org/color",
  size: "https://schema.org/size",
  material: "https://schema.org/material",
  pattern: "https://schema.org/pattern",
};

/**
 * The page's structured data, as Google's Product snippet and merchant listing pages ask: only
 * what the data holds (never a rating or a review: the data has none). No markup without a price
 * above zero (a Product with no offer is an error, and a price is never guessed); no `image`
 * without one; variants at several prices as a ProductGroup whose variants carry their own offer.
 * Condition, barcode, part number, shipping and returns come from the merchant's page settings
 * and are left out when unset, never assumed.
 */
export function productJsonLd(page: RenderablePage, options: Pick<RenderOptions, "canonicalUrl">): Record<string, unknown> | null {
  const { product } = page;
  const offer = offerOf(product);
  if (!offer || offer.priceCents <= 0) return null;
  const images = product.images.map((url) => safeImage(url, options.canonicalUrl)).filter((url): url is string => url !== null);
  const skus = product.variants.map((v) => v.sku).filter((s): s is string => !!s);
  const common = {
    name: oneLine(product.title),
    description: pageDescription(page),
    ...(images.length ? { image: images } : {}),
    ...(product.vendor ? { brand: { "@type": "Brand", name: product.vendor } } : {}),
  };
  const listing = listingDetails(product);
  const offerFor = (priceCents: number, availability: string) => ({
    "@type": "Offer",
    price: decimalPrice(priceCents),
    priceCurrency: product.currency,
    availability,
    url: options.canonicalUrl,
    ...listing,
  });
  const priced = product.variants.filter((v): v is typeof v & { priceCents: number } => v.priceCents !== null && v.priceCents > 0);
  if (new Set(priced.map((v) => v.priceCents)).size > 1) {
    const variesBy = [...new Set(product.options.map((o) => VARIES_BY[o.name.trim().toLowerCase()]).filter((p): p is string => !!p))];
    return {
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      ...common,
      ...(variesBy.length ? { variesBy } : {}),
      hasVariant: priced.map((v) => ({
        "@type": "Product",
        name: `${oneLine(product.title)} – ${oneLine(v.title)}`,
        ...(v.sku ? { sku: v.sku } : {}),
        ...(images.length ? { image: images[0] } : {}),
        offers: offerFor(v.priceCents, v.available === false ? "https://schema.org/OutOfStock" : "https://schema.org/InStock"),
      })),
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    ...common,
    ...(skus.length === 1 ? { sku: skus[0] } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.mpn ? { mpn: product.mpn } : {}),
    offers: offerFor(offer.priceCents, availabilityOf(product)),
  };
}

const CONDITION_URLS = {
  new: "https://schema.org/NewCondition",
  refurbished: "https://schema.org/RefurbishedCondition",
  used: "https://schema.org/UsedCondition",
} as const;

/** An Offer's itemCondition, shippingDetails and hasMerchantReturnPolicy, from what the merchant set. */
function listingDetails(product: PageProduct): Record<string, unknown> {
  const days = (range: { min: number; max: number }) => ({ "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" });
  const { shipping, returns } = product;
  return {
    ...(product.condition ? { itemCondition: CONDITION_URLS[product.condition] } : {}),
    ...(shipping
      ? {
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: { "@type": "MonetaryAmount", value: shipping.rateCents / 100, currency: product.currency },
            shippingDestination: shipping.countries.map((addressCountry) => ({ "@type": "DefinedRegion", addressCountry })),
            deliveryTime: { "@type": "ShippingDeliveryTime", handlingTime: days(shipping.handlingDays), transitTime: days(shipping.transitDays) },
          },
        }
      : {}),
    ...(returns
      ? {
          hasMerchantReturnPolicy: {
            "@type": "MerchantReturnPolicy",
            applicableCountry: returns.countries,
            ...(returns.days > 0
              ? {
                  returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
                  merchantReturnDays: returns.days,
                  returnMethod: "https://schema.org/ReturnByMail",
                  returnFees: returns.fees === "free" ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnFeesCustomerResponsibility",
                }
              : { returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" }),
          },
        }
      : {}),
  };
}

function css(page: RenderablePage): string {
  const theme = accessibleTheme(page.theme);
  const button = buttonColours(theme);
  return [
    `*,*::before,*::after{box-sizing:border-box}`,
    `html{-webkit-text-size-adjust:100%}`,
    `body{margin:0;background:${theme.background};color:${theme.text};font:1.0625rem/1.6 ${FONT_STACKS[theme.bodyFont]}}`,
    `h1,h2,h3{font-family:${FONT_STACKS[theme.headingFont]};line-height:1.2;margin:0 0 .5em}`,
    `h1{font-size:clamp(1.9rem,4vw,2.75rem)}h2{font-size:1.6rem}h3{font-size:1.1rem}`,
    `p{margin:0 0 1em}a{color:${theme.text}}`,
    `.wrap{max-width:1080px;margin:0 auto;padding:0 20px}`,
    `.site{display:flex;justify-content:space-between;align-items:center;min-height:64px}`,
    `.site a,.foot a{display:inline-flex;align-items:center;min-height:48px;padding:0 4px;font-weight:600}`,
    `section{padding:40px 0;border-top:1px solid ${theme.surface}}`,
    `.hero{display:grid;gap:32px;align-items:center;padding-top:16px}`,
    `@media (min-width:760px){.hero{grid-template-columns:1fr 1fr}}`,
    `img{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:contain;background:${theme.surface};border-radius:12px}`,
    `.media{max-width:640px;margin:0 0 24px}`,
    `.buy{display:inline-flex;align-items:center;justify-content:center;min-height:52px;min-width:48px;padding:0 28px;border-radius:999px;`,
    `background:${button.background};color:${button.text};border:2px solid ${button.border};font-weight:700;font-size:1.1rem;text-decoration:none}`,
    `.buy:focus-visible,a:focus-visible{outline:3px solid ${theme.accent};outline-offset:3px}`,
    `.price{font-size:1.35rem;font-weight:700}.price s{font-weight:400}.save{color:${theme.accent}}`,
    `.items{list-style:none;padding:0;margin:0;display:grid;gap:16px}`,
    `@media (min-width:760px){.benefits .items{grid-template-columns:1fr 1fr}}`,
    `.items li,.faq .q{background:${theme.surface};border-radius:12px;padding:16px 20px}`,
    `.items p,.faq p{margin:0}`,
    `ol.steps{padding-left:1.4em}ol.steps li{margin:0 0 12px}`,
    `dl{display:grid;grid-template-columns:minmax(8em,1fr) 2fr;gap:8px 24px;margin:0}dt{font-weight:700}dd{margin:0}`,
    `.faq .q{margin:0 0 12px}`,
    `.cta{text-align:center}`,
    `.foot{padding:24px 0 40px;border-top:1px solid ${theme.surface}}`,
  ].join("");
}

function paragraphs(text: string): string {
  return text
    .split(/\n+/)
    .map(oneLine)
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");
}

function imageTag(page: RenderablePage, url: string, options: RenderOptions, hero: boolean): string {
  const absolute = safeImage(url, options.canonicalUrl);
  if (!absolute) return "";
  const src = url.trim().startsWith("/") ? url.trim() : absolute;
  const alt = escapeHtml(imageAlt(page, url));
  const srcAttr = options.imageSrc ? options.imageSrc(url, IMAGE_BOX) : src;
  const srcset = options.imageSrc
    ? ` srcset="${escapeHtml(SRCSET_WIDTHS.map((w) => `${options.imageSrc!(url, w)} ${w}w`).join(", "))}" sizes="${hero ? HERO_SIZES : SECTION_SIZES}"`
    : "";
  const loading = hero ? ` fetchpriority="high"` : ` loading="lazy" decoding="async"`;
  return `<img src="${escapeHtml(srcAttr)}"${srcset} width="${IMAGE_BOX}" height="${IMAGE_BOX}" alt="${alt}"${loading}>`;
}

function buyButton(label: string | null, options: RenderOptions): string {
  const words = oneLine(label ?? "") || "Buy now";
  return `<a class="buy" href="${escapeHtml(safeHref(options.buyHref, options.canonicalUrl))}" data-buy>${escapeHtml(words)}</a>`;
}

function priceBlock(product: PageProduct): string {
  const offer = offerOf(product);
  if (!offer) return "";
  const money = (cents: number) => escapeHtml(formatMoney(cents, product.currency));
  const now = `${offer.from ? "From " : ""}${money(offer.priceCents)}`;
  const was = offer.compareAtCents !== null ? ` <span>was <s>${money(offer.compareAtCents)}</s></span>` : "";
  const save =
    offer.savingCents !== null ? ` <span class="save">Save ${money(offer.savingCents)} (${offer.savingPercent}%)</span>` : "";
  return `<p class="price">${now}${was}${save}</p>`;
}

function itemsHtml(section: PageSection): string {
  const items = section.items.filter((i) => oneLine(i.title) || oneLine(i.text));
  if (items.length === 0) return "";
  switch (section.kind) {
    case "specs":
      return `<dl>${items.map((i) => `<dt>${escapeHtml(oneLine(i.title))}</dt><dd>${escapeHtml(oneLine(i.text)) || "&nbsp;"}</dd>`).join("")}</dl>`;
    case "in-the-box":
      return `<ul class="items">${items.map((i) => `<li>${escapeHtml(oneLine(i.title))}${i.text.trim() ? `: ${escapeHtml(oneLine(i.text))}` : ""}</li>`).join("")}</ul>`;
    case "how-it-works":
      return `<ol class="steps">${items.map((i) => `<li><strong>${escapeHtml(oneLine(i.title))}</strong>${i.text.trim() ? ` ${escapeHtml(oneLine(i.text))}` : ""}</li>`).join("")}</ol>`;
    case "faq":
      return items.map((i) => `<div class="q"><h3>${escapeHtml(oneLine(i.title))}</h3>${paragraphs(i.text)}</div>`).join("");
    default:
      return `<ul class="items">${items.map((i) => `<li>${i.title.trim() ? `<h3>${escapeHtml(oneLine(i.title))}</h3>` : ""}${paragraphs(i.text)}</li>`).join("")}</ul>`;
  }
}

function sectionHtml(page: RenderablePage, section: PageSection, options: RenderOptions): string {
  const id = escapeHtml(section.id);
  if (section.kind === "hero") {
    const image = section.imageUrl ?? page.product.images[0] ?? null;
    const heading = oneLine(section.heading) || oneLine(page.product.title);
    const tag = image ? imageTag(page, image, options, true) : "";
    return (
      `<section class="hero" id="${id}">` +
      (tag ? `<div>${tag}</div>` : "") +
      `<div><h1>${escapeHtml(heading)}</h1>${paragraphs(section.body)}${itemsHtml(section)}${buyButton(section.buttonLabel, options)}</div></section>`
    );
  }
  const heading = oneLine(section.heading);
  const tag = section.imageUrl ? imageTag(page, section.imageUrl, options, false) : "";
  const image = tag ? `<div class="media">${tag}</div>` : "";
  const cta = section.kind === "cta" ? `${priceBlock(page.product)}${buyButton(section.buttonLabel, options)}` : "";
  return (
    `<section class="${section.kind}" id="${id}">` +
    (heading ? `<h2>${escapeHtml(heading)}</h2>` : "") +
    `${image}${paragraphs(section.body)}${itemsHtml(section)}${cta}</section>`
  );
}

/** The complete drop page (see the module comment). Hidden sections are left out. */
export function renderDropPage(page: RenderablePage, options: RenderOptions): string {
  const lang = escapeHtml(options.lang ?? "en");
  const title = pageTitle(page);
  const description = pageDescription(page);
  const canonical = absoluteUrl(options.canonicalUrl, options.canonicalUrl);
  const siteName = oneLine(options.siteName) || oneLine(page.product.vendor ?? "") || oneLine(page.product.title);
  const home = safeHref(homeOf(page, options), canonical);
  const offer = offerOf(page.product);
  const visible = page.sections.filter((s) => !s.hidden);
  const hero = visible.find((s) => s.kind === "hero");
  const ogImageSource = hero?.imageUrl ?? page.product.images[0] ?? null;
  const ogImage = safeImage(ogImageSource, canonical);
  const jsonLd = productJsonLd(page, { canonicalUrl: canonical });
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<link rel="icon" href="data:,">`,
    meta("name", "theme-color", accessibleTheme(page.theme).primary),
    meta("property", "og:type", "product"),
    meta("property", "og:site_name", siteName),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", canonical),
    ...(ogImage ? [meta("property", "og:image", ogImage), meta("property", "og:image:alt", imageAlt(page, ogImageSource!))] : []),
    ...(offer
      ? [meta("property", "product:price:amount", decimalPrice(offer.priceCents)), meta("property", "product:price:currency", page.product.currency)]
      : []),
    meta("name", "twitter:card", ogImage ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    ...(ogImage ? [meta("name", "twitter:image", ogImage), meta("name", "twitter:image:alt", imageAlt(page, ogImageSource!))] : []),
    `<style>${css(page)}</style>`,
    ...(jsonLd ? [`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`] : []),
  ].join("\n");

  // A page always has its H1: a missing hero section still gets the product title as its heading.
  const body = [
    ...(hero ? [] : [sectionHtml(page, heroFallback(page), options)]),
    ...visible.map((s) => sectionHtml(page, s, options)),
  ].join("\n");

  return (
    `<!doctype html>\n<html lang="${lang}">\n<head>\n${head}\n</head>\n<body>\n` +
    `<header class="wrap site"><a href="${escapeHtml(home)}">${escapeHtml(siteName)}</a></header>\n` +
    `<main class="wrap">\n${body}\n</main>\n` +
    `<footer class="wrap foot"><a href="${escapeHtml(home)}">More from ${escapeHtml(siteName)}</a></footer>\n` +
    `</body>\n</html>\n`
  );
}

function heroFallback(page: RenderablePage): PageSection {
  return { id: "hero", kind: "hero", hidden: false, heading: page.product.title, body: "", items: [], imageUrl: null, buttonLabel: null };
}

/**
 * The same page for a zip export or another host: every image, the buy link and the home link
 * absolute, images at their original addresses (no resizer to point srcset at).
 */
export function renderStandaloneHtml(page: RenderablePage, options: Omit<RenderOptions, "imageSrc">): string {
  const abs = (url: string) => absoluteUrl(url, options.canonicalUrl);
  const absolutePage: RenderablePage = {
    ...page,
    product: { ...page.product, images: page.product.images.map(abs) },
    sections: page.sections.map((s) => ({ ...s, imageUrl: s.imageUrl ? abs(s.imageUrl) : null })),
    seo: { ...page.seo, imageAlts: Object.fromEntries(Object.entries(page.seo.imageAlts).map(([url, alt]) => [abs(url), alt])) },
  };
  return renderDropPage(absolutePage, {
    ...options,
    buyHref: abs(options.buyHref),
    homeHref: options.homeHref ? abs(options.homeHref) : undefined,
  });
}

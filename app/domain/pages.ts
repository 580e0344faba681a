/**
 * Store pages' words and limits that the server and the screens share, zod-free so the browser
 * can import them (the contract, app/domain/contracts/pages.ts, builds its schemas from these).
 */

export const PAGE_SECTION_KINDS = ["hero", "benefits", "how-it-works", "specs", "in-the-box", "faq", "guarantee", "cta"] as const;
export type PageSectionKind = (typeof PAGE_SECTION_KINDS)[number];

export const SECTION_LABELS: Record<PageSectionKind, string> = {
  hero: "Hero",
  benefits: "Benefits",
  "how-it-works": "How it works",
  specs: "Specs",
  "in-the-box": "What's in the box",
  faq: "FAQ",
  guarantee: "Guarantee",
  cta: "Call to action",
};

export const PAGE_TITLE_MAX = 255;
export const PAGE_TEXT_MAX = 20_000;
export const PAGE_IMAGES_MAX = 20;
export const PAGE_VARIANTS_MAX = 100;
/** An image's alt text at most (seo.imageAlts). */
export const IMAGE_ALT_MAX = 512;
export const PAGE_SECTIONS_MAX = 30;
export const PAGE_ITEMS_MAX = 30;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Font stacks that need no download (drop pages load nothing but themselves and their images). */
export const PAGE_FONTS = ["system", "humanist", "geometric", "serif", "rounded", "mono"] as const;
export type PageFont = (typeof PAGE_FONTS)[number];

export const FONT_LABELS: Record<PageFont, string> = {
  system: "System (the visitor's own)",
  humanist: "Humanist sans",
  geometric: "Geometric sans",
  serif: "Serif",
  rounded: "Rounded sans",
  mono: "Monospace",
};

/** The Admin API scopes export needs. */
export const SHOPIFY_REQUIRED_SCOPES = ["write_products"] as const;
/**
 * Needed only to export the landing page as well: `pageCreate` and `pageUpdate` accept either
 * scope (write_online_store_pages is the narrower one Shopify added for pages alone).
 */
export const SHOPIFY_PAGE_SCOPES = ["write_content", "write_online_store_pages"] as const;

/** May a token with these scopes create store pages? Any one of SHOPIFY_PAGE_SCOPES will do. */
export const grantsPageScope = (scopes: readonly string[]) => SHOPIFY_PAGE_SCOPES.some((s) => scopes.includes(s));

/**
 * Google merchant listing details a page may state (issue 27): the item's condition, its barcode
 * and part number, shipping and returns. Each comes from the merchant's own page settings; an
 * unset one is left out of the structured data, never assumed.
 */
export const PRODUCT_CONDITIONS = ["new", "refurbished", "used"] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ProductCondition, string> = { new: "New", refurbished: "Refurbished", used: "Used" };

/** Who pays to send a return back. */
export const RETURN_FEES = ["free", "customer"] as const;
export type ReturnFees = (typeof RETURN_FEES)[number];

/**
 * A GTIN (GTIN-8, UPC-A 12, EAN-13 or GTIN-14) with a correct check digit: the last digit makes
 * the weighted sum (3, 1, 3, … from the right, check digit excluded) a multiple of ten.
 */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

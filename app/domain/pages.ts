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

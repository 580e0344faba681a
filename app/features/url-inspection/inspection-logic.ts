/**
 * The scraping-test screen's pure rules: what the URL field accepts before anything is sent,
 * the examples to try, and how the inspection's values read (prices, sources, outcomes).
 */
import type { FetchEndpoint, FieldSource, ProductFieldName, SourceTried } from "~/domain/contracts/url-inspections";
import type { BadgeTone } from "~/ui";

export const URL_MAX_LENGTH = 2048;

/** The field's problem, or undefined when it can be sent. Schemes other than http(s) are sent: the guard's refusal is the point. */
export function urlFieldError(text: string): string | undefined {
  const value = text.trim();
  if (!value) return "Paste the address of a product page or a store.";
  if (value.length > URL_MAX_LENGTH) return `That address is too long (${URL_MAX_LENGTH.toLocaleString("en-US")} characters at most).`;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return "Start the address with https:// (or http://), as it appears in the browser's address bar.";
  return undefined;
}

export interface InspectionExample {
  id: string;
  label: string;
  url: string;
  /** What trying it shows, and whether it needs the network. */
  note: string;
  /** True when the guard lets it through, so the inspection fetches a live site. */
  needsNetwork: boolean;
}

export const EXAMPLES: InspectionExample[] = [
  {
    id: "shopify-product",
    label: "A Shopify product",
    url: "https://www.allbirds.com/products/mens-tree-runners",
    note: "Needs network access: fetches a live store's product JSON, which may have changed since.",
    needsNetwork: true,
  },
  {
    id: "store-root",
    label: "A store's home page",
    url: "https://www.allbirds.com/",
    note: "Needs network access: reads the store's /products.json and its first product.",
    needsNetwork: true,
  },
  {
    id: "private",
    label: "A private address",
    url: "http://192.168.1.1/admin",
    note: "Refused before any request is made.",
    needsNetwork: false,
  },
  {
    id: "metadata",
    label: "A cloud metadata address",
    url: "http://169.254.169.254/latest/meta-data/",
    note: "Refused before any request is made.",
    needsNetwork: false,
  },
  {
    id: "decimal",
    label: "Loopback written as a number",
    url: "http://2130706433/",
    note: "Refused before any request is made: 2130706433 is 127.0.0.1.",
    needsNetwork: false,
  },
  {
    id: "scheme",
    label: "Not a web address",
    url: "ftp://example.com/catalog.csv",
    note: "Refused before any request is made: only http and https are fetched.",
    needsNetwork: false,
  },
];

export const FIELD_LABELS: Record<ProductFieldName, string> = {
  title: "Title",
  description: "Description",
  images: "Images",
  priceCents: "Price",
  compareAtPriceCents: "Compare-at price",
  currency: "Currency",
  variants: "Variants",
  vendor: "Vendor",
};

export const SOURCE_LABELS: Record<FieldSource, string> = {
  "shopify-js": "Shopify .js",
  "shopify-json": "Shopify .json",
  "products-json": "/products.json",
  "json-ld": "JSON-LD",
  opengraph: "OpenGraph",
  microdata: "Microdata",
  html: "Page title/meta",
};

export const ENDPOINT_LABELS: Record<FetchEndpoint, string> = {
  "shopify-js": "Shopify product (.js)",
  "shopify-json": "Shopify product (.json)",
  "shopify-cart": "Shopify cart (currency)",
  "products-json": "Store catalog (/products.json)",
  page: "The page",
};

export const OUTCOMES: Record<SourceTried["outcome"], { label: string; tone: BadgeTone }> = {
  ok: { label: "Read", tone: "success" },
  nothing: { label: "Nothing found", tone: "neutral" },
  http_error: { label: "Error answer", tone: "warning" },
  unparseable: { label: "Not readable", tone: "warning" },
  refused: { label: "Refused", tone: "danger" },
  failed: { label: "No answer", tone: "danger" },
};

/** A hop's status as a badge: refused before the request, a redirect, an answer. */
/**
 * A hop's badge. A hop with no status is "Refused" only where the guard refused it (the last hop
 * of a refused decision); anywhere else the guard let it through and the site did not answer.
 */
export function hopBadge(status: number | null, refusedHere = true): { label: string; tone: BadgeTone } {
  if (status === null) return refusedHere ? { label: "Refused", tone: "danger" } : { label: "No answer", tone: "warning" };
  if (status >= 300 && status < 400) return { label: `${status} redirect`, tone: "neutral" };
  if (status >= 200 && status < 300) return { label: String(status), tone: "success" };
  return { label: String(status), tone: "warning" };
}

/** Cents in the currency when it is known ("$24.00"), else the plain amount ("24.00"). */
export function formatCents(cents: number, currency: string | null | undefined): string {
  const amount = cents / 100;
  if (currency) {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
    } catch {
      // An unknown code: fall through to the plain amount with the code after it.
      return `${amount.toFixed(2)} ${currency}`;
    }
  }
  return amount.toFixed(2);
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return n === 1 ? "1 byte" : `${n} bytes`;
}

/** Thumbnails come through the API's guarded image proxy (the page loads images from its own origin only). */
export function thumbnailUrl(imageUrl: string): string {
  return `/api/url-inspections/image?url=${encodeURIComponent(imageUrl)}`;
}

/** At most this many thumbnails are shown; the rest are listed as links. */
export const MAX_THUMBNAILS = 8;

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The products a merchant imported (a CSV or JSON feed, or their Shopify store): the analyst reads
 * a question about one of them from its own record, with its figures as the merchant's, never from
 * a sample-catalog product that shares its name.
 */
import { contentTerms } from "~/server/market/tokens";

/** An imported product as the analyst reads it: plain data, it travels with the answer's job. */
export interface OwnProduct {
  id: string;
  name: string;
  priceCents: number;
  costCents: number | null;
  shippingCostCents: number | null;
}

/** The citation source of an imported product: it opens like any record, as the merchant's own. */
export const OWN_IMPORT_SOURCE = "your-import";

/** How many imports a question is read against: the newest. */
export const OWN_PRODUCTS_READ = 200;

/** Words of a product name that say what it is ("posture", "corrector"), not which one ("adjustable", "men"). */
const terms = (text: string) => new Set(contentTerms(text).filter((t) => t.length >= 3 && !/^\d+$/.test(t)));

/**
 * The imported product a question names: the one sharing the most name words with it, at least
 * two (or the whole name, for a one-word name). "my posture corrector" names "Adjustable Posture
 * Corrector for Men and Women"; "posture" alone names nothing. A tie goes to the newer import.
 */
export function ownProductNamed(text: string, products: readonly OwnProduct[]): OwnProduct | undefined {
  if (!products.length) return undefined;
  const asked = terms(text);
  let best: { product: OwnProduct; shared: number } | undefined;
  for (const product of products) {
    const name = terms(product.name);
    const shared = [...name].filter((t) => asked.has(t)).length;
    const enough = shared >= 2 || (name.size === 1 && shared === 1);
    if (enough && (!best || shared > best.shared)) best = { product, shared };
  }
  return best?.product;
}

/** An imported product by its exact name (the subject a conversation carries on). */
export function ownProductCalled(name: string, products: readonly OwnProduct[]): OwnProduct | undefined {
  const wanted = name.toLowerCase();
  return products.find((p) => p.name.toLowerCase() === wanted);
}

/**
 * The offer a page shows, computed from the product alone: the price (the product's own, else
 * the lowest variant price), the compare-at price, and the saving only when both exist and the
 * compare-at is higher. The generator, the grounding filter and the renderer all read it here, so
 * a figure the page prints is always one of these.
 */
import type { PageProduct } from "~/domain/contracts/pages";

export interface Offer {
  priceCents: number;
  /** Set only when it is higher than the price. */
  compareAtCents: number | null;
  savingCents: number | null;
  /** Rounded down, so the page never claims more than the real saving. */
  savingPercent: number | null;
  /** Variants are priced differently: the price is the lowest ("from $19.99"). */
  from: boolean;
}

export function offerOf(product: PageProduct): Offer | null {
  const variantPrices = product.variants.map((v) => v.priceCents).filter((p): p is number => p !== null);
  const priceCents = product.priceCents ?? (variantPrices.length ? Math.min(...variantPrices) : null);
  if (priceCents === null) return null;
  // "From" only when variants cost more than the price shown, never when the product's own price is above a variant's.
  const from = new Set(variantPrices).size > 1 && priceCents === Math.min(...variantPrices);
  const compareAt =
    product.compareAtPriceCents ??
    product.variants.find((v) => v.priceCents === priceCents && v.compareAtPriceCents !== null)?.compareAtPriceCents ??
    null;
  if (compareAt === null || compareAt <= priceCents || priceCents === 0) {
    return { priceCents, compareAtCents: null, savingCents: null, savingPercent: null, from };
  }
  const savingCents = compareAt - priceCents;
  return { priceCents, compareAtCents: compareAt, savingCents, savingPercent: Math.floor((savingCents / compareAt) * 100), from };
}

/** "$24.99", "€1,234.50": en-US digits everywhere so the same page renders the same on every server. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The price as JSON-LD and OpenGraph want it: a plain decimal string ("24.99"). */
export function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

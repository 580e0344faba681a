/**
 * Is every number in an answer backed by a record it cites? The rule, for every model:
 * a figure is grounded when it is a figure of a cited catalog record (in any of the ways the
 * answers write it), a small count (0 to 10: "top 8", "3 hooks"), or the result of arithmetic
 * written out in the answer ("$24.00 ÷ $9.60 = 2.5") whose operands are themselves grounded.
 * Catalog ids ("P-0042") and months ("2025-03") are names, not figures.
 *
 * The regression suite holds the built-in analyst to it, and model answers are checked with it
 * before they are saved (numbers that fail are marked for the merchant).
 */
import type { Citation, CitedRecord } from "~/domain/contracts/chats";
import { adsForProduct, getAd, getNiche, getProduct, getStore, nicheStats } from "~/server/market/catalog";

/** Counts this small are structure ("the top 8"), not claims. */
const SMALL_COUNT_MAX = 10;

/** A number as written: optional sign and currency, digits with thousands commas, decimals, optional %. */
const NUMBER = /[+\-−]?\$?\d[\d,]*(?:\.\d+)?%?/g;
/**
 * Ids, months and time windows are names: P-0042, A-00007, S-012, 2025-03, "4-week", "the last 4
 * weeks", "30-day", and numbers glued to letters (H1, 4K; not "2.5x", a ratio).
 */
const NAME_LIKE = /\b[A-Z]-\d+\b|\b\d{4}-\d{2}\b|\b\d+-(?:day|week|month)\b|\b(?:last|past) \d+ (?:days|weeks|months)\b|[A-Za-z]\d+|\d+[A-Za-wyz]/g;

export interface GroundingReport {
  /** Numbers as written in the text that no cited record, small count or shown arithmetic backs. */
  ungrounded: string[];
  /** Every number the check read, as written. */
  checked: string[];
}

function valueOf(written: string): number {
  return Number(written.replace(/[$,%+]/g, "").replace("−", "-"));
}

/** The figures of one record, as numbers. */
export function recordFigures(record: CitedRecord): number[] {
  switch (record.kind) {
    case "product": {
      const p = getProduct(record.id);
      if (!p) return [];
      return [
        p.priceCents / 100,
        p.costCents / 100,
        p.marginCents / 100,
        p.marginPct,
        p.monthlyOrders,
        p.trendPct,
        p.adCount,
        // The record lists the product's catalog ads, running or not: their count is its figure too.
        adsForProduct(p.id).length,
        p.rating,
        p.shippingDays,
        ...("shippingCostCents" in p && typeof p.shippingCostCents === "number" ? [p.shippingCostCents / 100] : []),
      ];
    }
    case "ad": {
      const ad = getAd(record.id);
      if (!ad) return [];
      return [ad.daysRunning, ad.views, ad.engagements, ad.engagementRatePct];
    }
    case "store": {
      const store = getStore(record.id);
      if (!store) return [];
      return [store.productCount, store.estMonthlyRevenueUsd];
    }
    // A project's own text backs its numbers through checkGrounding's sourceTexts.
    case "passage":
    case "canon":
      return [];
    case "niche": {
      const stats = getNiche(record.id) && nicheStats(record.id);
      if (!stats) return [];
      return [
        stats.productCount,
        stats.minPriceCents / 100,
        stats.medianPriceCents / 100,
        stats.maxPriceCents / 100,
        stats.avgMarginPct,
        stats.totalMonthlyOrders,
        stats.medianTrendPct,
        stats.lowCompetitionCount,
        stats.avgShippingDays,
        stats.adCount,
        stats.storeCount,
      ];
    }
  }
}

const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);

/** Whether `c`, as written, is `expected` rounded to the places it shows ("43%" for 43.4, "$1.67" for 1.6666). */
function roundsTo(written: string, c: number, expected: number): boolean {
  const places = written.match(/\.(\d+)/)?.[1].length ?? 0;
  return close(c, expected) || Math.abs(c - expected) <= 0.5 * 10 ** -places + 1e-9;
}

/** "a op b = c", with the operators answers write (× x * ÷ / − - +). */
const ARITHMETIC = new RegExp(
  String.raw`(${NUMBER.source})\s*([×x*÷/−+-])\s*(${NUMBER.source})\s*=\s*(${NUMBER.source})`,
  "g",
);

function compute(a: number, op: string, b: number): number | undefined {
  switch (op) {
    case "×":
    case "x":
    case "*":
      return a * b;
    case "÷":
    case "/":
      return b === 0 ? undefined : a / b;
    case "−":
    case "-":
      return a - b;
    case "+":
      return a + b;
  }
  return undefined;
}

/** The numbers written in a text (a cited passage, a canon value), as figures that back an answer. */
export function figuresIn(text: string): number[] {
  return (text.replace(NAME_LIKE, " ").match(NUMBER) ?? []).map(valueOf).filter((n) => Number.isFinite(n));
}

/**
 * Checks every number of `text` against the records `citations` point to, and the numbers
 * written in `sourceTexts` (the project passages and canon entries it cites). Citations without
 * a record (an outside page) back nothing.
 */
export function checkGrounding(text: string, citations: readonly Citation[], sourceTexts: readonly string[] = []): GroundingReport {
  const known: number[] = [...citations.flatMap((c) => (c.record ? recordFigures(c.record) : [])), ...sourceTexts.flatMap(figuresIn)];
  const isKnown = (value: number) =>
    (Number.isInteger(value) && Math.abs(value) <= SMALL_COUNT_MAX) || known.some((k) => close(Math.abs(value), Math.abs(k)));

  const clean = text.replace(NAME_LIKE, " ");
  // Arithmetic first, in reading order: each correct result becomes a known figure for the rest.
  for (const m of clean.matchAll(ARITHMETIC)) {
    const [, left, op, right, result] = m;
    const a = valueOf(left);
    const b = valueOf(right);
    const c = valueOf(result);
    const raw = compute(a, op, b);
    // "a ÷ b = c%": a share written as a percent.
    const expected = raw !== undefined && result.endsWith("%") && (op === "÷" || op === "/") ? raw * 100 : raw;
    if (isKnown(a) && isKnown(b) && expected !== undefined && roundsTo(result, c, expected)) {
      known.push(c);
    }
  }
  const checked = clean.match(NUMBER) ?? [];
  const ungrounded = checked.filter((written) => !isKnown(valueOf(written)));
  return { ungrounded: [...new Set(ungrounded)], checked };
}

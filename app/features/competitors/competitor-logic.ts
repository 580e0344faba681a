/**
 * Competitor research's pure rules on the browser side: money and dates as the screen shows
 * them, the catalogue search, the changes timeline grouped by day, the compare selection, and
 * what a failed track becomes (the quota 403 opens the upgrade modal; the rest shows inline).
 */
import type { StoreChange, StoreListing } from "~/domain/contracts/market";
import { HttpError } from "~/lib/http";

export const MAX_COMPARED = 3;

/** "$12.99"; "—" for a missing price. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "—";
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "25 Nov 2026" from an ISO date or timestamp (read as UTC, so the day never shifts). */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export const plural = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;

/** Listings whose title or handle holds every word of the search. */
export function searchListings(listings: readonly StoreListing[], query: string): StoreListing[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...listings];
  return listings.filter((l) => {
    const text = `${l.title} ${l.productKey}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export type ListingSort = "title" | "price-asc" | "price-desc" | "rank";

export function sortListings(listings: readonly StoreListing[], sort: ListingSort): StoreListing[] {
  const out = [...listings];
  const byTitle = (a: StoreListing, b: StoreListing) => a.title.localeCompare(b.title);
  if (sort === "title") return out.sort(byTitle);
  if (sort === "price-asc") return out.sort((a, b) => a.priceCents - b.priceCents || byTitle(a, b));
  if (sort === "price-desc") return out.sort((a, b) => b.priceCents - a.priceCents || byTitle(a, b));
  return out.sort((a, b) => (a.bestSellerRank ?? Infinity) - (b.bestSellerRank ?? Infinity) || byTitle(a, b));
}

export interface ChangeDay {
  day: string;
  changes: StoreChange[];
  counts: { added: number; removed: number; price: number };
}

/** The timeline: one group per day (newest first), each with its counts by kind. */
export function groupChangesByDay(changes: readonly StoreChange[]): ChangeDay[] {
  const days = new Map<string, ChangeDay>();
  for (const c of changes) {
    const day = c.at.slice(0, 10);
    let group = days.get(day);
    if (!group) {
      group = { day, changes: [], counts: { added: 0, removed: 0, price: 0 } };
      days.set(day, group);
    }
    group.changes.push(c);
    group.counts[c.kind] += 1;
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/** The price change in words: "$19.99 → $14.99 (−25%)". */
export function priceChangeLabel(c: StoreChange): string {
  if (c.oldPriceCents === null || c.newPriceCents === null) return formatCents(c.newPriceCents ?? c.oldPriceCents);
  if (c.oldPriceCents === c.newPriceCents) return `${formatCents(c.newPriceCents)} (unchanged)`;
  const pct = c.oldPriceCents > 0 ? Math.round(((c.newPriceCents - c.oldPriceCents) / c.oldPriceCents) * 100) : 0;
  const sign = pct > 0 ? "+" : pct < 0 ? "−" : "±";
  return `${formatCents(c.oldPriceCents)} → ${formatCents(c.newPriceCents)} (${sign}${Math.abs(pct)}%)`;
}

/** Adds or removes an id from the compare selection (at most 3; a fourth is refused). */
export function toggleCompared(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (selected.length >= MAX_COMPARED) return [...selected];
  return [...selected, id];
}

/** The comma list of a `?compare=` parameter, cleaned: known ids only, each once, at most 3. */
export function parseCompared(param: string | null, known?: ReadonlySet<string>): string[] {
  const ids = (param ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return [...new Set(ids)].filter((id) => !known || known.has(id)).slice(0, MAX_COMPARED);
}

export type TrackFailure = { kind: "quota"; message: string } | { kind: "inline"; message: string };

/** What a failed track becomes: the plan's limit (upgrade modal) or a message shown by the form. */
export function trackFailure(err: unknown): TrackFailure {
  if (err instanceof HttpError) {
    if (err.status === 403 && err.type === "QUOTA_EXCEEDED") return { kind: "quota", message: err.serverMessage || "Your plan's tracked-store limit is reached." };
    if (err.serverMessage) return { kind: "inline", message: err.serverMessage };
    return { kind: "inline", message: `The store could not be tracked (${err.status}). Please try again.` };
  }
  if (err instanceof Error && err.message) return { kind: "inline", message: err.message };
  return { kind: "inline", message: "The store could not be tracked. Please try again." };
}

/** The share of the largest band, for the bars' widths (0–100). */
export function bandWidths(counts: readonly number[]): number[] {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max ? Math.round((c / max) * 100) : 0));
}

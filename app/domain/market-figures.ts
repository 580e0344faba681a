/**
 * What each market figure means. A figure is computed by one function here and shown under one
 * label on every screen (Explorer, the chat's record panel, answers, reports), so a merchant
 * never sees two values for one thing: "Active ads" beside "Ads seen", "Margin before shipping"
 * beside "Kept after shipping", and each change of a tracked store dated by the snapshot that
 * found it.
 */

export const FIGURE_LABELS = {
  activeAds: "Active ads",
  adsSeen: "Ads seen",
  marginBeforeShipping: "Margin before shipping",
  keptAfterShipping: "Kept after shipping",
  snapshots: "Snapshots",
  changes: "Changes",
} as const;

export type FigureKey = keyof typeof FIGURE_LABELS;

export const FIGURE_DEFINITIONS: Record<FigureKey, string> = {
  activeAds: "Ads of the product still running in the record's latest week.",
  adsSeen: "Every ad of the product in the record, running or ended.",
  marginBeforeShipping: "Price minus supplier cost, as a share of the price. Shipping, payment fees and ads are not taken off.",
  keptAfterShipping: "Price minus supplier cost minus shipping cost, as a share of the price. Payment fees and ads are not taken off.",
  snapshots: "Reads of the store's catalogue. Each change is what one snapshot found against the one before.",
  changes: "Products added, removed or repriced between two snapshots.",
};

/** An ad is active when it ran in the record's latest week (`asOfWeek`); otherwise it has ended. */
export function isAdActive(ad: { readonly endWeek: number }, asOfWeek: number): boolean {
  return ad.endWeek >= asOfWeek;
}

/** Active ads: the ads still running in the latest week. */
export function activeAdCount(ads: readonly { readonly endWeek: number }[], asOfWeek: number): number {
  return ads.reduce((n, ad) => n + (isAdActive(ad, asOfWeek) ? 1 : 0), 0);
}

/** Active ads per history week: an ad counts in every week from its first to its last. */
export function weeklyActiveAdCounts(ads: readonly { readonly startWeek: number; readonly endWeek: number }[], weeks: number): number[] {
  const perWeek = new Array<number>(weeks).fill(0);
  for (const ad of ads) for (let week = Math.max(0, ad.startWeek); week <= Math.min(weeks - 1, ad.endWeek); week++) perWeek[week] += 1;
  return perWeek;
}

function pctOfPrice(cents: number, priceCents: number): number {
  return priceCents > 0 ? Math.round((cents / priceCents) * 100) : 0;
}

/** Margin before shipping: price − supplier cost, in cents and as a whole percent of the price. */
export function marginBeforeShipping(priceCents: number, costCents: number): { marginCents: number; marginPct: number } {
  const marginCents = priceCents - costCents;
  return { marginCents, marginPct: pctOfPrice(marginCents, priceCents) };
}

/** Kept after shipping: price − supplier cost − shipping cost; null when the record lacks either cost. */
export function keptAfterShipping(
  priceCents: number,
  costCents: number | null,
  shippingCostCents: number | null,
): { keptCents: number; keptPct: number } | null {
  if (costCents === null || shippingCostCents === null) return null;
  const keptCents = priceCents - costCents - shippingCostCents;
  return { keptCents, keptPct: pctOfPrice(keptCents, priceCents) };
}

export interface HistoryListing {
  readonly firstSeenAt: string;
  readonly removedAt: string | null;
}

/**
 * The weekly reads behind a sample store's recorded history: one snapshot per catalog week from
 * the first listing seen to the as-of week, each counting the products listed that week. Every
 * change of the history falls in one of these weeks, so the snapshot count and the changes agree.
 */
export function historySnapshots(listings: readonly HistoryListing[], weeks: readonly string[]): { takenAt: string; productCount: number }[] {
  if (!listings.length || !weeks.length) return [];
  const first = listings.reduce((min, l) => (l.firstSeenAt < min ? l.firstSeenAt : min), listings[0].firstSeenAt).slice(0, 10);
  return weeks
    .filter((week) => week >= first)
    .map((week) => ({
      takenAt: `${week}T00:00:00.000Z`,
      productCount: listings.filter((l) => l.firstSeenAt.slice(0, 10) <= week && (l.removedAt === null || l.removedAt.slice(0, 10) > week)).length,
    }));
}

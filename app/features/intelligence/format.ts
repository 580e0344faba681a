/** Dates and labels of the intelligence screens. Weeks are ISO dates of a Monday (UTC). */
export { angleLabel, formatLabel, shortWeek, styleLabel, weekPhrase } from "~/domain/market-labels";
import { weekPhrase } from "~/domain/market-labels";

/** "Week of Nov 16, 2026", to start a sentence. */
export function longWeek(iso: string): string {
  const phrase = weekPhrase(iso);
  return phrase[0].toUpperCase() + phrase.slice(1);
}

export function compactCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(n);
}

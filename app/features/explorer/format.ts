/** How the Explorer writes money, counts and changes. Money arrives in cents. */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const NOT_IN_RECORD = "Not in the record";

export function money(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole dollars for axes and compact places ($25). */
export function moneyWhole(cents: number): string {
  return usdWhole.format(cents / 100);
}

export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** "+12%", "−8%", "0%". */
export function change(pct: number): string {
  if (pct > 0) return `+${pct}%`;
  if (pct < 0) return `−${Math.abs(pct)}%`;
  return "0%";
}

export { longWeek, shortWeek } from "~/domain/market-labels";

export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}


/**
 * How catalog figures are written in answers. Hand-rolled rather than Intl so the text is the
 * same in every runtime and locale.
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 1999 → "$19.99"; 1234500 → "$12,345.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${groupThousands(String(whole))}.${rest < 10 ? "0" : ""}${rest}`;
}

/** Whole dollars: 99300 → "$99,300". */
export function formatDollars(dollars: number): string {
  return `${dollars < 0 ? "-" : ""}$${groupThousands(String(Math.abs(Math.round(dollars))))}`;
}

/** 12400 → "12,400"; keeps one decimal when given one (10.7 → "10.7"). */
export function formatCount(value: number): string {
  const [whole, fraction] = String(Math.abs(value)).split(".");
  return `${value < 0 ? "-" : ""}${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** A count with its noun: (1, "ad") → "1 ad", (3, "active ad") → "3 active ads", (0, "ad") → "0 ads". */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/** A change: 18 → "+18%", -7 → "-7%", 0 → "0%". */
export function formatChange(pct: number): string {
  return `${pct > 0 ? "+" : ""}${formatCount(pct)}%`;
}

/** A share: 72 → "72%". */
export function formatPercent(pct: number): string {
  return `${formatCount(pct)}%`;
}

/** Formatting for billing screens. */

/** An amount in the currency's minor unit (cents for USD) as money: 4900, "usd" → "$49.00". */
export function formatMinorAmount(amount: number, currency: string): string {
  const code = (currency || "USD").toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
  } catch {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "July 4, 2026"; an unreadable date is shown as it came. */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
}

export function intervalLabel(interval: string | null | undefined): string {
  if (interval === "yearly") return "Yearly";
  if (interval === "monthly") return "Monthly";
  return interval ? interval.charAt(0).toUpperCase() + interval.slice(1) : "One-time";
}

/** Shapes GET /api/usage/history rows into a 30-day series per counter. */
import type { UsageHistoryRow } from "~/domain/contracts/usage";
import { countersShownTo, DAILY_COUNTERS, isUsageCounter, type UsageCounter } from "~/domain/counters";

export const HISTORY_DAYS = 30;
export const HISTORY_KEY = [`/api/usage/history?days=${HISTORY_DAYS}`] as const;

/** One row of `GET /api/usage/history`, as the usage contract defines it. */
export type HistoryRow = UsageHistoryRow;

export interface HistoryPoint {
  day: string;
  amount: number;
}

/** Today's date key (YYYY-MM-DD) in the user's usage time zone, the browser's when unknown. */
export function todayKey(timeZone?: string, now = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };
  try {
    return new Intl.DateTimeFormat("en-CA", { ...options, timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-CA", options).format(now);
  }
}

/** The `count` day keys ending with `lastDay`, oldest first. */
export function dayRange(lastDay: string, count = HISTORY_DAYS): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  if (Number.isNaN(end)) return [];
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One counter's daily totals over the given days (missing days count as 0). */
export function seriesFor(rows: readonly HistoryRow[], counter: string, days: readonly string[]): HistoryPoint[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.counter !== counter) continue;
    totals.set(row.day, (totals.get(row.day) ?? 0) + (Number(row.amount) || 0));
  }
  return days.map((day) => ({ day, amount: totals.get(day) ?? 0 }));
}

/**
 * The counters a chart may show: the daily ones (the launches meter only with the launcher flag),
 * then any other counter the history holds.
 */
export function chartCounters(rows: readonly HistoryRow[], user?: { launcherAccess?: boolean } | null): UsageCounter[] {
  const extra = new Set<UsageCounter>();
  for (const row of rows) {
    if (isUsageCounter(row.counter) && !(DAILY_COUNTERS as readonly string[]).includes(row.counter)) {
      extra.add(row.counter);
    }
  }
  return [...countersShownTo(DAILY_COUNTERS, user), ...extra];
}

/** "Nov 3" for a YYYY-MM-DD key. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** "Resets at 12:00 AM, Mon Nov 23" in the browser's local time. */
export function formatReset(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  const day = date.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });
  return `${time}, ${day}`;
}

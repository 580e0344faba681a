/**
 * /subscription-sync's shared words: which subscription fields are compared, their labels, and
 * how a value reads ("active", "Growth (pro)", a date). The server's message and the screen use them.
 */
import { planDisplayName } from "./plans";

/** The fields compared and fixed, in the order the screen lists them. */
export const SYNC_FIELDS = ["plan", "status", "currentPeriodEnd", "cancelAtPeriodEnd"] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];
export type SyncValue = string | boolean | null;

export const SYNC_FIELD_LABELS: Record<SyncField, string> = {
  plan: "Plan",
  status: "Status",
  currentPeriodEnd: "Current period ends",
  cancelAtPeriodEnd: "Cancels at period end",
};

/** A value as people read it. Dates are shown in UTC so the server and every browser agree. */
export function formatSyncValue(field: SyncField, value: SyncValue): string {
  if (value === null) return "—";
  if (field === "cancelAtPeriodEnd") return value === true ? "Yes" : "No";
  if (field === "plan") return `${planDisplayName(String(value))} (${String(value)})`;
  if (field === "currentPeriodEnd") {
    const time = Date.parse(String(value));
    if (Number.isNaN(time)) return String(value);
    return new Date(time).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  }
  return String(value).replace(/_/g, " ");
}

/** Equal values for a field; period ends compare as instants (Stripe's seconds against stored ISO). */
export function sameSyncValue(field: SyncField, a: SyncValue, b: SyncValue): boolean {
  if (field === "currentPeriodEnd" && typeof a === "string" && typeof b === "string") {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    if (!Number.isNaN(x) && !Number.isNaN(y)) return Math.floor(x / 1000) === Math.floor(y / 1000);
  }
  return a === b;
}

/** "Status: active → past due" */
export function describeDifference(d: { field: SyncField; ours: SyncValue; provider: SyncValue }): string {
  return `${SYNC_FIELD_LABELS[d.field]}: ${formatSyncValue(d.field, d.ours)} → ${formatSyncValue(d.field, d.provider)}`;
}

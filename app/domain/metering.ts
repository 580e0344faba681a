/**
 * Reserve-then-commit metering (spec section 9, ADR 006). Pure rules shared by the Durable
 * Object and the tests: the object supplies storage and a clock, this decides.
 */
import { DAILY_COUNTERS, isMonthlyCounter, MONTHLY_COUNTERS, type UsageCounter } from "./plans";
import { dayKey, monthKey, nextDailyReset, nextMonthlyReset } from "./usage-periods";

export const RESERVATION_TTL_MS = 10 * 60 * 1000;

/** The header that carries the meter context on the meter's GET /stream, so opening a stream is one call. */
export const STREAM_CONTEXT_HEADER = "x-meter-context";

export interface MeterContext {
  userId: number;
  plan: string;
  limits: Record<UsageCounter, number>;
  timeZone: string;
}

export function periodOf(counter: UsageCounter, now: Date, timeZone: string): string {
  return isMonthlyCounter(counter) ? `month:${monthKey(now, timeZone)}` : `day:${dayKey(now, timeZone)}`;
}

export function resetOf(counter: UsageCounter, now: Date, timeZone: string): Date {
  return isMonthlyCounter(counter) ? nextMonthlyReset(now, timeZone) : nextDailyReset(now, timeZone);
}

/** A counter's current period and when it ends (ms since the epoch). */
export interface CurrentPeriod {
  period: string;
  resetsAt: number;
}

/**
 * periodOf and resetOf for "now", remembered until the period ends: the meter asks on every
 * reservation and the answer changes once a day (or month) per time zone. An instant before the
 * one the answer was worked out for (a clock step back) works it out again.
 */
export function createPeriodCache(): (counter: UsageCounter, nowMs: number, timeZone: string) => CurrentPeriod {
  const known = new Map<string, CurrentPeriod & { from: number }>();
  return (counter, nowMs, timeZone) => {
    const key = `${isMonthlyCounter(counter) ? "month" : "day"} ${timeZone}`;
    const hit = known.get(key);
    if (hit && hit.from <= nowMs && nowMs < hit.resetsAt) return hit;
    const now = new Date(nowMs);
    const fresh = { period: periodOf(counter, now, timeZone), resetsAt: resetOf(counter, now, timeZone).getTime(), from: nowMs };
    known.set(key, fresh);
    return fresh;
  };
}

export type ReserveOutcome =
  | { ok: true; reservationId: string; remaining: number }
  | { ok: false; counter: UsageCounter; limit: number; used: number; resetsAt: string };

export interface UsageSnapshot {
  plan: string;
  usage: Record<(typeof DAILY_COUNTERS)[number], number>;
  limits: Record<(typeof DAILY_COUNTERS)[number], number>;
  remaining: Record<(typeof DAILY_COUNTERS)[number], number>;
  monthly: Record<(typeof MONTHLY_COUNTERS)[number], { used: number; limit: number; remaining: number }>;
  trackingType: "daily";
  resetsAt: string;
  monthlyResetsAt: string;
  timeZone: string;
}

/** Builds the snapshot from "used so far" per counter (committed plus in-flight). */
export function buildSnapshot(ctx: MeterContext, usedOf: (counter: UsageCounter) => number, now: Date): UsageSnapshot {
  const usage = {} as UsageSnapshot["usage"];
  const limits = {} as UsageSnapshot["limits"];
  const remaining = {} as UsageSnapshot["remaining"];
  for (const c of DAILY_COUNTERS) {
    usage[c] = usedOf(c);
    limits[c] = ctx.limits[c];
    remaining[c] = Math.max(0, ctx.limits[c] - usage[c]);
  }
  const monthly = {} as UsageSnapshot["monthly"];
  for (const c of MONTHLY_COUNTERS) {
    const used = usedOf(c);
    monthly[c] = { used, limit: ctx.limits[c], remaining: Math.max(0, ctx.limits[c] - used) };
  }
  return {
    plan: ctx.plan,
    usage,
    limits,
    remaining,
    monthly,
    trackingType: "daily",
    resetsAt: nextDailyReset(now, ctx.timeZone).toISOString(),
    monthlyResetsAt: nextMonthlyReset(now, ctx.timeZone).toISOString(),
    timeZone: ctx.timeZone,
  };
}

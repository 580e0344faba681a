/**
 * Admin-area rules both sides read (zod-free): which plans staff may grant, and the pure math of
 * the overview (MRR, churn, days with no sign-ups) so it is tested apart from the database.
 */
import { GROWTH_PRICES, type BillingInterval } from "./pricing";
import { resolvePlan } from "./plans";

/** Plans staff can grant in a support case; "free" ends a grant. */
/** The longest reason a staff action takes (users, tickets, feedback, partners, commissions); the audit log keeps it. */
export const STAFF_REASON_MAX = 500;

export const GRANTABLE_PLANS = ["pro", "automation", "empire", "free"] as const;
export type GrantablePlan = (typeof GRANTABLE_PLANS)[number];

/** Statuses in which a paid plan is in force (mirrors domain/subscription.ts ACTIVE_STATUSES). */
export const PAID_STATUSES = ["active", "trialing", "past_due"] as const;

export const ACTIVE_USERS_DEFINITION =
  "Users who used a session (signed in or opened the app) or spent metered usage in the window.";
export const MRR_DEFINITION =
  "List prices of subscriptions with status active that came through Stripe (support grants excluded). The subscriptions table holds no interval, so each one takes the interval of the user's latest payment; a yearly plan counts as its price ÷ 12. Subscriptions with no payment on record, or on a plan without a list price, are left out and counted as unpriced.";
export const CHURN_DEFINITION =
  "Stripe subscriptions cancelled in the last 30 days ÷ (paying now + those cancelled). The subscriptions table keeps only each user's current status, so paying at the start of the window is estimated as paying now plus those who left.";

/** What a paying subscription is worth a month at list price, or null when no price applies. */
export function monthlyListPrice(plan: string, interval: string | null): number | null {
  // Every paid plan we sell today is priced as Growth; Elite (empire) has no list price yet.
  if (resolvePlan(plan).tier !== "growth") return null;
  if (interval !== "monthly" && interval !== "yearly") return null;
  const price = GROWTH_PRICES[interval as BillingInterval];
  return interval === "yearly" ? price / 12 : price;
}

export interface PayingSubscription {
  plan: string;
  /** The interval of the user's latest payment, if any is on record. */
  interval: string | null;
}

export function monthlyRecurringRevenue(subs: readonly PayingSubscription[]) {
  let amount = 0;
  let monthly = 0;
  let yearly = 0;
  let unpriced = 0;
  for (const sub of subs) {
    const price = monthlyListPrice(sub.plan, sub.interval);
    if (price === null) {
      unpriced += 1;
      continue;
    }
    amount += price;
    if (sub.interval === "yearly") yearly += 1;
    else monthly += 1;
  }
  return { amount: Math.round(amount * 100) / 100, monthly, yearly, unpriced };
}

/** Ended ÷ (paying now + ended); null when both are zero (no rate to speak of). */
export function churnRate(endedInWindow: number, payingNow: number): number | null {
  const base = payingNow + endedInWindow;
  return base > 0 ? endedInWindow / base : null;
}

/** The last `days` UTC days ending with `today`, oldest first, with a count for each (0 when absent). */
export function fillDays(counts: readonly { day: string; count: number }[], today: Date, days: number) {
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  const out: { day: string; count: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today.getTime() - i * 24 * 3600_000).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

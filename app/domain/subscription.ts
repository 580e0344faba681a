/** The subscription status the client reads (spec section 3 and 7). */
import { isPaidPlan, planDisplayName, resolvePlan, type PlanFeatures } from "./plans";

export interface SubscriptionStatus {
  plan: string;
  planName: string;
  features: PlanFeatures;
  hasActiveSubscription: boolean;
  subscriptionStatus: string;
  customerId: string | null;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

/** The stored subscription fields these rules read (db/ rows satisfy it structurally). */
export interface SubscriptionRecord {
  plan: string;
  planName: string | null;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

const ACTIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

/** A paid plan counts only while its subscription is active; otherwise the user is on free. */
export function effectivePlanId(sub: SubscriptionRecord | undefined): string {
  if (!sub || !isPaidPlan(sub.plan) || !ACTIVE_STATUSES.has(sub.status)) return "free";
  return resolvePlan(sub.plan).id;
}

export function subscriptionStatus(sub: SubscriptionRecord | undefined): SubscriptionStatus {
  const plan = effectivePlanId(sub);
  return {
    plan,
    planName: planDisplayName(plan, plan === "free" ? null : sub?.planName),
    features: resolvePlan(plan).features,
    hasActiveSubscription: plan !== "free",
    subscriptionStatus: sub?.status ?? "inactive",
    customerId: sub?.customerId ?? null,
    subscriptionId: sub?.subscriptionId ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: sub?.currentPeriodEnd ?? null,
  };
}

/**
 * The plan and usage the browser knows (spec sections 3, 4, 7 and 8): the subscription status,
 * today's usage summary and the daily query limit, each a TanStack query keyed by its URL.
 * The usage stream (usage-stream.ts) keeps the summary live.
 */
import type { SubscriptionStatus as ServerSubscriptionStatus } from "~/domain/subscription";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { QueryLimitContract, UsageSummaryContract } from "~/domain/contracts/usage";
import { useEffect, useRef } from "react";
import { DAILY_COUNTERS, isNearLimit, isPaidPlan, PLANS, type DailyCounter, type PlanFeatures } from "~/domain/plans";
import { errorMessage, getQueryFn } from "~/lib/http";
import { AUTH_ME_KEY, useCurrentUser } from "./session";

export const SUBSCRIPTION_KEY = ["/api/subscription-status"] as const;
export const USAGE_SUMMARY_KEY = ["/api/usage/summary"] as const;
export const QUERY_LIMIT_KEY = ["/api/usage-limits/queriesPerDay"] as const;

export const SUBSCRIPTION_ERROR = "Failed to fetch subscription";
export const USAGE_SUMMARY_ERROR = "Failed to load usage data";
export const QUERY_LIMIT_ERROR = "Failed to load usage limits";

/** The server's status (spec section 3); the name may be missing on the client's free fallback. */
export type SubscriptionStatus = Omit<ServerSubscriptionStatus, "planName"> & { planName?: string | null };

/** The "Subscription context" column of spec section 9, used when the status answers 401. */
// Same numbers as the server's free plan (ADR 006), so the two cannot drift.
export const FREE_FALLBACK_FEATURES: Readonly<PlanFeatures> = PLANS.free.features;

export const FREE_FALLBACK_STATUS: Readonly<SubscriptionStatus> = Object.freeze({
  plan: "free",
  planName: null,
  features: FREE_FALLBACK_FEATURES,
  hasActiveSubscription: false,
  subscriptionStatus: "inactive",
  customerId: null,
  subscriptionId: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
});

export type Counters = Record<DailyCounter, number>;

/**
 * Spec section 3, "Usage summary", as the API contract defines it; the reset times, monthly
 * quotas and zone may be absent from the spec's fallback values.
 */
export type UsageSummary = Omit<UsageSummaryContract, "resetsAt" | "monthly" | "monthlyResetsAt" | "timeZone"> &
  Partial<Pick<UsageSummaryContract, "resetsAt" | "monthly" | "monthlyResetsAt" | "timeZone">>;

export type QueryLimit = QueryLimitContract;

interface Envelope<T> {
  success?: boolean;
  message?: string;
  data: T;
}

/** The spec's error text for a failed fetch: the server's words first, then the fallback. */
function messageOf(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return errorMessage(error, fallback);
}

// The last status any hook saw, for plain functions such as requirePremium().
let knownStatus: SubscriptionStatus | null = null;

/** The last subscription status loaded in this tab, or null before the first answer. */
export function getKnownSubscription(): SubscriptionStatus | null {
  return knownStatus;
}

/** Free unless the plan is a paid one (unknown plans count as free, spec section 6). */
export function isFreeStatus(status: Pick<SubscriptionStatus, "plan"> | null | undefined): boolean {
  return !isPaidPlan(status?.plan);
}

/** Pro or automation (Growth) with an active subscription: the welcome dialog's audience. */
export function isGrowthActive(status: Pick<SubscriptionStatus, "plan" | "hasActiveSubscription"> | null | undefined) {
  return Boolean(status && (status.plan === "pro" || status.plan === "automation") && status.hasActiveSubscription);
}

/**
 * The signed-in user's subscription status (spec section 4): fetched when signed in and again
 * on window focus. A 401 means the session is gone: the free fallback applies and the auth
 * query is checked again. Other failures keep the last status and report the message.
 */
export function useSubscription() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // An unverified account is refused these (EMAIL_NOT_VERIFIED) until the gate is passed.
  const signedIn = Boolean(user?.emailVerified);
  const query = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: async (ctx): Promise<SubscriptionStatus> => {
      const body = await getQueryFn<Envelope<SubscriptionStatus>>({ on401: "returnNull" })(ctx);
      if (!body) {
        // Signed out on the server: let the auth query find out (the guard then redirects).
        void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
        return { ...FREE_FALLBACK_STATUS };
      }
      return { ...body.data };
    },
    enabled: signedIn,
    refetchOnWindowFocus: "always",
  });

  const status = signedIn ? (query.data ?? null) : null;
  useEffect(() => {
    knownStatus = status;
  }, [status]);

  const plan = status?.plan ?? "free";
  return {
    /** Null while signed out or before the first answer. */
    status,
    plan,
    planName: status?.planName ?? null,
    isLoading: signedIn && query.isPending,
    isFetching: query.isFetching,
    /** Loaded and on the free plan (signed-out visitors are neither free nor paid). */
    isFree: Boolean(status) && isFreeStatus(status),
    isPaid: Boolean(status) && !isFreeStatus(status),
    error: signedIn ? messageOf(query.error, SUBSCRIPTION_ERROR) : null,
    refetch: query.refetch,
  };
}

/**
 * The usage stream may write a snapshot while a fetch is in flight; that snapshot is newer than
 * the fetch's answer, so it wins.
 */
function newerCached<T>(queryClient: QueryClient, key: readonly unknown[], since: number): T | undefined {
  const state = queryClient.getQueryState<T>(key);
  return state?.data !== undefined && state.dataUpdatedAt >= since ? state.data : undefined;
}

/** Today's usage, limits and what remains; the usage stream keeps it current. */
export function useUsageSummary() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: USAGE_SUMMARY_KEY,
    queryFn: async (ctx): Promise<UsageSummary> => {
      const started = Date.now();
      const body = await getQueryFn<Envelope<UsageSummary>>({ on401: "throw" })(ctx);
      return newerCached(queryClient, USAGE_SUMMARY_KEY, started) ?? body!.data;
    },
    enabled: Boolean(user?.emailVerified),
  });
  return {
    summary: user ? (query.data ?? null) : null,
    isLoading: Boolean(user) && query.isPending,
    error: user ? messageOf(query.error, USAGE_SUMMARY_ERROR) : null,
    refetch: query.refetch,
  };
}

/** The daily query limit and today's use (GET /api/usage-limits/queriesPerDay). */
export function useQueryLimit() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: QUERY_LIMIT_KEY,
    queryFn: async (ctx): Promise<QueryLimit> => {
      const started = Date.now();
      const body = await getQueryFn<Envelope<QueryLimit>>({ on401: "throw" })(ctx);
      return newerCached(queryClient, QUERY_LIMIT_KEY, started) ?? body!.data;
    },
    enabled: Boolean(user?.emailVerified),
  });
  return {
    limit: user ? (query.data ?? null) : null,
    isLoading: Boolean(user) && query.isPending,
    error: user ? messageOf(query.error, QUERY_LIMIT_ERROR) : null,
    refetch: query.refetch,
  };
}

/**
 * Queries used and allowed today. The spec reads the query limit from its own endpoint
 * (GET /api/usage-limits/queriesPerDay, kept live by the usage stream); the summary stands in
 * while it loads. `limitError` is the spec's 'Failed to load usage limits' when that read fails.
 */
export function useQueryUsage() {
  const queryLimit = useQueryLimit();
  const { summary, isLoading, error } = useUsageSummary();
  const fromLimit = queryLimit.limit;
  const used = fromLimit?.used ?? summary?.usage.queries ?? 0;
  const limit = fromLimit?.limit ?? summary?.limits.queries ?? FREE_FALLBACK_FEATURES.queriesPerDay;
  const remaining = fromLimit?.remaining ?? summary?.remaining.queries ?? Math.max(0, limit - used);
  return {
    used,
    limit,
    remaining,
    /** 0..1 share of today's queries used. */
    ratio: limit > 0 ? Math.min(1, used / limit) : 0,
    nearLimit: isNearLimit(used, limit),
    loaded: Boolean(fromLimit ?? summary),
    isLoading: isLoading || queryLimit.isLoading,
    error,
    limitError: queryLimit.error,
    retryLimit: queryLimit.refetch,
  };
}

/** Recomputes what remains from usage and limits (spec section 7, usage stream). */
export function remainingOf(usage: Counters, limits: Counters): Counters {
  const remaining = {} as Counters;
  for (const c of DAILY_COUNTERS) remaining[c] = Math.max(0, (limits[c] ?? 0) - (usage[c] ?? 0));
  return remaining;
}

/**
 * Clears the plan and usage caches when the signed-in user changes (a sign-out or another
 * account), so nobody sees the previous user's plan for a moment.
 */
export function useResetBillingCacheOnUserChange() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const id = user?.id ?? null;
  const previous = useRef(id);
  useEffect(() => {
    if (previous.current === id) return;
    previous.current = id;
    knownStatus = null;
    for (const key of [SUBSCRIPTION_KEY, USAGE_SUMMARY_KEY, QUERY_LIMIT_KEY])
      void queryClient.resetQueries({ queryKey: key });
  }, [id, queryClient]);
}

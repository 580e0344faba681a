/**
 * The signed-in account, the lowest feature folder: what every signed-in screen reads (the current
 * user, sign-out, the subscription and plan with its checkout, the live usage counters). It imports
 * no other feature but the local stores it backs up on sign-out; every feature may read it, and the
 * shell composes the features above it. ADR 016.
 */
export { openInNewTab, useGrowthCheckout } from "./checkout";
export { AUTH_ME_KEY, type AuthUser, loggedOutRecently, useCurrentUser } from "./session";
export {
  type Counters,
  getKnownSubscription,
  isFreeStatus,
  isGrowthActive,
  QUERY_LIMIT_KEY,
  type QueryLimit,
  SUBSCRIPTION_KEY,
  type SubscriptionStatus,
  USAGE_SUMMARY_KEY,
  type UsageSummary,
  useQueryUsage,
  useResetBillingCacheOnUserChange,
  useSubscription,
  useUsageSummary,
} from "./subscription";
export { useUsageStream } from "./usage-stream";
export { LOGOUT_FAILED, useLogout } from "./use-logout";

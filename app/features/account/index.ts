/**
 * The signed-in account, the lowest feature folder: what every signed-in screen reads (the current
 * user, sign-out, the subscription and plan with its checkout, the live usage counters). It imports
 * no other feature but the local stores it backs up on sign-out; every feature may read it, and the
 * shell composes the features above it. ADR 016.
 */
export { CHECKOUT_ERROR, checkoutQueryKey, type CheckoutLink, openInNewTab, useGrowthCheckout } from "./checkout";
export { AUTH_ME_KEY, type AuthUser, loggedOutRecently, noteLogout, useCurrentUser } from "./session";
export {
  type Counters,
  FREE_FALLBACK_FEATURES,
  FREE_FALLBACK_STATUS,
  getKnownSubscription,
  isFreeStatus,
  isGrowthActive,
  QUERY_LIMIT_ERROR,
  QUERY_LIMIT_KEY,
  type QueryLimit,
  remainingOf,
  SUBSCRIPTION_ERROR,
  SUBSCRIPTION_KEY,
  type SubscriptionStatus,
  USAGE_SUMMARY_ERROR,
  USAGE_SUMMARY_KEY,
  type UsageSummary,
  useQueryLimit,
  useQueryUsage,
  useResetBillingCacheOnUserChange,
  useSubscription,
  useUsageSummary,
} from "./subscription";
export {
  applyUsageSnapshot,
  parseStreamMessage,
  RECONNECT_DELAY_MS,
  STREAM_LOST_MESSAGE,
  STREAM_SETUP_MESSAGE,
  USAGE_STREAM_URL,
  type UsageSnapshot,
  useUsageStream,
} from "./usage-stream";
export { useLogout } from "./use-logout";

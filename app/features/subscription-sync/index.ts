/** /subscription-sync's public face. */
export { SubscriptionSyncScreen } from "./subscription-sync-screen";

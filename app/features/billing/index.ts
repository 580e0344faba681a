/** The billing feature's public face: routes and other features import only what is listed here. */
export { BillingOverlays } from "./billing-overlays";
export { FreePlanBanner, FREE_BANNER_TEXT, isFreeBannerHidden } from "./free-plan-banner";
export { PlanBadge } from "./plan-badge";
export { PowerTourButton, PremiumWelcome, PremiumWelcomeDialog, WELCOME_TITLE } from "./premium-welcome";
export { UpgradeDock } from "./upgrade-dock";
export { UpgradeModal, UpgradeModalHost, UPGRADE_MODAL_BENEFITS } from "./upgrade-modal";
export {
  handleUsageLimitError,
  isUpgradeRefusal,
  isUsageLimitError,
  refusalDetails,
  type RefusalDetails,
  openUpgradeModal,
  requirePremium,
  UPGRADE_MODAL_DEFAULTS,
  UPGRADE_MODAL_EVENT,
  type UpgradeFeature,
  type UpgradeModalDetail,
} from "./upgrade-events";
export { ClaimScreen } from "./claim-screen";
export { DevCheckoutScreen } from "./dev-checkout";
export { PaymentCancelScreen } from "./payment-cancel";
export { PaymentSuccessScreen } from "./payment-success";
export { PaymentReceiptScreen } from "./receipt";
export { UpgradeScreen } from "./upgrade-screen";
export { UsageBar } from "./usage-bar";

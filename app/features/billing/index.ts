export { BillingOverlays } from "./billing-overlays";
export { FreePlanBanner, FREE_BANNER_TEXT } from "./free-plan-banner";
export { PlanBadge } from "./plan-badge";
export { PremiumWelcome, PremiumWelcomeDialog, WELCOME_TITLE } from "./premium-welcome";
export { UpgradeDock } from "./upgrade-dock";
export { UpgradeModal, UpgradeModalHost, UPGRADE_MODAL_BENEFITS } from "./upgrade-modal";
export {
  handleUsageLimitError,
  isUsageLimitError,
  openUpgradeModal,
  requirePremium,
  UPGRADE_MODAL_DEFAULTS,
  UPGRADE_MODAL_EVENT,
  type UpgradeFeature,
  type UpgradeModalDetail,
} from "./upgrade-events";
export { useGrowthCheckout } from "./checkout";

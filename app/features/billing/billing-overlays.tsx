import { useResetBillingCacheOnUserChange } from "~/features/account";
import { useUsageStream } from "~/features/account";
import { FreePlanBanner } from "./free-plan-banner";
import { PremiumWelcome } from "./premium-welcome";
import { UpgradeModalHost } from "./upgrade-modal";

/**
 * Everything billing the app shell mounts once: the live usage stream, the upgrade modal, the
 * free-plan banner, and the premium welcome dialog with its floating button.
 */
export function BillingOverlays() {
  useResetBillingCacheOnUserChange();
  useUsageStream();
  return (
    <>
      <FreePlanBanner />
      <UpgradeModalHost />
      <PremiumWelcome />
    </>
  );
}

/** The affiliate program's public face. */
export { AffiliateScreen } from "./affiliate-screen";
export { AdminCommissionsPanel } from "./admin-commissions-panel";
// For pages outside the program (the landing page, signup): records a `?ref=` visit.
export { ReferralCapture } from "./use-referral-capture";

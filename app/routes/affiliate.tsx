import type { MetaFunction } from "@remix-run/cloudflare";
import { AFFILIATE_TERMS } from "~/domain/affiliate";
import { AffiliateScreen } from "~/features/affiliate";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Affiliate program — Dropcraft" },
  {
    name: "description",
    content: `Earn ${AFFILIATE_TERMS.commissionPercent}% of every payment from merchants you refer, for ${AFFILIATE_TERMS.durationMonths} months. ${AFFILIATE_TERMS.cookieDays}-day cookie.`,
  },
];

export default function AffiliateRoute() {
  return <AffiliateScreen />;
}

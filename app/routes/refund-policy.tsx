import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalLayout, legalMeta } from "~/features/legal";
import { REFUND_POLICY } from "~/features/legal";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () =>
  legalMeta(
    "Refund Policy",
    "Cancel Dropcraft Growth any time in the billing portal. First yearly purchases have a 14-day money-back guarantee.",
  );

export default function RefundPolicyRoute() {
  return <LegalLayout document={REFUND_POLICY} />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalLayout, legalMeta } from "~/features/legal";
import { PRIVACY } from "~/features/legal";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () =>
  legalMeta(
    "Privacy Policy",
    "What Dropcraft collects, why, who processes it (Stripe, Resend, AI providers), how long we keep it, and how to download or delete your data.",
  );

export default function PrivacyRoute() {
  return <LegalLayout document={PRIVACY} />;
}

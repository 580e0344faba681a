import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalLayout, legalMeta } from "~/features/legal";
import { COOKIE_POLICY } from "~/features/legal";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () =>
  legalMeta(
    "Cookie Policy",
    "Every cookie and browser-storage key Dropcraft uses, its purpose and lifetime. No third-party advertising cookies.",
  );

export default function CookiePolicyRoute() {
  return <LegalLayout document={COOKIE_POLICY} />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalLayout, legalMeta } from "~/features/legal";
import { TERMS } from "~/features/legal";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () =>
  legalMeta(
    "Terms of Service",
    "The terms for using Dropcraft: accounts, Free and Growth plans, billing through Stripe, acceptable use, AI output and store exports.",
  );

export default function TermsRoute() {
  return <LegalLayout document={TERMS} />;
}

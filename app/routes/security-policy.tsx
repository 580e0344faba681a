import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalLayout, legalMeta } from "~/features/legal";
import { SECURITY_POLICY } from "~/features/legal";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () =>
  legalMeta(
    "Security Policy",
    "How Dropcraft protects your account and data, and how to report a vulnerability to security@dropcraft.ai under safe-harbor terms.",
  );

export default function SecurityPolicyRoute() {
  return <LegalLayout document={SECURITY_POLICY} />;
}

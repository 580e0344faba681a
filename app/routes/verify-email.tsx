import type { MetaFunction } from "@remix-run/cloudflare";
import { VerifyEmailScreen } from "~/features/auth";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "Verify your email — Dropcraft" }];

export default function Route() {
  return <VerifyEmailScreen />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { ForgotPasswordScreen } from "~/features/auth";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "Reset your password — Dropcraft" }];

export default function Route() {
  return <ForgotPasswordScreen />;
}

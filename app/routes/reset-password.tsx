import type { MetaFunction } from "@remix-run/cloudflare";
import { ResetPasswordScreen } from "~/features/auth";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "Choose a new password — Dropcraft" }];

export default function Route() {
  return <ResetPasswordScreen />;
}

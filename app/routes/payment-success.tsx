import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentSuccessScreen } from "~/features/billing";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "You're all set — Dropcraft" }];

export default function Screen() {
  return <PaymentSuccessScreen />;
}

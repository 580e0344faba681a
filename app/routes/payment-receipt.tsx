import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentReceiptScreen } from "~/features/billing";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [{ title: "Receipt — Dropcraft" }];

export default function Screen() {
  return <PaymentReceiptScreen />;
}

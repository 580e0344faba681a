import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentReceiptScreen } from "~/components/billing/receipt";

export const meta: MetaFunction = () => [{ title: "Receipt — Dropcraft" }];

export default function Screen() {
  return <PaymentReceiptScreen />;
}

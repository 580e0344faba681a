import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentReceiptScreen } from "~/features/billing";

export const meta: MetaFunction = () => [{ title: "Receipt — Dropcraft" }];

export default function Screen() {
  return <PaymentReceiptScreen />;
}

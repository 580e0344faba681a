import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentCancelScreen } from "~/components/billing/payment-cancel";
import { protectedLoader } from "~/lib/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Payment cancelled — Dropcraft" }];

export default function Screen() {
  return <PaymentCancelScreen />;
}

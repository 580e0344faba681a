import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentCancelScreen } from "~/features/billing";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Payment cancelled — Dropcraft" }];

export default function Screen() {
  return <PaymentCancelScreen />;
}

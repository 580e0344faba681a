import type { MetaFunction } from "@remix-run/cloudflare";
import { SubscriptionSyncScreen } from "~/features/subscription-sync";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Subscription sync — Dropcraft" },
  { name: "description", content: "Compare your subscription with the payment provider's state and fix any difference." },
];

export default function Screen() {
  return <SubscriptionSyncScreen />;
}

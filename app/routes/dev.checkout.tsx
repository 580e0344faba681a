import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DevCheckoutScreen } from "~/features/billing/dev-checkout";
import { getEnv } from "~/server/platform/env";
import { protectedLoader } from "~/server/remix/guards.server";

export const meta: MetaFunction = () => [
  { title: "Test checkout — Dropcraft" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The offline test checkout, development only: production answers 404; it needs a sign-in. */
export async function loader(args: LoaderFunctionArgs) {
  if (getEnv(args.context.cloudflare.env).APP_ENV === "production") throw new Response(null, { status: 404 });
  return protectedLoader(args);
}

export default function DevCheckoutRoute() {
  return <DevCheckoutScreen />;
}

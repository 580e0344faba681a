import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { DevCheckoutScreen } from "~/features/billing";
import { requireDevTools } from "~/server/remix/dev-tools.server";
import { protectedLoader } from "~/server/remix/guards.server";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Test checkout — Dropcraft" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The offline test checkout, development only: production answers 404; it needs a sign-in. */
export async function loader(args: LoaderFunctionArgs) {
  requireDevTools(args.context);
  return protectedLoader(args);
}

export default function DevCheckoutRoute() {
  return <DevCheckoutScreen />;
}

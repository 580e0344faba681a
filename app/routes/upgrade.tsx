import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { ComparisonTable, PricingPlans } from "~/components/pricing";
import { SupportEmailLink } from "~/components/legal/support-email";
import { parseBillingInterval } from "~/core/pricing";
import { useCurrentUser } from "~/lib/session";

export const meta: MetaFunction = () => [
  { title: "Plans & billing — Dropcraft" },
  {
    name: "description",
    content:
      "Compare the Free and Growth plans, switch between monthly and yearly billing, and upgrade your Dropcraft workspace.",
  },
];

export default function UpgradeRoute() {
  const [params] = useSearchParams();
  const defaultInterval = parseBillingInterval(params.get("billing"));
  // /upgrade is open to visitors too: a signed-out one is offered sign-up instead of "continue".
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14" data-screen="upgrade">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">Plans &amp; billing</h1>
        <p className="mt-3 text-muted">
          Upgrade to Growth to generate store pages, export them to your store and create marketing visuals. Switch
          billing or cancel at any time.
        </p>
      </header>

      <div className="mt-10">
        <PricingPlans variant={user ? "app" : "public"} defaultInterval={defaultInterval} />
      </div>

      <section aria-labelledby="compare-title" className="mx-auto mt-16 max-w-4xl">
        <h2 id="compare-title" className="text-xl font-semibold tracking-tight text-fg">
          Compare plans
        </h2>
        <div className="mt-5">
          <ComparisonTable />
        </div>
        <p className="mt-6 text-sm leading-6 text-muted">
          Questions about billing? Read our{" "}
          <Link to="/refund-policy" className="font-medium text-brand hover:underline">
            Refund Policy
          </Link>{" "}
          or write to <SupportEmailLink subject="Billing question" />.
        </p>
      </section>
    </div>
  );
}

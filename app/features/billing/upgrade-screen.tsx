import { Link, useSearchParams } from "@remix-run/react";
import { ComparisonTable, PricingPlans } from "~/features/pricing";
import { SupportEmailLink } from "~/features/legal";
import { parseBillingInterval } from "~/domain/pricing";
import { useCurrentUser } from "~/features/account";
import { useSubscription } from "~/features/account";
import { CurrentPlan } from "./current-plan";
import { UsageOverview } from "./usage-overview";

/**
 * /upgrade, "Usage & billing": paid users see their plan, renewal and the billing portal; free
 * users (and visitors) see the plans with working checkout buttons. Signed-in users also see
 * their live usage.
 */
export function UpgradeScreen() {
  const [params] = useSearchParams();
  const defaultInterval = parseBillingInterval(params.get("billing"));
  const { user } = useCurrentUser();
  const { status, isPaid, isLoading, error } = useSubscription();
  const loading = Boolean(user) && isLoading;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14" data-screen="upgrade">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">Plans &amp; billing</h1>
        <p className="mt-3 text-muted">
          {isPaid
            ? "Your plan, what it includes and how much of it you have used."
            : "Upgrade to Growth to generate store pages, export them to your store and create marketing visuals. Switch billing or cancel at any time."}
        </p>
      </header>

      {error && (
        <p
          className="mx-auto mt-6 max-w-2xl rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-center text-sm text-fg"
          role="alert"
        >
          {error}
        </p>
      )}

      <div className="mt-10 space-y-8">
        {loading ? (
          <div role="status"
            className="h-64 animate-pulse rounded-3xl border border-line bg-surface"
            aria-busy="true"
            aria-label="Loading your plan"
          />
        ) : isPaid && status ? (
          <CurrentPlan status={status} />
        ) : (
          <PricingPlans variant={user ? "app" : "public"} defaultInterval={defaultInterval} />
        )}
        {user && <UsageOverview />}
      </div>

      {!isPaid && !loading && (
        <section aria-labelledby="compare-title" className="mx-auto mt-16 max-w-4xl">
          <h2 id="compare-title" className="text-xl font-semibold tracking-tight text-fg">
            Compare plans
          </h2>
          <div className="mt-5">
            <ComparisonTable />
          </div>
        </section>
      )}
      <p className="mx-auto mt-6 max-w-4xl text-sm leading-6 text-muted">
        Questions about billing? Read our{" "}
        <Link to="/refund-policy" className="font-medium text-brand hover:underline">
          Refund Policy
        </Link>{" "}
        or write to <SupportEmailLink subject="Billing question" />.
      </p>
    </div>
  );
}

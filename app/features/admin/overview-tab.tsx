/** Overview: the business in stat tiles and two charts, each figure with how it is counted. */
import { COUNTERS } from "~/domain/counters";
import { formatPrice } from "~/domain/pricing";
import { planDisplayName } from "~/domain/plans";
import { LoadError, Skeleton, Stat } from "~/ui";
import { errorMessage } from "~/lib/http";
import { BarRows, DailyColumns } from "./charts";
import { useOverview } from "./use-admin";

const counterLabel = (key: string) => (key in COUNTERS ? COUNTERS[key as keyof typeof COUNTERS].label : key);

/** How each figure is counted, written by the server beside the number it explains. */
function Definitions({ items }: { items: readonly { term: string; text: string }[] }) {
  return (
    <details className="rounded-xl border border-line bg-surface px-4 py-3 text-sm" data-testid="admin-definitions">
      <summary className="cursor-pointer font-medium text-fg">How these figures are counted</summary>
      <dl className="mt-2 space-y-2 text-muted">
        {items.map((item) => (
          <div key={item.term}>
            <dt className="font-medium text-fg">{item.term}</dt>
            <dd>{item.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function OverviewTab() {
  const overview = useOverview();
  if (overview.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (overview.isError) {
    return (
      <LoadError onRetry={() => overview.refetch()} retrying={overview.isFetching}>
        {errorMessage(overview.error, "The overview could not be loaded.")}
      </LoadError>
    );
  }
  const o = overview.data;
  const signups30 = o.signupsPerDay.reduce((n, d) => n + d.count, 0);
  const byPlan = Object.entries(o.subscriptions.payingByPlan)
    .map(([plan, n]) => `${n} ${planDisplayName(plan)}`)
    .join(", ");
  const usageRows = Object.entries(o.usageLast30Days)
    .map(([key, value]) => ({ key, label: counterLabel(key), value }))
    .sort((a, b) => b.value - a.value);
  return (
    <div className="space-y-4" data-testid="admin-overview">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Users" value={o.users.total.toLocaleString("en-US")} hint={`${o.users.verified} verified · ${o.users.disabled} disabled · ${o.users.admins} staff`} />
        <Stat label="Sign-ups, 30 days" value={signups30.toLocaleString("en-US")} hint={`${o.newsletterSubscribers} newsletter subscribers`} />
        <Stat
          label="Active users"
          value={`${o.activeUsers.last7Days} / ${o.activeUsers.last30Days}`}
          hint="last 7 days / last 30 days"
        />
        <Stat
          label="Paying users"
          value={o.subscriptions.paying.toLocaleString("en-US")}
          hint={`${byPlan || "none yet"} · ${o.subscriptions.pastDue} past due · ${o.subscriptions.granted} support grants`}
        />
        <Stat
          label="MRR (list prices)"
          value={formatPrice(o.mrr.amount)}
          hint={`${o.mrr.monthly} monthly · ${o.mrr.yearly} yearly${o.mrr.unpriced ? ` · ${o.mrr.unpriced} unpriced` : ""}`}
        />
        <Stat
          label="Churn, 30 days"
          value={o.churn.rate === null ? "—" : `${(o.churn.rate * 100).toFixed(1)}%`}
          hint={`${o.churn.endedLast30Days} cancelled`}
        />
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <DailyColumns title="Sign-ups per day (UTC), last 30 days" unit="sign-ups" data={o.signupsPerDay} data-testid="admin-signups-chart" />
        <BarRows title="Usage by counter, last 30 days" rows={usageRows} emptyText="No metered usage in the last 30 days." data-testid="admin-usage-chart" />
      </div>
      <Definitions
        items={[
          { term: "Active users", text: o.activeUsers.definition },
          { term: "MRR", text: o.mrr.definition },
          { term: "Churn", text: o.churn.definition },
        ]}
      />
    </div>
  );
}

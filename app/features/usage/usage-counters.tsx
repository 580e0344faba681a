import { DAILY_COUNTERS, isNearLimit, MONTHLY_COUNTERS, type UsageCounter } from "~/domain/plans";
import { UsageBar } from "~/features/billing";
import { useCurrentUser, type UsageSummary } from "~/features/account";
import { COUNTERS, countersShownTo } from "~/domain/counters";

function CounterCard({
  counter,
  used,
  limit,
  period,
}: {
  counter: UsageCounter;
  used: number;
  limit: number;
  period: string;
}) {
  const label = COUNTERS[counter].label;
  const included = limit > 0;
  const near = included && isNearLimit(used, limit);
  return (
    <li
      className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface p-3.5 sm:p-4"
      data-testid="usage-counter"
      data-counter={counter}
      data-near-limit={near ? "true" : "false"}
    >
      <span className="text-[13px] font-medium leading-snug text-muted sm:text-sm">{label}</span>
      {included ? (
        <>
          <p className="mt-2 flex items-baseline gap-1 tabular-nums">
            <span className={`text-xl font-semibold tracking-tight sm:text-2xl ${near ? "text-warning" : "text-fg"}`}>
              {used.toLocaleString("en-US")}
            </span>
            <span className="text-sm text-subtle">/ {limit.toLocaleString("en-US")}</span>
          </p>
          <UsageBar used={used} limit={limit} label={`${label} used ${period}`} className="mt-3" />
          <p className={`mt-2 text-xs ${near ? "text-warning" : "text-subtle"}`}>
            {used >= limit ? `Limit reached ${period}` : `${(limit - used).toLocaleString("en-US")} left ${period}`}
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-base font-semibold text-subtle">Not in your plan</p>
          <div className="mt-3 h-1.5 w-full rounded-full border border-dashed border-line" aria-hidden />
          <p className="mt-2 text-xs text-subtle">Available on a higher plan</p>
        </>
      )}
    </li>
  );
}

function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-[118px] animate-pulse rounded-2xl border border-line bg-surface" />
      ))}
    </ul>
  );
}

function SectionHeading({ id, title, note }: { id: string; title: string; note?: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="text-base font-semibold text-fg">
        {title}
      </h2>
      {note && <p className="text-xs text-subtle">{note}</p>}
    </div>
  );
}

/** Today's counters as a card grid. */
export function DailyCounters({ summary }: { summary: UsageSummary | null }) {
  const { user } = useCurrentUser();
  const counters = countersShownTo(DAILY_COUNTERS, user);
  return (
    <section aria-labelledby="usage-today-title">
      <SectionHeading id="usage-today-title" title="Today" note="Daily counters" />
      {summary ? (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-live="polite" data-testid="usage-daily">
          {counters.map((c) => (
            <CounterCard
              key={c}
              counter={c}
              used={summary.usage[c] ?? 0}
              limit={summary.limits[c] ?? 0}
              period="today"
            />
          ))}
        </ul>
      ) : (
        <SkeletonGrid count={counters.length} label="Loading today's usage" />
      )}
    </section>
  );
}

/** Monthly exports and page generations. */
export function MonthlyCounters({ summary }: { summary: UsageSummary | null }) {
  const note = summary?.monthlyResetsAt
    ? `Resets ${new Date(summary.monthlyResetsAt).toLocaleDateString("en-US", { month: "long", day: "numeric" })}`
    : undefined;
  return (
    <section aria-labelledby="usage-month-title">
      <SectionHeading id="usage-month-title" title="This month" note={note} />
      {summary ? (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-live="polite" data-testid="usage-monthly">
          {MONTHLY_COUNTERS.map((c) => {
            const m = summary.monthly?.[c];
            return <CounterCard key={c} counter={c} used={m?.used ?? 0} limit={m?.limit ?? 0} period="this month" />;
          })}
        </ul>
      ) : (
        <SkeletonGrid count={MONTHLY_COUNTERS.length} label="Loading this month's usage" />
      )}
    </section>
  );
}

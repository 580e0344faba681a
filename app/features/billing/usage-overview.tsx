import { RefreshCw } from "lucide-react";
import { COUNTERS, countersShownTo, DAILY_COUNTERS, MONTHLY_COUNTERS, periodPhrase } from "~/domain/counters";
import { useCurrentUser, useUsageSummary } from "~/features/account";
import { formatDateTime } from "./format";
import { UsageBar } from "./usage-bar";
import { Button } from "~/ui/button";

function Meter({ label, used, limit, period }: { label: string; used: number; limit: number; period: string }) {
  const included = limit > 0;
  return (
    <li
      className="rounded-xl border border-line bg-bg-elevated/60 px-4 py-3"
      data-testid="usage-meter"
      data-counter={label}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-fg">{label}</span>
        <span className="text-xs tabular-nums text-muted">
          {included ? (
            <>
              <span className="font-semibold text-fg">{used}</span>/{limit} {period}
            </>
          ) : (
            "With Growth"
          )}
        </span>
      </div>
      <UsageBar used={used} limit={limit} label={`${label} used ${period}`} className="mt-2" />
    </li>
  );
}

/** Today's and this month's usage, live from the usage stream. */
export function UsageOverview() {
  const { summary, isLoading, error, refetch } = useUsageSummary();
  const { user } = useCurrentUser();
  return (
    <section
      aria-labelledby="usage-title"
      className="rounded-3xl border border-line bg-surface p-6 sm:p-8"
      data-testid="usage-overview"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="usage-title" className="text-lg font-semibold tracking-tight text-fg">
          Your usage
        </h2>
        {summary?.resetsAt && (
          <p className="text-xs text-muted" suppressHydrationWarning>
            Daily counters reset {formatDateTime(summary.resetsAt)}
          </p>
        )}
      </div>
      {error ? (
        <div
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg"
          role="alert"
        >
          {error}
          <Button onClick={() => void refetch()} variant="subtle" size="sm">
            <RefreshCw className="size-3.5" aria-hidden />
            Retry
          </Button>
        </div>
      ) : isLoading || !summary ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading usage">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-[70px] animate-pulse rounded-xl bg-surface-2" />
          ))}
        </ul>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-live="polite">
          {countersShownTo(DAILY_COUNTERS, user).map((key) => (
            <Meter
              key={key}
              label={COUNTERS[key].label}
              used={summary.usage[key]}
              limit={summary.limits[key]}
              period={periodPhrase(key)}
            />
          ))}
          {MONTHLY_COUNTERS.map((key) =>
            summary.monthly?.[key] ? (
              <Meter
                key={key}
                label={COUNTERS[key].label}
                used={summary.monthly[key].used}
                limit={summary.monthly[key].limit}
                period={periodPhrase(key)}
              />
            ) : null,
          )}
        </ul>
      )}
    </section>
  );
}

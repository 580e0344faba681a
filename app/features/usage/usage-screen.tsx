import { Link } from "@remix-run/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, RefreshCw } from "lucide-react";
import { PlanBadge } from "~/features/billing";
import { planDisplayName } from "~/domain/plans";
import { useCurrentUser } from "~/features/account";
import { useSubscription, useUsageSummary } from "~/features/account";
import { HISTORY_KEY, formatReset, type HistoryRow } from "./history";
import { DailyCounters, MonthlyCounters } from "./usage-counters";
import { UsageHistoryChart } from "./usage-history-chart";
import { Button } from "~/ui";

export const USAGE_ERROR_TEXT = "Failed to load usage data";

/** The "Usage & billing" screen: today's counters, this month's quotas and 30 days of history. */
export function UsageScreen() {
  const { user } = useCurrentUser();
  const { summary, error, refetch } = useUsageSummary();
  const { status, plan, planName } = useSubscription();
  const history = useQuery<{ data: HistoryRow[] }>({ queryKey: HISTORY_KEY, enabled: Boolean(user) });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="usage-screen">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Usage</h1>
            <PlanBadge className="!px-2 !py-0.5 !text-xs" />
          </div>
          <p className="mt-1.5 text-[15px] text-muted" data-testid="usage-plan-line">
            {status ? (
              <>
                You&rsquo;re on the <span className="font-medium text-fg">{planDisplayName(plan, planName)}</span>{" "}
                plan.{" "}
              </>
            ) : null}
            {summary?.resetsAt ? (
              <span data-testid="usage-resets-at" suppressHydrationWarning>
                Resets at <time dateTime={summary.resetsAt}>{formatReset(summary.resetsAt)}</time>
              </span>
            ) : (
              !error && (
                <span className="inline-block h-4 w-48 animate-pulse rounded bg-brand-soft align-middle" aria-hidden />
              )
            )}
          </p>
        </div>
        <Link
          to="/upgrade"
          className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-xl bg-brand-strong px-4 py-2.5 text-sm font-semibold text-white transition-opacity hover:opacity-90 sm:self-auto"
          data-testid="usage-see-plans"
        >
          See plans
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </header>

      <div className="space-y-8">
        {error ? (
          <div
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-fg"
            role="alert"
            data-testid="usage-error"
          >
            <span className="text-warning">{USAGE_ERROR_TEXT}</span>
            <Button
              variant="subtle"
              size="sm"
              onClick={() => void refetch()}
              icon={<RefreshCw className="size-3.5" aria-hidden />}
            >
              Retry
            </Button>
          </div>
        ) : (
          <>
            <DailyCounters summary={summary} />
            <MonthlyCounters summary={summary} />
          </>
        )}
        <UsageHistoryChart
          rows={history.data?.data ?? null}
          isLoading={history.isPending}
          error={history.isError}
          onRetry={() => void history.refetch()}
          timeZone={summary?.timeZone}
        />
      </div>
    </div>
  );
}

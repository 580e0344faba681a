import { BarChart3, RefreshCw } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { COUNTERS, type UsageCounter } from "~/domain/counters";
import { useCurrentUser } from "~/features/account";
import { HISTORY_DAYS, chartCounters, dayRange, seriesFor, shortDay, todayKey, type HistoryRow } from "./history";
import { Button, Segment, segmentGroupClasses } from "~/ui";

export const EMPTY_HISTORY_TEXT = "No usage recorded yet — your daily totals appear here after your first AI actions";

const W = 600;
const H = 180;
const GAP = 0.25; // share of each slot left empty between bars

/** A rounded "nice" top for the y axis (1, 2, 5 × 10^n), at least 1. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const pow = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * pow >= value) return step * pow;
  return 10 * pow;
}

interface Props {
  rows: readonly HistoryRow[] | null;
  isLoading: boolean;
  error: boolean;
  onRetry: () => void;
  timeZone?: string;
}

/** Daily totals of one counter over the last 30 days: a hand-drawn SVG bar chart plus a hidden table. */
export function UsageHistoryChart({ rows, isLoading, error, onRetry, timeZone }: Props) {
  const [counter, setCounter] = useState<UsageCounter>("queries");
  const titleId = useId();
  const { user } = useCurrentUser();
  const counters = useMemo(() => chartCounters(rows ?? [], user), [rows, user]);
  const days = useMemo(() => dayRange(todayKey(timeZone)), [timeZone]);
  const series = useMemo(() => seriesFor(rows ?? [], counter, days), [rows, counter, days]);

  const label = COUNTERS[counter].label;
  const total = series.reduce((sum, p) => sum + p.amount, 0);
  const peak = series.reduce((best, p) => (p.amount > best.amount ? p : best), { day: "", amount: 0 });
  const activeDays = series.filter((p) => p.amount > 0).length;
  const top = niceMax(peak.amount);
  const slot = W / Math.max(1, series.length);
  const empty = rows !== null && rows.length === 0;

  const summaryText =
    total === 0
      ? `${label} per day over the last ${HISTORY_DAYS} days: none recorded.`
      : `${label} per day over the last ${HISTORY_DAYS} days (${shortDay(days[0])} to ${shortDay(days[days.length - 1])}): ` +
        `${total.toLocaleString("en-US")} in total on ${activeDays} ${activeDays === 1 ? "day" : "days"}, ` +
        `peak ${peak.amount.toLocaleString("en-US")} on ${shortDay(peak.day)}.`;

  let body: React.ReactNode;
  if (error) {
    body = (
      <div
        className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-fg"
        role="alert"
      >
        Failed to load usage data
        <Button variant="link" onClick={onRetry} className="inline-flex items-center gap-1.5">
          <RefreshCw className="size-3.5" aria-hidden />
          Retry
        </Button>
      </div>
    );
  } else if (isLoading || rows === null) {
    body = (
      <div role="status"
        className="h-[232px] animate-pulse rounded-xl bg-brand-soft/40"
        aria-busy="true"
        aria-label="Loading usage history"
      />
    );
  } else if (empty) {
    body = (
      <div
        className="flex h-[232px] flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line px-6 text-center"
        data-testid="usage-history-empty"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BarChart3 className="size-5" aria-hidden />
        </span>
        <p className="max-w-sm text-sm text-muted">{EMPTY_HISTORY_TEXT}</p>
      </div>
    );
  } else {
    body = (
      <>
        <dl className="mb-4 grid grid-cols-3 gap-3 text-sm">
          {[
            ["Total", total.toLocaleString("en-US")],
            ["Peak day", peak.amount > 0 ? `${peak.amount.toLocaleString("en-US")} · ${shortDay(peak.day)}` : "—"],
            ["Active days", `${activeDays} / ${HISTORY_DAYS}`],
          ].map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="text-xs text-subtle">{term}</dt>
              <dd className="truncate font-semibold tabular-nums text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex gap-2">
          <div
            className="flex h-[180px] flex-col justify-between text-right text-[11px] tabular-nums text-subtle"
            aria-hidden
          >
            <span className="-translate-y-1/2">{top.toLocaleString("en-US")}</span>
            <span>{(top / 2).toLocaleString("en-US")}</span>
            <span className="translate-y-1/2">0</span>
          </div>
          <div className="min-w-0 flex-1">
            <svg
              role="img"
              aria-label={summaryText}
              viewBox={`0 0 ${W} ${H}`}
              preserveAspectRatio="none"
              className="block h-[180px] w-full overflow-visible"
            >
              {[0, 0.5, 1].map((f) => (
                <line
                  key={f}
                  x1={0}
                  x2={W}
                  y1={H * f}
                  y2={H * f}
                  className="stroke-line"
                  strokeWidth={1}
                  strokeDasharray={f === 1 ? undefined : "4 4"}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {series.map((p, i) => {
                const h = p.amount > 0 ? Math.max(2, (p.amount / top) * H) : 0;
                const isToday = i === series.length - 1;
                return (
                  <rect
                    key={p.day}
                    x={i * slot + (slot * GAP) / 2}
                    y={H - h}
                    width={slot * (1 - GAP)}
                    height={h}
                    className={isToday ? "fill-accent" : "fill-brand"}
                  >
                    <title>{`${shortDay(p.day)}: ${p.amount.toLocaleString("en-US")}`}</title>
                  </rect>
                );
              })}
            </svg>
            <div className="mt-2 flex justify-between text-[11px] text-subtle" aria-hidden>
              <span>{shortDay(days[0])}</span>
              <span className="hidden sm:inline">{shortDay(days[Math.floor(days.length / 2)])}</span>
              <span>Today</span>
            </div>
          </div>
        </div>
        <table className="sr-only">
          <caption>{`${label} per day, last ${HISTORY_DAYS} days`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.day}>
                <th scope="row">{p.day}</th>
                <td>{p.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
      data-testid="usage-history-chart"
      data-counter={counter}
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={titleId} className="text-base font-semibold text-fg">
            Last {HISTORY_DAYS} days
          </h2>
          <p className="text-xs text-subtle">{error || empty ? "Daily totals" : `Daily totals · ${label}`}</p>
        </div>
        {rows && !error && !empty && (
          <div role="group" aria-label="Counter shown" className={segmentGroupClasses("flex-wrap")}>
            {counters.map((c) => (
              <Segment key={c} size="sm" aria-pressed={c === counter} onClick={() => setCounter(c)} className="shrink-0">
                {COUNTERS[c].shortLabel}
              </Segment>
            ))}
          </div>
        )}
      </div>
      {body}
    </section>
  );
}

/**
 * The score's measured record, shown where people use the score: precision of its top picks
 * against the base rate, and, on request, how it was measured with the week-by-week numbers.
 */
import { ChevronDown, FlaskConical } from "lucide-react";
import { useId, useState } from "react";
import { Skeleton, cx, Tile } from "~/ui";
import { useBacktest } from "./use-explorer";
import { WeekChart } from "./week-chart";

const pct = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString("en-US")}%`;

export function BacktestCard() {
  const backtest = useBacktest();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (backtest.isPending) return <Skeleton className="h-[58px] rounded-2xl" />;
  const b = backtest.data?.data;
  if (!b) return null; // Not measured yet (or unavailable): say nothing rather than something unmeasured.
  const weeks = b.weeks.map((w) => `W${w.week + 1}`);
  return (
    <section
      className="rounded-2xl border border-line bg-surface"
      aria-label="How well the score has picked winners"
      data-testid="backtest-card"
    >
      <Tile
        surface="plain"
        radius="2xl"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-start gap-3 px-4 py-3 sm:items-center"
        data-testid="backtest-toggle"
      >
        <span
          className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand sm:mt-0"
          aria-hidden
        >
          <FlaskConical className="size-4" />
        </span>
        <span className="min-w-0 flex-1 text-sm text-muted">
          <span className="font-semibold text-fg">Score precision {pct(b.precisionPct)}</span> vs {pct(b.baseRatePct)}{" "}
          base rate <span className="font-semibold text-accent">({b.lift.toLocaleString("en-US")}× lift)</span>
          <span className="block text-xs text-subtle sm:ml-2 sm:inline">
            {b.pickedWon.toLocaleString("en-US")} of {b.picked.toLocaleString("en-US")} top picks grew{" "}
            {b.options.growthThreshold}%+ in the next {b.options.horizon} weeks
          </span>
        </span>
        <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-brand">
          <span className="hidden sm:inline">How we measured</span>
          <ChevronDown className={cx("size-4 transition-transform", open && "rotate-180")} aria-hidden />
          <span className="sr-only sm:hidden">How we measured</span>
        </span>
      </Tile>
      {open && (
        <div id={panelId} className="border-t border-line px-4 pb-4 pt-3" data-testid="backtest-details">
          <p className="text-sm text-muted">{b.method}</p>
          <p className="mt-2 text-xs text-subtle">
            Measured on the sample catalog's own history
            {backtest.data?.measuredAt
              ? ` on ${new Date(backtest.data.measuredAt).toLocaleDateString("en-US", { dateStyle: "medium" })}`
              : ""}
            . Past precision is not a promise about the next product.
          </p>
          <div className="mt-4">
            <WeekChart
              title="Precision week by week"
              unit="Share of picks that grew, against all products, percent"
              labels={weeks}
              longLabels={b.weeks.map((w) => `History week ${w.week + 1} (${w.pickedWon} of ${w.picked} picks grew)`)}
              labelHeader="Scored at"
              series={[
                {
                  label: "Top picks",
                  values: b.weeks.map((w) => (w.picked ? (w.pickedWon / w.picked) * 100 : 0)),
                  tone: "brand",
                  bars: true,
                },
                {
                  label: "All products",
                  values: b.weeks.map((w) => (w.products ? (w.productsWon / w.products) * 100 : 0)),
                  tone: "muted",
                  dashed: true,
                },
              ]}
              format={pct}
              formatTick={(v) => `${Math.round(v)}%`}
              height={160}
              data-testid="chart-backtest"
            />
          </div>
        </div>
      )}
    </section>
  );
}

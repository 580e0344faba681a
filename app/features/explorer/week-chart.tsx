/**
 * A small weekly chart on visx (plain SVG: it renders on the server and hydrates without
 * measuring anything first). Every chart has a title and its unit, a tooltip on hover and on
 * keyboard focus (arrow keys walk the weeks), and a "Show as table" toggle that puts the same
 * numbers in a real table for screen readers and anyone who prefers reading them.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { Table2 } from "lucide-react";
import { useId, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Button, cx, useWidth } from "~/ui";

export type SeriesTone = "brand" | "accent" | "muted";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  tone: SeriesTone;
  /** Drawn as bars (the first such series) instead of a line. */
  bars?: boolean;
  dashed?: boolean;
}

export interface WeekChartProps {
  title: string;
  /** What the numbers count, e.g. "orders per week". */
  unit: string;
  /** One label per point, e.g. the week's Monday. */
  labels: readonly string[];
  /** The label in full for the tooltip and table, e.g. "Week of March 3, 2026". */
  longLabels?: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  /** Axis ticks, shorter than the tooltip's numbers (e.g. "$25"). */
  formatTick?: (value: number) => string;
  /** Start the value axis at zero (counts); prices read better from near their lowest. */
  fromZero?: boolean;
  /** Whole-number values (counts): no fractional ticks. */
  integer?: boolean;
  height?: number;
  /** The column header of the table's first column. */
  labelHeader?: string;
  "data-testid"?: string;
}

const STROKE: Record<SeriesTone, string> = { brand: "stroke-brand", accent: "stroke-accent", muted: "stroke-subtle" };
const FILL: Record<SeriesTone, string> = { brand: "fill-brand", accent: "fill-accent", muted: "fill-subtle" };
const SWATCH: Record<SeriesTone, string> = { brand: "bg-brand", accent: "bg-accent", muted: "bg-subtle" };

const MARGIN = { top: 12, right: 12, bottom: 28, left: 48 };


export function WeekChart({
  title,
  unit,
  labels,
  longLabels = labels,
  series,
  format,
  formatTick = format,
  fromZero = true,
  integer = false,
  height = 180,
  labelHeader = "Week",
  "data-testid": testId,
}: WeekChartProps) {
  const titleId = useId();
  const [ref, width] = useWidth(520);
  const [active, setActive] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const n = labels.length;

  const innerW = Math.max(40, width - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const all = series.flatMap((s) => s.values);
  const max = all.length ? Math.max(...all) : 1;
  const min = all.length ? Math.min(...all) : 0;
  // Counts start at zero; other values (prices) get room around them, a flat series included.
  const pad = Math.max((max - min) * 0.25, Math.abs(max) * 0.1, 1);
  const lo = fromZero ? Math.min(0, min) : Math.max(0, min - pad);
  const hi = fromZero ? (max === lo ? lo + 1 : max) : max + pad / 2;
  const x = scaleBand<number>({ domain: labels.map((_, i) => i), range: [0, innerW], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [lo, hi], range: [innerH, 0], nice: true });
  const cx_ = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  // One tick per distinct label (rounded money can repeat), whole numbers only for counts.
  const yTicks = y
    .ticks(4)
    .filter((t) => !integer || Number.isInteger(t))
    .filter((t, i, all) => all.findIndex((u) => formatTick(u) === formatTick(t)) === i);
  const tickEvery = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / 64))));

  const pick = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - rect.left) / rect.width) * innerW;
    const step = x.step() || 1;
    const nearest = Math.round((px - x.paddingOuter() * step - x.bandwidth() / 2) / step);
    setActive(Math.min(n - 1, Math.max(0, nearest)));
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!n) return;
    const current = active ?? n - 1;
    const next =
      e.key === "ArrowLeft"
        ? current - 1
        : e.key === "ArrowRight"
          ? current + 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? n - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    setActive(Math.min(n - 1, Math.max(0, next)));
  };

  const barSeries = series.find((s) => s.bars);
  const tipLeft = active === null ? 0 : MARGIN.left + cx_(active);
  const tipOnLeft = active !== null && tipLeft > width / 2;

  return (
    <figure className="min-w-0" aria-labelledby={titleId} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <figcaption id={titleId} className="min-w-0">
          <span className="block text-sm font-semibold text-fg">{title}</span>
          <span className="block text-xs text-subtle">{unit}</span>
        </figcaption>
        <Button
          variant="ghost"
          size="sm"
          icon={<Table2 className="size-3.5" aria-hidden />}
          onClick={() => setAsTable((v) => !v)}
          data-testid={testId ? `${testId}-table-toggle` : undefined}
        >
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      </div>
      {series.length > 1 && !asTable && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden>
          {series.map((s) => (
            <li key={s.label} className="inline-flex items-center gap-1.5">
              <span className={cx("h-2 w-3 rounded-sm", SWATCH[s.tone], s.dashed && "opacity-60")} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {asTable ? (
        <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-line">
          <table className="w-full text-sm" data-testid={testId ? `${testId}-table` : undefined}>
            <caption className="sr-only">
              {title}, {unit}
            </caption>
            <thead className="sticky top-0 bg-surface-2 text-left text-xs font-semibold uppercase tracking-wide text-subtle">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {labelHeader}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-3 py-2 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((_, i) => (
                <tr key={i} className="border-t border-line/70">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal text-muted">
                    {longLabels[i]}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="px-3 py-1.5 text-right tabular-nums text-fg">
                      {s.values[i] === undefined ? "—" : format(s.values[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div
          ref={ref}
          className="relative mt-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand/50"
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`${title}, ${unit}. ${n} points. Use the left and right arrow keys to read each one, or show the chart as a table.`}
          onKeyDown={onKey}
          onFocus={() => setActive((a) => a ?? n - 1)}
          // After the focus has moved: removing the tooltip while nothing has focus makes a dialog's
          // focus trap (Radix FocusScope) pull focus back to the dialog, so Tab never left the first chart.
          onBlur={() => setTimeout(() => setActive(null))}
        >
          <svg width={width} height={height} className="block max-w-full overflow-visible" aria-hidden>
            <Group left={MARGIN.left} top={MARGIN.top}>
              {yTicks.map((t) => (
                <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} className="stroke-line" strokeDasharray="2 4" />
              ))}
              {barSeries &&
                barSeries.values.map((v, i) => (
                  <Bar
                    key={i}
                    x={x(i) ?? 0}
                    y={Math.min(y(v), y(Math.max(lo, 0)))}
                    width={x.bandwidth()}
                    height={Math.abs(y(Math.max(lo, 0)) - y(v))}
                    rx={Math.min(3, x.bandwidth() / 3)}
                    className={cx(FILL[barSeries.tone], active !== null && active !== i ? "opacity-45" : "opacity-90")}
                  />
                ))}
              {series
                .filter((s) => !s.bars)
                .map((s) => (
                  <LinePath
                    key={s.label}
                    data={s.values.map((v, i) => [i, v] as const)}
                    x={(d) => cx_(d[0])}
                    y={(d) => y(d[1])}
                    className={cx(STROKE[s.tone], "fill-none")}
                    strokeWidth={2}
                    strokeDasharray={s.dashed ? "5 4" : undefined}
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                ))}
              {active !== null && (
                <>
                  <line
                    x1={cx_(active)}
                    x2={cx_(active)}
                    y1={0}
                    y2={innerH}
                    className="stroke-subtle"
                    strokeDasharray="3 3"
                  />
                  {series
                    .filter((s) => !s.bars && s.values[active] !== undefined)
                    .map((s) => (
                      <circle
                        key={s.label}
                        cx={cx_(active)}
                        cy={y(s.values[active])}
                        r={4}
                        className={cx(FILL[s.tone], "stroke-surface")}
                        strokeWidth={2}
                      />
                    ))}
                </>
              )}
              <AxisLeft
                scale={y}
                tickValues={yTicks}
                tickFormat={(v) => formatTick(Number(v))}
                hideAxisLine
                hideTicks
                tickLabelProps={{
                  className: "fill-subtle text-[11px] tabular-nums",
                  fill: undefined,
                  fontSize: undefined,
                  textAnchor: "end",
                  dx: -4,
                  dy: 3,
                }}
              />
              <AxisBottom
                top={innerH}
                scale={x}
                tickValues={labels.map((_, i) => i).filter((i) => i % tickEvery === (n - 1) % tickEvery)}
                tickFormat={(i) => labels[Number(i)] ?? ""}
                hideTicks
                axisLineClassName="stroke-line"
                tickLabelProps={{
                  className: "fill-subtle text-[11px]",
                  fill: undefined,
                  fontSize: undefined,
                  textAnchor: "middle",
                  dy: 4,
                }}
              />
              <rect
                width={innerW}
                height={innerH}
                fill="transparent"
                onPointerMove={pick}
                onPointerDown={pick}
                onPointerLeave={() => setActive(null)}
              />
            </Group>
          </svg>
          {active !== null && (
            <div
              className="pointer-events-none absolute top-2 z-10 min-w-32 rounded-lg border border-line bg-surface-2 px-2.5 py-1.5 text-xs shadow-lg shadow-black/20"
              style={tipOnLeft ? { right: width - tipLeft + 10 } : { left: tipLeft + 10 }}
              data-testid={testId ? `${testId}-tooltip` : undefined}
            >
              <p className="font-semibold text-fg">{longLabels[active]}</p>
              {series.map((s) => (
                <p key={s.label} className="mt-0.5 flex items-center justify-between gap-3 text-muted">
                  <span className="inline-flex items-center gap-1.5">
                    <span aria-hidden className={cx("size-2 rounded-full", SWATCH[s.tone])} />
                    {s.label}
                  </span>
                  <span className="font-semibold tabular-nums text-fg">
                    {s.values[active] === undefined ? "—" : format(s.values[active])}
                  </span>
                </p>
              ))}
            </div>
          )}
          <p className="sr-only" aria-live="polite">
            {active !== null
              ? `${longLabels[active]}: ${series.map((s) => `${s.label} ${s.values[active] === undefined ? "none" : format(s.values[active])}`).join(", ")}`
              : ""}
          </p>
        </div>
      )}
    </figure>
  );
}

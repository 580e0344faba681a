/**
 * Counts per week for a few series on visx: stacked areas (parts of a whole, e.g. platforms) or
 * lines (series compared, e.g. niches). One focus stop: ←/→ walk the weeks, ↑/↓ the series,
 * Enter opens the drill-down of the highlighted point; a pointer picks the week under it and the
 * layer (or nearest line) at its height, and a click opens that point's records.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { Area, LinePath } from "@visx/shape";
import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { cx } from "~/ui";
import { longWeek, shortWeek } from "../format";
import { ChartFrame, ChartTable, DrillCell } from "./chart-frame";
import { colorAt, formatCount } from "./palette";
import { useWidth } from "~/ui";

export interface WeekSeries {
  key: string;
  label: string;
  values: readonly number[];
}

export interface WeekChartProps {
  title: string;
  unit: string;
  weeks: readonly { week: number; weekOf: string }[];
  series: readonly WeekSeries[];
  stacked?: boolean;
  loading?: boolean;
  height?: number;
  /** Opens the records behind a point. */
  onDrill: (seriesKey: string, week: number) => void;
  "data-testid"?: string;
}

const MARGIN = { top: 10, right: 14, bottom: 28, left: 44 };

export function WeekChart({ title, unit, weeks, series, stacked = false, loading, height = 240, onDrill, "data-testid": testId }: WeekChartProps) {
  const empty = !loading && (series.length === 0 || series.every((s) => s.values.every((v) => v === 0)));
  return (
    <ChartFrame
      title={title}
      unit={unit}
      loading={loading}
      empty={empty}
      height={height}
      data-testid={testId}
      aside={
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden>
          {series.map((s, i) => (
            <li key={s.key} className="inline-flex min-w-0 items-center gap-1.5">
              <span className="h-2 w-3 shrink-0 rounded-sm" style={{ background: colorAt(i) }} />
              <span className="truncate">{s.label}</span>
            </li>
          ))}
        </ul>
      }
      chart={() => <WeekPlot title={title} unit={unit} weeks={weeks} series={series} stacked={stacked} height={height} onDrill={onDrill} testId={testId} />}
      table={() => (
        <ChartTable caption={`${title}, ${unit}`} head={["Week", ...series.map((s) => s.label)]}>
          {weeks.map((w) => (
            <tr key={w.week} className="border-t border-line/70">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal text-muted">
                {longWeek(w.weekOf)}
              </th>
              {series.map((s) => (
                <DrillCell key={s.key} onOpen={() => onDrill(s.key, w.week)} label={`${s.label}, ${longWeek(w.weekOf)}: ${s.values[w.week]} ads. Show them`}>
                  {formatCount(s.values[w.week] ?? 0)}
                </DrillCell>
              ))}
            </tr>
          ))}
        </ChartTable>
      )}
    />
  );
}

function WeekPlot({
  title,
  unit,
  weeks,
  series,
  stacked,
  height,
  onDrill,
  testId,
}: {
  title: string;
  unit: string;
  weeks: readonly { week: number; weekOf: string }[];
  series: readonly WeekSeries[];
  stacked: boolean;
  height: number;
  onDrill: WeekChartProps["onDrill"];
  testId?: string;
}) {
  const [ref, width] = useWidth(560);
  const [active, setActive] = useState<{ week: number; series: number } | null>(null);
  const n = weeks.length;
  const innerW = Math.max(40, width - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;

  // Stacked layers: lower and upper bound of each series at each week.
  const lower = series.map((_, si) => weeks.map((_, wi) => (stacked ? series.slice(0, si).reduce((sum, s) => sum + (s.values[wi] ?? 0), 0) : 0)));
  const upper = series.map((s, si) => weeks.map((_, wi) => lower[si][wi] + (s.values[wi] ?? 0)));
  const max = Math.max(1, ...upper.flat());
  const x = scalePoint<number>({ domain: weeks.map((w) => w.week), range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const px = (wi: number) => x(weeks[wi].week) ?? 0;
  const tickEvery = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / 60))));

  const pick = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const mx = ((e.clientX - rect.left) / rect.width) * innerW;
    const my = ((e.clientY - rect.top) / rect.height) * innerH;
    const wi = Math.min(n - 1, Math.max(0, Math.round(mx / (x.step() || 1))));
    const value = y.invert(my);
    let si = 0;
    if (stacked) {
      si = series.findIndex((_, i) => value >= lower[i][wi] && value < upper[i][wi]);
      if (si < 0) si = value >= (upper[series.length - 1]?.[wi] ?? 0) ? series.length - 1 : 0;
    } else {
      let best = Infinity;
      series.forEach((s, i) => {
        const d = Math.abs(y(s.values[wi] ?? 0) - my);
        if (d < best) [best, si] = [d, i];
      });
    }
    setActive({ week: wi, series: si });
    return { week: wi, series: si };
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const cur = active ?? { week: n - 1, series: 0 };
    let next = cur;
    if (e.key === "ArrowLeft") next = { ...cur, week: Math.max(0, cur.week - 1) };
    else if (e.key === "ArrowRight") next = { ...cur, week: Math.min(n - 1, cur.week + 1) };
    else if (e.key === "ArrowUp") next = { ...cur, series: stacked ? Math.min(series.length - 1, cur.series + 1) : Math.max(0, cur.series - 1) };
    else if (e.key === "ArrowDown") next = { ...cur, series: stacked ? Math.max(0, cur.series - 1) : Math.min(series.length - 1, cur.series + 1) };
    else if (e.key === "Home") next = { ...cur, week: 0 };
    else if (e.key === "End") next = { ...cur, week: n - 1 };
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onDrill(series[cur.series].key, weeks[cur.week].week);
      return;
    } else return;
    e.preventDefault();
    setActive(next);
  };

  const tipX = active === null ? 0 : MARGIN.left + px(active.week);
  const tipOnLeft = tipX > width / 2;
  const activeSeries = active ? series[active.series] : null;
  const activeWeek = active ? weeks[active.week] : null;

  return (
    <div
      ref={ref}
      className="relative rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand/50"
      tabIndex={0}
      role="group"
      aria-roledescription="chart"
      aria-label={`${title}, ${unit}. ${series.length} series over ${n} weeks. Left and right arrows walk the weeks, up and down the series; Enter lists the ads behind the point. Or show the chart as a table.`}
      onKeyDown={onKey}
      onFocus={() => setActive((a) => a ?? { week: n - 1, series: 0 })}
      onBlur={() => setActive(null)}
      data-testid={testId ? `${testId}-plot` : undefined}
    >
      <svg width={width} height={height} className="block max-w-full overflow-visible" aria-hidden>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(4).map((t) => (
            <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} className="stroke-line" strokeDasharray="2 4" />
          ))}
          {series.map((s, si) =>
            stacked ? (
              <Area
                key={s.key}
                data={weeks.map((_, wi) => wi)}
                x={(wi) => px(wi)}
                y0={(wi) => y(lower[si][wi])}
                y1={(wi) => y(upper[si][wi])}
                fill={colorAt(si)}
                fillOpacity={activeSeries && activeSeries.key !== s.key ? 0.35 : 0.75}
                stroke={colorAt(si)}
                strokeWidth={1}
              />
            ) : (
              <LinePath
                key={s.key}
                data={weeks.map((_, wi) => wi)}
                x={(wi) => px(wi)}
                y={(wi) => y(s.values[wi] ?? 0)}
                stroke={colorAt(si)}
                strokeOpacity={activeSeries && activeSeries.key !== s.key ? 0.4 : 1}
                strokeWidth={2}
                fill="none"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            ),
          )}
          {active && (
            <>
              <line x1={px(active.week)} x2={px(active.week)} y1={0} y2={innerH} className="stroke-subtle" strokeDasharray="3 3" />
              <circle
                cx={px(active.week)}
                cy={y(stacked ? upper[active.series][active.week] : (series[active.series].values[active.week] ?? 0))}
                r={5}
                fill={colorAt(active.series)}
                className="stroke-surface"
                strokeWidth={2}
              />
            </>
          )}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => formatCount(Number(v))}
            hideAxisLine
            hideTicks
            tickLabelProps={{ className: "fill-subtle text-[11px] tabular-nums", fill: undefined, fontSize: undefined, textAnchor: "end", dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={weeks.map((w) => w.week).filter((w) => w % tickEvery === (n - 1) % tickEvery)}
            tickFormat={(w) => shortWeek(weeks[Number(w)]?.weekOf ?? "")}
            hideTicks
            axisLineClassName="stroke-line"
            tickLabelProps={{ className: "fill-subtle text-[11px]", fill: undefined, fontSize: undefined, textAnchor: "middle", dy: 4 }}
          />
          <rect
            width={innerW}
            height={innerH}
            fill="transparent"
            className="cursor-pointer"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={() => setActive(null)}
            onClick={(e) => {
              const hit = pick(e as unknown as PointerEvent<SVGRectElement>);
              onDrill(series[hit.series].key, weeks[hit.week].week);
            }}
            data-testid={testId ? `${testId}-hit` : undefined}
          />
        </Group>
      </svg>
      {active && activeWeek && (
        <div
          className="pointer-events-none absolute top-1 z-10 w-max max-w-[15rem] rounded-lg border border-line bg-surface-2 px-2.5 py-2 text-xs shadow-lg shadow-black/20"
          style={tipOnLeft ? { right: width - tipX + 12 } : { left: tipX + 12 }}
          data-testid={testId ? `${testId}-tooltip` : undefined}
        >
          <p className="font-semibold text-fg">{longWeek(activeWeek.weekOf)}</p>
          {series.map((s, si) => (
            <p key={s.key} className={cx("mt-0.5 flex items-center justify-between gap-3", si === active.series ? "font-semibold text-fg" : "text-muted")}>
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ background: colorAt(si) }} />
                <span className="truncate">{s.label}</span>
              </span>
              <span className="tabular-nums">{formatCount(s.values[active.week] ?? 0)}</span>
            </p>
          ))}
          <p className="mt-1.5 border-t border-line pt-1.5 text-subtle">Click or press Enter to list the {activeSeries?.label} ads</p>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {active && activeWeek && activeSeries ? `${activeSeries.label}, ${longWeek(activeWeek.weekOf)}: ${formatCount(activeSeries.values[active.week] ?? 0)} ads active. Press Enter to list them.` : ""}
      </p>
    </div>
  );
}

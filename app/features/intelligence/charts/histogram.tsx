/**
 * A histogram on visx: one bar per bucket, each bar focusable (Tab, Enter or a click lists its
 * records) with its count in a tooltip.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useState } from "react";
import { ChartFrame, ChartTable, DrillCell } from "./chart-frame";
import { formatCount } from "./palette";
import { useWidth } from "~/ui";

export interface HistogramBin {
  key: string;
  label: string;
  value: number;
}

export interface HistogramProps {
  title: string;
  unit: string;
  /** What the buckets measure, for the axis and the table, e.g. "Engagement rate". */
  binHeader: string;
  bins: readonly HistogramBin[];
  loading?: boolean;
  height?: number;
  color?: string;
  onDrill: (key: string) => void;
  "data-testid"?: string;
}

const MARGIN = { top: 12, right: 8, bottom: 30, left: 44 };

export function Histogram({ title, unit, binHeader, bins, loading, height = 220, color = "#22d3a6", onDrill, "data-testid": testId }: HistogramProps) {
  const total = bins.reduce((s, b) => s + b.value, 0);
  return (
    <ChartFrame
      title={title}
      unit={unit}
      loading={loading}
      empty={!loading && total === 0}
      height={height}
      data-testid={testId}
      chart={() => <Plot bins={bins} height={height} color={color} onDrill={onDrill} binHeader={binHeader} testId={testId} />}
      table={() => (
        <ChartTable caption={`${title}, ${unit}`} head={[binHeader, "Ads", "Share"]}>
          {bins.map((b) => (
            <tr key={b.key} className="border-t border-line/70">
              <th scope="row" className="px-3 py-1.5 text-left font-normal text-muted">
                {b.label}
              </th>
              <DrillCell onOpen={() => onDrill(b.key)} label={`${b.label}: ${b.value} ads. Show them`}>
                {formatCount(b.value)}
              </DrillCell>
              <td className="px-3 py-1.5 text-right tabular-nums text-muted">{total ? `${Math.round((b.value / total) * 100)} %` : "—"}</td>
            </tr>
          ))}
        </ChartTable>
      )}
    />
  );
}

function Plot({ bins, height, color, onDrill, binHeader, testId }: { bins: readonly HistogramBin[]; height: number; color: string; onDrill: (key: string) => void; binHeader: string; testId?: string }) {
  const [ref, width] = useWidth(480);
  const [active, setActive] = useState<number | null>(null);
  const innerW = Math.max(40, width - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: bins.map((b) => b.key), range: [0, innerW], padding: 0.18 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...bins.map((b) => b.value))], range: [innerH, 0], nice: true });
  const a = active === null ? null : bins[active];
  const tipX = a ? MARGIN.left + (x(a.key) ?? 0) + x.bandwidth() / 2 : 0;
  return (
    <div ref={ref} className="relative" data-testid={testId ? `${testId}-plot` : undefined}>
      <svg width={width} height={height} className="block max-w-full overflow-visible" role="group" aria-label={`${binHeader} buckets; Tab to each bar, Enter lists its ads`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(4).map((t) => (
            <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} className="stroke-line" strokeDasharray="2 4" />
          ))}
          {bins.map((b, i) => (
            <Bar
              key={b.key}
              x={x(b.key) ?? 0}
              y={y(b.value)}
              width={x.bandwidth()}
              height={Math.max(0, innerH - y(b.value))}
              rx={3}
              fill={color}
              fillOpacity={active !== null && active !== i ? 0.45 : 0.9}
              tabIndex={0}
              role="button"
              aria-label={`${b.label}: ${formatCount(b.value)} ads. Show them`}
              className="cursor-pointer outline-none focus-visible:stroke-fg"
              strokeWidth={2}
              onPointerEnter={() => setActive(i)}
              onPointerLeave={() => setActive(null)}
              onFocus={() => setActive(i)}
              onBlur={() => setActive(null)}
              onClick={() => onDrill(b.key)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  onDrill(b.key);
                }
              }}
              data-testid={testId ? `${testId}-bar` : undefined}
            />
          ))}
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
            tickFormat={(k) => `${String(k).replace("-", "–")}%`}
            hideTicks
            axisLineClassName="stroke-line"
            tickLabelProps={{ className: "fill-subtle text-[11px]", fill: undefined, fontSize: undefined, textAnchor: "middle", dy: 4 }}
          />
        </Group>
      </svg>
      {a && (
        <div
          className="pointer-events-none absolute top-1 z-10 w-max -translate-x-1/2 rounded-lg border border-line bg-surface-2 px-2.5 py-1.5 text-xs shadow-lg shadow-black/20"
          style={{ left: Math.min(Math.max(tipX, 70), width - 70) }}
          data-testid={testId ? `${testId}-tooltip` : undefined}
        >
          <p className="font-semibold text-fg">{a.label}</p>
          <p className="text-muted">
            <span className="font-semibold tabular-nums text-fg">{formatCount(a.value)}</span> ads · click to list them
          </p>
        </div>
      )}
    </div>
  );
}

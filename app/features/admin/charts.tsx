/**
 * Two small SVG charts for the overview: columns per day and horizontal bars per counter. Each
 * draws with the theme's brand colour and carries the same numbers as a table for screen readers.
 */
import { useState } from "react";
import { cx } from "~/ui";

export interface DayValue {
  day: string;
  count: number;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Columns, one per day; hovering or focusing the chart shows the day under the pointer. */
export function DailyColumns({ title, data, unit, "data-testid": testId }: { title: string; data: readonly DayValue[]; unit: string; "data-testid"?: string }) {
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(1, ...data.map((d) => d.count));
  const total = data.reduce((n, d) => n + d.count, 0);
  const width = 300;
  const height = 96;
  const gap = 2;
  const barWidth = data.length ? (width - gap * (data.length - 1)) / data.length : 0;
  const shown = active !== null ? data[active] : null;
  return (
    <figure className="rounded-xl border border-line bg-surface p-4" data-testid={testId}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-fg">{title}</span>
        <span className="text-xs text-muted" aria-live="polite">
          {shown ? `${dayLabel(shown.day)}: ${shown.count} ${unit}` : `${total} ${unit} in ${data.length} days`}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-28 w-full"
        aria-hidden
        onMouseLeave={() => setActive(null)}
      >
        {data.map((d, i) => {
          const h = d.count ? Math.max(2, (d.count / max) * (height - 4)) : 1;
          return (
            <rect
              key={d.day}
              x={i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={h}
              rx={1.5}
              className={cx("transition-opacity", d.count ? "fill-brand" : "fill-line", active !== null && active !== i && "opacity-50")}
              onMouseEnter={() => setActive(i)}
            />
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-[11px] text-subtle" aria-hidden>
        <span>{data[0] ? dayLabel(data[0].day) : ""}</span>
        <span>{data.at(-1) ? dayLabel(data.at(-1)!.day) : ""}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <td>{dayLabel(d.day)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export interface BarRow {
  key: string;
  label: string;
  value: number;
}

/** Horizontal bars, the label above each, the value at the end. */
export function BarRows({ title, rows, emptyText, "data-testid": testId }: { title: string; rows: readonly BarRow[]; emptyText: string; "data-testid"?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="rounded-xl border border-line bg-surface p-4" data-testid={testId}>
      <figcaption className="text-sm font-medium text-fg">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{emptyText}</p>
      ) : (
        <ul className="mt-3 space-y-2.5">
          {rows.map((r) => (
            <li key={r.key}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-muted">{r.label}</span>
                <span className="font-medium tabular-nums text-fg">{r.value.toLocaleString("en-US")}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-surface-2" aria-hidden>
                <div className="h-2 rounded-full bg-brand" style={{ width: `${Math.max(1, (r.value / max) * 100)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

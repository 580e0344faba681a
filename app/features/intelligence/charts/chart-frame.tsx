/**
 * The frame every intelligence chart shares: a title and its unit, a "Show as table" toggle, a
 * skeleton while loading and an empty state when there is nothing to draw. The chart or the
 * table goes inside; both open the same drill-down.
 */
import { BarChart3, Table2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button, cx, Pressable, Skeleton } from "~/ui";

export interface ChartFrameProps {
  title: string;
  /** What the numbers are, e.g. "ads active per week". */
  unit: string;
  loading?: boolean;
  empty?: boolean;
  emptyText?: string;
  /** Height of the plot area, kept by the skeleton and the empty state so nothing jumps. */
  height?: number;
  chart: () => ReactNode;
  table: () => ReactNode;
  /** A line under the title: a legend or a hint. */
  aside?: ReactNode;
  className?: string;
  "data-testid"?: string;
}

export function ChartFrame({
  title,
  unit,
  loading = false,
  empty = false,
  emptyText = "No ads match these filters.",
  height = 220,
  chart,
  table,
  aside,
  className,
  "data-testid": testId,
}: ChartFrameProps) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure
      className={cx("flex min-w-0 flex-col rounded-2xl border border-line bg-surface p-4 sm:p-5", className)}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-2">
        <figcaption id={titleId} className="min-w-0">
          <span className="block text-[15px] font-semibold leading-snug text-fg">{title}</span>
          <span className="block text-xs text-subtle">{unit}</span>
        </figcaption>
        {!loading && !empty && (
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            icon={<Table2 className="size-3.5" aria-hidden />}
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            data-testid={testId ? `${testId}-table-toggle` : undefined}
          >
            {asTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </div>
      {aside && !loading && !empty && !asTable && <div className="mt-2">{aside}</div>}
      <div className="mt-3 min-w-0 flex-1">
        {loading ? (
          <div style={{ height }} className="flex flex-col justify-end gap-2" data-testid={testId ? `${testId}-loading` : undefined}>
            <Skeleton className="h-full w-full" />
            <span className="sr-only">Loading {title}</span>
          </div>
        ) : empty ? (
          <div
            style={{ minHeight: Math.min(height, 160) }}
            className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line px-4 text-center text-sm text-muted"
            data-testid={testId ? `${testId}-empty` : undefined}
          >
            <BarChart3 className="size-5 text-subtle" aria-hidden />
            {emptyText}
          </div>
        ) : asTable ? (
          <div className="max-h-80 overflow-auto rounded-xl border border-line" data-testid={testId ? `${testId}-table` : undefined}>
            {table()}
          </div>
        ) : (
          chart()
        )}
      </div>
    </figure>
  );
}

/** Table pieces with the frame's look; the cells that drill down are buttons. */
export function ChartTable({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-surface-2 text-left text-xs font-semibold uppercase tracking-wide text-subtle">
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={cx("px-3 py-2", i > 0 && "text-right")}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function DrillCell({ onOpen, label, children }: { onOpen: () => void; label: string; children: ReactNode }) {
  return (
    <td className="px-3 py-1.5 text-right tabular-nums">
      <Pressable type="button" onClick={onOpen} aria-label={label} className="rounded font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand">
        {children}
      </Pressable>
    </td>
  );
}

/**
 * Horizontal bars, one row per item: the label above its bar (long labels such as hooks wrap
 * instead of being cut), the value at the end. Each row is a button, so every bar is a tab stop
 * with its tooltip on hover and focus, and opens the records behind it.
 */
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useState, type ReactNode } from "react";
import { cx, Pressable } from "~/ui";
import { ChartFrame, ChartTable, DrillCell } from "./chart-frame";
import { useWidth } from "~/ui";

export interface BarItem {
  key: string;
  label: string;
  /** A second line under the label (e.g. the hook's angle). */
  note?: string;
  value: number;
  /** The value as shown at the end of the bar. */
  display: string;
  /** More facts for the tooltip and the table, in order. */
  details?: readonly { label: string; value: string }[];
}

export interface BarListProps {
  title: string;
  unit: string;
  items: readonly BarItem[];
  loading?: boolean;
  color?: string;
  /** The table's header for the value column and for each detail. */
  valueHeader: string;
  emptyText?: string;
  onDrill: (key: string) => void;
  /** What a click lists, e.g. "ads with this angle". */
  drillHint?: string;
  skeletonRows?: number;
  aside?: ReactNode;
  /** Two columns of rows from the large breakpoint (a wide card of many rows). */
  twoColumns?: boolean;
  className?: string;
  "data-testid"?: string;
}

export function BarList({
  title,
  unit,
  items,
  loading,
  color = "#7c5cff",
  valueHeader,
  emptyText,
  onDrill,
  drillHint = "the ads behind this bar",
  skeletonRows = 6,
  aside,
  twoColumns = false,
  className,
  "data-testid": testId,
}: BarListProps) {
  const detailHeads = items[0]?.details?.map((d) => d.label) ?? [];
  return (
    <ChartFrame
      title={title}
      unit={unit}
      loading={loading}
      empty={!loading && items.length === 0}
      emptyText={emptyText}
      height={skeletonRows * 44}
      aside={aside}
      className={className}
      data-testid={testId}
      chart={() => <Bars items={items} color={color} onDrill={onDrill} drillHint={drillHint} twoColumns={twoColumns} testId={testId} />}
      table={() => (
        <ChartTable caption={`${title}, ${unit}`} head={["", valueHeader, ...detailHeads]}>
          {items.map((item) => (
            <tr key={item.key} className="border-t border-line/70">
              <th scope="row" className="px-3 py-1.5 text-left font-normal text-fg">
                {item.label}
                {item.note && <span className="block text-xs text-subtle">{item.note}</span>}
              </th>
              <DrillCell onOpen={() => onDrill(item.key)} label={`${item.label}: ${item.display}. Show ${drillHint}`}>
                {item.display}
              </DrillCell>
              {item.details?.map((d) => (
                <td key={d.label} className="px-3 py-1.5 text-right tabular-nums text-muted">
                  {d.value}
                </td>
              ))}
            </tr>
          ))}
        </ChartTable>
      )}
    />
  );
}

function Bars({
  items,
  color,
  onDrill,
  drillHint,
  twoColumns,
  testId,
}: {
  items: readonly BarItem[];
  color: string;
  onDrill: (key: string) => void;
  drillHint: string;
  twoColumns: boolean;
  testId?: string;
}) {
  const [ref, listWidth] = useWidth<HTMLUListElement>(420);
  // In two columns each row is about half the list's width (less the gap).
  const width = twoColumns && listWidth >= 900 ? Math.floor((listWidth - 24) / 2) : listWidth;
  const [tip, setTip] = useState<string | null>(null);
  const max = Math.max(1, ...items.map((i) => i.value));
  const barW = Math.max(40, width - 72);
  const x = scaleLinear<number>({ domain: [0, max], range: [0, barW] });
  return (
    <ul ref={ref} className={cx("grid gap-1", twoColumns && "lg:grid-cols-2 lg:gap-x-6")} data-testid={testId ? `${testId}-bars` : undefined}>
      {items.map((item) => (
        <li key={item.key} className="relative">
          <Pressable
            onClick={() => onDrill(item.key)}
            onPointerEnter={() => setTip(item.key)}
            onPointerLeave={() => setTip((t) => (t === item.key ? null : t))}
            onFocus={() => setTip(item.key)}
            onBlur={() => setTip((t) => (t === item.key ? null : t))}
            className="group block w-full rounded-lg px-1.5 py-1 text-left outline-none transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand/50"
            data-testid={testId ? `${testId}-bar` : undefined}
            data-key={item.key}
          >
            <span className="flex items-baseline justify-between gap-3 text-[13px]">
              <span className="min-w-0 text-fg">
                <span className="line-clamp-2">{item.label}</span>
                {item.note && <span className="block text-xs text-subtle">{item.note}</span>}
              </span>
            </span>
            <span className="mt-1 flex items-center gap-2">
              <svg width={barW} height={10} className="block shrink-0" aria-hidden>
                <Group>
                  <Bar x={0} y={0} width={barW} height={10} rx={5} className="fill-surface-2 group-hover:fill-line" />
                  <Bar x={0} y={0} width={Math.max(4, x(item.value))} height={10} rx={5} fill={color} />
                </Group>
              </svg>
              <span className="w-16 shrink-0 text-right text-xs font-semibold tabular-nums text-fg">{item.display}</span>
            </span>
            {/* Named by what it shows (WCAG 2.5.3), then the tooltip's facts and what a press lists. */}
            <span className="sr-only">
              {item.details?.length ? `; ${item.details.map((d) => `${d.label} ${d.value}`).join(", ")}` : ""}. Show {drillHint}
            </span>
          </Pressable>
          {tip === item.key && item.details && item.details.length > 0 && (
            <div
              role="tooltip"
              className={cx(
                "pointer-events-none absolute right-2 top-full z-10 -mt-1 w-max max-w-[16rem] rounded-lg border border-line bg-surface-2 px-2.5 py-2 text-xs shadow-lg shadow-black/20",
              )}
              data-testid={testId ? `${testId}-tooltip` : undefined}
            >
              {item.details.map((d) => (
                <p key={d.label} className="flex justify-between gap-4 text-muted">
                  {d.label}
                  <span className="font-semibold tabular-nums text-fg">{d.value}</span>
                </p>
              ))}
              <p className="mt-1.5 border-t border-line pt-1.5 text-subtle">Click to list {drillHint}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

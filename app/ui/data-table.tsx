import type { ReactNode } from "react";
import { cx } from "./cx";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-align numbers. */
  align?: "left" | "right";
  className?: string;
}

/**
 * A table for lists people scan: real table semantics, a caption for screen readers, an empty
 * state in place of an empty body, horizontal scrolling on narrow screens.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  className,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption?: string;
  empty?: ReactNode;
  className?: string;
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className={cx("overflow-x-auto rounded-2xl border border-line bg-surface", className)}>
      <table className="w-full border-collapse text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b border-line text-left text-xs font-semibold uppercase tracking-wide text-subtle">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx("px-4 py-3", c.align === "right" && "text-right", c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-line/70 last:border-0 hover:bg-surface-2/60">
              {columns.map((c) => (
                <td key={c.key} className={cx("px-4 py-3 align-middle text-fg", c.align === "right" && "text-right tabular-nums", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

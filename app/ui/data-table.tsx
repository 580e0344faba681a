import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-align numbers. */
  align?: "left" | "right";
  /** The header becomes a sort button (needs the table's `onSortChange`). */
  sortable?: boolean;
  className?: string;
}

export interface TableSort {
  key: string;
  direction: "asc" | "desc";
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers (visually hidden). */
  caption?: string;
  /** Shown instead of the table when there are no rows; without it the table says so in one row. */
  empty?: ReactNode;
  /** The current order; the caller sorts `rows`. */
  sort?: TableSort;
  /** Called with a sortable column's key when its header is pressed. */
  onSortChange?: (key: string) => void;
  className?: string;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

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
  sort,
  onSortChange,
  className,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className={cx("overflow-x-auto rounded-2xl border border-line bg-surface", className)}>
      <table className="w-full border-collapse text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b border-line text-left text-xs font-semibold uppercase tracking-wide text-subtle">
            {columns.map((c) => {
              const sortable = c.sortable && onSortChange;
              const direction = sort?.key === c.key ? sort.direction : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sortable ? (direction ? ARIA_SORT[direction] : "none") : undefined}
                  className={cx("whitespace-nowrap px-4 py-3", c.align === "right" && "text-right", c.className)}
                >
                  {sortable ? (
                    <SortButton label={c.header} direction={direction} onClick={() => onSortChange(c.key)} />
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-muted">
                Nothing to show yet.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-line/70 last:border-0 hover:bg-surface-2/60">
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={cx(
                    "px-4 py-3 align-middle text-fg",
                    c.align === "right" && "text-right tabular-nums",
                    c.className,
                  )}
                >
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

/** Same look as Chat Management's sort headers: the arrow shows the active order, a faint one on hover. */
function SortButton({
  label,
  direction,
  onClick,
}: {
  label: ReactNode;
  direction?: "asc" | "desc";
  onClick: () => void;
}) {
  const Icon = !direction ? ChevronsUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        "group/sort -mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-semibold uppercase tracking-wide transition-colors hover:bg-surface-2 hover:text-fg",
        direction && "text-fg",
      )}
    >
      {label}
      <Icon
        aria-hidden
        className={cx(
          "size-3.5",
          direction
            ? "text-brand"
            : "opacity-0 transition-opacity group-hover/sort:opacity-70 group-focus-visible/sort:opacity-70",
        )}
      />
    </button>
  );
}

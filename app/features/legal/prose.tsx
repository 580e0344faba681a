import type { ReactNode } from "react";
import { Info } from "lucide-react";

/**
 * Typography for legal documents: applied to each section's body so plain <p>, <ul>, <ol>,
 * <h3>, <a>, <strong> and <code> read well without a typography plugin.
 */
export const PROSE_CLASS = [
  "text-[15px] leading-7 text-muted",
  "[&_p]:mt-4 [&_p:first-child]:mt-0",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-subtle",
  "[&_li>ul]:mt-2",
  "[&_h3]:mt-8 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-fg",
  "[&_strong]:font-semibold [&_strong]:text-fg",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:decoration-brand/40 [&_a]:underline-offset-2 [&_a:hover]:decoration-brand",
  "[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[13px] [&_code]:text-fg",
].join(" ");

/** A highlighted "in short" box. */
export function Callout({ title = "In short", children }: { title?: string; children: ReactNode }) {
  return (
    <div className="mt-4 flex gap-3 rounded-xl border border-brand/30 bg-brand-soft p-4 first:mt-0">
      <Info className="mt-1 size-4 shrink-0 text-brand" aria-hidden />
      <div className="text-[15px] leading-7">
        <strong className="block font-semibold text-fg">{title}</strong>
        <div className="text-muted">{children}</div>
      </div>
    </div>
  );
}

export interface LegalTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** Visually hide the caption (it is still read by screen readers). */
  hideCaption?: boolean;
}

/**
 * A readable table (cookie lists, retention periods…). From the sm breakpoint up it is a normal
 * table; on phones each row becomes a small card with the column names as labels, so nothing
 * has to scroll sideways.
 */
export function LegalTable({ caption, columns, rows, hideCaption = false }: LegalTableProps) {
  return (
    <div className="mt-5 overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full border-collapse text-left text-sm max-sm:block">
        <caption
          className={
            hideCaption
              ? "sr-only"
              : "border-b border-line px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-subtle max-sm:block"
          }
        >
          {caption}
        </caption>
        <thead className="max-sm:hidden">
          <tr className="bg-surface-2">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold text-fg">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row, i) => (
            <tr
              key={i}
              className="border-t border-line align-top max-sm:block max-sm:space-y-2 max-sm:px-4 max-sm:py-4 max-sm:first:border-t-0"
            >
              {row.map((cell, j) =>
                j === 0 ? (
                  <th
                    key={j}
                    scope="row"
                    className="px-4 py-3 font-medium text-fg max-sm:block max-sm:p-0 sm:whitespace-nowrap"
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={j}
                    data-label={columns[j]}
                    className="px-4 py-3 leading-6 text-muted max-sm:block max-sm:p-0 max-sm:before:block max-sm:before:text-[11px] max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wider max-sm:before:text-subtle max-sm:before:content-[attr(data-label)]"
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

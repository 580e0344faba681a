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

/** A readable, horizontally scrollable table (cookie lists, retention periods…). */
export function LegalTable({ caption, columns, rows, hideCaption = false }: LegalTableProps) {
  return (
    <div className="mt-5 overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full min-w-[560px] border-collapse text-left text-sm">
        <caption
          className={
            hideCaption
              ? "sr-only"
              : "border-b border-line px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-subtle"
          }
        >
          {caption}
        </caption>
        <thead>
          <tr className="bg-surface-2">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold text-fg">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-t border-line align-top">
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-4 py-3 font-medium text-fg">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="px-4 py-3 leading-6 text-muted">
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

import { Check, Minus } from "lucide-react";
import { PLAN_COMPARISON, type ComparisonValue } from "~/domain/pricing";

function Cell({ value, highlight }: { value: ComparisonValue; highlight: boolean }) {
  const base = `px-2 py-3.5 text-center text-xs sm:px-6 sm:text-sm ${highlight ? "bg-brand-soft" : ""}`;
  if (value === true) {
    return (
      <td className={base}>
        <Check className="mx-auto size-4 text-accent" strokeWidth={3} aria-hidden />
        <span className="sr-only">Included</span>
      </td>
    );
  }
  if (value === false) {
    return (
      <td className={base}>
        <Minus className="mx-auto size-4 text-subtle" aria-hidden />
        <span className="sr-only">Not included</span>
      </td>
    );
  }
  return <td className={`${base} font-medium ${highlight ? "text-fg" : "text-muted"}`}>{value}</td>;
}

/** Free vs Growth, feature by feature. */
export function ComparisonTable() {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full border-collapse text-left" data-testid="plan-comparison">
        <caption className="sr-only">Compare the Free and Growth plans</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-4 pl-4 pr-2 text-sm font-semibold text-muted sm:px-6">
              Feature
            </th>
            <th scope="col" className="w-[24%] px-2 py-4 text-center text-sm font-semibold text-fg sm:px-6">
              Free
            </th>
            <th
              scope="col"
              className="w-[30%] bg-brand-soft px-2 py-4 sm:w-[28%] text-center text-sm font-semibold text-brand sm:px-6"
            >
              Growth
            </th>
          </tr>
        </thead>
        {PLAN_COMPARISON.map((group) => (
          <tbody key={group.title}>
            <tr className="border-t border-line bg-surface-2/60">
              <th
                scope="colgroup"
                colSpan={3}
                className="px-4 pb-2 pt-5 text-xs font-semibold uppercase tracking-wider text-subtle sm:px-6"
              >
                {group.title}
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.feature} className="border-t border-line/70">
                <th scope="row" className="py-3.5 pl-4 pr-2 text-sm font-normal text-fg sm:px-6">
                  {row.feature}
                </th>
                <Cell value={row.free} highlight={false} />
                <Cell value={row.growth} highlight />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

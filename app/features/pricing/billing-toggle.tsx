import { useId } from "react";
import { BILLING_INTERVALS, yearlySavingPercent, type BillingInterval } from "~/domain/pricing";
import { Pressable, RadioGroup } from "~/ui";

const LABELS: Record<BillingInterval, string> = { monthly: "Monthly", yearly: "Yearly" };

/**
 * Monthly / Yearly as a radio group (WAI-ARIA radio pattern, from RadioGroup): one tab stop,
 * arrow keys move and select, Space and Enter select. The tab stop is also in the markup, for
 * the stored landing page before it hydrates. The yearly option carries the "Save 24%" chip, which
 * describes it without changing its name.
 */
export function BillingToggle({
  value,
  onChange,
  className = "",
}: {
  value: BillingInterval;
  onChange: (next: BillingInterval) => void;
  className?: string;
}) {
  const id = useId();
  const saving = yearlySavingPercent();

  return (
    <RadioGroup
      aria-label="Billing period"
      data-testid="billing-toggle"
      className={`inline-flex items-center gap-1 rounded-full border border-line bg-surface p-1 shadow-sm ${className}`}
    >
      {BILLING_INTERVALS.map((interval) => {
        const checked = interval === value;
        const labelId = `${id}-${interval}-label`;
        const chipId = `${id}-${interval}-chip`;
        return (
          <Pressable
            key={interval}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-labelledby={labelId}
            aria-describedby={interval === "yearly" ? chipId : undefined}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(interval)}
            data-interval={interval}
            className={`inline-flex h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors ${
              checked ? "bg-brand-strong text-white shadow-md shadow-brand/25" : "text-muted hover:text-fg"
            }`}
          >
            <span id={labelId}>{LABELS[interval]}</span>
            {interval === "yearly" && saving > 0 && (
              <span
                id={chipId}
                className={`rounded-full px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide ${
                  checked ? "bg-white/20 text-white" : "bg-accent/15 text-accent"
                }`}
              >
                Save {saving}%
              </span>
            )}
          </Pressable>
        );
      })}
    </RadioGroup>
  );
}

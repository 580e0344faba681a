import { useId, useRef, type KeyboardEvent } from "react";
import { BILLING_INTERVALS, yearlySavingPercent, type BillingInterval } from "~/domain/pricing";
import { Pressable } from "~/ui";

const LABELS: Record<BillingInterval, string> = { monthly: "Monthly", yearly: "Yearly" };

/**
 * Monthly / Yearly as a radio group (WAI-ARIA radio pattern): one tab stop, arrow keys move
 * and select, Space and Enter select. The yearly option carries the "Save 24%" chip, which
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
  const refs = useRef<Record<BillingInterval, HTMLButtonElement | null>>({ monthly: null, yearly: null });
  const saving = yearlySavingPercent();

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = BILLING_INTERVALS.indexOf(value);
    let next: BillingInterval | null = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown")
      next = BILLING_INTERVALS[(index + 1) % BILLING_INTERVALS.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp")
      next = BILLING_INTERVALS[(index - 1 + BILLING_INTERVALS.length) % BILLING_INTERVALS.length];
    else if (event.key === "Home") next = BILLING_INTERVALS[0];
    else if (event.key === "End") next = BILLING_INTERVALS[BILLING_INTERVALS.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
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
            ref={(el) => {
              refs.current[interval] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-labelledby={labelId}
            aria-describedby={interval === "yearly" ? chipId : undefined}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(interval)}
            onKeyDown={onKeyDown}
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
    </div>
  );
}

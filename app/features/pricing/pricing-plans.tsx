import { CreditCard, RefreshCw, ShieldCheck, Undo2 } from "lucide-react";
import { useState } from "react";
import { FREE_PLAN, GROWTH_PLAN, type BillingInterval } from "~/domain/pricing";
import { BillingToggle } from "./billing-toggle";
import { FreePlanCard, GrowthPlanCard, type PricingVariant } from "./plan-card";

const ASSURANCES = [
  { icon: ShieldCheck, text: "Secure checkout with Stripe" },
  { icon: RefreshCw, text: "Cancel anytime" },
  { icon: Undo2, text: "14-day refund on your first yearly plan" },
  { icon: CreditCard, text: "No card needed for Free" },
] as const;

export interface PricingPlansProps {
  /** "public" on /pricing; "app" inside the signed-in workspace (/upgrade). */
  variant?: PricingVariant;
  defaultInterval?: BillingInterval;
  /** Called after the visitor switches between monthly and yearly. */
  onIntervalChange?: (interval: BillingInterval) => void;
}

/** The monthly/yearly toggle, the Free and Growth cards and the reassurance strip. */
export function PricingPlans({ variant = "public", defaultInterval = "monthly", onIntervalChange }: PricingPlansProps) {
  const [interval, setBillingInterval] = useState<BillingInterval>(defaultInterval);
  const change = (next: BillingInterval) => {
    setBillingInterval(next);
    onIntervalChange?.(next);
  };
  return (
    <div data-testid="pricing-plans" data-interval={interval}>
      <div className="flex justify-center">
        <BillingToggle value={interval} onChange={change} />
      </div>

      <div className="mx-auto mt-12 grid max-w-4xl items-stretch gap-8 md:grid-cols-2 md:gap-6">
        <FreePlanCard plan={FREE_PLAN} variant={variant} />
        <GrowthPlanCard plan={GROWTH_PLAN} interval={interval} />
      </div>

      <ul className="mx-auto mt-10 flex max-w-4xl flex-wrap items-center justify-center gap-x-8 gap-y-3 text-sm text-muted">
        {ASSURANCES.map(({ icon: Icon, text }) => (
          <li key={text} className="inline-flex items-center gap-2">
            <Icon className="size-4 text-accent" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Crown } from "lucide-react";
import { isHighlightedPlan, planDisplayName } from "~/domain/plans";
import { useSubscription } from "~/features/account";

/**
 * The plan name as a small pill (spec sections 3 and 6): "Growth", "Elite" or "Free",
 * highlighted with the brand gradient for pro, automation and empire. Nothing while unknown.
 */
export function PlanBadge({ className = "" }: { className?: string }) {
  const { status } = useSubscription();
  if (!status) return null;
  const highlighted = isHighlightedPlan(status.plan);
  const name = planDisplayName(status.plan, status.planName);
  return (
    <span
      data-testid="plan-badge"
      data-plan={status.plan}
      data-highlighted={highlighted ? "true" : "false"}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-1.5 py-px text-[10px] font-bold uppercase leading-4 tracking-wide ${
        highlighted
          ? "bg-gradient-to-r from-brand-strong to-brand text-white shadow-sm shadow-brand/30"
          : "border border-line bg-surface-2 text-muted"
      } ${className}`}
    >
      {highlighted && <Crown className="size-2.5" aria-hidden />}
      <span className="sr-only">Plan: </span>
      {name}
    </span>
  );
}

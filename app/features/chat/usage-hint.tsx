import { Zap } from "lucide-react";
import { Button } from "~/ui/button";
import { openUpgradeModal } from "~/features/billing";
import { PLANS } from "~/domain/plans";
import { usageLine } from "~/features/chat/chat-logic";
import { useQueryUsage, useSubscription, useUsageSummary } from "~/features/account";

function resetText(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
}

/**
 * The visible cost of a question (design.md: "visible per-action usage costs"): "Each question
 * uses 1 query · N left today", live from the usage stream. Near the limit it turns amber and
 * free users get an Upgrade link; at zero it says so before they try.
 */
export function UsageHint({ id }: { id?: string }) {
  const usage = useQueryUsage();
  const { summary } = useUsageSummary();
  const { isFree } = useSubscription();
  const out = usage.loaded && usage.remaining <= 0;
  const reset = resetText(summary?.resetsAt);
  const tone = out || usage.limitError ? "text-danger" : usage.nearLimit ? "text-warning" : "text-subtle";

  return (
    <div className="mt-2 flex min-h-5 flex-wrap items-center justify-center gap-x-2 gap-y-1 px-2 text-center text-xs">
      <p
        id={id}
        className={`inline-flex items-center gap-1.5 ${tone}`}
        data-testid="chat-usage-hint"
        aria-live="polite"
      >
        <Zap className="size-3 shrink-0" aria-hidden />
        <span>
          {usage.limitError ?? usageLine(usage)}
          {!usage.limitError && out && reset ? ` · resets at ${reset}` : ""}
        </span>
      </p>
      {usage.limitError && (
        <Button variant="subtle" size="sm" className="h-7 px-2" onClick={() => void usage.retryLimit()} data-testid="chat-usage-retry">
          Retry
        </Button>
      )}
      {isFree && (usage.nearLimit || out) && (
        <Button
          variant="subtle"
          size="sm"
          className="h-7 px-2"
          onClick={() =>
            openUpgradeModal({
              feature: "generate",
              title: out ? "You've used today's queries" : "Running low on queries",
              message: `Growth gives you ${PLANS.pro.features.queriesPerDay.toLocaleString("en-US")} questions a day, deep market analysis and more.`,
            })
          }
          data-testid="chat-usage-upgrade"
        >
          Upgrade
        </Button>
      )}
    </div>
  );
}

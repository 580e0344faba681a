import { Link } from "@remix-run/react";
import { Button, buttonClasses } from "~/ui/button";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Check, CircleAlert, Crown, ExternalLink, Info, Loader2, ReceiptText } from "lucide-react";
import { useState } from "react";
import { planDisplayName } from "~/domain/plans";
import { GROWTH_PLAN } from "~/domain/pricing";
import { errorMessage, getQueryFn } from "~/lib/http";
import type { SubscriptionStatus } from "~/features/account";
import { openInNewTab } from "~/features/account";
import { formatLongDate } from "./format";

export const PORTAL_KEY = ["/api/billing/portal"] as const;
export const PORTAL_OFFLINE_TEXT =
  "Billing is managed offline in development: no Stripe customer portal is configured (STRIPE_PORTAL_URL), so test subscriptions cannot be changed or cancelled from here.";

function usePortal() {
  return useQuery({
    queryKey: PORTAL_KEY,
    queryFn: async (ctx) =>
      (await getQueryFn<{ data: { url: string | null } }>({ on401: "throw" })(ctx))?.data ?? { url: null },
    staleTime: 5 * 60 * 1000,
  });
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment due",
};

/** A paid user's plan on /upgrade: name, renewal or end date, and the billing portal. */
export function CurrentPlan({ status }: { status: SubscriptionStatus }) {
  const portal = usePortal();
  const [explain, setExplain] = useState(false);
  const name = planDisplayName(status.plan, status.planName);
  const date = formatLongDate(status.currentPeriodEnd);

  const manage = () => {
    if (portal.data?.url) openInNewTab(portal.data.url);
    else setExplain(true);
  };

  return (
    <section
      aria-labelledby="current-plan-title"
      className="relative overflow-hidden rounded-3xl border border-brand/40 bg-surface bg-gradient-to-br from-brand-soft via-surface to-surface p-6 shadow-xl shadow-brand/10 sm:p-8"
      data-testid="current-plan"
      data-plan={status.plan}
    >
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-strong text-white shadow-lg shadow-brand/30">
            <Crown className="size-6" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-medium text-muted">Your plan</p>
            <h2
              id="current-plan-title"
              className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-fg"
            >
              {name}
              <span className="rounded-full bg-accent/15 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-accent">
                {STATUS_LABELS[status.subscriptionStatus] ?? status.subscriptionStatus}
              </span>
            </h2>
            {date && !status.cancelAtPeriodEnd && (
              <p className="mt-1 flex items-center gap-1.5 text-sm text-muted" data-testid="current-plan-renewal">
                <CalendarClock className="size-4" aria-hidden />
                Renews on {date}
              </p>
            )}
          </div>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Link to="/payment-receipt" className={buttonClasses({ variant: "secondary", size: "lg" })}>
            <ReceiptText className="size-4" aria-hidden />
            Latest receipt
          </Link>
          <Button onClick={manage} disabled={portal.isPending} variant="primary" size="lg" data-testid="manage-billing">
            {portal.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Manage billing
            {portal.data?.url && (
              <>
                <ExternalLink className="size-4" aria-hidden />
                <span className="sr-only"> (opens in a new tab)</span>
              </>
            )}
          </Button>
        </div>
      </div>

      {status.cancelAtPeriodEnd && (
        <p
          className="mt-6 flex items-start gap-2.5 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg"
          data-testid="current-plan-cancel-notice"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>
            Your plan is cancelled and will not renew. You keep {name}
            {date ? ` until ${date}` : " until the end of the period you paid for"}, then your account moves to Free
            with your chats and projects intact.
          </span>
        </p>
      )}
      {status.subscriptionStatus === "past_due" && (
        <p
          className="mt-6 flex items-start gap-2.5 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg"
          role="alert"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          Your last payment did not go through. Update your payment method in Manage billing to keep {name}.
        </p>
      )}

      <div aria-live="polite">
        {portal.isError && explain && (
          <p className="mt-6 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg" role="alert">
            {errorMessage(portal.error, "The billing portal could not be opened. Please try again.")}
          </p>
        )}
        {!portal.isError && explain && !portal.data?.url && (
          <p
            className="mt-6 flex items-start gap-2.5 rounded-xl border border-line bg-bg-elevated px-4 py-3 text-sm text-muted"
            data-testid="billing-offline-note"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            {PORTAL_OFFLINE_TEXT}
          </p>
        )}
      </div>

      <ul className="mt-7 grid gap-x-6 gap-y-2.5 border-t border-line pt-6 text-sm sm:grid-cols-2">
        {GROWTH_PLAN.features.map((f) => (
          <li key={f.label} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={3} aria-hidden />
            <span className="text-fg">{f.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

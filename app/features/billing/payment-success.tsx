import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { buttonClasses } from "~/ui/button";
import { ArrowRight, Check, Loader2, LogIn, PartyPopper, ReceiptText } from "lucide-react";
import { useEffect, useState } from "react";
import { isHighlightedPlan, planDisplayName } from "~/domain/plans";
import { GROWTH_MONTHLY_QUOTAS } from "~/domain/pricing";
import { useCurrentUser } from "~/features/account";
import { useSubscription } from "~/features/account";
import { BillingPage } from "./billing-page";
import { formatLongDate } from "./format";
import { isCheckoutReturn, PremiumWelcome } from "./premium-welcome";

/** How long the screen keeps asking for the new plan while the payment provider's webhook lands. */
const ACTIVATION_POLL_MS = 2000;
const ACTIVATION_POLL_TRIES = 15;

const UNLOCKED = [
  `${GROWTH_MONTHLY_QUOTAS.pageGenerations} AI page generations and ${GROWTH_MONTHLY_QUOTAS.pageExports} store exports a month`,
  "Professional marketing visuals and image downloads",
  "Advanced AI copywriting and priority support",
] as const;

// Static confetti: positions and colours only, the motion comes from the pulse utility.
const CONFETTI = [
  "left-[8%] top-[18%] size-2 bg-brand",
  "left-[18%] top-[62%] size-1.5 bg-accent",
  "left-[30%] top-[8%] size-1.5 bg-warning",
  "right-[10%] top-[22%] size-2 bg-accent",
  "right-[22%] top-[70%] size-1.5 bg-brand",
  "right-[30%] top-[6%] size-2 bg-warning",
  "left-[44%] top-[84%] size-1.5 bg-brand-strong",
  "right-[6%] top-[52%] size-1.5 bg-warning",
] as const;

/**
 * /payment-success and /free-signup-success (spec section 2: the same screen): celebrates, shows
 * the plan from a fresh subscription status, and links to the app and the receipt. Returning
 * from checkout also opens the premium welcome dialog (its query-parameter trigger).
 */
export function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  const { search, pathname } = useLocation();
  const sessionId = params.get("session_id");
  const { user, isLoading: authLoading } = useCurrentUser();
  const { status, isPaid, refetch } = useSubscription();
  const fromCheckout = isCheckoutReturn(search, "");
  const [tries, setTries] = useState(0);
  const userId = user?.id ?? null;

  // Always show the plan as it is now, not as a cached status from before the payment.
  useEffect(() => {
    if (userId !== null) void refetch();
  }, [userId, refetch]);

  // A real payment provider's webhook can land a moment after the redirect: keep asking.
  const waiting = fromCheckout && Boolean(status) && !isPaid && tries < ACTIVATION_POLL_TRIES;
  useEffect(() => {
    if (!waiting) return;
    const id = setTimeout(() => {
      setTries((n) => n + 1);
      void refetch();
    }, ACTIVATION_POLL_MS);
    return () => clearTimeout(id);
  }, [waiting, tries, refetch]);

  const planName = status ? planDisplayName(status.plan, status.planName) : null;
  const heading = isPaid ? `Welcome to ${planName}` : fromCheckout ? "Payment received" : "You're all set";
  const lead = !user
    ? "Log in to see your plan and start using it."
    : !status
      ? "Loading your plan…"
      : isPaid
        ? "Your payment went through and your plan is active. Everything below is unlocked now."
        : waiting
          ? "We are activating your plan. This usually takes a few seconds."
          : fromCheckout
            ? "Your plan is not active yet. If you were charged, it will appear shortly; contact support if it does not."
            : "Your free account is ready. Upgrade any time from Usage & billing.";

  return (
    <BillingPage testId="payment-success">
      <div className="mx-auto max-w-xl">
        <div className="relative overflow-hidden rounded-3xl border border-line bg-surface px-6 pb-8 pt-10 text-center shadow-2xl shadow-black/20 sm:px-10">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 bg-gradient-to-b from-brand-soft via-transparent to-transparent"
          />
          <div aria-hidden className="pointer-events-none absolute inset-0">
            {CONFETTI.map((c, i) => (
              <span
                key={c}
                className={`absolute rotate-45 rounded-[2px] opacity-70 animate-pulse ${c} ${i % 2 ? "[animation-delay:700ms]" : ""}`}
              />
            ))}
          </div>

          <div className="relative mx-auto grid size-20 place-items-center">
            <span
              aria-hidden
              className="absolute inset-0 animate-ping rounded-full bg-brand/25 [animation-iteration-count:3]"
            />
            <span className="relative grid size-20 place-items-center rounded-full bg-gradient-to-br from-brand-strong to-accent text-white shadow-xl shadow-brand/40">
              <PartyPopper className="size-9" aria-hidden />
            </span>
          </div>

          <h1
            className="relative mt-6 text-3xl font-bold tracking-tight text-fg sm:text-4xl"
            data-testid="payment-success-title"
          >
            {heading}
          </h1>
          <p className="relative mx-auto mt-3 max-w-md text-muted" aria-live="polite">
            {lead}
          </p>

          {user && (
            <div
              className="relative mx-auto mt-7 flex max-w-sm items-center justify-between gap-4 rounded-2xl border border-line bg-bg-elevated px-5 py-4 text-left"
              data-testid="payment-success-plan"
              data-plan={status?.plan ?? ""}
              aria-busy={!status || waiting}
            >
              <div>
                <p className="text-xs font-medium uppercase tracking-wider text-subtle">Your plan</p>
                {status ? (
                  <p className="mt-1 flex items-center gap-2 text-lg font-semibold text-fg">
                    {planName}
                    <span
                      className={`rounded-full px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide ${
                        isPaid ? "bg-accent/15 text-accent" : "bg-surface-2 text-muted"
                      }`}
                    >
                      {isPaid ? "Active" : waiting ? "Activating" : "Free"}
                    </span>
                  </p>
                ) : (
                  <span className="mt-2 block h-5 w-28 animate-pulse rounded bg-surface-2" />
                )}
                {isPaid && status?.currentPeriodEnd && (
                  <p className="mt-0.5 text-xs text-muted">
                    {status.cancelAtPeriodEnd ? "Ends" : "Renews"} on {formatLongDate(status.currentPeriodEnd)}
                  </p>
                )}
              </div>
              {waiting || !status ? (
                <Loader2 className="size-5 shrink-0 animate-spin text-brand" aria-hidden />
              ) : (
                <span
                  className={`grid size-10 shrink-0 place-items-center rounded-xl ${
                    isHighlightedPlan(status.plan) ? "bg-brand-strong text-white" : "bg-surface-2 text-muted"
                  }`}
                >
                  <Check className="size-5" strokeWidth={3} aria-hidden />
                </span>
              )}
            </div>
          )}

          {isPaid && (
            <ul className="relative mx-auto mt-6 max-w-sm space-y-2 text-left text-sm">
              {UNLOCKED.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={3} aria-hidden />
                  <span className="text-fg">{item}</span>
                </li>
              ))}
            </ul>
          )}

          <div className="relative mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
            {user ? (
              <>
                {sessionId && (
                  <Link
                    to={`/payment-receipt?id=${encodeURIComponent(sessionId)}`}
                    className={buttonClasses({ variant: "secondary", size: "lg" })}
                    data-testid="payment-success-receipt"
                  >
                    <ReceiptText className="size-4" aria-hidden />
                    View receipt
                  </Link>
                )}
                <Link
                  to="/app"
                  className={buttonClasses({ variant: "primary", size: "lg" })}
                  data-testid="payment-success-explore"
                >
                  Explore Dashboard
                  <ArrowRight className="size-4" aria-hidden />
                </Link>
              </>
            ) : (
              !authLoading && (
                <Link
                  to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
                  className={buttonClasses({ variant: "primary", size: "lg" })}
                >
                  <LogIn className="size-4" aria-hidden />
                  Log in
                </Link>
              )
            )}
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-subtle">
          Questions about your purchase?{" "}
          <Link to="/support" className="font-medium text-brand hover:underline">
            Contact support
          </Link>
        </p>
      </div>
      {user && <PremiumWelcome />}
    </BillingPage>
  );
}

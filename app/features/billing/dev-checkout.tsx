import { Link, useSearchParams } from "@remix-run/react";
import { Button } from "~/ui/button";
import { ArrowLeft, CreditCard, FlaskConical, Loader2, Lock, Rocket, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { GROWTH_PRICES, parseBillingInterval, yearlySavingPercent, type BillingInterval } from "~/domain/pricing";
import { apiRequest, errorMessage } from "~/lib/http";
import { useCurrentUser } from "~/features/account";
import { useSubscription } from "~/features/account";

const CENTS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const DEV_CHECKOUT_NOTICE =
  "Offline test checkout — no real payment is made; this posts a signed Stripe event to your local webhook";

/**
 * The offline checkout that stands in for Stripe when no Payment Links are configured: an order
 * summary for Growth and a pay button that makes the server post correctly signed Stripe events
 * to our own webhook, then lands on the success screen like a real purchase.
 */
export function DevCheckoutScreen() {
  const [params] = useSearchParams();
  const interval = parseBillingInterval(params.get("interval"));
  const amount = GROWTH_PRICES[interval];
  const { user } = useCurrentUser();
  const { isPaid } = useSubscription();
  const [state, setState] = useState<
    { status: "idle" | "paying" | "redirecting" } | { status: "error"; message: string }
  >({
    status: "idle",
  });
  const busy = state.status === "paying" || state.status === "redirecting";

  async function pay() {
    setState({ status: "paying" });
    try {
      const res = await apiRequest("POST", "/api/billing/dev-checkout", { interval });
      const body = (await res.json()) as { data: { redirectTo: string } };
      setState({ status: "redirecting" });
      window.location.assign(body.data.redirectTo);
    } catch (err) {
      setState({
        status: "error",
        message: errorMessage(err, "The test payment did not go through. Please try again."),
      });
    }
  }

  const intervalLink = (value: BillingInterval, label: string) => {
    const active = value === interval;
    return (
      <Link
        to={`?interval=${value}`}
        replace
        aria-current={active ? "true" : undefined}
        className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold transition-colors ${
          active ? "bg-brand-soft text-fg shadow-sm ring-1 ring-brand/40" : "text-muted hover:text-fg"
        }`}
      >
        {label}
      </Link>
    );
  };

  return (
    <main
      className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12"
      data-testid="dev-checkout"
      data-interval={interval}
    >
      <div
        className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg"
        role="note"
        data-testid="dev-checkout-notice"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p>{DEV_CHECKOUT_NOTICE}.</p>
      </div>

      <Link
        to="/upgrade"
        className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to plans
      </Link>

      <div className="grid overflow-hidden rounded-3xl border border-line bg-surface shadow-2xl shadow-black/20 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
        <section
          aria-labelledby="order-title"
          className="border-b border-line bg-bg-elevated p-6 sm:p-8 lg:border-b-0 lg:border-r"
        >
          <p className="text-sm font-medium text-muted">Subscribe to</p>
          <h1 id="order-title" className="mt-1 flex items-center gap-2.5 text-2xl font-bold tracking-tight text-fg">
            <span className="grid size-9 place-items-center rounded-xl bg-brand-strong text-white shadow-md shadow-brand/30">
              <Rocket className="size-5" aria-hidden />
            </span>
            Dropcraft Growth
          </h1>
          <p className="mt-5 flex items-baseline gap-1.5">
            <span className="text-4xl font-bold tracking-tight text-fg" data-testid="dev-checkout-price">
              {CENTS.format(amount)}
            </span>
            <span className="text-sm text-muted">{interval === "yearly" ? "per year" : "per month"}</span>
          </p>

          <div role="group" aria-label="Billing period" className="mt-5 flex gap-1 rounded-xl bg-surface-2 p-1">
            {intervalLink("monthly", "Monthly")}
            {intervalLink("yearly", `Yearly · save ${yearlySavingPercent()}%`)}
          </div>

          <dl className="mt-6 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Growth plan ({interval === "yearly" ? "billed yearly" : "billed monthly"})</dt>
              <dd className="font-medium tabular-nums text-fg">{CENTS.format(amount)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Tax</dt>
              <dd className="tabular-nums text-muted">{CENTS.format(0)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-line pt-3 text-base">
              <dt className="font-semibold text-fg">Total due today</dt>
              <dd className="font-bold tabular-nums text-fg" data-testid="dev-checkout-total">
                {CENTS.format(amount)}
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-xs leading-5 text-subtle">
            Renews {interval === "yearly" ? "every year" : "every month"} until cancelled.
          </p>
        </section>

        <section aria-labelledby="pay-title" className="p-6 sm:p-8">
          <h2 id="pay-title" className="text-lg font-semibold tracking-tight text-fg">
            Payment
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-muted">Email</dt>
              <dd className="mt-1 truncate rounded-lg border border-line bg-bg-elevated px-3 py-2.5 text-fg">
                {user?.email ?? "…"}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Payment method</dt>
              <dd className="mt-1 flex items-center gap-2.5 rounded-lg border border-dashed border-line bg-bg-elevated px-3 py-2.5 text-muted">
                <CreditCard className="size-4 shrink-0 text-subtle" aria-hidden />
                Test mode: no card needed and nothing is charged
              </dd>
            </div>
          </dl>

          {isPaid && (
            <p className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm text-fg" role="status">
              You are already on Growth. Paying again starts a new test subscription.
            </p>
          )}

          <Button
            onClick={() => void pay()}
            disabled={busy}
            aria-busy={busy}
            data-testid="dev-checkout-pay"
            variant="primary"
            size="lg"
            className="mt-6 w-full text-base"
          >
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Lock className="size-4" aria-hidden />}
            {state.status === "redirecting"
              ? "Payment received…"
              : state.status === "paying"
                ? "Processing…"
                : `Pay ${CENTS.format(amount)}`}
          </Button>

          <div aria-live="assertive">
            {state.status === "error" && (
              <p
                className="mt-3 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
                role="alert"
                data-testid="dev-checkout-error"
              >
                {state.message}
              </p>
            )}
          </div>

          <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-subtle">
            <ShieldCheck className="size-3.5 text-accent" aria-hidden />
            Signed with your local webhook secret, handled by the real webhook code
          </p>
          <p className="mt-6 text-center text-sm">
            <Link to="/payment-cancel" className="font-medium text-muted hover:text-fg">
              Cancel and return
            </Link>
          </p>
        </section>
      </div>
    </main>
  );
}

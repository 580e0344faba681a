import { Link } from "@remix-run/react";
import { ArrowRight, Check, ExternalLink, Loader2, Rocket, Sparkles, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useGrowthCheckout } from "~/features/account";
import { growthCheckoutHref, growthPriceDisplay, formatPrice, type BillingInterval, type Plan } from "~/domain/pricing";
import { useSubscription } from "~/features/account";
import { Pressable } from "~/ui";

export type PricingVariant = "public" | "app";

function FeatureList({ plan }: { plan: Plan }) {
  return (
    <ul className="space-y-3.5 text-sm">
      {plan.features.map((feature) => (
        <li key={feature.label} className="flex gap-3" data-included={feature.included}>
          {feature.included ? (
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
              <Check className="size-3.5" strokeWidth={3} aria-hidden />
            </span>
          ) : (
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-surface-2 text-subtle">
              <X className="size-3.5" strokeWidth={3} aria-hidden />
            </span>
          )}
          <span>
            {!feature.included && <span className="sr-only">Not included: </span>}
            <span className={feature.included ? "font-medium text-fg" : "text-subtle"}>{feature.label}</span>
            {feature.detail && <span className="mt-0.5 block text-muted">{feature.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PlanHeader({ plan, icon, headingId }: { plan: Plan; icon: ReactNode; headingId: string }) {
  return (
    <div className="flex items-center gap-3">
      {icon}
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-fg">
        {plan.name}
      </h2>
    </div>
  );
}

export function FreePlanCard({ plan, variant }: { plan: Plan; variant: PricingVariant }) {
  const cta =
    variant === "app" ? { to: "/app", label: "Continue with Free Plan" } : { to: "/signup", label: "Start free" };
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-plan="free"
      className="flex flex-col rounded-3xl border border-line bg-surface p-7 sm:p-8"
    >
      <PlanHeader
        plan={plan}
        headingId={headingId}
        icon={
          <span className="flex size-10 items-center justify-center rounded-xl bg-surface-2 text-muted">
            <Sparkles className="size-5" aria-hidden />
          </span>
        }
      />
      <p className="mt-3 min-h-12 text-sm leading-6 text-muted">{plan.tagline}</p>

      <div className="mt-6" data-testid="price-free">
        <p className="flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight text-fg">{formatPrice(0)}</span>{" "}
          <span className="text-base font-medium text-muted">/month</span>
        </p>
        <p className="mt-2 min-h-6 text-sm text-muted">Free forever. No credit card required.</p>
      </div>

      <Link
        to={cta.to}
        className="mt-7 inline-flex h-11 items-center justify-center rounded-xl border border-line bg-surface-2 px-5 text-sm font-semibold text-fg transition-colors hover:border-brand/50 hover:bg-brand-soft"
      >
        {cta.label}
      </Link>

      <div className="mt-8 border-t border-line pt-7">
        <p className="mb-4 text-xs font-semibold uppercase tracking-wider text-subtle">What&rsquo;s included</p>
        <FeatureList plan={plan} />
      </div>
    </article>
  );
}

const CTA_CLASS =
  "group mt-7 inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-strong px-5 text-sm font-semibold text-white shadow-lg shadow-brand/30 transition-colors hover:bg-brand-hover disabled:cursor-wait disabled:opacity-80";

/**
 * The Growth call to action: signed-in users open the checkout for the chosen interval in a new
 * tab; visitors sign up with the plan preselected; Growth users manage their plan instead.
 */
function GrowthCta({ interval }: { interval: BillingInterval }) {
  const checkout = useGrowthCheckout();
  const { isPaid } = useSubscription();
  const arrow = <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />;

  if (!checkout.signedIn) {
    return (
      <Link
        to={growthCheckoutHref(interval)}
        data-testid="upgrade-growth"
        data-interval={interval}
        className={CTA_CLASS}
      >
        Upgrade to Growth
        {arrow}
      </Link>
    );
  }
  if (isPaid) {
    return (
      <Link to="/upgrade" data-testid="manage-plan" className={CTA_CLASS}>
        You&rsquo;re on Growth · Manage plan
        {arrow}
      </Link>
    );
  }
  const busy = checkout.pending === interval;
  const opened = checkout.opened?.interval === interval ? checkout.opened : null;
  return (
    <>
      <Pressable
        onClick={() => void checkout.start(interval)}
        onPointerEnter={() => checkout.prefetch(interval)}
        onFocus={() => checkout.prefetch(interval)}
        disabled={busy}
        aria-busy={busy}
        data-testid="upgrade-growth"
        data-interval={interval}
        className={CTA_CLASS}
      >
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        Upgrade to Growth
        {!busy && arrow}
        <span className="sr-only"> (checkout opens in a new tab)</span>
      </Pressable>
      <p aria-live="polite" className="mt-2 min-h-5 text-center text-xs text-muted">
        {opened && (
          <>
            Checkout opened in a new tab.{" "}
            <a
              href={opened.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
            >
              Open it again
              <ExternalLink className="size-3" aria-hidden />
            </a>
          </>
        )}
      </p>
    </>
  );
}

export function GrowthPlanCard({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const price = growthPriceDisplay(interval);
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-plan="growth"
      className="relative flex flex-col rounded-3xl border border-brand/60 bg-surface bg-gradient-to-b from-brand-soft via-surface to-surface p-7 shadow-2xl shadow-brand/15 ring-1 ring-brand/30 sm:p-8"
    >
      <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-strong px-3.5 py-1 text-xs font-semibold text-white shadow-lg shadow-brand/30">
        <Sparkles className="size-3.5" aria-hidden />
        Most popular
      </span>
      <PlanHeader
        plan={plan}
        headingId={headingId}
        icon={
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-strong text-white shadow-md shadow-brand/30">
            <Rocket className="size-5" aria-hidden />
          </span>
        }
      />
      <p className="mt-3 min-h-12 text-sm leading-6 text-muted">{plan.tagline}</p>

      <div className="mt-6" data-testid="price-growth" data-interval={interval} aria-live="polite">
        <p className="flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight text-fg">{price.price}</span>{" "}
          <span className="text-base font-medium text-muted">{price.period}</span>
        </p>
        {interval === "yearly" ? (
          <p className="mt-2 flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span>{price.monthlyEquivalent}</span>
            <span aria-hidden className="text-subtle">
              ·
            </span>
            <s className="text-subtle">
              <span className="sr-only">Regular price </span>
              {price.compareAt}
            </s>
            <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent">
              Save {price.savingPercent}%
            </span>
          </p>
        ) : (
          <p className="mt-2 min-h-6 text-sm text-muted">Billed monthly. Cancel anytime.</p>
        )}
      </div>

      <GrowthCta interval={interval} />

      <div className="mt-8 border-t border-line pt-7">
        <p className="mb-4 text-xs font-semibold uppercase tracking-wider text-subtle">Everything you need to sell</p>
        <FeatureList plan={plan} />
      </div>
    </article>
  );
}

import { Check, ExternalLink, Loader2, Lock, ShieldCheck, Users } from "lucide-react";
import { merchantsClaim } from "~/domain/product-facts";
import { useProductFacts } from "~/lib/product-facts";
import { Button } from "~/ui/button";
import { useEffect, useState } from "react";
import { BillingToggle } from "~/features/pricing";
import { Modal } from "~/ui/modal";
import {
  GROWTH_MONTHLY_QUOTAS,
  growthPriceDisplay,
  PRIORITY_SUPPORT_HOURS,
  BILLING_INTERVALS,
  type BillingInterval,
} from "~/domain/pricing";
import { useSubscription } from "~/features/account";
import { useGrowthCheckout } from "~/features/account";
import {
  resolveUpgradeDetail,
  UPGRADE_MODAL_DEFAULTS,
  UPGRADE_MODAL_EVENT,
  type UpgradeFeature,
  type UpgradeModalDetail,
} from "./upgrade-events";

/** Spec section 2: the paid copy of the upgrade modal. */
export const UPGRADE_MODAL_BENEFITS = [
  `${GROWTH_MONTHLY_QUOTAS.pageExports} page exports to the store platform per month`,
  "All generated images downloadable",
  "Advanced AI copywriting",
  `${GROWTH_MONTHLY_QUOTAS.pageGenerations} AI page generations per month`,
  "Professional marketing visuals",
  `Priority support (help within ${PRIORITY_SUPPORT_HOURS} hours)`,
] as const;

/**
 * Without a `limitLabel` the modal is about a feature the Free plan never had: it says the
 * feature comes with Growth, not that an allowance ran out (one the merchant never had).
 */
const GROWTH_FEATURE: Record<UpgradeFeature, { left: string; hint: string }> = {
  export: { left: "Store exports come with Growth", hint: "The Free plan does not export pages to a store." },
  download: { left: "Downloads come with Growth", hint: "The Free plan does not include downloads." },
  generate: { left: "This comes with Growth", hint: "The Free plan does not include it." },
};

export interface UpgradeModalProps extends Required<UpgradeModalDetail> {
  isOpen: boolean;
  onClose: () => void;
}

/** The upgrade modal itself (spec section 3, "Upgrade modal props": isOpen, feature, title, message). */
export function UpgradeModal({ isOpen, onClose, feature, title, message, limitLabel }: UpgradeModalProps) {
  const [interval, setBillingInterval] = useState<BillingInterval>("monthly");
  const checkout = useGrowthCheckout();
  const { prefetch } = checkout;
  const merchants = merchantsClaim(useProductFacts());
  const price = growthPriceDisplay(interval);
  const state = GROWTH_FEATURE[feature];

  useEffect(() => {
    if (isOpen) BILLING_INTERVALS.forEach(prefetch);
  }, [isOpen, prefetch]);

  const opened = checkout.opened;

  return (
    <Modal
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={message}
      data-testid="upgrade-modal"
      className="md:max-w-3xl!"
      footer={
        <Button onClick={onClose} variant="secondary" size="lg" data-testid="upgrade-modal-continue-free">
          Continue with Free Plan
        </Button>
      }
    >
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:gap-6" data-feature={feature}>
        <div className="space-y-5">
          <div
            className="flex items-center gap-3.5 rounded-xl border border-warning/35 bg-warning/10 px-4 py-3.5"
            data-testid="upgrade-modal-limit"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-warning/15 text-warning">
              <Lock className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-[11px] font-semibold uppercase tracking-wider text-warning">{limitLabel ? "Limit reached" : "Growth feature"}</p>
              <p className="text-lg font-bold leading-tight tracking-tight text-fg">{limitLabel || state.left}</p>
              {!limitLabel && <p className="mt-0.5 text-xs text-muted">{state.hint}</p>}
            </div>
          </div>

          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-subtle">Growth includes</p>
            <ul className="mt-3 space-y-2.5 text-sm" data-testid="upgrade-modal-benefits">
              {UPGRADE_MODAL_BENEFITS.map((benefit) => (
                <li key={benefit} className="flex gap-2.5">
                  <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent/15 text-accent">
                    <Check className="size-3.5" strokeWidth={3} aria-hidden />
                  </span>
                  <span className="text-fg">{benefit}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="flex flex-col rounded-2xl border border-brand/40 bg-gradient-to-b from-brand-soft to-surface p-5">
          <div className="flex justify-center">
            <BillingToggle
              value={interval}
              onChange={setBillingInterval}
              className="[&_button]:h-9 [&_button]:px-3.5"
            />
          </div>

          <div
            className="mt-5 text-center"
            aria-live="polite"
            data-testid="upgrade-modal-price"
            data-interval={interval}
          >
            <p className="flex items-baseline justify-center gap-1">
              <span className="text-4xl font-bold tracking-tight text-fg">{price.price}</span>
              <span className="text-sm font-medium text-muted">{price.period}</span>
            </p>
            <p className="mt-1.5 min-h-5 text-sm text-muted">
              {interval === "yearly" ? (
                <>
                  {price.monthlyEquivalent} ·{" "}
                  <span className="font-semibold text-accent">Save {price.savingPercent}%</span>
                </>
              ) : (
                "Billed monthly. Cancel anytime."
              )}
            </p>
          </div>

          {/* Spec: one purchase link per interval, each opening in a new tab; the toggle picks which leads. */}
          <div className="mt-5 grid gap-2" data-testid="upgrade-modal-links">
            {BILLING_INTERVALS.map((option) => {
              const display = growthPriceDisplay(option);
              const optionBusy = checkout.pending === option;
              return (
                <Button
                  key={option}
                  onClick={() => void checkout.start(option)}
                  disabled={optionBusy}
                  aria-busy={optionBusy}
                  data-testid={`upgrade-modal-upgrade-${option}`}
                  data-interval={option}
                  data-selected={option === interval}
                  variant={option === interval ? "primary" : "secondary"}
                  size="lg"
                  className="w-full"
                >
                  {optionBusy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  {option === "yearly" ? "Upgrade yearly" : "Upgrade monthly"}
                  <span className="font-normal opacity-80">
                    · {display.price}
                    {display.period}
                  </span>
                  <span className="sr-only"> (checkout opens in a new tab)</span>
                </Button>
              );
            })}
          </div>

          <div aria-live="polite" className="min-h-0">
            {opened && (
              <p
                className="mt-3 rounded-lg bg-surface-2 px-3 py-2 text-xs leading-5 text-muted"
                data-testid="upgrade-modal-opened"
              >
                {opened.interval === "yearly" ? "Yearly" : "Monthly"} checkout opened in a new tab. This page updates by itself once the payment completes.{" "}
                <a
                  href={opened.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
                >
                  Open it again
                  <ExternalLink className="size-3" aria-hidden />
                </a>
              </p>
            )}
          </div>

          {/* The spec's "sellers upgraded this month" ticker counted nothing: the line says what is true, with the real number of merchants once it means something. */}
          <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-muted" data-testid="upgrade-modal-counter">
            <Users className="size-3.5 text-accent" aria-hidden />
            <span>
              {merchants.lead}
              <span className="font-semibold tabular-nums text-fg">{merchants.figure}</span>
            </span>
          </p>
          <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-subtle">
            <ShieldCheck className="size-3.5 text-accent" aria-hidden />
            Secure checkout · opens in a new tab
          </p>
        </div>
      </div>
    </Modal>
  );
}

/**
 * Listens for the `show-upgrade-modal` window event and shows the modal. Mount once (the app
 * shell does).
 */
export function UpgradeModalHost() {
  const [detail, setDetail] = useState<Required<UpgradeModalDetail>>({ ...UPGRADE_MODAL_DEFAULTS });
  const [open, setOpen] = useState(false);
  const { isPaid } = useSubscription();

  // The purchase went through (usually in the checkout tab): the offer is done.
  useEffect(() => {
    if (isPaid) setOpen(false);
  }, [isPaid]);

  useEffect(() => {
    const onShow = (event: Event) => {
      setDetail(resolveUpgradeDetail((event as CustomEvent<unknown>).detail));
      setOpen(true);
    };
    window.addEventListener(UPGRADE_MODAL_EVENT, onShow);
    return () => window.removeEventListener(UPGRADE_MODAL_EVENT, onShow);
  }, []);

  return <UpgradeModal isOpen={open} onClose={() => setOpen(false)} {...detail} />;
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { PublicPage } from "~/features/legal";
import { ComparisonTable, PricingFaq, PricingPlans } from "~/features/pricing";
import { GROWTH_PRICES, formatPrice, parseBillingInterval, yearlySavingPercent } from "~/domain/pricing";
export { appStylesheetLinks as links } from "~/stylesheets";

export const meta: MetaFunction = () => [
  { title: "Pricing — Dropcraft" },
  {
    name: "description",
    content: `Start free with 10 AI research queries a day. Growth is ${formatPrice(GROWTH_PRICES.monthly)}/month or ${formatPrice(
      GROWTH_PRICES.yearly,
    )}/year (save ${yearlySavingPercent()}%): AI page generations, store exports, marketing visuals and priority support.`,
  },
];

export default function PricingRoute() {
  const [params] = useSearchParams();
  const defaultInterval = parseBillingInterval(params.get("billing"));
  return (
    <PublicPage>
      <main id="main" className="relative overflow-hidden">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-[560px]">
          <div className="absolute left-1/2 top-[-180px] h-[420px] w-[760px] -translate-x-1/2 rounded-full bg-brand-strong/20 blur-3xl" />
          <div className="absolute left-[62%] top-[40px] h-[220px] w-[320px] rounded-full bg-accent/10 blur-3xl" />
        </div>

        <section
          aria-labelledby="pricing-title"
          className="relative mx-auto max-w-6xl px-4 pb-16 pt-16 sm:px-6 sm:pt-24"
        >
          <div className="mx-auto max-w-2xl text-center">
            <p className="inline-flex items-center rounded-full border border-brand/30 bg-surface px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand">
              Pricing
            </p>
            <h1 id="pricing-title" className="mt-5 text-4xl font-bold tracking-tight text-fg sm:text-5xl">
              Simple pricing that grows with your store
            </h1>
            <p className="mt-5 text-lg leading-8 text-muted">
              Start free and research your market today. Upgrade to Growth when you are ready to build pages, make ad
              visuals and launch.
            </p>
          </div>
          <div className="mt-10">
            <PricingPlans variant="public" defaultInterval={defaultInterval} />
          </div>
        </section>

        <section aria-labelledby="compare-title" className="relative mx-auto max-w-4xl px-4 py-16 sm:px-6">
          <div className="text-center">
            <h2 id="compare-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
              Compare plans
            </h2>
            <p className="mt-3 text-muted">Everything in Free is in Growth too.</p>
          </div>
          <div className="mt-10">
            <ComparisonTable />
          </div>
        </section>

        <section aria-labelledby="faq-title" className="relative mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="faq-title" className="text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-10">
            <PricingFaq />
          </div>
        </section>

        <section aria-labelledby="cta-title" className="relative mx-auto max-w-6xl px-4 pb-24 pt-8 sm:px-6">
          <div className="relative overflow-hidden rounded-3xl border border-brand/30 bg-surface px-6 py-14 text-center sm:px-12">
            <div
              aria-hidden
              className="pointer-events-none absolute inset-0 bg-gradient-to-br from-brand-soft via-transparent to-accent/10"
            />
            <h2 id="cta-title" className="relative text-2xl font-bold tracking-tight text-fg sm:text-3xl">
              Find your next winning product today
            </h2>
            <p className="relative mx-auto mt-3 max-w-xl text-muted">
              Create a free account in under a minute. No credit card required.
            </p>
            <div className="relative mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/signup"
                className="inline-flex h-11 items-center gap-2 rounded-xl bg-brand-strong px-6 text-sm font-semibold text-white shadow-lg shadow-brand/30 hover:bg-brand-hover"
              >
                Start free <ArrowRight className="size-4" aria-hidden />
              </Link>
              <Link
                to="/help"
                className="inline-flex h-11 items-center rounded-xl border border-line px-6 text-sm font-semibold text-fg hover:bg-surface-2"
              >
                Visit the Help Center
              </Link>
            </div>
          </div>
        </section>
      </main>
    </PublicPage>
  );
}

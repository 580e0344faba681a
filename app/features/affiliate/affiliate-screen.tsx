/**
 * /invite-earn and /affiliate: the program's terms, how it works and the FAQ for everyone; signed
 * in, the member's referral link, figures, commissions and payouts. A `?ref=` visit is recorded.
 */
import { Link, useLocation } from "@remix-run/react";
import { ArrowRight, Check, Copy, HandCoins, Receipt } from "lucide-react";
import { AFFILIATE_TERMS, formatCents } from "~/domain/affiliate";
import type { AffiliateCommission, AffiliateOverview } from "~/domain/contracts/affiliate";
import { useCurrentUser } from "~/features/account";
import { PublicPage } from "~/features/legal";
import { errorMessage } from "~/lib/http";
import { Badge, Button, EmptyState, LoadError, Skeleton, Stat, useCopyText, type BadgeTone } from "~/ui";
import { FAQ, STEPS, TERMS_ROWS } from "./program-copy";
import { useAffiliate } from "./use-affiliate";
import { useReferralCapture } from "./use-referral-capture";

const STATUS_TONE: Record<AffiliateCommission["status"], BadgeTone> = { pending: "warning", approved: "brand", paid: "success", reversed: "danger" };
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function AffiliateScreen() {
  const location = useLocation();
  useReferralCapture(location.search);
  const { user, isLoading } = useCurrentUser();
  const here = location.pathname === "/affiliate" ? "/affiliate" : "/invite-earn";
  return (
    <PublicPage>
      <main id="main" className="relative overflow-hidden">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-[480px]">
          <div className="absolute left-1/2 top-[-180px] h-[380px] w-[720px] -translate-x-1/2 rounded-full bg-brand-strong/20 blur-3xl" />
        </div>
        <section aria-labelledby="affiliate-title" className="relative mx-auto max-w-5xl px-4 pb-10 pt-14 text-center sm:px-6 sm:pt-20">
          <p className="inline-flex items-center rounded-full border border-brand/30 bg-surface px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand">
            Affiliate program
          </p>
          <h1 id="affiliate-title" className="mt-5 text-3xl font-bold tracking-tight text-fg sm:text-5xl">
            Invite merchants. Earn {AFFILIATE_TERMS.commissionPercent}% for {AFFILIATE_TERMS.durationMonths} months.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-base leading-7 text-muted sm:text-lg">
            Share your link with store owners. When someone you referred pays for Dropcraft, you earn {AFFILIATE_TERMS.commissionPercent}% of
            every payment they make in their first {AFFILIATE_TERMS.durationMonths} months.
          </p>
          {!isLoading && !user ? (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/signup"
                className="inline-flex h-11 items-center gap-2 rounded-xl bg-brand-strong px-6 text-sm font-semibold text-white shadow-lg shadow-brand/30 hover:bg-brand-hover"
              >
                Join free and get your link <ArrowRight className="size-4" aria-hidden />
              </Link>
              <Link
                to={`/login?redirect=${encodeURIComponent(here)}`}
                className="inline-flex h-11 items-center rounded-xl border border-line px-6 text-sm font-semibold text-fg hover:bg-surface-2"
              >
                Log in to see your link
              </Link>
            </div>
          ) : null}
        </section>

        {user ? (
          <section aria-labelledby="dashboard-title" className="relative mx-auto max-w-5xl px-4 pb-12 sm:px-6">
            <h2 id="dashboard-title" className="sr-only">
              Your referrals
            </h2>
            <MemberDashboard />
          </section>
        ) : null}

        <section aria-labelledby="terms-title" className="relative mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <h2 id="terms-title" className="text-2xl font-bold tracking-tight text-fg">
            The terms
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="affiliate-terms">
            {TERMS_ROWS.map(({ icon: Icon, label, value, detail }) => (
              <div key={label} className="rounded-2xl border border-line bg-surface p-5">
                <dt className="flex items-center gap-2 text-sm font-medium text-muted">
                  <Icon className="size-4 text-brand" aria-hidden /> {label}
                </dt>
                <dd className="mt-2 text-xl font-semibold text-fg">{value}</dd>
                <dd className="mt-1 text-sm leading-6 text-muted">{detail}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="how-title" className="relative mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <h2 id="how-title" className="text-2xl font-bold tracking-tight text-fg">
            How it works
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, body }, i) => (
              <li key={title} className="rounded-2xl border border-line bg-surface p-5">
                <div className="flex items-center gap-3">
                  <span className="grid size-9 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand">{i + 1}</span>
                  <Icon className="size-5 text-brand" aria-hidden />
                </div>
                <h3 className="mt-4 font-semibold text-fg">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{body}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="faq-title" className="relative mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-fg">
            Questions
          </h2>
          <div className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface">
            {FAQ.map(({ q, a }) => (
              <details key={q} className="group px-5 py-4">
                <summary className="cursor-pointer list-none font-medium text-fg marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand">
                  <span className="flex items-center justify-between gap-4">
                    {q}
                    <span aria-hidden className="text-muted transition-transform group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-sm leading-6 text-muted">{a}</p>
              </details>
            ))}
          </div>
          <p className="mt-6 text-sm text-muted">
            Looking to list an app or agency instead? See the <Link to="/partners" className="font-medium text-brand hover:underline">partner directory</Link>.
          </p>
        </section>

        {!isLoading && !user ? (
          <section aria-labelledby="cta-title" className="relative mx-auto max-w-5xl px-4 pb-20 pt-4 sm:px-6">
            <div className="rounded-3xl border border-brand/30 bg-surface px-6 py-12 text-center">
              <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-fg">
                Your link is one free signup away
              </h2>
              <p className="mx-auto mt-3 max-w-xl text-muted">No fee to join, and no plan needed to earn.</p>
              <Link
                to="/signup"
                className="mt-6 inline-flex h-11 items-center gap-2 rounded-xl bg-brand-strong px-6 text-sm font-semibold text-white hover:bg-brand-hover"
              >
                Sign up free <ArrowRight className="size-4" aria-hidden />
              </Link>
            </div>
          </section>
        ) : null}
      </main>
    </PublicPage>
  );
}

function MemberDashboard() {
  const query = useAffiliate(true);
  if (query.isPending) {
    return (
      <div className="rounded-2xl border border-line bg-surface p-6" aria-busy="true">
        <Skeleton lines={4} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {errorMessage(query.error, "Your referral figures could not be loaded.")}
      </LoadError>
    );
  }
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="affiliate-dashboard">
      <ReferralLinkCard link={data.link} code={data.code} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat label="Clicks" value={data.clicks} hint="Visitors a day" />
        <Stat label="Sign-ups" value={<span data-testid="stat-signups">{data.signups}</span>} />
        <Stat label="Paying customers" value={<span data-testid="stat-paying">{data.payingCustomers}</span>} />
        <Stat label="Pending" value={<span data-testid="stat-pending">{formatCents(data.totals.pendingCents)}</span>} hint={`${AFFILIATE_TERMS.holdDays}-day hold`} />
        <Stat label="Approved" value={formatCents(data.totals.approvedCents)} hint="To be paid" />
        <Stat label="Paid" value={formatCents(data.totals.paidCents)} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <CommissionList commissions={data.commissions} />
        <PayoutHistory payouts={data.payouts} />
      </div>
    </div>
  );
}

function ReferralLinkCard({ link, code }: { link: string; code: string }) {
  const { copy, copied } = useCopyText({
    failedToast: { title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" },
  });
  return (
    <div className="rounded-2xl border border-brand/30 bg-surface p-5 sm:p-6">
      <p className="text-sm font-medium text-muted">Your referral link · code {code}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <input
          readOnly
          value={link}
          aria-label="Your referral link"
          data-testid="referral-link"
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-bg px-3 font-mono text-sm text-fg"
        />
        <Button onClick={() => void copy(link)} icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}>
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted" aria-live="polite">
        {copied ? "The link is on your clipboard." : `Visits are remembered for ${AFFILIATE_TERMS.cookieDays} days.`}
      </p>
    </div>
  );
}

function CommissionList({ commissions }: { commissions: AffiliateOverview["commissions"] }) {
  return (
    <div className="rounded-2xl border border-line bg-surface">
      <h3 className="border-b border-line px-5 py-3 font-semibold text-fg">Commissions</h3>
      {commissions.length === 0 ? (
        <EmptyState icon={HandCoins} title="No commissions yet" description="When someone you referred pays for a plan, the commission appears here as pending." />
      ) : (
        <ul className="divide-y divide-line" data-testid="commission-list">
          {commissions.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">
                  {c.customer} · {c.kind === "adjustment" ? "adjustment" : `paid ${formatCents(c.amountPaidCents)}`}
                </p>
                <p className="text-xs text-muted">
                  {day(c.paidAt)}
                  {c.status === "pending" ? ` · approvable from ${day(c.approvableAt)}` : ""}
                  {c.note ? ` · ${c.note}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <Badge tone={STATUS_TONE[c.status]}>{c.status}</Badge>
                <span className="w-20 text-right text-sm font-semibold tabular-nums text-fg">{formatCents(c.amountCents)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PayoutHistory({ payouts }: { payouts: AffiliateOverview["payouts"] }) {
  return (
    <div className="rounded-2xl border border-line bg-surface">
      <h3 className="border-b border-line px-5 py-3 font-semibold text-fg">Payout history</h3>
      {payouts.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No payouts yet"
          description={`Approved commissions are paid once they reach ${formatCents(AFFILIATE_TERMS.payoutThresholdCents)}.`}
        />
      ) : (
        <ul className="divide-y divide-line">
          {payouts.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 px-5 py-3">
              <div>
                <p className="text-sm font-medium text-fg">{day(p.createdAt)}</p>
                <p className="text-xs text-muted">
                  {p.commissionCount} commission{p.commissionCount === 1 ? "" : "s"}
                </p>
              </div>
              <span className="text-sm font-semibold tabular-nums text-fg">{formatCents(p.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { Button, buttonClasses } from "~/ui/button";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CircleAlert, LogIn, Printer, ReceiptText } from "lucide-react";
import type { ReactNode } from "react";
import { planDisplayName } from "~/domain/plans";
import { errorMessage, getQueryFn } from "~/lib/http";
import { useCurrentUser } from "~/features/account";
import { SupportEmailLink } from "~/features/legal";
import { LogoMark } from "~/ui/logo";
import type { Receipt } from "~/domain/contracts/billing";
import { BillingPage } from "./billing-page";
import { formatDateTime, formatMinorAmount, intervalLabel } from "./format";

/** GET /api/billing/receipt's payment: the recorded payment without Stripe's ids, plus when it was made. */
/** A payment as `GET /api/billing/receipt` answers it (the billing contract's Receipt). */
export type Payment = Receipt;

export function receiptQueryKey(id: string | null) {
  return [id ? `/api/billing/receipt?id=${encodeURIComponent(id)}` : "/api/billing/receipt"] as const;
}

function usePayment(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: receiptQueryKey(id),
    queryFn: async (ctx): Promise<Payment | null> => {
      const body = await getQueryFn<{ data: Payment | null }>({ on401: "throw" })(ctx);
      return body?.data ?? null;
    },
    enabled,
  });
}

function Message({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-xl shadow-black/10">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-surface-2 text-muted">{icon}</span>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-fg">{title}</h1>
      <div className="mt-2 text-sm text-muted">{children}</div>
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-all text-sm font-medium text-fg sm:text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ReceiptCard({ payment }: { payment: Payment }) {
  const amount = formatMinorAmount(payment.amountTotal, payment.currency);
  const plan = planDisplayName(payment.plan);
  const period = intervalLabel(payment.interval);
  return (
    // Printed and shown as paper: the light palette regardless of the app theme.
    <article
      className="light mx-auto max-w-2xl overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-2xl shadow-black/30 print:max-w-none print:rounded-none print:border-0 print:shadow-none"
      data-testid="receipt"
      aria-labelledby="receipt-title"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line px-6 py-6 sm:px-8">
        <div className="flex items-center gap-3">
          <LogoMark />
          <div>
            <p className="font-semibold text-fg">Dropcraft</p>
            <p className="text-xs text-muted">The AI workspace for e-commerce sellers</p>
          </div>
        </div>
        <div className="text-right">
          <h1 id="receipt-title" className="text-xl font-bold tracking-tight text-fg">
            Receipt
          </h1>
          <span className="mt-1 inline-flex rounded-full bg-accent/15 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-accent">
            Paid
          </span>
        </div>
      </header>

      <div className="px-6 py-6 sm:px-8">
        <p className="text-sm text-muted">Amount paid</p>
        <p className="mt-1 text-4xl font-bold tracking-tight text-fg" data-testid="receipt-amount">
          {amount} <span className="text-base font-semibold text-muted">{payment.currency.toUpperCase()}</span>
        </p>
        <p className="mt-1 text-sm text-muted">Paid on {formatDateTime(payment.createdAt)}</p>

        <dl className="mt-6 divide-y divide-line border-y border-line">
          <Row label="Receipt number" testId="receipt-id">
            <span className="font-mono text-xs">{payment.id}</span>
          </Row>
          <Row label="Date" testId="receipt-date">
            {formatDateTime(payment.createdAt)}
          </Row>
          <Row label="Billed to" testId="receipt-email">
            {payment.customerEmail ?? "—"}
          </Row>
          <Row label="Plan" testId="receipt-plan">
            {plan}
          </Row>
          <Row label="Billing interval" testId="receipt-interval">
            {period}
          </Row>
          <Row label="Currency">{payment.currency.toUpperCase()}</Row>
        </dl>

        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wider text-subtle">
              <th scope="col" className="pb-2 font-semibold">
                Description
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-line">
              <td className="py-3 text-fg">
                Dropcraft {plan} — {period.toLowerCase()} subscription
              </td>
              <td className="py-3 text-right tabular-nums text-fg">{amount}</td>
            </tr>
            <tr className="border-t border-line">
              <td className="py-3 font-semibold text-fg">Total paid</td>
              <td className="py-3 text-right font-semibold tabular-nums text-fg">{amount}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <footer className="border-t border-line bg-surface-2 px-6 py-4 text-xs leading-5 text-muted sm:px-8">
        Thank you for your purchase. Keep this receipt for your records. Questions? Write to{" "}
        <SupportEmailLink subject={`Receipt ${payment.id}`} />.
      </footer>
    </article>
  );
}

/** /payment-receipt: the user's payment (by ?id=, or the latest) as a printable receipt. */
export function PaymentReceiptScreen() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const id = params.get("id");
  const { user, isLoading: authLoading } = useCurrentUser();
  const query = usePayment(id, Boolean(user));

  let body: ReactNode;
  if (authLoading || (user && query.isPending)) {
    body = (
      <div role="status"
        className="mx-auto max-w-2xl animate-pulse rounded-2xl border border-line bg-surface p-8"
        aria-busy="true"
        aria-label="Loading the receipt"
      >
        <div className="h-6 w-32 rounded bg-surface-2" />
        <div className="mt-6 h-10 w-48 rounded bg-surface-2" />
        <div className="mt-8 space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-4 rounded bg-surface-2" />
          ))}
        </div>
      </div>
    );
  } else if (!user) {
    body = (
      <Message icon={<LogIn className="size-6" aria-hidden />} title="Log in to see your receipt">
        <p>Receipts are private to the account that paid.</p>
        <Link
          to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
          className={buttonClasses({ variant: "primary", size: "lg", className: "mt-6" })}
          data-testid="receipt-login"
        >
          Log in
        </Link>
      </Message>
    );
  } else if (query.isError) {
    body = (
      <Message
        icon={<CircleAlert className="size-6 text-danger" aria-hidden />}
        title="The receipt could not be loaded"
      >
        <p role="alert">{errorMessage(query.error, "Please try again in a moment.")}</p>
        <Button onClick={() => void query.refetch()} variant="secondary" size="lg" className="mt-6">
          Try again
        </Button>
      </Message>
    );
  } else if (!query.data) {
    body = (
      <Message icon={<ReceiptText className="size-6" aria-hidden />} title="No receipt found">
        <p>{id ? "There is no payment with this number on your account." : "Your account has no payments yet."}</p>
        <Link to="/upgrade" className={buttonClasses({ variant: "secondary", size: "lg", className: "mt-6" })}>
          Usage &amp; billing
        </Link>
      </Message>
    );
  } else {
    body = (
      <>
        <div className="mx-auto mb-5 flex max-w-2xl items-center justify-between gap-3 print:hidden">
          <Link to="/upgrade" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
            <ArrowLeft className="size-4" aria-hidden />
            Usage &amp; billing
          </Link>
          <Button onClick={() => window.print()} variant="secondary" size="md" data-testid="receipt-print">
            <Printer className="size-4" aria-hidden />
            Print
          </Button>
        </div>
        <ReceiptCard payment={query.data} />
      </>
    );
  }

  return <BillingPage testId="payment-receipt">{body}</BillingPage>;
}

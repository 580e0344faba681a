import { Link } from "@remix-run/react";
import { buttonClasses } from "~/ui/button";
import { ArrowLeft, CircleX, Headset } from "lucide-react";

export const PAYMENT_CANCEL_TITLE = "Payment cancelled — no charge was made";

/** /payment-cancel: the checkout was left before paying. */
export function PaymentCancelScreen() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12 sm:px-6" data-testid="payment-cancel">
      <div className="w-full max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-xl shadow-black/10 sm:p-10">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-surface-2 text-muted ring-8 ring-surface-2/40">
          <CircleX className="size-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{PAYMENT_CANCEL_TITLE}</h1>
        <p className="mx-auto mt-3 max-w-sm text-muted">
          You left the checkout before paying, so your card was not charged and your plan is unchanged. You can upgrade
          whenever you are ready.
        </p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Link to="/support" className={buttonClasses({ variant: "secondary", size: "lg" })}>
            <Headset className="size-4" aria-hidden />
            Contact support
          </Link>
          <Link
            to="/upgrade"
            className={buttonClasses({ variant: "primary", size: "lg" })}
            data-testid="payment-cancel-back"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to plans
          </Link>
        </div>
      </div>
    </div>
  );
}

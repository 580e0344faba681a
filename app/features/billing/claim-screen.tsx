import { Link, useSearchParams } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2, Mail, ShieldCheck } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { inputClass } from "~/features/auth";
import { emailError } from "~/features/auth";
import { planDisplayName } from "~/domain/plans";
import { apiRequest, errorMessage } from "~/lib/http";
import { Button } from "~/ui/button";

type State =
  | { step: "form" }
  | { step: "sending" }
  | { step: "sent"; message: string }
  | { step: "confirming" }
  | { step: "claimed"; plan: string | null }
  | { step: "failed"; message: string };

// A claim token works once. The screen can mount more than once while the signed-in frame settles
// (a ref inside it starts again each time), so the confirmation is kept per token for the page's
// life: a second mount shows the first one's answer instead of spending the token again.
const confirmations = new Map<string, Promise<{ plan: string | null }>>();
export function confirmClaimOnce(token: string) {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = apiRequest("POST", "/api/billing/claim/confirm", { token })
      .then((res) => res.json() as Promise<{ data: { plan: string | null } }>)
      .then(({ data }) => data)
      .catch((err: unknown) => {
        // A failed confirmation spent nothing worth keeping: the next mount may try again.
        confirmations.delete(token);
        throw err;
      });
    confirmations.set(token, confirmation);
  }
  return confirmation;
}

/**
 * /claim-subscription and /claim-demo: attach a purchase made under another email. The emailed
 * link comes back here with ?token=, which is confirmed with a POST (never on GET).
 */
export function ClaimScreen() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(token ? { step: "confirming" } : { step: "form" });
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();

  useEffect(() => {
    if (!token) return;
    let shown = true;
    confirmClaimOnce(token)
      .then(({ plan }) => {
        if (!shown) return;
        setState({ step: "claimed", plan });
        void queryClient.invalidateQueries({ queryKey: ["/api/subscription-status"] });
      })
      .catch((err: unknown) => {
        if (shown) setState({ step: "failed", message: errorMessage(err, "We could not attach the purchase. Please try again.") });
      });
    return () => {
      shown = false;
    };
  }, [token, queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(undefined);
    setState({ step: "sending" });
    try {
      const res = await apiRequest("POST", "/api/billing/claim", { email: email.trim() });
      const body = (await res.json()) as { message: string };
      setState({ step: "sent", message: body.message });
    } catch (err) {
      setState({ step: "failed", message: errorMessage(err, "We could not start the claim. Please try again.") });
    }
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6" data-testid="claim-screen">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-black/10 sm:p-8">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-xl bg-brand-soft text-brand">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Claim your subscription</h1>
        </div>
        <p className="mt-3 text-sm text-muted">
          Bought Dropcraft Growth with a different email address, or before creating this account? Attach that purchase
          here. We send a link to the purchase email to prove it is yours.
        </p>

        <div className="mt-6" aria-live="polite">
          {(state.step === "form" || state.step === "sending") && (
            <form onSubmit={submit} noValidate className="space-y-4">
              <div>
                <label htmlFor="claim-email" className="mb-1.5 block text-sm font-medium">
                  Purchase email
                </label>
                <input
                  id="claim-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? "claim-email-error" : undefined}
                  className={inputClass}
                  placeholder="you@store.com"
                />
                {fieldError && (
                  <p id="claim-email-error" className="mt-1.5 text-sm text-danger">
                    {fieldError}
                  </p>
                )}
              </div>
              <Button type="submit" disabled={state.step === "sending"} variant="primary" size="lg" className="w-full">
                {state.step === "sending" ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Mail className="size-4" aria-hidden />
                )}
                {state.step === "sending" ? "Sending..." : "Send claim link"}
              </Button>
            </form>
          )}
          {state.step === "sent" && (
            <p className="rounded-lg border border-line bg-surface-2 p-4 text-sm" data-testid="claim-sent">
              {state.message}
            </p>
          )}
          {state.step === "confirming" && (
            <p className="flex items-center gap-2 text-sm text-muted" data-testid="claim-confirming">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Attaching your purchase…
            </p>
          )}
          {state.step === "claimed" && (
            <div data-testid="claim-done" className="space-y-4">
              <p className="flex items-center gap-2 font-semibold">
                <CheckCircle2 className="size-5 text-accent" aria-hidden />
                Your {planDisplayName(state.plan)} plan is now on this account.
              </p>
              <Link
                to="/app"
                className="inline-flex h-10 items-center rounded-lg bg-brand-strong px-4 text-sm font-semibold text-white hover:bg-brand-hover"
              >
                Go to the dashboard
              </Link>
            </div>
          )}
          {state.step === "failed" && (
            <div role="alert" data-testid="claim-failed" className="space-y-3">
              <p className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm">{state.message}</p>
              <Button onClick={() => setState({ step: "form" })} variant="subtle" size="sm">
                Start again
              </Button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

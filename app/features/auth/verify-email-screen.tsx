import { Link, useSearchParams } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheckBig, Loader2, MailQuestion, MailWarning } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AuthLayout, focusAuthTitle, StatusIcon, textLinkClass } from "~/features/auth/auth-layout";
import { Button, buttonVariants } from "~/features/auth/form-controls";
import { useResendVerification } from "~/features/auth/use-resend-verification";
import { verifyEmailToken, type ApiFailure } from "~/features/auth/auth-client";
import { AUTH_ME_KEY, useCurrentUser } from "~/features/account";

const linkButtonClass = `inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ${buttonVariants.primary}`;

type VerifyState =
  | { status: "verifying" }
  | { status: "verified"; message: string; alreadyVerified: boolean }
  | { status: "failed"; message: string };

/** The resend button for a signed-in, still unverified user. */
function ResendButton() {
  const { resend, isPending, coolingDown, label } = useResendVerification();
  return (
    <Button
      size="lg"
      className="w-full"
      pending={isPending}
      pendingLabel="Sending..."
      disabled={coolingDown}
      onClick={resend}
      data-testid="resend-verification"
    >
      {label}
    </Button>
  );
}

function VerifyWithToken({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [state, setState] = useState<VerifyState>({ status: "verifying" });
  const started = useRef(false);

  useEffect(() => {
    // Once per token, even when StrictMode runs effects twice: the link is single-use.
    if (started.current) return;
    started.current = true;
    verifyEmailToken(token)
      .then((result) => {
        setState({ status: "verified", message: result.message, alreadyVerified: result.alreadyVerified });
        // The gate opens as soon as the current user is refetched.
        void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
      })
      .catch((failure: ApiFailure) => setState({ status: "failed", message: failure.message }))
      .finally(focusAuthTitle);
  }, [token, queryClient]);

  if (state.status === "verifying") {
    return (
      <AuthLayout
        title="Verifying your email"
        centered
        icon={
          <StatusIcon>
            <Loader2 className="size-7 animate-spin" />
          </StatusIcon>
        }
      >
        <p role="status" className="text-center text-sm text-muted" data-testid="verify-pending">
          One moment while we confirm your address…
        </p>
      </AuthLayout>
    );
  }

  if (state.status === "verified") {
    return (
      <AuthLayout
        title="Your email is verified"
        centered
        icon={
          <StatusIcon tone="success">
            <CircleCheckBig className="size-7" />
          </StatusIcon>
        }
      >
        <div className="space-y-6" data-testid="verify-success">
          <p role="status" className="text-center text-[15px] text-muted">
            {state.alreadyVerified ? state.message : "Welcome to Dropcraft! Your workspace is unlocked."}
          </p>
          <Link to="/app" className={linkButtonClass} data-testid="verify-continue">
            Continue to Dropcraft
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const canResend = Boolean(user && !user.emailVerified);
  return (
    <AuthLayout
      title="We couldn't verify your email"
      centered
      icon={
        <StatusIcon tone="danger">
          <MailWarning className="size-7" />
        </StatusIcon>
      }
    >
      <div className="space-y-6" data-testid="verify-failed">
        <p
          role="alert"
          className="rounded-lg border border-danger/35 bg-danger/10 px-4 py-3 text-center text-sm text-fg"
        >
          {state.message}
        </p>
        {canResend ? (
          <>
            <ResendButton />
            <p className="text-center text-sm text-muted">
              We&apos;ll send a fresh link to <strong className="break-all text-fg">{user?.email}</strong>.
            </p>
          </>
        ) : user ? (
          <Link to="/app" className={linkButtonClass}>
            Continue to Dropcraft
          </Link>
        ) : (
          <>
            <Link to="/login?redirect=%2Fapp" className={linkButtonClass}>
              Log in
            </Link>
            <p className="text-center text-sm text-muted">Log in to request a new verification link.</p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

function CheckInbox() {
  const { user } = useCurrentUser();
  const unverified = Boolean(user && !user.emailVerified);
  return (
    <AuthLayout
      title="Check your inbox"
      description={
        unverified ? (
          <>
            We sent a verification link to <strong className="break-all text-fg">{user?.email}</strong>. Open it to
            confirm your address and unlock Dropcraft.
          </>
        ) : (
          "Open the verification link we emailed you to confirm your address and unlock Dropcraft."
        )
      }
      centered
      icon={
        <StatusIcon>
          <MailQuestion className="size-7" />
        </StatusIcon>
      }
      footer={
        user ? (
          <Link to="/app" className={textLinkClass}>
            Go to Dropcraft
          </Link>
        ) : (
          <Link to="/login" className={textLinkClass}>
            Log in
          </Link>
        )
      }
    >
      <div className="space-y-5" data-testid="verify-no-token">
        <ul className="space-y-2 rounded-xl border border-line bg-surface px-4 py-3.5 text-sm text-muted">
          <li>• Can&apos;t find it? Check your spam or promotions folder.</li>
          <li>• The link works once and expires after 24 hours.</li>
          <li>• Only the newest link works if you asked for several.</li>
        </ul>
        {unverified && <ResendButton />}
      </div>
    </AuthLayout>
  );
}

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  // Keyed by token: a different link in the same tab verifies afresh.
  return token ? <VerifyWithToken key={token} token={token} /> : <CheckInbox />;
}

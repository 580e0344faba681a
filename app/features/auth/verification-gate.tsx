import { useQueryClient } from "@tanstack/react-query";
import {
  ChevronDown,
  Copy,
  Inbox,
  LifeBuoy,
  LogOut,
  Mail,
  MailCheck,
  RefreshCw,
  ShieldCheck,
  Bell,
} from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useLogout } from "~/features/account";
import { EmailChangeForm } from "./email-change-form";
import { EmailText } from "~/ui/email-text";
import { Logo } from "~/ui/logo";
import { useSupportEmail } from "~/features/auth/auth-navigation";
import { AUTH_ME_KEY, type AuthUser } from "~/features/account";
import { notify } from "~/lib/toast";
import { Button } from "./form-controls";
import { useResendVerification } from "./use-resend-verification";
import { IconButton } from "~/ui/icon-button";
import { useCopyText } from "~/ui/use-copy-text";
import { Button as KitButton, Tile } from "~/ui";

export const GATE_TEXT = {
  title: "Verify Your Email",
  step: "Step 1 of 2 — Verify Email",
  intro: "To keep spam out, confirm your email address to access the platform.",
  why: "Why verify your email?",
} as const;

function CopyEmailButton({ email }: { email: string }) {
  const { copy } = useCopyText({
    copiedToast: { title: "Email copied", description: "Email address copied to clipboard.", variant: "success" },
    failedToast: { title: "Copy failed", description: "Unable to copy email address.", variant: "destructive" },
  });
  return (
    <IconButton
      onClick={() => void copy(email)}
      label="Copy email address"
      title="Copy email address"
      data-testid="copy-email"
      className="text-subtle"
    >
      <Copy className="size-4" aria-hidden />
    </IconButton>
  );
}

function Disclosure({
  label,
  icon,
  children,
  testId,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-xl border border-line bg-bg-elevated/60" data-testid={testId}>
      <Tile
        surface="plain"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 px-4 py-3 text-sm font-medium text-fg"
      >
        <span className="text-subtle">{icon}</span>
        <span className="flex-1">{label}</span>
        <ChevronDown className={`size-4 text-subtle transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
      </Tile>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {children}
      </div>
    </div>
  );
}

function StepIndicator() {
  return (
    <div className="flex flex-col items-center gap-2.5">
      <p className="text-xs font-semibold uppercase tracking-[0.12em] text-brand" data-testid="gate-step">
        {GATE_TEXT.step}
      </p>
      <div aria-hidden className="flex w-28 gap-1.5">
        <span className="h-1 flex-1 rounded-full bg-brand" />
        <span className="h-1 flex-1 rounded-full bg-line" />
      </div>
    </div>
  );
}

/**
 * Spec section 2, "Email verification gate": shown instead of any protected screen until the
 * signed-in user's email is verified. Full-screen, so the gate is all an unverified user sees.
 */
export function VerificationGate({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const supportEmail = useSupportEmail();
  const { resend, isPending, coolingDown, label } = useResendVerification();
  const [checking, setChecking] = useState(false);

  const checkVerified = async () => {
    setChecking(true);
    try {
      await queryClient.refetchQueries({ queryKey: AUTH_ME_KEY, exact: true });
      const fresh = queryClient.getQueryData<AuthUser | null>(AUTH_ME_KEY);
      if (fresh && !fresh.emailVerified) {
        notify({
          title: "Not verified yet",
          description: "Open the link in the email we sent you, then try again.",
        });
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <div
      className="fixed inset-0 z-[65] overflow-y-auto bg-bg text-fg"
      data-testid="verification-gate"
      role="region"
      aria-labelledby="verification-gate-title"
    >
      <div
        aria-hidden
        className="pointer-events-none fixed left-1/2 top-0 h-80 w-[min(900px,100%)] -translate-x-1/2 rounded-full bg-brand-soft blur-3xl"
      />
      <div className="relative flex min-h-full flex-col">
        <header className="flex items-center justify-between px-5 py-4 sm:px-8">
          <Logo />
          <span className="truncate pl-4 text-xs text-subtle">
            Signed in as <span className="font-medium text-muted">{user.username}</span>
          </span>
        </header>

        <div className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-8">
          <div className="w-full max-w-[480px] animate-slide-up">
            <div className="rounded-2xl border border-line bg-surface p-6 shadow-2xl shadow-black/20 sm:p-8">
              <StepIndicator />

              <div className="mt-6 flex justify-center">
                <span
                  aria-hidden
                  className="relative grid size-16 place-items-center rounded-2xl bg-brand-soft text-brand ring-1 ring-brand/25"
                >
                  <MailCheck className="size-8" />
                  {/* Two pulses (4 s), then still: blinking that starts by itself stops within 5 s (WCAG 2.2.2). */}
                  <span className="absolute -right-1 -top-1 size-3.5 rounded-full bg-warning ring-4 ring-surface motion-safe:animate-pulse motion-safe:[animation-iteration-count:2]" />
                </span>
              </div>

              <h1
                id="verification-gate-title"
                className="mt-5 text-center text-2xl font-bold tracking-tight sm:text-[1.7rem]"
              >
                {GATE_TEXT.title}
              </h1>
              <p className="mt-2 text-center text-[15px] leading-relaxed text-muted">{GATE_TEXT.intro}</p>

              {/* A long address keeps a readable width on phones: the badge and copy button wrap below it. */}
              <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-bg-elevated py-2 pl-4 pr-2">
                <Mail className="size-4 shrink-0 text-subtle" aria-hidden />
                <span className="min-w-0 flex-1 basis-44 text-sm font-medium [overflow-wrap:anywhere]" data-testid="gate-email">
                  <EmailText email={user.email} />
                </span>
                <span
                  className="shrink-0 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-[11px] font-bold tracking-wider text-warning"
                  data-testid="gate-status"
                >
                  PENDING
                </span>
                <CopyEmailButton email={user.email} />
              </div>

              <div className="mt-6 space-y-3">
                <Button
                  size="lg"
                  className="w-full"
                  onClick={resend}
                  pending={isPending}
                  pendingLabel="Sending..."
                  disabled={coolingDown}
                  data-testid="resend-verification"
                >
                  {!isPending && !coolingDown && <RefreshCw className="size-4" aria-hidden />}
                  {label}
                </Button>
                <Button
                  variant="secondary"
                  size="lg"
                  className="w-full"
                  onClick={() => void checkVerified()}
                  pending={checking}
                  pendingLabel="Checking..."
                  data-testid="gate-continue"
                >
                  I&apos;ve verified — continue
                </Button>
              </div>

              <div className="mt-6 flex gap-3 rounded-xl bg-surface-2/70 px-4 py-3 text-[13px] leading-relaxed text-muted">
                <Inbox className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden />
                <p>
                  Can&apos;t find the email? Check your <strong className="font-semibold text-fg">spam</strong> or
                  promotions folder and search for &ldquo;Dropcraft&rdquo;. The link expires after 24 hours; only the
                  newest one works.
                </p>
              </div>

              <div className="mt-4 space-y-2.5">
                <Disclosure
                  label={GATE_TEXT.why}
                  icon={<ShieldCheck className="size-4" aria-hidden />}
                  testId="gate-why"
                >
                  <ul className="space-y-3 text-[13px] leading-relaxed text-muted">
                    <li className="flex gap-2.5">
                      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                      <span>
                        <strong className="font-semibold text-fg">Spam prevention.</strong> Verified accounts keep bots
                        and throwaway sign-ups off the platform, so AI resources stay fast for real sellers.
                      </span>
                    </li>
                    <li className="flex gap-2.5">
                      <Bell className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                      <span>
                        <strong className="font-semibold text-fg">Account updates.</strong> We can reach you about
                        security, billing and password resets — and only you can recover the account.
                      </span>
                    </li>
                  </ul>
                </Disclosure>
                <Disclosure
                  label="Wrong email address?"
                  icon={<Mail className="size-4" aria-hidden />}
                  testId="gate-change-email"
                >
                  <p className="mb-4 text-[13px] text-muted">
                    Enter the right address and your password. We&apos;ll send a new verification link there.
                  </p>
                  <EmailChangeForm currentEmail={user.email} idPrefix="gate-email-change" submitLabel="Update email" />
                </Disclosure>
              </div>
            </div>

            <nav aria-label="Help" className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
              <KitButton
                variant="link-muted"
                onClick={() => void logout()}
                className="inline-flex items-center gap-1.5"
                data-testid="gate-sign-out"
              >
                <LogOut className="size-4" aria-hidden />
                Sign Out
              </KitButton>
              <a
                href={`mailto:${supportEmail}`}
                className="inline-flex items-center gap-1.5 font-medium text-muted underline-offset-4 transition-colors hover:text-fg hover:underline"
                data-testid="gate-support"
              >
                <LifeBuoy className="size-4" aria-hidden />
                Contact Support
              </a>
            </nav>
          </div>
        </div>
      </div>
    </div>
  );
}

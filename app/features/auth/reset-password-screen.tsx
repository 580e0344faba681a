import { Link, useSearchParams } from "@remix-run/react";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, Link2Off, Loader2, ShieldCheck, WifiOff } from "lucide-react";
import { useState } from "react";
import { AuthLayout, focusAuthTitle, StatusIcon, textLinkClass } from "~/features/auth/auth-layout";
import { Button, FormAlert, PasswordField } from "~/features/auth/form-controls";
import { useForm } from "~/features/auth/use-form";
import { newPasswordErrors } from "~/features/auth/validation";
import { useResetPassword, validateResetToken } from "~/features/auth/auth-client";

export const INVALID_RESET_LINK = "This reset link is not valid or has expired";
const FIELDS = ["password", "confirmPassword"] as const;

const primaryLinkClass =
  "inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-strong px-4 text-sm font-semibold text-white shadow-lg shadow-brand/25 transition-colors hover:bg-brand-hover";

function InvalidLink() {
  return (
    <AuthLayout
      title={INVALID_RESET_LINK}
      description="Reset links work once and expire after 1 hour. Request a new one and use the newest email we send."
      icon={
        <StatusIcon tone="danger">
          <Link2Off className="size-7" />
        </StatusIcon>
      }
      centered
      footer={
        <Link to="/login" className={textLinkClass}>
          Back to log in
        </Link>
      }
    >
      <div data-testid="reset-invalid">
        <Link to="/forgot-password" className={primaryLinkClass}>
          Request a new link
        </Link>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [alert, setAlert] = useState<{ message: string; linkProblem: boolean }>();
  const [done, setDone] = useState<string | null>(null);

  const form = useForm({
    idPrefix: "reset",
    fields: FIELDS,
    validate: (v) => newPasswordErrors(v.password, v.confirmPassword),
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (result) => {
          setDone(result.message);
          focusAuthTitle();
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert({ message: failure.message, linkProblem: /link/i.test(failure.message) });
        },
      },
    );
  });

  if (done) {
    return (
      <AuthLayout
        title="Password updated"
        icon={
          <StatusIcon tone="success">
            <ShieldCheck className="size-7" />
          </StatusIcon>
        }
        centered
      >
        <div className="space-y-5" data-testid="reset-done">
          <FormAlert variant="success" message={done} testId="reset-success" />
          <p className="text-center text-sm text-muted">For your security we signed you out on every device.</p>
          <Link to="/login" className={primaryLinkClass}>
            Log in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description="Pick a password you don't use anywhere else. You'll be signed out on every device."
      icon={
        <StatusIcon>
          <KeyRound className="size-7" />
        </StatusIcon>
      }
      footer={
        <Link to="/login" className={textLinkClass}>
          Back to log in
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="reset-form">
        <FormAlert message={alert?.message} testId="reset-alert">
          {alert?.linkProblem && (
            <p className="mt-1.5 text-[13px]">
              <Link to="/forgot-password" className={textLinkClass}>
                Request a new link
              </Link>
            </p>
          )}
        </FormAlert>
        <PasswordField
          label="New password"
          field={form.field("password")}
          autoComplete="new-password"
          placeholder="At least 8 characters"
          showRequirements
          required
          autoFocus
        />
        <PasswordField
          label="Confirm new password"
          field={form.field("confirmPassword")}
          autoComplete="new-password"
          placeholder="Repeat your new password"
          required
        />
        <Button type="submit" size="lg" className="w-full" pending={reset.isPending} pendingLabel="Saving...">
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const check = useQuery({
    queryKey: ["/api/auth/validate-reset-token", token],
    queryFn: () => validateResetToken(token),
    enabled: token.length > 0,
    staleTime: 0,
    gcTime: 0,
  });

  if (!token) return <InvalidLink />;

  if (check.isPending) {
    return (
      <AuthLayout
        title="Checking your reset link"
        centered
        icon={
          <StatusIcon>
            <Loader2 className="size-7 animate-spin" />
          </StatusIcon>
        }
      >
        <p role="status" className="text-center text-sm text-muted" data-testid="reset-checking">
          One moment while we check that this link is still valid…
        </p>
      </AuthLayout>
    );
  }

  if (check.isError) {
    return (
      <AuthLayout
        title="We couldn't check your link"
        description="The server could not be reached. Check your connection and try again."
        icon={
          <StatusIcon tone="danger">
            <WifiOff className="size-7" />
          </StatusIcon>
        }
        centered
      >
        <Button
          size="lg"
          className="w-full"
          pending={check.isFetching}
          pendingLabel="Checking..."
          onClick={() => void check.refetch()}
        >
          Try again
        </Button>
      </AuthLayout>
    );
  }

  if (!check.data) return <InvalidLink />;
  return <ResetForm token={token} />;
}

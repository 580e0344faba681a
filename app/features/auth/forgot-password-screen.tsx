import { Link } from "@remix-run/react";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useState } from "react";
import { AuthLayout, focusAuthTitle, StatusIcon, textLinkClass } from "~/features/auth/auth-layout";
import { Button, FormAlert, TextField } from "~/features/auth/form-controls";
import { useForm } from "~/features/auth/use-form";
import { emailError } from "~/features/auth/validation";
import { useForgotPassword } from "~/features/auth/auth-client";

const FIELDS = ["email"] as const;

export function ForgotPasswordScreen() {
  const forgot = useForgotPassword();
  const [alert, setAlert] = useState<string>();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const form = useForm({
    idPrefix: "forgot",
    fields: FIELDS,
    validate: (v) => ({ email: emailError(v.email) }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    const email = values.email.trim();
    forgot.mutate(
      { email },
      {
        onSuccess: (result) => {
          setSent({ email, message: result.message });
          focusAuthTitle();
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  const backToLogin = (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-semibold text-brand hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      Back to log in
    </Link>
  );

  if (sent) {
    return (
      <AuthLayout
        title="Check your inbox"
        icon={
          <StatusIcon tone="success">
            <MailCheck className="size-7" />
          </StatusIcon>
        }
        centered
        footer={backToLogin}
      >
        <div className="space-y-5" data-testid="forgot-sent">
          <FormAlert variant="success" message={sent.message} testId="forgot-success" />
          <p className="text-center text-sm text-muted">
            Sent to <strong className="break-all font-semibold text-fg">{sent.email}</strong> if it belongs to an
            account. The link works once and expires in 1 hour.
          </p>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => {
              setSent(null);
              form.reset({ email: sent.email });
            }}
          >
            Use a different email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/login" className={textLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="forgot-form">
        <FormAlert message={alert} testId="forgot-alert" />
        <TextField
          label="Email"
          field={form.field("email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          placeholder="you@store.com"
          maxLength={254}
          required
          autoFocus
        />
        <Button type="submit" size="lg" className="w-full" pending={forgot.isPending} pendingLabel="Sending link...">
          Send reset link
        </Button>
        <p className="text-center text-sm text-muted">
          New to Dropcraft?{" "}
          <Link to="/signup" className={textLinkClass}>
            Create an account
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

import { Link } from "@remix-run/react";
import { AuthLayout, textLinkClass } from "~/features/auth/auth-layout";
import { Button, FormAlert, PasswordField, TextField } from "~/features/auth/form-controls";
import { withRedirect } from "~/features/auth/redirect-param";
import { useForm } from "~/features/auth/use-form";
import { startResendCooldown } from "~/features/auth/use-resend-verification";
import { useAuthFormPage } from "~/features/auth/use-signed-in-redirect";
import { emailError, newPasswordErrors, usernameError } from "~/features/auth/validation";
import { FullScreenLoader } from "~/ui/full-screen-loader";
import { useSignup } from "~/features/auth/auth-client";

const FIELDS = ["username", "email", "password", "confirmPassword"] as const;

export function SignupScreen() {
  const { rawRedirect, redirectTo, navigate, signedIn, submitting, alert, setAlert } = useAuthFormPage();
  const signup = useSignup();

  const form = useForm({
    idPrefix: "signup",
    fields: FIELDS,
    validate: (v) => ({
      username: usernameError(v.username),
      email: emailError(v.email),
      ...newPasswordErrors(v.password, v.confirmPassword, { username: v.username.trim(), email: v.email.trim() }),
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    submitting.current = true;
    signup.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          // The server has just sent the first verification link: the gate counts down from 60 s.
          startResendCooldown();
          navigate(redirectTo, { replace: true });
        },
        onError: (failure) => {
          submitting.current = false;
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  if (signedIn && !submitting.current) return <FullScreenLoader message="Taking you to your workspace…" />;

  return (
    <AuthLayout
      title="Create your account"
      description="Start free — find winning products and build store pages with AI."
      footer={
        <>
          Already have an account?{" "}
          <Link to={withRedirect("/login", rawRedirect)} className={textLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="signup-form">
        <FormAlert message={alert} testId="signup-alert">
          {alert?.includes("already exists") && (
            <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-[13px]">
              <Link to={withRedirect("/login", rawRedirect)} className={textLinkClass}>
                Log in instead
              </Link>
              <Link to="/forgot-password" className={textLinkClass}>
                Reset password
              </Link>
            </p>
          )}
        </FormAlert>
        <TextField
          label="Username"
          field={form.field("username")}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="e.g. northwind"
          maxLength={64}
          hint="3–32 characters: letters, digits, dots, dashes or underscores."
          required
          autoFocus
        />
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
        />
        <PasswordField
          label="Password"
          field={form.field("password")}
          autoComplete="new-password"
          placeholder="At least 8 characters"
          showRequirements
          required
        />
        <PasswordField
          label="Confirm password"
          field={form.field("confirmPassword")}
          autoComplete="new-password"
          placeholder="Repeat your password"
          required
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={signup.isPending}
          pendingLabel="Creating account..."
        >
          Create account
        </Button>
        <p className="text-center text-xs leading-relaxed text-subtle">
          By creating an account you agree to our{" "}
          <Link to="/terms" className="underline underline-offset-2 hover:text-fg">
            Terms
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-fg">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthLayout>
  );
}

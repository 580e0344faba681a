import { Link } from "@remix-run/react";
import { AuthLayout, textLinkClass } from "~/features/auth/auth-layout";
import { Button, FormAlert, PasswordField, TextField } from "~/features/auth/form-controls";
import { withRedirect } from "~/features/auth/redirect-param";
import { useForm } from "~/features/auth/use-form";
import { useAuthFormPage } from "~/features/auth/use-signed-in-redirect";
import { FullScreenLoader } from "~/ui/full-screen-loader";
import { useLogin } from "~/features/auth/auth-client";

const FIELDS = ["username", "password"] as const;

export function LoginScreen() {
  const { rawRedirect, redirectTo, navigate, signedIn, submitting, alert, setAlert } = useAuthFormPage();
  const login = useLogin();

  const form = useForm({
    idPrefix: "login",
    fields: FIELDS,
    validate: (v) => ({
      username: v.username.trim() ? undefined : "Enter your username or email.",
      password: v.password ? undefined : "Enter your password.",
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    submitting.current = true;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => navigate(redirectTo, { replace: true }),
        onError: (failure) => {
          submitting.current = false;
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
          if (failure.status === 401) form.focusField("password");
        },
      },
    );
  });

  if (signedIn && !submitting.current) return <FullScreenLoader message="Taking you to your workspace…" />;

  return (
    <AuthLayout
      title="Welcome back"
      description="Log in to your Dropcraft workspace."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to={withRedirect("/signup", rawRedirect)} className={textLinkClass}>
            Sign up for free
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="login-form">
        <FormAlert message={alert} testId="login-alert" />
        <TextField
          label="Username or email"
          field={form.field("username")}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="email"
          placeholder="you@store.com"
          required
          autoFocus
        />
        <PasswordField
          label="Password"
          field={form.field("password")}
          autoComplete="current-password"
          placeholder="Your password"
          required
          labelAside={
            <Link to="/forgot-password" className="text-[13px] font-medium text-brand hover:underline">
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" size="lg" className="w-full" pending={login.isPending} pendingLabel="Signing in...">
          Log in
        </Button>
      </form>
    </AuthLayout>
  );
}

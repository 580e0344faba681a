import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button, FormAlert, PasswordField } from "~/features/auth";
import { useForm } from "~/features/auth";
import { newPasswordErrors } from "~/features/auth";
import type { AuthUser } from "~/features/account";
import { notify } from "~/lib/toast";
import { useChangePassword } from "./account-api";
import { SectionCard } from "./section-card";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export function PasswordCard({ user }: { user: AuthUser }) {
  const change = useChangePassword();
  const [alert, setAlert] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const form = useForm({
    idPrefix: "settings-password",
    fields: FIELDS,
    validate: (v) => {
      const next = newPasswordErrors(v.newPassword, v.confirmPassword, { username: user.username, email: user.email });
      return {
        currentPassword: v.currentPassword ? undefined : "Enter your current password.",
        newPassword:
          next.password ??
          (v.currentPassword && v.newPassword === v.currentPassword
            ? "Choose a password different from your current one."
            : undefined),
        confirmPassword: next.confirmPassword,
      };
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    setSuccess(undefined);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          form.reset();
          setSuccess(result.message);
          notify({ title: "Password changed", description: result.message, variant: "success" });
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  return (
    <SectionCard
      id="password"
      title="Password"
      description="Changing it signs you out everywhere else; this device stays signed in."
      icon={KeyRound}
    >
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4" data-testid="password-form">
        <FormAlert message={alert} testId="password-alert" />
        <FormAlert variant="success" message={success} testId="password-success" />
        {/* Lets password managers file the new password under this account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <PasswordField label="Current password" field={form.field("currentPassword")} autoComplete="current-password" />
        <PasswordField
          label="New password"
          field={form.field("newPassword")}
          autoComplete="new-password"
          showRequirements
        />
        <PasswordField label="Confirm new password" field={form.field("confirmPassword")} autoComplete="new-password" />
        <Button type="submit" pending={change.isPending} pendingLabel="Updating...">
          Update password
        </Button>
      </form>
    </SectionCard>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AUTH_ME_KEY, type AuthUser } from "~/features/account";
import { notify } from "~/lib/toast";
import { ApiFailure, requestJson } from "./auth-client";
import { Button, FormAlert, PasswordField, TextField } from "./form-controls";
import { useForm } from "./use-form";
import { startResendCooldown } from "./use-resend-verification";
import { emailError } from "./validation";

/**
 * PATCH /api/account/email. The new address starts unverified, so refetching the current
 * user brings up the verification gate. Here rather than in settings' account calls because the
 * gate offers it too, and settings sits above auth.
 */
function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation<{ success: true; data: AuthUser; message: string }, ApiFailure, { email: string; password: string }>({
    mutationFn: (input) => requestJson("PATCH", "/api/account/email", input, "Failed to change your email"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY }),
  });
}

const FIELDS = ["email", "password"] as const;

export interface EmailChangeFormProps {
  currentEmail: string;
  /** Prefix of the input ids; two forms can share a page. */
  idPrefix?: string;
  submitLabel?: string;
}

/**
 * New address plus the password. On success the server sends a link to the new address and
 * marks the account unverified; refetching the user brings up the verification gate.
 */
export function EmailChangeForm({
  currentEmail,
  idPrefix = "email-change",
  submitLabel = "Change email",
}: EmailChangeFormProps) {
  const change = useChangeEmail();
  const [alert, setAlert] = useState<string>();
  const form = useForm({
    idPrefix,
    fields: FIELDS,
    validate: (v) => ({
      email:
        emailError(v.email) ??
        (v.email.trim().toLowerCase() === currentEmail.toLowerCase()
          ? "That is already your email address."
          : undefined),
      password: v.password ? undefined : "Enter your current password.",
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    change.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (result) => {
          startResendCooldown();
          notify({ title: "Check your new inbox", description: result.message, variant: "success" });
          form.reset();
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid={`${idPrefix}-form`}>
      <FormAlert message={alert} testId={`${idPrefix}-alert`} />
      <TextField
        label="New email address"
        field={form.field("email")}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
        placeholder="you@store.com"
        maxLength={254}
      />
      <PasswordField
        label="Current password"
        field={form.field("password")}
        autoComplete="current-password"
        hint="We ask for it so nobody else can move your account to another address."
      />
      <Button type="submit" pending={change.isPending} pendingLabel="Sending link...">
        {submitLabel}
      </Button>
    </form>
  );
}

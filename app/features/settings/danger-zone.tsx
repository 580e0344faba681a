import { useNavigate } from "@remix-run/react";
import { Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button, FormAlert, PasswordField, TextField } from "~/features/auth";
import { useForm } from "~/features/auth";
import { Modal } from "~/ui/modal";
import { notify } from "~/lib/toast";
import { useSubscription } from "~/features/account";
import { useDeleteAccount } from "./account-api";
import { SectionCard } from "./section-card";

export const DELETE_CONFIRMATION = "DELETE";
const FIELDS = ["password", "confirmation"] as const;
const FORM_ID = "delete-account-form";

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [alert, setAlert] = useState<string>();
  const form = useForm({
    idPrefix: "delete-account",
    fields: FIELDS,
    validate: (v) => ({
      password: v.password ? undefined : "Enter your password.",
      confirmation:
        v.confirmation === DELETE_CONFIRMATION
          ? undefined
          : `Type ${DELETE_CONFIRMATION} in capital letters to confirm.`,
    }),
  });
  const confirmed = form.values.confirmation === DELETE_CONFIRMATION;
  // A renewing paid plan must be cancelled first (the server refuses otherwise): said before the password is typed.
  const { isPaid, planName, status } = useSubscription();
  const renews = isPaid && Boolean(status?.hasActiveSubscription) && !status?.cancelAtPeriodEnd && status?.customerId !== null;
  const renewsOn = status?.currentPeriodEnd ? new Date(status.currentPeriodEnd).toLocaleDateString("en-US", { dateStyle: "medium" }) : null;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      form.reset();
      setAlert(undefined);
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    remove.mutate(
      { password: values.password },
      {
        onSuccess: (result) => {
          notify({ title: "Account deleted", description: result.message, variant: "success" });
          navigate("/", { replace: true });
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This permanently deletes your account and everything in it. It cannot be undone."
      data-testid="delete-account-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant="danger"
            pending={remove.isPending}
            pendingLabel="Deleting..."
            disabled={!confirmed}
            data-testid="confirm-delete-account"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete account
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="space-y-4">
        <ul className="space-y-1.5 rounded-xl border border-danger/30 bg-danger/10 px-4 py-3 text-[13px] text-fg">
          <li>• Your projects, chats and generated content are erased.</li>
          <li>• Every device is signed out immediately.</li>
          {renews ? (
            <li data-testid="delete-account-plan">
              • Your {planName} plan renews{renewsOn ? ` on ${renewsOn}` : ""}: cancel it in Manage billing first, so you are not charged for an
              account that no longer exists. Until then the account cannot be deleted.
            </li>
          ) : isPaid ? (
            <li data-testid="delete-account-plan">• Your {planName} plan is not refunded for the rest of its period.</li>
          ) : null}
        </ul>
        <FormAlert message={alert} testId="delete-account-alert" />
        <PasswordField label="Your password" field={form.field("password")} autoComplete="current-password" />
        <TextField
          label={
            <>
              Type <strong className="font-mono">{DELETE_CONFIRMATION}</strong> to confirm
            </>
          }
          field={form.field("confirmation")}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder={DELETE_CONFIRMATION}
        />
      </form>
    </Modal>
  );
}

export function DangerZone() {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard id="danger" title="Danger zone" description="Irreversible actions." icon={TriangleAlert} tone="danger">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-md">
          <p className="text-sm font-medium text-fg">Delete account</p>
          <p className="mt-0.5 text-sm text-muted">Permanently remove your account and all of its data.</p>
        </div>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)} data-testid="delete-account">
          <Trash2 className="size-4" aria-hidden />
          Delete account
        </Button>
      </div>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </SectionCard>
  );
}

/**
 * The dialog every admin action opens: it says what will happen, asks why (the audit log keeps
 * the reason), and shows the server's refusal in place when there is one.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Button, Dialog, Field, Textarea } from "~/ui";
import { errorMessage } from "~/lib/http";

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Extra fields above the reason (the plan picker of a grant). */
  children?: ReactNode;
  /** Runs the action; a thrown error is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({ open, onOpenChange, title, description, confirmLabel, danger, children, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const formId = useId();
  useEffect(() => {
    if (open) {
      setReason("");
      setProblem(undefined);
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem("Give a reason for this action (it goes in the audit log).");
      return;
    }
    setPending(true);
    try {
      await onConfirm(reason.trim());
      onOpenChange(false);
    } catch (err) {
      setProblem(errorMessage(err, "The action failed. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      data-testid="admin-action-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={danger ? "danger" : "primary"} loading={pending} data-testid="admin-action-confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        {children}
        <Field label="Reason" hint="Recorded in the audit log with your name and the time." error={problem}>
          <Textarea
            name="reason"
            value={reason}
            maxLength={500}
            autoFocus
            onChange={(e) => {
              setReason(e.target.value);
              if (problem) setProblem(undefined);
            }}
            placeholder="e.g. Ticket 1182: chargeback fraud"
            data-testid="admin-action-reason"
          />
        </Field>
      </form>
    </Dialog>
  );
}

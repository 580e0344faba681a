/**
 * The dialog every staff action opens: it says what will happen, asks why (the audit log keeps
 * the reason), and shows the server's refusal in place, staying open, when there is one. The
 * server refuses an empty reason too; refusing it here only saves the round trip. It is the kit's
 * ConfirmDialog whose confirm button submits the reason's form.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { STAFF_REASON_MAX } from "~/domain/admin";
import { errorMessage } from "~/lib/http";
import { ConfirmDialog } from "./dialog";
import { Field, Textarea } from "./field";

/** The longest reason every staff endpoint accepts (StaffReasonSchema). */
export const REASON_MAX_LENGTH = STAFF_REASON_MAX;

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
  /** Extra fields above the reason (the plan picker of a grant, a reply). */
  children?: ReactNode;
  /** Runs the action with the trimmed reason; a thrown error is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
  reasonLabel?: string;
  reasonHint?: ReactNode;
  placeholder?: string;
  /** Shown when the reason is empty. */
  emptyReasonMessage?: string;
  /** Test ids: `<prefix>-dialog`, `<prefix>-reason` (the textarea) and `<prefix>-confirm`. */
  testIdPrefix?: string;
}

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  danger = false,
  children,
  onConfirm,
  reasonLabel = "Reason",
  reasonHint = "Recorded in the audit log with your name and the time.",
  placeholder,
  emptyReasonMessage = "Give a reason for this action (it goes in the audit log).",
  testIdPrefix = "reason",
}: ReasonDialogProps) {
  const [pending, setPending] = useState(false);
  const formId = useId();

  async function run(why: string) {
    setPending(true);
    try {
      await onConfirm(why);
      onOpenChange(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      danger={danger}
      pending={pending}
      form={formId}
      data-testid={`${testIdPrefix}-dialog`}
      confirmTestId={`${testIdPrefix}-confirm`}
    >
      {/* Rendered only while open, so each opening starts blank: a reason belongs to one action. */}
      <ReasonForm
        id={formId}
        pending={pending}
        run={run}
        label={reasonLabel}
        hint={reasonHint}
        placeholder={placeholder}
        emptyReasonMessage={emptyReasonMessage}
        testId={`${testIdPrefix}-reason`}
      >
        {children}
      </ReasonForm>
    </ConfirmDialog>
  );
}

interface ReasonFormProps {
  id: string;
  pending: boolean;
  run: (why: string) => Promise<void>;
  label: string;
  hint: ReactNode;
  placeholder?: string;
  emptyReasonMessage: string;
  testId: string;
  children?: ReactNode;
}

function ReasonForm({ id, pending, run, label, hint, placeholder, emptyReasonMessage, testId, children }: ReasonFormProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The reason is what to type first. Not autoFocus: opened over another dialog (a user's
  // detail), that dialog's focus trap pulls the focus back and Radix then moves it to Close.
  useEffect(() => {
    const frame = requestAnimationFrame(() => reasonRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const why = reason.trim();
    if (!why) {
      setProblem(emptyReasonMessage);
      return;
    }
    try {
      await run(why);
    } catch (err) {
      setProblem(errorMessage(err, "The action failed. Try again."));
    }
  }

  return (
    <form id={id} onSubmit={submit} className="space-y-4" noValidate>
      {children}
      <Field label={label} hint={hint} error={problem}>
        <Textarea
          ref={reasonRef}
          name="reason"
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          onChange={(e) => {
            setReason(e.target.value);
            if (problem) setProblem(undefined);
          }}
          placeholder={placeholder}
          data-testid={testId}
        />
      </Field>
    </form>
  );
}

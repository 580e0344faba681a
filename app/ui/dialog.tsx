import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export { Modal as Dialog, type ModalProps as DialogProps } from "./modal";

interface ConfirmDialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
  pending?: boolean;
  children?: ReactNode;
  "data-testid"?: string;
  /** The confirm button's test id; `<data-testid>-confirm` when left out. */
  confirmTestId?: string;
}

/** What confirming does: run `onConfirm`, or submit the form among the children whose id is `form`. */
type ConfirmAction =
  | { onConfirm: () => void; form?: undefined }
  | {
      /** The confirm button submits this form (so does Enter in its fields); its onSubmit does the work. */
      form: string;
      onConfirm?: undefined;
    };

export type ConfirmDialogProps = ConfirmDialogBaseProps & ConfirmAction;

/** "Are you sure?" on the kit's dialog: focus trap, Escape and labelling from Radix. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  danger = false,
  pending = false,
  onConfirm,
  form,
  children,
  "data-testid": testId = "confirm-dialog",
  confirmTestId = `${testId}-confirm`,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      // Closing mid-request would hide the outcome; Escape, the overlay and Close wait until it settles.
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            type={form === undefined ? "button" : "submit"}
            form={form}
            onClick={onConfirm}
            variant={danger ? "danger" : "primary"}
            loading={pending}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

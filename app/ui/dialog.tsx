import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export { Modal as Dialog, type ModalProps as DialogProps } from "./modal";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
  "data-testid"?: string;
}

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
  children,
  "data-testid": testId = "confirm-dialog",
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
            variant={danger ? "danger" : "primary"}
            loading={pending}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
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

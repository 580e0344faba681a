import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useDialogFocus } from "./dialog-focus";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row, pinned under the scrolling body. */
  footer?: ReactNode;
  /** Extra classes for the card, e.g. a wider `md:max-w-2xl`. */
  className?: string;
  "data-testid"?: string;
}

/**
 * The generic modal dialog (spec section 2, "Protected pages"): overlay, a close button, a
 * centred card from 768 px up and a bottom sheet below (full width, rounded top, at most 90vh,
 * scrolling body). Focus trap, Escape and aria come from Radix Dialog.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className = "",
  "data-testid": testId = "modal",
}: ModalProps) {
  const focus = useDialogFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid={`${testId}-overlay`}
          className="fixed inset-0 z-50 grid items-end justify-items-stretch overflow-y-auto bg-black/40 backdrop-blur-sm dark:bg-black/65 transition-opacity duration-200 starting:opacity-0 md:items-center md:justify-items-center md:p-6"
        >
          <Dialog.Content
            {...focus}
            data-testid={testId}
            {...(description ? {} : { "aria-describedby": undefined })}
            className={`relative flex max-h-[90vh] w-full flex-col rounded-t-2xl border border-b-0 border-line bg-surface text-fg shadow-2xl shadow-black/40 outline-none transition-[translate,scale,opacity] duration-300 ease-out starting:translate-y-full md:max-h-[85vh] md:max-w-lg md:rounded-2xl md:border-b md:duration-200 md:starting:translate-y-2 md:starting:scale-[0.98] md:starting:opacity-0 ${className}`}
          >
            {/* Grab handle: a visual cue of the bottom sheet on small screens. */}
            <span aria-hidden className="mx-auto mt-2.5 h-1 w-10 shrink-0 rounded-full bg-line md:hidden" />
            <div className="flex shrink-0 items-start gap-4 px-5 pb-4 pt-4 md:px-6 md:pt-6">
              <div className="min-w-0 flex-1">
                <Dialog.Title className="text-lg font-semibold leading-tight tracking-tight">{title}</Dialog.Title>
                {description && (
                  <Dialog.Description className="mt-1.5 text-sm text-muted">{description}</Dialog.Description>
                )}
              </div>
              <Dialog.Close
                aria-label="Close"
                className="-mr-1.5 -mt-1 grid size-9 shrink-0 place-items-center rounded-lg text-subtle transition-colors hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-[18px]" aria-hidden />
              </Dialog.Close>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5 md:px-6 md:pb-6">
              {children}
            </div>
            {footer && (
              <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-line px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] md:flex-row md:justify-end md:px-6">
                {footer}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

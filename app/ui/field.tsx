import { cloneElement, forwardRef, isValidElement, useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type TextareaHTMLAttributes } from "react";
import { AlertCircle } from "lucide-react";
import { cx } from "./cx";

const CONTROL =
  "block w-full rounded-lg border border-line bg-bg-elevated px-3.5 text-[15px] text-fg shadow-sm shadow-black/5 outline-none transition-[border-color,box-shadow] placeholder:text-subtle hover:border-subtle/60 focus:border-brand focus:ring-3 focus:ring-brand/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20 sm:text-sm";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cx(CONTROL, "h-11", className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={cx(CONTROL, "min-h-24 py-2.5", className)} {...rest} />;
});

export interface FieldProps {
  label: ReactNode;
  /** Help under the control. */
  hint?: ReactNode;
  /** The problem with the value, shown under the control and announced with it. */
  error?: string;
  /** The control: an Input, Textarea or select. It receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
  id?: string;
  className?: string;
}

/** Label, control, hint and error, wired for assistive technology. */
export function Field({ label, hint, error, children, id: givenId, className }: FieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement<Record<string, unknown>>(children)
    ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })
    : children;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 flex items-start gap-1.5 text-xs font-medium text-danger">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </div>
  );
}

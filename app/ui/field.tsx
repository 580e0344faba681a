import AlertCircle from "lucide-react/icons/alert-circle";
import ChevronDown from "lucide-react/icons/chevron-down";
import {
  cloneElement,
  forwardRef,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "./cx";

// The auth forms' input look (features/auth/form-controls.tsx): the control draws its own ring, so the base outline is off.
const CONTROL =
  "block w-full rounded-lg border border-line bg-bg-elevated px-3.5 text-[15px] text-fg shadow-sm shadow-black/5 outline-none transition-[border-color,box-shadow] placeholder:text-subtle hover:border-subtle/60 focus:border-brand focus:ring-3 focus:ring-brand/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20 sm:text-sm";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Sits inside the box on the right, e.g. a show/hide password IconButton. */
  trailing?: ReactNode;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, trailing, ...rest }, ref) {
  const input = (
    <input ref={ref} className={cx(CONTROL, "h-11", trailing ? "pr-12" : undefined, className)} {...rest} />
  );
  if (!trailing) return input;
  return (
    <div className="relative">
      {input}
      <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
    </div>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...rest },
  ref,
) {
  return <textarea ref={ref} className={cx(CONTROL, "min-h-24 py-2.5", className)} {...rest} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return (
    <div className="relative">
      <select ref={ref} className={cx(CONTROL, "h-11 cursor-pointer appearance-none pr-10", className)} {...rest} />
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-subtle"
      />
    </div>
  );
});

interface FieldOwnProps {
  label: ReactNode;
  /** Help under the control. */
  hint?: ReactNode;
  /** Replaces the hint paragraph with live content (e.g. a password checklist); give its element the id `${id}-hint`. */
  hintSlot?: ReactNode;
  /** undefined: valid. "": invalid without text of its own (a form-level alert explains). Otherwise the problem, shown under the control. */
  error?: string;
  /** Extra content on the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** The control's id; defaults to the child's id, then a generated one. */
  id?: string;
  /** Classes for the wrapper. */
  className?: string;
}

type ControlProps = Omit<InputProps, "id" | "className" | "children" | "aria-invalid">;

/** Either a control as the only child (Input, Textarea, Select, or a native one) or input props for a kit Input. */
export type FieldProps = FieldOwnProps & ({ children: ReactElement } | ({ children?: undefined } & ControlProps));

type ControlA11y = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** Label, control, hint and error, wired for assistive technology. */
export function Field(props: FieldProps) {
  const { label, hint, hintSlot, error, labelAside, id: givenId, className, children, ...controlProps } = props;
  const generated = useId();
  const child = isValidElement<ControlA11y>(children) ? children : undefined;
  const id = givenId ?? child?.props.id ?? generated;
  const invalid = error !== undefined;
  const hintId = hint || hintSlot ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId, child?.props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  const a11y: ControlA11y = { id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  const control = child ? cloneElement(child, a11y) : <Input {...(controlProps as ControlProps)} {...a11y} />;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      {control}
      {/* No role="alert": focus goes to the first invalid control, which reads this through aria-describedby; an alert per field would talk over it. */}
      {errorId && (
        <p id={errorId} data-testid={errorId} className="mt-1.5 flex items-start gap-1.5 text-[13px] text-danger">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
      {hintSlot ??
        (hint && (
          <p id={hintId} className="mt-1.5 text-[13px] text-subtle">
            {hint}
          </p>
        ))}
    </div>
  );
}

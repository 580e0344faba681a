import { AlertCircle, Check, CheckCircle2, Circle, Eye, EyeOff } from "lucide-react";
import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from "~/features/auth/auth-client";
import { Button as KitButton, IconButton } from "~/ui";
import type { BoundField } from "./use-form";

export const inputClass =
  "block h-11 w-full rounded-lg border border-line bg-bg-elevated px-3.5 text-[15px] text-fg shadow-sm shadow-black/5 outline-none transition-[border-color,box-shadow] placeholder:text-subtle hover:border-subtle/60 focus:border-brand focus:ring-3 focus:ring-brand/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20 sm:text-sm";

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof BoundField | "children">;

export interface TextFieldProps extends NativeInputProps {
  label: ReactNode;
  field: BoundField;
  /** Help text under the input (linked with aria-describedby). */
  hint?: ReactNode;
  /** Extra content on the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Rendered inside the input box on the right (the show/hide toggle). */
  trailing?: ReactNode;
  /** Replaces the plain hint element, e.g. the live password checklist (give it `${id}-hint`). */
  hintSlot?: ReactNode;
}

/** Label, input, hint and error, wired with aria-invalid and aria-describedby. */
export function TextField({
  label,
  field,
  hint,
  labelAside,
  trailing,
  hintSlot,
  className = "",
  ...rest
}: TextFieldProps) {
  const { error, ...bound } = field;
  const invalid = error !== undefined;
  const hintId = hint || hintSlot ? `${field.id}-hint` : undefined;
  const errorId = error ? `${field.id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={field.id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          {...rest}
          {...bound}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? "pr-12" : ""}`}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {error && (
        <p
          id={errorId}
          className="mt-1.5 flex items-start gap-1.5 text-[13px] text-danger"
          data-testid={`${field.id}-error`}
        >
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

export interface PasswordFieldProps extends Omit<TextFieldProps, "trailing" | "type"> {
  /** Shows the live length checklist under the input. */
  showRequirements?: boolean;
}

/** A password input with a show/hide toggle. Paste stays allowed (password managers). */
export function PasswordField({ showRequirements = false, field, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <IconButton
      onClick={() => setVisible((v) => !v)}
      label={visible ? "Hide password" : "Show password"}
      aria-pressed={visible}
      aria-controls={field.id}
      title={visible ? "Hide password" : "Show password"}
    >
      {visible ? <EyeOff className="size-[18px]" aria-hidden /> : <Eye className="size-[18px]" aria-hidden />}
    </IconButton>
  );
  return (
    <TextField
      {...rest}
      field={field}
      type={visible ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      autoCorrect="off"
      trailing={toggle}
      hintSlot={showRequirements ? <PasswordRequirements id={`${field.id}-hint`} value={field.value} /> : undefined}
    />
  );
}

/** The live hint: how long a password must be, ticking as the user types. */
export function PasswordRequirements({ id, value }: { id: string; value: string }) {
  const length = passwordLength(value);
  const longEnough = length >= PASSWORD_MIN_LENGTH;
  const tooLong = length > PASSWORD_MAX_LENGTH;
  const ok = longEnough && !tooLong;
  const Icon = ok ? CheckCircle2 : Circle;
  return (
    <p
      id={id}
      data-testid={`${id}`}
      data-valid={ok ? "true" : "false"}
      className={`mt-1.5 flex items-center gap-1.5 text-[13px] transition-colors ${
        tooLong ? "text-danger" : ok ? "text-accent" : "text-subtle"
      }`}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span>
        {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters
        {!longEnough && length > 0 && <span className="text-subtle"> · {PASSWORD_MIN_LENGTH - length} more</span>}
        {tooLong && <span> · {length - PASSWORD_MAX_LENGTH} too many</span>}
      </span>
    </p>
  );
}

/** The form-level message: an error (role="alert") or a success (role="status"). */
export function FormAlert({
  message,
  variant = "error",
  children,
  testId = "form-alert",
}: {
  message?: ReactNode;
  variant?: "error" | "success";
  children?: ReactNode;
  testId?: string;
}) {
  if (!message) return null;
  const isError = variant === "error";
  const Icon = isError ? AlertCircle : Check;
  return (
    <div
      role={isError ? "alert" : "status"}
      data-testid={testId}
      className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${
        isError ? "border-danger/35 bg-danger/10 text-fg" : "border-accent/35 bg-accent/10 text-fg"
      }`}
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${isError ? "text-danger" : "text-accent"}`} aria-hidden />
      <div className="min-w-0 flex-1">
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}

export interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  pending?: boolean;
  pendingLabel?: string;
  variant?: "primary" | "secondary" | "danger";
  size?: "md" | "lg";
}

export const buttonVariants = {
  primary: "bg-brand-strong text-white shadow-lg shadow-brand/25 hover:bg-brand-hover",
  secondary: "border border-line bg-surface text-fg hover:bg-surface-2",
  danger: "bg-danger-strong text-white shadow-lg shadow-danger/20 hover:brightness-95",
} as const;

/** The kit's button with a pending label: the auth forms say what is happening ("Signing in..."). */
export function Button({ pending = false, pendingLabel, variant = "primary", size = "md", children, ...rest }: SubmitButtonProps) {
  return (
    <KitButton {...rest} variant={variant} size={size} loading={pending}>
      {pending && pendingLabel ? pendingLabel : children}
    </KitButton>
  );
}

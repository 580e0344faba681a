import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";
import { Spinner } from "./spinner";

export type ButtonVariant =
  "primary" | "secondary" | "ghost" | "danger" | "subtle" | "outline-danger" | "link" | "link-muted";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-strong text-white shadow-md shadow-brand/20 hover:bg-brand-hover hover:shadow-brand/35",
  secondary: "border border-line bg-surface text-fg hover:border-brand/40 hover:bg-surface-2",
  ghost: "text-muted hover:bg-surface-2 hover:text-fg",
  danger: "bg-danger-strong text-white shadow-md shadow-danger/20 hover:brightness-95",
  subtle: "text-brand hover:bg-brand-soft",
  // A destructive action that should not shout (a delete beside other settings).
  "outline-danger": "border border-line bg-surface text-danger hover:border-danger/40 hover:bg-danger/5",
  // Text links that act in place (retry, show more, paste an example): no box, the text's own size.
  link: "text-brand underline-offset-2 hover:underline focus-visible:underline",
  "link-muted": "text-muted underline-offset-4 hover:text-fg hover:underline focus-visible:underline",
};
const TEXT_LINK: Partial<Record<ButtonVariant, true>> = { link: true, "link-muted": true };
const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-lg px-3 text-[13px]",
  md: "h-10 gap-2 rounded-xl px-4 text-sm",
  lg: "h-12 gap-2 rounded-xl px-6 text-[15px]",
};

/** The kit's button look, for a Remix <Link> that should look like a button. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  if (TEXT_LINK[variant]) {
    // A link-styled button sits inside running text: it keeps the text's size and display (add inline-flex for an icon).
    return cx(
      "rounded-sm text-left font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 disabled:no-underline",
      VARIANTS[variant],
      className,
    );
  }
  return cx(
    "inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-semibold transition-[background-color,border-color,color,box-shadow,opacity] disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and blocks a second press. */
  loading?: boolean;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, icon, className, children, disabled, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
});

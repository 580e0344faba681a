import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";
import { Tip } from "./tooltip";

// Its own file, apart from Button: the tooltip it can show brings Radix and Floating UI, which
// pages that only need a Button (the landing page) should not download (ADR 008, light faces).
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  /** What the button does, for screen readers (and the tooltip). */
  label: string;
  /** Show the label as a tooltip on hover and focus. */
  tooltip?: boolean;
  /** xs (24 px) for a control inside a chip or a field, sm (32 px), md (36 px). */
  size?: "xs" | "sm" | "md";
  /** round for controls on round surfaces (chips, pills). */
  shape?: "square" | "round";
  /** outlined draws a border, for an icon button standing alone beside fields. */
  outlined?: boolean;
  children: ReactNode;
}

const ICON_SIZES = { xs: "size-6", sm: "size-8", md: "size-9" } as const;

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    tooltip = false,
    size = "md",
    shape = "square",
    outlined = false,
    className,
    children,
    type = "button",
    ...rest
  },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={cx(
        "grid shrink-0 place-items-center text-muted transition-colors hover:bg-surface-2 hover:text-fg disabled:cursor-not-allowed disabled:opacity-50",
        ICON_SIZES[size],
        shape === "round" ? "rounded-full" : size === "xs" ? "rounded-md" : "rounded-lg",
        outlined && "border border-line",
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
  return tooltip ? <Tip content={label}>{button}</Tip> : button;
});

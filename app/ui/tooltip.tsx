import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";

export interface TipProps {
  content: ReactNode;
  /** One focusable element (it becomes the trigger, so it must forward refs and props). */
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  /** Keeps the trigger in place but never shows the tip (the tree stays stable when toggled). */
  disabled?: boolean;
}

/**
 * A small label on hover and keyboard focus. Delays come from the Tooltip.Provider in root
 * (700 ms, skip 300 ms, spec section 9).
 */
export function Tip({ content, children, side = "top", align = "center", disabled = false }: TipProps) {
  return (
    <Tooltip.Root open={disabled ? false : undefined}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      {!disabled && (
        <Tooltip.Portal>
          <Tooltip.Content
            side={side}
            align={align}
            sideOffset={10}
            collisionPadding={8}
            className="z-[70] max-w-xs animate-fade-in rounded-md border border-line bg-surface-2 px-2.5 py-1.5 text-xs font-medium text-fg shadow-lg shadow-black/20 [animation-duration:150ms]"
          >
            {content}
          </Tooltip.Content>
        </Tooltip.Portal>
      )}
    </Tooltip.Root>
  );
}

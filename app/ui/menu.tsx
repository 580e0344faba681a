import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from "react";
import { cx } from "./cx";

/** Menus on Radix's dropdown: arrow keys, typeahead, Escape and focus return come with it. */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

export const MenuContent = forwardRef<
  ElementRef<typeof DropdownMenu.Content>,
  ComponentPropsWithoutRef<typeof DropdownMenu.Content>
>(function MenuContent({ className, sideOffset = 6, ...rest }, ref) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        ref={ref}
        sideOffset={sideOffset}
        collisionPadding={12}
        className={cx(
          "z-[60] min-w-48 animate-fade-in rounded-xl border border-line bg-surface p-1.5 text-fg shadow-2xl shadow-black/40 [animation-duration:150ms]",
          className,
        )}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
});

export const MenuItem = forwardRef<
  ElementRef<typeof DropdownMenu.Item>,
  ComponentPropsWithoutRef<typeof DropdownMenu.Item> & { danger?: boolean }
>(function MenuItem({ className, danger = false, ...rest }, ref) {
  return (
    <DropdownMenu.Item
      ref={ref}
      className={cx(
        "flex cursor-default select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[disabled]:opacity-50",
        danger ? "text-danger data-[highlighted]:bg-danger/10" : "data-[highlighted]:bg-surface-2",
        className,
      )}
      {...rest}
    />
  );
});

export function MenuSeparator({ className }: { className?: string }) {
  return <DropdownMenu.Separator className={cx("-mx-1.5 my-1.5 h-px bg-line", className)} />;
}

export function MenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <DropdownMenu.Label
      className={cx("px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide text-subtle", className)}
    >
      {children}
    </DropdownMenu.Label>
  );
}

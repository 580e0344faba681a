import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { inertWhen } from "~/ui/inert";
import { Logo } from "~/ui/logo";
import { ThemeToggle } from "~/ui/theme-toggle";
import { SidebarPanel } from "./sidebar";

export interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** True while a full-screen gate covers the page: the top bar takes no focus. */
  inert?: boolean;
}

/**
 * Below 1024 px: a top bar with the menu button, and the sidebar as an overlay drawer
 * (85% wide, at most 320 px). Radix Dialog gives the focus trap, Escape, the backdrop click
 * and the dialog semantics.
 */
export function MobileNav({ open, onOpenChange, inert = false }: MobileNavProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <header
        {...inertWhen(inert)}
        data-testid="mobile-topbar"
        className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-bg/85 px-2 backdrop-blur-md supports-[backdrop-filter]:bg-bg/70 lg:hidden"
      >
        <Dialog.Trigger
          aria-label="Open menu"
          data-testid="mobile-menu-open"
          className="grid size-10 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
        >
          <Menu className="size-5" aria-hidden />
        </Dialog.Trigger>
        <Logo size="sm" className="flex-1" />
        <ThemeToggle />
      </header>

      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="mobile-drawer-backdrop"
          className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] dark:bg-black/65 transition-opacity duration-200 starting:opacity-0 lg:hidden"
        />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="mobile-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-[85%] max-w-[320px] flex-col border-r border-line bg-bg-elevated text-fg shadow-2xl shadow-black/50 outline-none transition-transform duration-300 ease-out starting:-translate-x-full lg:hidden"
        >
          <Dialog.Title className="sr-only">Navigation menu</Dialog.Title>
          <SidebarPanel
            collapsed={false}
            onNavigate={close}
            headerAction={
              <Dialog.Close
                aria-label="Close menu"
                data-testid="mobile-menu-close"
                className="-mr-1.5 grid size-9 shrink-0 place-items-center rounded-lg text-subtle transition-colors hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useRef, type KeyboardEvent } from "react";

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function opener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  // Opened from a menu item: the menu closes with the dialog's opening, so its trigger is the opener.
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
  return active;
}

/**
 * For a Radix Dialog.Content opened without a Dialog.Trigger (from an event, a menu item, the address):
 * focus returns to the control that opened it on close (WCAG 2.4.3), and Tab or Shift+Tab from the
 * dialog itself (focused by a click on its text) moves into its controls instead of sticking.
 */
export function useDialogFocus() {
  const from = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      from.current = opener();
    },
    onCloseAutoFocus: (event: Event) => {
      const target = from.current?.isConnected ? from.current : null;
      from.current = null;
      if (!target) return;
      event.preventDefault();
      target.focus({ preventScroll: false });
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== "Tab" || event.target !== event.currentTarget) return;
      const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const next = event.shiftKey ? items.at(-1) : items[0];
      if (!next) return;
      event.preventDefault();
      next.focus();
    },
  };
}

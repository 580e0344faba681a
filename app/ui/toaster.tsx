import { useEffect, useRef } from "react";
import toast, { Toaster as HotToaster, useToaster, useToasterStore } from "react-hot-toast";
import { TOAST_DURATION_MS } from "~/lib/toast";

/** Only one toast is visible at a time: a new one dismisses the older ones. */
export const TOAST_LIMIT = 1;
/** The spec's hotkey to reach the notifications from the keyboard. */
export const TOAST_HOTKEY = "F8";

/**
 * react-hot-toast with what the spec's toast adds for a merchant (ADR 025): one visible, a
 * region named "Notifications (F8)", F8 moving focus to the newest toast (Escape or its dismiss
 * button closes it and focus goes back), and no timeout while a toast is hovered or focused.
 * Swiping to dismiss lives on the toast itself (~/lib/toast).
 */
export function Toaster() {
  const { toasts } = useToasterStore();
  const { handlers } = useToaster();
  const region = useRef<HTMLDivElement>(null);
  // react-hot-toast's end of a pause adds the time since its start to every toast, so pause and
  // resume strictly in pairs.
  const paused = useRef(false);
  const pause = () => {
    if (!paused.current) handlers.startPause();
    paused.current = true;
  };
  const resume = () => {
    if (paused.current) handlers.endPause();
    paused.current = false;
  };
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey) return;
      const newest = region.current?.querySelector<HTMLElement>("[data-toast-card]");
      if (!newest) return;
      event.preventDefault();
      if (!region.current!.contains(document.activeElement)) returnFocusTo.current = document.activeElement as HTMLElement | null;
      newest.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // A focused toast that closes hands focus back to where the merchant was.
  const focusedToastOpen = toasts.some((t) => t.visible);
  useEffect(() => {
    if (focusedToastOpen) return;
    // A removed element sends no blur: the pause it started ends here.
    resume();
    if (!returnFocusTo.current) return;
    if (region.current?.contains(document.activeElement) || document.activeElement === document.body) returnFocusTo.current.focus();
    returnFocusTo.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resume reads refs only
  }, [focusedToastOpen]);

  return (
    <div
      ref={region}
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      // An open dialog hides the rest of the page from assistive tech (Radix, through aria-hidden),
      // except live regions: marked as one, a toast raised under a dialog is still announced. Its
      // cards are the live regions that speak; the container itself stays quiet.
      aria-live="off"
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
      }}
    >
      <HotToaster position="bottom-right" gutter={8} containerStyle={{ inset: 16 }} toastOptions={{ duration: TOAST_DURATION_MS }} />
    </div>
  );
}

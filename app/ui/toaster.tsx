import { useEffect } from "react";
import toast, { Toaster as HotToaster, useToasterStore } from "react-hot-toast";
import { TOAST_DURATION_MS } from "~/lib/toast";

/** Only one toast is visible at a time: a new one dismisses the older ones. */
export const TOAST_LIMIT = 1;

export function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <HotToaster
      position="bottom-right"
      gutter={8}
      containerStyle={{ inset: 16 }}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}

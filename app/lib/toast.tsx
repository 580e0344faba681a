import toast from "react-hot-toast";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Defaults to the top-level 3000 ms of the spec. */
  duration?: number;
}

export const TOAST_DURATION_MS = 3000;

/** Shows a titled toast; the Toaster keeps only the newest one visible. */
export function notify({ title, description, variant = "default", duration = TOAST_DURATION_MS }: ToastInput) {
  return toast.custom(
    (t) => (
      <div
        role={variant === "destructive" ? "alert" : "status"}
        aria-live={variant === "destructive" ? "assertive" : "polite"}
        data-variant={variant}
        className={`pointer-events-auto w-[350px] max-w-[calc(100vw-32px)] rounded-xl border px-4 py-3 shadow-2xl shadow-black/30 backdrop-blur transition-all ${
          t.visible ? "animate-slide-up opacity-100" : "opacity-0"
        } ${
          variant === "destructive"
            ? "border-danger/40 bg-danger-strong text-white"
            : "border-line bg-surface/95 text-fg"
        }`}
      >
        <div className="flex items-start gap-3">
          {variant === "success" && (
            <span aria-hidden className="mt-1 inline-block size-2 shrink-0 rounded-full bg-accent" />
          )}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{title}</p>
            {description && (
              <p className={`mt-0.5 text-sm ${variant === "destructive" ? "text-white/90" : "text-muted"}`}>{description}</p>
            )}
          </div>
          <button
            type="button"
            onClick={() => toast.dismiss(t.id)}
            className={`-mr-1 rounded p-1 text-xs ${variant === "destructive" ? "text-white/80 hover:text-white" : "text-subtle hover:text-fg"}`}
            aria-label="Dismiss notification"
          >
            ✕
          </button>
        </div>
      </div>
    ),
    { duration },
  );
}

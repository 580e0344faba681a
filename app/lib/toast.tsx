import { useRef, useState, type PointerEvent } from "react";
import toast, { type Toast } from "react-hot-toast";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Defaults to the top-level 3000 ms of the spec. */
  duration?: number;
}

export const TOAST_DURATION_MS = 3000;
/** Spec section 9: a toast dragged this far sideways is dismissed. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Shows a titled toast; the Toaster keeps only the newest one visible. */
export function notify({ title, description, variant = "default", duration = TOAST_DURATION_MS }: ToastInput) {
  return toast.custom((t) => <ToastCard t={t} title={title} description={description} variant={variant} />, { duration });
}

/**
 * One toast. Swipe it sideways (mouse, pen or touch) past the threshold to dismiss it, as the
 * spec's toast does; a shorter drag springs back. Escape dismisses the toast that has focus
 * (F8 puts focus on the newest one: see ~/ui/toaster.tsx).
 */
function ToastCard({ t, title, description, variant }: { t: Toast; title: string; description?: string; variant: ToastVariant }) {
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; pointerId: number } | null>(null);
  const destructive = variant === "destructive";

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) toast.dismiss(t.id);
    else setOffset(0);
  }

  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      data-variant={variant}
      data-toast-card=""
      data-swiping={offset !== 0 || undefined}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          toast.dismiss(t.id);
        }
      }}
      onPointerDown={(event) => {
        if (event.button !== 0 || (event.target as Element).closest("button")) return;
        drag.current = { x: event.clientX, pointerId: event.pointerId };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (drag.current?.pointerId === event.pointerId) setOffset(event.clientX - drag.current.x);
      }}
      onPointerUp={endDrag}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.3, 1 - Math.abs(offset) / 200) : undefined,
        touchAction: "pan-y",
      }}
      className={`pointer-events-auto w-[350px] max-w-[calc(100vw-32px)] cursor-grab select-none rounded-xl border px-4 py-3 shadow-2xl shadow-black/30 backdrop-blur outline-none focus-visible:ring-2 focus-visible:ring-brand ${
        offset ? "" : "transition-all"
      } ${t.visible ? "animate-slide-up opacity-100" : "opacity-0"} ${
        destructive ? "border-danger/40 bg-danger-strong text-white" : "border-line bg-surface/95 text-fg"
      }`}
    >
      <div className="flex items-start gap-3">
        {variant === "success" && <span aria-hidden className="mt-1 inline-block size-2 shrink-0 rounded-full bg-accent" />}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{title}</p>
          {description && <p className={`mt-0.5 text-sm ${destructive ? "text-white/90" : "text-muted"}`}>{description}</p>}
        </div>
        <button
          type="button"
          onClick={() => toast.dismiss(t.id)}
          className={`-mr-1 rounded p-1 text-xs ${destructive ? "text-white/80 hover:text-white" : "text-subtle hover:text-fg"}`}
          aria-label="Dismiss notification"
        >
          ✕
        </button>
      </div>
    </div>
  );
}

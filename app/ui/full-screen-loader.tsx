import RefreshCw from "lucide-react/icons/refresh-cw";
import { useEffect, useState } from "react";
import { LogoMark } from "./logo";

/** Spec section 2, "Protected pages" → Loader, and section 9 timings. */
export const LOADER_MESSAGES = [
  "Warming up AI engines…",
  "Fetching market signals…",
  "Preloading dashboards…",
  "Assembling magic…",
] as const;
export const LOADER_ROTATION_MS = 1400;
export const LOADER_SLOW_HINT_MS = 8000;

export interface FullScreenLoaderProps {
  /** A fixed message (e.g. 'Checking authentication...'); without it the messages rotate. */
  message?: string;
}

/**
 * Full-screen brand loader. Rotating messages are visual only (announcing one every 1.4 s would
 * flood a screen reader); a fixed message and the slow hint are announced.
 */
export function FullScreenLoader({ message }: FullScreenLoaderProps) {
  const [index, setIndex] = useState(0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (message) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % LOADER_MESSAGES.length), LOADER_ROTATION_MS);
    return () => clearInterval(id);
  }, [message]);

  useEffect(() => {
    const id = setTimeout(() => setSlow(true), LOADER_SLOW_HINT_MS);
    return () => clearTimeout(id);
  }, []);

  const text = message ?? LOADER_MESSAGES[index];

  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="full-screen-loader"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-bg px-6 text-fg"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute left-1/2 top-1/2 size-[420px] -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-soft opacity-60 blur-3xl"
      />
      {/* The slow hint hangs below the centred block, so nothing shifts when it appears. */}
      <div className="relative flex flex-col items-center gap-7">
        <div aria-hidden className="relative grid size-20 place-items-center">
          <span className="absolute inset-0 rounded-full bg-brand-soft blur-xl motion-safe:animate-pulse" />
          <span className="absolute inset-0 rounded-full border-2 border-line" />
          <span className="absolute inset-0 animate-spin rounded-full border-2 border-transparent border-r-accent border-t-brand [animation-duration:900ms]" />
          <LogoMark size="lg" className="relative motion-safe:animate-pulse" />
        </div>

        <div className="flex min-h-12 flex-col items-center gap-1 text-center">
          {message ? (
            <p className="text-sm font-medium text-muted">{message}</p>
          ) : (
            <>
              <span className="sr-only">Loading Dropcraft</span>
              <p
                key={text}
                aria-hidden
                data-testid="loader-message"
                className="animate-fade-in text-sm font-medium text-muted"
              >
                {text}
              </p>
            </>
          )}
        </div>

        {slow && (
          <div
            className="absolute left-1/2 top-full mt-6 flex w-72 -translate-x-1/2 animate-slide-up flex-col items-center gap-3 text-center"
            data-testid="loader-slow-hint"
          >
            <p className="text-sm text-subtle">This is taking longer than usual...</p>
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-4 py-2 text-sm font-medium text-fg transition-colors hover:bg-surface-2"
            >
              <RefreshCw className="size-4" aria-hidden />
              Refresh
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

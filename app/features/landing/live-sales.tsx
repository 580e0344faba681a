import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import { useEffect, useState } from "react";
import { SAMPLE_SALES } from "./data";
import { Pressable } from "~/ui/choice";

export const SALES_FEED_INTERVAL_MS = 3500;

/**
 * The fake live-sales ticker: cycles through a static list of sample orders. It is labelled
 * "Sample orders" and can be paused (content that updates on its own needs a pause control).
 */
export function LiveSalesFeed({ className = "" }: { className?: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SAMPLE_SALES.length), SALES_FEED_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  const sale = SAMPLE_SALES[index];
  const previous = SAMPLE_SALES[(index + SAMPLE_SALES.length - 1) % SAMPLE_SALES.length];

  return (
    <figure
      data-testid="live-sales-feed"
      className={`w-full max-w-xs rounded-2xl border border-line bg-surface/95 p-4 shadow-2xl shadow-black/40 ring-1 ring-white/5 backdrop-blur-md ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-2 text-xs font-semibold text-fg">
          <span className="relative flex size-2">
            {/* Pings three times as the feed starts, not for good (WCAG 2.2.2), and not while paused. */}
            {!paused && (
              <span
                aria-hidden
                data-testid="live-sales-ping"
                className="absolute inline-flex size-full rounded-full bg-accent opacity-60 motion-safe:animate-ping motion-safe:[animation-iteration-count:3]"
              />
            )}
            <span aria-hidden className="relative inline-flex size-2 rounded-full bg-accent" />
          </span>
          Live sales
        </span>
        <Pressable
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? "Resume sample orders feed" : "Pause sample orders feed"}
          className="inline-flex size-7 items-center justify-center rounded-md text-muted transition hover:bg-fg/5 hover:text-fg"
        >
          {paused ? <Play aria-hidden className="size-3.5" /> : <Pause aria-hidden className="size-3.5" />}
        </Pressable>
      </div>

      <div aria-live="polite" aria-atomic="true" className="mt-3 overflow-hidden">
        <div key={index} className="flex items-center gap-3 motion-safe:animate-slide-up">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
            <ShoppingBag aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{sale.product}</p>
            <p className="mt-0.5 text-sm tabular-nums text-muted">
              <span className="font-semibold text-fg">{sale.amount}</span> — {sale.time}
            </p>
          </div>
        </div>
      </div>

      <div aria-hidden className="mt-3 flex items-center gap-3 border-t border-line pt-3 opacity-60">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-fg/5 text-muted">
          <ShoppingBag className="size-4" />
        </span>
        <p className="min-w-0 flex-1 truncate text-xs text-muted">
          {previous.product} · {previous.amount}
        </p>
      </div>

      <figcaption className="mt-3 text-[11px] font-medium uppercase tracking-wider text-muted">
        Sample orders
      </figcaption>
    </figure>
  );
}

import { Pause, Play, RotateCcw, Sparkles, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { WELCOME_FEATURES, type WelcomeFeature } from "./welcome-features";
import { Button, IconButton, Pressable } from "~/ui";

/**
 * The quick tour that plays inline in the welcome dialog. No recorded video ships with the app,
 * so this is an animated walkthrough of the four features, drawn with CSS and SVG, with the
 * controls of a player (play/pause, chapters, replay, close).
 */

export const TOUR_SLIDE_MS = 4500;
const TICK_MS = 100;

const STEPS: Record<WelcomeFeature["id"], readonly string[]> = {
  "winning-product": ["Browse trending products", "Compare demand scores", "Save a winner to a project"],
  "store-builder": ["Paste a product URL", "AI writes the page and picks images", "Export it to your store"],
  "visual-intelligence": ["Track creatives that convert", "Watch market signals", "Spot gaps before competitors"],
  "chat-projects": ["Ask market questions in chat", "Keep findings in a project", "Reuse your brand instructions"],
};

const delay = [
  "",
  "[animation-delay:150ms]",
  "[animation-delay:300ms]",
  "[animation-delay:450ms]",
  "[animation-delay:600ms]",
];

function WinningVisual() {
  const rows = [
    { name: "w-20", score: "w-[92%]", trend: "+38%" },
    { name: "w-16", score: "w-[81%]", trend: "+24%" },
    { name: "w-24", score: "w-[67%]", trend: "+12%" },
  ];
  return (
    <div className="space-y-2">
      {rows.map((row, i) => (
        <div
          key={row.trend}
          className={`flex items-center gap-2.5 rounded-lg border border-line bg-surface p-2 animate-slide-up ${delay[i + 1]}`}
        >
          <span className="size-8 shrink-0 rounded-md bg-gradient-to-br from-brand to-accent" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <span className={`block h-1.5 rounded-full bg-fg/25 ${row.name}`} />
            <span className="block h-1.5 overflow-hidden rounded-full bg-surface-2">
              <span
                className={`block h-full rounded-full bg-accent transition-[width] duration-1000 ease-out starting:w-0 ${row.score}`}
              />
            </span>
          </div>
          <span className="shrink-0 rounded-full bg-accent/15 px-1.5 py-0.5 text-[10px] font-bold text-accent">
            {row.trend}
          </span>
        </div>
      ))}
    </div>
  );
}

function StoreBuilderVisual() {
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-2.5 py-1.5 animate-slide-up">
        <span className="size-2 rounded-full bg-accent" />
        <span className="truncate font-mono text-[10px] text-muted">store.example/products/posture-corrector</span>
        <Sparkles className="ml-auto size-3.5 shrink-0 text-brand" aria-hidden />
      </div>
      <div className={`overflow-hidden rounded-lg border border-line bg-surface animate-slide-up ${delay[2]}`}>
        <div className="h-10 bg-gradient-to-r from-brand-strong to-accent/80" />
        <div className="space-y-1.5 p-2">
          <span className="block h-2 w-3/4 rounded-full bg-fg/30" />
          <span className="block h-1.5 w-full rounded-full bg-fg/15" />
          <div className={`grid grid-cols-3 gap-1.5 pt-1 animate-fade-in ${delay[4]}`}>
            <span className="h-10 rounded bg-surface-2" />
            <span className="h-10 rounded bg-surface-2" />
            <span className="h-10 rounded bg-surface-2" />
          </div>
          <span className={`mt-1 block h-4 w-20 rounded bg-brand-strong animate-fade-in ${delay[4]}`} />
        </div>
      </div>
    </div>
  );
}

function VisualIntelligenceVisual() {
  const bars = ["h-[30%]", "h-[45%]", "h-[38%]", "h-[62%]", "h-[55%]", "h-[78%]", "h-[92%]"];
  return (
    <div className="flex items-stretch gap-2.5">
      <div className="flex h-28 flex-1 items-end gap-1 rounded-lg border border-line bg-surface p-2">
        {bars.map((h, i) => (
          <span
            key={h + i}
            className={`w-full rounded-t bg-gradient-to-t from-brand-strong to-brand transition-[height] duration-1000 ease-out starting:h-0 ${h}`}
          />
        ))}
      </div>
      <div className="grid w-24 shrink-0 place-items-center rounded-lg border border-line bg-surface p-2">
        <svg viewBox="0 0 48 48" className="size-16 -rotate-90" aria-hidden>
          <circle cx="24" cy="24" r="18" fill="none" strokeWidth="6" className="stroke-surface-2" />
          <circle
            cx="24"
            cy="24"
            r="18"
            fill="none"
            strokeWidth="6"
            strokeLinecap="round"
            strokeDasharray="113"
            className="stroke-accent transition-[stroke-dashoffset] duration-1000 ease-out [stroke-dashoffset:30] starting:[stroke-dashoffset:113]"
          />
        </svg>
        <span className="text-[10px] font-semibold text-muted">73% match</span>
      </div>
    </div>
  );
}

function ChatVisual() {
  return (
    <div className="space-y-2">
      <div className="flex gap-1.5 animate-fade-in">
        {["Pet store", "Fitness", "Home"].map((p) => (
          <span key={p} className="rounded-full border border-line bg-surface px-2 py-0.5 text-[10px] text-muted">
            {p}
          </span>
        ))}
      </div>
      <div
        className={`ml-auto w-3/4 rounded-xl rounded-br-sm bg-brand-strong px-2.5 py-1.5 text-[10px] text-white animate-slide-up ${delay[1]}`}
      >
        Which posture products sell best in the US?
      </div>
      <div
        className={`w-5/6 space-y-1 rounded-xl rounded-bl-sm border border-line bg-surface px-2.5 py-2 animate-slide-up ${delay[3]}`}
      >
        <span className="block h-1.5 w-full rounded-full bg-fg/20" />
        <span className="block h-1.5 w-4/5 rounded-full bg-fg/20" />
        <span className="block h-1.5 w-2/3 rounded-full bg-fg/20" />
      </div>
    </div>
  );
}

const VISUALS: Record<WelcomeFeature["id"], () => ReactNode> = {
  "winning-product": WinningVisual,
  "store-builder": StoreBuilderVisual,
  "visual-intelligence": VisualIntelligenceVisual,
  "chat-projects": ChatVisual,
};

function clock(ms: number) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function TourPlayer({ onClose }: { onClose: () => void }) {
  const count = WELCOME_FEATURES.length;
  const total = count * TOUR_SLIDE_MS;
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(true);
  const ended = position >= total;
  const index = Math.min(count - 1, Math.floor(position / TOUR_SLIDE_MS));
  const feature = WELCOME_FEATURES[index];
  const Visual = VISUALS[feature.id];
  const Icon = feature.icon;

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      setPosition((p) => Math.min(total, p + TICK_MS));
    }, TICK_MS);
    return () => clearInterval(id);
  }, [playing, total]);

  useEffect(() => {
    if (ended) setPlaying(false);
  }, [ended]);

  const toggle = () => {
    if (ended) {
      setPosition(0);
      setPlaying(true);
    } else setPlaying((p) => !p);
  };

  return (
    <div
      role="region"
      aria-roledescription="walkthrough"
      aria-label="Quick tour"
      data-testid="tour-player"
      className="overflow-hidden rounded-xl border border-line bg-bg-elevated"
    >
      <div className="relative grid min-h-[250px] content-center gap-4 bg-gradient-to-br from-brand-soft via-bg-elevated to-bg-elevated p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] sm:p-5">
        <div key={`text-${feature.id}`} className="min-w-0 animate-fade-in">
          <p className="text-[11px] font-semibold uppercase tracking-wider text-brand">
            Step {index + 1} of {count}
          </p>
          <h3
            className="mt-1 flex items-center gap-2 text-base font-semibold tracking-tight text-fg"
            aria-live="polite"
          >
            <Icon className="size-4 shrink-0 text-brand" aria-hidden />
            {feature.title}
          </h3>
          <ol className="mt-3 space-y-1.5 text-xs text-muted">
            {STEPS[feature.id].map((step, i) => (
              <li key={step} className={`flex items-center gap-2 animate-slide-up ${delay[i + 1]}`}>
                <span className="grid size-4 shrink-0 place-items-center rounded-full bg-brand-soft text-[10px] font-bold text-brand">
                  {i + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </div>
        <div key={`visual-${feature.id}`} aria-hidden className="min-w-0 self-center">
          <Visual />
        </div>
        {ended && (
          <div className="absolute inset-0 grid place-items-center bg-bg/70 backdrop-blur-sm animate-fade-in">
            <Button onClick={toggle}>
              <RotateCcw className="size-4" aria-hidden />
              Replay the tour
            </Button>
          </div>
        )}
      </div>

      <div className="flex items-center gap-2 border-t border-line px-2.5 py-2">
        <IconButton size="sm" onClick={toggle} label={ended ? "Replay" : playing ? "Pause" : "Play"} data-testid="tour-player-toggle">
          {ended ? (
            <RotateCcw className="size-4" aria-hidden />
          ) : playing ? (
            <Pause className="size-4" aria-hidden />
          ) : (
            <Play className="size-4" aria-hidden />
          )}
        </IconButton>
        <div className="flex min-w-0 flex-1 gap-1" role="group" aria-label="Chapters">
          {WELCOME_FEATURES.map((f, i) => {
            const fill = Math.min(1, Math.max(0, (position - i * TOUR_SLIDE_MS) / TOUR_SLIDE_MS));
            return (
              <Pressable
                key={f.id}
                onClick={() => {
                  setPosition(i * TOUR_SLIDE_MS);
                  setPlaying(true);
                }}
                aria-label={`Chapter ${i + 1}: ${f.title}`}
                aria-current={i === index ? "step" : undefined}
                className="group flex h-8 flex-1 items-center"
              >
                <span className="block h-1 w-full overflow-hidden rounded-full bg-surface-2 group-hover:bg-line">
                  <span className="block h-full rounded-full bg-brand" style={{ width: `${fill * 100}%` }} />
                </span>
              </Pressable>
            );
          })}
        </div>
        <span className="shrink-0 text-[11px] tabular-nums text-subtle">
          {clock(position)} / {clock(total)}
        </span>
        <IconButton size="sm" onClick={onClose} label="Close the tour">
          <X className="size-4" aria-hidden />
        </IconButton>
      </div>
    </div>
  );
}

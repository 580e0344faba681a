/** Display pieces of the kit: page headers, empty states, skeletons, badges, stats, progress. */
import { AlertTriangle, ArrowDownRight, ArrowUpRight, Minus, RefreshCw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { cx } from "./cx";

export function PageHeader({
  title,
  description,
  actions,
  as: Heading = "h1",
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: "h1" | "h2";
  className?: string;
}) {
  return (
    <header className={cx("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0">
        <Heading className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</Heading>
        {description && <p className="mt-1.5 max-w-2xl text-sm text-muted sm:text-[15px]">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-12 text-center",
        className,
      )}
    >
      {Icon && (
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand" aria-hidden>
          <Icon className="size-6" />
        </span>
      )}
      <p className="mt-4 text-base font-semibold text-fg">{title}</p>
      {description && <p className="mt-1.5 max-w-sm text-sm text-muted">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** What a list shows when it could not be loaded: the reason and a "Try again" that refetches. */
export function LoadError({
  children,
  onRetry,
  retrying = false,
  className,
}: {
  children: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cx(
        "flex flex-col items-start gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger sm:flex-row sm:items-center",
        className,
      )}
    >
      <AlertTriangle className="size-5 shrink-0" aria-hidden />
      <span className="flex-1">{children}</span>
      <Button
        variant="secondary"
        size="sm"
        loading={retrying}
        onClick={onRetry}
        icon={<RefreshCw className="size-3.5" aria-hidden />}
      >
        Try again
      </Button>
    </div>
  );
}

/** A placeholder while data loads: hidden from assistive technology (mark the region aria-busy). */
export function Skeleton({ className, lines }: { className?: string; lines?: number }) {
  if (lines) {
    return (
      <span aria-hidden className={cx("block space-y-2", className)}>
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className={cx(
              "block h-3 rounded bg-surface-2 motion-safe:animate-pulse",
              i === lines - 1 ? "w-2/3" : "w-full",
            )}
          />
        ))}
      </span>
    );
  }
  return <span aria-hidden className={cx("block rounded-lg bg-surface-2 motion-safe:animate-pulse", className)} />;
}

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger";
const TONES: Record<BadgeTone, string> = {
  neutral: "bg-surface-2 text-muted ring-line",
  brand: "bg-brand-soft text-brand ring-brand/25",
  success: "bg-accent/10 text-accent ring-accent/25",
  warning: "bg-warning/10 text-warning ring-warning/25",
  danger: "bg-danger/10 text-danger ring-danger/25",
};

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export interface StatTrend {
  direction: "up" | "down" | "flat";
  /** The change in words, e.g. "+12% vs last week". */
  label: ReactNode;
  /** Whether the change is good news (green) or bad (red); default: up is good, down is bad. */
  good?: boolean;
}

const TREND_ICONS = { up: ArrowUpRight, down: ArrowDownRight, flat: Minus } as const;

export function Stat({
  label,
  value,
  hint,
  trend,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  trend?: StatTrend;
  className?: string;
}) {
  const good = trend?.good ?? (trend?.direction === "flat" ? undefined : trend?.direction === "up");
  const TrendIcon = trend ? TREND_ICONS[trend.direction] : undefined;
  return (
    <div className={cx("rounded-xl border border-line bg-surface px-4 py-3", className)}>
      <p className="text-[13px] font-medium text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums tracking-tight text-fg">{value}</p>
      {trend && TrendIcon && (
        <p
          className={cx(
            "mt-1 inline-flex items-center gap-1 text-xs font-semibold",
            good === undefined ? "text-muted" : good ? "text-accent" : "text-danger",
          )}
        >
          <TrendIcon aria-hidden className="size-3.5" />
          {trend.label}
        </p>
      )}
      {hint && <p className="mt-0.5 text-xs text-subtle">{hint}</p>}
    </div>
  );
}

/** A bar with progressbar semantics; amber from 80% and red when full, like the usage meters. */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  className,
}: {
  value: number;
  max: number;
  /** Names the bar for screen readers. */
  label: string;
  /** The value in words, e.g. "8 of 10 queries used", when a bare number would say too little. */
  valueText?: string;
  className?: string;
}) {
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const tone = ratio >= 1 ? "bg-danger" : ratio >= 0.8 ? "bg-warning" : "bg-brand";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(Math.max(value, 0), max)}
      aria-valuetext={valueText}
      className={cx("h-1.5 w-full overflow-hidden rounded-full bg-surface-2", className)}
    >
      <div
        className={cx("h-full rounded-full transition-[width] duration-300", tone)}
        style={{ width: `${ratio * 100}%` }}
      />
    </div>
  );
}

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export interface SectionCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
  tone?: "default" | "danger";
  /** Right side of the header row (a badge, a count). */
  aside?: ReactNode;
}

/** One settings section: a titled card, addressable as #id from the section nav. */
export function SectionCard({
  id,
  title,
  description,
  icon: Icon,
  children,
  tone = "default",
  aside,
}: SectionCardProps) {
  const danger = tone === "danger";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`settings-${id}`}
      className={`scroll-mt-24 rounded-2xl border bg-surface shadow-sm shadow-black/5 ${danger ? "border-danger/40" : "border-line"}`}
    >
      <header className="flex items-start gap-3.5 border-b border-line px-5 py-4 sm:px-6">
        <span
          aria-hidden
          className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg ${
            danger ? "bg-danger/10 text-danger" : "bg-brand-soft text-brand"
          }`}
        >
          <Icon className="size-[18px]" />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id={`${id}-title`}
            className={`text-base font-semibold tracking-tight ${danger ? "text-danger" : "text-fg"}`}
          >
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
        {aside && <div className="shrink-0">{aside}</div>}
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

export function Badge({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: "neutral" | "success" | "warning" | "brand";
}) {
  const tones = {
    neutral: "border-line bg-surface-2 text-muted",
    success: "border-accent/35 bg-accent/10 text-accent",
    warning: "border-warning/40 bg-warning/10 text-warning",
    brand: "border-brand/35 bg-brand-soft text-brand",
  } as const;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * Views against buy clicks per page: two bars a page on one scale, numbers beside them, so the
 * chart reads the same to a screen reader (each row is a labelled list item) and on a phone.
 * Only pages someone has seen are drawn, the most viewed first.
 */
import type { PageSummary } from "~/domain/contracts/pages";
import { clickRate, count } from "./drop-pages-logic";

const MAX_ROWS = 8;

export function ViewsChart({ pages }: { pages: PageSummary[] }) {
  const seen = pages
    .filter((p) => p.views > 0 || p.buyClicks > 0)
    .sort((a, b) => b.views - a.views || b.buyClicks - a.buyClicks);
  if (seen.length === 0) return null;
  const rows = seen.slice(0, MAX_ROWS);
  const max = Math.max(1, ...rows.map((p) => Math.max(p.views, p.buyClicks)));
  const width = (n: number) => `${Math.max(n > 0 ? 1.5 : 0, (n / max) * 100)}%`;

  return (
    <section
      aria-labelledby="views-chart-title"
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="views-chart"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="views-chart-title" className="text-sm font-semibold text-fg">
          Views and buy clicks
        </h2>
        <p className="flex items-center gap-3 text-xs text-muted" aria-hidden>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-brand" /> Views
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-accent" /> Buy clicks
          </span>
        </p>
      </div>
      <ul className="mt-4 space-y-3.5">
        {rows.map((p) => {
          const rate = clickRate(p);
          return (
            <li
              key={p.id}
              aria-label={`${p.title}: ${count(p.views)} views, ${count(p.buyClicks)} buy clicks${rate ? `, ${rate} of views` : ""}`}
              className="grid gap-1.5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center sm:gap-4"
            >
              <span className="flex min-w-0 items-baseline gap-1.5 text-[13px]" aria-hidden>
                <span className="truncate font-medium text-fg">{p.title}</span>
                {rate && <span className="shrink-0 text-xs text-subtle">{rate}</span>}
              </span>
              <span className="space-y-1" aria-hidden>
                <Bar width={width(p.views)} value={p.views} tone="bg-brand" />
                <Bar width={width(p.buyClicks)} value={p.buyClicks} tone="bg-accent" />
              </span>
            </li>
          );
        })}
      </ul>
      {seen.length > MAX_ROWS && (
        <p className="mt-3 text-xs text-subtle">
          The {MAX_ROWS} most viewed of {seen.length} pages.
        </p>
      )}
    </section>
  );
}

function Bar({ width, value, tone }: { width: string; value: number; tone: string }) {
  return (
    <span className="flex items-center gap-2">
      <span className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-surface-2">
        <span className={`block h-full rounded-full ${tone}`} style={{ width }} />
      </span>
      <span className="w-12 shrink-0 text-right text-xs tabular-nums text-muted">{count(value)}</span>
    </span>
  );
}

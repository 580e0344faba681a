/**
 * The winning score and its reasons: the score badge of the results, and the breakdown of the
 * product panel (one bar split by what each component adds, then each component with its
 * weight, points, contribution, the explanation and the record values behind it).
 */
import type { ProductScore, ScoreComponent } from "~/domain/contracts/market";
import { Badge, cx, type BadgeTone } from "~/ui";
import { NOT_IN_RECORD } from "./format";

export function scoreTone(score: number | null): BadgeTone {
  if (score === null) return "neutral";
  if (score >= 70) return "success";
  if (score >= 50) return "brand";
  if (score >= 35) return "warning";
  return "neutral";
}

export function ScoreBadge({ score, className }: { score: number | null; className?: string }) {
  return (
    <Badge tone={scoreTone(score)} className={cx("min-w-10 justify-center tabular-nums", className)}>
      <span className="sr-only">Winning score </span>
      {score ?? "—"}
    </Badge>
  );
}

/** One colour per component, the same in the bar and the list. */
const COMPONENT_COLORS: Record<ScoreComponent["key"], string> = {
  momentum: "bg-brand",
  demand: "bg-accent",
  margin: "bg-warning",
  competition: "bg-brand/45",
  shipping: "bg-accent/45",
};

const points = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-US");

export function ScoreBreakdown({ score }: { score: ProductScore }) {
  const parts = score.components;
  // Missing components give their weight to the others in proportion (app/server/market/score.ts).
  const weightPresent = parts.reduce((sum, c) => sum + (c.points === null ? 0 : c.weight), 0);
  const formula = (c: ScoreComponent) =>
    weightPresent === 100
      ? `${points(c.points!)} × ${c.weight}% = ${points(c.contribution)}`
      : `${points(c.points!)} × ${c.weight} ÷ ${weightPresent} = ${points(c.contribution)}`;
  return (
    <div data-testid="score-breakdown">
      <div className="flex items-end gap-3">
        <p className="text-4xl font-bold tabular-nums tracking-tight text-fg" data-testid="score-value">
          {score.score}
        </p>
        <p className="pb-1 text-sm text-muted">of 100: the sum of what each component adds</p>
      </div>
      <div
        className="mt-3 flex h-3 w-full overflow-hidden rounded-full bg-surface-2"
        role="img"
        aria-label={`Score ${score.score} of 100: ${parts.map((c) => `${c.label} adds ${points(c.contribution)}`).join(", ")}`}
      >
        {parts.map((c) => (
          <span
            key={c.key}
            className={cx("h-full border-r border-surface last:border-0", COMPONENT_COLORS[c.key])}
            style={{ width: `${Math.max(0, c.contribution)}%` }}
          />
        ))}
      </div>
      {score.missing.length > 0 && (
        <p className="mt-2 text-xs text-warning">
          {NOT_IN_RECORD}:{" "}
          {parts
            .filter((c) => score.missing.includes(c.key))
            .map((c) => c.label.toLowerCase())
            .join(", ")}
          . Its weight went to the other components.
        </p>
      )}
      <ol className="mt-4 space-y-3" data-testid="score-components">
        {parts.map((c) => (
          <li
            key={c.key}
            className="rounded-xl border border-line bg-surface p-3.5"
            data-testid="score-component"
            data-key={c.key}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span aria-hidden className={cx("size-2.5 shrink-0 rounded-full", COMPONENT_COLORS[c.key])} />
              <p className="min-w-0 flex-1 font-semibold text-fg">{c.label}</p>
              <p className="text-sm tabular-nums text-fg">
                <span className="font-semibold">+{points(c.contribution)}</span>
                <span className="text-muted"> to the score</span>
              </p>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
              <div>
                <dt className="text-subtle">Weight</dt>
                <dd className="font-semibold tabular-nums text-fg">{c.weight}%</dd>
              </div>
              <div>
                <dt className="text-subtle">Points</dt>
                <dd className="font-semibold tabular-nums text-fg">
                  {c.points === null ? NOT_IN_RECORD : `${points(c.points)} of 100`}
                </dd>
              </div>
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-subtle">Adds</dt>
                <dd className="font-semibold tabular-nums text-fg">
                  {c.points === null ? "0 (left out)" : formula(c)}
                </dd>
              </div>
            </dl>
            {c.points !== null && (
              <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-surface-2" aria-hidden>
                <span
                  className={cx("block h-full rounded-full", COMPONENT_COLORS[c.key])}
                  style={{ width: `${Math.min(100, Math.max(0, c.points))}%` }}
                />
              </div>
            )}
            <p className="mt-2 text-sm text-muted">{c.explanation}</p>
            {c.values.length > 0 && (
              <dl className="mt-2 flex flex-wrap gap-1.5 text-xs">
                {c.values.map((v) => (
                  <div key={v.label} className="inline-flex items-baseline gap-1 rounded-md bg-surface-2 px-2 py-1">
                    {/* Muted, not subtle: on the chip's grey the subtle tone is under 4.5:1 in the light theme. */}
                    <dt className="text-muted">{v.label}</dt>
                    <dd className="font-semibold tabular-nums text-fg">{v.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A tiny line of the last weeks' orders, beside the number it explains (decoration). */
export function Sparkline({ values, className }: { values: readonly number[]; className?: string }) {
  if (values.length < 2) return null;
  const w = 64;
  const h = 20;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const pts = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * (w - 2) + 1).toFixed(1)},${(h - 1 - ((v - min) / span) * (h - 2)).toFixed(1)}`,
    )
    .join(" ");
  const rising = values[values.length - 1] >= values[0];
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} aria-hidden className={cx("shrink-0", className)}>
      <polyline
        points={pts}
        fill="none"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        className={rising ? "stroke-accent" : "stroke-danger"}
      />
    </svg>
  );
}

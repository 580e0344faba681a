/**
 * /seo: an audit of each page as it would be served, with its score (a ring coloured by band)
 * and its checks, failed first: what was found, why it matters, how severe. Fixable checks get
 * "Fix", and each page "Fix all"; the server applies the fixes, audits again and the screen says
 * what changed (a toast and the score before and after).
 */
import { Link } from "@remix-run/react";
import { CheckCircle2, ChevronDown, Pencil, Plus, SearchCheck, Wand2, XCircle } from "lucide-react";
import { useState } from "react";
import type { SeoAudit, SeoCheck, SeoCheckId } from "~/domain/contracts/pages";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  Badge,
  Button,
  buttonClasses,
  cx,
  EmptyState,
  LoadError,
  PageHeader,
  Skeleton,
  Stat,
  type BadgeTone,
} from "~/ui";
import {
  BAND_LABEL,
  fixableFailed,
  fixOutcome,
  groupChecks,
  kilobytes,
  scoreBand,
  scoreChange,
  type FixOutcome,
  type ScoreBand,
} from "./seo-logic";
import { useApplyFixes, useAudits } from "./use-seo";

const BAND_TEXT: Record<ScoreBand, string> = { good: "text-accent", fair: "text-warning", poor: "text-danger" };
const SEVERITY: Record<SeoCheck["severity"], { tone: BadgeTone; label: string }> = {
  high: { tone: "danger", label: "High" },
  medium: { tone: "warning", label: "Medium" },
  low: { tone: "neutral", label: "Low" },
};

export function SeoScreen() {
  const audits = useAudits();
  const list = audits.data ?? [];
  const average = list.length ? Math.round(list.reduce((s, a) => s + a.score, 0) / list.length) : 0;
  const failing = list.reduce((n, a) => n + a.checks.filter((c) => !c.passed).length, 0);
  const fixable = list.reduce((n, a) => n + fixableFailed(a).length, 0);

  let body: React.ReactNode;
  if (audits.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Auditing your pages" className="space-y-4">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-56 rounded-2xl" />
        ))}
      </div>
    );
  } else if (audits.isError) {
    body = (
      <LoadError onRetry={() => void audits.refetch()} retrying={audits.isFetching}>
        Your pages could not be audited: {errorMessage(audits.error, "please try again")}.
      </LoadError>
    );
  } else if (list.length === 0) {
    body = (
      <div data-testid="seo-empty">
        <EmptyState
          icon={SearchCheck}
          title="No pages to audit yet"
          description="Build a page in the AI Page Builder: its title, description, headings, images and structured data are checked here, with one-click fixes."
          action={
            <Link to="/ai-page-builder" className={buttonClasses()}>
              <Plus aria-hidden className="size-4" /> Build a page
            </Link>
          }
        />
      </div>
    );
  } else {
    body = (
      <ul className="space-y-4" aria-label="Page audits">
        {list.map((a) => (
          <AuditCard key={a.pageId} audit={a} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="seo-screen">
      <PageHeader
        title="SEO"
        description="Each page checked as search engines and link previews see it: title and description, headings, image alt text and weight, structured data, canonical and social tags, links and page weight."
      />
      {list.length > 0 && (
        <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat
            label="Average score"
            value={<span className={BAND_TEXT[scoreBand(average)]}>{average}</span>}
            hint={BAND_LABEL[scoreBand(average)]}
          />
          <Stat label="Pages" value={list.length} />
          <Stat label="Failed checks" value={failing} />
          <Stat label="Fixable in one click" value={fixable} />
        </div>
      )}
      <div className="mt-8">{body}</div>
    </div>
  );
}

/** The score as a ring: the arc is the score, the colour its band; the number is in the middle. */
export function ScoreRing({ score, size = 88 }: { score: number; size?: number }) {
  const band = scoreBand(score);
  const stroke = 8;
  const r = (size - stroke) / 2;
  const length = 2 * Math.PI * r;
  return (
    <div
      className="relative shrink-0"
      style={{ width: size, height: size }}
      role="img"
      aria-label={`SEO score ${score} of 100, ${BAND_LABEL[band].toLowerCase()}`}
      data-testid="seo-score"
      data-score={score}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90" aria-hidden>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} className="stroke-surface-2" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - score / 100)}
          className={cx(
            "transition-[stroke-dashoffset] duration-700",
            { good: "stroke-accent", fair: "stroke-warning", poor: "stroke-danger" }[band],
          )}
        />
      </svg>
      <span aria-hidden className="absolute inset-0 grid place-items-center">
        <span className="text-center leading-none">
          <span className={cx("block text-2xl font-bold tabular-nums", BAND_TEXT[band])}>{score}</span>
          <span className="mt-0.5 block text-[10px] font-medium uppercase tracking-wide text-subtle">of 100</span>
        </span>
      </span>
    </div>
  );
}

function AuditCard({ audit }: { audit: SeoAudit }) {
  const fix = useApplyFixes();
  const [outcome, setOutcome] = useState<FixOutcome | null>(null);
  const { failed, passed } = groupChecks(audit.checks);
  const fixable = fixableFailed(audit);
  const band = scoreBand(audit.score);
  const titleId = `seo-${audit.pageId}-title`;
  const pending = (id?: SeoCheckId) =>
    fix.isPending &&
    (id ? fix.variables?.checks?.length === 1 && fix.variables.checks[0] === id : !fix.variables?.checks);

  const apply = (checks?: SeoCheckId[]) =>
    fix.mutate(
      { pageId: audit.pageId, checks },
      {
        onSuccess: (result) => {
          const o = fixOutcome(audit, result.audit, result.applied);
          setOutcome(o);
          notify({
            title:
              result.applied.length === 0
                ? "Nothing to fix"
                : o.nowPassing.length
                  ? `Fixed: ${o.nowPassing.join(", ")}`
                  : "Fixes applied",
            description: `${audit.title}: ${scoreChange(o)}.${o.stillFailing.length ? ` Still to do by hand: ${o.stillFailing.join(", ")}.` : ""}${audit.status === "published" ? " The live page was updated." : ""}`,
            variant: o.after >= o.before ? "success" : "default",
          });
        },
        onError: (err) =>
          notify({
            title: "Couldn’t apply the fix",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          }),
      },
    );

  return (
    <li
      aria-labelledby={titleId}
      className="rounded-2xl border border-line bg-surface"
      data-testid="seo-audit"
      data-page-id={audit.pageId}
    >
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <ScoreRing score={audit.score} />
          <div className="min-w-0">
            <h2 id={titleId} className="break-words text-base font-semibold text-fg">
              {audit.title}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted">
              <Badge tone={audit.status === "published" ? "success" : "neutral"}>
                {audit.status === "published" ? "Published" : "Draft"}
              </Badge>
              <span className={BAND_TEXT[band]}>{BAND_LABEL[band]}</span>
              <span aria-hidden>·</span>
              <span>
                {failed.length === 0 ? "All checks pass" : `${failed.length} of ${audit.checks.length} checks fail`}
              </span>
              <span aria-hidden>·</span>
              <span>{kilobytes(audit.pageBytes)} page</span>
            </p>
            {outcome && (
              <p className="mt-1.5 text-[13px] font-medium text-fg" role="status" data-testid="seo-change">
                {scoreChange(outcome)}
                {outcome.nowPassing.length > 0 && (
                  <span className="font-normal text-muted"> · now passing: {outcome.nowPassing.join(", ")}</span>
                )}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Link
            to={`/ai-page-builder?page=${encodeURIComponent(audit.pageId)}`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            <Pencil aria-hidden className="size-3.5" /> Edit page
            <span className="sr-only">: {audit.title}, in the builder</span>
          </Link>
          {fixable.length > 1 && (
            <Button
              size="sm"
              loading={pending()}
              disabled={fix.isPending}
              onClick={() => apply()}
              icon={<Wand2 aria-hidden className="size-4" />}
              data-testid="fix-all"
            >
              Fix all ({fixable.length})
            </Button>
          )}
        </div>
      </div>

      {failed.length > 0 && (
        <ul className="divide-y divide-line border-t border-line" aria-label={`Failed checks of ${audit.title}`}>
          {failed.map((c) => (
            <CheckRow
              key={c.id}
              check={c}
              fixing={pending(c.id)}
              disabled={fix.isPending}
              onFix={() => apply([c.id])}
            />
          ))}
        </ul>
      )}

      {passed.length > 0 && (
        <details className="group border-t border-line">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-b-2xl px-4 py-3 text-sm font-medium text-muted hover:text-fg sm:px-5 [&::-webkit-details-marker]:hidden">
            <CheckCircle2 aria-hidden className="size-4 text-accent" />
            {passed.length} passed {passed.length === 1 ? "check" : "checks"}
            <ChevronDown aria-hidden className="ml-auto size-4 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="divide-y divide-line border-t border-line" aria-label={`Passed checks of ${audit.title}`}>
            {passed.map((c) => (
              <CheckRow key={c.id} check={c} />
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function CheckRow({
  check: c,
  fixing = false,
  disabled = false,
  onFix,
}: {
  check: SeoCheck;
  fixing?: boolean;
  disabled?: boolean;
  onFix?: () => void;
}) {
  const severity = SEVERITY[c.severity];
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-start sm:px-5"
      data-testid="seo-check"
      data-check={c.id}
      data-passed={c.passed}
    >
      <span className="flex min-w-0 flex-1 gap-3">
        {c.passed ? (
          <CheckCircle2 aria-label="Passed" className="mt-0.5 size-[18px] shrink-0 text-accent" />
        ) : (
          <XCircle
            aria-label="Failed"
            className={cx(
              "mt-0.5 size-[18px] shrink-0",
              c.severity === "high" ? "text-danger" : c.severity === "medium" ? "text-warning" : "text-subtle",
            )}
          />
        )}
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-fg">{c.label}</span>
            {!c.passed && <Badge tone={severity.tone}>{severity.label}</Badge>}
          </span>
          <span className="mt-0.5 block break-words text-sm text-fg/90">{c.message}</span>
          {!c.passed && <span className="mt-1 block text-[13px] text-muted">{c.why}</span>}
          {!c.passed && !c.fixable && (
            <span className="mt-1 block text-xs text-subtle">
              Fix it in the builder: this one needs your words or images.
            </span>
          )}
        </span>
      </span>
      {!c.passed && c.fixable && onFix && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:ml-2"
          loading={fixing}
          disabled={disabled}
          onClick={onFix}
          aria-label={`Fix ${c.label}`}
          icon={<Wand2 aria-hidden className="size-3.5" />}
        >
          Fix
        </Button>
      )}
    </li>
  );
}

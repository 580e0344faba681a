/**
 * /canonical-demo: a five-step walkthrough of a project's canon on a sample project. Each step's
 * canon is computed in the browser by the real rules (app/domain/canon.ts, ADR 010); the tree
 * shows what changed and the rule that decided. The step lives in the query string (?step=),
 * Back/Next and the arrow keys move through it.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { ArrowLeft, ArrowRight, FlaskConical, FolderPlus, Quote } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from "react";
import { canonTree, type CanonTreeNode } from "~/domain/canon";
import type { CanonEntry, CanonSource } from "~/domain/contracts/projects";
import { Badge, Button, buttonClasses, cx, PageHeader, Pressable, type BadgeTone } from "~/ui";
import {
  buildDemoSteps,
  formatValue,
  SAMPLE_DELETE,
  SAMPLE_INSTRUCTIONS,
  SAMPLE_PROJECT_NAME,
  SAMPLE_RESEARCH,
  SAMPLE_USER_EDIT,
  SOURCE_LABEL,
  stepFromParam,
  type DemoStep,
  type PathDecision,
} from "./demo-steps";

const SOURCE_TONE: Record<CanonSource, BadgeTone> = { user: "brand", research: "success", ai: "neutral" };
const OUTCOME_LOOK: Record<PathDecision["outcome"], { label: string; tone: BadgeTone }> = {
  added: { label: "Added", tone: "success" },
  replaced: { label: "Replaced", tone: "warning" },
  kept: { label: "Kept", tone: "neutral" },
  removed: { label: "Removed", tone: "danger" },
};

export function CanonicalDemoScreen() {
  const steps = useMemo(() => buildDemoSteps(), []);
  const [params, setParams] = useSearchParams();
  const current = stepFromParam(params.get("step"), steps.length);
  const step = steps[current - 1]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const go = useCallback(
    (n: number) => {
      const next = Math.min(Math.max(n, 1), steps.length);
      if (next === current) return;
      moved.current = true;
      setParams({ step: String(next) }, { replace: true, preventScrollReset: true });
    },
    [current, setParams, steps.length],
  );

  // After Back/Next the step's heading takes focus, so a screen reader reads the new step.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") go(current + 1);
    else if (event.key === "ArrowLeft") go(current - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-12 pt-6 sm:px-6" data-testid="canonical-demo" onKeyDown={onKeyDown}>
      <PageHeader
        title="How a project’s canon is decided"
        description="The canon is the set of business facts every answer in a project uses. Three writers change it: the auto-rules, research and you. Walk through five steps on a sample project; every result below is computed by the same merge rules the app uses."
      />
      <div className="mt-4 flex flex-wrap items-center gap-2 text-[13px] text-muted">
        <Badge tone="warning">
          <FlaskConical className="size-3" aria-hidden />
          Sample data
        </Badge>
        <span>
          <span className="font-medium text-fg">{SAMPLE_PROJECT_NAME}</span>: a made-up store; nothing here is saved to your account.
        </span>
      </div>

      <nav aria-label="Demo steps" className="mt-6">
        <ol className="grid grid-cols-5 gap-1.5 sm:gap-2">
          {steps.map((s, i) => {
            const n = i + 1;
            const active = n === current;
            return (
              <li key={s.kind}>
                <Pressable
                  onClick={() => go(n)}
                  aria-current={active ? "step" : undefined}
                  data-testid={`demo-step-${n}`}
                  className={cx(
                    "flex h-full w-full flex-col items-start gap-1 rounded-xl border px-2 py-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand sm:px-3",
                    active ? "border-brand bg-brand-soft text-fg" : n < current ? "border-line bg-surface text-muted" : "border-line bg-surface text-subtle hover:border-brand/40",
                  )}
                >
                  {/* Named by its own text, "Step 1: Title"; below sm the title is only read, not drawn. */}
                  <span className={cx("text-xs font-bold", active ? "text-brand" : "")}>
                    <span className="sr-only">Step </span>
                    {n}
                    <span className="sr-only">: </span>
                  </span>
                  <span className="text-[12px] font-medium leading-4 max-sm:sr-only sm:block">{s.title}</span>
                </Pressable>
              </li>
            );
          })}
        </ol>
      </nav>

      <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5" aria-labelledby="demo-step-title">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand">
            Step {current} of {steps.length}
          </p>
          <h2
            id="demo-step-title"
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-lg font-semibold tracking-tight text-fg focus:outline-none"
            data-testid="demo-step-title"
            aria-live="polite"
          >
            {step.title}
          </h2>
          <p className="mt-2 text-sm leading-6 text-muted">{step.lead}</p>
          <div className="mt-4">
            <StepInput step={step} />
          </div>
          {step.decisions.length > 0 && <Decisions step={step} />}
        </section>

        <section className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5" aria-labelledby="demo-canon-title">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="demo-canon-title" className="text-base font-semibold text-fg">
              The canon after step {current}
            </h2>
            <span className="text-xs text-subtle" data-testid="demo-canon-count">
              {Object.keys(step.after).length} {Object.keys(step.after).length === 1 ? "entry" : "entries"}
            </span>
          </div>
          <CanonView step={step} />
        </section>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={() => go(current - 1)} disabled={current === 1} icon={<ArrowLeft className="size-4" aria-hidden />} data-testid="demo-back">
          Back
        </Button>
        <p className="hidden text-xs text-subtle sm:block">Tip: the ← and → keys move between steps.</p>
        {current < steps.length ? (
          <Button onClick={() => go(current + 1)} data-testid="demo-next">
            Next
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        ) : (
          <Link to="/projects" className={buttonClasses({ variant: "primary" })} data-testid="demo-create-project">
            <FolderPlus className="size-4" aria-hidden />
            Create your own project
          </Link>
        )}
      </div>
    </div>
  );
}

/** What came in at this step: the instructions, the research object, the edit or the delete. */
function StepInput({ step }: { step: DemoStep }) {
  if (step.kind === "instructions" || step.kind === "derived") {
    return (
      <figure className="rounded-xl border border-line bg-surface-2/60 p-3">
        <figcaption className="text-xs font-semibold text-muted">Business instructions</figcaption>
        <blockquote className="mt-1.5 text-sm leading-6 text-fg" data-testid="demo-instructions">
          {SAMPLE_INSTRUCTIONS}
        </blockquote>
      </figure>
    );
  }
  if (step.kind === "research") {
    return (
      <figure className="rounded-xl border border-line bg-surface-2/60 p-3">
        <figcaption className="text-xs font-semibold text-muted">Research saved to the project · {dayOf(SAMPLE_RESEARCH.at)}</figcaption>
        <pre className="mt-1.5 overflow-x-auto text-[12px] leading-5 text-fg">{JSON.stringify(SAMPLE_RESEARCH.input, null, 2)}</pre>
      </figure>
    );
  }
  if (step.kind === "user") {
    return (
      <figure className="rounded-xl border border-line bg-surface-2/60 p-3">
        <figcaption className="text-xs font-semibold text-muted">Your edits on the Canon tab · {dayOf(SAMPLE_USER_EDIT.at)}</figcaption>
        <dl className="mt-1.5 space-y-1 text-sm">
          {Object.entries(SAMPLE_USER_EDIT.input).map(([path, value]) => (
            <div key={path} className="flex flex-wrap gap-x-2">
              <dt className="font-mono text-[12px] text-muted">{path}</dt>
              <dd className="text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </figure>
    );
  }
  return (
    <figure className="rounded-xl border border-danger/30 bg-danger/5 p-3">
      <figcaption className="text-xs font-semibold text-danger">Delete</figcaption>
      <p className="mt-1.5 font-mono text-[13px] text-fg">{SAMPLE_DELETE.join(", ")}</p>
    </figure>
  );
}

function Decisions({ step }: { step: DemoStep }) {
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-fg">What changed, and the rule that decided</h3>
      <ul className="mt-2 space-y-2" data-testid="demo-decisions">
        {step.decisions.map((d) => (
          <li key={d.path} className="rounded-xl border border-line px-3 py-2" data-testid={`demo-decision-${d.path}`}>
            <div className="flex flex-wrap items-center gap-2">
              <code className="text-[12px] font-semibold text-fg">{d.path}</code>
              <Badge tone={OUTCOME_LOOK[d.outcome].tone}>{OUTCOME_LOOK[d.outcome].label}</Badge>
            </div>
            {d.outcome === "replaced" && d.previous && d.entry && (
              <p className="mt-1 text-[13px] text-muted">
                <span className="line-through">{formatValue(d.previous.value)}</span>{" "}
                <span className="text-subtle">({SOURCE_LABEL[d.previous.source]})</span> →{" "}
                <span className="font-medium text-fg">{formatValue(d.entry.value)}</span>{" "}
                <span className="text-subtle">({SOURCE_LABEL[d.entry.source]})</span>
              </p>
            )}
            <p className="mt-1 text-[13px] leading-5 text-muted">{d.rule}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CanonView({ step }: { step: DemoStep }) {
  const tree = useMemo(() => canonTree(step.after), [step.after]);
  const changed = useMemo(() => new Set(step.changed), [step.changed]);
  const removed = step.decisions.filter((d) => d.outcome === "removed");
  if (tree.length === 0) {
    return (
      <p className="mt-4 rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted" data-testid="demo-canon-empty">
        The canon is empty. Nothing is known until a sentence, research or you state it.
      </p>
    );
  }
  return (
    <>
      <ul className="mt-3 space-y-1" data-testid="demo-canon" aria-label="Canon entries">
        {tree.map((node) => (
          <TreeNode key={node.path} node={node} changed={changed} depth={0} />
        ))}
      </ul>
      {removed.length > 0 && (
        <div className="mt-4">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-danger">Removed in this step</h3>
          <ul className="mt-1.5 space-y-1" data-testid="demo-removed">
            {removed.map((d) => (
              <li key={d.path} className="rounded-lg bg-danger/5 px-2.5 py-1.5 text-[13px] text-muted">
                <code className="line-through">{d.path}</code>
                {d.previous && <span className="line-through"> · {formatValue(d.previous.value)}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function TreeNode({ node, changed, depth }: { node: CanonTreeNode; changed: Set<string>; depth: number }) {
  const highlighted = changed.has(node.path);
  return (
    <li>
      <div
        className={cx(
          "rounded-lg px-2.5 py-1.5",
          highlighted ? "bg-brand-soft ring-1 ring-inset ring-brand/40" : "",
        )}
        style={{ marginLeft: depth * 14 }}
        data-testid={`demo-node-${node.path}`}
        data-changed={highlighted || undefined}
      >
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <code className={cx("text-[12px]", node.entry ? "font-semibold text-fg" : "text-muted")}>{node.segment}</code>
          {node.entry && <EntryLine entry={node.entry} />}
          {highlighted && <span className="sr-only">(changed in this step)</span>}
        </div>
        {node.entry?.origin && node.entry.source !== "user" && (
          <p className="mt-0.5 flex items-start gap-1 text-[12px] leading-4 text-subtle">
            <Quote className="mt-0.5 size-3 shrink-0" aria-hidden />
            <span className="min-w-0">{node.entry.origin.excerpt}</span>
          </p>
        )}
      </div>
      {node.children.length > 0 && (
        <ul className="mt-1 space-y-1">
          {node.children.map((child) => (
            <TreeNode key={child.path} node={child} changed={changed} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

function EntryLine({ entry }: { entry: CanonEntry }) {
  return (
    <>
      <span className="min-w-0 break-words text-[13px] text-fg">{formatValue(entry.value)}</span>
      <Badge tone={SOURCE_TONE[entry.source]}>{SOURCE_LABEL[entry.source]}</Badge>
      <span className="text-[11px] text-subtle">{dayOf(entry.timestamp)}</span>
    </>
  );
}

/** A day in words, the same on server and browser (UTC), e.g. "2 Nov 2026". */
function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/**
 * /tutorials (issue 16): guided tutorials as cards with their progress, and one tutorial's
 * checklist. A step with a record ticks itself when the user really does the thing (the server
 * reads their records, and the list refetches when the window regains focus); the rest are ticked
 * by hand and say so. Signed-out visitors see every tutorial and a call to sign up.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { ArrowLeft, ArrowRight, CheckCircle2, Hand, Sparkles, Waypoints } from "lucide-react";
import { TUTORIALS } from "~/domain/tutorials";
import { useCurrentUser } from "~/features/account";
import { relativeTime } from "~/ui/time";
import { Badge, Button, buttonClasses, cx, LoadError, PageHeader, Skeleton } from "~/ui";
import { cardAction, stepsPhrase, tutorialView, type StepView, type TutorialView } from "./tutorial-logic";
import { useHandTick, useTutorialProgress } from "./use-tutorials";

const TUTORIAL_PARAM = "tutorial";

export function TutorialsScreen() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const progress = useTutorialProgress();
  const [params] = useSearchParams();
  const signedIn = Boolean(user);
  const loading = userLoading || (signedIn && progress.isPending);
  const views = TUTORIALS.map((t) => tutorialView(t, progress.data?.find((p) => p.id === t.id)));
  const open = views.find((v) => v.id === params.get(TUTORIAL_PARAM)) ?? null;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-6 sm:px-6" data-testid="tutorials">
      {!userLoading && !signedIn && <SignUpCall />}
      {signedIn && progress.isError && (
        <LoadError className="mb-4" onRetry={() => void progress.refetch()} retrying={progress.isFetching}>
          Your progress could not be loaded. The tutorials below still work; ticks show once it loads.
        </LoadError>
      )}
      {open ? (
        <TutorialChecklist view={open} signedIn={signedIn} loading={loading} />
      ) : (
        <TutorialCards views={views} signedIn={signedIn} loading={loading} />
      )}
    </div>
  );
}

function SignUpCall() {
  return (
    <section
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand/25 bg-brand-soft/60 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="tutorials-signup-call"
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold text-fg">Sign up to track your progress</p>
        <p className="mt-0.5 text-[13px] text-muted">
          Signed in, each step ticks itself when you do it in the app, and your progress is kept for your account.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to="/signup" className={buttonClasses({ variant: "primary", size: "sm" })}>
          Sign up free
        </Link>
        <Link to="/login?redirect=%2Ftutorials" className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Log in
        </Link>
      </div>
    </section>
  );
}

function TutorialCards({ views, signedIn, loading }: { views: TutorialView[]; signedIn: boolean; loading: boolean }) {
  const finished = views.filter((v) => v.done === v.total).length;
  return (
    <>
      <PageHeader
        title="Tutorials"
        description="Short guided paths through Dropcraft. Each step says what to do, links to the screen where you do it, and ticks itself when you have."
      />
      {signedIn && !loading && (
        <p className="mt-3 text-sm text-muted" data-testid="tutorials-summary">
          {finished} of {views.length} tutorials complete
        </p>
      )}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tutorials">
        {views.map((view) => (
          <li key={view.id}>
            <TutorialCard view={view} signedIn={signedIn} loading={loading} />
          </li>
        ))}
      </ul>
      <aside className="mt-8 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand" aria-hidden>
            <Waypoints className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-fg">How a project&rsquo;s canon is decided</p>
            <p className="mt-0.5 text-[13px] text-muted">
              A five-step walkthrough on a sample project: AI-derived facts, a research import, your own edit and a delete.
            </p>
          </div>
        </div>
        <Link to="/canonical-demo" className={cx(buttonClasses({ variant: "secondary", size: "sm" }), "shrink-0")}>
          Open the canon demo
        </Link>
      </aside>
    </>
  );
}

function TutorialCard({ view, signedIn, loading }: { view: TutorialView; signedIn: boolean; loading: boolean }) {
  const complete = signedIn && view.done === view.total;
  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 transition-colors hover:border-brand/40"
      data-testid={`tutorial-card-${view.id}`}
      aria-labelledby={`tutorial-title-${view.id}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`tutorial-title-${view.id}`} className="text-[15px] font-semibold leading-snug text-fg">
          {view.title}
        </h2>
        {complete && (
          <Badge tone="success">
            <CheckCircle2 className="size-3" aria-hidden />
            Done
          </Badge>
        )}
      </div>
      <p className="mt-1.5 flex-1 text-[13px] leading-5 text-muted">{view.summary}</p>
      <div className="mt-4">
        {signedIn ? (
          loading ? (
            <Skeleton className="h-5 w-full" />
          ) : (
            <TutorialBar view={view} />
          )
        ) : (
          <p className="text-xs text-subtle">{view.total} steps</p>
        )}
      </div>
      <Link
        to={`/tutorials?${TUTORIAL_PARAM}=${view.id}`}
        className={cx(buttonClasses({ variant: complete ? "secondary" : "primary", size: "sm" }), "mt-4 self-start")}
        aria-label={`${cardAction(view, signedIn)}: ${view.title}`}
        data-testid={`tutorial-open-${view.id}`}
      >
        {cardAction(view, signedIn)}
        <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </article>
  );
}

/** Progress of one tutorial: green when complete (a full bar is good news here). */
function TutorialBar({ view }: { view: Pick<TutorialView, "done" | "total" | "title" | "id"> }) {
  const ratio = view.total ? view.done / view.total : 0;
  return (
    <div>
      <div className="flex items-center justify-between text-xs">
        <span className="font-medium text-fg" data-testid={`tutorial-count-${view.id}`}>
          {stepsPhrase(view.done, view.total)}
        </span>
        <span className="tabular-nums text-subtle">{Math.round(ratio * 100)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`${view.title}: progress`}
        aria-valuemin={0}
        aria-valuemax={view.total}
        aria-valuenow={view.done}
        aria-valuetext={stepsPhrase(view.done, view.total)}
        className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={cx("h-full rounded-full transition-[width] duration-300", ratio >= 1 ? "bg-accent" : "bg-brand")}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
    </div>
  );
}

function TutorialChecklist({ view, signedIn, loading }: { view: TutorialView; signedIn: boolean; loading: boolean }) {
  return (
    <section aria-labelledby="tutorial-heading" data-testid={`tutorial-${view.id}`}>
      <Link to="/tutorials" className={cx(buttonClasses({ variant: "ghost", size: "sm" }), "-ml-3")}>
        <ArrowLeft className="size-3.5" aria-hidden />
        All tutorials
      </Link>
      <header className="mt-2">
        <h1 id="tutorial-heading" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {view.title}
        </h1>
        <p className="mt-1.5 max-w-2xl text-sm text-muted sm:text-[15px]">{view.summary}</p>
        {signedIn && <div className="mt-4 max-w-md">{loading ? <Skeleton className="h-5 w-full" /> : <TutorialBar view={view} />}</div>}
        {signedIn && !loading && view.done === view.total && (
          <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-accent" data-testid="tutorial-complete">
            <CheckCircle2 className="size-4" aria-hidden />
            Tutorial complete.
          </p>
        )}
      </header>
      <ol className="mt-6 space-y-3" aria-label="Steps">
        {view.steps.map((step, index) => (
          <StepRow
            key={step.id}
            tutorialId={view.id}
            step={step}
            number={index + 1}
            isNext={signedIn ? !loading && view.nextStepId === step.id : index === 0}
            signedIn={signedIn}
            loading={loading}
          />
        ))}
      </ol>
    </section>
  );
}

function StepRow({
  tutorialId,
  step,
  number,
  isNext,
  signedIn,
  loading,
}: {
  tutorialId: string;
  step: StepView;
  number: number;
  isNext: boolean;
  signedIn: boolean;
  loading: boolean;
}) {
  const done = signedIn && step.state !== "todo";
  return (
    <li
      className={cx(
        "rounded-2xl border bg-surface p-4 shadow-sm shadow-black/5",
        isNext ? "border-brand ring-1 ring-brand/40" : "border-line",
      )}
      data-testid={`step-${step.id}`}
      data-state={!signedIn ? "signed-out" : loading ? "loading" : step.state}
      aria-current={isNext ? "step" : undefined}
    >
      <div className="flex items-start gap-3">
        <span
          className={cx(
            "mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold",
            done ? "bg-accent text-white" : isNext ? "bg-brand-strong text-white" : "bg-surface-2 text-muted",
          )}
          aria-hidden
        >
          {done ? <CheckCircle2 className="size-4" /> : number}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className={cx("text-[15px] font-semibold text-fg", done && "text-muted line-through decoration-1")}>{step.title}</h2>
            {isNext && !done && (
              <Badge tone="brand">{signedIn ? "Next step" : "Start here"}</Badge>
            )}
            <span className="sr-only">{done ? "Done." : "To do."}</span>
          </div>
          <p className="mt-1 text-[13px] leading-5 text-muted">{step.instructions}</p>
          <StepStatus step={step} signedIn={signedIn} loading={loading} />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Link
              to={step.href}
              className={buttonClasses({ variant: isNext && !done ? "primary" : "secondary", size: "sm" })}
              aria-label={`Go there: ${step.hrefLabel}, for “${step.title}”`}
              data-testid={`step-go-${step.id}`}
            >
              Go there
              <span className="text-[12px] font-normal opacity-80">· {step.hrefLabel}</span>
            </Link>
            {signedIn && !step.check && <HandTickButton tutorialId={tutorialId} step={step} disabled={loading} />}
          </div>
        </div>
      </div>
    </li>
  );
}

function StepStatus({ step, signedIn, loading }: { step: StepView; signedIn: boolean; loading: boolean }) {
  if (signedIn && !loading && step.state === "done_by_action") {
    return (
      <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-accent" data-testid={`step-status-${step.id}`}>
        <Sparkles className="size-3.5" aria-hidden />
        Done: ticked by what you did{step.doneAt ? ` · ${relativeTime(step.doneAt)}` : ""}
      </p>
    );
  }
  if (signedIn && !loading && step.state === "done_by_hand") {
    return (
      <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-accent" data-testid={`step-status-${step.id}`}>
        <Hand className="size-3.5" aria-hidden />
        Marked done by you{step.doneAt ? ` · ${relativeTime(step.doneAt)}` : ""}
      </p>
    );
  }
  return (
    <p className="mt-2 text-xs text-subtle" data-testid={`step-status-${step.id}`}>
      {step.completion}
    </p>
  );
}

function HandTickButton({ tutorialId, step, disabled }: { tutorialId: string; step: StepView; disabled: boolean }) {
  const tick = useHandTick();
  const done = step.state === "done_by_hand";
  return (
    <Button
      variant={done ? "ghost" : "secondary"}
      size="sm"
      loading={tick.isPending}
      disabled={disabled}
      aria-pressed={done}
      onClick={() => tick.mutate({ tutorialId, stepId: step.id, done: !done })}
      data-testid={`step-tick-${step.id}`}
    >
      {done ? "Untick" : "Mark as done"}
    </Button>
  );
}

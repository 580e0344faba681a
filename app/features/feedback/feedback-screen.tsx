/**
 * /feedback: submit an idea or a bug, and the board: every item with its votes (one per user, a
 * toggle), its status and the team's reply, filtered by status and kind.
 */
import { Link } from "@remix-run/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bug, ChevronUp, Lightbulb, MessageSquareText } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { FeedbackItem } from "~/domain/contracts/feedback";
import { FEEDBACK_LIMITS, FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES, type FeedbackKind, type FeedbackStatus } from "~/domain/feedback";
import { useCurrentUser } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, type BadgeTone, Button, CharacterCount, Chip, EmptyState, Field, Input, LoadError, PageHeader, Pressable, RadioGroup, Segment, Skeleton, Textarea, buttonClasses, cx, lengthState, segmentGroupClasses } from "~/ui";
import { feedbackKeys, fetchBoard, setVote, submitFeedback } from "./feedback-client";

export const FEEDBACK_STATUS_TONES: Record<FeedbackStatus, BadgeTone> = { under_review: "neutral", planned: "brand", in_progress: "warning", done: "success", declined: "danger" };

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="feedback-screen">
      <PageHeader title="Feedback" description="Suggest an idea or report a bug, vote for what matters to you, and see what the team plans and ships." />
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function FeedbackScreen() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Shell><Skeleton lines={6} /></Shell>;
  if (!user) {
    return (
      <Shell>
        <EmptyState
          icon={MessageSquareText}
          title="Log in to share feedback"
          description="The board is for Dropcraft users: log in to suggest ideas, report bugs and vote on what we build next."
          action={<Link to="/login?redirect=%2Ffeedback" className={buttonClasses({})}>Log in</Link>}
        />
      </Shell>
    );
  }
  return (
    <Shell>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <SubmitForm />
        <Board />
      </div>
    </Shell>
  );
}

function SubmitForm() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<FeedbackKind>("idea");
  const [title, setTitle] = useState("");
  const [details, setDetails] = useState("");
  const [errors, setErrors] = useState<{ title?: string; details?: string }>({});
  const submit = useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => {
      setTitle("");
      setDetails("");
      notify({ title: "Thanks!", description: "Your feedback is on the board, under review.", variant: "success" });
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.board() });
    },
    onError: (err) => notify({ title: "Not sent", description: errorMessage(err, "Try again."), variant: "destructive" }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      title: title.trim().length >= 4 ? undefined : "Give it a title (4 characters at least).",
      details: !details.trim()
        ? kind === "bug"
          ? "Say what happened and where."
          : "Say what you would like and why."
        : details.length > FEEDBACK_LIMITS.details
          ? `Keep the details to ${FEEDBACK_LIMITS.details.toLocaleString("en-US")} characters: shorten them by ${(details.length - FEEDBACK_LIMITS.details).toLocaleString("en-US")}.`
          : undefined,
    };
    setErrors(next);
    if (!next.title && !next.details) submit.mutate({ kind, title: title.trim(), details: details.trim() });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="h-fit rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/5" data-testid="feedback-form">
      <h2 className="text-base font-semibold text-fg">Share feedback</h2>
      <RadioGroup className={segmentGroupClasses("mt-3")} aria-label="Kind">
        {(["idea", "bug"] as const).map((k) => (
          <Segment key={k} role="radio" selected={kind === k} onClick={() => setKind(k)} className="flex-1">
            {k === "idea" ? <Lightbulb className="size-4" aria-hidden /> : <Bug className="size-4" aria-hidden />}
            {k === "idea" ? "Idea" : "Bug"}
          </Segment>
        ))}
      </RadioGroup>
      <div className="mt-4 grid gap-3">
        <Field label="Title" error={errors.title}><Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={FEEDBACK_LIMITS.title} name="title" /></Field>
        <Field
          label="Details"
          id="feedback-details"
          error={errors.details}
          // Field points the box at "<id>-hint": the count is read out when it shows.
          hintSlot={lengthState(details.length, FEEDBACK_LIMITS.details) === "ok" ? undefined : <CharacterCount id="feedback-details-hint" length={details.length} max={FEEDBACK_LIMITS.details} className="mt-1.5" data-testid="feedback-details-count" />}
        >
          <Textarea value={details} onChange={(e) => setDetails(e.target.value)} rows={5} name="details" />
        </Field>
      </div>
      <div className="mt-4 flex justify-end"><Button type="submit" loading={submit.isPending}>Submit</Button></div>
    </form>
  );
}

function Board() {
  const [status, setStatus] = useState<FeedbackStatus | "">("");
  const [kind, setKind] = useState<FeedbackKind | "">("");
  const board = useQuery({ queryKey: feedbackKeys.board(), queryFn: ({ signal }) => fetchBoard(signal) });
  if (board.isPending) return <Skeleton lines={6} />;
  if (board.isError) return <LoadError onRetry={() => board.refetch()} retrying={board.isFetching}>The board could not be loaded. {errorMessage(board.error, "")}</LoadError>;
  const items = board.data.filter((i) => (!status || i.status === status) && (!kind || i.kind === kind));
  const count = (s: FeedbackStatus) => board.data.filter((i) => i.status === s).length;
  return (
    <section aria-label="Feedback board" data-testid="feedback-board">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        <FilterChip active={status === ""} onClick={() => setStatus("")}>All ({board.data.length})</FilterChip>
        {FEEDBACK_STATUSES.map((s) => (
          <FilterChip key={s} active={status === s} onClick={() => setStatus(s)}>{FEEDBACK_STATUS_LABELS[s]} ({count(s)})</FilterChip>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Filter by kind">
        <FilterChip active={kind === ""} onClick={() => setKind("")}>Ideas and bugs</FilterChip>
        <FilterChip active={kind === "idea"} onClick={() => setKind("idea")}>Ideas</FilterChip>
        <FilterChip active={kind === "bug"} onClick={() => setKind("bug")}>Bugs</FilterChip>
      </div>
      {items.length === 0 ? (
        <EmptyState className="mt-4" icon={Lightbulb} title={board.data.length ? "Nothing with these filters" : "No feedback yet"} description={board.data.length ? "Try another status or kind." : "Be the first: share an idea or a bug with the form."} />
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {items.map((i) => <FeedbackCard key={i.id} item={i} />)}
        </ul>
      )}
    </section>
  );
}

function FilterChip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Chip size="sm" selected={active} onClick={onClick}>
      {children}
    </Chip>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const queryClient = useQueryClient();
  const vote = useMutation({
    mutationFn: () => setVote(item.id, !item.votedByMe),
    onSuccess: (updated) => queryClient.setQueryData<FeedbackItem[]>(feedbackKeys.board(), (list) => list?.map((i) => (i.id === updated.id ? updated : i))),
    onError: (err) => notify({ title: "Vote not saved", description: errorMessage(err, "Try again."), variant: "destructive" }),
  });
  return (
    <li className="flex gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="feedback-item">
      <Pressable
        onClick={() => vote.mutate()}
        disabled={vote.isPending}
        aria-pressed={item.votedByMe}
        // The name starts with the visible count (WCAG 2.5.3, label in name), then says what pressing does.
        aria-label={`${item.votes} ${item.votes === 1 ? "vote" : "votes"}: ${item.votedByMe ? "remove your vote for" : "vote for"} ${item.title}`}
        className={cx("flex h-14 w-12 shrink-0 flex-col items-center justify-center rounded-xl border text-sm font-semibold tabular-nums", item.votedByMe ? "border-brand bg-brand-soft text-brand" : "border-line text-fg hover:border-brand/40")}
        data-testid="vote-button"
      >
        <ChevronUp className="size-4" aria-hidden />
        {item.votes}
      </Pressable>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-semibold text-fg">{item.title}</h3>
          <Badge tone={FEEDBACK_STATUS_TONES[item.status]}>{FEEDBACK_STATUS_LABELS[item.status]}</Badge>
          <Badge>{item.kind === "bug" ? "Bug" : "Idea"}</Badge>
          {item.mine && <span className="text-xs text-subtle">yours</span>}
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-muted">{item.details}</p>
        {item.teamReply && (
          <div className="mt-3 rounded-lg border border-brand/25 bg-brand-soft/50 px-3 py-2 text-sm">
            <p className="text-xs font-semibold text-brand">Dropcraft team</p>
            <p className="mt-0.5 whitespace-pre-wrap text-fg">{item.teamReply}</p>
          </div>
        )}
      </div>
    </li>
  );
}

/** Feedback moderation (a tab of /admin): set an item's status and the team's reply, with a reason for the audit log. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES, type FeedbackStatus } from "~/domain/feedback";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, EmptyState, Field, LoadError, ReasonDialog, Select, Skeleton, Textarea } from "~/ui";
import { feedbackKeys, fetchStaffFeedback, moderateFeedback, type StaffFeedbackItem } from "./feedback-client";
import { FEEDBACK_STATUS_TONES } from "./feedback-screen";

export function AdminFeedbackPanel() {
  const [status, setStatus] = useState<FeedbackStatus | "">("under_review");
  const [editing, setEditing] = useState<StaffFeedbackItem | null>(null);
  const list = useQuery({ queryKey: feedbackKeys.staff(status), queryFn: ({ signal }) => fetchStaffFeedback(status, signal) });
  return (
    <div data-testid="admin-feedback">
      <Field label="Status" className="max-w-xs">
        <Select value={status} onChange={(e) => setStatus(e.target.value as FeedbackStatus | "")}>
          <option value="">All statuses</option>
          {FEEDBACK_STATUSES.map((s) => <option key={s} value={s}>{FEEDBACK_STATUS_LABELS[s]}</option>)}
        </Select>
      </Field>
      <div className="mt-4">
        {list.isPending ? (
          <Skeleton lines={5} />
        ) : list.isError ? (
          <LoadError onRetry={() => list.refetch()} retrying={list.isFetching}>Feedback could not be loaded. {errorMessage(list.error, "")}</LoadError>
        ) : list.data.length === 0 ? (
          <EmptyState title="Nothing here" description="No feedback with this status." />
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.map((i) => (
              <li key={i.id} className="rounded-xl border border-line bg-surface p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-fg">{i.title}</span>
                  <Badge tone={FEEDBACK_STATUS_TONES[i.status]}>{FEEDBACK_STATUS_LABELS[i.status]}</Badge>
                  <Badge>{i.kind === "bug" ? "Bug" : "Idea"}</Badge>
                  <span className="text-xs text-muted">{i.votes} {i.votes === 1 ? "vote" : "votes"} · {i.user.email}</span>
                </div>
                <p className="mt-1 whitespace-pre-wrap text-sm text-muted">{i.details}</p>
                {i.teamReply && <p className="mt-2 text-sm text-fg"><span className="font-semibold text-brand">Team reply: </span>{i.teamReply}</p>}
                <Button className="mt-3" size="sm" variant="secondary" onClick={() => setEditing(i)}>Set status or reply</Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && <ModerateDialog item={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function ModerateDialog({ item, onClose }: { item: StaffFeedbackItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<FeedbackStatus>(item.status);
  const [reply, setReply] = useState(item.teamReply ?? "");
  // The reason dialog shows a refusal in place and closes itself on success.
  const save = useMutation({
    mutationFn: (reason: string) => moderateFeedback(item.id, { status, reason, ...(reply.trim() && reply.trim() !== item.teamReply ? { reply: reply.trim() } : {}) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      notify({ title: "Saved", variant: "success" });
    },
  });
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => { if (!o) onClose(); }}
      title={item.title}
      description="The status and reply show on the feedback board; the reason goes in the audit log."
      confirmLabel="Save"
      onConfirm={save.mutateAsync}
      testIdPrefix="feedback-moderation"
    >
      <Field label="Status">
        <Select value={status} onChange={(e) => setStatus(e.target.value as FeedbackStatus)}>
          {FEEDBACK_STATUSES.map((s) => <option key={s} value={s}>{FEEDBACK_STATUS_LABELS[s]}</option>)}
        </Select>
      </Field>
      <Field label="Team reply (shown on the board)"><Textarea value={reply} onChange={(e) => setReply(e.target.value)} rows={3} /></Field>
    </ReasonDialog>
  );
}

/**
 * The staff support inbox (a tab of /admin): tickets filtered by status, assignee and text; a
 * ticket's conversation with its user and plan; reply (emails the user), assign to me or
 * unassign, and set the status, each staff action with a reason for the audit log.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { StaffTicket } from "~/domain/contracts/support";
import { TICKET_CATEGORY_LABELS, TICKET_STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from "~/domain/support";
import { useCurrentUser } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, EmptyState, Field, Input, LoadError, Pressable, ReasonDialog, Select, Skeleton, Textarea } from "~/ui";
import { fetchStaffTicket, fetchStaffTickets, staffAssign, staffReply, staffSetStatus, supportKeys } from "./support-client";
import { TicketStatusBadge, TicketThread, when } from "./ticket-parts";

export function AdminTicketsPanel() {
  const [status, setStatus] = useState<TicketStatus | "">("open");
  const [assignee, setAssignee] = useState("");
  const [q, setQ] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const query = { ...(status ? { status } : {}), ...(assignee ? { assignee } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const list = useQuery({ queryKey: supportKeys.staffList(query), queryFn: ({ signal }) => fetchStaffTickets(query, signal), refetchInterval: 30_000 });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]" data-testid="admin-tickets">
      <section aria-label="Tickets">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field label="Status">
            <Select value={status} onChange={(e) => setStatus(e.target.value as TicketStatus | "")}>
              <option value="">All statuses</option>
              {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
            </Select>
          </Field>
          <Field label="Assigned">
            <Select value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Nobody</option>
            </Select>
          </Field>
          <Field label="Search" className="sm:col-span-2">
            <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="Subject, email, username or ticket id" type="search" />
          </Field>
        </div>
        <div className="mt-3">
          {list.isPending ? (
            <Skeleton lines={5} />
          ) : list.isError ? (
            <LoadError onRetry={() => list.refetch()} retrying={list.isFetching}>Tickets could not be loaded. {errorMessage(list.error, "")}</LoadError>
          ) : list.data.length === 0 ? (
            <EmptyState title="No tickets match" description="Change the filters to see other tickets." />
          ) : (
            <ul className="flex flex-col gap-2">
              {list.data.map((t) => (
                <li key={t.id}>
                  <Pressable type="button" onClick={() => setOpenId(t.id)} aria-current={t.id === openId ? "true" : undefined} className="w-full rounded-xl border border-line bg-surface px-4 py-3 text-left hover:border-brand/40 aria-[current=true]:border-brand focus-visible:outline-2 focus-visible:outline-brand">
                    <span className="flex items-start justify-between gap-2">
                      <span className="min-w-0 truncate font-medium text-fg">{t.subject}</span>
                      <TicketStatusBadge status={t.status} />
                    </span>
                    <span className="mt-1 block truncate text-xs text-muted">{t.user.email} · {TICKET_CATEGORY_LABELS[t.category]}</span>
                    <span className="mt-0.5 block text-xs text-subtle">
                      {t.assigneeName ? `Assigned to ${t.assigneeName}` : "Unassigned"} · {when(t.updatedAt)}
                      {t.respondBy && !t.firstResponseAt ? ` · reply due ${when(t.respondBy)}` : ""}
                    </span>
                  </Pressable>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section aria-label="Ticket">{openId ? <StaffTicketView id={openId} /> : <p className="text-sm text-muted">Choose a ticket to read and answer it.</p>}</section>
    </div>
  );
}

const STATUS_ACTION = { closed: "Close", open: "Reopen", waiting_on_you: "Waiting on user" } as const;

type ReasonAction = { title: string; confirm: string; run: (reason: string) => Promise<StaffTicket> };

function StaffTicketView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const ticket = useQuery({ queryKey: supportKeys.staffDetail(id), queryFn: ({ signal }) => fetchStaffTicket(id, signal) });
  const [reply, setReply] = useState("");
  const [pending, setPending] = useState<ReasonAction | null>(null);
  const done = (t: StaffTicket) => {
    queryClient.setQueryData(supportKeys.staffDetail(id), t);
    void queryClient.invalidateQueries({ queryKey: ["support", "staff", "list"] });
  };
  const send = useMutation({
    mutationFn: () => staffReply(id, { message: reply.trim() }),
    onSuccess: (t) => {
      setReply("");
      done(t);
      notify({ title: "Reply sent", description: `${t.user.email} was emailed a link to the ticket.`, variant: "success" });
    },
    onError: (err) => notify({ title: "The reply was not sent", description: errorMessage(err, "Try again."), variant: "destructive" }),
  });
  // The reason dialog shows a refusal in place and closes itself on success.
  const act = useMutation({
    mutationFn: ({ action, why }: { action: ReasonAction; why: string }) => action.run(why),
    onSuccess: done,
  });

  if (ticket.isPending) return <Skeleton lines={6} />;
  if (ticket.isError) return <LoadError onRetry={() => ticket.refetch()} retrying={ticket.isFetching}>The ticket could not be loaded. {errorMessage(ticket.error, "")}</LoadError>;
  const t = ticket.data;
  const mine = user && t.assigneeId === user.id;
  return (
    <article className="rounded-2xl border border-line bg-surface p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words text-lg font-semibold text-fg">{t.subject}</h3>
          <p className="mt-0.5 text-xs text-muted">
            {t.user.username} · {t.user.email} · plan {t.user.plan} · opened {when(t.createdAt)}
            {t.respondBy ? ` · first reply due ${when(t.respondBy)}` : ""}
          </p>
          <p className="text-xs text-muted">{t.assigneeName ? `Assigned to ${t.assigneeName}` : "Unassigned"}</p>
        </div>
        <TicketStatusBadge status={t.status} />
      </header>
      <div className="mt-3 flex flex-wrap gap-2">
        {user && (
          <Button size="sm" variant="secondary" onClick={() => setPending({ title: mine ? "Unassign this ticket" : "Assign this ticket to me", confirm: mine ? "Unassign" : "Assign to me", run: (why) => staffAssign(id, { assigneeId: mine ? null : user.id, reason: why }) })}>
            {mine ? "Unassign" : "Assign to me"}
          </Button>
        )}
        {(["waiting_on_you", "closed", "open"] as const).filter((s) => s !== t.status).map((s) => (
          <Button key={s} size="sm" variant="secondary" onClick={() => setPending({ title: `Set the status to "${TICKET_STATUS_LABELS[s]}"`, confirm: STATUS_ACTION[s], run: (why) => staffSetStatus(id, { status: s, reason: why }) })}>
            {STATUS_ACTION[s]}
          </Button>
        ))}
      </div>
      {t.screenshotUrl && <p className="mt-2 text-sm"><a className="text-brand hover:underline" href={t.screenshotUrl} target="_blank" rel="noreferrer">Open the screenshot</a></p>}
      <div className="mt-4"><TicketThread messages={t.messages} viewer="staff" /></div>
      <form className="mt-4 border-t border-line pt-4" onSubmit={(e) => { e.preventDefault(); if (reply.trim()) send.mutate(); }}>
        <Field label="Reply to the user" hint="Sets the ticket to Answered and emails the user a link to it.">
          <Textarea value={reply} onChange={(e) => setReply(e.target.value)} rows={4} />
        </Field>
        <div className="mt-3 flex justify-end"><Button type="submit" loading={send.isPending} disabled={!reply.trim()}>Send reply</Button></div>
      </form>
      <ReasonDialog
        open={pending !== null}
        onOpenChange={(o) => { if (!o) setPending(null); }}
        title={pending?.title ?? ""}
        description="Staff actions are recorded in the audit log with their reason."
        confirmLabel={pending?.confirm ?? "Confirm"}
        onConfirm={(why) => (pending ? act.mutateAsync({ action: pending, why }) : Promise.resolve())}
        testIdPrefix="ticket-action"
      />
    </article>
  );
}

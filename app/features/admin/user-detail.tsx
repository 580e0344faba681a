/**
 * One user for staff: profile, plan, today's and this month's usage, open sessions, their support
 * tickets and the staff actions on them, with the actions themselves (each asks for a reason).
 */
import { useState } from "react";
import { GRANTABLE_PLANS, type GrantablePlan } from "~/domain/admin";
import { COUNTERS } from "~/domain/counters";
import { planDisplayName } from "~/domain/plans";
import type { AdminUserDetail } from "~/domain/contracts/admin";
import { Badge, Button, Dialog, Field, LoadError, ReasonDialog, Select, Skeleton } from "~/ui";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import type { UserAction } from "./admin-client";
import { useUserAction, useUserDetail, useUserTickets } from "./use-admin";
import { UserBadges } from "./users-tab";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");
const counterLabel = (key: string) => (key in COUNTERS ? COUNTERS[key as keyof typeof COUNTERS].label : key);

interface ActionSpec {
  action: UserAction;
  label: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
}

function actionsFor(d: AdminUserDetail, selfId: number | undefined): ActionSpec[] {
  const u = d.user;
  const list: ActionSpec[] = [];
  if (!u.emailVerified && !u.disabledAt) {
    list.push({ action: "resend-verification", label: "Resend verification", title: "Resend the verification email", description: `A fresh link goes to ${u.email}.`, confirm: "Send link" });
  }
  if (u.id !== selfId) {
    list.push({ action: "end-sessions", label: "End sessions", title: "End every session", description: `${u.email} is signed out on every device and can sign in again.`, confirm: "End sessions" });
  }
  if (u.disabledAt) {
    list.push({ action: "enable", label: "Enable account", title: "Enable this account", description: `${u.email} can sign in again.`, confirm: "Enable" });
  } else if (u.id !== selfId) {
    list.push({
      action: "disable",
      label: "Disable account",
      title: "Disable this account",
      description: `${u.email} is signed out everywhere at once and cannot sign in until staff enable the account.`,
      confirm: "Disable",
      danger: true,
    });
  }
  list.push(
    u.launcherAccess
      ? {
          action: "remove-launcher",
          label: "Remove AI Launcher",
          title: "Remove AI Launcher access",
          description: `${u.email} sees the launcher greyed with "Coming Soon" again and its API answers 403. Their launches stay at Meta.`,
          confirm: "Remove access",
          danger: true,
        }
      : {
          action: "grant-launcher",
          label: "Grant AI Launcher",
          title: "Grant AI Launcher access",
          description: `${u.email} can connect a Meta ad account and launch paused campaigns, within their plan's daily ad launches.`,
          confirm: "Grant access",
        },
  );
  list.push({ action: "grant-plan", label: "Grant a plan", title: "Grant a plan (support)", description: "The plan takes effect at once, with its limits. Choose Free to end a grant.", confirm: "Apply" });
  return list;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">{title}</h3>
      {children}
    </section>
  );
}

function Tickets({ userId }: { userId: number }) {
  const tickets = useUserTickets(userId);
  if (tickets.isPending) return <Skeleton lines={2} />;
  if (tickets.isError) {
    return (
      <LoadError onRetry={() => tickets.refetch()} retrying={tickets.isFetching}>
        {errorMessage(tickets.error, "Tickets could not be loaded.")}
      </LoadError>
    );
  }
  if (!tickets.data.length) return <p className="text-sm text-muted">No support tickets.</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line">
      {tickets.data.map((t) => (
        <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="min-w-0 truncate text-fg">{t.subject}</span>
          <span className="flex items-center gap-2 text-xs text-muted">
            <Badge tone={t.status === "closed" ? "neutral" : "brand"}>{t.status.replace(/_/g, " ")}</Badge>
            {when(t.updatedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Detail({ d, selfId }: { d: AdminUserDetail; selfId?: number }) {
  const act = useUserAction();
  const [open, setOpen] = useState<ActionSpec | null>(null);
  const [plan, setPlan] = useState<GrantablePlan>("pro");
  const daily = Object.entries(d.usage.usage).filter(([key]) => (d.usage.limits as Record<string, number>)[key] > 0 || (d.usage.usage as Record<string, number>)[key] > 0);
  const monthly = Object.entries(d.usage.monthly);
  return (
    <div className="space-y-5" data-testid="admin-user-detail">
      <div className="space-y-1.5">
        <p className="text-sm text-muted">
          {d.user.username} · #{d.user.id} · joined {when(d.user.createdAt)}
        </p>
        <UserBadges user={d.user} />
        {d.user.disabledAt && (
          <p className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="admin-user-disabled">
            Disabled {when(d.user.disabledAt)}: {d.user.disabledReason}
          </p>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        {actionsFor(d, selfId).map((spec) => (
          <Button key={spec.action} size="sm" variant={spec.danger ? "outline-danger" : "secondary"} onClick={() => setOpen(spec)} data-testid={`admin-action-${spec.action}`}>
            {spec.label}
          </Button>
        ))}
      </div>

      <Section title="Plan">
        <p className="text-sm text-fg">
          {d.subscription.planName} · status {d.subscription.status}
          {d.subscription.isGrant && ` · support grant since ${when(d.subscription.grantedAt)}`}
          {d.subscription.subscriptionId && ` · Stripe ${d.subscription.subscriptionId}`}
          {d.subscription.currentPeriodEnd && ` · ${d.subscription.cancelAtPeriodEnd ? "ends" : "renews"} ${when(d.subscription.currentPeriodEnd)}`}
        </p>
      </Section>

      <Section title={`Usage today (${d.usage.timeZone}) and this month`}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {daily.map(([key, used]) => (
            <div key={key} className="flex justify-between gap-3">
              <dt className="text-muted">{counterLabel(key)}</dt>
              <dd className="tabular-nums text-fg">
                {used} / {(d.usage.limits as Record<string, number>)[key]}
              </dd>
            </div>
          ))}
          {monthly.map(([key, m]) => (
            <div key={`m-${key}`} className="flex justify-between gap-3">
              <dt className="text-muted">{counterLabel(key)} (month)</dt>
              <dd className="tabular-nums text-fg">
                {m.used} / {m.limit}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={`Open sessions (${d.sessions.length})`}>
        {d.sessions.length === 0 ? (
          <p className="text-sm text-muted">No open sessions.</p>
        ) : (
          <ul className="space-y-1.5 text-sm">
            {d.sessions.map((s) => (
              <li key={s.idPrefix} className="rounded-lg border border-line px-3 py-2">
                <span className="block truncate text-fg">{s.userAgent ?? "Unknown device"}</span>
                <span className="block text-xs text-muted">
                  {s.ipAddress ?? "no IP"} · last seen {when(s.lastSeenAt)} · started {when(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Support tickets">
        <Tickets userId={d.user.id} />
      </Section>

      <Section title="Staff actions on this user">
        {d.recentActions.length === 0 ? (
          <p className="text-sm text-muted">None yet.</p>
        ) : (
          <ul className="space-y-1.5 text-sm">
            {d.recentActions.map((a) => (
              <li key={a.id}>
                <span className="font-medium text-fg">{a.action}</span> <span className="text-muted">by {a.actorEmail}, {when(a.createdAt)}:</span> {a.reason}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <ReasonDialog
        testIdPrefix="admin-action"
        placeholder="e.g. Ticket 1182: chargeback fraud"
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.title ?? ""}
        description={open?.description ?? ""}
        confirmLabel={open?.confirm ?? "Confirm"}
        danger={open?.danger}
        onConfirm={async (reason) => {
          if (!open) return;
          const result = await act.mutateAsync({ id: d.user.id, action: open.action, reason, ...(open.action === "grant-plan" ? { plan } : {}) });
          notify({ title: "Done", description: result.message, variant: "success" });
        }}
      >
        {open?.action === "grant-plan" && (
          <Field label="Plan">
            <Select value={plan} onChange={(e) => setPlan(e.target.value as GrantablePlan)} data-testid="admin-grant-plan">
              {GRANTABLE_PLANS.map((p) => (
                <option key={p} value={p}>
                  {p === "free" ? "Free (end the grant)" : `${planDisplayName(p)} (${p})`}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </ReasonDialog>
    </div>
  );
}

/** The user's detail in a wide dialog (a bottom sheet on phones). */
export function UserDetailDialog({ userId, onClose, selfId }: { userId: number | null; onClose: () => void; selfId?: number }) {
  const detail = useUserDetail(userId);
  return (
    <Dialog
      open={userId !== null}
      onOpenChange={(next) => !next && onClose()}
      title={detail.data?.user.email ?? "User"}
      className="md:max-w-2xl"
      data-testid="admin-user-dialog"
    >
      {detail.isPending ? (
        <Skeleton lines={8} />
      ) : detail.isError ? (
        <LoadError onRetry={() => detail.refetch()} retrying={detail.isFetching}>
          {errorMessage(detail.error, "This user could not be loaded.")}
        </LoadError>
      ) : (
        <Detail d={detail.data} selfId={selfId} />
      )}
    </Dialog>
  );
}

/**
 * Staff inbox: referral commissions by status, approve one after its hold, pay a referrer's
 * approved commissions as one payout. Every action asks for a reason (the audit log keeps it).
 */
import { HandCoins } from "lucide-react";
import { useMemo, useState } from "react";
import { AFFILIATE_TERMS, COMMISSION_STATUSES, formatCents, type CommissionStatus } from "~/domain/affiliate";
import type { StaffCommission } from "~/domain/contracts/affiliate";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, EmptyState, Field, LoadError, ReasonDialog, Select, Skeleton, type BadgeTone } from "~/ui";
import { useCommissionActions, useStaffCommissions } from "./use-affiliate";

const TONE: Record<CommissionStatus, BadgeTone> = { pending: "warning", approved: "brand", paid: "success", reversed: "danger" };

type PendingAction = { kind: "approve"; commission: StaffCommission } | { kind: "pay"; referrerId: number; referrerEmail: string; amountCents: number };

export function AdminCommissionsPanel() {
  const [status, setStatus] = useState<CommissionStatus | "all">("pending");
  const query = useStaffCommissions(status);
  const { approve, pay } = useCommissionActions();
  const [action, setAction] = useState<PendingAction | null>(null);

  // Approved and unpaid, per referrer: what a payout would pay.
  const payable = useMemo(() => {
    const byReferrer = new Map<number, { referrerId: number; referrerEmail: string; amountCents: number }>();
    for (const c of query.data ?? []) {
      if (c.status !== "approved" || c.payoutId) continue;
      const entry = byReferrer.get(c.referrerId) ?? { referrerId: c.referrerId, referrerEmail: c.referrerEmail, amountCents: 0 };
      entry.amountCents += c.amountCents;
      byReferrer.set(c.referrerId, entry);
    }
    return [...byReferrer.values()];
  }, [query.data]);

  // Runs the chosen action; a refusal throws, and the dialog shows it in place.
  const confirm = async (reason: string) => {
    if (!action) return;
    if (action.kind === "approve") {
      await approve.mutateAsync({ id: action.commission.id, reason });
      notify({ title: "Commission approved", variant: "success" });
    } else {
      const paid = await pay.mutateAsync({ referrerId: action.referrerId, reason });
      notify({ title: "Payout recorded", description: `${formatCents(paid.amountCents)} for ${paid.commissionCount} commissions.`, variant: "success" });
    }
  };

  return (
    <section aria-labelledby="admin-commissions-title" className="space-y-4" data-testid="admin-commissions">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-commissions-title" className="text-lg font-semibold text-fg">
            Referral commissions
          </h2>
          <p className="text-sm text-muted">
            Approvable after the {AFFILIATE_TERMS.holdDays}-day hold; paid per referrer from {formatCents(AFFILIATE_TERMS.payoutThresholdCents)}.
          </p>
        </div>
        <Field label="Status" className="w-40">
          <Select value={status} onChange={(e) => setStatus(e.target.value as CommissionStatus | "all")}>
            <option value="all">All</option>
            {COMMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {status === "approved" || status === "all"
        ? payable.map((p) => (
            <div key={p.referrerId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface px-4 py-3">
              <p className="text-sm text-fg">
                {p.referrerEmail}: <strong>{formatCents(p.amountCents)}</strong> approved
              </p>
              <Button
                size="sm"
                disabled={p.amountCents < AFFILIATE_TERMS.payoutThresholdCents}
                onClick={() => setAction({ kind: "pay", ...p })}
              >
                {p.amountCents < AFFILIATE_TERMS.payoutThresholdCents ? "Under the threshold" : "Record payout"}
              </Button>
            </div>
          ))
        : null}

      {query.isPending ? (
        <Skeleton lines={4} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {errorMessage(query.error, "Commissions could not be loaded.")}
        </LoadError>
      ) : query.data.length === 0 ? (
        <EmptyState icon={HandCoins} title="Nothing here" description={status === "all" ? "No referral commissions yet." : `No ${status} commissions.`} />
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {query.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-fg">
                  {formatCents(c.amountCents)} {c.kind === "adjustment" ? "adjustment" : `on ${formatCents(c.amountPaidCents)}`}
                </p>
                <p className="break-all text-xs text-muted">
                  {c.referrerEmail} referred {c.customer} · paid {c.paidAt.slice(0, 10)}
                  {c.status === "pending" ? ` · approvable ${c.approvableAt.slice(0, 10)}` : ""}
                  {c.note ? ` · ${c.note}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={TONE[c.status]}>{c.status}</Badge>
                {c.status === "pending" && c.kind === "commission" ? (
                  <Button size="sm" variant="secondary" disabled={!c.approvable} onClick={() => setAction({ kind: "approve", commission: c })}>
                    {c.approvable ? "Approve" : "In hold"}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      <ReasonDialog
        open={action !== null}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        title={action?.kind === "pay" ? "Record a payout" : "Approve commission"}
        description={
          action?.kind === "pay"
            ? `Pays ${formatCents(action.amountCents)} of approved commissions to ${action.referrerEmail} as one payout (${AFFILIATE_TERMS.payoutMethod}).`
            : action
              ? `${formatCents(action.commission.amountCents)} to ${action.commission.referrerEmail}.`
              : undefined
        }
        confirmLabel={action?.kind === "pay" ? "Record payout" : "Approve"}
        onConfirm={confirm}
        testIdPrefix="commission-action"
      />
    </section>
  );
}

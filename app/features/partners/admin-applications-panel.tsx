/** Staff inbox: partner applications; approve or reject each with a reason (the audit log keeps it). */
import { Inbox } from "lucide-react";
import { useState } from "react";
import type { PartnerApplication } from "~/domain/contracts/partners";
import { PARTNER_APPLICATION_STATUSES, PARTNER_CATEGORIES } from "~/domain/partners";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, EmptyState, Field, LoadError, ReasonDialog, Select, Skeleton, type BadgeTone } from "~/ui";
import { useDecideApplication, usePartnerApplications } from "./use-partners";

const TONE: Record<PartnerApplication["status"], BadgeTone> = { new: "warning", approved: "success", rejected: "danger" };
const CATEGORY = Object.fromEntries(PARTNER_CATEGORIES.map((c) => [c.id, c.label])) as Record<string, string>;

export function AdminPartnerApplicationsPanel() {
  const [status, setStatus] = useState<PartnerApplication["status"] | "all">("new");
  const query = usePartnerApplications(status);
  const decide = useDecideApplication();
  const [decision, setDecision] = useState<{ app: PartnerApplication; status: "approved" | "rejected" } | null>(null);

  // A refusal throws, and the dialog shows it in place.
  const confirm = async (reason: string) => {
    if (!decision) return;
    await decide.mutateAsync({ id: decision.app.id, status: decision.status, reason });
    notify({ title: decision.status === "approved" ? "Application approved" : "Application rejected", variant: "success" });
  };

  return (
    <section aria-labelledby="admin-partners-title" className="space-y-4" data-testid="admin-partner-applications">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-partners-title" className="text-lg font-semibold text-fg">
            Partner applications
          </h2>
          <p className="text-sm text-muted">Approved partners are added to the directory (app/server/partners/directory.ts) by the team.</p>
        </div>
        <Field label="Status" className="w-40">
          <Select value={status} onChange={(e) => setStatus(e.target.value as PartnerApplication["status"] | "all")}>
            <option value="all">All</option>
            {PARTNER_APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {query.isPending ? (
        <Skeleton lines={4} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {errorMessage(query.error, "Applications could not be loaded.")}
        </LoadError>
      ) : query.data.length === 0 ? (
        <EmptyState icon={Inbox} title="No applications" description={status === "all" ? "Nobody has applied yet." : `No ${status} applications.`} />
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {query.data.map((a) => (
            <li key={a.id} className="space-y-2 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-fg">
                  {a.company} <span className="text-sm font-normal text-muted">· {CATEGORY[a.category] ?? a.category}</span>
                </p>
                <Badge tone={TONE[a.status]}>{a.status}</Badge>
              </div>
              <p className="break-all text-xs text-muted">
                <a href={a.website} target="_blank" rel="noopener noreferrer" className="text-brand hover:underline">
                  {a.website}
                </a>{" "}
                · {a.contactEmail} · {a.createdAt.slice(0, 10)}
              </p>
              <p className="whitespace-pre-wrap text-sm text-fg">{a.message}</p>
              <div className="flex gap-2">
                {a.status !== "approved" ? (
                  <Button size="sm" onClick={() => setDecision({ app: a, status: "approved" })}>
                    Approve
                  </Button>
                ) : null}
                {a.status !== "rejected" ? (
                  <Button size="sm" variant="outline-danger" onClick={() => setDecision({ app: a, status: "rejected" })}>
                    Reject
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={decision !== null}
        onOpenChange={(open) => (open ? undefined : setDecision(null))}
        title={decision?.status === "approved" ? "Approve application" : "Reject application"}
        description={decision ? decision.app.company : undefined}
        confirmLabel={decision?.status === "approved" ? "Approve" : "Reject"}
        danger={decision?.status === "rejected"}
        onConfirm={confirm}
        testIdPrefix="partner-decision"
      />
    </section>
  );
}

/**
 * /subscription-sync: the subscription as Dropcraft holds it next to the payment provider's last
 * state (Stripe's API, or offline the last applied payment event), field by field. "Sync now"
 * copies the provider's values into ours; the answer lists what changed.
 */
import { Link } from "@remix-run/react";
import { CheckCircle2, CreditCard, RefreshCw, TriangleAlert } from "lucide-react";
import type { SubscriptionSnapshot, SubscriptionSyncResult, SyncDifference } from "~/domain/contracts/subscription-sync";
import { formatSyncValue, SYNC_FIELD_LABELS, SYNC_FIELDS, type SyncField } from "~/domain/subscription-sync";
import { errorMessage } from "~/lib/http";
import { Badge, Button, buttonClasses, cx, EmptyState, LoadError, PageHeader, Skeleton } from "~/ui";
import { useSubscriptionSync, useSyncNow } from "./use-subscription-sync";

export function SubscriptionSyncScreen() {
  const query = useSubscriptionSync();
  const syncNow = useSyncNow();
  const result = query.data;
  const empty = result && !result.ours && !result.provider;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Subscription sync"
        description="Your subscription as Dropcraft holds it, next to the payment provider's state. Sync now copies the provider's values into ours wherever they differ."
        actions={
          !empty && (
            <Button
              onClick={() => syncNow.mutate()}
              loading={syncNow.isPending}
              disabled={!result}
              icon={<RefreshCw aria-hidden className="size-4" />}
            >
              Sync now
            </Button>
          )
        }
      />
      <div className="mt-8">
        {query.isPending ? (
          <div role="status" className="space-y-3" aria-label="Loading your subscription">
            <Skeleton className="h-16" />
            <Skeleton className="h-64" />
          </div>
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
            {errorMessage(query.error, "Your subscription could not be compared.")}
          </LoadError>
        ) : !result || empty ? (
          <EmptyState
            icon={CreditCard}
            title="No subscription yet"
            description="You are on the free plan and no payment has been recorded for your account, so there is nothing to sync."
            action={
              <Link to="/upgrade" className={buttonClasses()}>
                See plans
              </Link>
            }
          />
        ) : (
          <SyncDetails result={result} />
        )}
      </div>
    </div>
  );
}

function SyncDetails({ result }: { result: SubscriptionSyncResult }) {
  const providerName = result.source === "stripe" ? "Stripe" : "Last payment event";
  const differing = new Set<SyncField>(result.differences.map((d) => d.field));
  const fixed = new Set<SyncField>(result.fixed.map((d) => d.field));
  return (
    <div className="space-y-6">
      <StatusBanner result={result} />
      <section aria-labelledby="sync-table-title" className="overflow-hidden rounded-2xl border border-line bg-surface">
        <h2 id="sync-table-title" className="sr-only">
          Field by field
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead className="border-b border-line bg-surface-2/60 text-xs uppercase tracking-wide text-subtle">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Field
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Dropcraft
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {providerName}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {SYNC_FIELDS.map((field) => (
                <tr key={field} data-testid={`sync-row-${field}`} className={cx(differing.has(field) && "bg-warning/5")}>
                  <th scope="row" className="px-4 py-3 font-medium text-fg">
                    <span className="flex items-center gap-2">
                      {SYNC_FIELD_LABELS[field]}
                      {differing.has(field) && <Badge tone="warning">Differs</Badge>}
                      {fixed.has(field) && <Badge tone="success">Fixed</Badge>}
                    </span>
                  </th>
                  <td className="px-4 py-3 text-muted">{formatSyncValue(field, valueOf(result.ours, field))}</td>
                  <td className="px-4 py-3 text-muted">{formatSyncValue(field, valueOf(result.provider, field))}</td>
                </tr>
              ))}
              <IdRow label="Customer id" ours={result.ours?.customerId} provider={result.provider?.customerId} />
              <IdRow label="Subscription id" ours={result.ours?.subscriptionId} provider={result.provider?.subscriptionId} />
            </tbody>
          </table>
        </div>
      </section>
      <p className="text-xs text-subtle">
        {result.source === "stripe"
          ? "Read from Stripe's API just now."
          : result.providerEvent
            ? `The provider's state is the one the payment events we received carried, the last being ${result.providerEvent.type} (${result.providerEvent.id}).`
            : "No payment event has been received for your account."}{" "}
        Checked {new Date(result.checkedAt).toLocaleString()}.
      </p>
    </div>
  );
}

function StatusBanner({ result }: { result: SubscriptionSyncResult }) {
  const tone = result.fixed.length || result.inSync ? "success" : result.differences.length ? "warning" : "neutral";
  const Icon = tone === "warning" ? TriangleAlert : CheckCircle2;
  const title = result.fixed.length
    ? `Fixed ${result.fixed.length} ${result.fixed.length === 1 ? "difference" : "differences"}`
    : result.inSync
      ? "In sync"
      : result.differences.length
        ? `${result.differences.length} ${result.differences.length === 1 ? "difference" : "differences"}`
        : "Nothing to compare";
  return (
    <div
      role="status"
      data-testid="sync-status"
      className={cx(
        "flex items-start gap-3 rounded-2xl border px-4 py-4",
        tone === "success" && "border-accent/30 bg-accent/5",
        tone === "warning" && "border-warning/30 bg-warning/5",
        tone === "neutral" && "border-line bg-surface",
      )}
    >
      <Icon aria-hidden className={cx("mt-0.5 size-5 shrink-0", tone === "success" ? "text-accent" : tone === "warning" ? "text-warning" : "text-subtle")} />
      <div className="min-w-0">
        <p className="font-semibold text-fg">{title}</p>
        <p className="mt-0.5 break-words text-sm text-muted">{result.message}</p>
        {result.differences.length > 0 && <DifferenceList differences={result.differences} />}
      </div>
    </div>
  );
}

function DifferenceList({ differences }: { differences: SyncDifference[] }) {
  return (
    <p className="mt-2 text-sm text-muted">Sync now makes Dropcraft's record match the provider's in {differences.length === 1 ? "this field" : "these fields"}.</p>
  );
}

function IdRow({ label, ours, provider }: { label: string; ours?: string | null; provider?: string | null }) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-medium text-fg">
        {label}
      </th>
      <td className="break-all px-4 py-3 font-mono text-xs text-muted">{ours ?? "—"}</td>
      <td className="break-all px-4 py-3 font-mono text-xs text-muted">{provider ?? "—"}</td>
    </tr>
  );
}

function valueOf(snapshot: SubscriptionSnapshot | null, field: SyncField) {
  return snapshot ? snapshot[field] : null;
}

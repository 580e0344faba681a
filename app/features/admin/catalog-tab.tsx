/** Catalog jobs: the refresh the cron runs 8 times a day, its last results, and a run now. */
import { RefreshCw, Timer } from "lucide-react";
import { useState } from "react";
import { Button, EmptyState, LoadError, ReasonDialog, Skeleton } from "~/ui";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { useCatalogRefresh, useCatalogRefreshes } from "./use-admin";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function CatalogTab() {
  const runs = useCatalogRefreshes();
  const refresh = useCatalogRefresh();
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-4" data-testid="admin-catalog">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm text-muted">
          The scheduled refresh runs every 3 hours: it re-scores the catalog's products (the sample and each user's imports) and snapshots every tracked competitor store.
        </p>
        <Button icon={<RefreshCw className="size-4" aria-hidden />} onClick={() => setAsking(true)} data-testid="admin-run-refresh">
          Run refresh now
        </Button>
      </div>
      {runs.isPending ? (
        <Skeleton lines={5} />
      ) : runs.isError ? (
        <LoadError onRetry={() => runs.refetch()} retrying={runs.isFetching}>
          {errorMessage(runs.error, "The refresh runs could not be loaded.")}
        </LoadError>
      ) : runs.data.length === 0 ? (
        <EmptyState icon={Timer} title="No refresh has run yet" description="The first scheduled run, or one you start here, appears in this list." />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="text-xs text-subtle">
              <tr className="border-b border-line">
                <th scope="col" className="px-4 py-2 font-medium">Ran</th>
                <th scope="col" className="px-4 py-2 font-medium">Trigger</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Products re-scored</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Stores snapshotted</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Changes</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Took</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {runs.data.map((r) => (
                <tr key={r.id} data-testid="admin-refresh-row">
                  <td className="whitespace-nowrap px-4 py-2 text-fg">{when(r.ranAt)}</td>
                  <td className="px-4 py-2 text-muted">{r.trigger}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{r.productsRescored}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{r.storesSnapshotted}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{r.changesRecorded}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{(r.durationMs / 1000).toFixed(1)} s</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReasonDialog
        testIdPrefix="admin-action"
        placeholder="e.g. Ticket 1182: chargeback fraud"
        open={asking}
        onOpenChange={setAsking}
        title="Run the catalog refresh now"
        description="The same work as the scheduled run; it may take a little while with many tracked stores."
        confirmLabel="Run refresh"
        onConfirm={async (reason) => {
          const result = await refresh.mutateAsync(reason);
          notify({
            title: "Catalog refreshed",
            description: `${result.run.productsRescored} products re-scored, ${result.run.storesSnapshotted} stores snapshotted.`,
            variant: "success",
          });
        }}
      />
    </div>
  );
}

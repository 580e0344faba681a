/**
 * Step 8, manage: the merchant's launches with their state at Meta, activate and pause, delete
 * (confirmed), and insights read from Meta on demand. On the offline dev account the delivery is
 * simulated, and every figure says so.
 */
import { ChevronDown, Megaphone, Pause, Play, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import type { LaunchState } from "~/domain/ad-launcher";
import type { Launch, LaunchInsights } from "~/domain/contracts/ad-launcher";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, EmptyState, LoadError, Skeleton, type BadgeTone } from "~/ui";
import { LaunchObjects } from "./launch-objects";
import { formatMoney, formatRoas } from "./launcher-logic";
import { useDeleteLaunch, useLaunches, useLaunchStatus, useRefreshInsights, useRetryLaunch } from "./use-launcher";

const STATE_TONES: Record<LaunchState, BadgeTone> = { draft: "neutral", launching: "brand", failed: "danger", paused: "warning", active: "success", deleted: "neutral" };
const STATE_LABELS: Record<LaunchState, string> = { draft: "Draft", launching: "Launching", failed: "Failed", paused: "Paused", active: "Active", deleted: "Deleted" };
const nf = new Intl.NumberFormat("en-US");

export function LaunchesPanel({ onNew }: { onNew: () => void }) {
  const launches = useLaunches(true);
  if (launches.isPending) return <Skeleton lines={6} />;
  if (launches.isError) {
    return (
      <LoadError onRetry={() => launches.refetch()} retrying={launches.isFetching}>
        Your launches could not be loaded. {errorMessage(launches.error, "")}
      </LoadError>
    );
  }
  if (launches.data.length === 0) {
    return <EmptyState icon={Megaphone} title="No launches yet" description="Your campaigns appear here once launched, paused, with their figures from Meta." action={<Button onClick={onNew}>Start a launch</Button>} />;
  }
  return (
    <ul className="space-y-3" data-testid="launch-list">
      {launches.data.map((launch) => (
        <LaunchCard key={launch.id} launch={launch} />
      ))}
    </ul>
  );
}

function LaunchCard({ launch }: { launch: Launch }) {
  const status = useLaunchStatus();
  const insights = useRefreshInsights();
  const retry = useRetryLaunch();
  const remove = useDeleteLaunch();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const fail = (title: string) => (err: unknown) => notify({ title, description: errorMessage(err, "Please try again."), variant: "destructive" });
  const live = launch.state === "active" || launch.state === "paused";
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="launch-card" data-state={launch.state}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-fg" data-testid="launch-card-name">{launch.name}</span>
            <Badge tone={STATE_TONES[launch.state]}>{STATE_LABELS[launch.state]}</Badge>
            {launch.isDev && <Badge tone="warning">Dev account</Badge>}
          </p>
          <p className="mt-1 text-[13px] text-muted">
            {launch.productTitle} · {formatMoney(launch.dailyBudgetCents, launch.currency)} a day · {new Date(launch.createdAt).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })}
          </p>
          <p className="mt-0.5 truncate text-xs text-subtle">{launch.destinationUrl}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {launch.state === "paused" && (
            <Button size="sm" icon={<Play aria-hidden className="size-3.5" />} loading={status.isPending} onClick={() => status.mutate({ id: launch.id, status: "active" }, { onSuccess: () => notify({ title: "Activated", description: "The ads can spend from now on.", variant: "success" }), onError: fail("Could not activate") })}>
              Activate
            </Button>
          )}
          {launch.state === "active" && (
            <Button size="sm" variant="secondary" icon={<Pause aria-hidden className="size-3.5" />} loading={status.isPending} onClick={() => status.mutate({ id: launch.id, status: "paused" }, { onSuccess: () => notify({ title: "Paused" }), onError: fail("Could not pause") })}>
              Pause
            </Button>
          )}
          {launch.state === "failed" && (
            <Button size="sm" variant="secondary" loading={retry.isPending} onClick={() => retry.mutate(launch.id, { onError: fail("The retry failed") })}>
              Retry
            </Button>
          )}
          {live && (
            <Button size="sm" variant="secondary" icon={<RefreshCw aria-hidden className="size-3.5" />} loading={insights.isPending} onClick={() => insights.mutate(launch.id, { onError: fail("Could not read insights") })} data-testid="refresh-insights">
              Refresh insights
            </Button>
          )}
          {launch.state !== "deleted" && (
            <Button size="sm" variant="outline-danger" icon={<Trash2 aria-hidden className="size-3.5" />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>
      {launch.state === "failed" && launch.error && <p role="alert" className="mt-3 rounded-xl border border-danger/30 bg-danger/5 px-3.5 py-2.5 text-sm text-danger">{launch.error}</p>}
      {launch.insights ? <InsightsGrid insights={launch.insights} /> : live && <p className="mt-3 text-[13px] text-muted">No insights read yet: refresh to read them from Meta.</p>}
      <Button variant="link-muted" className="mt-3 inline-flex items-center gap-1 text-xs" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <ChevronDown aria-hidden className={open ? "size-3.5 rotate-180" : "size-3.5"} /> {open ? "Hide" : "Show"} the {launch.objects.length} objects at Meta
      </Button>
      {open && <div className="mt-2"><LaunchObjects launch={launch} /></div>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${launch.name}”?`}
        description="The campaign is deleted at Meta with its ad set and ads. This cannot be undone; the launch stays in your list as deleted."
        confirmLabel="Delete at Meta"
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate(launch.id, { onSuccess: () => { setConfirming(false); notify({ title: "Launch deleted" }); }, onError: fail("Could not delete") })}
      />
    </li>
  );
}

function InsightsGrid({ insights }: { insights: LaunchInsights }) {
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, insights.currency));
  const figures: [string, string][] = [
    ["Spend", money(insights.spendCents)],
    ["Impressions", nf.format(insights.impressions)],
    ["Clicks", nf.format(insights.clicks)],
    ["CTR", insights.ctr === null ? "—" : `${insights.ctr.toFixed(2)}%`],
    ["CPC", money(insights.cpcCents)],
    ["Purchases", nf.format(insights.purchases)],
    ["ROAS", insights.roas === null ? "—" : formatRoas(insights.roas)],
  ];
  return (
    <div className="mt-3" data-testid="launch-insights" data-simulated={insights.simulated}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-surface-2 px-3 py-2">
            <dt className="text-[11px] font-medium text-muted">{label}</dt>
            <dd className="text-base font-bold tabular-nums text-fg">{value}</dd>
            {insights.simulated && <dd className="text-[10px] font-semibold uppercase tracking-wide text-warning">simulated</dd>}
          </div>
        ))}
      </dl>
      <p className="mt-1.5 text-xs text-subtle">
        {insights.simulated ? "Simulated delivery on the offline dev account, not real results. " : ""}Read from Meta {new Date(insights.refreshedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.
      </p>
    </div>
  );
}

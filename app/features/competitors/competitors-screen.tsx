/**
 * /competitor-research: track competitor stores (a Shopify store by URL, read through the URL
 * guard, or a sample store for trying), see each one's catalogue, price bands, likely best
 * sellers and what changed between snapshots, and compare up to three side by side. The plan's
 * tracked-store limit is the server's; reaching it opens the upgrade modal with its words.
 * The open store and the compared ones live in the URL (?store=…, ?compare=a,b).
 */
import { Link, useSearchParams } from "@remix-run/react";
import { Columns3, Database, ExternalLink, Plus, RefreshCw, Store, Trash2 } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import type { Competitor, SampleStore } from "~/domain/contracts/market";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, ConfirmDialog, cx, EmptyState, Field, IconButton, Input, PageHeader, Skeleton, Chip, Pressable } from "~/ui";
import { CompareView } from "./compare-view";
import { CompetitorDetailView } from "./competitor-detail";
import { LoadError } from "./parts";
import { formatDay, MAX_COMPARED, parseCompared, plural, toggleCompared, trackFailure } from "./competitor-logic";
import { openTrackedStoresQuotaModal } from "./track-store-button";
import { useCompetitors, useSampleStores, useTrackCompetitor, useUntrackCompetitor } from "./use-competitors";

export function CompetitorResearchScreen() {
  const [params, setParams] = useSearchParams();
  const competitors = useCompetitors();
  const list = competitors.data?.data;
  const known = useMemo(() => new Set((list ?? []).map((c) => c.id)), [list]);
  const selectedId = params.get("store");
  const selected = selectedId && (!list || known.has(selectedId)) ? selectedId : null;
  const compared = parseCompared(params.get("compare"), list ? known : undefined);
  const comparing = params.get("view") === "compare" && compared.length >= 2;
  const [deleting, setDeleting] = useState<Competitor | null>(null);

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const openStore = (id: string | null) =>
    update((p) => {
      p.delete("view");
      if (id) p.set("store", id);
      else p.delete("store");
    });
  const setCompared = (ids: string[]) =>
    update((p) => {
      if (ids.length) p.set("compare", ids.join(","));
      else p.delete("compare");
      if (ids.length < 2) p.delete("view");
    });

  let body: React.ReactNode;
  if (competitors.isPending) {
    body = <ListSkeleton />;
  } else if (!list) {
    body = (
      <LoadError
        message={errorMessage(competitors.error, "Your tracked stores could not be loaded.")}
        retrying={competitors.isFetching}
        onRetry={() => void competitors.refetch()}
      />
    );
  } else if (list.length === 0) {
    body = (
      <div data-testid="competitors-empty">
        <EmptyState
          icon={Store}
          title="No competitor stores yet"
          description="Paste a competitor's Shopify store address above, or try one of the sample stores to see what competitor research shows."
        />
      </div>
    );
  } else {
    body = (
      <TrackedList
        list={list}
        selected={selected}
        compared={compared}
        onOpen={(id) => openStore(id === selected ? null : id)}
        onToggleCompare={(id) => setCompared(toggleCompared(compared, id))}
        onDelete={setDeleting}
        onCompare={() => update((p) => p.set("view", "compare"))}
        onClearCompare={() => setCompared([])}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="competitor-research-screen">
      <PageHeader
        title="Competitor research"
        description="Track competitor stores: their catalogue, price bands, likely best sellers, and what they add, remove and reprice over time."
      />
      <AllowanceLine used={competitors.data?.used} limit={competitors.data?.limit} />

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <AddStoreCard full={competitors.data ? competitors.data.used >= competitors.data.limit : false} onTracked={(c) => openStore(c.id)} />
        <SamplePicker onTracked={(c) => openStore(c.id)} full={competitors.data ? competitors.data.used >= competitors.data.limit : false} />
      </div>

      <section className="mt-8 space-y-4" aria-labelledby="tracked-heading">
        <h2 id="tracked-heading" className="text-lg font-semibold tracking-tight text-fg">
          Tracked stores
        </h2>
        {body}
      </section>

      {comparing ? (
        <CompareView ids={compared} onClose={() => update((p) => p.delete("view"))} onOpen={(id) => openStore(id)} />
      ) : (
        selected && <CompetitorDetailView id={selected} onClose={() => openStore(null)} />
      )}

      {deleting && (
        <DeleteDialog
          competitor={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (selected === deleting.id) openStore(null);
            if (compared.includes(deleting.id)) setCompared(compared.filter((c) => c !== deleting.id));
          }}
        />
      )}
    </div>
  );
}

/** "1 of 1 tracked stores on your plan": the plan's allowance as the server reports it. */
function AllowanceLine({ used, limit }: { used: number | undefined; limit: number | undefined }) {
  if (used === undefined || limit === undefined) return null;
  const full = used >= limit;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted" data-testid="competitors-allowance">
      <Store className="size-3.5 text-subtle" aria-hidden />
      <span>
        <span className={full ? "font-semibold text-warning" : "font-semibold text-fg"}>{used}</span> of {plural(limit, "tracked store")} on your plan
      </span>
      {full && (
        <Link to="/upgrade" className="font-semibold text-brand hover:underline">
          Track more with Growth
        </Link>
      )}
    </p>
  );
}

function AddStoreCard({ full, onTracked }: { full: boolean; onTracked: (c: Competitor) => void }) {
  const track = useTrackCompetitor();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    if (!value) {
      setError("Paste a store URL, e.g. https://example-store.com");
      return;
    }
    setError(undefined);
    track.mutate(
      { url: value },
      {
        onSuccess: (c) => {
          setUrl("");
          notify({ title: "Store tracked", description: `${c.name}: ${plural(c.productCount, "product")} read.`, variant: "success" });
          onTracked(c);
        },
        onError: (err) => {
          const failure = trackFailure(err);
          if (failure.kind === "quota") openTrackedStoresQuotaModal(failure.message);
          else setError(failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border border-line bg-surface p-5" noValidate data-testid="add-competitor-form">
      <h2 className="text-base font-semibold text-fg">Add a competitor</h2>
      <p className="mt-1 text-sm text-muted">Shopify stores are read from their public storefront (products, prices and best-selling order).</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Store URL" error={error} className="min-w-0 flex-1">
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://competitor-store.com"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              if (error) setError(undefined);
            }}
            disabled={track.isPending}
            data-testid="competitor-url"
          />
        </Field>
        <Button type="submit" loading={track.isPending} icon={<Plus className="size-4" aria-hidden />} className="sm:mt-7" data-testid="track-store">
          {track.isPending ? "Reading store…" : "Track store"}
        </Button>
      </div>
      {full && !error && <p className="mt-3 text-[13px] text-warning">Your plan's tracked-store limit is reached; stop tracking one or upgrade to add another.</p>}
    </form>
  );
}

function SamplePicker({ onTracked, full }: { onTracked: (c: Competitor) => void; full: boolean }) {
  const samples = useSampleStores();
  const track = useTrackCompetitor();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const trySample = (s: SampleStore) => {
    if (s.trackedId) return onTracked({ id: s.trackedId } as Competitor);
    setError(null);
    setPendingId(s.id);
    track.mutate(
      { sampleStoreId: s.id },
      {
        onSuccess: (c) => {
          notify({ title: "Sample store tracked", description: `${c.name} (sample data).`, variant: "success" });
          onTracked(c);
        },
        onError: (err) => {
          const failure = trackFailure(err);
          if (failure.kind === "quota") openTrackedStoresQuotaModal(failure.message);
          else setError(failure.message);
        },
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-5" data-testid="sample-picker">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-fg">Try a sample store</h2>
        <Badge tone="warning">
          <Database className="size-3" aria-hidden />
          Sample data
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted">Made-up stores with dated changes, to see how tracking works.{full ? " Tracking one counts toward your plan's limit." : ""}</p>
      {samples.isPending ? (
        <Skeleton lines={3} className="mt-4" />
      ) : samples.isError ? (
        <p className="mt-4 text-sm text-danger">{errorMessage(samples.error, "Sample stores could not be loaded.")}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {samples.data.slice(0, 6).map((s) => (
            <li key={s.id}>
              <Chip
                size="sm"
                onClick={() => trySample(s)}
                disabled={pendingId !== null}
                tone={s.trackedId ? "brand" : "neutral"}
                className="text-left"
                title={s.niche ? `${s.name}: ${s.niche}, ${plural(s.productCount, "product")}` : s.name}
                data-testid="sample-store"
                data-store-id={s.id}
              >
                {pendingId === s.id && <RefreshCw className="size-3 animate-spin" aria-hidden />}
                <span className="truncate font-medium">{s.name}</span>
                <span className="shrink-0 text-subtle">{s.trackedId ? "tracked" : `${s.productCount}`}</span>
              </Chip>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-3 text-[13px] text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function TrackedList({
  list,
  selected,
  compared,
  onOpen,
  onToggleCompare,
  onDelete,
  onCompare,
  onClearCompare,
}: {
  list: Competitor[];
  selected: string | null;
  compared: string[];
  onOpen: (id: string) => void;
  onToggleCompare: (id: string) => void;
  onDelete: (c: Competitor) => void;
  onCompare: () => void;
  onClearCompare: () => void;
}) {
  return (
    <>
      {list.length >= 2 && (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-2/60 px-3 py-2 text-sm" data-testid="compare-bar">
          <Columns3 className="size-4 text-subtle" aria-hidden />
          <span className="text-muted">
            {compared.length ? `${compared.length} of ${MAX_COMPARED} selected to compare` : `Tick up to ${MAX_COMPARED} stores to compare them side by side`}
          </span>
          <div className="ml-auto flex gap-2">
            {compared.length > 0 && (
              <Button variant="ghost" size="sm" onClick={onClearCompare}>
                Clear
              </Button>
            )}
            <Button size="sm" disabled={compared.length < 2} onClick={onCompare} data-testid="compare-open">
              Compare
            </Button>
          </div>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="competitor-list">
        {list.map((c) => {
          const isSelected = c.id === selected;
          const isCompared = compared.includes(c.id);
          return (
            <li
              key={c.id}
              className={cx(
                "relative flex flex-col rounded-2xl border bg-surface p-4 transition-[border-color,box-shadow]",
                isSelected ? "border-brand shadow-md shadow-brand/10" : "border-line hover:border-brand/40",
              )}
              data-testid="competitor-card"
              data-competitor-id={c.id}
            >
              <Pressable onClick={() => onOpen(c.id)} className="min-w-0 pr-10 text-left after:absolute after:inset-0 after:rounded-2xl" aria-expanded={isSelected} aria-controls="competitor-detail">
                <span className="block truncate font-semibold text-fg">{c.name}</span>
                <span className="mt-0.5 block truncate text-[13px] text-muted">{c.url ? c.url.replace(/^https?:\/\//, "") : `Sample store ${c.storeId}`}</span>
              </Pressable>
              <div className="mt-3 flex flex-wrap items-center gap-1.5">
                {c.isSampleData ? <Badge tone="warning">Sample data</Badge> : <Badge tone="brand">{c.platform}</Badge>}
                <Badge>{plural(c.productCount, "product")}</Badge>
              </div>
              <p className="mt-2 text-xs text-subtle">{c.lastSnapshotAt ? `Last snapshot ${formatDay(c.lastSnapshotAt)}` : "No snapshot yet"}</p>
              <div className="relative z-10 mt-3 flex items-center justify-between gap-2 border-t border-line/70 pt-3">
                <label className="inline-flex cursor-pointer items-center gap-2 text-[13px] text-muted">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-brand)]"
                    checked={isCompared}
                    disabled={!isCompared && compared.length >= MAX_COMPARED}
                    onChange={() => onToggleCompare(c.id)}
                    data-testid="compare-toggle"
                  />
                  Compare
                </label>
                <div className="flex items-center gap-1">
                  {c.url && (
                    <a href={c.url} target="_blank" rel="noreferrer noopener" className="grid size-8 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg" aria-label={`Open ${c.name} in a new tab`}>
                      <ExternalLink className="size-4" aria-hidden />
                    </a>
                  )}
                  <IconButton label={`Stop tracking ${c.name}`} size="sm" onClick={() => onDelete(c)} data-testid="competitor-delete">
                    <Trash2 className="size-4" aria-hidden />
                  </IconButton>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function DeleteDialog({ competitor, onClose, onDeleted }: { competitor: Competitor; onClose: () => void; onDeleted: () => void }) {
  const untrack = useUntrackCompetitor();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Stop tracking ${competitor.name}?`}
      description={
        competitor.isSampleData
          ? "The sample store leaves your list; you can track it again any time."
          : "Its catalogue, snapshots and change history are deleted. Tracking it again starts a new history."
      }
      confirmLabel="Stop tracking"
      danger
      pending={untrack.isPending}
      onConfirm={() =>
        untrack.mutate(competitor.id, {
          onSuccess: () => {
            notify({ title: "Store removed", description: `${competitor.name} is no longer tracked.`, variant: "success" });
            onDeleted();
            onClose();
          },
          onError: (err) => notify({ title: "Could not stop tracking", description: errorMessage(err, "Please try again."), variant: "destructive" }),
        })
      }
      data-testid="competitor-delete-dialog"
    />
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading tracked stores">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-2xl border border-line bg-surface p-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-2 h-3 w-1/2" />
          <Skeleton className="mt-4 h-5 w-1/3" />
        </div>
      ))}
    </div>
  );
}

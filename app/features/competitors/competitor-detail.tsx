/**
 * One tracked store: its numbers, price bands, likely best sellers, the catalogue (search and
 * sort), the changes timeline grouped by day (added, removed, price old → new) and snapshots.
 */
import { ArrowDownRight, ArrowUpRight, Minus, Plus, Search, Trophy, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { CompetitorDetail, PriceBand, StoreChange, StoreListing } from "~/domain/contracts/market";
import { errorMessage } from "~/lib/http";
import { Badge, cx, DataTable, IconButton, Input, Select, Skeleton, Stat, Tabs, TabsContent, TabsList, TabsTrigger, type Column, Button } from "~/ui";
import {
  bandWidths,
  formatCents,
  formatDay,
  groupChangesByDay,
  plural,
  priceChangeLabel,
  searchListings,
  sortListings,
  type ListingSort,
} from "./competitor-logic";
import { CloseButton, LoadError } from "./parts";
import { useCompetitor } from "./use-competitors";

/** Rows of the catalogue shown at once; "Show more" adds as many again. */
const PAGE = 25;

export function CompetitorDetailView({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useCompetitor(id);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [id]);

  return (
    <section ref={ref} id="competitor-detail" className="mt-8 scroll-mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-6" aria-label="Store detail" data-testid="competitor-detail">
      {detail.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the store">
          <Skeleton className="h-6 w-1/3" />
          <div className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton lines={6} className="mt-6" />
        </div>
      ) : detail.isError ? (
        <div className="space-y-3">
          <div className="flex justify-end">
            <CloseButton label="Close store" onClick={onClose} />
          </div>
          <LoadError message={errorMessage(detail.error, "This store could not be loaded.")} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <DetailBody store={detail.data} onClose={onClose} />
      )}
    </section>
  );
}

function DetailBody({ store, onClose }: { store: CompetitorDetail; onClose: () => void }) {
  const listed = useMemo(() => store.listings.filter((l) => l.removedAt === null), [store.listings]);
  const removed = store.listings.length - listed.length;
  const prices = listed.map((l) => l.priceCents).sort((a, b) => a - b);
  const median = prices.length ? prices[Math.floor((prices.length - 1) / 2)] : null;
  const onSale = listed.filter((l) => l.compareAtPriceCents !== null && l.compareAtPriceCents > l.priceCents).length;
  const lastFailed = store.snapshots[0]?.status === "failed" ? store.snapshots[0] : null;

  return (
    <>
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-xl font-bold tracking-tight text-fg" data-testid="competitor-detail-name">
              {store.name}
            </h2>
            {store.isSampleData ? <Badge tone="warning">Sample data</Badge> : <Badge tone="brand">{store.platform}</Badge>}
          </div>
          <p className="mt-1 truncate text-sm text-muted">
            {store.url ? (
              <a href={store.url} target="_blank" rel="noreferrer noopener" className="hover:text-brand hover:underline">
                {store.url.replace(/^https?:\/\//, "")}
              </a>
            ) : (
              `Sample store ${store.storeId}: generated data for trying competitor research`
            )}
          </p>
        </div>
        <CloseButton label="Close store" onClick={onClose} />
      </header>

      {lastFailed && (
        <p role="status" className="mt-4 rounded-lg border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-warning">
          The last snapshot ({formatDay(lastFailed.takenAt)}) could not read the store: {lastFailed.message}. The catalogue below is from the snapshot before.
        </p>
      )}

      <div className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Products listed" value={listed.length.toLocaleString("en-US")} hint={removed ? `${removed} removed since tracking` : undefined} />
        <Stat label="Median price" value={formatCents(median)} hint={prices.length ? `${formatCents(prices[0])} – ${formatCents(prices[prices.length - 1])}` : undefined} />
        <Stat label="On sale" value={onSale.toLocaleString("en-US")} hint="Compare-at price above price" />
        <Stat label="Last snapshot" value={<span className="text-lg">{formatDay(store.lastSnapshotAt)}</span>} hint={plural(store.snapshots.length, "snapshot")} />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <PriceBands bands={store.priceBands} total={listed.length} />
        <BestSellers store={store} listed={listed} />
      </div>

      <Tabs defaultValue="catalogue" className="mt-6">
        <TabsList className="max-w-full overflow-x-auto">
          <TabsTrigger value="catalogue" data-testid="tab-catalogue">
            Catalogue
          </TabsTrigger>
          <TabsTrigger value="changes" data-testid="tab-changes">
            Changes{store.changes.length ? ` (${store.changes.length})` : ""}
          </TabsTrigger>
          <TabsTrigger value="snapshots">Snapshots</TabsTrigger>
        </TabsList>
        <TabsContent value="catalogue" className="mt-4">
          <Catalogue listings={store.listings} hasRanks={store.bestSellersFrom !== null} />
        </TabsContent>
        <TabsContent value="changes" className="mt-4">
          <ChangesTimeline changes={store.changes} isSample={store.isSampleData} />
        </TabsContent>
        <TabsContent value="snapshots" className="mt-4">
          <Snapshots snapshots={store.snapshots} isSample={store.isSampleData} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function PriceBands({ bands, total }: { bands: PriceBand[]; total: number }) {
  const widths = bandWidths(bands.map((b) => b.count));
  return (
    <div className="rounded-xl border border-line p-4" data-testid="price-bands">
      <h3 className="text-sm font-semibold text-fg">Price bands</h3>
      <p className="text-xs text-subtle">Listed products by price (the cheapest variant)</p>
      <ul className="mt-3 space-y-2.5">
        {bands.map((b, i) => (
          <li key={b.label} className="grid grid-cols-[4.75rem_minmax(0,1fr)_3.5rem] items-center gap-3 text-sm">
            <span className="text-muted">{b.label}</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-surface-2" aria-hidden>
              <span className="block h-full rounded-full bg-brand" style={{ width: `${widths[i]}%` }} />
            </span>
            {/* An aria-label on a role-less span is not read (WCAG 4.1.2): the sentence is hidden text. */}
            <span className="text-right tabular-nums text-fg">
              <span className="sr-only">{`${b.count} of ${total} products ${b.label}`}</span>
              <span aria-hidden>
                {b.count}
                <span className="text-xs text-subtle"> {total ? `${Math.round((b.count / total) * 100)}%` : ""}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BestSellers({ store, listed }: { store: CompetitorDetail; listed: StoreListing[] }) {
  const best = listed
    .filter((l) => l.bestSellerRank !== null)
    .sort((a, b) => a.bestSellerRank! - b.bestSellerRank!)
    .slice(0, 5);
  const source =
    store.bestSellersFrom === "store"
      ? "From the store's own best-selling sort"
      : store.bestSellersFrom === "estimate"
        ? "Estimated from the sample data's orders"
        : "This store exposes no best-selling order";
  return (
    <div className="rounded-xl border border-line p-4" data-testid="best-sellers">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
        <Trophy className="size-4 text-warning" aria-hidden />
        Likely best sellers
      </h3>
      <p className="text-xs text-subtle">{source}</p>
      {best.length ? (
        <ol className="mt-3 space-y-2">
          {best.map((l) => (
            <li key={l.productKey} className="flex items-center gap-3 text-sm">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-surface-2 text-xs font-semibold tabular-nums text-muted">{l.bestSellerRank}</span>
              <span className="min-w-0 flex-1 truncate text-fg" title={l.title}>
                {l.title}
              </span>
              <span className="shrink-0 tabular-nums text-muted">{formatCents(l.priceCents)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-muted">No ranking to show.</p>
      )}
    </div>
  );
}

function Catalogue({ listings, hasRanks }: { listings: StoreListing[]; hasRanks: boolean }) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<ListingSort>(hasRanks ? "rank" : "title");
  const [showRemoved, setShowRemoved] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const removedCount = listings.filter((l) => l.removedAt !== null).length;
  const rows = useMemo(() => {
    const pool = showRemoved ? listings : listings.filter((l) => l.removedAt === null);
    return sortListings(searchListings(pool, query), sort);
  }, [listings, query, sort, showRemoved]);

  const columns: Column<StoreListing>[] = [
    {
      key: "title",
      header: "Product",
      cell: (l) => (
        <div className="min-w-[10rem]">
          <div className="min-w-0">
            <p className={cx("truncate font-medium", l.removedAt ? "text-muted line-through" : "text-fg")}>{l.title}</p>
            <p className="truncate text-xs text-subtle">
              {l.removedAt ? `Removed ${formatDay(l.removedAt)}` : `Since ${formatDay(l.firstSeenAt)}`}
            </p>
          </div>
        </div>
      ),
    },
    {
      key: "price",
      header: "Price",
      align: "right",
      cell: (l) => (
        <span className="whitespace-nowrap">
          {formatCents(l.priceCents)}
          {l.compareAtPriceCents !== null && l.compareAtPriceCents > l.priceCents && (
            <span className="ml-1.5 text-xs text-subtle line-through">{formatCents(l.compareAtPriceCents)}</span>
          )}
        </span>
      ),
    },
    ...(hasRanks
      ? [{ key: "rank", header: "Rank", align: "right" as const, cell: (l: StoreListing) => (l.bestSellerRank ? `#${l.bestSellerRank}` : "—") }]
      : []),
  ];

  return (
    <div className="space-y-3" data-testid="catalogue">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1 sm:max-w-sm">
          <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle" aria-hidden />
          <Input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setShown(PAGE);
            }}
            placeholder="Search the catalogue"
            aria-label="Search the catalogue"
            className="pl-10"
            data-testid="catalogue-search"
          />
          {query && (
            <IconButton label="Clear search" size="sm" className="absolute right-1.5 top-1/2 -translate-y-1/2" onClick={() => setQuery("")}>
              <X className="size-4" aria-hidden />
            </IconButton>
          )}
        </div>
        <Select value={sort} onChange={(e) => setSort(e.target.value as ListingSort)} aria-label="Sort the catalogue" className="sm:w-48">
          {hasRanks && <option value="rank">Best sellers first</option>}
          <option value="title">Name</option>
          <option value="price-asc">Price: low to high</option>
          <option value="price-desc">Price: high to low</option>
        </Select>
        {removedCount > 0 && (
          <label className="inline-flex items-center gap-2 text-[13px] text-muted">
            <input type="checkbox" className="size-4" checked={showRemoved} onChange={(e) => setShowRemoved(e.target.checked)} />
            Show {removedCount} removed
          </label>
        )}
      </div>
      <p className="text-[13px] text-muted" aria-live="polite" data-testid="catalogue-count">
        {query.trim() ? `${plural(rows.length, "product")} match “${query.trim()}”` : plural(rows.length, "product")}
      </p>
      <DataTable
        columns={columns}
        rows={rows.slice(0, shown)}
        rowKey={(l) => l.productKey}
        caption="The store's catalogue"
        empty={<p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">{query.trim() ? "No product matches this search." : "No products listed."}</p>}
      />
      {rows.length > shown && (
        <div className="flex justify-center">
          <Button variant="link" className="text-sm" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, rows.length - shown)} more of {rows.length - shown}
          </Button>
        </div>
      )}
    </div>
  );
}

const KIND_BADGE = {
  added: { tone: "success", label: "Added", Icon: Plus },
  removed: { tone: "danger", label: "Removed", Icon: Minus },
  price: { tone: "brand", label: "Price", Icon: ArrowUpRight },
} as const;

function ChangeRow({ change }: { change: StoreChange }) {
  const kind = KIND_BADGE[change.kind];
  const down = change.kind === "price" && change.newPriceCents !== null && change.oldPriceCents !== null && change.newPriceCents < change.oldPriceCents;
  const Icon = down ? ArrowDownRight : kind.Icon;
  return (
    <li className="grid grid-cols-[5.25rem_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 py-2 text-sm sm:grid-cols-[5.25rem_minmax(0,1fr)_auto]" data-testid="change-row" data-kind={change.kind}>
      <Badge tone={kind.tone} className="justify-center">
        <Icon className="size-3" aria-hidden />
        {kind.label}
      </Badge>
      <span className="min-w-0 truncate text-fg" title={change.title}>
        {change.title}
      </span>
      <span className={cx("col-start-2 tabular-nums sm:col-start-3 sm:text-right", change.kind === "price" ? (down ? "text-accent" : "text-danger") : "text-muted")}>
        {change.kind === "price" ? priceChangeLabel(change) : formatCents(change.kind === "added" ? change.newPriceCents : change.oldPriceCents)}
      </span>
    </li>
  );
}

function ChangesTimeline({ changes, isSample }: { changes: StoreChange[]; isSample: boolean }) {
  const days = useMemo(() => groupChangesByDay(changes), [changes]);
  const [open, setOpen] = useState(6);
  if (!days.length) {
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted" data-testid="changes-empty">
        {isSample ? "No changes recorded for this sample store." : "No changes yet. Each refresh (8 times a day) compares the store with its last snapshot and lists what was added, removed or repriced here."}
      </p>
    );
  }
  return (
    <div data-testid="changes-timeline">
      <ol className="space-y-5">
        {days.slice(0, open).map((d) => (
          <li key={d.day}>
            <div className="flex flex-wrap items-center gap-2 border-b border-line pb-1.5">
              <h4 className="text-sm font-semibold text-fg">{formatDay(d.day)}</h4>
              {d.counts.added > 0 && <Badge tone="success">+{d.counts.added} added</Badge>}
              {d.counts.removed > 0 && <Badge tone="danger">−{d.counts.removed} removed</Badge>}
              {d.counts.price > 0 && <Badge tone="brand">{plural(d.counts.price, "price change")}</Badge>}
            </div>
            <ul className="divide-y divide-line/60">
              {d.changes.map((c, i) => (
                <ChangeRow key={`${c.productKey}-${c.kind}-${i}`} change={c} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {days.length > open && (
        <div className="mt-4 flex justify-center">
          <Button variant="link" className="text-sm" onClick={() => setOpen((n) => n + 6)}>
            Show earlier days ({days.length - open} more)
          </Button>
        </div>
      )}
    </div>
  );
}

function Snapshots({ snapshots, isSample }: { snapshots: CompetitorDetail["snapshots"]; isSample: boolean }) {
  if (!snapshots.length) {
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
        {isSample ? "Sample stores are snapshotted with the scheduled refresh; none has run since you tracked it." : "No snapshot yet."}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line/60 rounded-xl border border-line">
      {snapshots.map((s, i) => (
        <li key={`${s.takenAt}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
          <span className="w-28 shrink-0 text-fg">{formatDay(s.takenAt)}</span>
          <span className="text-xs text-subtle">{new Date(s.takenAt).toISOString().slice(11, 16)} UTC</span>
          <Badge tone={s.status === "ok" ? "success" : "danger"}>{s.status === "ok" ? "OK" : "Failed"}</Badge>
          <span className="tabular-nums text-muted">{plural(s.productCount, "product")}</span>
          {s.message && <span className="basis-full text-xs text-subtle">{s.message}</span>}
        </li>
      ))}
    </ul>
  );
}

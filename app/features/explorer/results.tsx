/**
 * The Explorer's results: a sortable table from 1280 px, cards below it, and the pager. Each
 * product's name is a link to its own page (`/flows/<id>`), stretched over its row or card; a
 * "Quick look" link beside it opens its panel over the same view (`?product=<id>`).
 */
import { Link, useSearchParams } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Eye } from "lucide-react";
import type { ExplorerProduct } from "~/domain/contracts/market";
import { FIGURE_LABELS } from "~/domain/market-figures";
import { Badge, Button, cx, DataTable, Skeleton, type Column } from "~/ui";
import { productHref, rangeLabel, type ExplorerView, type SortKey } from "./explorer-query";
import { change, count, money } from "./format";
import { flowHref } from "./product-links";
import { ScoreBadge, Sparkline } from "./score-parts";

const SORTABLE: readonly string[] = ["score", "price", "margin", "orders", "trend", "ads"];

function Missing() {
  return (
    <span className="text-subtle" title="Not in the record">
      —<span className="sr-only">not in the record</span>
    </span>
  );
}

function Trend({ pct }: { pct: number | null }) {
  if (pct === null) return <Missing />;
  const up = pct > 0;
  const down = pct < 0;
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 font-semibold tabular-nums",
        up ? "text-accent" : down ? "text-danger" : "text-muted",
      )}
    >
      <span aria-hidden>{up ? "▲" : down ? "▼" : ""}</span>
      <span className="sr-only">{up ? "rising" : down ? "falling" : "steady"} </span>
      {change(pct)}
    </span>
  );
}

const COMPETITION_TONE = { low: "success", medium: "brand", high: "warning", saturated: "danger" } as const;

function CompetitionBadge({ level }: { level: ExplorerProduct["competition"] }) {
  if (!level) return <Missing />;
  return (
    <Badge tone={COMPETITION_TONE[level]} className="capitalize">
      <span data-testid="row-competition">{level}</span>
    </Badge>
  );
}

/** Opens the product's panel over the results; sits above the row's stretched link. */
function QuickLook({ p, params, testId }: { p: ExplorerProduct; params: URLSearchParams; testId: string }) {
  return (
    <Link
      to={productHref(params, p.id)}
      preventScrollReset
      aria-label={`Quick look: ${p.name}`}
      // At least 24 px tall (WCAG 2.2 target size): it sits right under the product's name.
      className="relative z-10 inline-flex min-h-6 items-center gap-1 rounded-md px-1 text-xs font-medium text-brand outline-none hover:underline focus-visible:ring-3 focus-visible:ring-brand/35"
      data-testid={testId}
    >
      <Eye className="size-3.5" aria-hidden />
      Quick look
    </Link>
  );
}

function NameCell({ p, params }: { p: ExplorerProduct; params: URLSearchParams }) {
  return (
    <div className="min-w-[13rem] max-w-[22rem]">
      <Link
        to={flowHref(p.id)}
        // Stretched over its row: a click anywhere on the row opens the product's page.
        className="line-clamp-2 font-semibold leading-6 text-fg underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:text-brand hover:underline focus-visible:underline"
        data-testid="row-open"
      >
        {p.name}
      </Link>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
        <span data-testid="row-niche" data-niche={p.niche.id}>
          {p.niche.name}
        </span>
        {!p.isSampleData && <Badge tone="brand">Your import</Badge>}
        {p.savedLists.length > 0 && <span className="text-brand">· saved</span>}
        <span aria-hidden>·</span>
        <QuickLook p={p} params={params} testId="row-quick-look" />
      </p>
    </div>
  );
}

export function ResultsTable({
  rows,
  view,
  onSort,
}: {
  rows: ExplorerProduct[];
  view: ExplorerView;
  onSort: (key: SortKey) => void;
}) {
  const [params] = useSearchParams();
  const columns: Column<ExplorerProduct>[] = [
    { key: "name", header: "Product", cell: (p) => <NameCell p={p} params={params} /> },
    { key: "score", header: "Score", sortable: true, cell: (p) => <ScoreBadge score={p.score} /> },
    { key: "price", header: "Price", sortable: true, align: "right", cell: (p) => money(p.priceCents) },
    {
      key: "margin",
      header: FIGURE_LABELS.marginBeforeShipping,
      sortable: true,
      align: "right",
      cell: (p) => (p.marginPct === null ? <Missing /> : `${p.marginPct}%`),
    },
    {
      key: "orders",
      header: "Orders 4 wk",
      sortable: true,
      align: "right",
      cell: (p) =>
        p.monthlyOrders === null ? (
          <Missing />
        ) : (
          <span className="inline-flex items-center justify-end gap-2">
            <Sparkline values={p.recentOrders} />
            <span className="min-w-12">{count(p.monthlyOrders)}</span>
          </span>
        ),
    },
    { key: "trend", header: "Trend", sortable: true, align: "right", cell: (p) => <Trend pct={p.trendPct} /> },
    { key: "competition", header: "Competition", cell: (p) => <CompetitionBadge level={p.competition} /> },
    { key: "ads", header: FIGURE_LABELS.activeAds, sortable: true, align: "right", cell: (p) => count(p.activeAds) },
    {
      key: "ship",
      header: "Ships",
      align: "right",
      cell: (p) => (p.shippingDays === null ? <Missing /> : `${p.shippingDays} d`),
    },
  ];
  return (
    <DataTable
      caption="Products matching the filters, with their winning score"
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      sort={SORTABLE.includes(view.sort) ? { key: view.sort, direction: view.order } : undefined}
      onSortChange={(key) => onSort(key as SortKey)}
      className="[&_td]:px-3 [&_td]:py-2.5 [&_th]:px-3 [&_tbody_tr]:relative [&_tbody_tr]:cursor-pointer"
    />
  );
}

export function ResultCards({ rows }: { rows: ExplorerProduct[] }) {
  const [params] = useSearchParams();
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="result-cards">
      {rows.map((p) => (
        <li
          key={p.id}
          className="relative rounded-2xl border border-line bg-surface p-4 focus-within:border-brand/60"
          data-testid="result-card"
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <Link
                to={flowHref(p.id)}
                // Stretched over the card: a tap anywhere on it opens the product's page.
                className="font-semibold leading-snug text-fg after:absolute after:inset-0 after:rounded-2xl"
                data-testid="card-open"
              >
                {p.name}
              </Link>
              <p className="mt-0.5 text-xs text-muted" data-niche={p.niche.id}>
                {p.niche.name}
                {p.savedLists.length > 0 && <span className="text-brand"> · saved</span>}
              </p>
            </div>
            <ScoreBadge score={p.score} className="shrink-0" />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
            <div>
              <dt className="text-subtle">Price</dt>
              <dd className="font-semibold tabular-nums text-fg">{money(p.priceCents)}</dd>
            </div>
            <div>
              <dt className="text-subtle">{FIGURE_LABELS.marginBeforeShipping}</dt>
              <dd className="font-semibold tabular-nums text-fg">
                {p.marginPct === null ? <Missing /> : `${p.marginPct}%`}
              </dd>
            </div>
            <div>
              <dt className="text-subtle">Trend</dt>
              <dd className="text-sm">
                <Trend pct={p.trendPct} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-subtle">Orders, last 4 weeks</dt>
              <dd className="flex items-center gap-2 font-semibold tabular-nums text-fg">
                {p.monthlyOrders === null ? <Missing /> : count(p.monthlyOrders)}
                <Sparkline values={p.recentOrders} />
              </dd>
            </div>
            <div>
              <dt className="text-subtle">Ships</dt>
              <dd className="font-semibold tabular-nums text-fg">
                {p.shippingDays === null ? <Missing /> : `${p.shippingDays} days`}
              </dd>
            </div>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-2">
            <p className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted">
              <CompetitionBadge level={p.competition} />
              {p.competition && <span>competition</span>}
              <span aria-hidden>·</span>
              {count(p.activeAds)} {FIGURE_LABELS.activeAds.toLowerCase()}
            </p>
            <QuickLook p={p} params={params} testId="card-quick-look" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ResultsSkeleton() {
  return (
    <div aria-hidden className="space-y-2" data-testid="results-loading">
      <Skeleton className="hidden h-11 md:block" />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-24 md:h-14" />
      ))}
    </div>
  );
}

export function Pager({
  page,
  pages,
  shown,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  pages: number;
  shown: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Result pages" className="flex flex-wrap items-center justify-between gap-3" data-testid="pager">
      <p className="text-sm text-muted" aria-live="polite">
        {rangeLabel(page, shown, total, pageSize)}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          icon={<ChevronLeft className="size-4" aria-hidden />}
          data-testid="pager-prev"
        >
          Previous
        </Button>
        <span className="text-sm tabular-nums text-muted">
          Page {page} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          data-testid="pager-next"
        >
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/**
 * /ai-explore, the winning-product Explorer: catalog products with their winning score, filtered,
 * sorted, searched and paged, the whole view in the address (shareable, reloadable, back/forward);
 * a product's panel at `?product=<id>`; the score's measured precision; the CSV of the view.
 */
import { Link, useSearchParams } from "@remix-run/react";
import {
  AlertTriangle,
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  Download,
  Lock,
  RefreshCw,
  Search,
  SearchX,
  SlidersHorizontal,
  Upload,
  X,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ALLOWANCES } from "~/domain/counters";
import { FIGURE_LABELS } from "~/domain/market-figures";
import { useCurrentUser } from "~/features/account";
import { openUpgradeModal } from "~/features/billing";
import { errorMessage } from "~/lib/http";
import {
  Badge,
  Button,
  buttonClasses,
  Dialog,
  EmptyState,
  IconButton,
  Input,
  PageHeader,
  Select,
  cx,
  Chip,
} from "~/ui";
import { BacktestCard } from "./backtest-card";
import { exportCsvHref } from "./explorer-client";
import {
  PAGE_SIZE,
  PRODUCT_PARAM,
  activeFilterCount,
  apiQuery,
  clearFilters,
  exportQuery,
  pageCount,
  parseView,
  priceClash,
  toggleSort,
  filterChips,
  withFilter,
  withoutFilter,
  writeView,
  type ExplorerView,
  type FilterKey,
  type FilterValue,
  type ViewChange,
  type SortKey,
} from "./explorer-query";
import { Filters } from "./filters";
import { longWeek } from "./format";
import { ImportDialog } from "./import-dialog";
import { ProductPanel } from "./product-panel";
import { Pager, ResultCards, ResultsSkeleton, ResultsTable } from "./results";
import { useExplorerPage, useNiches, useSavedLists } from "./use-explorer";

/** The other market-intelligence screens, one click from the Explorer. */
const RESEARCH_TOOLS = [
  { to: "/intelligence-dashboard", label: "Ad intelligence" },
  { to: "/visual-intelligence", label: "Creative intelligence" },
  { to: "/competitor-research", label: "Competitor research" },
  { to: "/market-analysis", label: "Deep market analysis" },
  { to: "/scraping-test", label: "Inspect a product URL" },
];

const SORT_LABELS: Record<SortKey, string> = {
  score: "Score",
  orders: "Orders",
  trend: "Trend",
  margin: FIGURE_LABELS.marginBeforeShipping,
  price: "Price",
  ads: FIGURE_LABELS.activeAds,
  newest: "Newest",
};

/**
 * The Explorer is an open screen (ADR 005): a signed-out visitor sees what it does and how to get
 * in; the catalog itself is read by signed-in merchants.
 */
export function ExplorerScreen() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading)
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <ResultsSkeleton />
      </div>
    );
  return user ? <SignedInExplorer /> : <SignedOutExplorer />;
}

function SignedOutExplorer() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" data-testid="explorer-signed-out">
      <PageHeader
        title="Explorer"
        description="Winning products ranked by a score that shows its reasons: momentum, demand, margin after shipping, competition and shipping speed, each with the record values behind it."
      />
      <div className="mt-6 rounded-xl border border-line bg-surface p-6">
        <ul className="space-y-2 text-sm text-muted">
          <li>5,100 sample products in 60 niches with 26 weeks of orders, prices and ads, plus your own imports.</li>
          <li>
            Filters for niche, price, margin, competition, platform, trend and shipping time; CSV export and saved
            lists.
          </li>
          <li>The score&rsquo;s measured precision on the catalog&rsquo;s own history, with its method.</li>
        </ul>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to="/signup" className={buttonClasses({ variant: "primary" })} data-testid="explorer-signup">
            Sign up free
          </Link>
          <Link to="/login?redirect=%2Fai-explore" className={buttonClasses({ variant: "secondary" })}>
            Log in
          </Link>
          <Link to="/marketing-intelligence-demo" className={buttonClasses({ variant: "ghost" })}>
            See the ad intelligence demo
          </Link>
        </div>
      </div>
    </div>
  );
}

function SignedInExplorer() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const query = apiQuery(view);
  // A price range that cannot match is said where the results go, and not asked of the API.
  const clash = priceClash(view);
  const page = useExplorerPage(query, { enabled: !clash });
  const niches = useNiches();
  const lists = useSavedLists();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  // From 768 px the filters sit above the results (shown at first); below, they open in a sheet.
  const [inlineFilters, setInlineFilters] = useState(true);
  const resultsRef = useRef<HTMLDivElement>(null);
  const productId = params.get(PRODUCT_PARAM);

  const setView = useCallback(
    (change: ViewChange, { replace = false }: { replace?: boolean } = {}) => {
      // Built on the address as it is now, not on this render's `view`: React draws a navigation as a
      // transition, and a second click before it is drawn would otherwise drop the first one.
      const live = new URLSearchParams(window.location.search);
      setParams(writeView(change(parseView(live)), live), { replace, preventScrollReset: true });
    },
    [setParams],
  );
  const setFilter = <K extends FilterKey>(key: K, value: FilterValue<K>) =>
    setView((live) => withFilter(live, key, typeof value === "function" ? value(live[key]) : value));
  const clear = () => setView(clearFilters);
  const closeProduct = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PRODUCT_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  const data = page.data;
  const filterCount = activeFilterCount({ ...view, q: undefined });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="explorer-screen">
      <PageHeader
        title="Explorer"
        description="Winning products from the catalog, ranked by a score that shows its reasons. Filter, open a product to see why it scores what it does, and save the ones to test."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setImportOpen(true)} data-testid="explorer-import">
              <Upload className="size-3.5" aria-hidden />
              Import products
            </Button>
            <a
              href={exportCsvHref(exportQuery(view))}
              download
              className={buttonClasses({ variant: "secondary", size: "sm" })}
              data-testid="explorer-export"
            >
              <Download className="size-3.5" aria-hidden />
              Export CSV
            </a>
          </div>
        }
      />
      <nav aria-label="Research tools" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {RESEARCH_TOOLS.map((tool) => (
          <Link key={tool.to} to={tool.to} className="font-medium text-brand hover:underline">
            {tool.label}
          </Link>
        ))}
      </nav>
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} onShowMine={() => setFilter("source", "mine")} />
      <p className="mt-3 flex flex-wrap items-center gap-2 text-[13px] text-muted" data-testid="explorer-provenance">
        {view.source === "mine" ? (
          <>
            <Badge tone="brand">Your imports</Badge>
            <span>Only the products you imported{data ? `; catalog week of ${longWeek(data.asOf)}` : ""}.</span>
          </>
        ) : (
          <>
            <Badge tone="warning">Sample data</Badge>
            <span>
              Generated sample catalog, not live market data{data ? `, as of the week of ${longWeek(data.asOf)}` : ""}.
              Your imports are labelled as yours.
            </span>
          </>
        )}
      </p>

      <div className="mt-5">
        <BacktestCard />
      </div>

      <div className="mt-6 min-w-0" ref={resultsRef}>
        <Toolbar
          view={view}
          setView={setView}
          filterCount={filterCount}
          filtersShown={inlineFilters}
          onToggleFilters={() => {
            if (window.matchMedia("(min-width: 768px)").matches) setInlineFilters((v) => !v);
            else setFiltersOpen(true);
          }}
        />
        {inlineFilters && (
          <section
            id="explorer-filters"
            aria-label="Filters"
            className="mt-3 hidden rounded-2xl border border-line bg-surface p-4 md:block"
          >
            <Filters
              view={view}
              niches={niches.data}
              lists={lists.data}
              onChange={setFilter}
              onClear={clear}
              idPrefix="filters"
            />
          </section>
        )}
        <FilterChips
          view={view}
          nicheName={(id) => niches.data?.find((n) => n.id === id)?.name}
          onRemove={(key) => setView((live) => withoutFilter(live, key))}
          onClear={clear}
        />

        {data?.planCap != null && (
          <div
            className="mt-4 flex flex-col gap-2 rounded-xl border border-brand/30 bg-brand-soft px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            data-testid="explorer-cap"
          >
            <p className="flex items-start gap-2 text-fg">
              <Lock className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
              <span>
                Showing the top {data.planCap.toLocaleString("en-US")} of {data.total.toLocaleString("en-US")}. Upgrade
                to see all.
              </span>
            </p>
            <Button
              size="sm"
              onClick={() =>
                openUpgradeModal({
                  feature: "generate",
                  title: ALLOWANCES.explorerResults.limitTitle,
                  message: `The Free plan reads the top ${data.planCap} of each search. Growth shows all ${data.total.toLocaleString("en-US")} matches, with every page and the full CSV.`,
                  limitLabel: `Top ${data.planCap} of ${data.total.toLocaleString("en-US")} shown`,
                })
              }
              data-testid="explorer-upgrade"
            >
              Upgrade
            </Button>
          </div>
        )}

        <div
          className="mt-4"
          aria-busy={page.isFetching || undefined}
          aria-live="polite"
          data-testid="explorer-results"
        >
          {clash ? (
            <div data-testid="explorer-price-clash">
              <EmptyState
                icon={SearchX}
                title="No product can match this price range"
                description={`The highest price ($${view.priceMax}) is below the lowest ($${view.priceMin}). Change one of them.`}
                action={
                  <Button
                    variant="secondary"
                    onClick={() => setView((live) => ({ ...live, priceMin: undefined, priceMax: undefined, page: 1 }))}
                    data-testid="explorer-clear-prices"
                  >
                    Clear the price range
                  </Button>
                }
              />
            </div>
          ) : page.isPending ? (
            <ResultsSkeleton />
          ) : !data ? (
            <div
              role="alert"
              className="flex flex-col items-center rounded-2xl border border-warning/35 bg-warning/10 px-6 py-10 text-center"
              data-testid="explorer-error"
            >
              <AlertTriangle className="size-6 text-warning" aria-hidden />
              <p className="mt-3 font-semibold text-fg">Couldn't load the products</p>
              <p className="mt-1 text-sm text-muted">{errorMessage(page.error, "Something went wrong on our side.")}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                loading={page.isFetching}
                icon={<RefreshCw className="size-3.5" aria-hidden />}
                onClick={() => void page.refetch()}
                data-testid="explorer-retry"
              >
                Try again
              </Button>
            </div>
          ) : data.total === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No products match these filters"
              description="Loosen a filter or two, or start again from the whole catalog."
              action={
                <Button variant="secondary" onClick={clear} data-testid="explorer-clear">
                  Clear filters
                </Button>
              }
              className="bg-surface"
            />
          ) : data.data.length === 0 ? (
            <EmptyState
              icon={Lock}
              title="This page is past what your plan shows"
              description={`Your plan reads the top ${data.visibleTotal.toLocaleString("en-US")} results of each search.`}
              action={
                <Button variant="secondary" onClick={() => setView((live) => ({ ...live, page: 1 }))}>
                  Back to page 1
                </Button>
              }
            />
          ) : (
            <div className={cx("space-y-4 transition-opacity", page.isPlaceholderData && "opacity-60")}>
              {page.isRefetchError && (
                <p
                  role="alert"
                  className="flex items-center gap-2 rounded-lg border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-warning"
                >
                  <AlertTriangle className="size-4 shrink-0" aria-hidden />
                  Couldn't refresh the results; showing the last ones we had.
                </p>
              )}
              <div className="hidden xl:block">
                <ResultsTable rows={data.data} view={view} onSort={(key) => setView((live) => toggleSort(live, key))} />
              </div>
              <div className="xl:hidden">
                <ResultCards rows={data.data} />
              </div>
              <Pager
                page={view.page}
                pages={pageCount(data.visibleTotal, data.pageSize)}
                shown={data.data.length}
                total={data.visibleTotal}
                pageSize={data.pageSize || PAGE_SIZE}
                onPage={(n) => {
                  setView((live) => ({ ...live, page: n }));
                  resultsRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
                }}
              />
            </div>
          )}
        </div>
      </div>

      <Dialog
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        title="Filters"
        data-testid="filters-sheet"
        footer={
          <Button onClick={() => setFiltersOpen(false)}>
            Show {data ? data.total.toLocaleString("en-US") : ""} results
          </Button>
        }
      >
        <Filters
          view={view}
          niches={niches.data}
          lists={lists.data}
          onChange={setFilter}
          onClear={clear}
          idPrefix="sheet"
        />
      </Dialog>

      <ProductPanel productId={productId} onClose={closeProduct} />
    </div>
  );
}

function Toolbar({
  view,
  setView,
  filterCount,
  filtersShown,
  onToggleFilters,
}: {
  view: ExplorerView;
  setView: (change: ViewChange, options?: { replace?: boolean }) => void;
  filterCount: number;
  filtersShown: boolean;
  onToggleFilters: () => void;
}) {
  const [text, setText] = useState(view.q ?? "");
  const typed = useRef(false);
  // The address changed under us (back/forward, Clear filters): show its search.
  useEffect(() => {
    if (!typed.current) setText(view.q ?? "");
  }, [view.q]);
  // Typing searches after a pause; one history entry per search, not per key.
  useEffect(() => {
    if (!typed.current) return;
    const t = setTimeout(() => {
      typed.current = false;
      if ((text.trim() || undefined) !== view.q)
        setView((live) => withFilter(live, "q", text.trim() || undefined), { replace: true });
    }, 350);
    return () => clearTimeout(t);
  }, [text, view, setView]);

  const OrderIcon = view.order === "desc" ? ArrowDownWideNarrow : ArrowUpNarrowWide;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <form
        role="search"
        className="relative min-w-0 flex-1"
        onSubmit={(e) => {
          e.preventDefault();
          typed.current = false;
          setView((live) => withFilter(live, "q", text.trim() || undefined));
        }}
      >
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle"
          aria-hidden
        />
        <Input
          type="search"
          value={text}
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
          }}
          placeholder="Search products"
          aria-label="Search product names and types"
          className="h-10 pl-10 pr-10"
          maxLength={120}
          data-testid="explorer-search"
        />
        {text && (
          <IconButton
            label="Clear search"
            size="sm"
            className="absolute right-1 top-1/2 -translate-y-1/2"
            onClick={() => {
              typed.current = false;
              setText("");
              setView((live) => withFilter(live, "q", undefined));
            }}
          >
            <X className="size-4" aria-hidden />
          </IconButton>
        )}
      </form>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          className={cx("h-10", filtersShown && "md:border-brand/50 md:bg-brand-soft")}
          icon={<SlidersHorizontal className="size-4" aria-hidden />}
          onClick={onToggleFilters}
          aria-controls="explorer-filters"
          data-expanded={filtersShown}
          data-testid="explorer-filters-button"
        >
          Filters{filterCount ? ` (${filterCount})` : ""}
        </Button>
        <label className="sr-only" htmlFor="explorer-sort">
          Sort by
        </label>
        <Select
          id="explorer-sort"
          className="h-10 min-w-0 text-sm sm:w-52 sm:text-sm"
          value={view.sort}
          onChange={(e) => setView((live) => withFilter(live, "sort", e.target.value as SortKey))}
          data-testid="explorer-sort"
        >
          {(Object.keys(SORT_LABELS) as SortKey[]).map((k) => (
            <option key={k} value={k}>
              Sort: {SORT_LABELS[k]}
            </option>
          ))}
        </Select>
        <IconButton
          label={
            view.order === "desc" ? "Highest first: switch to lowest first" : "Lowest first: switch to highest first"
          }
          tooltip
          className="size-10 border border-line bg-surface"
          onClick={() => setView((live) => withFilter(live, "order", live.order === "desc" ? "asc" : "desc"))}
          data-testid="explorer-order"
        >
          <OrderIcon className="size-4" aria-hidden />
        </IconButton>
      </div>
    </div>
  );
}

function FilterChips({
  view,
  nicheName,
  onRemove,
  onClear,
}: {
  view: ExplorerView;
  nicheName: (id: string) => string | undefined;
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}) {
  const chips = filterChips(view, nicheName);
  if (!chips.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap items-center gap-1.5" aria-label="Filters in force" data-testid="filter-chips">
      {chips.map((c) => (
        <li key={c.key}>
          <Chip
            size="sm"
            tone="brand"
            onClick={() => onRemove(c.key)}
            className="pr-1.5"
            aria-label={`Remove filter: ${c.label}`}
          >
            {c.label}
            <X className="size-3.5 text-subtle" aria-hidden />
          </Chip>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button variant="link" onClick={onClear} className="h-7 px-2 text-xs" data-testid="chips-clear">
            Clear all
          </Button>
        </li>
      )}
    </ul>
  );
}

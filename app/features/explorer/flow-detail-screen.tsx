/**
 * /flows/:flowId, the spec's flow detail: one Explorer product on its own page, deep-linkable and
 * shareable. Its winning score with every reason, 26 weeks of orders, active ads and price, what a
 * sale keeps, the ads seen and the stores selling it (each one trackable as a competitor), and
 * every tool started with it: build its page, make its visuals and ad creatives, launch its ads,
 * ask the chat, the deep report, save it to a list. The sections are the quick-look panel's own
 * (product-sections.tsx), so each figure has one label and one definition (ADR 020).
 */
import { Link } from "@remix-run/react";
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  FileSearch,
  Images,
  LayoutTemplate,
  Link2,
  MessageSquare,
  RefreshCw,
  Rocket,
  SearchX,
  Wand2,
  type LucideIcon,
} from "lucide-react";
import { useEffect } from "react";
import type { ProductRecord } from "~/domain/contracts/catalog";
import { useCurrentUser } from "~/features/account";
import { TrackStoreButton } from "~/features/competitors";
import { errorMessage, HttpError } from "~/lib/http";
import { Button, buttonClasses, cx, PageHeader, Skeleton, useCopyText } from "~/ui";
import { flowHref, flowIdOf, productTools, type ProductToolId } from "./product-links";
import {
  AdList,
  AdsActiveLine,
  adsTitle,
  MoneyGrid,
  ProvenanceBadges,
  RecordSource,
  SaveMenu,
  ScoreReasons,
  Section,
  StoreList,
  storesTitle,
  WeekCharts,
  WeekStats,
} from "./product-sections";
import { scoreTone } from "./score-parts";
import { useProductRecord } from "./use-explorer";

const PAGE = "mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8";

/**
 * Signed-out visitors are handled as on /ai-explore (ADR 005: `/flows` is in OPEN_APP_PREFIXES,
 * so the route has no protected loader): the shell renders for anyone and a signed-out visitor
 * sees what the page holds and a way in that comes back to this product (`/login?redirect=…`).
 * The record itself is only read by a signed-in merchant: the API checks every read, and a
 * merchant's own imports are theirs alone.
 */
export function FlowDetailScreen({ flowId }: { flowId: string | undefined }) {
  const { user, isLoading } = useCurrentUser();
  const id = flowIdOf(flowId);
  if (isLoading) return <FlowSkeleton />;
  if (!user) return <SignedOutFlow id={id} />;
  if (!id) return <FlowNotFound id={flowId ?? ""} />;
  return <SignedInFlow id={id} />;
}

function BackToExplorer() {
  return (
    <Link
      to="/ai-explore"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted outline-none hover:text-fg focus-visible:ring-3 focus-visible:ring-brand/35"
      data-testid="flow-back"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Explorer
    </Link>
  );
}

function SignedOutFlow({ id }: { id: string | null }) {
  const back = id ? flowHref(id) : "/ai-explore";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" data-testid="flow-signed-out">
      <PageHeader
        title="Product page"
        description="One Explorer product on its own page: its winning score and the reasons behind it, 26 weeks of orders, ads and prices, the ads running it and the stores selling it."
      />
      <div className="mt-6 rounded-xl border border-line bg-surface p-6">
        <p className="text-sm text-muted">
          Sign in to open {id ? <span className="font-medium text-fg">{id}</span> : "this product"} and start the page
          builder, the Image Maker, the AI Launcher or the chat with it.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to="/signup" className={buttonClasses({ variant: "primary" })} data-testid="flow-signup">
            Sign up free
          </Link>
          <Link
            to={`/login?redirect=${encodeURIComponent(back)}`}
            className={buttonClasses({ variant: "secondary" })}
            data-testid="flow-login"
          >
            Log in
          </Link>
          <Link to="/ai-explore" className={buttonClasses({ variant: "ghost" })}>
            What the Explorer does
          </Link>
        </div>
      </div>
    </div>
  );
}

function FlowSkeleton() {
  return (
    <div className={PAGE} aria-busy="true" data-testid="flow-loading">
      <span className="sr-only">Loading the product…</span>
      <Skeleton className="h-5 w-24" />
      <div className="mt-5 flex flex-col gap-5 lg:flex-row lg:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-full max-w-xl" />
          <Skeleton className="h-4 w-64" />
        </div>
        <Skeleton className="h-28 w-full lg:w-72" />
      </div>
      <div className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

function FlowNotFound({ id }: { id: string }) {
  return (
    <div className={PAGE} data-testid="flow-not-found">
      <BackToExplorer />
      <div className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-2xl border border-dashed border-line px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand" aria-hidden>
          <SearchX className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">Product not found</h1>
        <p className="mt-2 break-all text-sm text-muted">
          {id ? (
            <>
              There is no product <span className="font-medium text-fg">{id}</span> in the catalog.
            </>
          ) : (
            "This address names no product."
          )}{" "}
          It may have been an import that was removed, or the link is mistyped.
        </p>
        <Link to="/ai-explore" className={cx(buttonClasses({ variant: "primary" }), "mt-6")} data-testid="flow-not-found-back">
          Back to the Explorer
        </Link>
      </div>
    </div>
  );
}

function FlowError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <div className={PAGE}>
      <BackToExplorer />
      <div
        role="alert"
        className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-2xl border border-warning/35 bg-warning/10 px-6 py-10 text-center"
        data-testid="flow-error"
      >
        <AlertTriangle className="size-6 text-warning" aria-hidden />
        <h1 className="mt-3 text-lg font-semibold text-fg">Couldn't load this product</h1>
        <p className="mt-1 text-sm text-muted">{errorMessage(error, "Something went wrong on our side.")}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          loading={retrying}
          icon={<RefreshCw className="size-3.5" aria-hidden />}
          onClick={onRetry}
          data-testid="flow-retry"
        >
          Try again
        </Button>
      </div>
    </div>
  );
}

function SignedInFlow({ id }: { id: string }) {
  const record = useProductRecord(id);
  if (record.isPending) return <FlowSkeleton />;
  if (record.isError) {
    if (record.error instanceof HttpError && record.error.status === 404) return <FlowNotFound id={id} />;
    return <FlowError error={record.error} retrying={record.isFetching} onRetry={() => void record.refetch()} />;
  }
  return <FlowBody p={record.data} />;
}

/** The tab's title names the product, so a shared or bookmarked page says what it is. */
function useProductTitle(name: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${name} — Explorer — Dropcraft`;
    return () => {
      document.title = before;
    };
  }, [name]);
}

function FlowBody({ p }: { p: ProductRecord }) {
  useProductTitle(p.name);
  return (
    <div className={PAGE} data-testid="flow-detail" data-product-id={p.id}>
      <BackToExplorer />
      <header className="mt-4 flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <ProvenanceBadges p={p} />
          </div>
          <h1 className="mt-2 break-words text-2xl font-bold tracking-tight text-fg sm:text-3xl" data-testid="flow-title">
            {p.name}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {p.productType} · {p.niche.name} · <span className="tabular-nums">{p.id}</span>
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <SaveMenu product={p} />
            <CopyLinkButton id={p.id} />
          </div>
        </div>
        <ScoreSummary p={p} />
      </header>

      <ToolGrid p={p} />

      <div className="grid gap-x-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Section level={2} id="flow-score" title="Winning score and its reasons" className="min-w-0">
          <ScoreReasons p={p} />
        </Section>
        <div className="min-w-0">
          <Section level={2} id="flow-money" title="Money per sale">
            <MoneyGrid p={p} narrow />
          </Section>
          <Section level={2} id="flow-stores" title={storesTitle(p)}>
            <StoreList
              p={p}
              // Only the shared catalog's stores can be tracked from here; an import names none.
              action={p.isSampleData ? (s) => <TrackStoreButton storeId={s.id} storeName={s.name} /> : undefined}
            />
            {p.isSampleData && p.stores.length > 0 && (
              <p className="mt-2 text-xs text-subtle">
                Track a store to follow its catalogue, prices and changes in{" "}
                <Link to="/competitor-research" className="font-medium text-brand hover:underline">
                  Competitor research
                </Link>
                .
              </p>
            )}
          </Section>
          <Section level={2} id="flow-ads" title={adsTitle(p)} aside={<AdsActiveLine p={p} />}>
            <AdList p={p} />
          </Section>
        </div>
      </div>

      <Section level={2} id="flow-weeks" title="Week by week" className="mt-10">
        <WeekStats p={p} />
        <WeekCharts p={p} className="mt-6" wide />
      </Section>

      <RecordSource p={p} className="mt-8 border-t border-line pt-4" />
    </div>
  );
}

const SCORE_RING: Record<ReturnType<typeof scoreTone>, string> = {
  success: "border-accent/40 bg-accent/10 text-accent",
  brand: "border-brand/40 bg-brand-soft text-brand",
  warning: "border-warning/40 bg-warning/10 text-warning",
  danger: "border-danger/40 bg-danger/10 text-danger",
  neutral: "border-line bg-surface-2 text-muted",
};

/** The winning score at a glance, with the link down to its reasons. */
function ScoreSummary({ p }: { p: ProductRecord }) {
  const score = p.score?.score ?? null;
  const tone = scoreTone(score);
  return (
    <div
      className="flex shrink-0 items-center gap-4 rounded-2xl border border-line bg-surface p-4 lg:w-80"
      data-testid="flow-score-summary"
    >
      <span
        className={cx(
          "grid size-16 shrink-0 place-items-center rounded-2xl border text-2xl font-bold tabular-nums",
          SCORE_RING[tone] ?? SCORE_RING.neutral,
        )}
      >
        <span className="sr-only">Winning score </span>
        {score ?? "—"}
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-fg">Winning score{score === null ? "" : ", out of 100"}</p>
        <p className="mt-0.5 text-muted">
          {score === null ? "The record lacks the data to score it." : "Five components, each with its weight and values."}
        </p>
        {score !== null && (
          <a href="#flow-score" className="mt-1 inline-block font-medium text-brand hover:underline">
            See the reasons
          </a>
        )}
      </div>
    </div>
  );
}

const TOOL_ICONS: Record<ProductToolId, LucideIcon> = {
  page: LayoutTemplate,
  visuals: Wand2,
  creatives: Images,
  ads: Rocket,
  chat: MessageSquare,
  analysis: FileSearch,
};

function ToolGrid({ p }: { p: ProductRecord }) {
  return (
    <section className="mt-8" aria-labelledby="flow-tools">
      <h2 id="flow-tools" className="text-sm font-semibold uppercase tracking-wide text-subtle">
        Start with this product
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-3" data-testid="flow-tools">
        {productTools(p).map((tool) => {
          const Icon = TOOL_ICONS[tool.id];
          return (
            <li key={tool.id} className="min-w-0">
              <Link
                to={tool.href}
                className={cx(
                  // A phone shows two per row, icon above the name; from 640 px the icon sits beside the name and its line.
                  "group flex h-full flex-col items-start gap-2 rounded-xl border bg-surface p-3 outline-none transition-colors hover:border-brand/50 hover:bg-surface-2 focus-visible:ring-3 focus-visible:ring-brand/35 sm:flex-row sm:gap-3 sm:p-3.5",
                  tool.id === "page" ? "border-brand/40" : "border-line",
                )}
                data-testid={`flow-tool-${tool.id}`}
              >
                <span
                  className={cx(
                    "grid size-9 shrink-0 place-items-center rounded-lg",
                    tool.id === "page" ? "bg-brand-strong text-white" : "bg-brand-soft text-brand",
                  )}
                  aria-hidden
                >
                  <Icon className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-fg group-hover:text-brand">{tool.label}</span>
                  <span className="mt-0.5 hidden text-xs text-muted sm:block">{tool.hint}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CopyLinkButton({ id }: { id: string }) {
  const { copy, copied } = useCopyText({
    failedToast: { title: "Couldn't copy the link", description: "Copy it from the address bar.", variant: "destructive" },
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={copied ? <Check className="size-3.5 text-accent" aria-hidden /> : <Link2 className="size-3.5" aria-hidden />}
      onClick={() => void copy(`${window.location.origin}${flowHref(id)}`)}
      data-testid="flow-copy-link"
    >
      {copied ? "Link copied" : "Copy link"}
    </Button>
  );
}

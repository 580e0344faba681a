/**
 * The Explorer's quick look at a product, opened over the results by `?product=<id>` (the chat's
 * record panel links there): its score with every reason, orders, ads and price week by week, what
 * a sale keeps at the listed price, the ads running it and the stores selling it; save it to a
 * list, ask the chat about it, build its page, or open the product's own page (`/flows/<id>`).
 * The sections are the page's own (product-sections.tsx).
 */
import { Link } from "@remix-run/react";
import { AlertTriangle, ArrowUpRight, FileSearch, LayoutTemplate, MessageSquare, RefreshCw } from "lucide-react";
import type { ProductRecord } from "~/domain/contracts/catalog";
import { HttpError, errorMessage } from "~/lib/http";
import { Button, buttonClasses, Dialog, Skeleton } from "~/ui";
import { flowHref, productTool } from "./product-links";
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
import { ScoreBadge } from "./score-parts";
import { useProductRecord } from "./use-explorer";

export function ProductPanel({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const record = useProductRecord(productId);
  const p = record.data;
  const title = p?.name ?? (record.isError ? "Product not available" : "Loading the product…");
  return (
    <Dialog
      open={productId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<span data-testid="product-title">{title}</span>}
      description={p ? `${p.productType} · ${p.niche.name} · ${p.id}` : productId ? `Product ${productId}` : undefined}
      className="md:max-w-3xl"
      data-testid="product-panel"
    >
      {record.isPending ? (
        <PanelSkeleton />
      ) : record.isError ? (
        <PanelError
          error={record.error}
          productId={productId ?? ""}
          retrying={record.isFetching}
          onRetry={() => void record.refetch()}
        />
      ) : p ? (
        <ProductBody p={p} />
      ) : null}
    </Dialog>
  );
}

function PanelSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4" data-testid="product-loading">
      <span className="sr-only">Loading the product…</span>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-40" />
      <Skeleton lines={4} />
    </div>
  );
}

function PanelError({
  error,
  productId,
  retrying,
  onRetry,
}: {
  error: unknown;
  productId: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const missing = error instanceof HttpError && error.status === 404;
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-warning/35 bg-warning/10 p-4 text-sm"
      data-testid="product-error"
    >
      <p className="flex items-center gap-2 font-semibold text-fg">
        <AlertTriangle className="size-4 text-warning" aria-hidden />
        {missing ? `No product ${productId} in the catalog` : "Couldn't load this product"}
      </p>
      <p className="text-muted">
        {missing
          ? "It may have been an import that was removed, or the link is mistyped."
          : errorMessage(error, "Something went wrong on our side.")}
      </p>
      {!missing && (
        <Button
          variant="secondary"
          size="sm"
          loading={retrying}
          icon={<RefreshCw className="size-3.5" aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      )}
    </div>
  );
}

function ProductBody({ p }: { p: ProductRecord }) {
  const chat = productTool(p, "chat");
  const page = productTool(p, "page");
  const analysis = productTool(p, "analysis");
  return (
    <div data-testid="product-body" data-product-id={p.id}>
      <div className="flex flex-wrap items-center gap-2">
        <ScoreBadge score={p.score?.score ?? null} />
        <ProvenanceBadges p={p} />
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <SaveMenu product={p} />
        <Link to={chat.href} className={buttonClasses({ variant: "secondary", size: "sm" })} data-testid="product-ask-chat">
          <MessageSquare className="size-3.5" aria-hidden />
          {chat.label}
        </Link>
        <Link to={page.href} className={buttonClasses({ variant: "primary", size: "sm" })} data-testid="product-build-page">
          <LayoutTemplate className="size-3.5" aria-hidden />
          {page.label}
        </Link>
        <Link
          to={analysis.href}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          data-testid="product-deep-analysis"
        >
          <FileSearch className="size-3.5" aria-hidden />
          {analysis.label}
        </Link>
        <Link
          to={flowHref(p.id)}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
          data-testid="product-open-page"
        >
          Open its page
          <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
      </div>

      <Section title="Money per sale">
        <MoneyGrid p={p} />
      </Section>

      <Section title="Winning score and its reasons">
        <ScoreReasons p={p} />
      </Section>

      <Section title="Week by week">
        <WeekStats p={p} />
        <WeekCharts p={p} className="mt-5" />
      </Section>

      <Section title={adsTitle(p)} aside={<AdsActiveLine p={p} />}>
        <AdList p={p} />
      </Section>

      <Section title={storesTitle(p)}>
        <StoreList p={p} />
      </Section>

      <RecordSource p={p} className="mt-6" />
    </div>
  );
}

/**
 * "Export to Shopify": choose (or connect) a store, optionally include the landing page, export,
 * and see the product's admin link, the page's, and Shopify's warnings, or the server's message
 * when Shopify refused (a revoked token offers to reconnect; throttling says to wait).
 * A page exported to the chosen shop before says so (when, the product's link), and exporting
 * again updates that product and page: the server decides, the dialog only tells the merchant.
 * The free plan gets the upgrade modal instead: from the plan known here, and from the server's
 * FORBIDDEN details.upgrade when the plan changed in between.
 */
import { AlertTriangle, CheckCircle2, ExternalLink, FileText, History, Package, Plus, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { COUNTERS, leftPhrase } from "~/domain/counters";
import type { ShopifyExportRecord, ShopifyExportResult, StoreConnection } from "~/domain/contracts/pages";
import { openUpgradeModal } from "~/features/billing";
import { useSubscription } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { Badge, Button, Dialog, Skeleton, Spinner } from "~/ui";
import { blockingScopes, canCreatePages, requestProblem, type RequestProblem } from "./drop-pages-logic";
import { ConnectionCard, ConnectStoreForm } from "./store-connections";
import { exportedOn, useShopifyExports } from "./store-export-history";
import { useConnections, useExportToShopify } from "./use-drop-pages";

export interface StoreExportDialogProps {
  pageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const UPGRADE = {
  feature: "export" as const,
  title: "Exporting to your store is a paid feature",
  message:
    "Growth and Elite plans create the product, its variants and images, and the landing page in your Shopify store: 10 exports a month.",
};

export function StoreExportDialog({ pageId, open, onOpenChange }: StoreExportDialogProps) {
  const { isFree, isLoading: planLoading } = useSubscription();

  // The free plan never sees the dialog: the spec's upgrade modal opens in its place.
  useEffect(() => {
    if (open && isFree) {
      onOpenChange(false);
      openUpgradeModal(UPGRADE);
    }
  }, [open, isFree, onOpenChange]);

  return (
    <Dialog
      open={open && !isFree}
      onOpenChange={onOpenChange}
      title="Export to Shopify"
      description="Creates the product (title, description, variants, prices, images, SEO) in your store as a draft you can review; exporting the page again updates it."
      className="md:max-w-xl"
      data-testid="store-export-dialog"
    >
      {/* Mounted only while open, so each opening starts from the store choice. */}
      {open &&
        !isFree &&
        (planLoading ? <LoadingStores /> : <ExportBody pageId={pageId} onClose={() => onOpenChange(false)} />)}
    </Dialog>
  );
}

function LoadingStores() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your stores" className="space-y-2">
      <Skeleton className="h-24" />
      <Skeleton className="h-10" />
    </div>
  );
}

function ExportBody({ pageId, onClose }: { pageId: string; onClose: () => void }) {
  const connections = useConnections();
  const exporter = useExportToShopify();
  const history = useShopifyExports(pageId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [reconnectDomain, setReconnectDomain] = useState<string | null>(null);
  const [includePage, setIncludePage] = useState(true);
  const list = connections.data ?? [];
  const selected = list.find((c) => c.id === chosen) ?? list[0] ?? null;

  if (connections.isPending) return <LoadingStores />;
  if (connections.isError) {
    return (
      <div role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger">
        <p>Your stores could not be loaded: {errorMessage(connections.error, "please try again")}.</p>
        <Button
          className="mt-3"
          variant="secondary"
          size="sm"
          loading={connections.isFetching}
          onClick={() => void connections.refetch()}
          icon={<RefreshCw aria-hidden className="size-3.5" />}
        >
          Try again
        </Button>
      </div>
    );
  }

  if (exporter.isSuccess) {
    const shop = list.find((c) => c.shopDomain === exporter.data.shopDomain);
    return <ExportResult result={exporter.data} shopName={shop?.shopName ?? null} onClose={onClose} />;
  }

  if (list.length === 0 || adding || reconnectDomain !== null) {
    return (
      <ConnectStoreForm
        key={reconnectDomain ?? "new"}
        initialDomain={reconnectDomain ?? ""}
        stepsOpen={reconnectDomain === null}
        onConnected={(c) => {
          setChosen(c.id);
          setAdding(false);
          setReconnectDomain(null);
          exporter.reset();
        }}
        onCancel={
          list.length > 0
            ? () => {
                setAdding(false);
                setReconnectDomain(null);
              }
            : undefined
        }
      />
    );
  }

  const problem: RequestProblem | null = exporter.isError
    ? requestProblem(exporter.error, "The export failed. Please try again.")
    : null;
  const exporting = exporter.isPending;
  const earlier = selected ? history.data?.find((e) => e.shopDomain === selected.shopDomain) : undefined;
  const withPage = includePage && !!selected && canCreatePages(selected);
  const start = () => {
    if (!selected) return;
    exporter.mutate(
      { pageId, connectionId: selected.id, includePage: includePage && canCreatePages(selected) },
      {
        onError: (err) => {
          const p = requestProblem(err, "");
          if (p.kind === "upgrade") {
            onClose();
            openUpgradeModal({ ...UPGRADE, message: p.message });
          } else if (p.kind === "limit") {
            onClose();
            openUpgradeModal({
              feature: "export",
              title: COUNTERS.exports.limitTitle,
              message: p.message,
              limitLabel: leftPhrase("exports", 0),
            });
          }
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <fieldset disabled={exporting} className="space-y-2.5">
        <legend className="mb-2 text-sm font-semibold text-fg">{list.length === 1 ? "Store" : "Choose a store"}</legend>
        {list.map((c) => (
          <ConnectionCard
            key={c.id}
            connection={c}
            selected={selected?.id === c.id}
            onSelect={list.length > 1 ? () => setChosen(c.id) : undefined}
            needsPage={includePage}
            onDisconnected={() => exporter.reset()}
          />
        ))}
        <Button
          variant="subtle"
          size="sm"
          icon={<Plus aria-hidden className="size-3.5" />}
          onClick={() => setAdding(true)}
          data-testid="add-store"
        >
          Connect another store
        </Button>
      </fieldset>

      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3.5 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
        <input
          type="checkbox"
          checked={includePage && !!selected && canCreatePages(selected)}
          disabled={exporting || !selected || !canCreatePages(selected)}
          onChange={(e) => setIncludePage(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-[var(--brand)]"
          data-testid="include-page"
        />
        <span>
          <span className="block font-medium text-fg">Also create the landing page</span>
          <span className="block text-[13px] text-muted">
            {selected && !canCreatePages(selected)
              ? "Needs the write_content or write_online_store_pages scope on the token."
              : "Added under Online Store → Pages with the page’s sections and buy button."}
          </span>
        </span>
      </label>

      {selected && (
        <EarlierExport
          pending={history.isPending}
          failed={history.isError}
          record={earlier}
          connection={selected}
          includePage={withPage}
        />
      )}

      {exporting && (
        <ExportProgress
          includePage={withPage}
          updating={!!earlier}
          updatingPage={!!earlier?.pageAdminUrl}
          shop={selected?.shopName ?? selected?.shopDomain ?? "your store"}
        />
      )}

      {problem && problem.kind !== "upgrade" && problem.kind !== "limit" && (
        <div
          role="alert"
          className="rounded-xl border border-danger/30 bg-danger/5 p-3.5 text-sm"
          data-testid="export-error"
        >
          <p className="flex items-start gap-2 text-danger">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{problem.message}</span>
          </p>
          {problem.kind === "reconnect" && (
            <Button
              className="mt-3"
              variant="secondary"
              size="sm"
              onClick={() => setReconnectDomain(problem.shopDomain ?? selected?.shopDomain ?? "")}
              data-testid="reconnect-store"
            >
              Connect with a new token
            </Button>
          )}
          {problem.kind === "other" && problem.retryable && (
            <p className="mt-1.5 pl-6 text-[13px] text-muted">Nothing was counted against your exports.</p>
          )}
        </div>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={exporting}>
          Cancel
        </Button>
        <Button
          onClick={start}
          loading={exporting}
          disabled={!selected || blockingScopes(selected).length > 0}
          data-testid="export-to-shopify"
        >
          {exporting ? "Exporting…" : problem ? "Try again" : earlier ? "Update in Shopify" : "Export to Shopify"}
        </Button>
      </div>
    </div>
  );
}

/** What an earlier export of this page to the chosen shop made, which exporting again updates. */
function EarlierExport({
  pending,
  failed,
  record,
  connection,
  includePage,
}: {
  pending: boolean;
  failed: boolean;
  record: ShopifyExportRecord | undefined;
  connection: StoreConnection;
  includePage: boolean;
}) {
  if (pending) return <Skeleton className="h-16" aria-label="Checking earlier exports" />;
  if (failed) {
    return (
      <p className="text-[13px] text-muted" data-testid="earlier-export-unknown">
        Earlier exports could not be checked. Exporting still updates a product this page created in{" "}
        {connection.shopName ?? connection.shopDomain} before, rather than adding a second one.
      </p>
    );
  }
  if (!record) return null;
  const shop = connection.shopName ? `${connection.shopName} (${record.shopDomain})` : record.shopDomain;
  const pageToo = includePage && record.pageAdminUrl;
  return (
    <div className="rounded-xl border border-brand/30 bg-brand-soft/40 p-3.5 text-sm" data-testid="earlier-export">
      <p className="flex items-start gap-2 text-fg">
        <History aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
        <span>
          This page was exported on <strong className="font-semibold">{exportedOn(record.exportedAt)}</strong> to{" "}
          <span className="break-all">{shop}</span>. Exporting again updates that product
          {pageToo ? " and its landing page" : ""} instead of creating a second one. The product keeps the status you
          gave it in Shopify.
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 pl-6 text-[13px]">
        <a
          href={record.productAdminUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand underline-offset-2 hover:underline"
          data-testid="earlier-product-link"
        >
          Open the product in Shopify admin <ExternalLink aria-hidden className="size-3.5" />
        </a>
        {pageToo && record.pageAdminUrl && (
          <a
            href={record.pageAdminUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand underline-offset-2 hover:underline"
          >
            Open the landing page <ExternalLink aria-hidden className="size-3.5" />
          </a>
        )}
      </div>
    </div>
  );
}

/** One request does the work; the steps say what it does and the clock shows it is alive (Shopify may throttle a busy store). */
function ExportProgress({
  includePage,
  updating,
  updatingPage,
  shop,
}: {
  includePage: boolean;
  updating: boolean;
  updatingPage: boolean;
  shop: string;
}) {
  const [seconds, setSeconds] = useState(0);
  const started = useRef(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const steps = [
    "Check the store’s token",
    updating ? "Update the product, its variants and images" : "Create the product with its variants and images",
    ...(includePage ? [updatingPage ? "Update the landing page" : "Create the landing page"] : []),
  ];
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-xl border border-brand/30 bg-brand-soft/40 p-3.5"
      data-testid="export-progress"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-fg">
        <Spinner /> Exporting to {shop}… <span className="ml-auto text-xs tabular-nums text-subtle">{seconds} s</span>
      </p>
      <ol className="mt-2 list-inside list-decimal space-y-0.5 pl-6 text-[13px] text-muted">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {seconds >= 8 && (
        <p className="mt-2 text-[13px] text-muted">
          Shopify is slowing requests down for this store; the export waits and retries.
        </p>
      )}
    </div>
  );
}

function ExportResult({
  result,
  shopName,
  onClose,
}: {
  result: ShopifyExportResult;
  shopName: string | null;
  onClose: () => void;
}) {
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => done.current?.focus(), []);
  const updated = result.action === "updated";
  return (
    <div className="space-y-4" data-testid="export-result">
      <div className="flex items-start gap-3 rounded-xl border border-accent/30 bg-accent/10 p-3.5">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="min-w-0">
          <h3
            ref={done}
            tabIndex={-1}
            className="break-words text-sm font-semibold text-fg outline-none"
            data-testid="export-outcome"
          >
            {updated ? "Updated in" : "Created in"} {shopName ? `${shopName} (${result.shopDomain})` : result.shopDomain}
          </h3>
          <p className="mt-0.5 text-[13px] text-muted">
            {updated
              ? "The product in your store now matches this page; its status is as you left it in Shopify."
              : "Review it in your Shopify admin before you make it live."}
          </p>
        </div>
      </div>
      <ul className="space-y-2">
        <li>
          <a
            href={result.productAdminUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-xl border border-line p-3 text-sm font-medium text-fg transition-colors hover:border-brand/40 hover:bg-surface-2"
            data-testid="product-admin-link"
          >
            <Package aria-hidden className="size-4 text-brand" />
            <span className="min-w-0 flex-1">Open the product in Shopify admin</span>
            <OutcomeBadge action={result.action} />
            <ExternalLink aria-hidden className="size-4 text-subtle" />
          </a>
        </li>
        {result.pageAdminUrl && (
          <li>
            <a
              href={result.pageAdminUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-xl border border-line p-3 text-sm font-medium text-fg transition-colors hover:border-brand/40 hover:bg-surface-2"
              data-testid="page-admin-link"
            >
              <FileText aria-hidden className="size-4 text-brand" />
              <span className="min-w-0 flex-1">Open the landing page in Shopify admin</span>
              {result.pageAction && <OutcomeBadge action={result.pageAction} />}
              <ExternalLink aria-hidden className="size-4 text-subtle" />
            </a>
          </li>
        )}
      </ul>
      {result.warnings.length > 0 && (
        <div
          className="rounded-xl border border-warning/30 bg-warning/10 p-3.5 text-[13px] text-warning"
          data-testid="export-warnings"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden className="size-4" />{" "}
            {result.warnings.length === 1 ? "One thing to check" : `${result.warnings.length} things to check`}
          </p>
          <ul className="mt-1.5 list-disc space-y-1 pl-6 break-words">
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex justify-end border-t border-line pt-4">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}

function OutcomeBadge({ action }: { action: "created" | "updated" }) {
  return <Badge tone={action === "updated" ? "brand" : "success"}>{action === "updated" ? "Updated" : "New"}</Badge>;
}

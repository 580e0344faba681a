/**
 * "Export to Shopify": choose (or connect) a store, optionally include the landing page, export,
 * and see the product's admin link, the page's, and Shopify's warnings, or the server's message
 * when Shopify refused (a revoked token offers to reconnect; throttling says to wait).
 * The free plan gets the upgrade modal instead: from the plan known here, and from the server's
 * FORBIDDEN details.upgrade when the plan changed in between.
 */
import { AlertTriangle, CheckCircle2, ExternalLink, FileText, Package, Plus, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { COUNTERS, leftPhrase } from "~/domain/counters";
import type { ShopifyExportResult } from "~/domain/contracts/pages";
import { openUpgradeModal, useSubscription } from "~/features/billing";
import { errorMessage } from "~/lib/http";
import { Button, Dialog, Skeleton, Spinner } from "~/ui";
import { blockingScopes, canCreatePages, requestProblem, type RequestProblem } from "./drop-pages-logic";
import { ConnectionCard, ConnectStoreForm } from "./store-connections";
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
      description="Creates the product (title, description, variants, prices, images, SEO) in your store as a draft you can review."
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
    <div aria-busy="true" aria-label="Loading your stores" className="space-y-2">
      <Skeleton className="h-24" />
      <Skeleton className="h-10" />
    </div>
  );
}

function ExportBody({ pageId, onClose }: { pageId: string; onClose: () => void }) {
  const connections = useConnections();
  const exporter = useExportToShopify();
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

  if (exporter.isSuccess) return <ExportResult result={exporter.data} onClose={onClose} />;

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
              ? "Needs the write_content scope on the token."
              : "Added under Online Store → Pages with the page’s sections and buy button."}
          </span>
        </span>
      </label>

      {exporting && (
        <ExportProgress
          includePage={includePage && !!selected && canCreatePages(selected)}
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
          {exporting ? "Exporting…" : problem ? "Try again" : "Export to Shopify"}
        </Button>
      </div>
    </div>
  );
}

/** One request does the work; the steps say what it does and the clock shows it is alive (Shopify may throttle a busy store). */
function ExportProgress({ includePage, shop }: { includePage: boolean; shop: string }) {
  const [seconds, setSeconds] = useState(0);
  const started = useRef(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const steps = [
    "Check the store’s token",
    "Create the product with its variants and images",
    ...(includePage ? ["Create the landing page"] : []),
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

function ExportResult({ result, onClose }: { result: ShopifyExportResult; onClose: () => void }) {
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="space-y-4" data-testid="export-result">
      <div className="flex items-start gap-3 rounded-xl border border-accent/30 bg-accent/10 p-3.5">
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="min-w-0">
          <h3 ref={done} tabIndex={-1} className="text-sm font-semibold text-fg outline-none">
            Exported to {result.shopDomain}
          </h3>
          <p className="mt-0.5 text-[13px] text-muted">Review it in your Shopify admin before you make it live.</p>
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

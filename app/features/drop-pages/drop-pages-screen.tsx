/**
 * /droppage: the merchant's pages with their status, public address (copy, open), views and buy
 * clicks (counted without cookies), and when each was last edited; edit in the builder, publish
 * or unpublish, duplicate, export to Shopify, delete. A chart compares views and buy clicks once
 * pages have been seen. Below, the connected Shopify stores.
 */
import { Link } from "@remix-run/react";
import {
  Copy,
  CopyPlus,
  ExternalLink,
  Globe,
  LayoutTemplate,
  MoreHorizontal,
  Pencil,
  Plus,
  Send,
  ShoppingBag,
  Store,
  Trash2,
  Undo2,
} from "lucide-react";
import { useState } from "react";
import type { PageSummary } from "~/domain/contracts/pages";
import { openUpgradeModal } from "~/features/billing";
import { useSubscription } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  Badge,
  Button,
  buttonClasses,
  ConfirmDialog,
  cx,
  EmptyState,
  IconButton,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  PageHeader,
  Skeleton,
  Stat,
  LoadError,
  useCopyText,
} from "~/ui";
import { clickRate, count, edited, editHref, money, plural, requestProblem, shortUrl } from "./drop-pages-logic";
import { ConnectionCard, ConnectStoreForm } from "./store-connections";
import { StoreExportDialog } from "./store-export-dialog";
import { useConnections, usePageAction, usePages, type PageAction } from "./use-drop-pages";
import { ViewsChart } from "./views-chart";

const DONE: Record<Exclude<PageAction, "delete">, (title: string) => { title: string; description: string }> = {
  publish: (t) => ({ title: "Page published", description: `${t} is live at its public address.` }),
  unpublish: (t) => ({
    title: "Page unpublished",
    description: `${t} no longer answers at its address; the draft is kept.`,
  }),
  duplicate: (t) => ({ title: "Page duplicated", description: `A draft copy of ${t} is at the top of the list.` }),
};

export function DropPagesScreen() {
  const pages = usePages();
  const action = usePageAction();
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);

  const run = (kind: PageAction, page: PageSummary) =>
    action.mutate(
      { action: kind, id: page.id },
      {
        onSuccess: () => {
          if (kind === "delete") {
            setDeleting(null);
            notify({
              title: "Page deleted",
              description: `${page.title} is gone${page.status === "published" ? " and its address no longer answers" : ""}.`,
            });
          } else notify({ ...DONE[kind](page.title), variant: "success" });
        },
        onError: (err) => {
          setDeleting(null);
          const problem = requestProblem(err, "Please try again.");
          if (problem.kind === "upgrade") return openUpgradeModal({ feature: "export", message: problem.message });
          notify({ title: `Couldn’t ${kind} the page`, description: problem.message, variant: "destructive" });
        },
      },
    );
  const busy = (id: string, kind?: PageAction) =>
    action.isPending && action.variables?.id === id && (!kind || action.variables.action === kind);

  let body: React.ReactNode;
  if (pages.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading your pages" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 rounded-2xl sm:h-24" />
        ))}
      </div>
    );
  } else if (pages.isError) {
    body = (
      <LoadError onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
        Your pages could not be loaded: {errorMessage(pages.error, "please try again")}.
      </LoadError>
    );
  } else if (pages.data.length === 0) {
    body = (
      <div data-testid="drop-pages-empty">
        <EmptyState
          icon={LayoutTemplate}
          title="No pages yet"
          description="Paste a product link in the AI Page Builder: it reads the product, writes the page, and you publish it here as a drop page with its own address."
          action={
            <Link to="/ai-page-builder" className={buttonClasses()}>
              <Plus aria-hidden className="size-4" /> Build your first page
            </Link>
          }
        />
      </div>
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label="Your pages" data-testid="drop-pages-list">
        {pages.data.map((p) => (
          <PageRow
            key={p.id}
            page={p}
            busy={busy}
            onAction={(kind) => (kind === "delete" ? setDeleting(p) : run(kind, p))}
            onExport={() => setExporting(p.id)}
          />
        ))}
      </ul>
    );
  }

  const list = pages.data ?? [];
  const totals = list.reduce(
    (t, p) => ({
      views: t.views + p.views,
      clicks: t.clicks + p.buyClicks,
      live: t.live + (p.status === "published" ? 1 : 0),
    }),
    { views: 0, clicks: 0, live: 0 },
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="drop-pages-screen">
      <PageHeader
        title="Drop pages"
        description="Your product pages: publish them at their own address, see who views them and clicks buy, and send them to your Shopify store."
        actions={
          <Link to="/ai-page-builder" className={buttonClasses()}>
            <Plus aria-hidden className="size-4" /> New page
          </Link>
        }
      />

      {list.length > 0 && (
        <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="drop-pages-totals">
          <Stat label="Pages" value={count(list.length)} />
          <Stat label="Published" value={count(totals.live)} />
          <Stat label="Views" value={count(totals.views)} />
          <Stat
            label="Buy clicks"
            value={count(totals.clicks)}
            hint={
              totals.views > 0 ? `${clickRate({ views: totals.views, buyClicks: totals.clicks })} of views` : undefined
            }
          />
        </div>
      )}
      {list.length > 0 && (
        <p className="mt-2.5 text-xs text-subtle" data-testid="counting-note">
          Views and buy clicks are counted on our server without cookies or visitor data. Every page load counts;
          crawlers and link previews don’t.
        </p>
      )}

      {list.length > 0 && (
        <div className="mt-6">
          <ViewsChart pages={list} />
        </div>
      )}

      <section className="mt-8 space-y-4" aria-labelledby="pages-heading">
        <h2 id="pages-heading" className="text-lg font-semibold tracking-tight text-fg">
          Pages
        </h2>
        {body}
      </section>

      <ConnectedStores />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.title ?? "this page"}?`}
        description={
          deleting?.status === "published"
            ? "The page is live: its address stops answering at once. Its versions, views and buy clicks are deleted too. This cannot be undone."
            : "Its versions, views and buy clicks are deleted too. This cannot be undone."
        }
        confirmLabel="Delete page"
        danger
        pending={deleting !== null && busy(deleting.id, "delete")}
        onConfirm={() => deleting && run("delete", deleting)}
        data-testid="delete-page-dialog"
      />
      <StoreExportDialog
        pageId={exporting ?? ""}
        open={exporting !== null}
        onOpenChange={(open) => !open && setExporting(null)}
      />
    </div>
  );
}

function PageRow({
  page: p,
  busy,
  onAction,
  onExport,
}: {
  page: PageSummary;
  busy: (id: string, kind?: PageAction) => boolean;
  onAction: (kind: PageAction) => void;
  onExport: () => void;
}) {
  const live = p.status === "published";
  const price = money(p.priceCents, p.currency);
  const rate = clickRate(p);
  const titleId = `page-${p.id}-title`;

  return (
    <li
      aria-labelledby={titleId}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="drop-page-row"
      data-page-id={p.id}
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
            <Badge tone={live ? "success" : "neutral"}>
              <span aria-hidden className={cx("size-1.5 rounded-full", live ? "bg-accent" : "bg-subtle")} />
              {live ? "Published" : "Draft"}
            </Badge>
            <span className="text-xs text-subtle">
              Edited <time dateTime={p.updatedAt}>{edited(p.updatedAt)}</time>
            </span>
          </div>
          <h3 id={titleId} className="mt-1.5 break-words text-base font-semibold text-fg">
            <Link to={editHref(p.id)} className="hover:text-brand hover:underline">
              {p.title}
            </Link>
            {price && <span className="ml-2 text-sm font-normal text-muted">{price}</span>}
          </h3>
          <PublicAddress page={p} />
        </div>

        <dl className="grid grid-cols-3 gap-2 text-center lg:w-80 lg:shrink-0" data-testid="page-stats">
          <Figure label="Views" value={count(p.views)} />
          <Figure label="Buy clicks" value={count(p.buyClicks)} />
          <Figure label="Click rate" value={rate ?? "—"} />
        </dl>

        <div className="flex flex-wrap items-center gap-2 lg:shrink-0">
          <Link
            to={editHref(p.id)}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
            aria-label={`Edit ${p.title}`}
          >
            <Pencil aria-hidden className="size-3.5" /> Edit
          </Link>
          {live ? (
            <Button
              variant="secondary"
              size="sm"
              loading={busy(p.id, "unpublish")}
              disabled={busy(p.id)}
              onClick={() => onAction("unpublish")}
              icon={<Undo2 aria-hidden className="size-3.5" />}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              size="sm"
              loading={busy(p.id, "publish")}
              disabled={busy(p.id)}
              onClick={() => onAction("publish")}
              icon={<Send aria-hidden className="size-3.5" />}
            >
              Publish
            </Button>
          )}
          <Menu>
            <MenuTrigger asChild>
              <IconButton label={`More actions for ${p.title}`} size="sm" disabled={busy(p.id)} data-testid="page-menu">
                <MoreHorizontal aria-hidden className="size-4" />
              </IconButton>
            </MenuTrigger>
            <MenuContent align="end">
              <MenuItem onSelect={() => onAction("duplicate")}>
                <CopyPlus aria-hidden className="size-4 text-subtle" /> Duplicate
              </MenuItem>
              <MenuItem onSelect={onExport}>
                <ShoppingBag aria-hidden className="size-4 text-subtle" /> Export to Shopify
              </MenuItem>
              <MenuSeparator />
              <MenuItem danger onSelect={() => onAction("delete")}>
                <Trash2 aria-hidden className="size-4" /> Delete
              </MenuItem>
            </MenuContent>
          </Menu>
        </div>
      </div>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2/70 px-2 py-2">
      <dt className="whitespace-nowrap text-[11px] font-medium uppercase tracking-wide text-subtle">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

function PublicAddress({ page: p }: { page: PageSummary }) {
  const { copy } = useCopyText({
    copiedToast: { title: "Address copied", description: shortUrl(p.publicUrl ?? ""), variant: "success" },
    failedToast: {
      title: "Couldn’t copy the address",
      description: "Your browser refused the clipboard: select the address and copy it.",
      variant: "destructive",
    },
  });
  if (p.status !== "published" || !p.publicUrl) {
    return <p className="mt-1.5 text-[13px] text-subtle">Not published: /p/{p.slug} goes live when you publish.</p>;
  }
  const url = p.publicUrl;
  return (
    <div className="mt-1 flex min-w-0 items-center gap-1">
      <Globe aria-hidden className="size-3.5 shrink-0 text-accent" />
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="min-w-0 truncate text-[13px] text-muted hover:text-brand hover:underline"
        data-testid="public-url"
      >
        {shortUrl(url)}
      </a>
      <IconButton label="Copy address" tooltip size="sm" onClick={() => void copy(url)} data-testid="copy-url">
        <Copy aria-hidden className="size-3.5" />
      </IconButton>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${p.title} in a new tab`}
        className="grid size-8 shrink-0 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <ExternalLink aria-hidden className="size-3.5" />
      </a>
    </div>
  );
}

/** The connected Shopify stores, managed here as well as from the export dialog. */
function ConnectedStores() {
  const { isFree } = useSubscription();
  const connections = useConnections();
  const [adding, setAdding] = useState(false);
  const list = connections.data ?? [];

  return (
    <section className="mt-10 space-y-4" aria-labelledby="stores-heading" data-testid="connected-stores">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="stores-heading" className="text-lg font-semibold tracking-tight text-fg">
            Connected stores
          </h2>
          <p className="mt-1 text-sm text-muted">
            Shopify stores your pages export to.{isFree && " Exporting is part of the Growth and Elite plans."}
          </p>
        </div>
        {list.length > 0 && !adding && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden className="size-3.5" />}
            onClick={() => setAdding(true)}
          >
            Connect a store
          </Button>
        )}
      </div>
      {connections.isPending ? (
        <Skeleton className="h-28 rounded-2xl" />
      ) : connections.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger sm:flex-row sm:items-center"
        >
          <span className="flex-1">
            Your stores could not be loaded: {errorMessage(connections.error, "please try again")}.
          </span>
          <Button
            variant="secondary"
            size="sm"
            loading={connections.isFetching}
            onClick={() => void connections.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          {list.length > 0 && (
            <ul className="grid gap-3 md:grid-cols-2" aria-label="Connected stores">
              {list.map((c) => (
                <li key={c.id}>
                  <ConnectionCard connection={c} />
                </li>
              ))}
            </ul>
          )}
          {(list.length === 0 || adding) && (
            <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
              {list.length === 0 && !adding ? (
                <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
                  <span
                    aria-hidden
                    className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand"
                  >
                    <Store className="size-5" />
                  </span>
                  <p className="flex-1 text-sm text-muted">
                    No store connected. Connect your Shopify store with a custom app’s token to export products and
                    landing pages in one click.
                  </p>
                  <Button variant="secondary" size="sm" onClick={() => setAdding(true)} data-testid="start-connect">
                    Connect a store
                  </Button>
                </div>
              ) : (
                <ConnectStoreForm onConnected={() => setAdding(false)} onCancel={() => setAdding(false)} />
              )}
            </div>
          )}
          {list.length > 0 && (
            <p className="text-xs text-subtle">
              {plural(list.length, "store")} connected. Tokens are stored encrypted and shown only masked.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * /ai-page-builder: the start (a product link, an Explorer product, typed fields, recent pages)
 * or, with `?page=<id>`, the editor. The page id lives in the address, so the editor is
 * deep-linkable and survives a reload; `?product=<id>` (the Explorer's link) makes a draft first.
 */
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { FileQuestion } from "lucide-react";
import type { CreatedPage } from "~/features/pages";
import { errorMessage, HttpError } from "~/lib/http";
import { Button, buttonClasses, EmptyState, Skeleton } from "~/ui";
import { EditorScreen, type Extraction } from "./editor-screen";
import { FromExplorer, StartView } from "./start-view";
import { usePage } from "./use-pages";

function EditorLoader({ id, extraction }: { id: string; extraction: Extraction | null }) {
  const page = usePage(id);
  if (page.isPending) {
    return (
      <div role="status"
        aria-busy
        aria-label="Loading the page"
        className="mx-auto w-full max-w-[1600px] px-3 py-4 sm:px-5"
        data-testid="pb-loading"
      >
        <Skeleton className="h-12" />
        <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <div className="space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
          <Skeleton className="hidden h-[36rem] lg:block" />
        </div>
      </div>
    );
  }
  if (page.isError) {
    const missing = page.error instanceof HttpError && page.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12" role={missing ? undefined : "alert"}>
        <EmptyState
          icon={FileQuestion}
          title={missing ? "This page doesn’t exist" : "Couldn’t open the page"}
          description={
            missing
              ? "It may have been deleted, or it belongs to another account."
              : errorMessage(page.error, "Please try again.")
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {!missing && (
                <Button variant="secondary" onClick={() => void page.refetch()}>
                  Try again
                </Button>
              )}
              <Link to="/ai-page-builder" className={buttonClasses({ variant: missing ? "primary" : "ghost" })}>
                All pages
              </Link>
            </div>
          }
        />
      </div>
    );
  }
  // Keyed by page: opening another page starts a fresh editor (history, autosave).
  return <EditorScreen key={page.data.id} initial={page.data} extraction={extraction} />;
}

export function PageBuilderScreen() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const pageId = params.get("page");
  // The Explorer links with ?product=; older links said ?productId=.
  const productId = (params.get("product") ?? params.get("productId"))?.trim() || null;
  const extraction = (location.state as { extraction?: Extraction | null } | null)?.extraction ?? null;

  const open = (id: string, state?: { extraction: Extraction | null }, replace = false) =>
    setParams({ page: id }, { state, replace });
  const onCreated = (created: CreatedPage, replace = false) =>
    open(created.page.id, { extraction: created.extraction }, replace);

  if (pageId) return <EditorLoader id={pageId} extraction={extraction} />;
  // Replacing the ?product= entry: Back from the editor must not make a second draft.
  if (productId)
    return (
      <FromExplorer
        productId={productId}
        onCreated={(c) => onCreated(c, true)}
        onCancel={() => setParams({}, { replace: true })}
      />
    );
  return <StartView onCreated={(c) => onCreated(c)} onOpen={(id) => open(id)} />;
}

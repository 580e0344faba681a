/**
 * One image opened from the gallery (its id is in the URL, `?image=`): the full image (uploads,
 * or paid plans; otherwise the thumbnail and why), what it is and how it was made, its sources,
 * and actions: download, use in a page, delete.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { ArrowRight, Check, Download, Info, LayoutTemplate, Lock, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { Image } from "~/domain/contracts/images";
import { THUMBNAIL_WIDTH } from "~/domain/images";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, buttonClasses, Dialog, LoadError, Select, Skeleton } from "~/ui";
import { isGated, longDate, providerLabel, sizeLabel, STYLE_LABELS, templateLabel } from "./gallery-logic";
import { imageTitle } from "./image-card";
import { KindBadge } from "./parts";
import { useAddToPage, useImage, usePageOptions } from "./use-images";

export function ImageDetailDialog({
  id,
  initial,
  onClose,
  onDownload,
  downloading,
  onDelete,
  isFree,
}: {
  id: string | null;
  initial?: Image;
  onClose: () => void;
  onDownload: (img: Image) => void;
  downloading: boolean;
  onDelete: (img: Image) => void;
  isFree: boolean;
}) {
  const image = useImage(id, initial);
  const img = image.data;
  const notFound = image.error instanceof HttpError && image.error.status === 404;

  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={img ? imageTitle(img) : notFound ? "Image not found" : "Image"}
      className="md:max-w-5xl!"
      data-testid="image-detail"
      footer={
        img ? (
          <>
            <Button
              variant="ghost"
              className="md:mr-auto"
              onClick={() => onDelete(img)}
              icon={<Trash2 aria-hidden className="size-4" />}
              data-testid="detail-delete"
            >
              Delete
            </Button>
            <Button
              onClick={() => onDownload(img)}
              loading={downloading}
              icon={
                isFree && isGated(img) ? (
                  <Lock aria-hidden className="size-4" />
                ) : (
                  <Download aria-hidden className="size-4" />
                )
              }
              data-testid="detail-download"
            >
              Download PNG
            </Button>
          </>
        ) : undefined
      }
    >
      {image.isPending ? (
        <div role="status"
          className="grid gap-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]"
          aria-busy="true"
          aria-label="Loading the image"
        >
          <Skeleton className="aspect-square rounded-xl" />
          <Skeleton lines={6} />
        </div>
      ) : image.isError ? (
        notFound ? (
          <p className="text-sm text-muted">This image was deleted or belongs to another account.</p>
        ) : (
          <LoadError onRetry={() => void image.refetch()} retrying={image.isFetching}>
            The image could not be loaded: {errorMessage(image.error, "please try again")}.
          </LoadError>
        )
      ) : img ? (
        <DetailBody img={img} isFree={isFree} />
      ) : null}
    </Dialog>
  );
}

function DetailBody({ img, isFree }: { img: Image; isFree: boolean }) {
  const full = !isGated(img) || !isFree;
  const [params] = useSearchParams();
  const linkTo = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("image", id);
    return `?${p}`;
  };
  const template = templateLabel(img.template);
  const rows: [string, React.ReactNode][] = [
    ["Kind", <KindBadge key="k" kind={img.kind} />],
    ["Size", sizeLabel(img)],
    ...(template ? ([["Template", template]] as [string, string][]) : []),
    ...(img.style ? ([["Style", STYLE_LABELS[img.style] ?? img.style]] as [string, string][]) : []),
    ["Made by", providerLabel(img)],
    [
      "Created",
      <time key="t" dateTime={img.createdAt}>
        {longDate(img.createdAt)}
      </time>,
    ],
    ["File", `${img.fileName} · ${(img.bytes / 1024).toFixed(0)} KB`],
  ];

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <figure className="min-w-0">
        <div className="grid max-h-[60vh] place-items-center overflow-hidden rounded-xl border border-line bg-surface-2 p-2">
          <img
            src={full ? img.fileUrl : img.thumbnailUrl}
            alt={imageTitle(img)}
            width={img.width}
            height={img.height}
            className="max-h-[calc(60vh-1rem)] w-auto max-w-full rounded-md object-contain"
            data-testid="detail-image"
          />
        </div>
        {!full && (
          <figcaption className="mt-2 flex items-start gap-2 text-xs text-muted" data-testid="full-size-note">
            <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />A preview ({THUMBNAIL_WIDTH} px wide). The full{" "}
            {img.width}×{img.height} image and downloads are part of the Growth and Elite plans.
          </figcaption>
        )}
      </figure>

      <div className="min-w-0 space-y-5 text-sm">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-subtle">{k}</dt>
              <dd className="min-w-0 break-words text-fg">{v}</dd>
            </div>
          ))}
        </dl>

        {img.prompt && (
          <section>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Prompt</h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-fg">{img.prompt}</p>
            <Link
              to={`/image-generation?prompt=${encodeURIComponent(img.prompt)}`}
              className="mt-1 inline-block text-xs font-medium text-brand hover:underline"
            >
              Use this prompt again
            </Link>
          </section>
        )}

        {img.notes.length > 0 && (
          <section>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Notes</h3>
            <ul className="mt-1 space-y-1.5">
              {img.notes.map((n) => (
                <li key={n} className="flex gap-2 text-fg">
                  <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
                  <span>{n}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {img.proofFacts.length > 0 && (
          <section>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Figures shown</h3>
            <ul className="mt-1 space-y-1">
              {img.proofFacts.map((f) => (
                <li key={f.metric} className="text-fg">
                  {f.label}: <strong>{f.value}</strong> <span className="text-xs text-subtle">({f.source})</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {(img.sourceImageIds.length > 0 || img.parentId) && (
          <section>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Made from</h3>
            <ul className="mt-1 flex flex-wrap gap-2">
              {img.parentId && (
                <li>
                  <Link
                    to={linkTo(img.parentId)}
                    className={buttonClasses({ variant: "secondary", size: "sm" })}
                    data-testid="parent-link"
                  >
                    Original image
                  </Link>
                </li>
              )}
              {img.sourceImageIds.map((s, i) => (
                <li key={s}>
                  <Link
                    to={linkTo(s)}
                    className={buttonClasses({ variant: "secondary", size: "sm" })}
                    data-testid="source-link"
                  >
                    Source image {img.sourceImageIds.length > 1 ? i + 1 : ""}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        <UseInPage img={img} />
      </div>
    </div>
  );
}

/** Adds the image to one of the merchant's pages (its product images), then links to the builder. */
function UseInPage({ img }: { img: Image }) {
  const [open, setOpen] = useState(false);
  const pages = usePageOptions(open);
  const add = useAddToPage();
  const [pageId, setPageId] = useState("");
  const [placement, setPlacement] = useState<"main" | "gallery">("main");
  const [done, setDone] = useState<{
    id: string;
    title: string;
    already: boolean;
    placement: "main" | "gallery";
    live: boolean;
  } | null>(null);
  const selectId = useId();
  // On a phone the dialog's body scrolls: bring the outcome and its link into sight.
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [done]);
  useEffect(() => {
    if (!pageId && pages.data?.length) setPageId(pages.data[0].id);
  }, [pageId, pages.data]);

  const submit = () => {
    const page = pages.data?.find((p) => p.id === pageId);
    if (!page) return;
    add.mutate(
      { imageId: img.id, pageId, placement },
      {
        // Said in place (a status line under the button): a toast would lie over the dialog's own buttons.
        onSuccess: ({ already }) => setDone({ id: page.id, title: page.title, already, placement, live: page.status === "published" }),
        onError: (err) =>
          notify({
            title: "Couldn’t add the image to the page",
            description: errorMessage(err, err.message || "Please try again."),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <section className="rounded-xl border border-line bg-bg-elevated p-3" data-testid="use-in-page">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
        <LayoutTemplate aria-hidden className="size-4 text-brand" /> Use in page builder
      </h3>
      {!open ? (
        <div className="mt-2">
          <p className="text-xs text-muted">Make it a page’s main image, or add it to the page’s images.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => setOpen(true)}
            data-testid="use-in-page-start"
          >
            Choose a page
          </Button>
        </div>
      ) : pages.isPending ? (
        <Skeleton className="mt-2 h-11" />
      ) : pages.isError ? (
        <LoadError className="mt-2" onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
          Your pages could not be loaded.
        </LoadError>
      ) : pages.data.length === 0 ? (
        <p className="mt-2 text-xs text-muted">
          You have no pages yet.{" "}
          <Link to="/ai-page-builder" className="font-medium text-brand hover:underline">
            Build one in the page builder
          </Link>
          .
        </p>
      ) : (
        <div className="mt-3 space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={selectId} className="block text-xs font-medium text-muted">
              Page
            </label>
            <Select
              id={selectId}
              value={pageId}
              onChange={(e) => setPageId(e.target.value)}
              data-testid="use-in-page-select"
            >
              {pages.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} {p.status === "published" ? "(live)" : "(draft)"}
                </option>
              ))}
            </Select>
          </div>
          <fieldset data-testid="use-in-page-placement">
            <legend className="mb-1.5 text-xs font-medium text-muted">Use it as</legend>
            <div className="grid gap-2">
              {(
                [
                  ["main", "Main image", "The first product image and the hero’s picture"],
                  ["gallery", "Add to gallery", "After the page’s other images"],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line bg-surface px-3 py-2.5 transition-colors hover:border-brand/40 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/50"
                >
                  <input
                    type="radio"
                    name={`${selectId}-placement`}
                    value={value}
                    checked={placement === value}
                    onChange={() => setPlacement(value)}
                    className="mt-0.5 size-4 shrink-0 accent-brand"
                    data-testid={`use-in-page-${value}`}
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-fg">{label}</span>
                    <span className="block text-xs text-muted">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button
            onClick={submit}
            loading={add.isPending}
            disabled={!pageId}
            variant="secondary"
            className="h-11 w-full"
            data-testid="use-in-page-add"
          >
            {placement === "main" ? "Use as main image" : "Add to page"}
          </Button>
          {done && (
            <p ref={doneRef} className="scroll-mb-4 text-xs text-muted" role="status" data-testid="use-in-page-done">
              <Check aria-hidden className="mr-1 inline size-3.5 align-[-2px] text-accent" />
              <span className="font-medium text-fg">
                {done.placement === "main"
                  ? `${done.already ? "Already the" : "Now the"} main image of ${done.title}.`
                  : `${done.already ? "Already on" : "Added to"} ${done.title}.`}
              </span>{" "}
              {done.live && !done.already && "Update the live page to show it. "}
              <Link
                to={`/ai-page-builder?page=${encodeURIComponent(done.id)}`}
                className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
                data-testid="open-page-link"
              >
                Open in page builder <ArrowRight aria-hidden className="size-3" />
              </Link>
            </p>
          )}
        </div>
      )}
    </section>
  );
}

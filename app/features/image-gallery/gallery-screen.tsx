/**
 * /images: every image of the merchant (uploads, generations, marketing visuals) in a grid,
 * filtered by kind, project, product, size and dates (kept in the URL), with "Load more". Select
 * many (click, shift-click ranges, Select all) to download (one PNG, many as a zip; generated
 * images need a paid plan) or delete; open one for its details and to use it in a page.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { Download, ImagePlus, Images, Megaphone, Sparkles, Trash2, Wand2, X } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Image } from "~/domain/contracts/images";
import { useSubscription } from "~/features/account";
import { fetchDownload } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import {
  Button,
  buttonClasses,
  ConfirmDialog,
  EmptyState,
  LoadError,
  PageHeader,
  Skeleton,
  Spinner,
  downloadBlob,
  IconButton,
} from "~/ui";
import { GalleryFilterBar } from "./gallery-filters";
import {
  activeFilterCount,
  isGated,
  parseFilters,
  plural,
  pruneSelection,
  selectWithRange,
  writeFilters,
  type GalleryFilters,
} from "./gallery-logic";
import { ImageCard } from "./image-card";
import { ImageDetailDialog } from "./image-detail-dialog";
import { openImageUpgrade, reportImageError, useDeleteImages, useGallery } from "./use-images";

export function GalleryScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const openId = params.get("image");
  const gallery = useGallery(filters);
  const { isFree } = useSubscription();
  const remove = useDeleteImages();

  const images = useMemo(() => gallery.data?.pages.flatMap((p) => p.data) ?? [], [gallery.data]);
  const order = useMemo(() => images.map((i) => i.id), [images]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [downloading, setDownloading] = useState(false);

  // What is no longer shown (deleted, filtered away) is no longer selected.
  useEffect(() => {
    setSelected((s) => {
      const next = pruneSelection(s, order);
      return next.size === s.size ? s : next;
    });
  }, [order]);

  const setFilters = (next: GalleryFilters) => {
    const p = writeFilters(next, params);
    p.delete("image");
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const openImage = useCallback(
    (id: string | null) => {
      const p = new URLSearchParams(params);
      if (id) p.set("image", id);
      else p.delete("image");
      setParams(p, { preventScrollReset: true, replace: !id });
    },
    [params, setParams],
  );

  const toggle = (id: string, shift: boolean) => {
    const next = selectWithRange(order, selected, anchor.current, id, shift);
    anchor.current = next.anchor;
    setSelected(next.selected);
  };
  const allSelected = images.length > 0 && selected.size === images.length;
  const selectAll = () => {
    setSelected(allSelected ? new Set() : new Set(order));
    anchor.current = null;
  };
  const selectedImages = images.filter((i) => selected.has(i.id));

  const download = async (list: Image[]) => {
    if (list.length === 0) return;
    // Uploads always download; generated images and visuals are a paid feature (the server refuses them too).
    if (isFree && list.some(isGated)) return openImageUpgrade("download");
    setDownloading(true);
    try {
      const file = await fetchDownload(list.map((i) => i.id));
      downloadBlob(file.blob, file.fileName);
      notify({
        title: list.length === 1 ? "Image downloaded" : `${plural(list.length, "image")} downloaded`,
        description: file.fileName,
        variant: "success",
      });
    } catch (err) {
      reportImageError(err, "download", "Couldn’t download");
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = () => {
    if (!confirming) return;
    const ids = confirming;
    setConfirming(null);
    if (openId && ids.includes(openId)) openImage(null);
    remove.mutate(ids, {
      onSuccess: () => notify({ title: ids.length === 1 ? "Image deleted" : `${plural(ids.length, "image")} deleted` }),
      onError: (err) =>
        notify({
          title: "Couldn’t delete",
          description: errorMessage(err, err.message || "Please try again."),
          variant: "destructive",
        }),
    });
  };

  const filtered = activeFilterCount(filters) > 0;
  const nextPageError: unknown = gallery.isFetchNextPageError ? gallery.error : null;
  let body: React.ReactNode;
  if (gallery.isPending) {
    body = (
      <div role="status"
        aria-busy="true"
        aria-label="Loading your images"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
      >
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i}>
            <Skeleton className="aspect-square rounded-2xl" />
            <Skeleton className="mt-2 h-3.5 w-3/4" />
          </div>
        ))}
      </div>
    );
  } else if (gallery.isError) {
    body = (
      <LoadError onRetry={() => void gallery.refetch()} retrying={gallery.isFetching}>
        Your images could not be loaded: {errorMessage(gallery.error, "please try again")}.
      </LoadError>
    );
  } else if (images.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={Images}
        title="No images match these filters"
        description="Try another size or a wider date range."
        action={
          <Button variant="secondary" onClick={() => setFilters({})}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <div data-testid="gallery-empty">
        <EmptyState
          icon={Images}
          title="No images yet"
          description="Product photos you upload, images you generate and marketing visuals you make all land here, ready to download or use in a page."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/image-maker" className={buttonClasses()}>
                <Wand2 aria-hidden className="size-4" /> Image Maker
              </Link>
              <Link to="/image-generation" className={buttonClasses({ variant: "secondary" })}>
                <Sparkles aria-hidden className="size-4" /> Generate from a prompt
              </Link>
              <Link to="/marketing-visuals" className={buttonClasses({ variant: "secondary" })}>
                <Megaphone aria-hidden className="size-4" /> Marketing visuals
              </Link>
            </div>
          }
        />
      </div>
    );
  } else {
    body = (
      <>
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
          aria-label="Your images"
          data-testid="gallery-grid"
        >
          {images.map((img) => (
            <ImageCard
              key={img.id}
              image={img}
              selected={selected.has(img.id)}
              selecting={selected.size > 0}
              onToggle={(shift) => toggle(img.id, shift)}
              onOpen={() => openImage(img.id)}
            />
          ))}
        </ul>
        <div className="mt-6 flex flex-col items-center gap-2">
          {gallery.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void gallery.fetchNextPage()}
              loading={gallery.isFetchingNextPage}
              data-testid="load-more"
            >
              Load more
            </Button>
          ) : images.length > 12 ? (
            <p className="text-xs text-subtle">That’s all: {plural(images.length, "image")}.</p>
          ) : null}
          {nextPageError !== null && (
            <p role="alert" className="text-sm text-danger">
              More images could not be loaded: {errorMessage(nextPageError, "please try again")}.
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="gallery-screen">
      <PageHeader
        title="Images"
        description="Your uploads, generated images and marketing visuals. Filter, download, or put them on a page."
        actions={
          <>
            <Link to="/image-generation" className={buttonClasses({ variant: "secondary" })}>
              <Sparkles aria-hidden className="size-4" /> Generate
            </Link>
            <Link to="/image-maker" className={buttonClasses()}>
              <ImagePlus aria-hidden className="size-4" /> Image Maker
            </Link>
          </>
        }
      />

      <GalleryFilterBar filters={filters} onChange={setFilters} className="mt-6" />

      {images.length > 0 && (
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <label className="flex cursor-pointer items-center gap-2 font-medium text-fg">
            <input
              type="checkbox"
              className="size-4 cursor-pointer rounded accent-[var(--color-brand)]"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = selected.size > 0 && !allSelected;
              }}
              onChange={selectAll}
              data-testid="select-all"
            />
            Select all
          </label>
          <span className="text-muted" aria-live="polite">
            {plural(images.length, "image")}
            {gallery.hasNextPage ? " shown" : ""}
            {gallery.isFetching && !gallery.isFetchingNextPage && (
              <Spinner size="sm" className="ml-2 inline-block align-middle" />
            )}
          </span>
          <span className="hidden text-xs text-subtle md:inline">Shift-click to select a range</span>
        </div>
      )}

      <section className="mt-4" aria-label="Gallery">
        {body}
      </section>

      {selected.size > 0 && (
        <div className="sticky bottom-4 z-20 mt-6 flex justify-center" data-testid="selection-bar">
          <div
            role="toolbar"
            aria-label="Selected images"
            className="flex w-full max-w-xl flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface/95 px-3 py-2.5 shadow-2xl shadow-black/30 backdrop-blur sm:flex-nowrap sm:px-4"
          >
            <span className="mr-auto text-sm font-semibold text-fg" data-testid="selected-count">
              {plural(selected.size, "image")} selected
            </span>
            <Button
              size="sm"
              onClick={() => void download(selectedImages)}
              loading={downloading}
              icon={<Download aria-hidden className="size-3.5" />}
              data-testid="download-selected"
            >
              {selected.size === 1 ? "Download PNG" : "Download zip"}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setConfirming([...selected])}
              icon={<Trash2 aria-hidden className="size-3.5" />}
              data-testid="delete-selected"
            >
              Delete
            </Button>
            <IconButton size="sm" onClick={() => setSelected(new Set())} label="Clear selection">
              <X aria-hidden className="size-4" />
            </IconButton>
          </div>
        </div>
      )}

      <ImageDetailDialog
        id={openId}
        initial={images.find((i) => i.id === openId)}
        onClose={() => openImage(null)}
        onDownload={(img) => void download([img])}
        downloading={downloading}
        onDelete={(img) => setConfirming([img.id])}
        isFree={isFree}
      />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming && confirming.length > 1 ? `Delete ${plural(confirming.length, "image")}?` : "Delete this image?"
        }
        description="They leave your gallery and their files are removed from storage. This cannot be undone."
        confirmLabel={
          confirming && confirming.length > 1 ? `Delete ${plural(confirming.length, "image")}` : "Delete image"
        }
        danger
        onConfirm={confirmDelete}
        data-testid="delete-images-dialog"
      />
      <p className="sr-only" aria-live="polite">
        {remove.isPending ? "Deleting…" : ""}
      </p>
    </div>
  );
}

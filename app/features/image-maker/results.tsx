/**
 * Finished images: a grid of thumbnails (click to see the full image and its notes), a Download
 * per image and for all of them. Downloads are paid: the free plan sees the upgrade modal, and a
 * server refusal opens it too.
 */
import { Download, Expand, FileArchive, Info } from "lucide-react";
import { useState } from "react";
import type { Image } from "~/domain/contracts/images";
import { presetById } from "~/domain/images";
import { useSubscription } from "~/features/account";
import { fetchDownload } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, Dialog, cx, downloadBlob, Pressable } from "~/ui";
import { askToUpgrade, openModalFor } from "./gating";

type Area = "images" | "visuals";

export function useDownload(area: Area) {
  const subscription = useSubscription();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (ids: string[]) => {
    if (subscription.isFree) return askToUpgrade("download", area);
    const key = ids.join(",");
    setBusy(key);
    try {
      const file = await fetchDownload(ids);
      downloadBlob(file.blob, file.fileName);
    } catch (err) {
      if (!openModalFor(err, "download", area))
        notify({ title: "Couldn’t download", description: errorMessage(err, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };
  return { download, busy, isBusy: (ids: string[]) => busy === ids.join(",") };
}

function sizeLabel(image: Image) {
  const preset = image.presetId ? presetById(image.presetId) : undefined;
  return preset ? `${preset.label} · ${image.width}×${image.height}` : `${image.width}×${image.height}`;
}

export function ResultsGrid({
  images,
  area,
  testId,
  columns = "auto",
}: {
  images: Image[];
  area: Area;
  testId: string;
  /** auto: many small cards; wide: up to 3 across the page; half: up to 2 in a side column. */
  columns?: "auto" | "wide" | "half";
}) {
  const { download, isBusy } = useDownload(area);
  const [open, setOpen] = useState<Image | null>(null);
  return (
    <>
      <ul
        className={cx(
          "grid gap-3 sm:gap-4",
          columns === "wide"
            ? "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3"
            : columns === "half"
              ? "grid-cols-1 min-[480px]:grid-cols-2 2xl:grid-cols-3"
              : "grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
        )}
        data-testid={testId}
      >
        {images.map((image) => (
          <li key={image.id} className="group flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface" data-testid={`${testId}-item`}>
            <Pressable
              onClick={() => setOpen(image)}
              className="relative grid aspect-square place-items-center overflow-hidden bg-surface-2/70 p-3 outline-none focus-visible:ring-3 focus-visible:ring-inset focus-visible:ring-brand/40"
              aria-label={`Enlarge ${sizeLabel(image)}`}
            >
              <img
                src={image.thumbnailUrl}
                alt={`${image.design?.headline ?? "Generated image"}, ${sizeLabel(image)}`}
                className="absolute inset-3 size-[calc(100%-1.5rem)] object-contain drop-shadow-[0_8px_16px_rgba(0,0,0,0.35)]"
                loading="lazy"
                data-testid={`${testId}-img`}
                data-preset={image.presetId ?? ""}
              />
              <span className="absolute right-2 top-2 grid size-8 place-items-center rounded-lg bg-bg/80 text-fg opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-within:opacity-100" aria-hidden>
                <Expand className="size-4" />
              </span>
            </Pressable>
            <div className="flex items-center gap-2 border-t border-line px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-[13px] font-semibold text-fg">{image.presetId ? presetById(image.presetId)?.label : image.fileName}</p>
                <p className="truncate text-xs text-subtle">
                  {image.width}×{image.height}
                  {image.notes.length > 0 && " · has notes"}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void download([image.id])}
                loading={isBusy([image.id])}
                icon={<Download aria-hidden className="size-3.5" />}
                aria-label={`Download ${sizeLabel(image)}`}
                data-testid={`${testId}-download`}
              >
                <span className="max-sm:sr-only">Download</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ImageDialog image={open} onOpenChange={(o) => !o && setOpen(null)} onDownload={(id) => void download([id])} busy={open ? isBusy([open.id]) : false} />
    </>
  );
}

export function DownloadAllButton({ images, area, testId }: { images: Image[]; area: Area; testId: string }) {
  const { download, isBusy } = useDownload(area);
  const ids = images.map((i) => i.id);
  if (images.length < 2) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void download(ids)}
      loading={isBusy(ids)}
      icon={<FileArchive aria-hidden className="size-3.5" />}
      data-testid={testId}
    >
      Download all (zip)
    </Button>
  );
}

function ImageDialog({
  image,
  onOpenChange,
  onDownload,
  busy,
}: {
  image: Image | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (id: string) => void;
  busy: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Dialog
      open={image !== null}
      onOpenChange={onOpenChange}
      title={image ? sizeLabel(image) : ""}
      description={image?.design?.headline}
      className="md:max-w-4xl"
      data-testid="image-dialog"
      footer={
        image && (
          <Button onClick={() => onDownload(image.id)} loading={busy} icon={<Download aria-hidden className="size-4" />} data-testid="image-dialog-download">
            Download PNG
          </Button>
        )
      }
    >
      {image && (
        <div className="space-y-4">
          <div className="grid place-items-center rounded-xl bg-surface-2 p-2">
            <img
              src={failed === image.id ? image.thumbnailUrl : image.fileUrl}
              onError={() => setFailed(image.id)}
              alt={`${image.design?.headline ?? "Generated image"}, full size`}
              className="max-h-[60vh] w-auto max-w-full rounded-md object-contain"
              data-testid="image-dialog-img"
            />
          </div>
          {failed === image.id && <p className="text-xs text-subtle">Showing the thumbnail: the full image is part of the paid plans’ downloads.</p>}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-[13px] sm:grid-cols-4">
            <dt className="text-subtle">Size</dt>
            <dd className="text-fg">
              {image.width}×{image.height}
            </dd>
            <dt className="text-subtle">Made by</dt>
            <dd className="text-fg">{image.provider === "model" ? (image.model ?? "Image model") : "Built-in compositor"}</dd>
            {image.template && (
              <>
                <dt className="text-subtle">Template</dt>
                <dd className="capitalize text-fg">{image.template.replace("-", " ")}</dd>
              </>
            )}
            <dt className="text-subtle">File</dt>
            <dd className="text-fg">{(image.bytes / 1024).toFixed(0)} KB PNG</dd>
          </dl>
          {image.notes.length > 0 && (
            <div className="rounded-xl border border-line bg-bg-elevated p-3" data-testid="image-dialog-notes">
              <p className="flex items-center gap-1.5 text-[13px] font-semibold text-fg">
                <Info aria-hidden className="size-4 text-brand" /> Notes
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-6 text-[13px] text-muted">
                {image.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

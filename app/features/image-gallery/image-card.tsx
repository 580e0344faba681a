/** One image in the gallery: the thumbnail (aspect kept, lazy), a checkbox to select it, and what it is. */
import type { Image } from "~/domain/contracts/images";
import { cx, Pressable } from "~/ui";
import { presetById } from "~/domain/images";
import { dayLabel, KIND_LABELS, shortDate, STYLE_LABELS, templateLabel } from "./gallery-logic";

/** What the merchant calls the image: its template, its prompt, or the uploaded file's name. */
export function imageTitle(img: Image): string {
  if (img.design?.headline) return img.design.headline;
  if (img.prompt) return img.prompt;
  return img.fileName;
}

/** "Studio · Facebook feed", "Upload · 600×600": what it is and its size, short enough for a card. */
export function imageSubtitle(img: Image): string {
  const what =
    img.kind === "upload"
      ? "Upload"
      : (templateLabel(img.template) ??
        (img.style ? (STYLE_LABELS[img.style] ?? img.style) : KIND_LABELS[img.kind].one));
  const preset = img.presetId ? presetById(img.presetId) : undefined;
  return `${what} · ${preset ? preset.label : `${img.width}×${img.height}`}`;
}

export function ImageCard({
  image: img,
  selected,
  selecting,
  onToggle,
  onOpen,
}: {
  image: Image;
  selected: boolean;
  /** Something is selected: every checkbox shows, not only on hover. */
  selecting: boolean;
  onToggle: (shift: boolean) => void;
  onOpen: () => void;
}) {
  const title = imageTitle(img);
  const checkId = `select-${img.id}`;
  return (
    <li
      className="group min-w-0"
      data-testid="gallery-card"
      data-image-id={img.id}
      data-preset={img.presetId ?? ""}
      data-kind={img.kind}
    >
      <div
        className={cx(
          "relative overflow-hidden rounded-2xl border bg-surface-2 transition-[border-color,box-shadow]",
          selected ? "border-brand shadow-[0_0_0_2px_var(--color-brand)]" : "border-line hover:border-subtle/60",
        )}
      >
        <Pressable
          onClick={(e) => (e.shiftKey || selecting ? onToggle(e.shiftKey) : onOpen())}
          className="grid aspect-square w-full place-items-center p-2 sm:p-3"
          aria-label={`Open ${title}`}
          data-testid="open-image"
        >
          <img
            src={img.thumbnailUrl}
            alt=""
            width={img.width}
            height={img.height}
            loading="lazy"
            decoding="async"
            className="max-h-full max-w-full rounded-lg object-contain shadow-md shadow-black/20 transition-transform duration-200 group-hover:scale-[1.02]"
          />
        </Pressable>
        <label
          htmlFor={checkId}
          className={cx(
            "absolute left-2 top-2 grid size-8 cursor-pointer place-items-center rounded-lg bg-bg/80 backdrop-blur transition-opacity",
            selected || selecting
              ? "opacity-100"
              : "opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:has-[:focus-visible]:opacity-100",
          )}
        >
          <input
            id={checkId}
            type="checkbox"
            checked={selected}
            // The click carries the shift key (a range); onChange alone would not.
            onClick={(e) => onToggle(e.shiftKey)}
            onChange={() => undefined}
            aria-label={`Select ${title}`}
            className="size-4 cursor-pointer accent-[var(--color-brand)]"
            data-testid="select-image"
          />
        </label>
        {img.kind !== "upload" && (
          <span className="pointer-events-none absolute right-2 top-2 rounded-md bg-bg/80 px-1.5 py-0.5 text-[11px] font-semibold text-muted backdrop-blur">
            {img.kind === "visual" ? "Visual" : img.provider === "model" ? "AI" : "Design"}
          </span>
        )}
      </div>
      <div className="mt-2 min-w-0 px-0.5">
        <p className="truncate text-sm font-medium text-fg" title={title}>
          {title}
        </p>
        <p
          className="flex min-w-0 gap-2 text-xs text-subtle"
          title={`${imageSubtitle(img)} · ${shortDate(img.createdAt)}`}
        >
          <span className="truncate">{imageSubtitle(img)}</span>
          <time dateTime={img.createdAt} className="ml-auto shrink-0 whitespace-nowrap">
            {dayLabel(img.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
}

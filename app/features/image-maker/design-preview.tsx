/**
 * A design's live preview in its preset's shape: the newest rendered picture, dimmed while the
 * next renders, and optionally the platform's safe zone drawn over it (the dashed box inside
 * which text and the price badge stay; outside it the platform's own buttons may cover).
 */
import { AlertTriangle, ImageIcon, RefreshCw } from "lucide-react";
import type { VisualDesignInput } from "~/domain/contracts/images";
import { presetById, type VisualPresetId } from "~/domain/images";
import { Spinner, cx, IconButton } from "~/ui";
import { useDesignPreview } from "./use-preview";
import { safeZoneBox } from "./wizard-logic";

export function DesignPreview({
  design,
  presetId,
  productId,
  showSafeZone = false,
  className,
  label,
  delayMs,
  testId,
  fit = "width",
}: {
  design: VisualDesignInput | null;
  presetId: VisualPresetId;
  productId?: string | null;
  showSafeZone?: boolean;
  className?: string;
  /** Alt text; defaults to the preset's name. */
  label?: string;
  delayMs?: number;
  testId?: string;
  /** "width": fills the width at the preset's aspect; a number: as large as fits in a box this many rem tall. */
  fit?: "width" | number;
}) {
  const preset = presetById(presetId)!;
  const preview = useDesignPreview(design, presetId, { productId, delayMs });
  const zone = safeZoneBox(preset);
  const hasZone = zone.top + zone.right + zone.bottom + zone.left > 0;
  return (
    <div
      className={cx(
        "relative overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line",
        fit === "width" ? "w-full" : "mx-auto",
        className,
      )}
      style={{
        aspectRatio: `${preset.width} / ${preset.height}`,
        ...(typeof fit === "number" ? { width: `min(100%, ${((fit * preset.width) / preset.height).toFixed(3)}rem)` } : {}),
      }}
      data-testid={testId}
      data-state={preview.src ? (preview.loading ? "updating" : "ready") : preview.error ? "error" : "loading"}
    >
      {preview.src ? (
        <img
          src={preview.src}
          alt={label ?? `${preset.label} preview`}
          className={cx("absolute inset-0 size-full object-cover transition-opacity duration-200", preview.loading && "opacity-50")}
          draggable={false}
        />
      ) : !preview.error ? (
        <div className="absolute inset-0 grid place-items-center" aria-hidden>
          <div className="flex flex-col items-center gap-2 text-subtle">
            <ImageIcon className="size-6 motion-safe:animate-pulse" />
          </div>
        </div>
      ) : null}
      {preview.loading && preview.src && (
        <span className="absolute right-2 top-2 grid size-7 place-items-center rounded-full bg-bg/80 shadow" aria-hidden>
          <Spinner size="sm" />
        </span>
      )}
      {preview.error && (
        <div
          className={cx(
            "absolute inset-x-2 bottom-2 flex items-center gap-2 rounded-lg bg-bg/90 p-2 text-xs text-fg shadow",
            !preview.src && "top-1/2 bottom-auto -translate-y-1/2",
          )}
          role="status"
        >
          <AlertTriangle aria-hidden className="size-3.5 shrink-0 text-warning" />
          <span className="min-w-0 flex-1">{preview.error}</span>
          <IconButton size="xs" onClick={preview.retry} label="Try the preview again">
            <RefreshCw aria-hidden className="size-3.5" />
          </IconButton>
        </div>
      )}
      {showSafeZone && hasZone && (
        <div aria-hidden className="pointer-events-none absolute inset-0" data-testid={testId ? `${testId}-safe-zone` : undefined}>
          {/* The covered margins, shaded; the safe area, outlined. */}
          <div className="absolute inset-x-0 top-0 bg-danger/15" style={{ height: `${zone.top}%` }} />
          <div className="absolute inset-x-0 bottom-0 bg-danger/15" style={{ height: `${zone.bottom}%` }} />
          <div
            className="absolute bg-danger/15"
            style={{ top: `${zone.top}%`, bottom: `${zone.bottom}%`, left: 0, width: `${zone.left}%` }}
          />
          <div
            className="absolute bg-danger/15"
            style={{ top: `${zone.top}%`, bottom: `${zone.bottom}%`, right: 0, width: `${zone.right}%` }}
          />
          <div
            className="absolute rounded-sm border-2 border-dashed border-white/90 shadow-[0_0_0_1px_rgba(0,0,0,0.35)]"
            style={{ top: `${zone.top}%`, right: `${zone.right}%`, bottom: `${zone.bottom}%`, left: `${zone.left}%` }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * What an ad looks like in each placement, drawn the way Meta shows them: the feed card (page,
 * "Sponsored", primary text, square image, headline and button), the story (full-height image,
 * text and button over it) and the link ad (wide image, headline, description, button).
 */
import { Globe } from "lucide-react";
import { AD_CALLS_TO_ACTION, type AdCallToAction, type AdPlacementId } from "~/domain/ad-launcher";
import type { AdCopyVariant } from "~/domain/contracts/ad-launcher";
import { cx } from "~/ui";

export interface PreviewProps {
  placement: AdPlacementId;
  imageUrl: string;
  copy: AdCopyVariant;
  callToAction: AdCallToAction;
  pageName: string;
  destinationUrl: string;
  onImage: (state: "loaded" | "failed") => void;
}

const ctaLabel = (cta: AdCallToAction) => AD_CALLS_TO_ACTION.find((c) => c.value === cta)?.label ?? cta;
const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.toUpperCase();
  } catch {
    return url;
  }
};

function PageLine({ pageName, light = false }: { pageName: string; light?: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <span className={cx("grid size-8 place-items-center rounded-full text-xs font-bold", light ? "bg-white/25 text-white" : "bg-brand-soft text-brand")} aria-hidden>
        {pageName.slice(0, 1).toUpperCase()}
      </span>
      <span className="min-w-0">
        <span className={cx("block truncate text-[13px] font-semibold", light ? "text-white" : "text-fg")}>{pageName}</span>
        <span className={cx("block text-[11px]", light ? "text-white/80" : "text-muted")}>Sponsored</span>
      </span>
    </div>
  );
}

export function AdPreview({ placement, imageUrl, copy, callToAction, pageName, destinationUrl, onImage }: PreviewProps) {
  const image = (className: string) => (
    <img src={imageUrl} alt="" className={cx("w-full bg-surface-2 object-cover", className)} onLoad={() => onImage("loaded")} onError={() => onImage("failed")} />
  );
  if (placement === "stories") {
    return (
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[15rem] overflow-hidden rounded-2xl bg-black shadow-lg" data-testid="preview-stories">
        {image("absolute inset-0 h-full")}
        <div className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/60 to-transparent p-3">
          <PageLine pageName={pageName} light />
        </div>
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/40 to-transparent p-3 pt-10">
          <p className="line-clamp-3 text-[13px] text-white">{copy.primaryText}</p>
          <span className="mt-3 block rounded-full bg-white py-2 text-center text-[13px] font-semibold text-black">{ctaLabel(callToAction)}</span>
        </div>
      </div>
    );
  }
  if (placement === "link") {
    return (
      <div className="mx-auto w-full max-w-md overflow-hidden rounded-2xl border border-line bg-surface shadow-sm" data-testid="preview-link">
        <div className="p-3"><PageLine pageName={pageName} /></div>
        <p className="line-clamp-3 px-3 pb-2 text-[13px] text-fg">{copy.primaryText}</p>
        {image("aspect-[1.91/1]")}
        <div className="flex items-center gap-3 bg-surface-2 px-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1 truncate text-[11px] text-muted"><Globe aria-hidden className="size-3" />{domainOf(destinationUrl)}</p>
            <p className="truncate text-[13px] font-semibold text-fg">{copy.headline}</p>
            <p className="truncate text-xs text-muted">{copy.description}</p>
          </div>
          <span className="shrink-0 rounded-md bg-bg-elevated px-3 py-1.5 text-xs font-semibold text-fg ring-1 ring-line">{ctaLabel(callToAction)}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-sm overflow-hidden rounded-2xl border border-line bg-surface shadow-sm" data-testid="preview-feed">
      <div className="p-3"><PageLine pageName={pageName} /></div>
      <p className="line-clamp-4 px-3 pb-2 text-[13px] text-fg">{copy.primaryText}</p>
      {image("aspect-square")}
      <div className="flex items-center gap-3 bg-surface-2 px-3 py-2.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-[13px] font-semibold text-fg">{copy.headline}</p>
          <p className="truncate text-xs text-muted">{copy.description}</p>
        </div>
        <span className="shrink-0 rounded-md bg-bg-elevated px-3 py-1.5 text-xs font-semibold text-fg ring-1 ring-line">{ctaLabel(callToAction)}</span>
      </div>
    </div>
  );
}

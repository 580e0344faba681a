/**
 * The drill-down: the ad records behind a chart point, in the kit's dialog (a bottom sheet on
 * phones). Each ad shows its platform, angle, hook, format, views, engagement rate, the week it
 * was first seen and its product, linked to the product's record in the Explorer.
 */
import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight, ExternalLink, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import type { DrillAd, DrillFilter } from "~/domain/contracts/intelligence";
import { errorMessage } from "~/lib/http";
import { Badge, Button, Dialog, Skeleton } from "~/ui";
import { formatCount, formatPct } from "./charts/palette";
import { angleLabel, formatLabel, longWeek, styleLabel } from "./format";
import { useDrillAds, type IntelligenceMode } from "./intelligence-client";

export interface DrillRequest {
  filter: DrillFilter;
  /** What the point is, e.g. "TikTok ads active in the week of Nov 16, 2026". */
  title: string;
  /** The chart's value, to say how many records to expect. */
  expected?: number;
}

const PAGE_SIZE = 25;

export function DrillDialog({ mode, request, onClose }: { mode: IntelligenceMode; request: DrillRequest | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [request]);
  const { data, error, isPending, refetch, isFetching } = useDrillAds(mode, request?.filter ?? null, page);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request?.title ?? "Ads"}
      description={data ? `${formatCount(total)} ${total === 1 ? "ad" : "ads"} · sample data · best engagement first` : "The ad records behind this point"}
      className="md:max-w-3xl"
      data-testid="drill-dialog"
      footer={
        total > PAGE_SIZE ? (
          <div className="flex w-full min-w-0 flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-muted tabular-nums" data-testid="drill-range">
              {from}–{to} of {formatCount(total)}
            </span>
            <span className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => p - 1)} icon={<ChevronLeft className="size-4" aria-hidden />} aria-label="Previous page">
                <span className="hidden sm:inline">Previous</span>
              </Button>
              <Button variant="secondary" size="sm" disabled={page >= pages || isFetching} onClick={() => setPage((p) => p + 1)} data-testid="drill-next" aria-label="Next page">
                <span className="hidden sm:inline">Next</span>
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </span>
          </div>
        ) : undefined
      }
    >
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-line px-4 py-3 text-sm">
          {errorMessage(error, "The ads could not be loaded.")}
          <Button variant="ghost" size="sm" onClick={() => refetch()} icon={<RefreshCw className="size-3.5" aria-hidden />}>
            Retry
          </Button>
        </div>
      ) : isPending || !data ? (
        <div aria-busy="true" className="space-y-3" data-testid="drill-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
          <span className="sr-only">Loading ads</span>
        </div>
      ) : data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">No ads behind this point.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="drill-list" aria-label="Ads">
          {data.data.map((ad) => (
            <AdRow key={ad.id} ad={ad} demo={mode === "demo"} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function AdRow({ ad, demo }: { ad: DrillAd; demo: boolean }) {
  return (
    <li className="py-3 first:pt-0" data-testid="drill-ad">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="brand">{ad.platform}</Badge>
        <Badge>{angleLabel(ad.angle)}</Badge>
        <Badge>
          {formatLabel(ad.format)}
          {ad.lengthSeconds !== null ? ` · ${ad.lengthSeconds} s` : ""}
        </Badge>
        <Badge>{styleLabel(ad.visualStyle)}</Badge>
        <span className="ml-auto text-xs text-subtle">{ad.id}</span>
      </div>
      <p className="mt-2 text-sm font-medium text-fg">&ldquo;{ad.hook}&rdquo;</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-subtle">Views</dt>
          <dd className="font-semibold tabular-nums text-fg">{formatCount(ad.views)}</dd>
        </div>
        <div>
          <dt className="text-subtle">Engagement rate</dt>
          <dd className="font-semibold tabular-nums text-fg">{formatPct(ad.engagementRate)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-subtle">First seen</dt>
          <dd className="text-fg">{longWeek(ad.firstSeen)}</dd>
        </div>
      </dl>
      {/* Wrapping text, not a truncated flex row: a nowrap name would widen the bottom sheet past a phone's screen. */}
      <Link
        to={demo ? "/signup" : `/ai-explore?product=${encodeURIComponent(ad.product.id)}`}
        title={demo ? "Sign up free to open the product's record" : undefined}
        className="mt-2 inline-block max-w-full break-words text-sm font-medium text-brand hover:underline"
        data-testid="drill-product-link"
      >
        {ad.product.name}
        <span className="text-xs font-normal text-subtle"> · {ad.product.niche.name}</span>
        <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden />
      </Link>
    </li>
  );
}

/**
 * Visual intelligence (/visual-intelligence): the catalog's ads by format, video length, angle and
 * visual style, how each engages, and the best-engaging examples of the chosen group. Each bar
 * opens the ad records behind it.
 */
import { AlertTriangle, Database, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { CreativeGroup, DrillAd, DrillFilter } from "~/domain/contracts/intelligence";
import { errorMessage } from "~/lib/http";
import { Badge, Button, cx, PageHeader, Pressable, Skeleton } from "~/ui";
import { BarList } from "./charts/bar-list";
import { colorAt, formatCount, formatPct } from "./charts/palette";
import { DrillDialog, type DrillRequest } from "./drill-dialog";
import { FilterBar, useFilters } from "./filters";
import { angleLabel, formatLabel, styleLabel, weekPhrase } from "./format";
import { useCreatives } from "./intelligence-client";

type Dimension = "formats" | "lengths" | "angles" | "styles";
const DIMENSIONS: readonly { key: Dimension; title: string; field: keyof DrillFilter; noun: string }[] = [
  { key: "formats", title: "By format", field: "format", noun: "format" },
  { key: "lengths", title: "By video length", field: "lengthBucket", noun: "length" },
  { key: "angles", title: "By angle", field: "angle", noun: "angle" },
  { key: "styles", title: "By visual style", field: "style", noun: "visual style" },
];

export function VisualIntelligenceScreen() {
  const { filters, setFilter, clear } = useFilters();
  const { data, error, isPending, refetch } = useCreatives(filters);
  const [drill, setDrill] = useState<DrillRequest | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8" data-testid="visual-intelligence">
      <PageHeader
        title="Visual intelligence"
        description="What the creatives look like: format, length, angle and visual style, how each engages, and the best examples of each."
        actions={
          <Badge tone="warning" className="!px-2.5 !py-1">
            <Database className="size-3.5" aria-hidden />
            Sample data{data ? ` · as of the ${weekPhrase(data.asOf)}` : ""}
          </Badge>
        }
      />
      <div className="mt-5">
        <FilterBar filters={filters} niches={data?.niches} onChange={setFilter} onClear={clear} />
      </div>
      {error ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-fg">
          <AlertTriangle className="size-4 text-danger" aria-hidden />
          {errorMessage(error, "The creatives could not be loaded.")}
          <Button variant="ghost" size="sm" onClick={() => refetch()} icon={<RefreshCw className="size-3.5" aria-hidden />}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          {DIMENSIONS.map((d, i) => (
            <DimensionCard
              key={d.key}
              title={d.title}
              noun={d.noun}
              color={colorAt(i)}
              groups={data?.[d.key]}
              loading={isPending}
              testId={`creatives-${d.key}`}
              onDrill={(g) => setDrill({ filter: { niche: filters.niche, platform: filters.platform, [d.field]: g.key }, title: `${g.label}: the ads`, expected: g.ads })}
            />
          ))}
        </div>
      )}
      <DrillDialog mode="app" request={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

function DimensionCard({
  title,
  noun,
  color,
  groups,
  loading,
  testId,
  onDrill,
}: {
  title: string;
  noun: string;
  color: string;
  groups: CreativeGroup[] | undefined;
  loading: boolean;
  testId: string;
  onDrill: (g: CreativeGroup) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = groups?.find((g) => g.key === chosen) ?? groups?.[0];
  return (
    <section className="grid min-w-0 gap-4 lg:grid-cols-2" aria-label={title}>
      <BarList
        title={title}
        unit={`Ads per ${noun}; tooltip: average engagement rate`}
        valueHeader="Ads"
        color={color}
        loading={loading}
        skeletonRows={4}
        items={(groups ?? []).map((g) => ({
          key: g.key,
          label: g.label,
          value: g.ads,
          display: formatCount(g.ads),
          details: [{ label: "Avg. engagement", value: formatPct(g.avgEngagementRate) }],
        }))}
        drillHint={`the ads of this ${noun}`}
        onDrill={(key) => {
          const g = groups?.find((x) => x.key === key);
          if (g) onDrill(g);
        }}
        data-testid={testId}
      />
      <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid={`${testId}-examples`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold text-fg">Best-engaging examples</p>
          {groups && groups.length > 1 && (
            <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Examples of which ${noun}`}>
              {groups.map((g) => (
                <Pressable
                  key={g.key}
                  aria-pressed={selected?.key === g.key}
                  onClick={() => setChosen(g.key)}
                  className={cx(
                    "rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset transition-colors",
                    selected?.key === g.key ? "bg-brand-strong text-white ring-brand" : "text-muted ring-line hover:bg-surface-2 hover:text-fg",
                  )}
                >
                  {g.label.replace(" (image or carousel)", "")}
                </Pressable>
              ))}
            </div>
          )}
        </div>
        {loading || !selected ? (
          <div className="mt-3 grid gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : (
          <ul className="mt-3 grid gap-2">
            {selected.examples.map((ad) => (
              <ExampleCard key={ad.id} ad={ad} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ExampleCard({ ad }: { ad: DrillAd }) {
  return (
    <li className="min-w-0 rounded-xl border border-line bg-surface-2/50 p-3" data-testid="creative-example">
      <div className="flex flex-wrap items-center gap-1">
        <Badge tone="brand">{ad.platform}</Badge>
        <Badge>
          {formatLabel(ad.format)}
          {ad.lengthSeconds !== null ? ` · ${ad.lengthSeconds} s` : ""}
        </Badge>
        <Badge>{angleLabel(ad.angle)}</Badge>
        <Badge>{styleLabel(ad.visualStyle)}</Badge>
      </div>
      <p className="mt-2 line-clamp-2 text-[13px] font-medium text-fg">&ldquo;{ad.hook}&rdquo;</p>
      <div className="mt-1.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs">
        <a href={`/ai-explore?product=${encodeURIComponent(ad.product.id)}`} className="min-w-0 truncate font-medium text-brand hover:underline">
          {ad.product.name}
        </a>
        <span className="shrink-0 text-muted">
          <span className="font-semibold tabular-nums text-accent">{formatPct(ad.engagementRate)}</span> engagement · {formatCount(ad.views)} views
        </span>
      </div>
    </li>
  );
}

/**
 * Marketing intelligence (/intelligence-dashboard, /intelligence, and the signed-out demo at
 * /marketing-intelligence-demo): ad activity per week by platform and niche, the angles and hooks
 * that engage, niches rising and falling by orders, and the engagement distribution. Every chart
 * (and every cell of its table view) opens the ad records behind the point.
 */
import { Link } from "@remix-run/react";
import { AlertTriangle, ArrowRight, Database, RefreshCw, Sparkles } from "lucide-react";
import { useState } from "react";
import type { DrillFilter, NicheMove } from "~/domain/contracts/intelligence";
import { errorMessage } from "~/lib/http";
import { Badge, Button, PageHeader, Skeleton, Stat, buttonClasses } from "~/ui";
import { BarList } from "./charts/bar-list";
import { Histogram } from "./charts/histogram";
import { colorAt, formatCount, formatPct, formatSignedPct } from "./charts/palette";
import { WeekChart } from "./charts/week-chart";
import { DrillDialog, type DrillRequest } from "./drill-dialog";
import { FilterBar, useFilters } from "./filters";
import { angleLabel, longWeek, weekPhrase } from "./format";
import { useOverview, type IntelligenceMode } from "./intelligence-client";

export function IntelligenceDashboard({ mode = "app" }: { mode?: IntelligenceMode }) {
  const { filters, setFilter, clear } = useFilters();
  const { data, error, isPending, refetch } = useOverview(mode, filters);
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const loading = isPending;
  const o = data;
  const base: DrillFilter = { niche: filters.niche, platform: filters.platform };
  const scopeWords = [filters.platform, filters.niche ? (o?.niches.find((n) => n.id === filters.niche)?.name ?? filters.niche) : undefined].filter(Boolean).join(", ");
  const nicheName = (id: string | undefined) => (id ? (o?.niches.find((n) => n.id === id)?.name ?? id) : undefined);
  // The title names the dashboard's filters the point did not set itself.
  const open = (filter: DrillFilter, title: string, expected?: number) => {
    const scope = [filter.platform ? undefined : filters.platform, filter.niche ? undefined : nicheName(filters.niche)].filter(Boolean).join(", ");
    setDrill({ filter: { ...base, ...filter }, title: scope ? `${title} · ${scope}` : title, expected });
  };
  const weekLabel = (week: number) => (o ? weekPhrase(o.weeks[week].weekOf) : `week ${week}`);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8" data-testid="intelligence-dashboard" data-mode={mode}>
      {mode === "demo" && <DemoBanner />}
      <PageHeader
        title="Marketing intelligence"
        description="Which ads run where, which angles and hooks engage, and which niches are heating up — from the sample catalog's 20,400 ads over 26 weeks."
        actions={<AsOf asOf={o?.asOf} />}
      />
      <div className="mt-5">
        <FilterBar filters={filters} niches={o?.niches} onChange={setFilter} onClear={clear} />
      </div>

      {error ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-fg">
          <AlertTriangle className="size-4 text-danger" aria-hidden />
          {errorMessage(error, "The dashboard could not be loaded.")}
          <Button variant="ghost" size="sm" onClick={() => refetch()} icon={<RefreshCw className="size-3.5" aria-hidden />}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <section aria-label="Totals" className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {loading || !o ? (
              Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-[88px]" />)
            ) : (
              <>
                <Stat label="Ads tracked" value={formatCount(o.totals.ads)} hint={scopeWords || "All niches and platforms"} />
                <Stat label="Active this week" value={formatCount(o.totals.activeThisWeek)} hint={longWeek(o.asOf)} />
                <Stat label="Avg. engagement" value={formatPct(o.totals.avgEngagementRate)} hint="Engagements ÷ views" />
                <Stat label="Niches advertising" value={formatCount(o.totals.niches)} hint="With at least one ad" />
              </>
            )}
          </section>

          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <WeekChart
              title="Ad activity by platform"
              unit="Ads active per week, stacked"
              weeks={o?.weeks ?? []}
              series={o?.activityByPlatform ?? []}
              stacked
              loading={loading}
              onDrill={(platform, week) =>
                open({ platform: platform as DrillFilter["platform"], week }, `${platform} ads active in the ${weekLabel(week)}`)
              }
              data-testid="chart-platform"
            />
            <WeekChart
              title="Ad activity by niche"
              unit={filters.niche ? "Ads active per week" : "Ads active per week, the 6 busiest niches this week"}
              weeks={o?.weeks ?? []}
              series={o?.activityByNiche ?? []}
              loading={loading}
              onDrill={(niche, week) =>
                open({ niche, week }, `${o?.activityByNiche.find((s) => s.key === niche)?.label ?? niche} ads active in the ${weekLabel(week)}`)
              }
              data-testid="chart-niche"
            />
            <BarList
              title="Top angles"
              unit="Ads per angle; tooltip: average and median engagement rate"
              valueHeader="Ads"
              loading={loading}
              items={(o?.angles ?? []).map((a) => ({
                key: a.angle,
                label: angleLabel(a.angle),
                value: a.ads,
                display: formatCount(a.ads),
                details: [
                  { label: "Avg. engagement", value: formatPct(a.avgEngagementRate) },
                  { label: "Median engagement", value: formatPct(a.medianEngagementRate) },
                ],
              }))}
              drillHint="the ads with this angle"
              onDrill={(angle) => open({ angle: angle as DrillFilter["angle"] }, `${angleLabel(angle)} ads`)}
              data-testid="chart-angles"
            />
            <Histogram
              title="Engagement rate distribution"
              unit="Ads per engagement-rate bucket (engagements ÷ views)"
              binHeader="Engagement rate"
              bins={(o?.engagement ?? []).map((b) => ({ key: b.bucket, label: b.label, value: b.ads }))}
              loading={loading}
              height={300}
              onDrill={(bucket) => open({ rateBucket: bucket as DrillFilter["rateBucket"] }, `Ads with an engagement rate of ${o?.engagement.find((b) => b.bucket === bucket)?.label ?? bucket}`)}
              data-testid="chart-engagement"
            />
            <MoversChart kind="rising" moves={o?.rising} loading={loading} onOpen={(m) => open({ niche: m.nicheId }, `${m.name}: its ads`)} />
            <MoversChart kind="falling" moves={o?.falling} loading={loading} onOpen={(m) => open({ niche: m.nicheId }, `${m.name}: its ads`)} />
            <BarList
              title="Top hooks by engagement"
              unit="Average engagement rate, hooks used by 2 or more ads"
              valueHeader="Avg. engagement"
              color={colorAt(2)}
              loading={loading}
              emptyText="No hook is used by two ads under these filters."
              items={(o?.hooks ?? []).map((h) => ({
                key: h.hook,
                label: `“${h.hook}”`,
                note: `${angleLabel(h.angle)} · ${h.ads} ads`,
                value: h.avgEngagementRate,
                display: formatPct(h.avgEngagementRate),
                details: [
                  { label: "Ads", value: formatCount(h.ads) },
                  { label: "Views", value: formatCount(h.views) },
                ],
              }))}
              drillHint="the ads using this hook"
              onDrill={(hook) => open({ hook }, `Ads with the hook “${hook}”`)}
              twoColumns
              className="lg:col-span-2"
              data-testid="chart-hooks"
            />
            <MethodNote mode={mode} />
          </div>
        </>
      )}
      <DrillDialog mode={mode} request={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

function MoversChart({ kind, moves, loading, onOpen }: { kind: "rising" | "falling"; moves: NicheMove[] | undefined; loading: boolean; onOpen: (m: NicheMove) => void }) {
  const rising = kind === "rising";
  return (
    <BarList
      title={rising ? "Rising niches" : "Falling niches"}
      unit="Orders, last 4 weeks vs the 4 before (all platforms)"
      valueHeader="Change"
      color={rising ? "#22d3a6" : "#f43f5e"}
      loading={loading}
      skeletonRows={5}
      emptyText={rising ? "No niche grew its orders." : "No niche lost orders."}
      items={(moves ?? []).map((m) => ({
        key: m.nicheId,
        label: m.name,
        note: `${formatCount(m.products)} products · ${formatCount(m.ads)} ads`,
        value: Math.abs(m.changePct),
        display: formatSignedPct(m.changePct),
        details: [
          { label: "Orders, last 4 weeks", value: formatCount(m.ordersLast4) },
          { label: "Orders, 4 weeks before", value: formatCount(m.ordersPrev4) },
        ],
      }))}
      drillHint="this niche's ads"
      onDrill={(key) => {
        const m = moves?.find((x) => x.nicheId === key);
        if (m) onOpen(m);
      }}
      data-testid={`chart-${kind}`}
    />
  );
}

function AsOf({ asOf }: { asOf: string | undefined }) {
  return (
    <span data-testid="sample-label">
      <Badge tone="warning" className="!px-2.5 !py-1">
        <Database className="size-3.5" aria-hidden />
        Sample data{asOf ? ` · as of the ${weekPhrase(asOf)}` : ""}
      </Badge>
    </span>
  );
}

function MethodNote({ mode }: { mode: IntelligenceMode }) {
  return (
    <aside className="flex flex-col justify-between gap-3 rounded-2xl border border-line bg-surface-2/60 p-4 text-sm text-muted sm:p-5 lg:col-span-2">
      <div>
        <p className="font-semibold text-fg">How these numbers are counted</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>An ad counts as active in every week from the week it was first seen to its last week running.</li>
          <li>Engagement rate is likes, comments and shares divided by views.</li>
          <li>Rising and falling compare a niche&rsquo;s orders in the last 4 weeks with the 4 before.</li>
          <li>Click any bar, point or table cell to see the ads behind it.</li>
        </ul>
      </div>
      {mode === "app" ? (
        <Link to="/visual-intelligence" className="inline-flex items-center gap-1.5 font-semibold text-brand hover:underline">
          Creatives by format, length and style
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <Link to="/signup" className="inline-flex items-center gap-1.5 font-semibold text-brand hover:underline">
          Sign up free to add your own products and see visual intelligence
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
    </aside>
  );
}

function DemoBanner() {
  return (
    <div
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand/30 bg-brand-soft px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
      data-testid="demo-banner"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-strong text-white" aria-hidden>
          <Sparkles className="size-4" />
        </span>
        <div>
          <p className="font-semibold text-fg">You&rsquo;re looking at the live demo on sample data</p>
          <p className="text-sm text-muted">Sign up free to filter your own imports, open product records and track competitors.</p>
        </div>
      </div>
      <Link to="/signup" className={buttonClasses({ variant: "primary", className: "shrink-0" })} data-testid="demo-signup">
        Sign up free
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}


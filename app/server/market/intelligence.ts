/**
 * Marketing and visual intelligence over the catalog's ads: the dashboard's overview (activity by
 * platform and niche per week, angles, hooks, rising and falling niches, the engagement
 * distribution), the creatives breakdown with examples, and the drill-down listing the ad records
 * behind any chart point. The aggregates are SQL in db/intelligence.ts; this shapes them.
 * `userId: null` reads the shared sample alone (the signed-out demo).
 */
import { ANGLE_LABELS, FORMAT_LABELS, STYLE_LABELS } from "~/domain/market-labels";
import { AD_PLATFORMS } from "~/domain/contracts/market";
import {
  AD_ANGLE_KEYS,
  RATE_BUCKETS,
  type AdsDrillPage,
  type AdsDrillQuery,
  type CreativeGroup,
  type CreativesAnswer,
  type DrillAd,
  type IntelligenceFilters,
  type IntelligenceOverview,
  type IntelligenceSeries,
  type NicheMove,
} from "~/domain/contracts/intelligence";
import type { Database } from "../../../db/client";
import { hasImports, readCatalogMeta } from "../../../db/catalog";
import { SAMPLE_VERSION_KEY } from "../../../db/catalog-seed";
import {
  adTotals,
  angleStats,
  creativeGroups,
  engagementBuckets,
  listDrillAds,
  nicheOrderMoves,
  topHooks,
  visibleNiches,
  weeklyActivity,
  type CreativeDimension,
  type DrillAdRow,
  type IntelligenceScope,
} from "../../../db/intelligence";
import { CATALOG_AS_OF, HISTORY_WEEKS } from "./catalog";
import { weekOf } from "./seed";

const TOP_NICHES = 6;
const MOVERS = 5;

/** Tenths of a percent to percent with one decimal. */
const pct = (tenths: number) => Math.round(tenths) / 10;
const round1 = (n: number) => Math.round(n * 10) / 10;

const WEEKS = Array.from({ length: HISTORY_WEEKS }, (_, week) => ({ week, weekOf: weekOf(week) }));

const LENGTH_LABELS: Record<string, string> = {
  "0-15": "Up to 15 s",
  "16-30": "16–30 s",
  "31-45": "31–45 s",
  "46+": "46 s and longer",
  none: "No length (image or carousel)",
};

export { ANGLE_LABELS } from "~/domain/market-labels";

function toMove(r: Awaited<ReturnType<typeof nicheOrderMoves>>[number]): NicheMove {
  return {
    nicheId: r.nicheId,
    name: r.name,
    products: r.products,
    ordersLast4: r.last4,
    ordersPrev4: r.prev4,
    changePct: r.prev4 > 0 ? round1(((r.last4 - r.prev4) / r.prev4) * 100) : 0,
    ads: r.ads,
  };
}

/**
 * The overview and the creatives aggregate all 20,400 ads (about a second of D1 work each). A
 * user with no imports sees exactly the shared sample's figures, so those answers are kept per
 * isolate, keyed by the seeded sample version and the filters; a user's own imports always
 * compute fresh.
 */
const SAMPLE_ANSWERS = new Map<string, Promise<unknown>>();
const SAMPLE_ANSWERS_MAX = 200;

async function sampleScoped<T>(db: Database, userId: number | null, name: string, filters: IntelligenceFilters, compute: (userId: number | null) => Promise<T>): Promise<T> {
  if (userId !== null && (await hasImports(db, userId))) return compute(userId);
  const version = (await readCatalogMeta<string>(db, SAMPLE_VERSION_KEY))?.value ?? "unseeded";
  const key = `${version}|${name}|${JSON.stringify(filters)}`;
  let answer = SAMPLE_ANSWERS.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = compute(null);
    if (SAMPLE_ANSWERS.size >= SAMPLE_ANSWERS_MAX) SAMPLE_ANSWERS.delete(SAMPLE_ANSWERS.keys().next().value!);
    SAMPLE_ANSWERS.set(key, answer);
    // A failed computation is not kept.
    answer.catch(() => SAMPLE_ANSWERS.delete(key));
  }
  return answer;
}

export function intelligenceOverview(db: Database, userId: number | null, filters: IntelligenceFilters): Promise<IntelligenceOverview> {
  return sampleScoped(db, userId, "overview", filters, (scopeUser) => computeOverview(db, scopeUser, filters));
}

async function computeOverview(db: Database, userId: number | null, filters: IntelligenceFilters): Promise<IntelligenceOverview> {
  const scope: IntelligenceScope = { userId };
  const [byPlatform, byNiche, totals, angles, hooks, buckets, moves, niches] = await Promise.all([
    weeklyActivity(db, scope, filters, "platform"),
    weeklyActivity(db, scope, filters, "niche"),
    adTotals(db, scope, filters),
    angleStats(db, scope, filters),
    topHooks(db, scope, filters),
    engagementBuckets(db, scope, filters),
    nicheOrderMoves(db, scope, filters.platform),
    visibleNiches(db, scope),
  ]);
  const nicheName = new Map(niches.map((n) => [n.id, n.name]));

  const platformSeries = byPlatform;
  const activityByPlatform: IntelligenceSeries[] = AD_PLATFORMS.filter((p) => !filters.platform || p === filters.platform).map((p) => ({
    key: p,
    label: p,
    values: platformSeries.get(p) ?? new Array<number>(HISTORY_WEEKS).fill(0),
  }));
  const nicheSeries = [...byNiche.entries()]
    .sort((a, b) => b[1][HISTORY_WEEKS - 1] - a[1][HISTORY_WEEKS - 1] || b[1].reduce((s, v) => s + v, 0) - a[1].reduce((s, v) => s + v, 0) || a[0].localeCompare(b[0]))
    .slice(0, TOP_NICHES)
    .map(([key, values]) => ({ key, label: nicheName.get(key) ?? key, values }));

  const ranked = moves.filter((m) => m.prev4 > 0).map(toMove);
  const rising = ranked.filter((m) => m.changePct > 0).sort((a, b) => b.changePct - a.changePct || a.nicheId.localeCompare(b.nicheId)).slice(0, MOVERS);
  const falling = ranked.filter((m) => m.changePct < 0).sort((a, b) => a.changePct - b.changePct || a.nicheId.localeCompare(b.nicheId)).slice(0, MOVERS);

  const bucketAds = new Map(buckets.map((b) => [b.bucket, b.ads]));
  return {
    isSampleData: true,
    asOf: CATALOG_AS_OF,
    filters,
    weeks: WEEKS,
    totals: { ads: totals.ads, activeThisWeek: totals.active, avgEngagementRate: pct(totals.rateTenths), niches: totals.niches },
    activityByPlatform,
    activityByNiche: nicheSeries,
    angles: angles
      .filter((a): a is typeof a & { angle: (typeof AD_ANGLE_KEYS)[number] } => (AD_ANGLE_KEYS as readonly string[]).includes(a.angle))
      .map((a) => ({ angle: a.angle, ads: a.ads, avgEngagementRate: pct(a.avgTenths), medianEngagementRate: pct(a.medianTenths) })),
    hooks: hooks
      .filter((h): h is typeof h & { angle: (typeof AD_ANGLE_KEYS)[number] } => (AD_ANGLE_KEYS as readonly string[]).includes(h.angle))
      .map((h) => ({ hook: h.hook, angle: h.angle, ads: h.ads, views: h.views, avgEngagementRate: pct(h.avgTenths) })),
    rising,
    falling,
    engagement: RATE_BUCKETS.map((bucket, i) => ({
      bucket,
      label: bucket.endsWith("+") ? `${i} % and more` : `${i}–${i + 1} %`,
      ads: bucketAds.get(i) ?? 0,
    })),
    niches,
  };
}

function toDrillAd(r: DrillAdRow): DrillAd {
  return {
    id: r.id,
    platform: r.platform,
    angle: r.angle,
    hook: r.hook,
    format: r.format,
    visualStyle: r.visual_style,
    lengthSeconds: r.length_seconds === null ? null : Number(r.length_seconds),
    views: Number(r.views),
    engagements: Number(r.engagements),
    engagementRate: pct(Number(r.rate)),
    startWeek: Number(r.start_week),
    endWeek: Number(r.end_week),
    firstSeen: weekOf(Number(r.start_week)),
    product: { id: r.product_id, name: r.product_name, niche: { id: r.niche_id, name: r.niche_name ?? r.niche_id } },
  };
}

export async function drillAds(db: Database, userId: number | null, query: AdsDrillQuery): Promise<AdsDrillPage> {
  const { rows, total } = await listDrillAds(db, { userId }, query);
  return { isSampleData: true, asOf: CATALOG_AS_OF, data: rows.map(toDrillAd), total, page: query.page, pageSize: query.pageSize };
}

function groupsOf(rows: Awaited<ReturnType<typeof creativeGroups>>, labels: Record<string, string>): CreativeGroup[] {
  const groups = new Map<string, CreativeGroup>();
  for (const r of rows) {
    const key = String(r.g);
    let group = groups.get(key);
    if (!group) {
      group = { key, label: labels[key] ?? key, ads: Number(r.cnt), avgEngagementRate: pct(Number(r.av)), examples: [] };
      groups.set(key, group);
    }
    group.examples.push(toDrillAd(r));
  }
  return [...groups.values()];
}

export function creatives(db: Database, userId: number | null, filters: IntelligenceFilters): Promise<CreativesAnswer> {
  return sampleScoped(db, userId, "creatives", filters, (scopeUser) => computeCreatives(db, scopeUser, filters));
}

async function computeCreatives(db: Database, userId: number | null, filters: IntelligenceFilters): Promise<CreativesAnswer> {
  const scope: IntelligenceScope = { userId };
  const group = (d: CreativeDimension) => creativeGroups(db, scope, filters, d);
  const [formats, lengths, angles, styles, niches] = await Promise.all([
    group("format"),
    group("lengthBucket"),
    group("angle"),
    group("style"),
    visibleNiches(db, scope),
  ]);
  return {
    isSampleData: true,
    asOf: CATALOG_AS_OF,
    filters,
    formats: groupsOf(formats, FORMAT_LABELS),
    lengths: groupsOf(lengths, LENGTH_LABELS).sort((a, b) => Object.keys(LENGTH_LABELS).indexOf(a.key) - Object.keys(LENGTH_LABELS).indexOf(b.key)),
    angles: groupsOf(angles, ANGLE_LABELS),
    styles: groupsOf(styles, STYLE_LABELS),
    niches,
  };
}

/**
 * Marketing and visual intelligence queries: every aggregate is computed in SQL over the catalog's
 * ads joined to their products, scoped to the shared sample plus the caller's own products (or the
 * sample alone for the signed-out demo). An ad is active in the weeks start_week..end_week; a chart
 * point and its drill-down (listDrillAds) use the same conditions, so their counts agree.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AdsDrillQuery, DrillFilter, LengthBucket, RateBucket } from "~/domain/contracts/intelligence";
import type { Database } from "./client";

/** Whose products a query may read: the sample plus one user's own, or the sample alone (null). */
export interface IntelligenceScope {
  userId: number | null;
}

const LAST_WEEK = 25;

function scopeCondition(scope: IntelligenceScope): SQL {
  return scope.userId === null ? sql`p.owner_user_id IS NULL` : sql`(p.owner_user_id IS NULL OR p.owner_user_id = ${scope.userId})`;
}

/** SQL for an ad's video-length bucket. */
const LENGTH_BUCKET_SQL = sql.raw(
  "CASE WHEN a.length_seconds IS NULL THEN 'none' WHEN a.length_seconds <= 15 THEN '0-15' WHEN a.length_seconds <= 30 THEN '16-30' WHEN a.length_seconds <= 45 THEN '31-45' ELSE '46+' END",
);

function lengthCondition(bucket: LengthBucket): SQL {
  switch (bucket) {
    case "none":
      return sql`a.length_seconds IS NULL`;
    case "0-15":
      return sql`a.length_seconds <= 15`;
    case "16-30":
      return sql`a.length_seconds BETWEEN 16 AND 30`;
    case "31-45":
      return sql`a.length_seconds BETWEEN 31 AND 45`;
    case "46+":
      return sql`a.length_seconds >= 46`;
  }
}

/** Engagement rate is stored in tenths of a percent: "3-4" is 30..39. */
function rateCondition(bucket: RateBucket): SQL {
  const low = Number.parseInt(bucket, 10) * 10;
  return bucket.endsWith("+") ? sql`a.engagement_rate_tenths >= ${low}` : sql`a.engagement_rate_tenths >= ${low} AND a.engagement_rate_tenths < ${low + 10}`;
}

/** The WHERE of ads joined to products (aliases a and p) for a scope and a drill-down filter. */
function adConditions(scope: IntelligenceScope, f: DrillFilter): SQL {
  const where: SQL[] = [scopeCondition(scope)];
  if (f.niche) where.push(sql`p.niche_id = ${f.niche}`);
  if (f.platform) where.push(sql`a.platform = ${f.platform}`);
  if (f.angle) where.push(sql`a.angle = ${f.angle}`);
  if (f.format) where.push(sql`a.format = ${f.format}`);
  if (f.style) where.push(sql`a.visual_style = ${f.style}`);
  if (f.hook) where.push(sql`a.hook = ${f.hook}`);
  if (f.lengthBucket) where.push(lengthCondition(f.lengthBucket));
  if (f.rateBucket) where.push(rateCondition(f.rateBucket));
  if (f.week !== undefined) where.push(sql`a.start_week <= ${f.week} AND a.end_week >= ${f.week}`);
  return sql.join(where, sql` AND `);
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * Ads active per week (0..25) by platform or by niche, in one pass over the ads: each ad adds 1
 * at its start week and takes it back after its end week; the running sum per key is the number
 * active. SQL answers the weeks where a count changes; the rest carry the previous value.
 */
export async function weeklyActivity(db: Database, scope: IntelligenceScope, f: DrillFilter, by: "platform" | "niche") {
  const key = by === "platform" ? sql`a.platform` : sql`p.niche_id`;
  const rows = await db.all<{ key: string; week: number; ads: number }>(sql`
    WITH f AS (
      SELECT ${key} AS key, a.start_week AS s, a.end_week AS e
      FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
      WHERE ${adConditions(scope, f)}
    ),
    d AS (
      SELECT key, s AS w, count(*) AS n FROM f GROUP BY key, s
      UNION ALL
      SELECT key, e + 1 AS w, -count(*) AS n FROM f WHERE e < ${LAST_WEEK} GROUP BY key, e
    ),
    changes AS (SELECT key, w, sum(n) AS n FROM d GROUP BY key, w)
    SELECT key, w AS week, sum(n) OVER (PARTITION BY key ORDER BY w) AS ads FROM changes ORDER BY key, w`);
  const series = new Map<string, number[]>();
  for (const r of rows) {
    const values = series.get(String(r.key)) ?? new Array<number>(LAST_WEEK + 1).fill(0);
    const week = num(r.week);
    for (let w = week; w <= LAST_WEEK; w++) values[w] = num(r.ads);
    series.set(String(r.key), values);
  }
  return series;
}

/** How many ads, how many active in the last week, the average engagement (tenths) and niches. */
export async function adTotals(db: Database, scope: IntelligenceScope, f: DrillFilter) {
  const [row] = await db.all<{ ads: number; active: number; rate: number | null; niches: number }>(sql`
    SELECT count(*) AS ads,
      sum(CASE WHEN a.start_week <= ${LAST_WEEK} AND a.end_week >= ${LAST_WEEK} THEN 1 ELSE 0 END) AS active,
      avg(a.engagement_rate_tenths) AS rate,
      count(DISTINCT p.niche_id) AS niches
    FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
    WHERE ${adConditions(scope, f)}`);
  return { ads: num(row?.ads), active: num(row?.active), rateTenths: row?.rate === null || row?.rate === undefined ? 0 : Number(row.rate), niches: num(row?.niches) };
}

/** Angles by number of ads, with the average and median engagement rate (tenths). */
export async function angleStats(db: Database, scope: IntelligenceScope, f: DrillFilter) {
  const rows = await db.all<{ angle: string; ads: number; avg: number; median: number }>(sql`
    WITH f AS (
      SELECT a.angle AS angle, a.engagement_rate_tenths AS r
      FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
      WHERE ${adConditions(scope, f)}
    ),
    ranked AS (
      SELECT angle, r, row_number() OVER (PARTITION BY angle ORDER BY r) AS rn, count(*) OVER (PARTITION BY angle) AS n FROM f
    )
    SELECT angle, max(n) AS ads, avg(r) AS avg, avg(CASE WHEN rn IN ((n + 1) / 2, (n + 2) / 2) THEN r END) AS median
    FROM ranked GROUP BY angle ORDER BY ads DESC, angle`);
  return rows.map((r) => ({ angle: r.angle, ads: num(r.ads), avgTenths: Number(r.avg), medianTenths: Number(r.median) }));
}

/** Hooks used by at least `minAds` ads, best average engagement first. */
export async function topHooks(db: Database, scope: IntelligenceScope, f: DrillFilter, minAds = 2, limit = 10) {
  const rows = await db.all<{ hook: string; angle: string; ads: number; views: number; avg: number }>(sql`
    SELECT a.hook AS hook, min(a.angle) AS angle, count(*) AS ads, sum(a.views) AS views, avg(a.engagement_rate_tenths) AS avg
    FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
    WHERE ${adConditions(scope, f)}
    GROUP BY a.hook HAVING count(*) >= ${minAds}
    ORDER BY avg DESC, ads DESC, hook LIMIT ${limit}`);
  return rows.map((r) => ({ hook: r.hook, angle: r.angle, ads: num(r.ads), views: num(r.views), avgTenths: Number(r.avg) }));
}

/** Ads per engagement-rate bucket (whole percent; 7 and above together). */
export async function engagementBuckets(db: Database, scope: IntelligenceScope, f: DrillFilter) {
  const rows = await db.all<{ b: number; ads: number }>(sql`
    SELECT min(a.engagement_rate_tenths / 10, 7) AS b, count(*) AS ads
    FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
    WHERE ${adConditions(scope, f)}
    GROUP BY b ORDER BY b`);
  return rows.map((r) => ({ bucket: num(r.b), ads: num(r.ads) }));
}

/**
 * Orders per niche in the last 4 recorded weeks against the 4 before, from each product's weekly
 * series (read with json_each), with the niche's product count and the ads the drill-down lists.
 */
export async function nicheOrderMoves(db: Database, scope: IntelligenceScope, platform: string | undefined) {
  const rows = await db.all<{ niche_id: string; name: string | null; products: number; last4: number; prev4: number; ads: number }>(sql`
    WITH per AS (
      SELECT p.niche_id AS niche_id,
        (SELECT coalesce(sum(j.value), 0) FROM json_each(p.weekly_orders) j
          WHERE CAST(j.key AS INTEGER) >= json_array_length(p.weekly_orders) - 4) AS last4,
        (SELECT coalesce(sum(j.value), 0) FROM json_each(p.weekly_orders) j
          WHERE CAST(j.key AS INTEGER) >= json_array_length(p.weekly_orders) - 8
            AND CAST(j.key AS INTEGER) < json_array_length(p.weekly_orders) - 4) AS prev4
      FROM catalog_products p WHERE ${scopeCondition(scope)}
    ),
    agg AS (SELECT niche_id, count(*) AS products, sum(last4) AS last4, sum(prev4) AS prev4 FROM per GROUP BY niche_id),
    ads AS (
      SELECT p.niche_id AS niche_id, count(*) AS ads
      FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id
      WHERE ${adConditions(scope, { platform: platform as DrillFilter["platform"] })}
      GROUP BY p.niche_id
    )
    SELECT agg.niche_id AS niche_id, n.name AS name, agg.products AS products, agg.last4 AS last4, agg.prev4 AS prev4, coalesce(ads.ads, 0) AS ads
    FROM agg LEFT JOIN catalog_niches n ON n.id = agg.niche_id LEFT JOIN ads ON ads.niche_id = agg.niche_id`);
  return rows.map((r) => ({ nicheId: r.niche_id, name: r.name ?? r.niche_id, products: num(r.products), last4: num(r.last4), prev4: num(r.prev4), ads: num(r.ads) }));
}

/** Niches the scope may read (the filter's options). */
export async function visibleNiches(db: Database, scope: IntelligenceScope) {
  const owner = scope.userId === null ? sql`n.owner_user_id IS NULL` : sql`(n.owner_user_id IS NULL OR n.owner_user_id = ${scope.userId})`;
  const rows = await db.all<{ id: string; name: string }>(sql`SELECT n.id AS id, n.name AS name FROM catalog_niches n WHERE ${owner} ORDER BY n.name`);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

export interface DrillAdRow {
  id: string;
  platform: string;
  angle: string;
  hook: string;
  format: string;
  visual_style: string;
  length_seconds: number | null;
  views: number;
  engagements: number;
  rate: number;
  start_week: number;
  end_week: number;
  product_id: string;
  product_name: string;
  niche_id: string;
  niche_name: string | null;
}

const DRILL_COLUMNS = sql.raw(`a.id AS id, a.platform AS platform, a.angle AS angle, a.hook AS hook, a.format AS format,
  a.visual_style AS visual_style, a.length_seconds AS length_seconds, a.views AS views, a.engagements AS engagements,
  a.engagement_rate_tenths AS rate, a.start_week AS start_week, a.end_week AS end_week,
  p.id AS product_id, p.name AS product_name, p.niche_id AS niche_id, n.name AS niche_name`);

/** The ad records behind a chart point: best engagement first, a page at a time, with the total. */
export async function listDrillAds(db: Database, scope: IntelligenceScope, q: AdsDrillQuery) {
  const where = adConditions(scope, q);
  const [count] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id WHERE ${where}`);
  const rows = await db.all<DrillAdRow>(sql`
    SELECT ${DRILL_COLUMNS}
    FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id LEFT JOIN catalog_niches n ON n.id = p.niche_id
    WHERE ${where}
    ORDER BY a.engagement_rate_tenths DESC, a.id
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  return { rows, total: num(count?.n) };
}

export type CreativeDimension = "format" | "lengthBucket" | "angle" | "style";
const DIMENSION_SQL: Record<CreativeDimension, SQL> = {
  format: sql`a.format`,
  lengthBucket: LENGTH_BUCKET_SQL,
  angle: sql`a.angle`,
  style: sql`a.visual_style`,
};

/**
 * Ads grouped by one creative dimension: each group's count and average engagement (tenths)
 * on every row, and its `examples` best-engaging ads as the rows themselves.
 */
export async function creativeGroups(db: Database, scope: IntelligenceScope, f: DrillFilter, dimension: CreativeDimension, examples = 3) {
  const rows = await db.all<DrillAdRow & { g: string; cnt: number; av: number }>(sql`
    WITH ranked AS (
      SELECT ${DRILL_COLUMNS}, ${DIMENSION_SQL[dimension]} AS g,
        row_number() OVER (PARTITION BY ${DIMENSION_SQL[dimension]} ORDER BY a.engagement_rate_tenths DESC, a.id) AS rn,
        count(*) OVER (PARTITION BY ${DIMENSION_SQL[dimension]}) AS cnt,
        avg(a.engagement_rate_tenths) OVER (PARTITION BY ${DIMENSION_SQL[dimension]}) AS av
      FROM catalog_ads a JOIN catalog_products p ON p.id = a.product_id LEFT JOIN catalog_niches n ON n.id = p.niche_id
      WHERE ${adConditions(scope, f)}
    )
    SELECT * FROM ranked WHERE rn <= ${examples} ORDER BY cnt DESC, g, rn`);
  return rows;
}

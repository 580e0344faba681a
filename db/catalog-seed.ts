/**
 * The sample catalog as SQL: the same statements seed D1 from `npm run db:seed` (written to a
 * file for `wrangler d1 execute`) and from a Worker or test (run as a D1 batch). Values are
 * written as SQL literals, in multi-row INSERTs kept under D1's 100 KB statement limit.
 */
import { asDatabase, firstRow, runStatements, type Database } from "./client";

export interface SeedNiche {
  id: string;
  name: string;
  audience: string;
  pain: string;
  keywords: readonly string[];
  productTypes: readonly string[];
}

export interface SeedProduct {
  id: string;
  name: string;
  productType: string;
  nicheId: string;
  costCents: number;
  shippingCostCents: number;
  priceCents: number;
  marginCents: number;
  marginPct: number;
  monthlyOrders: number;
  trendPct: number;
  adCount: number;
  competition: string;
  ratingTenths: number;
  shippingDays: number;
  launchMonth: string;
  mainPlatform: string | null;
  weeklyOrders: readonly number[];
  weeklyPriceCents: readonly number[];
  weeklyActiveAds: readonly number[];
  score: number;
  scoreReasons: unknown;
}

export interface SeedAd {
  id: string;
  productId: string;
  platform: string;
  angle: string;
  hook: string;
  format: string;
  lengthSeconds: number | null;
  visualStyle: string;
  startWeek: number;
  endWeek: number;
  daysRunning: number;
  views: number;
  engagements: number;
  engagementRateTenths: number;
}

export interface SeedStore {
  id: string;
  name: string;
  nicheId: string;
  platform: string;
  productCount: number;
  estMonthlyRevenueUsd: number;
  launchMonth: string;
  topProductIds: readonly string[];
  listings: readonly {
    productId: string;
    title: string;
    priceCents: number;
    orderSharePct: number;
    firstSeenAt: string;
    removedAt: string | null;
  }[];
  changes: readonly { at: string; kind: "added" | "removed" | "price"; productId: string; title: string; oldPriceCents: number | null; newPriceCents: number | null }[];
}

export interface SampleCatalogRows {
  version: string;
  niches: readonly SeedNiche[];
  products: readonly SeedProduct[];
  ads: readonly SeedAd[];
  stores: readonly SeedStore[];
  /** catalog_meta entries written with the seed (as-of week, backtest…). */
  meta: Readonly<Record<string, unknown>>;
}

export const SAMPLE_VERSION_KEY = "sample_version";

type Literal = string | number | null | boolean;

function literal(value: Literal): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot seed a non-finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

const json = (value: unknown) => literal(JSON.stringify(value));

/** INSERTs of `rows` into `table`, as few statements as fit under ~90 KB each. */
function inserts(table: string, columns: readonly string[], rows: readonly Literal[][] | readonly string[][]): string[] {
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
  const statements: string[] = [];
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${(row as Literal[]).map((v) => (typeof v === "string" && v.startsWith("\u0000") ? v.slice(1) : literal(v))).join(", ")})`;
    if (values.length > 0 && size + tuple.length > 90_000) {
      statements.push(head + values.join(", ") + ";");
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  if (values.length) statements.push(head + values.join(", ") + ";");
  return statements;
}

/** A value already written as SQL (JSON text goes through here once). */
const raw = (sqlText: string) => `\u0000${sqlText}`;

/**
 * Every statement that replaces the shared sample records with `rows`. Users' own records
 * (imports, tracked Shopify stores) are untouched; tracking of a sample store that no longer
 * exists goes with it.
 */
export function sampleCatalogStatements(rows: SampleCatalogRows): string[] {
  const statements = [
    "DELETE FROM catalog_ads WHERE product_id IN (SELECT id FROM catalog_products WHERE owner_user_id IS NULL);",
    "DELETE FROM catalog_products WHERE owner_user_id IS NULL;",
    "DELETE FROM catalog_stores WHERE source = 'sample';",
    "DELETE FROM catalog_niches WHERE owner_user_id IS NULL;",
  ];
  statements.push(
    ...inserts(
      "catalog_niches",
      ["id", "name", "audience", "pain", "keywords", "product_types"],
      rows.niches.map((n) => [n.id, n.name, n.audience, n.pain, raw(json(n.keywords)), raw(json(n.productTypes))]),
    ),
  );
  statements.push(
    ...inserts(
      "catalog_products",
      [
        "id", "source", "name", "product_type", "niche_id", "cost_cents", "shipping_cost_cents", "price_cents", "margin_cents", "margin_pct",
        "monthly_orders", "trend_pct", "ad_count", "competition", "rating_tenths", "shipping_days", "launch_month", "main_platform",
        "weekly_orders", "weekly_price_cents", "weekly_active_ads", "score", "score_reasons", "scored_at",
      ],
      rows.products.map((p) => [
        p.id, "sample", p.name, p.productType, p.nicheId, p.costCents, p.shippingCostCents, p.priceCents, p.marginCents, p.marginPct,
        p.monthlyOrders, p.trendPct, p.adCount, p.competition, p.ratingTenths, p.shippingDays, p.launchMonth, p.mainPlatform,
        raw(json(p.weeklyOrders)), raw(json(p.weeklyPriceCents)), raw(json(p.weeklyActiveAds)), p.score, raw(json(p.scoreReasons)), raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')"),
      ]),
    ),
  );
  statements.push(
    ...inserts(
      "catalog_ads",
      ["id", "product_id", "platform", "angle", "hook", "format", "length_seconds", "visual_style", "start_week", "end_week", "days_running", "views", "engagements", "engagement_rate_tenths"],
      rows.ads.map((a) => [a.id, a.productId, a.platform, a.angle, a.hook, a.format, a.lengthSeconds, a.visualStyle, a.startWeek, a.endWeek, a.daysRunning, a.views, a.engagements, a.engagementRateTenths]),
    ),
  );
  statements.push(
    ...inserts(
      "catalog_stores",
      ["id", "source", "name", "niche_id", "platform", "product_count", "est_monthly_revenue_usd", "launch_month", "top_product_ids"],
      rows.stores.map((s) => [s.id, "sample", s.name, s.nicheId, s.platform, s.productCount, s.estMonthlyRevenueUsd, s.launchMonth, raw(json(s.topProductIds))]),
    ),
  );
  statements.push(
    ...inserts(
      "store_listings",
      ["store_id", "product_key", "product_id", "title", "price_cents", "order_share_pct", "first_seen_at", "removed_at"],
      rows.stores.flatMap((s) => s.listings.map((l) => [s.id, l.productId, l.productId, l.title, l.priceCents, l.orderSharePct, l.firstSeenAt, l.removedAt])),
    ),
  );
  statements.push(
    ...inserts(
      "store_changes",
      ["store_id", "at", "kind", "product_key", "title", "old_price_cents", "new_price_cents"],
      rows.stores.flatMap((s) => s.changes.map((c) => [s.id, c.at, c.kind, c.productId, c.title, c.oldPriceCents, c.newPriceCents])),
    ),
  );
  const meta = { ...rows.meta, [SAMPLE_VERSION_KEY]: rows.version };
  statements.push(
    ...Object.entries(meta).map(
      ([key, value]) =>
        `INSERT INTO catalog_meta (key, value, updated_at) VALUES (${literal(key)}, ${json(value)}, strftime('%Y-%m-%dT%H:%M:%fZ','now')) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;`,
    ),
  );
  return statements;
}

/** The sample version the database holds, or null before the first seed. */
export async function seededSampleVersion(target: Database | D1Database): Promise<string | null> {
  const row = await firstRow<{ value: string }>(asDatabase(target), { sql: "SELECT value FROM catalog_meta WHERE key = ?", args: [SAMPLE_VERSION_KEY] });
  return row ? (JSON.parse(row.value) as string) : null;
}

/** Runs the seed statements as batches (each batch is atomic; the version is written last). */
export async function runSeedStatements(target: Database | D1Database, statements: readonly string[]): Promise<void> {
  const db = asDatabase(target);
  for (let i = 0; i < statements.length; i += 40) {
    await runStatements(db, statements.slice(i, i + 40).map((sql) => ({ sql, args: [] })));
  }
}

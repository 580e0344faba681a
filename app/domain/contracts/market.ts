/**
 * Market intelligence contracts: the Explorer (catalog products with their winning score and its
 * reasons), the score's backtest, the dashboards, competitor tracking, catalog imports and deep
 * market analysis reports. Money is in cents, shares in whole percent, weeks are history weeks
 * (0 = oldest) with their Monday's date alongside.
 */
import { z } from "zod";

export const SCORE_COMPONENT_KEYS = ["momentum", "demand", "margin", "competition", "shipping"] as const;
export type ScoreComponentKey = (typeof SCORE_COMPONENT_KEYS)[number];

export const ScoreComponentSchema = z
  .object({
    key: z.enum(SCORE_COMPONENT_KEYS),
    label: z.string(),
    weight: z.number().meta({ description: "Weight in percent; the five add up to 100" }),
    points: z.number().nullable().meta({ description: "0–100, or null when the record lacks the data (its weight goes to the others)" }),
    contribution: z.number().meta({ description: "Points this component adds to the score" }),
    explanation: z.string(),
    values: z.array(z.object({ label: z.string(), value: z.string() })).meta({ description: "The record values behind it" }),
  })
  .meta({ id: "ScoreComponent" });
export type ScoreComponent = z.infer<typeof ScoreComponentSchema>;

export const ProductScoreSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    components: z.array(ScoreComponentSchema),
    atWeek: z.number().int(),
    missing: z.array(z.enum(SCORE_COMPONENT_KEYS)),
  })
  .meta({ id: "ProductScore" });
export type ProductScore = z.infer<typeof ProductScoreSchema>;

export const ScoreBacktestSchema = z
  .object({
    precisionPct: z.number(),
    baseRatePct: z.number(),
    lift: z.number(),
    picked: z.number().int(),
    pickedWon: z.number().int(),
    weeks: z.array(
      z.object({ week: z.number().int(), picked: z.number().int(), pickedWon: z.number().int(), products: z.number().int(), productsWon: z.number().int() }),
    ),
    method: z.string(),
    options: z.object({ horizon: z.number().int(), topShare: z.number(), growthThreshold: z.number() }),
  })
  .meta({ id: "ScoreBacktest" });
export type ScoreBacktest = z.infer<typeof ScoreBacktestSchema>;

export const COMPETITION_LEVELS = ["low", "medium", "high", "saturated"] as const;
export const AD_PLATFORMS = ["TikTok", "Facebook", "Instagram", "Pinterest"] as const;
export const EXPLORER_SORTS = ["score", "orders", "trend", "margin", "price", "ads", "newest"] as const;
export const PRODUCT_SOURCES = ["sample", "feed", "shopify"] as const;

const intParam = (min: number, max: number) => z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(min).max(max);
const listParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values)));

/** GET /api/catalog/products query parameters (filters, sort, search, page). */
export const ExplorerQuerySchema = z.object({
  q: z.string().trim().max(120).optional().meta({ description: "Search in product names and types" }),
  niche: z.string().max(80).optional().meta({ description: "A niche id" }),
  priceMin: intParam(0, 10_000_000).optional().meta({ description: "Cents" }),
  priceMax: intParam(0, 10_000_000).optional().meta({ description: "Cents" }),
  marginMin: intParam(-100, 100).optional().meta({ description: "Margin percent, price minus supplier cost" }),
  competition: listParam(COMPETITION_LEVELS).optional().meta({ description: "Comma list, e.g. low,medium" }),
  platform: z.enum(AD_PLATFORMS).optional().meta({ description: "Main ad platform" }),
  trend: z.enum(["rising", "steady", "falling"]).optional().meta({ description: "rising: +10% or more, falling: −10% or less" }),
  shipMax: intParam(1, 60).optional().meta({ description: "Longest delivery, days" }),
  scoreMin: intParam(0, 100).optional(),
  source: z.enum(["all", "sample", "mine"]).default("all"),
  saved: z.string().trim().min(1).max(60).optional().meta({ description: "Only products saved to this list" }),
  sort: z.enum(EXPLORER_SORTS).default("score"),
  order: z.enum(["asc", "desc"]).default("desc"),
  page: intParam(1, 10_000).default(1),
  pageSize: intParam(1, 100).default(25),
})
  // A lowest price above the highest matches nothing: said, not silently answered with no rows.
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ["priceMax"],
    message: "The highest price is below the lowest price, so no product can match: change one of them",
  });
export type ExplorerQuery = z.infer<typeof ExplorerQuerySchema>;

export const ExplorerProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    productType: z.string(),
    niche: z.object({ id: z.string(), name: z.string() }),
    source: z.enum(PRODUCT_SOURCES),
    isSampleData: z.boolean(),
    imageUrl: z.string().nullable(),
    priceCents: z.number().int(),
    costCents: z.number().int().nullable(),
    marginPct: z.number().int().nullable(),
    monthlyOrders: z.number().int().nullable().meta({ description: "Orders in the last 4 weeks" }),
    trendPct: z.number().int().nullable().meta({ description: "Last 4 weeks against the 4 before" }),
    activeAds: z.number().int(),
    competition: z.enum(COMPETITION_LEVELS).nullable(),
    shippingDays: z.number().int().nullable(),
    mainPlatform: z.string().nullable(),
    score: z.number().int().nullable(),
    /** The last 12 weeks of orders, for a sparkline. */
    recentOrders: z.array(z.number().int()),
    savedLists: z.array(z.string()),
  })
  .meta({ id: "ExplorerProduct" });
export type ExplorerProduct = z.infer<typeof ExplorerProductSchema>;

export const ExplorerPageSchema = z
  .object({
    data: z.array(ExplorerProductSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().meta({ description: "Products matching, before the plan's cap" }),
    visibleTotal: z.number().int().meta({ description: "Of those, how many this plan may page through" }),
    planCap: z.number().int().nullable().meta({ description: "The plan's cap on results per search; null when it is not reached" }),
    asOf: z.string().meta({ description: "Monday of the catalog's latest week" }),
  })
  .meta({ id: "ExplorerPage" });
export type ExplorerPage = z.infer<typeof ExplorerPageSchema>;

export const WeekPointSchema = z.object({ week: z.number().int(), weekOf: z.string(), value: z.number() });
export type WeekPoint = z.infer<typeof WeekPointSchema>;

export const NicheOptionSchema = z
  .object({ id: z.string(), name: z.string(), productCount: z.number().int(), isSampleData: z.boolean() })
  .meta({ id: "NicheOption" });
export type NicheOption = z.infer<typeof NicheOptionSchema>;

export const BacktestAnswerSchema = z.object({ data: ScoreBacktestSchema.nullable(), measuredAt: z.string().nullable() }).meta({ id: "BacktestAnswer" });

// ---------------------------------------------------------------------------------------------
// Saved lists

export const SaveProductBodySchema = z
  .object({ list: z.string().trim().min(1, "Name the list").max(60, "List names are at most 60 characters").default("Saved") })
  .meta({ id: "SaveProductBody" });
export const SavedListSchema = z.object({ name: z.string(), count: z.number().int() }).meta({ id: "SavedList" });

// ---------------------------------------------------------------------------------------------
// Imports

export const ImportBodySchema = z
  .object({
    format: z.enum(["csv", "json"]),
    content: z.string().min(1, "The feed is empty").max(5_000_000, "Feeds are at most 5 MB; split bigger ones"),
    filename: z.string().max(200).optional(),
  })
  .meta({ id: "CatalogImportBody" });

export const ImportReportSchema = z
  .object({
    id: z.string(),
    format: z.enum(["csv", "json", "shopify"]),
    accepted: z.number().int(),
    refused: z.number().int(),
    acceptedRows: z.array(z.object({ row: z.number().int(), productId: z.string(), name: z.string() })),
    refusedRows: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
    columns: z.array(z.string()).meta({ description: "Columns recognised in the feed" }),
  })
  .meta({ id: "CatalogImportReport" });
export type ImportReport = z.infer<typeof ImportReportSchema>;

// ---------------------------------------------------------------------------------------------
// Competitors

export const TrackStoreBodySchema = z
  .object({
    url: z.string().trim().min(1, "Paste a store URL").max(2048).optional(),
    sampleStoreId: z.string().max(16).optional().meta({ description: "Track a sample store instead (for trying)" }),
  })
  .refine((b) => Boolean(b.url) !== Boolean(b.sampleStoreId), { message: "Give either a store URL or a sample store" })
  .meta({ id: "TrackStoreBody" });

export const StoreListingSchema = z.object({
  productKey: z.string(),
  productId: z.string().nullable(),
  title: z.string(),
  priceCents: z.number().int(),
  compareAtPriceCents: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  bestSellerRank: z.number().int().nullable(),
  firstSeenAt: z.string(),
  removedAt: z.string().nullable(),
});

export const StoreChangeSchema = z.object({
  at: z.string(),
  kind: z.enum(["added", "removed", "price"]),
  productKey: z.string(),
  title: z.string(),
  oldPriceCents: z.number().int().nullable(),
  newPriceCents: z.number().int().nullable(),
});

export const CompetitorSchema = z
  .object({
    id: z.string(),
    storeId: z.string(),
    name: z.string(),
    url: z.string().nullable(),
    platform: z.string(),
    source: z.enum(["sample", "shopify"]),
    isSampleData: z.boolean(),
    productCount: z.number().int(),
    lastSnapshotAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Competitor" });
export type Competitor = z.infer<typeof CompetitorSchema>;

export const CompetitorDetailSchema = CompetitorSchema.extend({
  hasBestSellingOrder: z.boolean(),
  bestSellersFrom: z
    .enum(["store", "estimate"])
    .nullable()
    .meta({ description: "store: the store's own best-selling sort; estimate: the sample data's estimated orders; null: neither" }),
  priceBands: z.array(z.object({ label: z.string(), fromCents: z.number().int(), toCents: z.number().int().nullable(), count: z.number().int() })),
  listings: z.array(StoreListingSchema),
  changes: z.array(StoreChangeSchema),
  snapshots: z.array(z.object({ takenAt: z.string(), productCount: z.number().int(), status: z.string(), message: z.string().nullable() })),
}).meta({ id: "CompetitorDetail" });
export type CompetitorDetail = z.infer<typeof CompetitorDetailSchema>;
export type StoreListing = z.infer<typeof StoreListingSchema>;
export type StoreChange = z.infer<typeof StoreChangeSchema>;
export type PriceBand = CompetitorDetail["priceBands"][number];

export const CompetitorListSchema = z
  .object({
    data: z.array(CompetitorSchema),
    used: z.number().int().meta({ description: "Stores the caller tracks" }),
    limit: z.number().int().meta({ description: "Stores the caller's plan may track (ALLOWANCES.trackedStores)" }),
  })
  .meta({ id: "CompetitorList" });
export type CompetitorList = z.infer<typeof CompetitorListSchema>;

export const SampleStoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    niche: z.string().nullable(),
    platform: z.string(),
    productCount: z.number().int(),
    estMonthlyRevenueUsd: z.number().int().nullable(),
    trackedId: z.string().nullable().meta({ description: "The caller's competitor id when already tracked" }),
    isSampleData: z.literal(true),
  })
  .meta({ id: "SampleStore" });
export type SampleStore = z.infer<typeof SampleStoreSchema>;

export const CompetitorComparisonSchema = z
  .object({
    stores: z.array(
      CompetitorSchema.extend({
        medianPriceCents: z.number().int().nullable(),
        minPriceCents: z.number().int().nullable(),
        maxPriceCents: z.number().int().nullable(),
        priceBands: CompetitorDetailSchema.shape.priceBands,
        bestSellers: z.array(StoreListingSchema),
      }),
    ),
  })
  .meta({ id: "CompetitorComparison" });
export type CompetitorComparison = z.infer<typeof CompetitorComparisonSchema>;

// ---------------------------------------------------------------------------------------------
// Deep market analysis

export const ReportBodySchema = z
  .object({ subjectKind: z.enum(["niche", "product"]), subjectId: z.string().min(1).max(64) })
  .meta({ id: "MarketReportBody" });

export const MarketReportSchema = z
  .object({
    id: z.string(),
    subjectKind: z.enum(["niche", "product"]),
    subjectId: z.string(),
    title: z.string(),
    status: z.enum(["running", "done", "failed"]),
    progress: z.number().int().min(0).max(100),
    step: z.string(),
    markdown: z.string().nullable(),
    cited: z.array(z.string()),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "MarketReport" });
export type MarketReport = z.infer<typeof MarketReportSchema>;

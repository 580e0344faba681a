/**
 * The catalog records an answer cites, as the chat's side panel opens them
 * (GET /api/catalog/{products|ads|stores|niches}/{id}). Money is in cents, shares in whole
 * percent. Every record says where it comes from: today the generated sample catalog.
 */
import { z } from "zod";
import { ProductScoreSchema } from "./market";

const Provenance = {
  source: z.string().meta({ description: 'Where the record comes from, e.g. "Sample catalog"' }),
  isSampleData: z.boolean(),
};

export const AdSummarySchema = z
  .object({
    id: z.string(),
    platform: z.string(),
    angle: z.string(),
    hook: z.string(),
    views: z.number().int(),
    engagementRatePct: z.number(),
    daysRunning: z.number().int(),
    format: z.string().optional(),
    visualStyle: z.string().optional(),
    lengthSeconds: z.number().int().nullable().optional(),
    firstSeen: z.string().optional().meta({ description: "Monday of the week the ad was first seen" }),
  })
  .meta({ id: "CatalogAdSummary" });

export const StoreSummarySchema = z
  .object({ id: z.string(), name: z.string(), platform: z.string(), estMonthlyRevenueUsd: z.number().int() })
  .meta({ id: "CatalogStoreSummary" });

export const ProductSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    priceCents: z.number().int(),
    marginCents: z.number().int(),
    marginPct: z.number(),
    monthlyOrders: z.number().int(),
  })
  .meta({ id: "CatalogProductSummary" });

const WeekValueSchema = z.object({ week: z.number().int(), weekOf: z.string().meta({ description: "Monday of the week, YYYY-MM-DD" }), value: z.number() });

/**
 * A catalog product: the record an answer cites and the Explorer's product page. Imported
 * products may lack what their feed did not give (cost, history…): those fields are null,
 * never guessed.
 */
export const ProductRecordSchema = z
  .object({
    kind: z.literal("product"),
    id: z.string(),
    name: z.string(),
    productType: z.string(),
    niche: z.object({ id: z.string(), name: z.string() }),
    origin: z.enum(["sample", "feed", "shopify"]).meta({ description: "sample: the generated catalog; feed or shopify: the user's own import" }),
    sourceUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    vendor: z.string().nullable(),
    priceCents: z.number().int(),
    compareAtPriceCents: z.number().int().nullable(),
    costCents: z.number().int().nullable(),
    shippingCostCents: z.number().int().nullable().meta({ description: "Null when the record holds no shipping cost" }),
    marginCents: z.number().int().nullable().meta({ description: "Price minus supplier cost" }),
    marginPct: z.number().nullable(),
    monthlyOrders: z.number().int().nullable().meta({ description: "Orders in the last 4 weeks" }),
    trendPct: z.number().nullable().meta({ description: "Orders in the last 4 weeks against the 4 before, percent" }),
    competition: z.string().nullable(),
    activeAds: z.number().int(),
    mainPlatform: z.string().nullable(),
    catalogRating: z.number().nullable().meta({ description: "The catalog's figure, not customer reviews" }),
    shippingDays: z.number().int().nullable(),
    launchMonth: z.string().nullable(),
    weeklyOrders: z.array(WeekValueSchema),
    weeklyPriceCents: z.array(WeekValueSchema),
    weeklyActiveAds: z.array(WeekValueSchema),
    score: ProductScoreSchema.nullable(),
    savedLists: z.array(z.string()),
    ads: z.array(AdSummarySchema.extend({ active: z.boolean().meta({ description: "Still running in the record's latest week (counted in activeAds)" }) })),
    stores: z.array(StoreSummarySchema),
    ...Provenance,
  })
  .meta({ id: "CatalogProduct" });

export const AdRecordSchema = AdSummarySchema.extend({
  kind: z.literal("ad"),
  engagements: z.number().int(),
  product: ProductSummarySchema,
  ...Provenance,
}).meta({ id: "CatalogAd" });

export const StoreRecordSchema = StoreSummarySchema.extend({
  kind: z.literal("store"),
  niche: z.object({ id: z.string(), name: z.string() }),
  productCount: z.number().int(),
  launchMonth: z.string(),
  products: z.array(ProductSummarySchema),
  ...Provenance,
}).meta({ id: "CatalogStore" });

export const NicheRecordSchema = z
  .object({
    kind: z.literal("niche"),
    id: z.string(),
    name: z.string(),
    audience: z.string(),
    productCount: z.number().int(),
    minPriceCents: z.number().int(),
    medianPriceCents: z.number().int(),
    maxPriceCents: z.number().int(),
    avgMarginPct: z.number(),
    totalMonthlyOrders: z.number().int(),
    medianTrendPct: z.number(),
    adCount: z.number().int(),
    storeCount: z.number().int(),
    topProducts: z.array(ProductSummarySchema),
    ...Provenance,
  })
  .meta({ id: "CatalogNiche" });

export const CatalogRecordSchema = z.discriminatedUnion("kind", [ProductRecordSchema, AdRecordSchema, StoreRecordSchema, NicheRecordSchema]);

export type ProductRecord = z.infer<typeof ProductRecordSchema>;
export type AdRecord = z.infer<typeof AdRecordSchema>;
export type StoreRecord = z.infer<typeof StoreRecordSchema>;
export type NicheRecord = z.infer<typeof NicheRecordSchema>;
export type CatalogRecord = z.infer<typeof CatalogRecordSchema>;
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

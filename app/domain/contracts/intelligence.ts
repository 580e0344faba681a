/**
 * Marketing and visual intelligence contracts: aggregates over the catalog's ads (activity per
 * week by platform and niche, angles, hooks, engagement distribution, creatives by format,
 * length, angle and visual style), rising and falling niches from products' weekly orders, and
 * the drill-down that lists the ad records behind any chart point. Weeks are history weeks
 * (0 = oldest, 25 = the as-of week) with their Monday's date; engagement rates are percent with
 * one decimal. Every chart point carries the drill-down filter that reproduces its value.
 */
import { z } from "zod";
import { AD_PLATFORMS } from "./market";

export const AD_FORMATS = ["video", "image", "carousel"] as const;
export const AD_ANGLE_KEYS = ["problem-solution", "pov", "before-after", "social-proof", "gift", "unboxing", "demo"] as const;
export const VISUAL_STYLES = ["ugc", "studio", "lifestyle", "text-overlay", "comparison", "meme"] as const;
/** Video length buckets; "none" is an image or carousel (no length). */
export const LENGTH_BUCKETS = ["0-15", "16-30", "31-45", "46+", "none"] as const;
/** Engagement-rate buckets, whole percent: "3-4" holds 3.0 % to 3.9 %. */
export const RATE_BUCKETS = ["0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7+"] as const;
export const INTELLIGENCE_WEEKS = 26;

export type AdFormatKey = (typeof AD_FORMATS)[number];
export type LengthBucket = (typeof LENGTH_BUCKETS)[number];
export type RateBucket = (typeof RATE_BUCKETS)[number];

const nicheParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, "must be a niche id (lower-case letters, digits and dashes)");

export const IntelligenceFiltersSchema = z
  .object({
    niche: nicheParam.optional(),
    platform: z.enum(AD_PLATFORMS).optional(),
  })
  .meta({ id: "IntelligenceFilters" });
export type IntelligenceFilters = z.infer<typeof IntelligenceFiltersSchema>;

export const AdsDrillQuerySchema = IntelligenceFiltersSchema.extend({
  angle: z.enum(AD_ANGLE_KEYS).optional(),
  format: z.enum(AD_FORMATS).optional(),
  style: z.enum(VISUAL_STYLES).optional(),
  lengthBucket: z.enum(LENGTH_BUCKETS).optional(),
  rateBucket: z.enum(RATE_BUCKETS).optional(),
  hook: z.string().trim().min(1).max(200).optional(),
  week: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(0).max(INTELLIGENCE_WEEKS - 1).optional(),
  page: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1).max(1000).default(1),
  pageSize: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1).max(100).default(25),
}).meta({ id: "AdsDrillQuery" });
export type AdsDrillQuery = z.infer<typeof AdsDrillQuerySchema>;
/** The filter a chart point hands to the drill-down (no paging). */
export type DrillFilter = Omit<Partial<AdsDrillQuery>, "page" | "pageSize">;

export const WeekSchema = z.object({ week: z.number().int(), weekOf: z.string() }).meta({ id: "IntelligenceWeek" });

const SeriesSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    values: z.array(z.number().int()).meta({ description: "Ads active each week, oldest first (26 values)" }),
  })
  .meta({ id: "IntelligenceSeries" });
export type IntelligenceSeries = z.infer<typeof SeriesSchema>;

export const AngleStatSchema = z
  .object({
    angle: z.enum(AD_ANGLE_KEYS),
    ads: z.number().int(),
    avgEngagementRate: z.number(),
    medianEngagementRate: z.number(),
  })
  .meta({ id: "AngleStat" });

export const HookStatSchema = z
  .object({
    hook: z.string(),
    angle: z.enum(AD_ANGLE_KEYS),
    ads: z.number().int(),
    views: z.number().int(),
    avgEngagementRate: z.number(),
  })
  .meta({ id: "HookStat" });

export const NicheMoveSchema = z
  .object({
    nicheId: z.string(),
    name: z.string(),
    products: z.number().int(),
    ordersLast4: z.number().int().meta({ description: "Orders of the niche's products in the last 4 weeks" }),
    ordersPrev4: z.number().int().meta({ description: "Orders in the 4 weeks before those" }),
    changePct: z.number().meta({ description: "(last4 − prev4) / prev4, percent with one decimal" }),
    ads: z.number().int().meta({ description: "Ads of the niche's products (the drill-down)" }),
  })
  .meta({ id: "NicheMove" });
export type NicheMove = z.infer<typeof NicheMoveSchema>;

export const RateBucketStatSchema = z
  .object({ bucket: z.enum(RATE_BUCKETS), label: z.string(), ads: z.number().int() })
  .meta({ id: "RateBucketStat" });

export const NicheRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "NicheRef" });

export const IntelligenceOverviewSchema = z
  .object({
    isSampleData: z.boolean(),
    asOf: z.string().meta({ description: "Monday of the last recorded week" }),
    filters: IntelligenceFiltersSchema,
    weeks: z.array(WeekSchema),
    totals: z.object({
      ads: z.number().int(),
      activeThisWeek: z.number().int(),
      avgEngagementRate: z.number(),
      niches: z.number().int(),
    }),
    activityByPlatform: z.array(SeriesSchema),
    activityByNiche: z.array(SeriesSchema).meta({ description: "The 6 niches with most ads active in the as-of week" }),
    angles: z.array(AngleStatSchema),
    hooks: z.array(HookStatSchema).meta({ description: "The 10 hooks with the highest average engagement (2+ ads)" }),
    rising: z.array(NicheMoveSchema),
    falling: z.array(NicheMoveSchema),
    engagement: z.array(RateBucketStatSchema),
    niches: z.array(NicheRefSchema).meta({ description: "Niche filter options" }),
  })
  .meta({ id: "IntelligenceOverview" });
export type IntelligenceOverview = z.infer<typeof IntelligenceOverviewSchema>;

export const DrillAdSchema = z
  .object({
    id: z.string(),
    platform: z.string(),
    angle: z.string(),
    hook: z.string(),
    format: z.string(),
    visualStyle: z.string(),
    lengthSeconds: z.number().int().nullable(),
    views: z.number().int(),
    engagements: z.number().int(),
    engagementRate: z.number(),
    startWeek: z.number().int(),
    endWeek: z.number().int(),
    firstSeen: z.string().meta({ description: "Monday of the week the ad was first seen" }),
    product: z.object({ id: z.string(), name: z.string(), niche: NicheRefSchema }),
  })
  .meta({ id: "DrillAd" });
export type DrillAd = z.infer<typeof DrillAdSchema>;

export const AdsDrillPageSchema = z
  .object({
    isSampleData: z.boolean(),
    asOf: z.string(),
    data: z.array(DrillAdSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "AdsDrillPage" });
export type AdsDrillPage = z.infer<typeof AdsDrillPageSchema>;

export const CreativeGroupSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    ads: z.number().int(),
    avgEngagementRate: z.number(),
    examples: z.array(DrillAdSchema).meta({ description: "The best-engaging ads of the group (up to 3)" }),
  })
  .meta({ id: "CreativeGroup" });
export type CreativeGroup = z.infer<typeof CreativeGroupSchema>;

export const CreativesAnswerSchema = z
  .object({
    isSampleData: z.boolean(),
    asOf: z.string(),
    filters: IntelligenceFiltersSchema,
    formats: z.array(CreativeGroupSchema),
    lengths: z.array(CreativeGroupSchema),
    angles: z.array(CreativeGroupSchema),
    styles: z.array(CreativeGroupSchema),
    niches: z.array(NicheRefSchema),
  })
  .meta({ id: "CreativesAnswer" });
export type CreativesAnswer = z.infer<typeof CreativesAnswerSchema>;

/** The drill-down filter field each creatives dimension sets. */
export const CREATIVE_DIMENSIONS = {
  formats: "format",
  lengths: "lengthBucket",
  angles: "angle",
  styles: "style",
} as const satisfies Record<string, keyof DrillFilter>;

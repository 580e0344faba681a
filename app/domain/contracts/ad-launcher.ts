/**
 * The AI Launcher: a Meta ad account the merchant connects, and launches: a product, where the ad
 * leads, images per placement, copy variants, audience and a daily budget, made at Meta as a
 * paused campaign, ad set, images, creatives and ads. Money is in minor units (cents) of the ad
 * account's currency. Routes (all under /api/ad-launcher, all behind the `launcher` access flag):
 *
 *   GET    /account                  the connected ad account or null
 *   POST   /account                  connect (verify at Meta, store the token encrypted)
 *   DELETE /account                  disconnect (launches and their ids are kept)
 *   GET    /products                 what can be advertised: catalog, imports, pages' products
 *   POST   /destination-check        does the destination answer (through the URL guard)
 *   POST   /copy                     three copy variants from the product record and project canon
 *   GET    /launches                 the merchant's launches, newest first
 *   POST   /launches                 create and launch (reserves one `launchers` use)
 *   GET    /launches/{id}            one launch with its objects
 *   POST   /launches/{id}/retry      resume a failed launch from the last object made
 *   POST   /launches/{id}/status     activate or pause at Meta
 *   DELETE /launches/{id}            delete at Meta (campaign) and mark deleted
 *   POST   /launches/{id}/insights   read insights from Meta now
 */
import { z } from "zod";

import {
  AD_AGE_MAX,
  AD_AGE_MIN,
  AD_CALL_TO_ACTION_VALUES,
  AD_COPY_LIMITS,
  AD_COPY_VARIANTS,
  AD_DAILY_BUDGET_MAX_CENTS,
  AD_DAILY_BUDGET_MIN_CENTS,
  AD_GENDERS,
  AD_PLACEMENT_IDS,
  LAUNCH_OBJECT_KINDS,
  LAUNCH_STATES,
} from "../ad-launcher";

export * from "../ad-launcher";

const digits = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .transform((v) => v.replace(/^act_/, ""))
    .refine((v) => /^\d{5,20}$/.test(v), { message: `${field} must be the number Meta shows (digits only, "act_" optional)` });

export const ConnectAdAccountBodySchema = z
  .union([
    z.object({
      adAccountId: digits("ad account id"),
      pageId: digits("Facebook Page id"),
      accessToken: z
        .string({ error: "access token is required" })
        .trim()
        .min(20, { message: "access token looks too short: paste the whole system-user token" })
        .max(1000, { message: "access token is too long (1000 characters at most)" }),
      /** Optional: with a Meta pixel the ad set optimises for purchases, without one for link clicks (ADR 022). */
      pixelId: digits("pixel id").optional(),
    }),
    /** The offline dev ad account (DEV_TOOLS=on only; the server refuses it otherwise). */
    z.object({ dev: z.literal(true) }),
  ])
  .meta({ id: "ConnectAdAccountBody" });
export type ConnectAdAccountBody = z.infer<typeof ConnectAdAccountBodySchema>;

export const AdAccountSchema = z
  .object({
    adAccountId: z.string(),
    pageId: z.string(),
    pageName: z.string().nullable(),
    /** The Meta pixel purchases are optimised for; null: the ad sets optimise for link clicks. */
    pixelId: z.string().nullable(),
    name: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    /** Meta's account_status in words: "active", "disabled", "unsettled", "pending review", … */
    status: z.string(),
    isDev: z.boolean(),
    connectedAt: z.string(),
  })
  .meta({ id: "AdAccount" });
export type AdAccount = z.infer<typeof AdAccountSchema>;
export const AdAccountAnswerSchema = z.object({ data: AdAccountSchema.nullable() }).meta({ id: "AdAccountAnswer" });

/** A product the merchant can advertise, with what its break-even needs. */
export const LaunchProductSchema = z
  .object({
    /** "catalog:<id>", "import:<id>" or "page:<id>": one id space for the three sources. */
    ref: z.string(),
    source: z.enum(["catalog", "import", "page"]),
    title: z.string(),
    imageUrl: z.string().nullable(),
    currency: z.string(),
    priceCents: z.number().int().nullable(),
    costCents: z.number().int().nullable(),
    shippingCents: z.number().int().nullable(),
    /** Where an ad could lead: the live drop page and/or the product in the connected store. */
    destinations: z.array(z.object({ kind: z.enum(["drop_page", "store_product"]), url: z.string(), label: z.string() })),
  })
  .meta({ id: "LaunchProduct" });
export type LaunchProduct = z.infer<typeof LaunchProductSchema>;
export const LaunchProductListSchema = z.object({ data: z.array(LaunchProductSchema) }).meta({ id: "LaunchProductList" });

export const DestinationCheckBodySchema = z
  .object({ url: z.string().trim().min(1, { message: "destination URL is required" }).max(2048) })
  .meta({ id: "DestinationCheckBody" });
export const DestinationCheckSchema = z
  .object({ data: z.object({ url: z.string(), ok: z.boolean(), status: z.number().int().nullable(), message: z.string() }) })
  .meta({ id: "DestinationCheck" });

const copyText = (field: keyof typeof AD_COPY_LIMITS) =>
  z
    .string({ error: `${AD_COPY_LIMITS[field].label} must be text` })
    .trim()
    .min(1, { message: `${AD_COPY_LIMITS[field].label} cannot be empty` })
    .max(AD_COPY_LIMITS[field].max, { message: `${AD_COPY_LIMITS[field].label} is too long (${AD_COPY_LIMITS[field].max} characters at most)` });

export const AdCopyVariantSchema = z
  .object({ primaryText: copyText("primaryText"), headline: copyText("headline"), description: copyText("description") })
  .meta({ id: "AdCopyVariant" });
export type AdCopyVariant = z.infer<typeof AdCopyVariantSchema>;

export const WriteAdCopyBodySchema = z
  .object({ productRef: z.string().min(1).max(128), projectId: z.string().max(64).optional() })
  .meta({ id: "WriteAdCopyBody" });
export const AdCopyAnswerSchema = z
  .object({
    data: z.object({
      variants: z.array(AdCopyVariantSchema),
      /** The record facts the copy used, so the merchant can check every claim. */
      facts: z.array(z.object({ label: z.string(), value: z.string(), source: z.string() })),
      /** Who wrote it: the configured model or the built-in writer. */
      writer: z.enum(["model", "built-in"]),
    }),
  })
  .meta({ id: "AdCopyAnswer" });

export const LaunchAudienceSchema = z
  .object({
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, { message: "countries must be two-letter codes like US" }))
      .min(1, { message: "pick at least one country" })
      .max(25, { message: "25 countries at most" }),
    ageMin: z.number().int().min(AD_AGE_MIN, { message: `age starts at ${AD_AGE_MIN}` }).max(AD_AGE_MAX),
    ageMax: z.number().int().min(AD_AGE_MIN).max(AD_AGE_MAX, { message: `age ends at ${AD_AGE_MAX} (65 means 65 and over)` }),
    gender: z.enum(AD_GENDERS),
    advantageAudience: z.boolean().default(true),
  })
  .refine((a) => a.ageMin <= a.ageMax, { message: "the youngest age must not be above the oldest", path: ["ageMin"] })
  .meta({ id: "LaunchAudience" });

export const CreateLaunchBodySchema = z
  .object({
    name: z.string().trim().min(1, { message: "name the launch" }).max(200),
    productRef: z.string().min(1).max(128),
    destinationUrl: z.string().trim().min(1, { message: "pick where the ad leads" }).max(2048),
    /** One gallery image per placement the merchant fills; placements left out do not run. */
    creatives: z
      .array(z.object({ placement: z.enum(AD_PLACEMENT_IDS), imageId: z.string().min(1).max(64) }))
      .min(1, { message: "pick an image for at least one placement" })
      .max(AD_PLACEMENT_IDS.length),
    copy: z.array(AdCopyVariantSchema).min(1, { message: "write at least one copy variant" }).max(AD_COPY_VARIANTS),
    callToAction: z.enum(AD_CALL_TO_ACTION_VALUES),
    audience: LaunchAudienceSchema,
    dailyBudgetCents: z
      .number({ error: "daily budget must be a number of cents" })
      .int({ message: "daily budget must be whole cents (10.00 is 1000)" })
      .min(AD_DAILY_BUDGET_MIN_CENTS, { message: `daily budget must be at least ${AD_DAILY_BUDGET_MIN_CENTS / 100}.00` })
      .max(AD_DAILY_BUDGET_MAX_CENTS, { message: `daily budget must be at most ${AD_DAILY_BUDGET_MAX_CENTS / 100}.00` }),
    projectId: z.string().max(64).optional(),
  })
  .meta({ id: "CreateLaunchBody" });
export type CreateLaunchBody = z.infer<typeof CreateLaunchBodySchema>;

export const LaunchObjectSchema = z
  .object({
    kind: z.enum(LAUNCH_OBJECT_KINDS),
    /** Which placement / copy variant an image, creative or ad belongs to. */
    label: z.string(),
    metaId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "LaunchObject" });

export const LaunchInsightsSchema = z
  .object({
    currency: z.string(),
    spendCents: z.number().int(),
    impressions: z.number().int(),
    clicks: z.number().int(),
    /** Percent, e.g. 1.25 for 1.25 %. Null with no impressions. */
    ctr: z.number().nullable(),
    cpcCents: z.number().int().nullable(),
    purchases: z.number().int(),
    roas: z.number().nullable(),
    /** True on the offline dev ad account: the delivery is simulated, and every figure says so. */
    simulated: z.boolean(),
    refreshedAt: z.string(),
  })
  .meta({ id: "LaunchInsights" });
export type LaunchInsights = z.infer<typeof LaunchInsightsSchema>;

export const LaunchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: z.enum(LAUNCH_STATES),
    productRef: z.string(),
    productTitle: z.string(),
    destinationUrl: z.string(),
    dailyBudgetCents: z.number().int(),
    currency: z.string(),
    /** The last failure, as a sentence naming what to fix; null when none. */
    error: z.string().nullable(),
    objects: z.array(LaunchObjectSchema),
    insights: LaunchInsightsSchema.nullable(),
    isDev: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Launch" });
export type Launch = z.infer<typeof LaunchSchema>;
export const LaunchAnswerSchema = z
  .object({ data: LaunchSchema, charged: z.object({ counter: z.literal("launchers"), count: z.number().int(), remaining: z.number().int() }).optional() })
  .meta({ id: "LaunchAnswer" });
export const LaunchListSchema = z.object({ data: z.array(LaunchSchema) }).meta({ id: "LaunchList" });

export const LaunchStatusBodySchema = z.object({ status: z.enum(["active", "paused"]) }).meta({ id: "LaunchStatusBody" });

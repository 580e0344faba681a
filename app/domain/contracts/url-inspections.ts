/**
 * URL inspections (POST /api/url-inspections, the /scraping-test screen): what the URL guard
 * decided about an address and what the product extractor read from it, field by field, with
 * the source of each value and the timing of each request (ADR 012). The extractor's result
 * types (app/server/web/product-extractor.ts) are inferred from these schemas, so the page
 * builder, the API and the screen read one shape.
 */
import { z } from "zod";

export const URL_INSPECTION_MAX_LENGTH = 2048;

/** Where a field's value came from. */
export const FIELD_SOURCES = ["shopify-js", "shopify-json", "products-json", "json-ld", "opengraph", "microdata", "html"] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** The product fields the extractor looks for, in the order screens list them. */
export const PRODUCT_FIELDS = ["title", "description", "images", "priceCents", "compareAtPriceCents", "currency", "variants", "vendor"] as const;
export type ProductFieldName = (typeof PRODUCT_FIELDS)[number];

/** What was fetched: a Shopify endpoint or the page itself. */
export const FETCH_ENDPOINTS = ["shopify-js", "shopify-json", "shopify-cart", "products-json", "page"] as const;

export const UrlInspectionBodySchema = z.object({
  url: z
    .string({ error: "url must be text: the address of a product page or a store" })
    .trim()
    .min(1, { message: "url cannot be empty: paste the address of a product page or a store" })
    .max(URL_INSPECTION_MAX_LENGTH, { message: `url is too long (${URL_INSPECTION_MAX_LENGTH} characters at most)` }),
});

export const HopSchema = z
  .object({
    url: z.string(),
    status: z.number().int().nullable().meta({ description: "The status it answered; null when refused before any request" }),
  })
  .meta({ id: "UrlHop" });

export const VariantSchema = z
  .object({
    title: z.string().nullable().meta({ description: "The variant's name; null when the source names none" }),
    priceCents: z.number().int().nullable().meta({ description: "Price in minor units × 100 of the main unit (19.99 → 1999)" }),
    compareAtPriceCents: z.number().int().nullable(),
    sku: z.string().nullable(),
    available: z.boolean().nullable().meta({ description: "Whether it can be bought; null when the source does not say" }),
  })
  .meta({ id: "ProductVariant" });

const sourced = <T extends z.ZodType>(value: T, id: string) =>
  z.object({ value, source: z.enum(FIELD_SOURCES) }).meta({ id, description: "A value and the source that gave it" });
const SourcedTextSchema = sourced(z.string(), "SourcedText");
const SourcedCentsSchema = sourced(z.number().int(), "SourcedCents");
const SourcedImagesSchema = sourced(z.array(z.string()), "SourcedImages");
const SourcedVariantsSchema = sourced(z.array(VariantSchema), "SourcedVariants");

/** Each field: its value and source, or null when no source had it (never a guess). */
export const ProductFieldsSchema = z
  .object({
    title: SourcedTextSchema.nullable(),
    description: SourcedTextSchema.nullable(),
    images: SourcedImagesSchema.nullable(),
    priceCents: SourcedCentsSchema.nullable(),
    compareAtPriceCents: SourcedCentsSchema.nullable(),
    currency: SourcedTextSchema.nullable(),
    variants: SourcedVariantsSchema.nullable(),
    vendor: SourcedTextSchema.nullable(),
  })
  .meta({ id: "ProductFields", description: "priceCents is the lowest variant price (Shopify's 'from' price)" });

export const SourceTriedSchema = z
  .object({
    endpoint: z.enum(FETCH_ENDPOINTS),
    url: z.string(),
    ms: z.number().int().meta({ description: "How long the request took, redirects and body included" }),
    outcome: z
      .enum(["ok", "nothing", "http_error", "unparseable", "refused", "failed"])
      .meta({ description: "ok: fields read; nothing: answered but held none; refused: by the guard; failed: no answer (network)" }),
    status: z.number().int().nullable(),
    message: z.string().nullable().meta({ description: "Why nothing came of it, in words" }),
    refusalCode: z.string().nullable(),
    hops: z.array(HopSchema),
    bytes: z.number().int().nullable(),
    found: z
      .array(z.object({ source: z.enum(FIELD_SOURCES), fields: z.array(z.enum(PRODUCT_FIELDS)) }))
      .meta({ description: "What each reader found in the answer, used or not" }),
  })
  .meta({ id: "SourceTried" });

export const ProductExtractionSchema = z
  .object({
    url: z.string(),
    kind: z.enum(["shopify-product", "store", "page"]).meta({ description: "How the URL was read: a Shopify product path, a store's root, or any page" }),
    productUrl: z.string().nullable().meta({ description: "The product the fields describe, when it differs from url (a store root: its first product)" }),
    fields: ProductFieldsSchema,
    missing: z.array(z.enum(PRODUCT_FIELDS)),
    sources: z.array(SourceTriedSchema),
    timings: z.object({ totalMs: z.number().int() }),
  })
  .meta({ id: "ProductExtraction" });

export const UrlDecisionSchema = z
  .object({
    allowed: z.boolean(),
    code: z.string().optional().meta({ description: "The refusal's stable code (loopback, private, metadata, scheme, too_large…)" }),
    message: z.string().optional().meta({ description: "The refusal in words, naming the URL and the reason" }),
    url: z.string().meta({ description: "The URL the hops belong to" }),
    hops: z.array(HopSchema),
  })
  .meta({ id: "UrlDecision" });

export const UrlInspectionSchema = z
  .object({
    url: z.string(),
    decision: UrlDecisionSchema,
    extraction: ProductExtractionSchema.nullable().meta({ description: "null when the guard refused the URL before any request" }),
    timings: z.object({ totalMs: z.number().int() }),
  })
  .meta({ id: "UrlInspection" });

/** GET /api/url-inspections/image?url=…: one product image, fetched through the guard for the screen's thumbnails. */
export const InspectionImageQuerySchema = z.object({
  url: z
    .string({ error: "url must be one image address" })
    .trim()
    .min(1, { message: "url cannot be empty" })
    .max(URL_INSPECTION_MAX_LENGTH, { message: `url is too long (${URL_INSPECTION_MAX_LENGTH} characters at most)` }),
});

/** Image types the thumbnail proxy passes on (no SVG: it can carry scripts). */
export const INSPECTION_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;

export type UrlInspectionBody = z.input<typeof UrlInspectionBodySchema>;
export type UrlInspection = z.infer<typeof UrlInspectionSchema>;
export type UrlDecision = z.infer<typeof UrlDecisionSchema>;
export type UrlHop = z.infer<typeof HopSchema>;
export type ProductExtraction = z.infer<typeof ProductExtractionSchema>;
export type ProductFields = z.infer<typeof ProductFieldsSchema>;
export type ProductVariant = z.infer<typeof VariantSchema>;
export type SourceTried = z.infer<typeof SourceTriedSchema>;
export type FetchEndpoint = (typeof FETCH_ENDPOINTS)[number];

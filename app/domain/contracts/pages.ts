/**
 * Store pages (the AI Page Builder, drop pages, store export and the SEO dashboard): a page is a
 * product (as extracted, then corrected by the merchant), the sections written from it, a theme
 * and its SEO fields. Money is in cents of `product.currency`. Every section is one shape
 * (heading, body, items, image, button) so the editor edits them all the same way.
 */
import { z } from "zod";

import {
  PAGE_FONTS,
  PAGE_IMAGES_MAX,
  PAGE_ITEMS_MAX,
  PAGE_SECTION_KINDS,
  PAGE_SECTIONS_MAX,
  PAGE_TEXT_MAX,
  PAGE_TITLE_MAX,
  IMAGE_ALT_MAX,
  PAGE_VARIANTS_MAX,
  PRODUCT_CONDITIONS,
  RETURN_FEES,
  SLUG_PATTERN,
  isValidGtin,
} from "../pages";

export * from "../pages";

const line = (field: string, max = PAGE_TITLE_MAX) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} is too long (${max} characters at most)` });
const text = (field: string, max = PAGE_TEXT_MAX) => z.string({ error: `${field} must be text` }).max(max, { message: `${field} is too long (${max} characters at most)` });
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int({ message: `${field} must be whole cents (19.99 is 1999)` })
    .min(0, { message: `${field} cannot be negative` })
    .max(100_000_000, { message: `${field} is too large` });
const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be a URL` })
    .trim()
    .max(2048, { message: `${field} is too long (2048 characters at most)` })
    .refine((v) => /^https?:\/\//i.test(v) || v.startsWith("/"), { message: `${field} must start with http:// or https://` });

export const PageOptionSchema = z
  .object({
    name: line("option name", 255).min(1, { message: "option name cannot be empty" }),
    values: z.array(line("option value", 255).min(1, { message: "option value cannot be empty" })).min(1, { message: "an option needs at least one value" }).max(100),
  })
  .meta({ id: "PageProductOption" });

export const PageVariantSchema = z
  .object({
    title: line("variant title"),
    /** The variant's value for each option, in `options` order. */
    optionValues: z.array(line("option value", 255)).max(3),
    priceCents: cents("variant price").nullable(),
    compareAtPriceCents: cents("variant compare-at price").nullable(),
    sku: line("sku", 255).nullable(),
    available: z.boolean().nullable(),
  })
  .meta({ id: "PageProductVariant" });

const countries = (field: string) =>
  z
    .array(z.string().regex(/^[A-Z]{2}$/, { message: `${field} must be two-letter country codes like US` }))
    .min(1, { message: `${field} needs at least one country` })
    .max(50, { message: `${field}: 50 countries at most` });
const dayRange = (field: string) =>
  z
    .object({
      min: z.number({ error: `${field} must be a number of days` }).int().min(0).max(90),
      max: z.number({ error: `${field} must be a number of days` }).int().min(0).max(90),
    })
    .refine((r) => r.min <= r.max, { message: `${field}: the first number of days must not be above the second` });

/** What shipping costs and takes, for Google's shippingDetails (the merchant's own figures). */
export const PageShippingSchema = z
  .object({
    /** 0 is free shipping. */
    rateCents: cents("shipping rate"),
    countries: countries("shipping countries"),
    handlingDays: dayRange("handling time"),
    transitDays: dayRange("delivery time"),
  })
  .meta({ id: "PageShipping" });

/** The return policy, for Google's hasMerchantReturnPolicy. 0 days means returns are not accepted. */
export const PageReturnsSchema = z
  .object({
    days: z.number({ error: "return window must be a number of days" }).int().min(0).max(365),
    fees: z.enum(RETURN_FEES, { error: `return fees must be one of ${RETURN_FEES.join(", ")}` }),
    countries: countries("return countries"),
  })
  .meta({ id: "PageReturns" });

export const PageSpecSchema = z.object({ name: line("spec name", 120), value: line("spec value", 500) }).meta({ id: "PageSpec" });

/** The product a page sells: what the extractor read, corrected by the merchant. A field nobody supplied stays empty, never guessed. */
export const PageProductSchema = z
  .object({
    title: line("product title").min(1, { message: "product title cannot be empty" }),
    description: text("supplier description"),
    images: z.array(httpUrl("image URL")).max(PAGE_IMAGES_MAX, { message: `a page holds ${PAGE_IMAGES_MAX} images at most` }),
    priceCents: cents("price").nullable(),
    compareAtPriceCents: cents("compare-at price").nullable(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { message: "currency must be a three-letter code like USD" }),
    options: z.array(PageOptionSchema).max(3, { message: "Shopify allows 3 options at most" }),
    variants: z.array(PageVariantSchema).max(PAGE_VARIANTS_MAX, { message: `a page holds ${PAGE_VARIANTS_MAX} variants at most` }),
    specs: z.array(PageSpecSchema).max(60),
    /** What ships in the box, one entry per item, as the supplier or merchant states it. */
    inTheBox: z.array(line("box item", 255)).max(40),
    vendor: line("vendor").nullable(),
    productType: line("product type").nullable(),
    /** What one unit costs the merchant (the Explorer record's cost): Shopify's "Cost per item". Never shown on the page. */
    costCents: cents("cost per item").nullable().optional(),
    /** The supplier's shipping time in days, when the record states it (the FAQ answers delivery questions with it). */
    shippingDays: z.number({ error: "shipping days must be a number" }).int().min(0).max(365).nullable().optional(),
    /** Google listing details, from the merchant's page settings; null or absent is left out of the markup. */
    condition: z.enum(PRODUCT_CONDITIONS, { error: `condition must be one of ${PRODUCT_CONDITIONS.join(", ")}` }).nullable().optional(),
    gtin: z
      .string()
      .trim()
      .refine(isValidGtin, { message: "barcode (GTIN) must be 8, 12, 13 or 14 digits with a correct check digit" })
      .nullable()
      .optional(),
    mpn: line("MPN", 70).min(1, { message: "MPN cannot be empty (clear the field instead)" }).nullable().optional(),
    shipping: PageShippingSchema.nullable().optional(),
    returns: PageReturnsSchema.nullable().optional(),
  })
  .meta({ id: "PageProduct" });
export type PageProduct = z.infer<typeof PageProductSchema>;

export const PageSectionItemSchema = z
  .object({
    title: line("item title", 500),
    text: text("item text", 5000),
  })
  .meta({ id: "PageSectionItem" });

export const PageSectionSchema = z
  .object({
    id: z.string().min(1).max(64),
    kind: z.enum(PAGE_SECTION_KINDS),
    hidden: z.boolean(),
    heading: line("section heading", 500),
    body: text("section text", 5000),
    items: z.array(PageSectionItemSchema).max(PAGE_ITEMS_MAX),
    imageUrl: httpUrl("section image").nullable(),
    /** The button's words (hero and call to action). */
    buttonLabel: line("button label", 80).nullable(),
  })
  .meta({ id: "PageSection" });
export type PageSection = z.infer<typeof PageSectionSchema>;

const hex = (field: string) => z.string().regex(/^#[0-9a-f]{6}$/i, { message: `${field} must be a colour like #1a2b3c` });

export const PageThemeSchema = z
  .object({
    primary: hex("primary colour"),
    accent: hex("accent colour"),
    background: hex("background colour"),
    surface: hex("surface colour"),
    text: hex("text colour"),
    headingFont: z.enum(PAGE_FONTS),
    bodyFont: z.enum(PAGE_FONTS),
  })
  .meta({ id: "PageTheme" });
export type PageTheme = z.infer<typeof PageThemeSchema>;

export const PageSeoSchema = z
  .object({
    title: line("SEO title", 255),
    description: line("meta description", 1000),
    /** Alt text per image URL (images without one fall back to the product title). */
    imageAlts: z.record(z.string(), line("alt text", IMAGE_ALT_MAX)),
  })
  .meta({ id: "PageSeo" });
export type PageSeo = z.infer<typeof PageSeoSchema>;

export const PAGE_STATUSES = ["draft", "published"] as const;

export const PageSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    status: z.enum(PAGE_STATUSES),
    sourceUrl: z.string().nullable(),
    /** The Explorer product it was made from. */
    catalogProductId: z.string().nullable(),
    /** The project whose canon (brand voice, audience, colours, shipping promise, guarantee) it is written with. */
    projectId: z.string().nullable(),
    product: PageProductSchema,
    sections: z.array(PageSectionSchema),
    theme: PageThemeSchema,
    seo: PageSeoSchema,
    /** Where the buy button goes: the merchant's checkout or store URL. */
    buyUrl: z.string().nullable(),
    /** What generation could not fill from the data it had, in words, for the merchant to supply. */
    missing: z.array(z.string()),
    /** Who wrote the sections: "builtin" (copy frameworks, offline) or the model id; null before any generation. */
    generatedBy: z.string().nullable(),
    generatedAt: z.string().nullable(),
    /**
     * Sections the merchant changed by hand since the last generation (or since the draft was made):
     * generation keeps them unless the request names them in replaceEdited.
     */
    editedSections: z.array(z.enum(PAGE_SECTION_KINDS)),
    /** Increments on every save; PATCH may send it back as baseVersion to refuse a stale write. */
    revision: z.number().int(),
    publishedAt: z.string().nullable(),
    publicUrl: z.string().nullable().meta({ description: "The drop page's address while published" }),
    views: z.number().int(),
    buyClicks: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Page" });
export type Page = z.infer<typeof PageSchema>;

export const PageSummarySchema = PageSchema.pick({
  id: true,
  slug: true,
  status: true,
  sourceUrl: true,
  publishedAt: true,
  publicUrl: true,
  views: true,
  buyClicks: true,
  createdAt: true,
  updatedAt: true,
  generatedAt: true,
})
  .extend({ title: z.string(), imageUrl: z.string().nullable(), priceCents: z.number().int().nullable(), currency: z.string() })
  .meta({ id: "PageSummary" });
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const PageListSchema = z.object({ pages: z.array(PageSummarySchema) }).meta({ id: "PageList" });

/** Make a draft from a product URL (through the URL guard and the extractor), an Explorer product, or fields typed by hand. */
export const PageCreateBodySchema = z
  .object({
    sourceUrl: httpUrl("sourceUrl").optional(),
    productId: z.string().trim().min(1).max(64).optional(),
    product: PageProductSchema.partial({ description: true, images: true, priceCents: true, compareAtPriceCents: true, currency: true, options: true, variants: true, specs: true, inTheBox: true, vendor: true, productType: true }).optional(),
    projectId: z.string().trim().min(1).max(64).nullable().optional(),
  })
  .refine((b) => [b.sourceUrl, b.productId, b.product].filter((v) => v !== undefined).length === 1, {
    message: "send exactly one of sourceUrl (a product page's address), productId (an Explorer product) or product (fields typed by hand)",
  })
  .meta({ id: "PageCreateBody" });
export type PageCreateBody = z.infer<typeof PageCreateBodySchema>;

/** What the extractor read for a URL-made draft, field by field (shown so the merchant can correct it). */
export const PageCreatedSchema = z
  .object({
    page: PageSchema,
    extraction: z
      .object({
        found: z.array(z.string()).meta({ description: "Product fields the extractor filled" }),
        missing: z.array(z.string()).meta({ description: "Product fields no source held: left empty for the merchant" }),
      })
      .nullable(),
  })
  .meta({ id: "PageCreated" });

export const PagePatchBodySchema = z
  .object({
    product: PageProductSchema.optional(),
    sections: z.array(PageSectionSchema).max(PAGE_SECTIONS_MAX, { message: `a page holds ${PAGE_SECTIONS_MAX} sections at most` }).optional(),
    theme: PageThemeSchema.optional(),
    seo: PageSeoSchema.optional(),
    buyUrl: httpUrl("buyUrl").nullable().optional(),
    slug: z.string().trim().toLowerCase().regex(SLUG_PATTERN, { message: "slug must be 1–64 lowercase letters, digits and dashes, not starting or ending with a dash" }).optional(),
    projectId: z.string().trim().min(1).max(64).nullable().optional(),
    /** The revision the edit was made on; a newer saved revision refuses the write (CONFLICT). */
    baseRevision: z.number().int().optional(),
  })
  .meta({ id: "PagePatchBody" });
export type PagePatchBody = z.infer<typeof PagePatchBodySchema>;

export const PageVersionSchema = z
  .object({
    id: z.number().int(),
    revision: z.number().int(),
    reason: z.enum(["created", "autosave", "generated", "published", "restored", "seo-fix"]),
    createdAt: z.string(),
  })
  .meta({ id: "PageVersion" });
export const PageVersionListSchema = z.object({ versions: z.array(PageVersionSchema) }).meta({ id: "PageVersionList" });

export const PageGenerateBodySchema = z
  .object({
    sections: z.array(z.enum(PAGE_SECTION_KINDS)).min(1).optional().meta({ description: "Rewrite only these sections; all when absent" }),
    replaceEdited: z
      .array(z.enum(PAGE_SECTION_KINDS))
      .optional()
      .meta({ description: "Sections the merchant edited by hand that this generation may overwrite; edited sections not named here are kept as they are" }),
  })
  .meta({ id: "PageGenerateBody" });

/** What a generation did, section by section, and the sentence that says so. */
export const PageGenerationReportSchema = z
  .object({
    wrote: z.array(z.enum(PAGE_SECTION_KINDS)).meta({ description: "Sections written (shown)" }),
    hidden: z.array(z.enum(PAGE_SECTION_KINDS)).meta({ description: "Sections the data could not fill (hidden; see missing)" }),
    kept: z.array(z.enum(PAGE_SECTION_KINDS)).meta({ description: "Sections with the merchant's edits, left as they were" }),
    replaced: z.array(z.enum(PAGE_SECTION_KINDS)).meta({ description: "Edited sections overwritten because replaceEdited named them" }),
    summary: z.string().meta({ example: "Wrote Benefits, Specs and FAQ; kept your edits in Hero." }),
  })
  .meta({ id: "PageGenerationReport" });
export type PageGenerationReport = z.infer<typeof PageGenerationReportSchema>;
export const PageGeneratedSchema = PageSchema.extend({ generation: PageGenerationReportSchema }).meta({ id: "PageGenerated" });
export type PageGenerated = z.infer<typeof PageGeneratedSchema>;

/** An image of the page that does not load, where the page uses it, and why. */
export const BrokenImageSchema = z
  .object({
    url: z.string(),
    where: z.array(z.string()).meta({ example: ["Hero image", "Product image 1"] }),
    reason: z.string().meta({ example: "its server answered 404" }),
    /** broken: the server answered and it is not an image that loads; unchecked: its server could not be reached now. */
    kind: z.enum(["broken", "unchecked"]),
  })
  .meta({ id: "BrokenImage" });
export type BrokenImage = z.infer<typeof BrokenImageSchema>;

export const PagePublishBodySchema = z
  .object({ acceptBrokenImages: z.boolean().optional().meta({ description: "Publish although some images do not load (the refusal names them)" }) })
  .meta({ id: "PagePublishBody" });
export const PagePublishedSchema = PageSchema.extend({
  imageProblems: z.array(BrokenImageSchema).meta({ description: "Images that did not load (published anyway on request) or could not be checked" }),
}).meta({ id: "PagePublished" });
export type PagePublished = z.infer<typeof PagePublishedSchema>;

export const PAGE_IMAGE_PLACEMENTS = ["main", "gallery"] as const;
export const PageImageBodySchema = z
  .object({
    url: httpUrl("url"),
    placement: z.enum(PAGE_IMAGE_PLACEMENTS).meta({ description: "main: the product's first image and the hero's picture; gallery: added after the others" }),
  })
  .meta({ id: "PageImageBody" });

// ---------------------------------------------------------------------------------------------
// Store connections and export

export const StoreConnectionSchema = z
  .object({
    id: z.string(),
    platform: z.literal("shopify"),
    shopDomain: z.string().meta({ example: "my-shop.myshopify.com" }),
    shopName: z.string().nullable(),
    tokenMasked: z.string().meta({ description: "The access token's prefix and last four characters; the token itself is never sent back" }),
    scopes: z.array(z.string()),
    missingScopes: z.array(z.string()).meta({ description: "Scopes export needs that the token lacks" }),
    createdAt: z.string(),
  })
  .meta({ id: "StoreConnection" });
export type StoreConnection = z.infer<typeof StoreConnectionSchema>;

export const StoreConnectionListSchema = z.object({ connections: z.array(StoreConnectionSchema) }).meta({ id: "StoreConnectionList" });

export const StoreConnectionBodySchema = z
  .object({
    shopDomain: z
      .string({ error: "shopDomain is required: your store's myshopify.com address" })
      .trim()
      .min(1, { message: "shopDomain is required: your store's myshopify.com address" })
      .max(255),
    accessToken: z
      .string({ error: "accessToken is required: the Admin API access token of your custom app" })
      .trim()
      .min(1, { message: "accessToken is required: the Admin API access token of your custom app" })
      .max(255),
  })
  .meta({ id: "StoreConnectionBody" });


export const ShopifyExportBodySchema = z
  .object({
    connectionId: z.string().min(1).optional().meta({ description: "Which connected store; the only one when absent" }),
    includePage: z.boolean().optional().meta({ description: "Also create the landing page as a store page" }),
    acceptBrokenImages: z.boolean().optional().meta({ description: "Export although some images do not load (the refusal names them)" }),
  })
  .meta({ id: "ShopifyExportBody" });

export const STORE_EXPORT_ACTIONS = ["created", "updated"] as const;

export const ShopifyExportResultSchema = z
  .object({
    productId: z.string().meta({ example: "gid://shopify/Product/1" }),
    productAdminUrl: z.string(),
    action: z.enum(STORE_EXPORT_ACTIONS).meta({ description: "updated: the product an earlier export of this page made in this shop was changed in place; created: a new product (first export, or the earlier one was deleted in the store)" }),
    pageId: z.string().nullable(),
    pageAdminUrl: z.string().nullable(),
    pageAction: z.enum(STORE_EXPORT_ACTIONS).nullable().meta({ description: "The same for the landing page; null when no page was exported" }),
    shopDomain: z.string(),
    warnings: z.array(z.string()),
  })
  .meta({ id: "ShopifyExportResult" });
export type ShopifyExportResult = z.infer<typeof ShopifyExportResultSchema>;

/** The page's latest export to one shop: what exporting to that shop again updates. */
export const ShopifyExportRecordSchema = z
  .object({
    shopDomain: z.string(),
    productId: z.string().meta({ example: "gid://shopify/Product/1" }),
    productAdminUrl: z.string(),
    pageAdminUrl: z.string().nullable(),
    exportedAt: z.string(),
  })
  .meta({ id: "ShopifyExportRecord" });
export type ShopifyExportRecord = z.infer<typeof ShopifyExportRecordSchema>;

export const ShopifyExportRecordListSchema = z.object({ exports: z.array(ShopifyExportRecordSchema) }).meta({ id: "ShopifyExportRecordList" });

// ---------------------------------------------------------------------------------------------
// SEO audits

export const SEO_CHECK_IDS = [
  "title-length",
  "meta-description",
  "single-h1",
  "heading-order",
  "image-alt",
  "images-load",
  "image-weight",
  "json-ld-product",
  "canonical",
  "open-graph",
  "internal-links",
  "page-weight",
] as const;
export type SeoCheckId = (typeof SEO_CHECK_IDS)[number];

export const SeoCheckSchema = z
  .object({
    id: z.enum(SEO_CHECK_IDS),
    label: z.string(),
    passed: z.boolean(),
    severity: z.enum(["high", "medium", "low"]),
    message: z.string().meta({ description: "What was found" }),
    why: z.string().meta({ description: "Why it matters" }),
    fixable: z.boolean().meta({ description: "One click can apply the fix" }),
  })
  .meta({ id: "SeoCheck" });
export type SeoCheck = z.infer<typeof SeoCheckSchema>;

export const SeoAuditSchema = z
  .object({
    pageId: z.string(),
    title: z.string(),
    status: z.enum(PAGE_STATUSES),
    score: z.number().int().min(0).max(100),
    checks: z.array(SeoCheckSchema),
    pageBytes: z.number().int(),
  })
  .meta({ id: "SeoAudit" });
export type SeoAudit = z.infer<typeof SeoAuditSchema>;

export const SeoAuditListSchema = z.object({ audits: z.array(SeoAuditSchema) }).meta({ id: "SeoAuditList" });

export const SeoFixBodySchema = z
  .object({ checks: z.array(z.enum(SEO_CHECK_IDS)).min(1).optional().meta({ description: "The fixes to apply; every fixable one when absent" }) })
  .meta({ id: "SeoFixBody" });
export const SeoFixResultSchema = z.object({ applied: z.array(z.enum(SEO_CHECK_IDS)), audit: SeoAuditSchema, page: PageSchema }).meta({ id: "SeoFixResult" });

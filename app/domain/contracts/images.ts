/**
 * Images (the Image Maker, free-form generation, the gallery) and marketing visuals. A design is
 * what the compositor draws: a template, its copy, a price, a palette and font, and the ids of the
 * merchant's images it places. Money is in cents of `currency`. Social proof is never typed: it
 * names catalog metrics, and the server reads their values from the product's record.
 */
import { z } from "zod";

import { PAGE_FONTS } from "../pages";
import { BATCH_PRODUCTS_MAX, DESIGN_LIMITS, IMAGE_KINDS, IMAGE_STYLES, MARKETING_PRESET_IDS, VISUAL_PRESET_IDS, VISUAL_TEMPLATES } from "../images";

export * from "../images";

const line = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} is too long (${max} characters at most)` });
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int({ message: `${field} must be whole cents (19.99 is 1999)` })
    .min(0, { message: `${field} cannot be negative` })
    .max(100_000_000, { message: `${field} is too large` });
const hex = (field: string) => z.string({ error: `${field} must be a colour` }).regex(/^#[0-9a-fA-F]{6}$/, { message: `${field} must be a colour like #1f4fd1` });
const imageId = (field: string) => z.string({ error: `${field} must be an image id` }).min(1).max(64);

/** Catalog figures a social-proof visual may show; each value is read from the product's record. */
export const PROOF_METRICS = ["orders7d", "orders28d", "activeAds", "storesSelling"] as const;
export type ProofMetric = (typeof PROOF_METRICS)[number];

export const VisualPaletteSchema = z
  .object({ background: hex("background colour"), surface: hex("surface colour"), text: hex("text colour"), accent: hex("accent colour") })
  .meta({ id: "VisualPalette" });
export type VisualPalette = z.infer<typeof VisualPaletteSchema>;

export const VisualDesignSchema = z
  .object({
    template: z.enum(VISUAL_TEMPLATES, { error: `template must be one of ${VISUAL_TEMPLATES.join(", ")}` }),
    headline: line("headline", DESIGN_LIMITS.headline).min(1, { message: "headline cannot be empty" }),
    subheadline: line("subheadline", DESIGN_LIMITS.subheadline).default(""),
    bullets: z.array(line("bullet", DESIGN_LIMITS.bullet).min(1, { message: "a bullet cannot be empty" })).max(DESIGN_LIMITS.bullets, { message: `${DESIGN_LIMITS.bullets} bullets at most` }).default([]),
    priceCents: cents("price").nullable().default(null),
    compareAtPriceCents: cents("compare-at price").nullable().default(null),
    currency: z.string().regex(/^[A-Z]{3}$/, { message: "currency must be a three-letter code like USD" }).default("USD"),
    /** The badge's words; null draws the discount from the two prices ("-30%"), or no badge without one. */
    badge: line("badge", DESIGN_LIMITS.badge).nullable().default(null),
    cta: line("call to action", DESIGN_LIMITS.cta).default(""),
    /** Comparison template: our points against the usual alternative's, row by row. */
    comparison: z
      .object({
        oursLabel: line("our column's label", 40).min(1),
        theirsLabel: line("the other column's label", 40).min(1),
        rows: z.array(z.object({ ours: line("our point", 60).min(1), theirs: line("their point", 60).min(1) })).min(1).max(4),
      })
      .nullable()
      .default(null),
    /** Social-proof template: which catalog figures to show (values come from the product's record). */
    proof: z.array(z.enum(PROOF_METRICS)).max(DESIGN_LIMITS.proof).default([]),
    palette: VisualPaletteSchema,
    font: z.enum(PAGE_FONTS),
    photoImageId: imageId("photo").nullable().default(null),
    logoImageId: imageId("logo").nullable().default(null),
    /** A backdrop image (an upload or a generated scene) drawn under the design. */
    backgroundImageId: imageId("background").nullable().default(null),
  })
  .meta({ id: "VisualDesign" });
export type VisualDesign = z.infer<typeof VisualDesignSchema>;
export type VisualDesignInput = z.input<typeof VisualDesignSchema>;

/** A proof figure as drawn: its words, its value and the record it was read from. */
export const ProofFactSchema = z
  .object({ metric: z.enum(PROOF_METRICS), label: z.string(), value: z.string(), source: z.string() })
  .meta({ id: "ProofFact" });
export type ProofFact = z.infer<typeof ProofFactSchema>;

const presetId = z.enum(VISUAL_PRESET_IDS, { error: `size must be one of ${VISUAL_PRESET_IDS.join(", ")}` });

export const ImageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(IMAGE_KINDS),
    fileName: z.string(),
    mimeType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    presetId: z.string().nullable(),
    template: z.enum(VISUAL_TEMPLATES).nullable(),
    prompt: z.string().nullable(),
    style: z.string().nullable(),
    /** "upload", "compositor" (the built-in renderer) or "model" (the configured image model). */
    provider: z.enum(["upload", "compositor", "model"]),
    model: z.string().nullable(),
    design: VisualDesignSchema.nullable(),
    proofFacts: z.array(ProofFactSchema),
    projectId: z.string().nullable(),
    productId: z.string().nullable(),
    pageId: z.string().nullable(),
    sourceImageIds: z.array(z.string()),
    /** The image this one is a variation or upscale of. */
    parentId: z.string().nullable(),
    batchId: z.string().nullable(),
    /** What the generator could not do or substituted, in plain words. */
    notes: z.array(z.string()),
    /** Shown inline (the full PNG is gated like a download for generated images on the free plan). */
    fileUrl: z.string(),
    thumbnailUrl: z.string(),
    downloadUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Image" });
export type Image = z.infer<typeof ImageSchema>;

export const ImageListQuerySchema = z.object({
  kind: z.enum(IMAGE_KINDS).optional(),
  projectId: z.string().max(64).optional(),
  productId: z.string().max(64).optional(),
  presetId: presetId.optional(),
  /** ISO dates (inclusive), e.g. 2026-11-01. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "from must be a date like 2026-11-01" }).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "to must be a date like 2026-11-30" }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(48),
});
export type ImageListQuery = z.infer<typeof ImageListQuerySchema>;

/** What was charged for a generation, so the screen can say it. */
export const ChargedSchema = z
  .object({ counter: z.enum(["images", "marketingVisuals"]), count: z.number().int(), remaining: z.number().int() })
  .meta({ id: "ImageCharge" });

export const ImagesAnswerSchema = z.object({ data: z.array(ImageSchema), charged: ChargedSchema }).meta({ id: "ImagesAnswer" });

export const CreateImagesBodySchema = z
  .object({
    /** Free-form: what to make. With a template, it describes the backdrop scene. */
    prompt: line("prompt", DESIGN_LIMITS.prompt).min(3, { message: "prompt is too short (3 characters at least)" }).optional(),
    style: z.enum(IMAGE_STYLES).optional(),
    template: z.enum(VISUAL_TEMPLATES).optional(),
    design: VisualDesignSchema.optional(),
    productId: z.string().max(64).optional(),
    pageId: z.string().max(64).optional(),
    projectId: z.string().max(64).optional(),
    sourceImageIds: z.array(imageId("source image")).max(4, { message: "4 source images at most" }).default([]),
    sizes: z.array(presetId).min(1, { message: "pick at least one size" }).max(VISUAL_PRESET_IDS.length),
    count: z.number().int().min(1, { message: "count must be at least 1" }).max(8, { message: "count is 8 at most" }).default(1),
  })
  .refine((b) => b.prompt !== undefined || b.template !== undefined, { message: "send a prompt or a template", path: ["prompt"] })
  .refine((b) => b.template === undefined || b.design !== undefined, { message: "a template needs its design", path: ["design"] })
  .meta({ id: "CreateImagesBody" });
export type CreateImagesBody = z.infer<typeof CreateImagesBodySchema>;

export const VariationsBodySchema = z
  .object({ count: z.number().int().min(1).max(8).default(2) })
  .meta({ id: "ImageVariationsBody" });
export const UpscaleBodySchema = z.object({ scale: z.literal(2).default(2) }).meta({ id: "ImageUpscaleBody" });

export const BatchImagesBodySchema = z
  .object({
    template: z.enum(VISUAL_TEMPLATES),
    productIds: z.array(z.string().min(1).max(64)).min(1, { message: "pick at least one product" }).max(BATCH_PRODUCTS_MAX, { message: `${BATCH_PRODUCTS_MAX} products at most in one batch` }),
    sizes: z.array(presetId).min(1, { message: "pick at least one size" }).max(VISUAL_PRESET_IDS.length),
    projectId: z.string().max(64).optional(),
  })
  .meta({ id: "BatchImagesBody" });

export const MarketingVisualsBodySchema = z
  .object({
    design: VisualDesignSchema,
    presets: z
      .array(z.enum(MARKETING_PRESET_IDS, { error: `preset must be one of ${MARKETING_PRESET_IDS.join(", ")}` }))
      .min(1, { message: "pick at least one preset" })
      .max(MARKETING_PRESET_IDS.length),
    productId: z.string().max(64).optional(),
    pageId: z.string().max(64).optional(),
    projectId: z.string().max(64).optional(),
  })
  .meta({ id: "MarketingVisualsBody" });
export type MarketingVisualsBody = z.infer<typeof MarketingVisualsBodySchema>;

export const DesignDefaultsQuerySchema = z.object({
  template: z.enum(VISUAL_TEMPLATES).default("studio"),
  productId: z.string().max(64).optional(),
  pageId: z.string().max(64).optional(),
  projectId: z.string().max(64).optional(),
});

/** A design filled in from a product (catalog or page) and the project's canon; `missing` says what it could not fill. */
export const DesignDefaultsSchema = z
  .object({
    design: VisualDesignSchema,
    proofFacts: z.array(ProofFactSchema),
    /** Product photos the merchant can import as sources (catalog image, page images). */
    productImageUrls: z.array(z.string()),
    productTitle: z.string().nullable(),
    missing: z.array(z.string()),
  })
  .meta({ id: "DesignDefaults" });
export type DesignDefaults = z.infer<typeof DesignDefaultsSchema>;

export const ImportImageBodySchema = z
  .object({
    sourceUrl: z.string().trim().min(1).max(2048),
    productId: z.string().max(64).optional(),
    pageId: z.string().max(64).optional(),
    projectId: z.string().max(64).optional(),
  })
  .meta({ id: "ImportImageBody" });

/**
 * Images and marketing visuals, the zod-free half (the browser imports this; the contract in
 * `contracts/images.ts` builds its schemas from it): the platform presets with their safe zones,
 * the templates the compositor draws, the fonts it bundles, and the upload limits.
 */
import type { PageFont } from "./pages";

/** A canvas size. Safe zones are the margins a platform covers with its own UI (story bars, captions). */
export interface VisualPreset {
  id: string;
  label: string;
  /** Where it is posted, for grouping on screens. */
  platform: string;
  width: number;
  height: number;
  /** Pixels from each edge that the platform may cover; text and the price badge stay inside. */
  safeZone: { top: number; right: number; bottom: number; left: number };
}

export const VISUAL_PRESETS = [
  { id: "instagram-post", label: "Instagram post", platform: "Instagram", width: 1080, height: 1080, safeZone: { top: 54, right: 54, bottom: 54, left: 54 } },
  // Instagram covers the top 250 px (profile, progress) and the bottom 340 px (reply bar, CTA) of a story.
  { id: "instagram-story", label: "Story & Reels", platform: "Instagram", width: 1080, height: 1920, safeZone: { top: 250, right: 60, bottom: 340, left: 60 } },
  { id: "facebook-feed", label: "Facebook feed", platform: "Facebook", width: 1200, height: 628, safeZone: { top: 40, right: 40, bottom: 40, left: 40 } },
  // TikTok's caption, sound and side buttons take the bottom 420 px and the right 140 px.
  { id: "tiktok", label: "TikTok", platform: "TikTok", width: 1080, height: 1920, safeZone: { top: 160, right: 140, bottom: 420, left: 60 } },
  { id: "pinterest", label: "Pinterest pin", platform: "Pinterest", width: 1000, height: 1500, safeZone: { top: 50, right: 50, bottom: 90, left: 50 } },
  // Shopify recommends 2048 x 2048 square product images for zoom.
  { id: "product-square", label: "Store product image", platform: "Store", width: 2048, height: 2048, safeZone: { top: 0, right: 0, bottom: 0, left: 0 } },
] as const satisfies readonly VisualPreset[];

export type VisualPresetId = (typeof VISUAL_PRESETS)[number]["id"];
export const VISUAL_PRESET_IDS = VISUAL_PRESETS.map((p) => p.id) as [VisualPresetId, ...VisualPresetId[]];
/** The ad presets of /marketing-visuals (the store image is the Image Maker's). */
export const MARKETING_PRESET_IDS = ["instagram-post", "instagram-story", "facebook-feed", "tiktok", "pinterest"] as const satisfies readonly VisualPresetId[];

export function presetById(id: string): VisualPreset | undefined {
  return VISUAL_PRESETS.find((p) => p.id === id);
}

/** The Image Maker's goals and styles; each is a compositor template. */
export const VISUAL_TEMPLATES = ["studio", "lifestyle", "sale", "comparison", "social-proof"] as const;
export type VisualTemplate = (typeof VISUAL_TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<VisualTemplate, { label: string; blurb: string }> = {
  studio: { label: "Studio", blurb: "The product on a clean backdrop with its name and price." },
  lifestyle: { label: "Lifestyle", blurb: "A warm scene-style backdrop, headline and benefits." },
  sale: { label: "Sale", blurb: "Big discount badge, was/now price and a call to action." },
  comparison: { label: "Comparison", blurb: "Your product against the usual alternative, point by point." },
  "social-proof": { label: "Social proof", blurb: "Real figures from your data (orders, ad activity), never testimonials." },
};

/** Free-form generation styles (a hint to image models; the compositor picks a backdrop family from it). */
export const IMAGE_STYLES = ["photo", "studio", "lifestyle", "minimal", "bold", "illustration"] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** The font families the rendering Worker bundles, per page font (ADR 015). */
export const VISUAL_FONT_FAMILIES: Record<PageFont, string> = {
  system: "Inter",
  humanist: "Nunito",
  geometric: "Montserrat",
  serif: "Playfair Display",
  rounded: "Nunito",
  mono: "Inter",
};

export const IMAGE_KINDS = ["upload", "generated", "visual"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MIN_SIDE = 200;
export const UPLOAD_MAX_SIDE = 6000;
export const THUMBNAIL_WIDTH = 480;
/** Longest text fields of a design. */
export const DESIGN_LIMITS = { headline: 120, subheadline: 200, bullet: 90, bullets: 4, badge: 24, cta: 28, proof: 3, prompt: 1000 } as const;
/** At most this many products in one batch. */
export const BATCH_PRODUCTS_MAX = 12;

/**
 * Pure rules of the Image Maker and marketing visuals: the wizard's steps and their order, the
 * draft kept in localStorage (what it holds, how it is read back and checked), the copy form's
 * values and how they become the design the API takes, and what each step needs before Next.
 * Framework-free: unit-tested in plain vitest (tests/unit/features/image-maker-*.test.ts).
 */
import type { DesignDefaults, ProofFact, ProofMetric, VisualDesign, VisualDesignInput } from "~/domain/contracts/images";
import {
  DESIGN_LIMITS,
  MARKETING_PRESET_IDS,
  VISUAL_PRESETS,
  VISUAL_TEMPLATES,
  type VisualPresetId,
  type VisualTemplate,
} from "~/domain/images";
import { PAGE_FONTS, type PageFont } from "~/domain/pages";

// ---------------------------------------------------------------------------------------------
// Steps

export const WIZARD_STEPS = ["product", "style", "copy", "sizes", "generate"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_LABELS: Record<WizardStep, { label: string; short: string }> = {
  product: { label: "Product", short: "Product" },
  style: { label: "Goal and style", short: "Style" },
  copy: { label: "Copy and price", short: "Copy" },
  sizes: { label: "Sizes", short: "Sizes" },
  generate: { label: "Generate", short: "Generate" },
};

export const isWizardStep = (value: unknown): value is WizardStep =>
  typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);

export const stepIndex = (step: WizardStep) => WIZARD_STEPS.indexOf(step);
export const nextStep = (step: WizardStep): WizardStep | null => WIZARD_STEPS[stepIndex(step) + 1] ?? null;
export const previousStep = (step: WizardStep): WizardStep | null =>
  stepIndex(step) > 0 ? WIZARD_STEPS[stepIndex(step) - 1] : null;

// ---------------------------------------------------------------------------------------------
// The draft

/** Where the product comes from: the merchant's own photos, a catalog product or one of their pages. */
export type DraftSource =
  | { kind: "upload" }
  | { kind: "product"; productId: string; title: string }
  | { kind: "page"; pageId: string; title: string };

/** An image the draft uses (an upload or an imported product photo). */
export interface DraftImage {
  id: string;
  name: string;
}

export interface ComparisonFields {
  oursLabel: string;
  theirsLabel: string;
  rows: { ours: string; theirs: string }[];
}

export interface Palette {
  background: string;
  surface: string;
  text: string;
  accent: string;
}

/** The copy form's values as typed (money as text), so a half-typed price survives a reload. */
export interface CopyFields {
  headline: string;
  subheadline: string;
  bullets: string[];
  price: string;
  compareAt: string;
  currency: string;
  /** Empty: the badge is the discount computed from the two prices. */
  badge: string;
  cta: string;
  comparison: ComparisonFields | null;
  proof: ProofMetric[];
  palette: Palette;
  font: PageFont;
}

/** What design-defaults said beside the design: shown honestly on the copy step. */
export interface DraftDefaults {
  proofFacts: ProofFact[];
  missing: string[];
  productImageUrls: string[];
  productTitle: string | null;
}

export interface WizardDraft {
  version: 1;
  source: DraftSource | null;
  /** The product photos chosen; the first is the design's photo. */
  photos: DraftImage[];
  logo: DraftImage | null;
  template: VisualTemplate | null;
  fields: CopyFields | null;
  defaults: DraftDefaults | null;
  /** The source and project the fields were filled from (see defaultsKeyOf). */
  defaultsKey: string | null;
  projectId: string | null;
  sizes: VisualPresetId[];
  count: number;
  /** The images the last generation made. */
  resultIds: string[];
  /** What that generation counted. */
  charged: { count: number; remaining: number } | null;
  /** The step the merchant was last on. */
  step: WizardStep;
}

export const DEFAULT_SIZES: VisualPresetId[] = ["instagram-post", "product-square"];

export const emptyDraft = (): WizardDraft => ({
  version: 1,
  source: null,
  photos: [],
  logo: null,
  template: null,
  fields: null,
  defaults: null,
  defaultsKey: null,
  projectId: null,
  sizes: [...DEFAULT_SIZES],
  count: 1,
  resultIds: [],
  charged: null,
  step: "product",
});

export const draftKey = (userId: number | string) => `image-maker-draft:${userId}`;
export const visualsKey = (userId: number | string) => `marketing-visuals-draft:${userId}`;

const PRESET_IDS = VISUAL_PRESETS.map((p) => p.id) as readonly string[];
const PROOF_METRIC_IDS = ["orders7d", "orders28d", "activeAds", "storesSelling"] as const;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 2000): string | null => (typeof v === "string" && v.length <= max ? v : null);
const strOr = (v: unknown, fallback: string, max = 2000) => str(v, max) ?? fallback;
const isHex = (v: unknown): v is string => typeof v === "string" && /^#[0-9a-fA-F]{6}$/.test(v);
const idLike = (v: unknown): string | null => (typeof v === "string" && /^[\w-]{1,64}$/.test(v) ? v : null);

function parseImage(v: unknown): DraftImage | null {
  if (!isObj(v)) return null;
  const id = idLike(v.id);
  return id ? { id, name: strOr(v.name, "image", 300) } : null;
}

function parseSource(v: unknown): DraftSource | null {
  if (!isObj(v)) return null;
  if (v.kind === "upload") return { kind: "upload" };
  if (v.kind === "product" && idLike(v.productId)) return { kind: "product", productId: v.productId as string, title: strOr(v.title, "", 300) };
  if (v.kind === "page" && idLike(v.pageId)) return { kind: "page", pageId: v.pageId as string, title: strOr(v.title, "", 300) };
  return null;
}

export const DEFAULT_PALETTE: Palette = { background: "#0f172a", surface: "#1e293b", text: "#f8fafc", accent: "#6366f1" };

function parsePalette(v: unknown): Palette {
  if (!isObj(v)) return { ...DEFAULT_PALETTE };
  return {
    background: isHex(v.background) ? v.background : DEFAULT_PALETTE.background,
    surface: isHex(v.surface) ? v.surface : DEFAULT_PALETTE.surface,
    text: isHex(v.text) ? v.text : DEFAULT_PALETTE.text,
    accent: isHex(v.accent) ? v.accent : DEFAULT_PALETTE.accent,
  };
}

function parseComparison(v: unknown): ComparisonFields | null {
  if (!isObj(v) || !Array.isArray(v.rows)) return null;
  const rows = v.rows
    .filter(isObj)
    .slice(0, 4)
    .map((r) => ({ ours: strOr(r.ours, "", 200), theirs: strOr(r.theirs, "", 200) }));
  return { oursLabel: strOr(v.oursLabel, "", 100), theirsLabel: strOr(v.theirsLabel, "", 100), rows };
}

/** Reads copy fields back, filling what is missing or malformed from safe defaults; null if it is not an object. */
export function parseFields(v: unknown): CopyFields | null {
  if (!isObj(v)) return null;
  const bullets = Array.isArray(v.bullets) ? v.bullets.filter((b): b is string => typeof b === "string").slice(0, DESIGN_LIMITS.bullets) : [];
  const proof = Array.isArray(v.proof)
    ? v.proof.filter((m): m is ProofMetric => (PROOF_METRIC_IDS as readonly unknown[]).includes(m)).slice(0, DESIGN_LIMITS.proof)
    : [];
  return {
    headline: strOr(v.headline, "", 500),
    subheadline: strOr(v.subheadline, "", 500),
    bullets: bullets.map((b) => b.slice(0, 300)),
    price: strOr(v.price, "", 30),
    compareAt: strOr(v.compareAt, "", 30),
    currency: typeof v.currency === "string" && /^[A-Z]{3}$/.test(v.currency) ? v.currency : "USD",
    badge: strOr(v.badge, "", 100),
    cta: strOr(v.cta, "", 100),
    comparison: parseComparison(v.comparison),
    proof,
    palette: parsePalette(v.palette),
    font: (PAGE_FONTS as readonly unknown[]).includes(v.font) ? (v.font as PageFont) : "system",
  };
}

function parseDefaults(v: unknown): DraftDefaults | null {
  if (!isObj(v)) return null;
  const strings = (a: unknown, max: number) => (Array.isArray(a) ? a.filter((s): s is string => typeof s === "string").slice(0, max) : []);
  const facts = Array.isArray(v.proofFacts)
    ? v.proofFacts.filter(
        (f): f is ProofFact =>
          isObj(f) && (PROOF_METRIC_IDS as readonly unknown[]).includes(f.metric) && typeof f.label === "string" && typeof f.value === "string" && typeof f.source === "string",
      )
    : [];
  return {
    proofFacts: facts.slice(0, 8),
    missing: strings(v.missing, 20),
    productImageUrls: strings(v.productImageUrls, 20),
    productTitle: str(v.productTitle, 300),
  };
}

/** Which product the design's defaults come from: "product:<id>", "page:<id>" or "none". */
/**
 * The draft with a new product or page to start from. Photos imported from another product or
 * page would show the wrong product, so they go; uploads stay. Picking the same source changes
 * nothing.
 */
export function withSource(d: WizardDraft, source: Exclude<DraftSource, { kind: "upload" }>): WizardDraft {
  const same =
    (source.kind === "product" && d.source?.kind === "product" && d.source.productId === source.productId) ||
    (source.kind === "page" && d.source?.kind === "page" && d.source.pageId === source.pageId);
  if (same) return d;
  const keepPhotos = d.source === null || d.source.kind === "upload";
  return {
    ...d,
    source,
    photos: keepPhotos ? d.photos : [],
    template: d.template === "social-proof" && source.kind !== "product" ? null : d.template,
    resultIds: [],
    charged: null,
  };
}

/** The catalog product a link names (`/image-maker?product=<id>`, the Explorer's), or null when it names none. */
export function productParam(params: URLSearchParams): string | null {
  return idLike(params.get("product")?.trim());
}

export const sourceKeyOf = (source: DraftSource | null) =>
  source?.kind === "product" ? `product:${source.productId}` : source?.kind === "page" ? `page:${source.pageId}` : "none";

/** The source and the project (whose canon gives palette and font) the copy was filled from. */
export const defaultsKeyOf = (draft: Pick<WizardDraft, "source" | "projectId">) => `${sourceKeyOf(draft.source)}|${draft.projectId ?? ""}`;

/**
 * Takes design-defaults into the draft: a new source fills the copy afresh; a new project only
 * changes palette and font (the merchant's words stay); a new template fills its own parts
 * (comparison rows, proof figures) when they are empty. The notes (missing, proof facts, photos) are
 * always the newest.
 */
export function applyDefaults(draft: WizardDraft, defaults: DesignDefaults, key: string): WizardDraft {
  const notes: DraftDefaults = {
    proofFacts: defaults.proofFacts,
    missing: defaults.missing,
    productImageUrls: defaults.productImageUrls,
    productTitle: defaults.productTitle,
  };
  const [source] = key.split("|");
  const [previousSource] = (draft.defaultsKey ?? "").split("|");
  let fields: CopyFields;
  if (!draft.fields || draft.defaultsKey === null || source !== previousSource) fields = fieldsFromDesign(defaults.design);
  else if (key !== draft.defaultsKey) fields = { ...draft.fields, palette: { ...defaults.design.palette }, font: defaults.design.font };
  else fields = draft.fields;
  return { ...draft, fields: adoptTemplateDefaults(fields, defaults), defaults: notes, defaultsKey: key };
}

/** Clamps the variation count to 1..max. */
export const clampCount = (n: unknown, max = 8) => {
  const v = typeof n === "number" && Number.isFinite(n) ? Math.round(n) : 1;
  return Math.min(Math.max(1, v), Math.max(1, max));
};

/**
 * Reads a stored draft back (the text from localStorage). Anything that is not a draft of this
 * version gives null; a draft with some bad fields keeps the good ones and drops the rest.
 */
export function parseDraft(raw: string | null): WizardDraft | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObj(v) || v.version !== 1) return null;
  const base = emptyDraft();
  const photos = Array.isArray(v.photos) ? v.photos.map(parseImage).filter((p): p is DraftImage => p !== null).slice(0, 4) : [];
  const sizes = Array.isArray(v.sizes)
    ? [...new Set(v.sizes.filter((s): s is VisualPresetId => PRESET_IDS.includes(s as string)))]
    : base.sizes;
  const charged =
    isObj(v.charged) && typeof v.charged.count === "number" && typeof v.charged.remaining === "number"
      ? { count: v.charged.count, remaining: v.charged.remaining }
      : null;
  return {
    version: 1,
    source: parseSource(v.source),
    photos,
    logo: parseImage(v.logo),
    template: (VISUAL_TEMPLATES as readonly unknown[]).includes(v.template) ? (v.template as VisualTemplate) : null,
    fields: parseFields(v.fields),
    defaults: parseDefaults(v.defaults),
    defaultsKey: str(v.defaultsKey, 200),
    projectId: idLike(v.projectId),
    sizes,
    count: clampCount(v.count),
    resultIds: Array.isArray(v.resultIds) ? v.resultIds.map(idLike).filter((id): id is string => id !== null).slice(0, 64) : [],
    charged,
    step: isWizardStep(v.step) ? v.step : "product",
  };
}

// ---------------------------------------------------------------------------------------------
// Money and fields

/** "19.99" → 1999; "" → null; anything else → undefined (not a price). */
export function parseMoney(text: string): number | null | undefined {
  const t = text.trim().replace(/[,\s]/g, "");
  if (t === "") return null;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return undefined;
  const [whole, fraction = ""] = t.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= 100_000_000 ? cents : undefined;
}

export const moneyText = (cents: number | null | undefined) => (cents === null || cents === undefined ? "" : (cents / 100).toFixed(2));

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The discount the badge shows when left empty ("-30%"), or null without two prices where the first is lower. */
export function computedBadge(fields: Pick<CopyFields, "price" | "compareAt">): string | null {
  const price = parseMoney(fields.price);
  const was = parseMoney(fields.compareAt);
  if (typeof price !== "number" || typeof was !== "number" || was <= price || was === 0) return null;
  const pct = Math.round(((was - price) / was) * 100);
  return pct > 0 ? `-${pct}%` : null;
}

/** The copy form's values from a design (the server's defaults or an image's design). */
export function fieldsFromDesign(design: VisualDesign): CopyFields {
  return {
    headline: design.headline,
    subheadline: design.subheadline ?? "",
    bullets: [...(design.bullets ?? [])].slice(0, DESIGN_LIMITS.bullets),
    price: moneyText(design.priceCents),
    compareAt: moneyText(design.compareAtPriceCents),
    currency: design.currency ?? "USD",
    badge: design.badge ?? "",
    cta: design.cta ?? "",
    comparison: design.comparison
      ? { oursLabel: design.comparison.oursLabel, theirsLabel: design.comparison.theirsLabel, rows: design.comparison.rows.map((r) => ({ ...r })) }
      : null,
    proof: [...(design.proof ?? [])],
    palette: { ...design.palette },
    font: design.font,
  };
}

/** A starting comparison when the defaults gave none (the merchant fills in the points). */
export const blankComparison = (): ComparisonFields => ({
  oursLabel: "Ours",
  theirsLabel: "The usual",
  rows: [{ ours: "", theirs: "" }],
});

/** Merges the defaults of a newly picked template into fields the merchant may have edited: their copy stays, the template's own parts are filled if empty. */
export function adoptTemplateDefaults(fields: CopyFields, defaults: Pick<DesignDefaults, "design">): CopyFields {
  const d = defaults.design;
  return {
    ...fields,
    comparison: fields.comparison ?? (d.comparison ? fieldsFromDesign(d).comparison : null),
    proof: fields.proof.length ? fields.proof : [...(d.proof ?? [])],
  };
}

export type FieldProblems = Partial<Record<string, string>>;

/** What is wrong with the copy for this template, by field ("headline", "bullets.1", "comparison.rows.0.ours", "palette.text"…). */
export function fieldProblems(fields: CopyFields, template: VisualTemplate | null): FieldProblems {
  const p: FieldProblems = {};
  if (!fields.headline.trim()) p.headline = "Write a headline: it is the biggest line on the image.";
  else if (fields.headline.trim().length > DESIGN_LIMITS.headline) p.headline = `${DESIGN_LIMITS.headline} characters at most.`;
  if (fields.subheadline.trim().length > DESIGN_LIMITS.subheadline) p.subheadline = `${DESIGN_LIMITS.subheadline} characters at most.`;
  fields.bullets.forEach((b, i) => {
    if (!b.trim()) p[`bullets.${i}`] = "Write the point or remove it.";
    else if (b.trim().length > DESIGN_LIMITS.bullet) p[`bullets.${i}`] = `${DESIGN_LIMITS.bullet} characters at most.`;
  });
  if (fields.bullets.length > DESIGN_LIMITS.bullets) p.bullets = `${DESIGN_LIMITS.bullets} points at most.`;
  const price = parseMoney(fields.price);
  const was = parseMoney(fields.compareAt);
  if (price === undefined) p.price = "Type an amount like 19.99, or leave it empty.";
  if (was === undefined) p.compareAt = "Type an amount like 29.99, or leave it empty.";
  else if (typeof was === "number" && typeof price === "number" && was <= price) p.compareAt = "The compare-at price should be higher than the price.";
  if (!/^[A-Z]{3}$/.test(fields.currency)) p.currency = "A three-letter code like USD.";
  if (fields.badge.trim().length > DESIGN_LIMITS.badge) p.badge = `${DESIGN_LIMITS.badge} characters at most.`;
  if (fields.cta.trim().length > DESIGN_LIMITS.cta) p.cta = `${DESIGN_LIMITS.cta} characters at most.`;
  for (const key of ["background", "surface", "text", "accent"] as const) {
    if (!isHex(fields.palette[key])) p[`palette.${key}`] = "A colour like #1f4fd1.";
  }
  if (template === "comparison") {
    const c = fields.comparison;
    if (!c || c.rows.length === 0) p.comparison = "Add at least one row: your point against the usual alternative's.";
    else {
      if (!c.oursLabel.trim()) p["comparison.oursLabel"] = "Name your column.";
      if (!c.theirsLabel.trim()) p["comparison.theirsLabel"] = "Name the other column.";
      c.rows.forEach((r, i) => {
        if (!r.ours.trim()) p[`comparison.rows.${i}.ours`] = "Write your point.";
        else if (r.ours.length > 60) p[`comparison.rows.${i}.ours`] = "60 characters at most.";
        if (!r.theirs.trim()) p[`comparison.rows.${i}.theirs`] = "Write their point.";
        else if (r.theirs.length > 60) p[`comparison.rows.${i}.theirs`] = "60 characters at most.";
      });
    }
  }
  if (template === "social-proof" && fields.proof.length === 0) p.proof = "Pick at least one figure to show.";
  return p;
}

/** The design the API takes, from the form's values (call after fieldProblems came back empty). */
export function designOf(
  fields: CopyFields,
  template: VisualTemplate,
  images: { photoImageId?: string | null; logoImageId?: string | null } = {},
): VisualDesignInput {
  const price = parseMoney(fields.price);
  const was = parseMoney(fields.compareAt);
  return {
    template,
    headline: fields.headline.trim(),
    subheadline: fields.subheadline.trim(),
    bullets: fields.bullets.map((b) => b.trim()).filter(Boolean).slice(0, DESIGN_LIMITS.bullets),
    priceCents: typeof price === "number" ? price : null,
    compareAtPriceCents: typeof was === "number" ? was : null,
    currency: fields.currency,
    badge: fields.badge.trim() || null,
    cta: fields.cta.trim(),
    comparison:
      template === "comparison" && fields.comparison
        ? {
            oursLabel: fields.comparison.oursLabel.trim(),
            theirsLabel: fields.comparison.theirsLabel.trim(),
            rows: fields.comparison.rows.map((r) => ({ ours: r.ours.trim(), theirs: r.theirs.trim() })).slice(0, 4),
          }
        : null,
    proof: template === "social-proof" ? fields.proof.slice(0, DESIGN_LIMITS.proof) : [],
    palette: { ...fields.palette },
    font: fields.font,
    photoImageId: images.photoImageId ?? null,
    logoImageId: images.logoImageId ?? null,
  };
}

/** A design good enough to preview (the headline may be a placeholder while it is empty). */
export function previewDesignOf(fields: CopyFields, template: VisualTemplate, images: { photoImageId?: string | null; logoImageId?: string | null } = {}): VisualDesignInput {
  const safe: CopyFields = {
    ...fields,
    headline: fields.headline.trim() ? fields.headline.slice(0, DESIGN_LIMITS.headline) : "Your headline",
    subheadline: fields.subheadline.slice(0, DESIGN_LIMITS.subheadline),
    bullets: fields.bullets.filter((b) => b.trim()).map((b) => b.slice(0, DESIGN_LIMITS.bullet)),
    price: parseMoney(fields.price) === undefined ? "" : fields.price,
    compareAt: typeof parseMoney(fields.compareAt) === "number" && (parseMoney(fields.compareAt) as number) > ((parseMoney(fields.price) as number | null) ?? -1) ? fields.compareAt : "",
    currency: /^[A-Z]{3}$/.test(fields.currency) ? fields.currency : "USD",
    badge: fields.badge.slice(0, DESIGN_LIMITS.badge),
    cta: fields.cta.slice(0, DESIGN_LIMITS.cta),
    palette: parsePalette(fields.palette),
    comparison: fields.comparison
      ? {
          oursLabel: fields.comparison.oursLabel.trim() || "Ours",
          theirsLabel: fields.comparison.theirsLabel.trim() || "The usual",
          rows: fields.comparison.rows
            .filter((r) => r.ours.trim() && r.theirs.trim())
            .map((r) => ({ ours: r.ours.slice(0, 60), theirs: r.theirs.slice(0, 60) })),
        }
      : null,
  };
  if (safe.comparison && safe.comparison.rows.length === 0) safe.comparison = null;
  return designOf(safe, template, images);
}

// ---------------------------------------------------------------------------------------------
// What each step needs

/** Why the merchant cannot leave this step forward yet, or null when they can. */
export function blockerOf(step: WizardStep, draft: WizardDraft, maxCount = 8): string | null {
  switch (step) {
    case "product":
      return draft.photos.length === 0 ? "Add a product photo: upload one, or import one from a product or a page." : null;
    case "style":
      if (!draft.template) return "Pick a goal and style.";
      if (draft.template === "social-proof" && draft.source?.kind !== "product")
        return "Social proof needs a catalog product: its figures come from the product's record.";
      return null;
    case "copy": {
      if (!draft.fields) return "The copy is still loading.";
      const problems = fieldProblems(draft.fields, draft.template);
      const first = Object.values(problems)[0];
      return first ? `Fix the copy first: ${first}` : null;
    }
    case "sizes":
      if (draft.sizes.length === 0) return "Pick at least one size.";
      if (draft.count < 1 || draft.count > maxCount) return `Between 1 and ${maxCount} variations per size.`;
      return null;
    case "generate":
      return null;
  }
}

/** The first step that is not done: where /image-maker lands and how far the indicator lets the merchant jump. */
export function firstOpenStep(draft: WizardDraft, maxCount = 8): WizardStep {
  for (const step of WIZARD_STEPS) if (blockerOf(step, draft, maxCount)) return step;
  return "generate";
}

/** Whether a step may be shown: every step before it is done. */
export const canVisit = (step: WizardStep, draft: WizardDraft, maxCount = 8) =>
  stepIndex(step) <= stepIndex(firstOpenStep(draft, maxCount));

/** Where /image-maker goes: the step the merchant was on, if it may be shown, else the first open one. */
export function landingStep(draft: WizardDraft | null, maxCount = 8): WizardStep {
  if (!draft) return "product";
  return canVisit(draft.step, draft, maxCount) ? draft.step : firstOpenStep(draft, maxCount);
}

/** Images a generation makes: one per size per variation. */
export const imagesToMake = (draft: Pick<WizardDraft, "sizes" | "count">) => draft.sizes.length * draft.count;

// ---------------------------------------------------------------------------------------------
// Marketing visuals

export type MarketingPresetId = (typeof MARKETING_PRESET_IDS)[number];

export interface VisualsDraft {
  version: 1;
  template: VisualTemplate;
  fields: CopyFields | null;
  photo: DraftImage | null;
  logo: DraftImage | null;
  productId: string | null;
  pageId: string | null;
  projectId: string | null;
  presets: MarketingPresetId[];
  showSafeZones: boolean;
  resultIds: string[];
}

export const emptyVisualsDraft = (): VisualsDraft => ({
  version: 1,
  template: "sale",
  fields: null,
  photo: null,
  logo: null,
  productId: null,
  pageId: null,
  projectId: null,
  presets: ["instagram-post", "instagram-story", "facebook-feed"],
  showSafeZones: true,
  resultIds: [],
});

export function parseVisualsDraft(raw: string | null): VisualsDraft | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObj(v) || v.version !== 1) return null;
  const base = emptyVisualsDraft();
  return {
    version: 1,
    template: (VISUAL_TEMPLATES as readonly unknown[]).includes(v.template) ? (v.template as VisualTemplate) : base.template,
    fields: parseFields(v.fields),
    photo: parseImage(v.photo),
    logo: parseImage(v.logo),
    productId: idLike(v.productId),
    pageId: idLike(v.pageId),
    projectId: idLike(v.projectId),
    presets: Array.isArray(v.presets)
      ? [...new Set(v.presets.filter((p): p is MarketingPresetId => (MARKETING_PRESET_IDS as readonly unknown[]).includes(p)))]
      : base.presets,
    showSafeZones: typeof v.showSafeZones === "boolean" ? v.showSafeZones : true,
    resultIds: Array.isArray(v.resultIds) ? v.resultIds.map(idLike).filter((id): id is string => id !== null).slice(0, 64) : [],
  };
}

/** The wizard's design carried over to marketing visuals ("Make marketing visuals from this design"). */
export function visualsFromWizard(draft: WizardDraft, previous: VisualsDraft | null): VisualsDraft {
  const base = previous ?? emptyVisualsDraft();
  return {
    ...base,
    template: draft.template ?? base.template,
    fields: draft.fields ? structuredCloneFields(draft.fields) : base.fields,
    photo: draft.photos[0] ?? base.photo,
    logo: draft.logo,
    productId: draft.source?.kind === "product" ? draft.source.productId : null,
    pageId: draft.source?.kind === "page" ? draft.source.pageId : null,
    projectId: draft.projectId,
    resultIds: [],
  };
}

/**
 * Marketing visuals started from a catalog product (`/marketing-visuals?product=<id>`): the copy is
 * filled afresh from that product's record, and a photo from another product goes.
 */
export function visualsWithProduct(previous: VisualsDraft | null, productId: string): VisualsDraft {
  const base = previous ?? emptyVisualsDraft();
  if (base.productId === productId) return base;
  return { ...base, productId, pageId: null, fields: null, photo: base.productId || base.pageId ? null : base.photo, resultIds: [] };
}

const structuredCloneFields = (f: CopyFields): CopyFields => JSON.parse(JSON.stringify(f)) as CopyFields;

/** A safe zone as percentages of the canvas, for an overlay drawn over a preview. */
export function safeZoneBox(preset: { width: number; height: number; safeZone: { top: number; right: number; bottom: number; left: number } }) {
  const { width: w, height: h, safeZone: z } = preset;
  return {
    top: (z.top / h) * 100,
    right: (z.right / w) * 100,
    bottom: (z.bottom / h) * 100,
    left: (z.left / w) * 100,
  };
}

/** Whether an image's pixel size has the preset's aspect ratio (within rounding). */
export const matchesAspect = (img: { width: number; height: number }, preset: { width: number; height: number }) =>
  Math.abs(img.width / img.height - preset.width / preset.height) < 0.01;

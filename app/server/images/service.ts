/**
 * Images: the merchant's photo uploads, generated images (Image Maker, free-form prompts,
 * variations, upscales, batches) and marketing visuals. Every generation is gated by plan,
 * reserves its usage before any work, and is refunded in full when it fails: nothing half-made
 * is kept. PNGs and thumbnails live in R2; their metadata in D1, scoped to the owner.
 *
 * Plan rules (spec section 6): on the free plan generation and image download open the upgrade
 * modal; the server refuses them with FORBIDDEN and details { feature, upgrade: true }. The
 * merchant's own uploads are never gated.
 */
import { zipSync } from "fflate";
import type { CreateImagesBody, Image, ImageListQuery, MarketingVisualsBody, ProofFact, VisualDesign, VisualTemplate } from "~/domain/contracts/images";
import { AppError } from "~/domain/errors";
import { presetById, THUMBNAIL_WIDTH, UPLOAD_MAX_BYTES, UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE, type ImageKind, type VisualPreset } from "~/domain/images";
import type { Plan } from "~/domain/plans";
import type { Database } from "../../../db/client";
import { deleteImageRow, findImage, findImages, insertImages, listImages as listImageRows, markImagePublished, type ImageRow, type NewImage } from "../../../db/images";
import { findProject } from "../../../db/projects";
import { planFor } from "../billing/plan";
import { reserveUsage, type MeterBindings, type UsageReservation } from "../usage/meter";
import { createGuardedFetcher } from "../web/url-guard";
import { composeBackdrop, composeVisual, frameImageSvg, type ComposeAssets } from "./compose";
import { brandOf, designFrom, loadDesignSource, proofFactsFor } from "./design-defaults";
import type { ImageModel } from "./model";
import type { Renderer } from "./renderer";
import { sceneWithPhotoSvg, watermarkSvg } from "./scene";
import { sniffImage } from "./sniff";

export interface ImageDeps {
  db: Database;
  env: MeterBindings;
  files: R2Bucket;
  renderer: Renderer;
  /** The configured image model (IMAGE_BASE_URL); absent: the built-in compositor does everything. */
  model?: ImageModel;
  /** The app's public origin: published images' addresses. */
  origin: string;
  allowLoopbackForTests: boolean;
}

export interface ImageCharge {
  counter: "images" | "marketingVisuals";
  count: number;
  remaining: number;
}

const MB = 1024 * 1024;
const megabytes = (n: number) => `${(n / MB).toFixed(1)} MB`;
/** The model's layout variations (composeVisual's `variant`). */
const VARIANTS = 8;

/** Where a published image is served to anyone (drop pages, store export). */
export const mediaPath = (id: string, mimeType: string) => `/media/${id}.${mimeType === "image/jpeg" ? "jpg" : "png"}`;

export function toImage(row: ImageRow): Image {
  const base = `/api/images/${row.id}`;
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    presetId: row.presetId,
    template: (row.template as VisualTemplate | null) ?? null,
    prompt: row.prompt,
    style: row.style,
    provider: row.provider,
    model: row.model,
    design: (row.design as VisualDesign | null) ?? null,
    proofFacts: row.proofFacts as ProofFact[],
    projectId: row.projectId,
    productId: row.productId,
    pageId: row.pageId,
    sourceImageIds: row.sourceImageIds,
    parentId: row.parentId,
    batchId: row.batchId,
    notes: row.notes,
    fileUrl: `${base}/file`,
    thumbnailUrl: `${base}/thumbnail`,
    downloadUrl: `${base}/download`,
    createdAt: row.createdAt,
  };
}

// ── Gates ────────────────────────────────────────────────────────────────────────────────────

function requirePaidGeneration(plan: Plan): void {
  if (plan.tier !== "free") return;
  throw new AppError("FORBIDDEN", "Generating images is part of the Growth and Elite plans. On the free plan you can upload photos, design and preview.", {
    details: { feature: "generate", plan: plan.id, upgrade: true },
  });
}

/** Generated images are downloadable on paid plans only; the merchant's own uploads always. */
function requireDownloadable(plan: Plan, rows: readonly ImageRow[]): void {
  if (plan.tier !== "free" || rows.every((r) => r.kind === "upload")) return;
  throw new AppError("FORBIDDEN", "Downloading generated images is part of the Growth and Elite plans. Your own uploads stay downloadable.", {
    details: { feature: "download", plan: plan.id, upgrade: true },
  });
}

function requireCount(plan: Plan, count: number): void {
  const max = plan.features.maxImagesPerRequest;
  if (count > max) throw new AppError("VALIDATION", `count is ${count}, but your plan makes ${max} variations per request at most.`, { details: { field: "count", max } });
}

async function requireProject(db: Database, userId: number, projectId: string | null | undefined): Promise<void> {
  if (projectId && !(await findProject(db, userId, projectId))) throw new AppError("NOT_FOUND", "No such project (projectId).");
}

async function ownImage(db: Database, userId: number, id: string): Promise<ImageRow> {
  const row = await findImage(db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such image.");
  return row;
}

// ── Storage ──────────────────────────────────────────────────────────────────────────────────

const keysFor = (userId: number, id: string, mimeType: string) => ({
  r2Key: `images/${userId}/${id}.${mimeType === "image/jpeg" ? "jpg" : "png"}`,
  thumbKey: `images/${userId}/${id}.thumb.png`,
});

async function readBytes(files: R2Bucket, key: string): Promise<Uint8Array<ArrayBuffer>> {
  const object = await files.get(key);
  if (!object) throw new AppError("NOT_FOUND", "The image file is missing from storage.");
  return new Uint8Array(await object.arrayBuffer());
}

const dataUri = (bytes: Uint8Array, mimeType: string) => `data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`;

interface Made {
  row: NewImage;
  png: Uint8Array;
  thumb: Uint8Array;
}

/** Writes made images' files, then their rows; a failure removes the files it wrote. */
async function saveAll(deps: ImageDeps, made: Made[]): Promise<ImageRow[]> {
  const written: string[] = [];
  try {
    for (const m of made) {
      await deps.files.put(m.row.r2Key, m.png, { httpMetadata: { contentType: m.row.mimeType } });
      written.push(m.row.r2Key);
      await deps.files.put(m.row.thumbKey, m.thumb, { httpMetadata: { contentType: "image/png" } });
      written.push(m.row.thumbKey);
    }
    return await insertImages(deps.db, made.map((m) => m.row));
  } catch (err) {
    if (written.length) await deps.files.delete(written).catch(() => undefined);
    throw err;
  }
}

// ── Composition ──────────────────────────────────────────────────────────────────────────────

interface ResolvedAssets {
  assets: ComposeAssets;
  sourceImageIds: string[];
}

/** The design's photo, logo and backdrop as data URIs, from the caller's own images only. */
async function resolveAssets(deps: ImageDeps, userId: number, design: VisualDesign | null, extraIds: readonly string[] = []): Promise<ResolvedAssets> {
  const wanted = [design?.photoImageId, design?.logoImageId, design?.backgroundImageId, ...extraIds].filter((id): id is string => Boolean(id));
  const unique = [...new Set(wanted)];
  const rows = await findImages(deps.db, userId, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError("NOT_FOUND", `${missing.length === 1 ? "An image the design uses is" : `${missing.length} images the design uses are`} not in your gallery (${missing.join(", ")}).`);
  const load = async (id: string | null | undefined) => {
    const row = id ? byId.get(id) : undefined;
    return row ? { href: dataUri(await readBytes(deps.files, row.r2Key), row.mimeType), aspect: row.width / row.height } : null;
  };
  const photoId = design?.photoImageId ?? extraIds[0] ?? null;
  const [photo, logo, background] = await Promise.all([load(photoId), load(design?.logoImageId), load(design?.backgroundImageId)]);
  return {
    assets: { photoHref: photo?.href ?? null, photoAspect: photo?.aspect ?? null, logoHref: logo?.href ?? null, logoAspect: logo?.aspect ?? null, backgroundHref: background?.href ?? null },
    sourceImageIds: unique,
  };
}

const presetOf = (id: string): VisualPreset => {
  const preset = presetById(id);
  if (!preset) throw new AppError("VALIDATION", `Unknown size ${id}.`);
  return preset;
};

async function renderWithThumb(deps: ImageDeps, svg: string, width?: number): Promise<{ png: Uint8Array; thumb: Uint8Array; width: number; height: number }> {
  const full = await deps.renderer.renderWithThumbnail(svg, THUMBNAIL_WIDTH, width);
  return { png: full.png, thumb: full.thumbnail.png, width: full.width, height: full.height };
}

interface Provenance {
  userId: number;
  kind: Exclude<ImageKind, "upload">;
  projectId: string | null;
  productId: string | null;
  pageId: string | null;
  batchId: string | null;
  parentId: string | null;
  prompt: string | null;
  style: string | null;
}

const fileNameOf = (kind: string, preset: VisualPreset, id: string) => `dropcraft-${kind}-${preset.id}-${id.slice(0, 8)}.png`;

/** Draws a design in one preset and variant: the compositor's SVG, rendered. */
async function makeDesignImage(deps: ImageDeps, p: Provenance, design: VisualDesign, preset: VisualPreset, variant: number, resolved: ResolvedAssets, proofFacts: ProofFact[], extraNotes: string[] = [], scale = 1): Promise<Made> {
  const id = crypto.randomUUID();
  const { svg, notes } = composeVisual({ design, preset, assets: resolved.assets, proofFacts, variant });
  const rendered = await renderWithThumb(deps, svg, scale === 1 ? undefined : Math.min(4096, preset.width * scale));
  return {
    png: rendered.png,
    thumb: rendered.thumb,
    row: {
      id,
      userId: p.userId,
      projectId: p.projectId,
      kind: p.kind,
      fileName: fileNameOf(p.kind, preset, id),
      mimeType: "image/png",
      width: rendered.width,
      height: rendered.height,
      bytes: rendered.png.byteLength,
      presetId: preset.id,
      template: design.template,
      prompt: p.prompt,
      style: p.style,
      provider: "compositor",
      model: null,
      design,
      proofFacts,
      productId: p.productId,
      pageId: p.pageId,
      sourceImageIds: resolved.sourceImageIds,
      parentId: p.parentId,
      batchId: p.batchId,
      variant,
      notes: [...extraNotes, ...notes],
      ...keysFor(p.userId, id, "image/png"),
    },
  };
}

/** A scene from the prompt (the model's picture, or the compositor's designed backdrop) in one preset. */
async function makePromptImages(deps: ImageDeps, p: Provenance, prompt: string, style: string | undefined, preset: VisualPreset, count: number, resolved: ResolvedAssets): Promise<Made[]> {
  const made: Made[] = [];
  if (deps.model) {
    const pictures = await deps.model.generate({ prompt, width: preset.width, height: preset.height, count, style });
    for (const picture of pictures.slice(0, count)) {
      const id = crypto.randomUUID();
      const scene = dataUri(picture.bytes, picture.mimeType);
      const svg = sceneWithPhotoSvg(preset, scene, resolved.assets);
      const rendered = await renderWithThumb(deps, svg);
      const notes = [`Made by ${deps.model.id} and fitted to ${preset.width}×${preset.height}.`];
      if (resolved.assets.photoHref) notes.push("Your product photo is placed on the model's scene unchanged.");
      if (picture.revisedPrompt) notes.push(`The model read the prompt as: ${picture.revisedPrompt}`);
      made.push({ png: rendered.png, thumb: rendered.thumb, row: promptRow(p, id, preset, rendered, "model", deps.model.id, resolved, notes, 0) });
    }
    if (made.length < count) throw new AppError("UNAVAILABLE", `The image model made ${made.length} of the ${count} images asked for. Nothing was charged; try again.`);
    return made;
  }
  for (let variant = 0; variant < count; variant++) {
    const id = crypto.randomUUID();
    const { svg, notes } = composeBackdrop({ prompt, style: style as never, preset, variant, assets: { photoHref: resolved.assets.photoHref, photoAspect: resolved.assets.photoAspect } });
    const rendered = await renderWithThumb(deps, svg);
    made.push({ png: rendered.png, thumb: rendered.thumb, row: promptRow(p, id, preset, rendered, "compositor", null, resolved, notes, variant) });
  }
  return made;
}

function promptRow(p: Provenance, id: string, preset: VisualPreset, rendered: { png: Uint8Array; width: number; height: number }, provider: "model" | "compositor", model: string | null, resolved: ResolvedAssets, notes: string[], variant: number): NewImage {
  return {
    id,
    userId: p.userId,
    projectId: p.projectId,
    kind: p.kind,
    fileName: fileNameOf(p.kind, preset, id),
    mimeType: "image/png",
    width: rendered.width,
    height: rendered.height,
    bytes: rendered.png.byteLength,
    presetId: preset.id,
    template: null,
    prompt: p.prompt,
    style: p.style,
    provider,
    model,
    design: null,
    proofFacts: [],
    productId: p.productId,
    pageId: p.pageId,
    sourceImageIds: resolved.sourceImageIds,
    parentId: p.parentId,
    batchId: p.batchId,
    variant,
    notes,
    ...keysFor(p.userId, id, "image/png"),
  };
}

/**
 * Spends `amount` of `counter`, runs the work, and keeps its images only if all of it succeeded:
 * the reservation is committed with the rows, or refunded (and nothing kept) on any failure.
 */
async function charged(deps: ImageDeps, userId: number, counter: ImageCharge["counter"], amount: number, work: () => Promise<Made[]>): Promise<{ images: Image[]; charged: ImageCharge }> {
  const reservation: UsageReservation = await reserveUsage(deps.env, userId, counter, amount, deps.db);
  let rows: ImageRow[];
  try {
    rows = await saveAll(deps, await work());
  } catch (err) {
    await reservation.refund();
    throw err;
  }
  await reservation.commit();
  return { images: rows.map(toImage), charged: { counter, count: amount, remaining: reservation.remaining } };
}

// ── Generation ───────────────────────────────────────────────────────────────────────────────

/** POST /api/images: a template design in each size and variation, or a scene from a prompt. */
export async function createImages(deps: ImageDeps, userId: number, body: CreateImagesBody) {
  const plan = await planFor(deps.db, userId);
  requirePaidGeneration(plan);
  requireCount(plan, body.count);
  await requireProject(deps.db, userId, body.projectId);
  const source = await loadDesignSource(deps.db, userId, body);
  const design = body.design ? { ...body.design, template: body.template ?? body.design.template } : null;
  const resolved = await resolveAssets(deps, userId, design, body.sourceImageIds);
  const proofFacts = design ? await proofFactsFor(deps.db, userId, source.catalogRow, design.proof) : [];
  const presets = body.sizes.map(presetOf);
  const p: Provenance = { userId, kind: "generated", projectId: body.projectId ?? null, productId: source.productId, pageId: source.pageId, batchId: null, parentId: null, prompt: body.prompt ?? null, style: body.style ?? null };

  return charged(deps, userId, "images", presets.length * body.count, async () => {
    const made: Made[] = [];
    for (const preset of presets) {
      if (design) {
        let withScene = resolved;
        const sceneNotes: string[] = [];
        if (body.prompt && deps.model && !design.backgroundImageId) {
          // The model paints the backdrop; the compositor lays the photo and copy over it.
          const [scene] = await deps.model.generate({ prompt: body.prompt, width: preset.width, height: preset.height, count: 1, style: body.style });
          withScene = { ...resolved, assets: { ...resolved.assets, backgroundHref: dataUri(scene.bytes, scene.mimeType) } };
          sceneNotes.push(`Backdrop painted by ${deps.model.id} from your prompt.`);
        }
        for (let variant = 0; variant < body.count; variant++) made.push(await makeDesignImage(deps, p, design, preset, variant, withScene, proofFacts, sceneNotes));
      } else {
        made.push(...(await makePromptImages(deps, p, body.prompt ?? "", body.style, preset, body.count, resolved)));
      }
    }
    return made;
  });
}

/** POST /api/marketing-visuals: one design in each ad preset, metered per day. */
export async function createMarketingVisuals(deps: ImageDeps, userId: number, body: MarketingVisualsBody) {
  const plan = await planFor(deps.db, userId);
  if (plan.tier === "free") {
    throw new AppError("FORBIDDEN", "Marketing visuals are part of the Growth and Elite plans. On the free plan you can design and preview them.", {
      details: { feature: "generate", plan: plan.id, upgrade: true },
    });
  }
  await requireProject(deps.db, userId, body.projectId);
  const source = await loadDesignSource(deps.db, userId, body);
  const resolved = await resolveAssets(deps, userId, body.design);
  const proofFacts = await proofFactsFor(deps.db, userId, source.catalogRow, body.design.proof);
  const presets = [...new Set(body.presets)].map(presetOf);
  const batchId = presets.length > 1 ? crypto.randomUUID() : null;
  const p: Provenance = { userId, kind: "visual", projectId: body.projectId ?? null, productId: source.productId, pageId: source.pageId, batchId, parentId: null, prompt: null, style: null };
  return charged(deps, userId, "marketingVisuals", presets.length, async () => {
    const made: Made[] = [];
    for (const preset of presets) made.push(await makeDesignImage(deps, p, body.design, preset, 0, resolved, proofFacts));
    return made;
  });
}

/** POST /api/images/batch: one template across several products (each product's own fields) and sizes. */
export async function createBatch(deps: ImageDeps, userId: number, body: { template: VisualTemplate; productIds: string[]; sizes: string[]; projectId?: string }) {
  const plan = await planFor(deps.db, userId);
  requirePaidGeneration(plan);
  await requireProject(deps.db, userId, body.projectId);
  const brand = await brandOf(deps.db, userId, body.projectId);
  const productIds = [...new Set(body.productIds)];
  const sources = await Promise.all(productIds.map((productId) => loadDesignSource(deps.db, userId, { productId })));
  const presets = body.sizes.map(presetOf);
  const batchId = crypto.randomUUID();
  return charged(deps, userId, "images", sources.length * presets.length, async () => {
    const made: Made[] = [];
    for (const source of sources) {
      const { design, missing } = designFrom(source, body.template, brand.palette);
      const proofFacts = await proofFactsFor(deps.db, userId, source.catalogRow, design.proof);
      const p: Provenance = { userId, kind: "generated", projectId: body.projectId ?? null, productId: source.productId, pageId: null, batchId, parentId: null, prompt: null, style: null };
      const resolved: ResolvedAssets = { assets: { photoHref: null, photoAspect: null, logoHref: null, logoAspect: null, backgroundHref: null }, sourceImageIds: [] };
      for (const preset of presets) made.push(await makeDesignImage(deps, p, design, preset, 0, resolved, proofFacts, missing.filter((m) => !m.startsWith("Comparison"))));
    }
    return made;
  });
}

/** POST /api/images/{id}/variations: the compositor redraws a design in other layouts; a model varies a picture. */
export async function createVariations(deps: ImageDeps, userId: number, id: string, count: number) {
  const parent = await ownImage(deps.db, userId, id);
  const plan = await planFor(deps.db, userId);
  requirePaidGeneration(plan);
  requireCount(plan, count);
  const preset = presetById(parent.presetId ?? "") ?? null;
  const p: Provenance = { userId, kind: parent.kind === "upload" ? "generated" : parent.kind, projectId: parent.projectId, productId: parent.productId, pageId: parent.pageId, batchId: null, parentId: parent.id, prompt: parent.prompt, style: parent.style };
  const design = parent.design as VisualDesign | null;
  if (design && preset) {
    const resolved = await resolveAssets(deps, userId, design);
    const source = await loadDesignSource(deps.db, userId, { productId: parent.productId });
    const proofFacts = await proofFactsFor(deps.db, userId, source.catalogRow, design.proof);
    return charged(deps, userId, "images", count, async () => {
      const made: Made[] = [];
      for (let i = 1; i <= count; i++) made.push(await makeDesignImage(deps, p, design, preset, (parent.variant + i) % VARIANTS, resolved, proofFacts, [`A variation of ${parent.fileName}.`]));
      return made;
    });
  }
  if (!deps.model) {
    throw new AppError("VALIDATION", "The built-in compositor varies the designs it made. For variations of a photo or a scene, an image model must be configured (IMAGE_BASE_URL).");
  }
  const model = deps.model;
  const target = preset ?? { id: "original", label: "Original", platform: "", width: parent.width, height: parent.height, safeZone: { top: 0, right: 0, bottom: 0, left: 0 } };
  const bytes = await readBytes(deps.files, parent.r2Key);
  return charged(deps, userId, "images", count, async () => {
    const pictures = await model.edit({ image: bytes, mimeType: parent.mimeType, prompt: parent.prompt ?? "A variation of this image, same subject and style.", width: target.width, height: target.height, count });
    const made: Made[] = [];
    for (const picture of pictures.slice(0, count)) {
      const childId = crypto.randomUUID();
      const svg = sceneWithPhotoSvg(target, dataUri(picture.bytes, picture.mimeType), { photoHref: null, photoAspect: null });
      const rendered = await renderWithThumb(deps, svg);
      made.push({ png: rendered.png, thumb: rendered.thumb, row: { ...promptRow(p, childId, target as VisualPreset, rendered, "model", model.id, { assets: { photoHref: null, photoAspect: null, logoHref: null, logoAspect: null, backgroundHref: null }, sourceImageIds: [parent.id] }, [`A variation of ${parent.fileName} by ${model.id}.`], 0), presetId: preset?.id ?? null } });
    }
    if (made.length < count) throw new AppError("UNAVAILABLE", `The image model made ${made.length} of the ${count} variations asked for. Nothing was charged; try again.`);
    return made;
  });
}

/** POST /api/images/{id}/upscale: a compositor design redrawn at twice the size from its vector source. */
export async function upscaleImage(deps: ImageDeps, userId: number, id: string) {
  const parent = await ownImage(deps.db, userId, id);
  const plan = await planFor(deps.db, userId);
  requirePaidGeneration(plan);
  const design = parent.design as VisualDesign | null;
  const preset = presetById(parent.presetId ?? "");
  if (!design || !preset || parent.provider !== "compositor") {
    throw new AppError("VALIDATION", "Only designs made by the built-in compositor can be upscaled: it redraws them at twice the size from their shapes and text. Photos and model pictures cannot be upscaled here.");
  }
  if (parent.width >= 4096 || preset.width * 2 > 4096) throw new AppError("VALIDATION", `This image is already ${parent.width} px wide; 4096 px is the largest we render.`);
  const resolved = await resolveAssets(deps, userId, design);
  const proofFacts = parent.proofFacts as ProofFact[];
  const p: Provenance = { userId, kind: parent.kind === "upload" ? "generated" : parent.kind, projectId: parent.projectId, productId: parent.productId, pageId: parent.pageId, batchId: null, parentId: parent.id, prompt: parent.prompt, style: parent.style };
  return charged(deps, userId, "images", 1, async () => [
    await makeDesignImage(deps, p, design, preset, parent.variant, resolved, proofFacts, ["Redrawn at 2× from the design: text and shapes are sharp; photos are as sharp as their upload."], 2),
  ]);
}

/** POST /api/images/preview: a small watermarked PNG of a design, for the editors (not metered, any plan). */
export async function previewDesign(deps: ImageDeps, userId: number, body: { design: VisualDesign; presetId: string; variant?: number; productId?: string }): Promise<Uint8Array<ArrayBuffer>> {
  const preset = presetOf(body.presetId);
  const resolved = await resolveAssets(deps, userId, body.design);
  const source = await loadDesignSource(deps.db, userId, { productId: body.productId });
  const proofFacts = await proofFactsFor(deps.db, userId, source.catalogRow, body.design.proof);
  const { svg } = composeVisual({ design: body.design, preset, assets: resolved.assets, proofFacts, variant: body.variant ?? 0 });
  const width = Math.min(540, preset.width);
  return (await deps.renderer.render(watermarkSvg(svg, preset), width)).png;
}

// ── Uploads ──────────────────────────────────────────────────────────────────────────────────

/** POST /api/uploads/images: a product photo (PNG, JPEG or WebP), checked by its bytes. Not metered. */
export async function uploadImage(deps: ImageDeps, userId: number, file: { name: string; bytes: Uint8Array }, meta: { projectId?: string | null; productId?: string | null; pageId?: string | null; sourceUrl?: string } = {}) {
  const name = file.name.trim().slice(0, 200) || "photo";
  if (file.bytes.byteLength === 0) throw new AppError("VALIDATION", `${name} is empty.`);
  if (file.bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `${name} is ${megabytes(file.bytes.byteLength)}; photos can be ${megabytes(UPLOAD_MAX_BYTES)} at most.`);
  const sniffed = sniffImage(file.bytes);
  if (!sniffed) throw new AppError("UNSUPPORTED_MEDIA_TYPE", `${name} is not a PNG, JPEG or WebP image.`);
  const { width, height } = sniffed;
  if (width < UPLOAD_MIN_SIDE || height < UPLOAD_MIN_SIDE) throw new AppError("VALIDATION", `${name} is ${width}×${height} px; photos need at least ${UPLOAD_MIN_SIDE} px on each side.`);
  if (width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE) throw new AppError("VALIDATION", `${name} is ${width}×${height} px; photos can be ${UPLOAD_MAX_SIDE} px on a side at most.`);
  await requireProject(deps.db, userId, meta.projectId);

  const notes: string[] = [];
  let bytes = file.bytes;
  let mimeType: string = sniffed.mimeType;
  if (sniffed.mimeType === "image/webp") {
    bytes = (await deps.renderer.webpToPng(file.bytes as Uint8Array<ArrayBuffer>)).png;
    mimeType = "image/png";
    notes.push("Converted from WebP to PNG so every renderer can draw it.");
  }
  if (meta.sourceUrl) notes.push(`Imported from ${meta.sourceUrl}`);
  const id = crypto.randomUUID();
  const thumb = await deps.renderer.render(frameImageSvg(dataUri(bytes, mimeType), width, height, Math.min(THUMBNAIL_WIDTH, width)));
  const baseName = name.replace(/\.[a-z0-9]+$/i, "");
  const [row] = await saveAll(deps, [
    {
      png: bytes,
      thumb: thumb.png,
      row: {
        id,
        userId,
        projectId: meta.projectId ?? null,
        kind: "upload",
        fileName: `${baseName}.${mimeType === "image/jpeg" ? "jpg" : "png"}`,
        mimeType,
        width,
        height,
        bytes: bytes.byteLength,
        presetId: null,
        template: null,
        prompt: null,
        style: null,
        provider: "upload",
        model: null,
        design: null,
        proofFacts: [],
        productId: meta.productId ?? null,
        pageId: meta.pageId ?? null,
        sourceImageIds: [],
        parentId: null,
        batchId: null,
        variant: 0,
        notes,
        ...keysFor(userId, id, mimeType),
      },
    },
  ]);
  return toImage(row);
}

/** POST /api/uploads/images/import: a catalog product's or a page's photo, fetched through the URL guard. */
export async function importImage(deps: ImageDeps, userId: number, body: { sourceUrl: string; productId?: string; pageId?: string; projectId?: string }) {
  const source = await loadDesignSource(deps.db, userId, body);
  const fetcher = createGuardedFetcher({ allowLoopbackForTests: deps.allowLoopbackForTests });
  let url: URL;
  try {
    // A path ("/media/…", a page's own image) is on this app; anything else must be a full address.
    url = body.sourceUrl.startsWith("/") ? new URL(body.sourceUrl, deps.origin) : new URL(body.sourceUrl);
  } catch {
    throw new AppError("VALIDATION", `sourceUrl "${body.sourceUrl.slice(0, 200)}" is not a web address; use a full http(s) URL.`, { details: { field: "sourceUrl" } });
  }
  const absolute = url.toString();
  const ownMedia = /^\/media\/([0-9a-f-]{36})\.(png|jpg)$/.exec(url.pathname);
  if (ownMedia && url.origin === new URL(deps.origin).origin) {
    // One of the merchant's own published images: copy it from storage rather than over the network.
    const row = await ownImage(deps.db, userId, ownMedia[1]);
    return uploadImage(deps, userId, { name: row.fileName, bytes: await readBytes(deps.files, row.r2Key) }, { ...body, productId: source.productId, pageId: source.pageId });
  }
  const res = await fetcher(absolute, { responseType: "bytes", maxBytes: UPLOAD_MAX_BYTES, timeoutMs: 15_000, accept: ["image/png", "image/jpeg", "image/webp"] });
  if (res.status < 200 || res.status > 299) throw new AppError("VALIDATION", `The image at ${body.sourceUrl} answered ${res.status}; nothing was imported.`);
  const name = decodeURIComponent(new URL(res.finalUrl).pathname.split("/").pop() || "photo");
  return uploadImage(deps, userId, { name, bytes: res.data }, { projectId: body.projectId, productId: source.productId, pageId: source.pageId, sourceUrl: body.sourceUrl });
}

// ── Gallery ──────────────────────────────────────────────────────────────────────────────────

export async function listImages(deps: Pick<ImageDeps, "db">, userId: number, query: ImageListQuery) {
  const { rows, nextCursor } = await listImageRows(deps.db, userId, query, query.cursor, query.limit);
  return { data: rows.map(toImage), nextCursor };
}

export async function getImage(deps: Pick<ImageDeps, "db">, userId: number, id: string): Promise<Image> {
  return toImage(await ownImage(deps.db, userId, id));
}

export async function deleteImage(deps: ImageDeps, userId: number, id: string): Promise<void> {
  const row = await deleteImageRow(deps.db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such image.");
  await deps.files.delete([row.r2Key, row.thumbKey]);
}

/** An image's bytes for the screen (`thumbnail`: always) or to keep (`file`, `download`: gated for generated images on the free plan). */
export async function imageFile(deps: ImageDeps, userId: number, id: string, which: "thumbnail" | "file"): Promise<{ bytes: Uint8Array<ArrayBuffer>; mimeType: string; fileName: string }> {
  const row = await ownImage(deps.db, userId, id);
  if (which === "thumbnail") return { bytes: await readBytes(deps.files, row.thumbKey), mimeType: "image/png", fileName: row.fileName };
  requireDownloadable(await planFor(deps.db, userId), [row]);
  return { bytes: await readBytes(deps.files, row.r2Key), mimeType: row.mimeType, fileName: row.fileName };
}

/** POST /api/images/download-zip: several images in one zip (PNGs are stored, not recompressed). */
export async function zipImages(deps: ImageDeps, userId: number, ids: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
  const unique = [...new Set(ids)];
  const rows = await findImages(deps.db, userId, unique);
  if (rows.length !== unique.length) throw new AppError("NOT_FOUND", `${unique.length - rows.length} of the ${unique.length} images are not in your gallery.`);
  requireDownloadable(await planFor(deps.db, userId), rows);
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const row of rows) {
    let name = row.fileName;
    for (let n = 2; entries[name]; n++) name = row.fileName.replace(/(\.[a-z]+)$/i, `-${n}$1`);
    entries[name] = [await readBytes(deps.files, row.r2Key), { level: 0 }];
  }
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}

/** POST /api/images/{id}/publish: the image at a public address, for drop pages and store export. */
export async function publishImage(deps: ImageDeps, userId: number, id: string): Promise<{ url: string }> {
  const row = await ownImage(deps.db, userId, id);
  requireDownloadable(await planFor(deps.db, userId), [row]);
  if (!row.publishedAt) await markImagePublished(deps.db, userId, id, new Date().toISOString());
  return { url: `${deps.origin}${mediaPath(id, row.mimeType)}` };
}

export async function imageCapabilities(deps: Pick<ImageDeps, "db" | "model">, userId: number) {
  const plan = await planFor(deps.db, userId);
  return {
    provider: deps.model ? ("model" as const) : ("compositor" as const),
    model: deps.model?.id ?? null,
    canUpscale: true,
    canVary: true,
    maxImagesPerRequest: plan.features.maxImagesPerRequest,
  };
}

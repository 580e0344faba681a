/**
 * The gallery's pure rules: filters read from and written to the URL query, the query sent to
 * GET /api/images, range selection (shift-click), the prompt history of /image-generation, and
 * the words screens use for kinds, providers, sizes, dates and charges.
 */
import type { Image } from "~/domain/contracts/images";
import { countOf, leftPhrase } from "~/domain/counters";
import {
  IMAGE_KINDS,
  presetById,
  TEMPLATE_LABELS,
  VISUAL_PRESETS,
  type ImageKind,
  type VisualPresetId,
} from "~/domain/images";

// ---------------------------------------------------------------------------------------------
// Filters ↔ URL

export interface GalleryFilters {
  kind?: ImageKind;
  projectId?: string;
  productId?: string;
  presetId?: VisualPresetId;
  /** ISO dates, inclusive. */
  from?: string;
  to?: string;
}

export const FILTER_KEYS = [
  "kind",
  "projectId",
  "productId",
  "presetId",
  "from",
  "to",
] as const satisfies readonly (keyof GalleryFilters)[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[\w-]{1,64}$/;

/** Reads the filters from the URL query, dropping what the API would refuse (unknown kinds, sizes, malformed dates). */
export function parseFilters(params: URLSearchParams): GalleryFilters {
  const out: GalleryFilters = {};
  const kind = params.get("kind");
  if (kind && (IMAGE_KINDS as readonly string[]).includes(kind)) out.kind = kind as ImageKind;
  const size = params.get("size");
  if (size && presetById(size)) out.presetId = size as VisualPresetId;
  const project = params.get("project");
  if (project && ID.test(project)) out.projectId = project;
  const product = params.get("product");
  if (product && ID.test(product)) out.productId = product;
  const from = params.get("from");
  if (from && DATE.test(from)) out.from = from;
  const to = params.get("to");
  if (to && DATE.test(to)) out.to = to;
  // A range given backwards is read the way it was meant.
  if (out.from && out.to && out.from > out.to) [out.from, out.to] = [out.to, out.from];
  return out;
}

/** The URL query for the filters, short names in a stable order; other parameters of `base` are kept. */
export function writeFilters(filters: GalleryFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const k of ["kind", "project", "product", "size", "from", "to"]) next.delete(k);
  if (filters.kind) next.set("kind", filters.kind);
  if (filters.projectId) next.set("project", filters.projectId);
  if (filters.productId) next.set("product", filters.productId);
  if (filters.presetId) next.set("size", filters.presetId);
  if (filters.from) next.set("from", filters.from);
  if (filters.to) next.set("to", filters.to);
  return next;
}

/** One filter changed (undefined or "" clears it). */
export function withFilter<K extends keyof GalleryFilters>(
  filters: GalleryFilters,
  key: K,
  value: GalleryFilters[K] | "" | undefined,
): GalleryFilters {
  const next = { ...filters };
  if (value === undefined || value === "") delete next[key];
  else next[key] = value;
  return next;
}

/** The API's query (GET /api/images) for the filters: only the set ones, with stable keys for the cache. */
export function apiFilters(filters: GalleryFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) if (filters[k]) out[k] = filters[k]!;
  return out;
}

export function activeFilterCount(filters: GalleryFilters): number {
  return FILTER_KEYS.filter((k) => filters[k]).length;
}

// ---------------------------------------------------------------------------------------------
// Selection

/**
 * The selection after a click on `target`: a plain click toggles it; a shift-click with an anchor
 * sets every id from the anchor to the target (in the grid's order) to the anchor's new state,
 * the way file managers do. Answers the new selection and the new anchor.
 */
export function selectWithRange(
  order: readonly string[],
  selected: ReadonlySet<string>,
  anchor: string | null,
  target: string,
  shift: boolean,
): { selected: Set<string>; anchor: string } {
  const next = new Set(selected);
  const a = anchor === null ? -1 : order.indexOf(anchor);
  const t = order.indexOf(target);
  if (!shift || a === -1 || t === -1) {
    if (next.has(target)) next.delete(target);
    else next.add(target);
    return { selected: next, anchor: target };
  }
  const on = selected.has(anchor!);
  const [lo, hi] = a < t ? [a, t] : [t, a];
  for (const id of order.slice(lo, hi + 1)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return { selected: next, anchor: anchor! };
}

/** Keeps only ids still shown (after a delete or a filter change). */
export function pruneSelection(selected: ReadonlySet<string>, shown: readonly string[]): Set<string> {
  const keep = new Set(shown);
  return new Set([...selected].filter((id) => keep.has(id)));
}

// ---------------------------------------------------------------------------------------------
// Prompt history

export interface PromptEntry {
  prompt: string;
  style: string | null;
  /** Images made from it (all sizes and counts). */
  count: number;
  lastUsed: string;
  /** The newest image's thumbnail. */
  thumbnailUrl: string;
}

/** Images with a prompt, grouped by the prompt (trimmed, case and spaces folded), newest use first. */
export function promptHistory(
  images: readonly Pick<Image, "prompt" | "style" | "createdAt" | "thumbnailUrl">[],
  limit = 20,
): PromptEntry[] {
  const groups = new Map<string, PromptEntry>();
  for (const img of images) {
    const prompt = img.prompt?.trim();
    if (!prompt) continue;
    const key = prompt.replace(/\s+/g, " ").toLowerCase();
    const entry = groups.get(key);
    if (!entry) {
      groups.set(key, { prompt, style: img.style, count: 1, lastUsed: img.createdAt, thumbnailUrl: img.thumbnailUrl });
      continue;
    }
    entry.count += 1;
    if (img.createdAt > entry.lastUsed) {
      Object.assign(entry, { prompt, style: img.style, lastUsed: img.createdAt, thumbnailUrl: img.thumbnailUrl });
    }
  }
  return [...groups.values()]
    .sort((a, b) => (a.lastUsed < b.lastUsed ? 1 : a.lastUsed > b.lastUsed ? -1 : 0))
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Words

export const KIND_LABELS: Record<ImageKind, { one: string; filter: string }> = {
  upload: { one: "Upload", filter: "Uploads" },
  generated: { one: "Generated", filter: "Generated" },
  visual: { one: "Marketing visual", filter: "Marketing visuals" },
};

export const STYLE_LABELS: Record<string, string> = {
  photo: "Photo",
  studio: "Studio",
  lifestyle: "Lifestyle",
  minimal: "Minimal",
  bold: "Bold",
  illustration: "Illustration",
};

export function sizeLabel(img: Pick<Image, "presetId" | "width" | "height">): string {
  const preset = img.presetId ? presetById(img.presetId) : undefined;
  return preset ? `${preset.label} · ${img.width}×${img.height}` : `${img.width}×${img.height}`;
}

export function presetOptionLabel(id: VisualPresetId): string {
  const p = VISUAL_PRESETS.find((x) => x.id === id)!;
  return `${p.label} (${p.width}×${p.height})`;
}

export function templateLabel(template: string | null): string | null {
  return template && template in TEMPLATE_LABELS
    ? TEMPLATE_LABELS[template as keyof typeof TEMPLATE_LABELS].label
    : null;
}

/** "Built-in compositor" or the model's name; uploads are the merchant's own. */
export function providerLabel(img: Pick<Image, "provider" | "model">): string {
  if (img.provider === "upload") return "Your upload";
  if (img.provider === "compositor") return "Built-in compositor";
  return img.model ? `Image model: ${img.model}` : "Image model";
}

export function capabilitiesLabel(c: { provider: "compositor" | "model"; model: string | null }): string {
  return c.provider === "compositor" ? "Built-in compositor (offline)" : `Image model: ${c.model ?? "configured"}`;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** "Nov 25" this year, "Nov 25, 2025" before. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.getFullYear() === now.getFullYear() ? dayFormat.format(d) : dateFormat.format(d);
}

export function longDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}

export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;
}

/** "Used 3 images · 97 left today" from a generation's `charged`. */
export function chargeLine(charged: {
  counter: "images" | "marketingVisuals";
  count: number;
  remaining: number;
}): string {
  return `Used ${countOf(charged.counter, charged.count)} · ${leftPhrase(charged.counter, charged.remaining)}`;
}

/** Generated images and visuals are gated on the free plan; the merchant's own uploads never are. */
export function isGated(img: Pick<Image, "kind">): boolean {
  return img.kind !== "upload";
}

// ---------------------------------------------------------------------------------------------
// Server answers

export { refusalDetails as detailsOf, isUpgradeRefusal, type RefusalDetails as ErrorDetails } from "~/features/billing";

export { isUsageLimitError as isUsageLimit } from "~/features/billing";

/**
 * Pure rules of the page builder: the editable document and its undo history, section moves,
 * money typed as text, colour contrast, and what a refused request means for the screen.
 */
import type { Page, PageProduct, PageSection, PageSeo, PageTheme } from "~/domain/contracts/pages";
import { HttpError } from "~/lib/http";
import { PAGE_SECTIONS_MAX, SLUG_PATTERN } from "./page-limits";

/** What the editor changes and autosave sends (everything PATCH takes but the slug). */
export interface PageDoc {
  product: PageProduct;
  sections: PageSection[];
  theme: PageTheme;
  seo: PageSeo;
  buyUrl: string | null;
  /** The project whose canon (brand voice, audience, colours, shipping promise, guarantee) generation writes with. */
  projectId: string | null;
}

export const docOf = (page: Page): PageDoc => ({
  product: page.product,
  sections: page.sections,
  theme: page.theme,
  seo: page.seo,
  buyUrl: page.buyUrl,
  projectId: page.projectId,
});

export const sameDoc = (a: PageDoc, b: PageDoc) => a === b || JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------
// Undo history

export interface History {
  past: PageDoc[];
  present: PageDoc;
  future: PageDoc[];
  /** The field the last edit touched and when, so a typing burst in one field is one undo step. */
  lastKey: string | null;
  lastAt: number;
}

export const HISTORY_LIMIT = 100;
/** Edits to the same field closer together than this merge into one undo step. */
export const COALESCE_MS = 1000;

export const startHistory = (doc: PageDoc): History => ({
  past: [],
  present: doc,
  future: [],
  lastKey: null,
  lastAt: 0,
});

/** Applies an edit. `key` names the field; repeated edits of one key within COALESCE_MS merge. */
export function edit(h: History, next: PageDoc, key: string | null, now: number): History {
  if (next === h.present) return h;
  if (key !== null && key === h.lastKey && now - h.lastAt < COALESCE_MS) {
    return { ...h, present: next, future: [], lastAt: now };
  }
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [], lastKey: key, lastAt: now };
}

export function undo(h: History): History {
  const previous = h.past.at(-1);
  if (!previous) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], lastKey: null, lastAt: 0 };
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: rest, lastKey: null, lastAt: 0 };
}

/** The SEO title's default length (the server's draft cuts the product title there). */
const SEO_TITLE_DEFAULT = 60;

/**
 * A new product title. Headings and the SEO title that still read the old title (the draft
 * copied it there) follow it; once the merchant wrote their own, they stay.
 */
export function retitle(doc: PageDoc, title: string): PageDoc {
  const old = doc.product.title;
  const followsHeading = (s: PageSection) => (s.kind === "hero" || s.kind === "cta") && s.heading === old;
  const followsSeo = doc.seo.title === old || doc.seo.title === old.slice(0, SEO_TITLE_DEFAULT);
  return {
    ...doc,
    product: { ...doc.product, title },
    sections: doc.sections.some(followsHeading)
      ? doc.sections.map((s) => (followsHeading(s) ? { ...s, heading: title } : s))
      : doc.sections,
    seo: followsSeo ? { ...doc.seo, title: title.slice(0, SEO_TITLE_DEFAULT) } : doc.seo,
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

/**
 * Drag and drop: the section `activeId` moves to where `overId` is (dnd-kit's ids). An unknown id
 * or a drop on itself changes nothing and returns the same array, so no undo step is recorded.
 */
export function reorderById<T extends { id: string }>(list: T[], activeId: string, overId: string | null): T[] {
  if (overId === null || activeId === overId) return list;
  const from = list.findIndex((s) => s.id === activeId);
  const to = list.findIndex((s) => s.id === overId);
  if (from < 0 || to < 0) return list;
  return moveItem(list, from, to);
}

/** A section id nobody on the page has: `<kind>-<n>`. */
export function freshSectionId(sections: readonly PageSection[], kind: PageSection["kind"]): string {
  const taken = new Set(sections.map((s) => s.id));
  for (let n = sections.length + 1; ; n++) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
}

/** The copy goes right after the original. */
export function duplicateSection(sections: readonly PageSection[], index: number): PageSection[] {
  if (sections.length >= PAGE_SECTIONS_MAX) return [...sections];
  const source = sections[index];
  const copy: PageSection = {
    ...source,
    id: freshSectionId(sections, source.kind),
    items: source.items.map((i) => ({ ...i })),
  };
  return [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)];
}

/** Only a duplicate can be deleted: every kind keeps at least one section (hide it instead). */
export function canDelete(sections: readonly PageSection[], index: number): boolean {
  const kind = sections[index]?.kind;
  return sections.filter((s) => s.kind === kind).length > 1;
}

// ---------------------------------------------------------------------------------------------
// The page's address (slug)

export const SLUG_MAX = 64;
export const SLUG_RULE = "Lowercase letters, digits and dashes, up to 64; not starting or ending with a dash.";

/**
 * What the address field shows while the merchant types: lowercase, accents dropped, spaces and
 * underscores as dashes, anything else removed. A trailing dash stays (the next word is coming).
 */
export function typedSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX);
}

/** The address as sent on confirm: the typed form without dashes at its ends. */
export const finalSlug = (text: string) => typedSlug(text).replace(/-+$/, "");

/** Why an address cannot be saved, in words; null when SLUG_PATTERN accepts it. */
export function slugProblem(slug: string): string | null {
  if (slug === "") return "Type an address: letters, digits or dashes.";
  return SLUG_PATTERN.test(slug) ? null : SLUG_RULE;
}

// ---------------------------------------------------------------------------------------------
// Money

/** "19.99" → 1999; "" → null; anything unreadable → undefined (the field shows an error). */
export function parseMoney(text: string): number | null | undefined {
  const t = text.trim().replace(/[,\s]/g, "");
  if (t === "") return null;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return undefined;
  const [whole, fraction = ""] = t.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export const moneyText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export function formatMoney(cents: number | null, currency: string): string {
  if (cents === null) return "—";
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Colour

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

/** The pairs a drop page draws text with, and which fall under AA. */
export function contrastProblems(theme: PageTheme): { pair: string; ratio: number }[] {
  const pairs: [string, string, string][] = [
    ["Text on background", theme.text, theme.background],
    ["Text on surface", theme.text, theme.surface],
    ["White button text on primary", "#ffffff", theme.primary],
  ];
  return pairs.map(([pair, fg, bg]) => ({ pair, ratio: contrastRatio(fg, bg) })).filter((p) => p.ratio < MIN_CONTRAST);
}

// ---------------------------------------------------------------------------------------------
// Refusals

// One reader of refusals for every feature (billing owns the upgrade modal's rules).
export { refusalDetails as detailsOf, isUpgradeRefusal, type RefusalDetails as ErrorDetails } from "~/features/billing";
import { refusalDetails as detailsOf } from "~/features/billing";

export const isConflict = (err: unknown) => err instanceof HttpError && err.status === 409;

/** The first field a VALIDATION answer names, e.g. "buyUrl" or "product.title". */
export function fieldOf(err: unknown): string | null {
  if (!(err instanceof HttpError) || err.status !== 400) return null;
  return detailsOf(err).fields?.[0]?.path ?? null;
}

// ---------------------------------------------------------------------------------------------
// Words

/** The extractor's field names as a merchant reads them. */
export const FIELD_WORDS: Record<string, string> = {
  title: "Title",
  description: "Description",
  images: "Images",
  priceCents: "Price",
  compareAtPriceCents: "Compare-at price",
  currency: "Currency",
  variants: "Variants",
  vendor: "Vendor",
};

export const fieldWord = (name: string) =>
  FIELD_WORDS[name] ?? name.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

/** "just now", "5 min ago", else a short date. */
export function formatWhen(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now - t) / 1000);
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });
}

/** A file name for an image URL tile: its last path segment. */
export function imageName(url: string): string {
  try {
    const u = new URL(url, "https://x.invalid");
    return decodeURIComponent(u.pathname.split("/").filter(Boolean).pop() ?? u.hostname) || u.hostname;
  } catch {
    return url;
  }
}

export const imageHost = (url: string) => {
  try {
    return url.startsWith("/") ? "this site" : new URL(url).hostname;
  } catch {
    return "";
  }
};

/** The id of the control a VALIDATION answer's field path names (focus goes there). */
export const fieldId = (path: string) => `pb-field-${path.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

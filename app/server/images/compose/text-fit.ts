/**
 * Measuring and fitting text with the bundled fonts' advance widths (`font-metrics.ts`), because
 * the renderer (resvg) neither wraps nor shrinks text: every line the compositor emits is laid
 * out here. Widths ignore kerning, so fitting keeps a 2% margin; a fitted line is never wider
 * than its box at the returned size.
 */
import { FONT_METRICS, type FontMetrics } from "./font-metrics";

export type FontWeight = 400 | 800;

/** What fitting keeps free of each box (kerning and rendering differences). */
export const FIT_MARGIN = 0.02;
const ELLIPSIS = "\u2026";

const parsed = new Map<string, { m: FontMetrics; widths: number[] }>();

function metricsOf(family: string, weight: FontWeight): { m: FontMetrics; widths: number[] } {
  const key = `${family}/${weight}`;
  const hit = parsed.get(key);
  if (hit) return hit;
  const m = FONT_METRICS[key] ?? FONT_METRICS[`Inter/${weight}`] ?? FONT_METRICS["Inter/400"];
  const entry = { m, widths: m.widths.split(",").map(Number) };
  parsed.set(key, entry);
  return entry;
}

/** The font's vertical metrics scaled to `fontSize` px: ascender, descender (positive, below the baseline) and cap height. */
export function verticalMetrics(
  family: string,
  weight: FontWeight,
  fontSize: number,
): { ascender: number; descender: number; capHeight: number } {
  const { m } = metricsOf(family, weight);
  const k = fontSize / m.unitsPerEm;
  return { ascender: m.ascender * k, descender: -m.descender * k, capHeight: m.capHeight * k };
}

function advanceUnits(cp: number, widths: number[], m: FontMetrics): number {
  if (cp >= 32 && cp <= 126) return widths[cp - 32];
  if (cp >= 160 && cp <= 255) return widths[cp - 160 + 95];
  return m.extra[cp] ?? m.average;
}

/** The width in px of `text` on one line at `fontSize`, plus `letterSpacing` px after each character. */
export function measureText(
  text: string,
  family: string,
  weight: FontWeight,
  fontSize: number,
  letterSpacing = 0,
): number {
  const { m, widths } = metricsOf(family, weight);
  let units = 0;
  let count = 0;
  for (const ch of text) {
    units += advanceUnits(ch.codePointAt(0) ?? 32, widths, m);
    count++;
  }
  return (units * fontSize) / m.unitsPerEm + letterSpacing * count;
}

export interface FitOptions {
  family: string;
  weight: FontWeight;
  /** The box's width in px; no line is wider. */
  maxWidth: number;
  maxLines: number;
  /** Largest and smallest font size in px; fitting shrinks from the first toward the second. */
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Optional box height in px: the lines' total height (lines × size × lineHeight) stays within it. */
  maxHeight?: number;
  /** Extra px after each character (scaled with the font size: given for maxSize). */
  letterSpacing?: number;
}

export interface FitResult {
  fontSize: number;
  lines: string[];
  /** The last line was cut and ends with "…". */
  truncated: boolean;
  /** The widest line's width in px at `fontSize`. */
  width: number;
}

/** Splits a word wider than `width` into pieces that fit (at least one character each). */
function breakWord(word: string, width: number, measure: (s: string) => number): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const ch of word) {
    if (current && measure(current + ch) > width) {
      pieces.push(current);
      current = ch;
    } else current += ch;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy wrap on spaces; null when a word is wider than the box and `breakLong` is off. */
function wrap(words: string[], width: number, measure: (s: string) => number, breakLong: boolean): string[] | null {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    if (measure(word) <= width) {
      current = word;
      continue;
    }
    if (!breakLong) return null;
    const pieces = breakWord(word, width, measure);
    lines.push(...pieces.slice(0, -1));
    current = pieces[pieces.length - 1] ?? "";
  }
  if (current) lines.push(current);
  return lines;
}

/** `line` with "…" added, whole words (then characters) dropped from its end until it fits. */
function ellipsize(line: string, width: number, measure: (s: string) => number): string {
  const clean = (s: string) => s.replace(/[\s,.;:!?\-\u2013\u2014]+$/u, "");
  const words = line.split(" ");
  while (words.length > 0) {
    const text = clean(words.join(" "));
    if (text && measure(text + ELLIPSIS) <= width) return text + ELLIPSIS;
    if (words.length === 1) break;
    words.pop();
  }
  let chars = [...(words[0] ?? "")];
  while (chars.length > 1 && measure(chars.join("") + ELLIPSIS) > width) chars = chars.slice(0, -1);
  return chars.join("") + ELLIPSIS;
}

/**
 * Lays `text` out in at most `maxLines` lines no wider than `maxWidth`: wraps on spaces at the
 * largest size from `maxSize` down to `minSize` (whole px) that fits; breaks a word only when it
 * is wider than the box at `minSize`; and only at `minSize` cuts the last line with "…".
 */
export function fitText(text: string, options: FitOptions): FitResult {
  const { family, weight, maxLines, lineHeight } = options;
  const maxSize = Math.max(1, Math.floor(options.maxSize));
  const minSize = Math.max(1, Math.min(maxSize, Math.floor(options.minSize)));
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const width = options.maxWidth * (1 - FIT_MARGIN);
  const spacingAt = (size: number) => ((options.letterSpacing ?? 0) * size) / maxSize;
  const linesFor = (size: number) => {
    const byHeight =
      options.maxHeight === undefined ? maxLines : Math.floor(options.maxHeight / (size * lineHeight) + 1e-9);
    return Math.max(1, Math.min(maxLines, byHeight));
  };
  const measurer = (size: number) => (s: string) => measureText(s, family, weight, size, spacingAt(size));
  const result = (size: number, lines: string[], truncated: boolean): FitResult => {
    const measure = measurer(size);
    return { fontSize: size, lines, truncated, width: lines.reduce((w, l) => Math.max(w, measure(l)), 0) };
  };
  if (words.length === 0) return { fontSize: maxSize, lines: [], truncated: false, width: 0 };

  for (let size = maxSize; size >= minSize; size--) {
    const lines = wrap(words, width, measurer(size), false);
    if (lines && lines.length <= linesFor(size)) return result(size, lines, false);
  }
  const measure = measurer(minSize);
  const allowed = linesFor(minSize);
  const lines = wrap(words, width, measure, true) ?? [];
  if (lines.length <= allowed) return result(minSize, lines, false);
  const kept = lines.slice(0, allowed);
  kept[allowed - 1] = ellipsize(kept[allowed - 1], width, measure);
  return result(minSize, kept, true);
}

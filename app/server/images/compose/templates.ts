/**
 * The compositor's templates: a design (copy, prices, palette, font) and the merchant's images
 * laid out for one preset as SVG the rendering Worker turns into a PNG. Every text line is fitted
 * with the bundled fonts' metrics (the renderer does not wrap) and stays inside the preset's safe
 * zone, with the price badge and the call to action. Portrait puts the photo above the text,
 * landscape beside it; variants 0..7 mirror the layout and change the backdrop's pattern.
 */
import type { ProofFact, VisualDesign, VisualPalette } from "~/domain/contracts/images";
import { VISUAL_FONT_FAMILIES, type VisualPreset } from "~/domain/images";
import { contrastRatio, normalizeHex } from "~/server/pages/theme";
import {
  Defs,
  drawGround,
  isDark,
  minContrast,
  mix,
  photoCard,
  readable,
  roundRect,
  shade,
  shapeBlur,
  type GroundKind,
  type Rect,
} from "./backdrops";
import { el, imageEl, num, safeHref, svgDocument, textLines } from "./svg";
import { fitText, measureText, verticalMetrics, type FitResult, type FontWeight } from "./text-fit";

export interface ComposeAssets {
  photoHref: string | null;
  /** Width / height of the photo. */
  photoAspect: number | null;
  logoHref: string | null;
  logoAspect: number | null;
  backgroundHref: string | null;
}

export interface ComposeInput {
  design: VisualDesign;
  preset: VisualPreset;
  assets: ComposeAssets;
  proofFacts: ProofFact[];
  /** 0..7: layout and backdrop variation, deterministic. */
  variant: number;
}

export const NOTE_NO_PHOTO = "No product photo: add one in step 1 for a product shot";
export const NOTE_NO_COMPARISON = "No comparison rows given: showing your benefits only";
export const NOTE_NO_PROOF = "No figures from your data to show: social proof left out";

// ---------------------------------------------------------------------------------------------
// Prices

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "\u20ac", GBP: "\u00a3" };

/** "$19.99", "€24.00", "£9.50", other currencies "19.99 CHF"; thousands with commas. Written by hand so every runtime agrees. */
export function formatPrice(cents: number, currency: string): string {
  const whole = Math.round(Math.abs(cents));
  const units = Math.floor(whole / 100).toString();
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = `${cents < 0 ? "-" : ""}${grouped}.${(whole % 100).toString().padStart(2, "0")}`;
  const code = currency.toUpperCase();
  const symbol = SYMBOLS[code];
  return symbol ? (cents < 0 ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`) : `${amount} ${code}`;
}

/** "-30%" when the compare-at price is above the price (rounded, at least 1%), else null. */
export function discountBadge(priceCents: number | null, compareAtPriceCents: number | null): string | null {
  if (priceCents === null || compareAtPriceCents === null) return null;
  if (!(compareAtPriceCents > priceCents) || priceCents < 0) return null;
  const percent = Math.round(((compareAtPriceCents - priceCents) / compareAtPriceCents) * 100);
  return percent >= 1 ? `-${percent}%` : null;
}

// ---------------------------------------------------------------------------------------------
// Layout context

type Orientation = "portrait" | "landscape" | "square";
type Align = "start" | "middle";

interface Scheme {
  ink: string;
  muted: string;
  /** The price and other large accent text (3:1 on the ground, else the ink). */
  accentText: string;
  ctaFill: string;
  ctaText: string;
  badgeFill: string;
  badgeText: string;
  /** Check marks. */
  good: string;
  onGood: string;
  surface: string;
  surfaceInk: string;
  surfaceMuted: string;
}

interface Ctx {
  W: number;
  H: number;
  m: number;
  safe: Rect;
  orientation: Orientation;
  variant: number;
  mirror: boolean;
  pattern: number;
  family: string;
  defs: Defs;
  notes: string[];
  design: VisualDesign;
  palette: VisualPalette;
}

interface Block {
  h: number;
  /** Space above it (ignored for the first block). */
  gap: number;
  draw: (x: number, y: number, w: number, align: Align) => string;
}

function contextOf(input: ComposeInput, notes: string[]): Ctx {
  const { preset } = input;
  const W = preset.width;
  const H = preset.height;
  const m = Math.min(W, H);
  const margin = Math.round(m * 0.06);
  const sz = preset.safeZone;
  const left = Math.max(sz.left, margin);
  const right = Math.max(sz.right, margin);
  const top = Math.max(sz.top, margin);
  const bottom = Math.max(sz.bottom, margin);
  const variant = ((Math.floor(input.variant) % 8) + 8) % 8;
  const ratio = W / H;
  const orientation: Orientation = ratio >= 1.3 ? "landscape" : ratio <= 1 / 1.3 ? "portrait" : "square";
  const fallback: VisualPalette = { background: "#f6f4f1", surface: "#ffffff", text: "#16181d", accent: "#1f4fd1" };
  const p = input.design.palette ?? fallback;
  const palette: VisualPalette = {
    background: normalizeHex(p.background) ?? fallback.background,
    surface: normalizeHex(p.surface) ?? fallback.surface,
    text: normalizeHex(p.text) ?? fallback.text,
    accent: normalizeHex(p.accent) ?? fallback.accent,
  };
  return {
    W,
    H,
    m,
    safe: { x: left, y: top, w: W - left - right, h: H - top - bottom },
    orientation,
    variant,
    mirror: variant % 2 === 1,
    pattern: (variant >> 1) & 3,
    family: VISUAL_FONT_FAMILIES[input.design.font] ?? "Inter",
    defs: new Defs(),
    notes,
    design: input.design,
    palette,
  };
}

function schemeOf(ctx: Ctx, behind: readonly string[], kind: GroundKind): Scheme {
  const { palette } = ctx;
  const ink = readable(palette.text, behind);
  const muted = readable(mix(ink, behind[0], 0.3), behind);
  const accentOk = minContrast(palette.accent, behind) >= 3;
  const accentText = accentOk ? palette.accent : ink;
  let ctaFill = palette.accent;
  if (kind === "sale" || minContrast(ctaFill, behind) < 1.6) ctaFill = ink;
  const ctaText =
    ctaFill === ink
      ? readable(kind === "sale" ? palette.accent : palette.background, [ctaFill], 3)
      : largeTextOn(ctaFill, palette.text);
  let badgeFill = palette.accent;
  let badgeText = largeTextOn(palette.accent, palette.text);
  if (kind === "sale") {
    // On an accent ground the badge is the ground's opposite: light on dark, dark on light.
    badgeFill =
      contrastRatio(palette.background, palette.accent) >= 3
        ? palette.background
        : isDark(palette.accent)
          ? "#ffffff"
          : "#111111";
    badgeText = readable(palette.accent, [badgeFill]);
  }
  const surface = palette.surface;
  const surfaceInk = readable(palette.text, [surface]);
  const good = minContrast(palette.accent, [surface, ...behind]) >= 2 ? palette.accent : surfaceInk;
  return {
    ink,
    muted,
    accentText,
    ctaFill,
    ctaText,
    badgeFill,
    badgeText,
    good,
    onGood: largeTextOn(good, palette.text),
    surface,
    surfaceInk,
    surfaceMuted: readable(mix(surfaceInk, surface, 0.3), [surface]),
  };
}

/** Words on a filled shape in large bold type (3:1 is enough, WCAG's large text): white when it reads, else the dark text or black. */
function largeTextOn(fill: string, dark: string): string {
  if (contrastRatio("#ffffff", fill) >= 3) return "#ffffff";
  return readable(dark, [fill]);
}

// ---------------------------------------------------------------------------------------------
// Blocks

const LINE = { head: 1.08, body: 1.3 };

/** Lines of fitted text as a block: its top is the first line's cap height, its bottom the last baseline plus a little. */
function textBlock(
  ctx: Ctx,
  fit: FitResult,
  weight: FontWeight,
  colour: string,
  lineHeight: number,
  gap: number,
  extra: { letterSpacing?: number; opacity?: number } = {},
): Block {
  const { capHeight, descender } = verticalMetrics(ctx.family, weight, fit.fontSize);
  const lineGap = fit.fontSize * lineHeight;
  const h = capHeight + (fit.lines.length - 1) * lineGap + descender * 0.5;
  return {
    h,
    gap,
    draw: (x, y, w, align) =>
      textLines({
        x: align === "middle" ? x + w / 2 : x,
        y: y + capHeight,
        lines: fit.lines,
        fontSize: fit.fontSize,
        lineGap,
        family: ctx.family,
        weight,
        fill: colour,
        anchor: align,
        letterSpacing: extra.letterSpacing,
        opacity: extra.opacity,
      }),
  };
}

function fit(
  ctx: Ctx,
  text: string,
  weight: FontWeight,
  maxWidth: number,
  maxSize: number,
  minSize: number,
  maxLines: number,
  lineHeight: number,
): FitResult {
  return fitText(text, { family: ctx.family, weight, maxWidth, maxLines, maxSize, minSize, lineHeight });
}

/** A check mark in a filled circle (drawn, not a glyph). */
function checkIcon(cx: number, cy: number, r: number, fill: string, mark: string): string {
  const d = `M${num(cx - r * 0.42)} ${num(cy + r * 0.02)}L${num(cx - r * 0.1)} ${num(cy + r * 0.34)}L${num(cx + r * 0.45)} ${num(cy - r * 0.3)}`;
  return (
    el("circle", { cx, cy, r, fill }) +
    el("path", {
      d,
      fill: "none",
      stroke: mark,
      "stroke-width": r * 0.24,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    })
  );
}

/** A cross in a filled circle (drawn, not a glyph). */
function crossIcon(cx: number, cy: number, r: number, fill: string, mark: string): string {
  const k = r * 0.32;
  const d = `M${num(cx - k)} ${num(cy - k)}L${num(cx + k)} ${num(cy + k)}M${num(cx + k)} ${num(cy - k)}L${num(cx - k)} ${num(cy + k)}`;
  return (
    el("circle", { cx, cy, r, fill }) +
    el("path", { d, fill: "none", stroke: mark, "stroke-width": r * 0.22, "stroke-linecap": "round" })
  );
}

function bulletsBlock(ctx: Ctx, s: Scheme, bullets: readonly string[], w: number, size: number, gap: number): Block {
  const r = size * 0.52;
  const indent = r * 2 + size * 0.55;
  const rows = bullets.map((b) => fit(ctx, b, 400, w - indent, size, Math.max(12, size * 0.75), 2, LINE.body));
  const fontSize = Math.min(...rows.map((f) => f.fontSize));
  const fitted = bullets.map((b) => fit(ctx, b, 400, w - indent, fontSize, fontSize, 2, LINE.body));
  const { capHeight, descender } = verticalMetrics(ctx.family, 400, fontSize);
  const lineGap = fontSize * LINE.body;
  const rowGap = fontSize * 0.6;
  const heights = fitted.map((f) => Math.max(r * 2, capHeight + (f.lines.length - 1) * lineGap + descender * 0.5));
  const h = heights.reduce((a, b) => a + b, 0) + rowGap * (fitted.length - 1);
  return {
    h,
    gap,
    draw: (x, y, width, align) => {
      // Bullets read best left-aligned; centred layouts centre the list as a whole.
      const listW = Math.min(width, indent + Math.max(...fitted.map((f) => f.width)));
      const left = align === "middle" ? x + (width - listW) / 2 : x;
      let top = y;
      return fitted
        .map((f, i) => {
          const textTop = top + Math.max(0, (r * 2 - capHeight) / 2) * (f.lines.length === 1 ? 1 : 0);
          const out =
            checkIcon(left + r, f.lines.length === 1 ? textTop + capHeight / 2 : top + r, r, s.good, s.onGood) +
            textLines({
              x: left + indent,
              y: textTop + capHeight,
              lines: f.lines,
              fontSize,
              lineGap,
              family: ctx.family,
              weight: 400,
              fill: s.ink,
            });
          top += heights[i] + rowGap;
          return out;
        })
        .join("");
    },
  };
}

interface PriceParts {
  now: string;
  was: string | null;
}

function priceParts(design: VisualDesign): PriceParts | null {
  if (design.priceCents === null) return null;
  const now = formatPrice(design.priceCents, design.currency);
  const was =
    design.compareAtPriceCents !== null && design.compareAtPriceCents > design.priceCents
      ? formatPrice(design.compareAtPriceCents, design.currency)
      : null;
  return { now, was };
}

/** The price, large, with the compare-at price struck through beside it (or above it with `stacked`). */
function priceBlock(
  ctx: Ctx,
  s: Scheme,
  parts: PriceParts,
  w: number,
  size: number,
  gap: number,
  colour: string,
): Block {
  let nowSize = Math.round(size);
  const wasRatio = 0.5;
  const spacing = () => nowSize * 0.35;
  const widthAt = () =>
    measureText(parts.now, ctx.family, 800, nowSize) +
    (parts.was ? spacing() + measureText(parts.was, ctx.family, 400, nowSize * wasRatio) : 0);
  while (nowSize > 12 && widthAt() > w * 0.98) nowSize--;
  const { capHeight, descender } = verticalMetrics(ctx.family, 800, nowSize);
  const total = widthAt();
  return {
    h: capHeight + descender * 0.4,
    gap,
    draw: (x, y, width, align) => {
      const left = align === "middle" ? x + (width - total) / 2 : x;
      const baseline = y + capHeight;
      const nowW = measureText(parts.now, ctx.family, 800, nowSize);
      let out = textLines({
        x: left,
        y: baseline,
        lines: [parts.now],
        fontSize: nowSize,
        lineGap: 0,
        family: ctx.family,
        weight: 800,
        fill: colour,
      });
      if (parts.was) {
        const wasSize = nowSize * wasRatio;
        const wx = left + nowW + spacing();
        const wasW = measureText(parts.was, ctx.family, 400, wasSize);
        const wasCap = verticalMetrics(ctx.family, 400, wasSize).capHeight;
        out += textLines({
          x: wx,
          y: baseline,
          lines: [parts.was],
          fontSize: wasSize,
          lineGap: 0,
          family: ctx.family,
          weight: 400,
          fill: s.muted,
        });
        out += el("rect", {
          x: wx - wasSize * 0.05,
          y: baseline - wasCap * 0.5 - wasSize * 0.035,
          width: wasW + wasSize * 0.1,
          height: Math.max(1.5, wasSize * 0.07),
          fill: s.muted,
        });
      }
      return out;
    },
  };
}

/** The call to action: a pill with an arrow. */
function ctaBlock(ctx: Ctx, s: Scheme, text: string, w: number, size: number, gap: number): Block {
  const padX = size * 1.3;
  const arrow = size * 0.9;
  const f = fit(ctx, text, 800, w - padX * 2 - arrow, size, Math.max(12, size * 0.7), 1, 1);
  const h = f.fontSize * 2.5;
  const pillW = Math.min(w, f.width + padX * 2 + arrow);
  const { capHeight } = verticalMetrics(ctx.family, 800, f.fontSize);
  return {
    h,
    gap,
    draw: (x, y, width, align) => {
      const left = align === "middle" ? x + (width - pillW) / 2 : x;
      const baseline = y + h / 2 + capHeight / 2;
      const tx = left + padX;
      const ax = tx + f.width + f.fontSize * 0.45;
      const ay = y + h / 2;
      const a = f.fontSize * 0.3;
      const arrowPath = `M${num(ax)} ${num(ay)}L${num(ax + a * 1.6)} ${num(ay)}M${num(ax + a * 0.9)} ${num(ay - a * 0.7)}L${num(ax + a * 1.6)} ${num(ay)}L${num(ax + a * 0.9)} ${num(ay + a * 0.7)}`;
      return (
        roundRect({ x: left, y, w: pillW, h }, h / 2, { fill: s.ctaFill }) +
        textLines({
          x: tx,
          y: baseline,
          lines: f.lines,
          fontSize: f.fontSize,
          lineGap: 0,
          family: ctx.family,
          weight: 800,
          fill: s.ctaText,
        }) +
        el("path", {
          d: arrowPath,
          fill: "none",
          stroke: s.ctaText,
          "stroke-width": f.fontSize * 0.11,
          "stroke-linecap": "round",
          "stroke-linejoin": "round",
        })
      );
    },
  };
}

/** A short accent rule above the headline. */
function ruleBlock(ctx: Ctx, colour: string, gap: number): Block {
  const h = ctx.m * 0.011;
  const w = ctx.m * 0.08;
  return {
    h,
    gap,
    draw: (x, y, width, align) =>
      roundRect({ x: align === "middle" ? x + (width - w) / 2 : x, y, w, h }, h / 2, { fill: colour }),
  };
}

function logoBlock(ctx: Ctx, href: string, aspect: number | null, w: number, gap: number): Block {
  const a = aspect && aspect > 0 ? Math.min(6, Math.max(0.5, aspect)) : 3;
  const h = Math.min(ctx.m * 0.065, (w * 0.45) / a);
  const lw = h * a;
  return {
    h,
    gap,
    draw: (x, y, width, align) =>
      imageEl(href, {
        x: align === "middle" ? x + (width - lw) / 2 : x,
        y,
        width: lw,
        height: h,
        preserveAspectRatio: align === "middle" ? "xMidYMid meet" : "xMinYMid meet",
      }),
  };
}

/** Proof figures in a row: the value large, its label, and its source in small text. */
function figuresBlock(
  ctx: Ctx,
  s: Scheme,
  facts: readonly ProofFact[],
  w: number,
  size: number,
  textSize: number,
  gap: number,
): Block {
  const n = facts.length;
  const colGap = size * 0.5;
  const cellW = (w - colGap * (n - 1)) / n;
  const values = facts.map((f) => fit(ctx, f.value, 800, cellW, size, size * 0.45, 1, 1));
  const valueSize = Math.min(...values.map((v) => v.fontSize));
  const labelSize = Math.max(12, Math.min(textSize, valueSize * 0.5));
  const sourceSize = Math.max(11, labelSize * 0.75);
  const labels = facts.map((f) => fit(ctx, f.label, 800, cellW, labelSize, labelSize * 0.8, 2, LINE.body));
  const sources = facts.map((f) =>
    fit(ctx, f.source, 400, cellW, sourceSize, Math.max(10, sourceSize * 0.8), 2, LINE.body),
  );
  const labelFont = Math.min(...labels.map((l) => l.fontSize));
  const sourceFont = Math.min(...sources.map((l) => l.fontSize));
  const vCap = verticalMetrics(ctx.family, 800, valueSize).capHeight;
  const lCap = verticalMetrics(ctx.family, 800, labelFont).capHeight;
  const sCap = verticalMetrics(ctx.family, 400, sourceFont).capHeight;
  const labelLines = Math.max(...labels.map((l) => l.lines.length));
  const sourceLines = Math.max(...sources.map((l) => l.lines.length));
  const labelTop = vCap + valueSize * 0.32;
  const sourceTop = labelTop + lCap + (labelLines - 1) * labelFont * LINE.body + labelFont * 0.5;
  const h = sourceTop + sCap + (sourceLines - 1) * sourceFont * LINE.body + sourceFont * 0.3;
  return {
    h,
    gap,
    draw: (x, y, width, align) => {
      const out: string[] = [];
      facts.forEach((_, i) => {
        const cx = x + i * (cellW + colGap);
        const tx = align === "middle" ? cx + cellW / 2 : cx;
        if (i > 0)
          out.push(el("rect", { x: cx - colGap / 2 - 1, y, width: 2, height: h, fill: s.muted, "fill-opacity": 0.3 }));
        out.push(
          textLines({
            x: tx,
            y: y + vCap,
            lines: [
              fitText(facts[i].value, {
                family: ctx.family,
                weight: 800,
                maxWidth: cellW,
                maxLines: 1,
                maxSize: valueSize,
                minSize: valueSize * 0.45,
                lineHeight: 1,
              }).lines[0] ?? "",
            ],
            fontSize: valueSize,
            lineGap: 0,
            family: ctx.family,
            weight: 800,
            fill: s.accentText,
            anchor: align,
          }),
        );
        const lab = fit(ctx, facts[i].label, 800, cellW, labelFont, labelFont, 2, LINE.body);
        out.push(
          textLines({
            x: tx,
            y: y + labelTop + lCap,
            lines: lab.lines,
            fontSize: labelFont,
            lineGap: labelFont * LINE.body,
            family: ctx.family,
            weight: 800,
            fill: s.ink,
            anchor: align,
          }),
        );
        const src = fit(ctx, facts[i].source, 400, cellW, sourceFont, sourceFont, 2, LINE.body);
        out.push(
          textLines({
            x: tx,
            y: y + sourceTop + sCap,
            lines: src.lines,
            fontSize: sourceFont,
            lineGap: sourceFont * LINE.body,
            family: ctx.family,
            weight: 400,
            fill: s.muted,
            anchor: align,
          }),
        );
      });
      return out.join("");
    },
  };
}

/** Blocks stacked in `box`: built at the largest scale that fits, dropping optional ones (by level) when none does. */
function stack(
  box: Rect,
  build: (scale: number, level: number) => Block[],
  align: Align,
  maxScale = 1,
  valign: "top" | "middle" | "bottom" = "middle",
): string {
  let chosen: Block[] = [];
  outer: for (let level = 0; level <= 3; level++) {
    for (let scale = maxScale; scale >= 0.5 - 1e-9; scale -= 0.05) {
      const blocks = build(scale, level);
      chosen = blocks;
      if (heightOf(blocks) <= box.h) break outer;
    }
  }
  const total = heightOf(chosen);
  let y = valign === "top" ? box.y : valign === "bottom" ? box.y + box.h - total : box.y + (box.h - total) / 2;
  y = Math.max(box.y, y);
  return chosen
    .map((b, i) => {
      if (i > 0) y += b.gap;
      const out = b.draw(box.x, y, box.w, align);
      y += b.h;
      return out;
    })
    .join("");
}

function heightOf(blocks: readonly Block[]): number {
  return blocks.reduce((sum, b, i) => sum + b.h + (i > 0 ? b.gap : 0), 0);
}

// ---------------------------------------------------------------------------------------------
// Regions

interface Regions {
  photo: Rect | null;
  text: Rect;
  align: Align;
}

/** Where the photo and the text go: above/below in portrait, side by side in landscape, either in a square (by variant). */
function regionsOf(ctx: Ctx, hasPhoto: boolean, photoShare: number, stackedSquare = false): Regions {
  const { safe, m, orientation, variant, mirror } = ctx;
  if (!hasPhoto)
    return { photo: null, text: safe, align: orientation === "landscape" || variant % 4 < 2 ? "start" : "middle" };
  const gap = m * 0.055;
  const sideBySide = orientation === "landscape" || (orientation === "square" && variant < 4 && !stackedSquare);
  if (sideBySide) {
    const pw = safe.w * photoShare;
    const photo = { x: mirror ? safe.x : safe.x + safe.w - pw, y: safe.y, w: pw, h: safe.h };
    const text = { x: mirror ? safe.x + pw + gap : safe.x, y: safe.y, w: safe.w - pw - gap, h: safe.h };
    return { photo, text, align: "start" };
  }
  const ph = safe.h * photoShare;
  const photo = { x: safe.x, y: safe.y, w: safe.w, h: ph };
  const text = { x: safe.x, y: safe.y + ph + gap, w: safe.w, h: safe.h - ph - gap };
  return { photo, text, align: variant & 2 ? "middle" : "start" };
}

/** How much a text stack may grow past its base sizes to fill a tall box. */
function growth(ctx: Ctx): number {
  return ctx.orientation === "portrait" ? 1.25 : 1;
}

/** The call to action's type size for a headline size. */
function ctaSize(ctx: Ctx, hs: number): number {
  return hs * (ctx.orientation === "portrait" ? 0.37 : 0.33);
}

/** The headline's largest size for a text column. */
function headlineSize(ctx: Ctx, text: Rect, hasPhoto: boolean): number {
  const base =
    ctx.orientation === "landscape" ? ctx.m * 0.105 : ctx.m * (ctx.orientation === "portrait" ? 0.095 : 0.085);
  return Math.min(base * (hasPhoto ? 1 : 1.2), text.w * (hasPhoto ? 0.14 : 0.15));
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

function drawPhoto(
  ctx: Ctx,
  s: Scheme,
  region: Rect,
  assets: ComposeAssets,
  ground: string,
  id: string,
  radiusK = 0.03,
): { markup: string; card: Rect } {
  const href = assets.photoHref as string;
  return photoCard(ctx.defs, {
    href,
    aspect: assets.photoAspect,
    region,
    surface: s.surface,
    radius: ctx.m * radiusK,
    shadow: true,
    ground,
    id,
  });
}

/** A round badge (the discount) near a card's top corner, kept inside the safe zone. */
function cornerBadge(ctx: Ctx, s: Scheme, card: Rect, text: string, radius: number, side: "left" | "right"): string {
  const { safe } = ctx;
  let cx = side === "right" ? card.x + card.w - radius * 0.55 : card.x + radius * 0.55;
  let cy = card.y + radius * 0.55;
  cx = Math.min(safe.x + safe.w - radius, Math.max(safe.x + radius, cx));
  cy = Math.min(safe.y + safe.h - radius, Math.max(safe.y + radius, cy));
  return roundBadge(ctx, s, cx, cy, radius, text);
}

function roundBadge(ctx: Ctx, s: Scheme, cx: number, cy: number, radius: number, text: string): string {
  const f = fitText(text, {
    family: ctx.family,
    weight: 800,
    maxWidth: radius * 1.45,
    maxLines: 2,
    maxSize: radius * 0.62,
    minSize: radius * 0.2,
    lineHeight: 1.02,
  });
  const { capHeight } = verticalMetrics(ctx.family, 800, f.fontSize);
  const lineGap = f.fontSize * 1.02;
  const blockH = capHeight + (f.lines.length - 1) * lineGap;
  const shadowY = cy + radius * 0.06;
  const shadowBox = { x: cx - radius, y: shadowY - radius, w: 2 * radius, h: 2 * radius };
  return (
    el("circle", {
      cx,
      cy: shadowY,
      r: radius,
      fill: "#000000",
      "fill-opacity": 0.14,
      filter: shapeBlur(ctx.defs, "dc-badge-shadow", shadowBox, Math.round(ctx.m * 0.012), 0.5),
    }) +
    el("circle", { cx, cy, r: radius, fill: s.badgeFill }) +
    el("circle", {
      cx,
      cy,
      r: radius * 0.88,
      fill: "none",
      stroke: s.badgeText,
      "stroke-opacity": 0.35,
      "stroke-width": radius * 0.025,
      "stroke-dasharray": `${num(radius * 0.06)} ${num(radius * 0.05)}`,
    }) +
    textLines({
      x: cx,
      y: cy - blockH / 2 + capHeight,
      lines: f.lines,
      fontSize: f.fontSize,
      lineGap,
      family: ctx.family,
      weight: 800,
      fill: s.badgeText,
      anchor: "middle",
    })
  );
}

function badgeText(design: VisualDesign): string | null {
  const words = design.badge?.trim();
  return words ? words : discountBadge(design.priceCents, design.compareAtPriceCents);
}

function groundFor(ctx: Ctx, kind: GroundKind, focus: Rect | null, textBox: Rect | null, assets: ComposeAssets) {
  return drawGround(ctx.defs, {
    kind,
    width: ctx.W,
    height: ctx.H,
    palette: ctx.palette,
    pattern: ctx.pattern,
    focus,
    textBox,
    backgroundHref: assets.backgroundHref,
  });
}

/** Where the decorative shapes sit when there is no photo: a corner, partly off the canvas. */
function decoFocus(ctx: Ctx): Rect {
  const r = ctx.m * 0.7;
  return ctx.mirror
    ? { x: -r * 0.35, y: ctx.H - r * 0.65, w: r, h: r }
    : { x: ctx.W - r * 0.65, y: -r * 0.35, w: r, h: r };
}

// ---------------------------------------------------------------------------------------------
// Templates

interface Drawn {
  body: string[];
}

/** Studio (and the fallback of the others): photo big, headline, subheadline, price, badge, CTA, logo. */
function studio(ctx: Ctx, assets: ComposeAssets, kind: GroundKind = "studio"): Drawn {
  const { design } = ctx;
  const hasPhoto = assets.photoHref !== null;
  const r = regionsOf(ctx, hasPhoto, ctx.orientation === "portrait" ? 0.47 : 0.5);
  const focus = r.photo ?? decoFocus(ctx);
  const ground = groundFor(ctx, kind, focus, r.text, assets);
  const s = schemeOf(ctx, ground.behindText, kind);
  const body = [ground.markup];
  let card: Rect | null = null;
  if (r.photo) {
    const p = drawPhoto(ctx, s, r.photo, assets, ground.base, "photo");
    body.push(p.markup);
    card = p.card;
  }
  const hs = headlineSize(ctx, r.text, hasPhoto);
  const price = priceParts(design);
  const badge = badgeText(design);
  body.push(
    stack(
      r.text,
      (k, level) => {
        const w = r.text.w;
        const blocks: Block[] = [];
        if (assets.logoHref && level < 3) blocks.push(logoBlock(ctx, assets.logoHref, assets.logoAspect, w, 0));
        if (!hasPhoto || ctx.pattern % 2 === 0) blocks.push(ruleBlock(ctx, s.accentText, hs * 0.5 * k));
        blocks.push(
          textBlock(
            ctx,
            fit(ctx, design.headline, 800, w, hs * k, Math.max(16, hs * 0.45 * k), hasPhoto ? 3 : 4, LINE.head),
            800,
            s.ink,
            LINE.head,
            hs * 0.45 * k,
          ),
        );
        if (design.subheadline && level < 2)
          blocks.push(
            textBlock(
              ctx,
              fit(
                ctx,
                design.subheadline,
                400,
                w,
                hs * 0.42 * k,
                Math.max(13, hs * 0.3 * k),
                level === 0 ? 3 : 2,
                LINE.body,
              ),
              400,
              s.muted,
              LINE.body,
              hs * 0.5 * k,
            ),
          );
        if (!hasPhoto && badge && level < 2) blocks.push(pillBlock(ctx, s, badge, w, hs * 0.34 * k, hs * 0.5 * k));
        if (price) blocks.push(priceBlock(ctx, s, price, w, hs * 0.75 * k, hs * 0.5 * k, s.accentText));
        if (design.cta) blocks.push(ctaBlock(ctx, s, design.cta, w, ctaSize(ctx, hs) * k, hs * 0.5 * k));
        return blocks;
      },
      r.align,
      growth(ctx),
    ),
  );
  if (card && badge) body.push(cornerBadge(ctx, s, card, badge, ctx.m * 0.085, ctx.mirror ? "left" : "right"));
  return { body };
}

/** A small tag pill (badge words when there is no photo to put a round badge on). */
function pillBlock(ctx: Ctx, s: Scheme, text: string, w: number, size: number, gap: number): Block {
  const f = fit(ctx, text.toUpperCase(), 800, w * 0.9 - size * 2, size, Math.max(11, size * 0.7), 1, 1);
  const h = f.fontSize * 2.1;
  const pw = f.width + f.fontSize * 1.8;
  const { capHeight } = verticalMetrics(ctx.family, 800, f.fontSize);
  return {
    h,
    gap,
    draw: (x, y, width, align) => {
      const left = align === "middle" ? x + (width - pw) / 2 : x;
      return (
        roundRect({ x: left, y, w: pw, h }, h / 2, { fill: s.badgeFill }) +
        textLines({
          x: left + pw / 2,
          y: y + h / 2 + capHeight / 2,
          lines: f.lines,
          fontSize: f.fontSize,
          lineGap: 0,
          family: ctx.family,
          weight: 800,
          fill: s.badgeText,
          anchor: "middle",
        })
      );
    },
  };
}

/** Lifestyle: a warm scene-like ground, the photo in a rounded card, the headline and up to 4 benefits. */
function lifestyle(ctx: Ctx, assets: ComposeAssets): Drawn {
  const { design } = ctx;
  const hasPhoto = assets.photoHref !== null;
  const r = regionsOf(ctx, hasPhoto, ctx.orientation === "portrait" ? 0.4 : 0.46);
  const focus = r.photo ?? decoFocus(ctx);
  const ground = groundFor(ctx, "lifestyle", focus, r.text, assets);
  const s = schemeOf(ctx, ground.behindText, "lifestyle");
  const body = [ground.markup];
  let card: Rect | null = null;
  if (r.photo) {
    const inset = ctx.m * 0.02;
    const p = drawPhoto(
      ctx,
      s,
      { x: r.photo.x + inset, y: r.photo.y + inset, w: r.photo.w - inset * 2, h: r.photo.h - inset * 2 },
      assets,
      ground.base,
      "photo",
      0.045,
    );
    body.push(p.markup);
    card = p.card;
  }
  const hs = headlineSize(ctx, r.text, hasPhoto);
  const bullets = design.bullets.slice(0, 4);
  const price = priceParts(design);
  body.push(
    stack(
      r.text,
      (k, level) => {
        const w = r.text.w;
        const blocks: Block[] = [];
        if (assets.logoHref && level < 3) blocks.push(logoBlock(ctx, assets.logoHref, assets.logoAspect, w, 0));
        blocks.push(
          textBlock(
            ctx,
            fit(ctx, design.headline, 800, w, hs * k, Math.max(16, hs * 0.45 * k), 3, LINE.head),
            800,
            s.ink,
            LINE.head,
            0,
          ),
        );
        const shown = level >= 2 ? bullets.slice(0, 2) : bullets;
        if (shown.length > 0 && level < 3) blocks.push(bulletsBlock(ctx, s, shown, w, hs * 0.4 * k, hs * 0.55 * k));
        else if (design.subheadline && level < 2)
          blocks.push(
            textBlock(
              ctx,
              fit(ctx, design.subheadline, 400, w, hs * 0.42 * k, Math.max(13, hs * 0.3 * k), 3, LINE.body),
              400,
              s.muted,
              LINE.body,
              hs * 0.5 * k,
            ),
          );
        if (price && level < 1) blocks.push(priceBlock(ctx, s, price, w, hs * 0.6 * k, hs * 0.5 * k, s.accentText));
        if (design.cta) blocks.push(ctaBlock(ctx, s, design.cta, w, ctaSize(ctx, hs) * k, hs * 0.5 * k));
        return blocks;
      },
      r.align,
      growth(ctx),
    ),
  );
  const badge = badgeText(design);
  if (card && badge) body.push(cornerBadge(ctx, s, card, badge, ctx.m * 0.075, ctx.mirror ? "left" : "right"));
  return { body };
}

/** Sale: a strong accent ground, a big discount badge, was/now prices, headline and CTA. */
function sale(ctx: Ctx, assets: ComposeAssets): Drawn {
  const { design } = ctx;
  const hasPhoto = assets.photoHref !== null;
  const r = regionsOf(ctx, hasPhoto, ctx.orientation === "portrait" ? 0.45 : 0.48);
  const focus = r.photo ?? decoFocus(ctx);
  const ground = groundFor(ctx, "sale", focus, r.text, assets);
  const s = schemeOf(ctx, ground.behindText, "sale");
  const body = [ground.markup];
  const badge = badgeText(design);
  if (!badge) ctx.notes.push("No discount to show: add a compare-at price above the price, or badge words");
  let card: Rect | null = null;
  if (r.photo) {
    const p = drawPhoto(ctx, s, r.photo, assets, shade(ctx.palette.accent, 0.3), "photo");
    body.push(p.markup);
    card = p.card;
  }
  const hs = headlineSize(ctx, r.text, hasPhoto);
  const price = priceParts(design);
  body.push(
    stack(
      r.text,
      (k, level) => {
        const w = r.text.w;
        const blocks: Block[] = [];
        if (!hasPhoto && badge) {
          const radius = Math.min(ctx.m * 0.17, w * 0.3) * k;
          blocks.push({
            h: radius * 2,
            gap: 0,
            draw: (x, y, width, align) =>
              roundBadge(ctx, s, align === "middle" ? x + width / 2 : x + radius, y + radius, radius, badge),
          });
        }
        if (assets.logoHref && level < 2)
          blocks.push(logoBlock(ctx, assets.logoHref, assets.logoAspect, w, hs * 0.4 * k));
        blocks.push(
          textBlock(
            ctx,
            fit(ctx, design.headline, 800, w, hs * 1.05 * k, Math.max(16, hs * 0.45 * k), 3, LINE.head),
            800,
            s.ink,
            LINE.head,
            hs * 0.5 * k,
          ),
        );
        if (design.subheadline && level < 1)
          blocks.push(
            textBlock(
              ctx,
              fit(ctx, design.subheadline, 400, w, hs * 0.4 * k, Math.max(13, hs * 0.3 * k), 2, LINE.body),
              400,
              s.ink,
              LINE.body,
              hs * 0.45 * k,
            ),
          );
        if (price) {
          if (price.was) blocks.push(labelBlock(ctx, s.ink, `Was ${price.was}`, w, hs * 0.36 * k, hs * 0.55 * k, true));
          blocks.push(
            priceBlock(
              ctx,
              s,
              { now: price.was ? `Now ${price.now}` : price.now, was: null },
              w,
              hs * 0.85 * k,
              price.was ? hs * 0.25 * k : hs * 0.55 * k,
              s.ink,
            ),
          );
        }
        if (design.cta) blocks.push(ctaBlock(ctx, s, design.cta, w, ctaSize(ctx, hs) * 1.05 * k, hs * 0.55 * k));
        return blocks;
      },
      r.align,
      growth(ctx),
    ),
  );
  if (card && badge) body.push(cornerBadge(ctx, s, card, badge, ctx.m * 0.13, ctx.mirror ? "right" : "left"));
  return { body };
}

/** One line of text (optionally struck through). */
function labelBlock(
  ctx: Ctx,
  colour: string,
  text: string,
  w: number,
  size: number,
  gap: number,
  struck: boolean,
): Block {
  const f = fit(ctx, text, 400, w, size, Math.max(12, size * 0.6), 1, 1);
  const b = textBlock(ctx, f, 400, colour, 1, gap);
  if (!struck) return b;
  const { capHeight } = verticalMetrics(ctx.family, 400, f.fontSize);
  return {
    ...b,
    draw: (x, y, width, align) => {
      const left = align === "middle" ? x + (width - f.width) / 2 : x;
      // Only the price is struck: from the first space on.
      const label = text.slice(0, text.indexOf(" ") + 1);
      const lw = measureText(label, ctx.family, 400, f.fontSize);
      return (
        b.draw(x, y, width, align) +
        el("rect", {
          x: left + lw,
          y: y + capHeight * 0.5 - f.fontSize * 0.035,
          width: f.width - lw,
          height: Math.max(1.5, f.fontSize * 0.07),
          fill: colour,
        })
      );
    },
  };
}

/** Comparison: ours against theirs, row by row, with the photo on our side. */
function comparison(ctx: Ctx, assets: ComposeAssets): Drawn {
  const cmp = ctx.design.comparison;
  if (!cmp) {
    ctx.notes.push(NOTE_NO_COMPARISON);
    if (ctx.design.bullets.length === 0) return studio(ctx, assets);
    return lifestyleLike(ctx, assets);
  }
  // Laid out twice: once to measure (with throwaway defs), once centred in the space.
  const measured = comparisonAt({ ...ctx, defs: new Defs() }, assets, cmp, 0);
  return comparisonAt(ctx, assets, cmp, Math.max(0, measured.free / 2));
}

function comparisonAt(
  ctx: Ctx,
  assets: ComposeAssets,
  cmp: NonNullable<VisualDesign["comparison"]>,
  dy: number,
): Drawn & { free: number } {
  const { design, safe, m } = ctx;
  const hasPhoto = assets.photoHref !== null;
  const ground = groundFor(ctx, "plain", null, safe, assets);
  const s = schemeOf(ctx, ground.behindText, "plain");
  const body = [ground.markup];
  const landscape = ctx.orientation === "landscape";
  const hs = landscape ? m * 0.09 : ctx.orientation === "portrait" ? m * 0.09 : m * 0.075;
  const gap = m * 0.04;
  // Landscape: the photo beside the table, on our side; otherwise at the top of our card.
  const photoBeside = landscape && hasPhoto;
  const pw = safe.w * 0.3;
  const column: Rect = photoBeside
    ? { x: ctx.mirror ? safe.x : safe.x + pw + gap, y: safe.y, w: safe.w - pw - gap, h: safe.h }
    : safe;
  const content: Rect = { ...column, y: column.y + dy, h: column.h - dy };
  const oursLeft = !ctx.mirror;
  if (photoBeside) {
    const region = { x: ctx.mirror ? safe.x + safe.w - pw : safe.x, y: safe.y, w: pw, h: safe.h };
    body.push(drawPhoto(ctx, s, region, assets, ground.base, "photo").markup);
  }

  // The headline across the top.
  const head = fit(ctx, design.headline, 800, content.w, hs, Math.max(16, hs * 0.5), 2, LINE.head);
  const headBlock = textBlock(ctx, head, 800, s.ink, LINE.head, 0);
  const align: Align = landscape ? "start" : "middle";
  body.push(headBlock.draw(content.x, content.y, content.w, align));
  const top = content.y + headBlock.h + gap;
  let area: Rect = { x: content.x, y: top, w: content.w, h: content.y + content.h - top };
  const cta = design.cta ? ctaBlock(ctx, s, design.cta, content.w, hs * (landscape ? 0.32 : 0.36), 0) : null;
  if (cta) area = { ...area, h: column.y + column.h - top - cta.h - gap };

  // Two cards: ours (surface, accent label, photo at its top) and theirs (muted).
  const colGap = m * 0.03;
  const colW = (area.w - colGap) / 2;
  const ours: Rect = { x: oursLeft ? area.x : area.x + colW + colGap, y: area.y, w: colW, h: area.h };
  const theirs: Rect = { x: oursLeft ? area.x + colW + colGap : area.x, y: area.y, w: colW, h: area.h };
  const pad = Math.max(m * 0.03, colW * 0.07);
  const radius = m * 0.03;
  const theirsFill = mix(ctx.palette.background, isDark(ctx.palette.background) ? "#ffffff" : "#000000", 0.05);
  const theirsInk = readable(mix(ctx.palette.text, theirsFill, 0.2), [theirsFill]);
  const cardsAt = body.length;

  let y0 = area.y + pad;
  const inner = colW - pad * 2;
  let photoH = 0;
  if (hasPhoto && !photoBeside) {
    photoH = Math.min(area.h * (ctx.orientation === "portrait" ? 0.42 : 0.36), inner * 0.85);
    const region = { x: ours.x + pad, y: y0, w: inner, h: photoH };
    body.push(
      photoCard(ctx.defs, {
        href: assets.photoHref as string,
        aspect: assets.photoAspect,
        region,
        surface: s.surface,
        radius: radius * 0.6,
        shadow: false,
        ground: s.surface,
        id: "photo",
      }).markup,
    );
    // Theirs gets a plain placeholder of the same height: a muted shape.
    body.push(
      roundRect({ x: theirs.x + pad, y: y0, w: inner, h: photoH }, radius * 0.6, {
        fill: mix(theirsFill, theirsInk, 0.06),
      }),
    );
    body.push(
      crossIcon(
        theirs.x + pad + inner / 2,
        y0 + photoH / 2,
        Math.min(photoH, inner) * 0.16,
        mix(theirsFill, theirsInk, 0.18),
        theirsFill,
      ),
    );
    y0 += photoH + pad * 0.7;
  }
  // Labels.
  const labelSize = Math.min(hs * 0.55, inner * 0.13);
  const oursLabel = fit(ctx, cmp.oursLabel, 800, inner, labelSize, Math.max(12, labelSize * 0.6), 1, 1);
  const theirsLabel = fit(ctx, cmp.theirsLabel, 800, inner, labelSize, Math.max(12, labelSize * 0.6), 1, 1);
  const ls = Math.min(oursLabel.fontSize, theirsLabel.fontSize);
  const lCap = verticalMetrics(ctx.family, 800, ls).capHeight;
  const oursAccent = readable(ctx.palette.accent, [s.surface], 3);
  body.push(
    textLines({
      x: ours.x + pad,
      y: y0 + lCap,
      lines: fit(ctx, cmp.oursLabel, 800, inner, ls, ls, 1, 1).lines,
      fontSize: ls,
      lineGap: 0,
      family: ctx.family,
      weight: 800,
      fill: oursAccent,
    }),
  );
  body.push(
    textLines({
      x: theirs.x + pad,
      y: y0 + lCap,
      lines: fit(ctx, cmp.theirsLabel, 800, inner, ls, ls, 1, 1).lines,
      fontSize: ls,
      lineGap: 0,
      family: ctx.family,
      weight: 800,
      fill: theirsInk,
    }),
  );
  y0 += lCap + pad * 0.8;

  // Rows: one common size that fits every cell in two lines and the rows in the space left.
  const rows = cmp.rows.slice(0, 4);
  const bottom = area.y + area.h - pad;
  const iconR0 = Math.min(hs * 0.22, inner * 0.06);
  let size = Math.min(hs * 0.44, inner * 0.11);
  let cells: { ours: FitResult; theirs: FitResult }[] = [];
  let rowHeights: number[] = [];
  const indentOf = (sz: number) => Math.max(iconR0, sz * 0.5) * 2 + sz * 0.5;
  for (; size >= 11; size -= 1) {
    const indent = indentOf(size);
    cells = rows.map((row) => ({
      ours: fit(ctx, row.ours, 400, inner - indent, size, size, 2, LINE.body),
      theirs: fit(ctx, row.theirs, 400, inner - indent, size, size, 2, LINE.body),
    }));
    const cap = verticalMetrics(ctx.family, 400, size).capHeight;
    rowHeights = cells.map((c) =>
      Math.max(
        Math.max(iconR0, size * 0.5) * 2,
        cap + (Math.max(c.ours.lines.length, c.theirs.lines.length) - 1) * size * LINE.body + size * 0.15,
      ),
    );
    const total = rowHeights.reduce((a, b) => a + b, 0) + size * 0.9 * (rows.length - 1);
    if (!cells.some((c) => c.ours.truncated || c.theirs.truncated) && y0 + total <= bottom) break;
  }
  size = Math.max(11, size);
  const cap = verticalMetrics(ctx.family, 400, size).capHeight;
  const iconR = Math.max(iconR0, size * 0.5);
  const indent = indentOf(size);
  let y = y0;
  cells.forEach((c, i) => {
    const single = Math.max(c.ours.lines.length, c.theirs.lines.length) === 1;
    const textTop = single ? y + (rowHeights[i] - cap) / 2 : y;
    const iconY = single ? y + rowHeights[i] / 2 : y + iconR;
    body.push(checkIcon(ours.x + pad + iconR, iconY, iconR, s.good, s.onGood));
    body.push(
      textLines({
        x: ours.x + pad + indent,
        y: textTop + cap,
        lines: c.ours.lines,
        fontSize: size,
        lineGap: size * LINE.body,
        family: ctx.family,
        weight: 400,
        fill: s.surfaceInk,
      }),
    );
    body.push(crossIcon(theirs.x + pad + iconR, iconY, iconR, mix(theirsFill, theirsInk, 0.45), theirsFill));
    body.push(
      textLines({
        x: theirs.x + pad + indent,
        y: textTop + cap,
        lines: c.theirs.lines,
        fontSize: size,
        lineGap: size * LINE.body,
        family: ctx.family,
        weight: 400,
        fill: theirsInk,
      }),
    );
    y += rowHeights[i] + size * 0.9;
  });
  // The cards end below the last row (no empty space at their foot).
  const cardH = Math.min(area.h, y - size * 0.9 + pad - area.y);
  const cardMarkup: string[] = [];
  const shadowCard = { ...ours, h: cardH, y: ours.y + m * 0.01 };
  cardMarkup.push(
    roundRect(shadowCard, radius, {
      fill: "#000000",
      "fill-opacity": 0.1,
      filter: shapeBlur(ctx.defs, "dc-card-shadow", shadowCard, Math.round(m * 0.015), 0.2),
    }),
  );
  cardMarkup.push(
    roundRect({ ...ours, h: cardH }, radius, {
      fill: s.surface,
      stroke: ctx.palette.accent,
      "stroke-width": m * 0.005,
    }),
  );
  cardMarkup.push(
    roundRect({ ...theirs, h: cardH }, radius, {
      fill: theirsFill,
      stroke: readable(mix(theirsFill, theirsInk, 0.2), [theirsFill], 1.3),
      "stroke-width": m * 0.002,
    }),
  );
  body.splice(cardsAt, 0, ...cardMarkup);
  let end = area.y + cardH;
  if (cta) {
    body.push(cta.draw(content.x, end + gap, content.w, align));
    end += gap + cta.h;
  }
  return { body, free: column.y + column.h - end };
}

/** Comparison without rows: the benefits as a checked list beside the photo. */
function lifestyleLike(ctx: Ctx, assets: ComposeAssets): Drawn {
  const { design } = ctx;
  const hasPhoto = assets.photoHref !== null;
  const r = regionsOf(ctx, hasPhoto, ctx.orientation === "portrait" ? 0.46 : 0.44);
  const ground = groundFor(ctx, "studio", r.photo ?? decoFocus(ctx), r.text, assets);
  const s = schemeOf(ctx, ground.behindText, "studio");
  const body = [ground.markup];
  if (r.photo) body.push(drawPhoto(ctx, s, r.photo, assets, ground.base, "photo").markup);
  const hs = headlineSize(ctx, r.text, hasPhoto);
  body.push(
    stack(
      r.text,
      (k, level) => {
        const w = r.text.w;
        const blocks: Block[] = [
          textBlock(
            ctx,
            fit(ctx, design.headline, 800, w, hs * k, Math.max(16, hs * 0.45 * k), 3, LINE.head),
            800,
            s.ink,
            LINE.head,
            0,
          ),
        ];
        blocks.push(
          bulletsBlock(
            ctx,
            s,
            level >= 2 ? design.bullets.slice(0, 2) : design.bullets.slice(0, 4),
            w,
            hs * 0.42 * k,
            hs * 0.55 * k,
          ),
        );
        if (design.cta) blocks.push(ctaBlock(ctx, s, design.cta, w, ctaSize(ctx, hs) * k, hs * 0.5 * k));
        return blocks;
      },
      r.align,
      growth(ctx),
    ),
  );
  return { body };
}

/** Stars, ratings, reviews and testimonials are never drawn: a fact that names one is left out. */
const NOT_PROOF = /\u2605|\u2606|\breview|\brating|\bstars?\b|testimonial/i;

/** Social proof: real figures from the merchant's data (value, label, source), the photo, the headline. */
function socialProof(ctx: Ctx, assets: ComposeAssets, facts: readonly ProofFact[]): Drawn {
  const kept = facts.filter((f) => !NOT_PROOF.test(`${f.value} ${f.label} ${f.source}`)).slice(0, 3);
  if (kept.length < facts.length)
    ctx.notes.push("Ratings, reviews and testimonials are never drawn: a figure that named one was left out");
  if (kept.length === 0) {
    ctx.notes.push(NOTE_NO_PROOF);
    return studio(ctx, assets);
  }
  const { design } = ctx;
  const hasPhoto = assets.photoHref !== null;
  // Figures need the width: a square is always photo above, figures below.
  const r = regionsOf(ctx, hasPhoto, ctx.orientation === "landscape" ? 0.42 : 0.46, true);
  const ground = groundFor(ctx, "studio", r.photo ?? decoFocus(ctx), r.text, assets);
  const s = schemeOf(ctx, ground.behindText, "studio");
  const body = [ground.markup];
  if (r.photo) body.push(drawPhoto(ctx, s, r.photo, assets, ground.base, "photo").markup);
  const hs = headlineSize(ctx, r.text, hasPhoto);
  body.push(
    stack(
      r.text,
      (k, level) => {
        const w = r.text.w;
        const blocks: Block[] = [];
        if (assets.logoHref && level < 2) blocks.push(logoBlock(ctx, assets.logoHref, assets.logoAspect, w, 0));
        blocks.push(
          textBlock(
            ctx,
            fit(ctx, design.headline, 800, w, hs * 0.9 * k, Math.max(16, hs * 0.45 * k), 3, LINE.head),
            800,
            s.ink,
            LINE.head,
            hs * 0.4 * k,
          ),
        );
        blocks.push(
          figuresBlock(ctx, s, level >= 2 ? kept.slice(0, 2) : kept, w, hs * 1.3 * k, hs * 0.4 * k, hs * 0.6 * k),
        );
        if (design.cta) blocks.push(ctaBlock(ctx, s, design.cta, w, ctaSize(ctx, hs) * k, hs * 0.6 * k));
        return blocks;
      },
      r.align,
      growth(ctx),
    ),
  );
  return { body };
}

/** Draws a design for one preset. */
export function composeTemplate(input: ComposeInput): { svg: string; notes: string[] } {
  const notes: string[] = [];
  const assets: ComposeAssets = { ...input.assets };
  for (const [key, label] of [
    ["photoHref", "product photo"],
    ["logoHref", "logo"],
    ["backgroundHref", "background image"],
  ] as const) {
    const href = assets[key];
    if (href !== null && href !== undefined && safeHref(href) === null) {
      notes.push(`The ${label}'s link was not an image link we can draw, so it was left out.`);
      assets[key] = null;
    }
  }
  const ctx = contextOf(input, notes);
  if (assets.photoHref === null) notes.push(NOTE_NO_PHOTO);
  let drawn: Drawn;
  switch (input.design.template) {
    case "lifestyle":
      drawn = lifestyle(ctx, assets);
      break;
    case "sale":
      drawn = sale(ctx, assets);
      break;
    case "comparison":
      drawn = comparison(ctx, assets);
      break;
    case "social-proof":
      drawn = socialProof(ctx, assets, input.proofFacts);
      break;
    default:
      drawn = studio(ctx, assets);
  }
  return { svg: svgDocument(ctx.W, ctx.H, ctx.defs.list(), drawn.body), notes };
}

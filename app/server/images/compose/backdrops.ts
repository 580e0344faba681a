/**
 * Backdrops: the colour work (mixing, readable text colours) and the designed grounds the
 * templates draw on (studio gradients, warm lifestyle scenes, bold sale fields), the photo card
 * they all place a product in, and `composeBackdrop`, the offline answer to a free-form prompt:
 * an abstract or scene-like backdrop whose colours come from the prompt's colour words and whose
 * mood comes from the style. Everything is deterministic: ids are fixed names, no randomness.
 */
import type { ImageStyle, VisualPreset } from "~/domain/images";
import type { VisualPalette } from "~/domain/contracts/images";
import { contrastRatio, normalizeHex } from "~/server/pages/theme";
import { el, imageEl, num, safeHref, svgDocument, type Attrs } from "./svg";

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const h = normalizeHex(hex) ?? "#000000";
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `a` moved toward `b` by `t` (0 keeps `a`, 1 gives `b`), in sRGB. */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

/** Lighter by `t` (mixed with white). */
export const tint = (c: string, t: number) => mix(c, "#ffffff", t);
/** Darker by `t` (mixed with black). */
export const shade = (c: string, t: number) => mix(c, "#000000", t);

/** Whether white reads better than black on `c`. */
export function isDark(c: string): boolean {
  return contrastRatio(c, "#ffffff") >= contrastRatio(c, "#000000");
}

/** The smallest contrast of `c` against each of `grounds`. */
export function minContrast(c: string, grounds: readonly string[]): number {
  return grounds.reduce((m, g) => Math.min(m, contrastRatio(c, g)), 21);
}

/**
 * `preferred` when it has `min` contrast against every ground; else `preferred` moved toward
 * black or white (whichever the grounds need) until it does; pure black or white at the end.
 */
export function readable(preferred: string, grounds: readonly string[], min = 4.5): string {
  if (minContrast(preferred, grounds) >= min) return preferred;
  const darkGround = grounds.filter(isDark).length * 2 >= grounds.length;
  const target = darkGround ? "#ffffff" : "#000000";
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(preferred, target, step / 20);
    if (minContrast(candidate, grounds) >= min) return candidate;
  }
  return minContrast("#ffffff", grounds) >= minContrast("#000000", grounds) ? "#ffffff" : "#111111";
}

// ---------------------------------------------------------------------------------------------
// Drawing context

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Deferred `<defs>`: added once by id, written in the order first added. */
export class Defs {
  private readonly items = new Map<string, string>();
  add(id: string, markup: string): string {
    if (!this.items.has(id)) this.items.set(id, markup);
    return id;
  }
  list(): string[] {
    return [...this.items.values()];
  }
  /** A fresh id starting with `prefix` (the first is `prefix` itself), for defs one shape owns. */
  unique(prefix: string): string {
    let id = prefix;
    for (let n = 2; this.items.has(id); n++) id = `${prefix}-${n}`;
    return id;
  }
}

/**
 * A filter region in user space: the shape's box grown by `fraction` of its size on each side (the
 * objectBoundingBox region the designs were drawn with), but never by more than the blur reaches.
 * resvg blurs every pixel of the region, so a 200 % region around a large card cost twice the
 * pixels for nothing: beyond 3σ its box blur (three passes) adds exactly zero, so the tight region
 * draws the same pixels.
 */
function blurRegion(box: Rect, stdDeviation: number, fraction: number): Attrs {
  const reach = Math.ceil(stdDeviation * 3) + 1;
  const mx = Math.min(box.w * fraction, reach);
  const my = Math.min(box.h * fraction, reach);
  return { filterUnits: "userSpaceOnUse", x: box.x - mx, y: box.y - my, width: box.w + 2 * mx, height: box.h + 2 * my };
}

/**
 * A soft blur of one shape (`box`: its bounds): each shape gets its own filter, since the region is
 * in user space. `fraction` is the largest margin (of the box's size); `attrs` adds e.g.
 * color-interpolation-filters.
 */
export function shapeBlur(defs: Defs, name: string, box: Rect, stdDeviation: number, fraction: number, attrs: Attrs = {}): string {
  const id = defs.unique(name);
  defs.add(id, el("filter", { id, ...blurRegion(box, stdDeviation, fraction), ...attrs }, el("feGaussianBlur", { stdDeviation })));
  return `url(#${id})`;
}

const ellipseBox = (e: { cx: number; cy: number; rx: number; ry: number }): Rect => ({ x: e.cx - e.rx, y: e.cy - e.ry, w: 2 * e.rx, h: 2 * e.ry });

/** A blur by radius (px) of one shape (`box`: its bounds), in sRGB. */
export function blurFilter(defs: Defs, radius: number, box: Rect): string {
  const r = Math.max(1, Math.round(radius));
  return shapeBlur(defs, `dc-blur-${r}`, box, r, 0.5, { "color-interpolation-filters": "sRGB" });
}

function linear(
  defs: Defs,
  id: string,
  stops: ReadonlyArray<[number, string, number?]>,
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  defs.add(
    id,
    el(
      "linearGradient",
      { id, x1, y1, x2, y2 },
      stops.map(([o, c, op]) =>
        el("stop", { offset: o, "stop-color": c, "stop-opacity": op !== undefined && op < 1 ? op : undefined }),
      ),
    ),
  );
  return `url(#${id})`;
}

function radial(
  defs: Defs,
  id: string,
  stops: ReadonlyArray<[number, string, number?]>,
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  defs.add(
    id,
    el(
      "radialGradient",
      { id, cx, cy, r },
      stops.map(([o, c, op]) =>
        el("stop", { offset: o, "stop-color": c, "stop-opacity": op !== undefined && op < 1 ? op : undefined }),
      ),
    ),
  );
  return `url(#${id})`;
}

/** A rounded rectangle path-free: the SVG rect element. */
export function roundRect(r: Rect, radius: number, values: Record<string, string | number | undefined>): string {
  return el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: radius, ...values });
}

// ---------------------------------------------------------------------------------------------
// The product photo

export interface PhotoCardOptions {
  href: string;
  /** Width / height of the photo, or null when unknown (the photo is fitted inside a square-ish card). */
  aspect: number | null;
  /** The region the card may take; the card keeps the photo's shape and is centred in it. */
  region: Rect;
  /** Card colour behind a photo of unknown shape. */
  surface: string;
  radius: number;
  shadow: boolean;
  /** Where the shadow falls: the colour of the ground (darker). */
  ground: string;
  id: string;
}

/** The card's rectangle for a photo of `aspect` fitted (never cropped) in `region`. */
export function cardRect(region: Rect, aspect: number | null): Rect {
  if (aspect === null || !(aspect > 0)) return { ...region };
  const a = Math.min(4, Math.max(0.25, aspect));
  let w = region.w;
  let h = w / a;
  if (h > region.h) {
    h = region.h;
    w = h * a;
  }
  return { x: region.x + (region.w - w) / 2, y: region.y + (region.h - h) / 2, w, h };
}

/** A photo in a rounded card with a soft shadow; the photo is fitted whole ("meet"), never cropped. */
export function photoCard(defs: Defs, o: PhotoCardOptions): { markup: string; card: Rect } {
  const card = cardRect(o.region, o.aspect);
  const clipId = `dc-clip-${o.id}`;
  defs.add(clipId, el("clipPath", { id: clipId }, roundRect(card, o.radius, {})));
  const parts: string[] = [];
  if (o.shadow) {
    const blur = Math.max(card.w, card.h) * 0.045;
    const offset = { ...card, y: card.y + blur * 0.9, x: card.x + blur * 0.1 };
    parts.push(
      roundRect(offset, o.radius, {
        fill: shade(o.ground, 0.55),
        "fill-opacity": 0.35,
        filter: blurFilter(defs, blur, offset),
      }),
    );
  }
  parts.push(roundRect(card, o.radius, { fill: o.surface }));
  const inset = o.aspect === null ? Math.min(card.w, card.h) * 0.06 : 0;
  parts.push(
    el(
      "g",
      { "clip-path": `url(#${clipId})` },
      imageEl(o.href, {
        x: card.x + inset,
        y: card.y + inset,
        width: card.w - inset * 2,
        height: card.h - inset * 2,
        preserveAspectRatio: "xMidYMid meet",
      }),
    ),
  );
  return { markup: parts.join(""), card };
}

// ---------------------------------------------------------------------------------------------
// Template grounds

export type GroundKind = "studio" | "lifestyle" | "sale" | "plain";

export interface Ground {
  /** Markup drawn first, over the whole canvas. */
  markup: string;
  /** The colours text may sit on (contrast is checked against each). */
  behindText: string[];
  /** The dominant colour (for shadows). */
  base: string;
}

export interface GroundOptions {
  kind: GroundKind;
  width: number;
  height: number;
  palette: VisualPalette;
  /** 0..3: which pattern. */
  pattern: number;
  /** Where the product sits, for glows and floors. */
  focus: Rect | null;
  /** Where the text sits, kept free of strong shapes. */
  textBox: Rect | null;
  /** A backdrop image under everything (sliced to fill). */
  backgroundHref: string | null;
}

/** The template's ground: gradient, soft shapes and light, in the palette's colours. */
export function drawGround(defs: Defs, o: GroundOptions): Ground {
  const { width: W, height: H, palette } = o;
  const m = Math.min(W, H);
  const bg = normalizeHex(palette.background) ?? "#f6f4f1";
  const accent = normalizeHex(palette.accent) ?? "#1f4fd1";
  const surface = normalizeHex(palette.surface) ?? tint(bg, 0.5);
  const parts: string[] = [];
  const focus = o.focus ?? { x: W * 0.3, y: H * 0.3, w: W * 0.4, h: H * 0.4 };
  const fcx = focus.x + focus.w / 2;
  const fcy = focus.y + focus.h / 2;
  const full = { x: 0, y: 0, w: W, h: H };
  let behind: string[];

  if (o.kind === "sale") {
    const top = accent;
    const bottom = shade(accent, 0.18);
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-g-sale",
          [
            [0, tint(top, 0.06)],
            [1, bottom],
          ],
          0,
          0,
          1,
          1,
        ),
      }),
    );
    const stripe = isDark(accent) ? "#ffffff" : "#000000";
    if (o.pattern % 2 === 0) {
      // Bold diagonal bands.
      const step = m * 0.16;
      const bands: string[] = [];
      for (let i = -Math.ceil(H / step); i < Math.ceil(W / step) + 2; i += 2) {
        const x = i * step;
        bands.push(
          `M${num(x)} 0L${num(x + step * 0.5)} 0L${num(x + step * 0.5 + H)} ${num(H)}L${num(x + H)} ${num(H)}Z`,
        );
      }
      parts.push(el("path", { d: bands.join(""), fill: stripe, "fill-opacity": 0.05 }));
    } else {
      parts.push(
        el("circle", { cx: fcx, cy: fcy, r: Math.max(focus.w, focus.h) * 0.72, fill: stripe, "fill-opacity": 0.07 }),
      );
      parts.push(
        el("circle", {
          cx: fcx,
          cy: fcy,
          r: Math.max(focus.w, focus.h) * 0.92,
          fill: "none",
          stroke: stripe,
          "stroke-opacity": 0.1,
          "stroke-width": m * 0.012,
        }),
      );
    }
    behind = [tint(top, 0.06), bottom, mix(tint(top, 0.06), stripe, 0.07)];
  } else if (o.kind === "lifestyle") {
    const warm = mix(bg, "#f2dcc4", isDark(bg) ? 0.12 : 0.4);
    const warm2 = mix(warm, accent, 0.1);
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-g-life",
          [
            [0, tint(warm, 0.25)],
            [1, warm2],
          ],
          0,
          0,
          0.3,
          1,
        ),
      }),
    );
    // A scene in soft layers: a window of light behind the product, a warm glow, a tabletop.
    const soft = m * 0.05;
    const p = o.pattern;
    const winW = Math.min(W * 0.9, focus.w * 1.25);
    const winX = fcx - winW / 2 + (p % 2 === 0 ? winW * 0.12 : -winW * 0.12);
    const winY = Math.max(-m * 0.1, focus.y - focus.h * 0.12);
    const windowPath = `M${num(winX)} ${num(H)}L${num(winX)} ${num(winY + winW / 2)}A${num(winW / 2)} ${num(winW / 2)} 0 0 1 ${num(winX + winW)} ${num(winY + winW / 2)}L${num(winX + winW)} ${num(H)}Z`;
    const windowFill = tint(warm, 0.55);
    parts.push(el("path", { d: windowPath, fill: windowFill, "fill-opacity": 0.75 }));
    const sunX = p % 2 === 0 ? W * 0.85 : W * 0.15;
    const glowFill = mix(warm, "#ffc98f", 0.45);
    const sun = { cx: sunX, cy: H * 0.12, r: m * 0.3 };
    parts.push(el("circle", { ...sun, fill: glowFill, "fill-opacity": 0.7, filter: blurFilter(defs, soft, { x: sun.cx - sun.r, y: sun.cy - sun.r, w: 2 * sun.r, h: 2 * sun.r }) }));
    const leafFill = mix(warm2, accent, 0.35);
    const leaf = { cx: p % 2 === 0 ? W * 0.04 : W * 0.96, cy: H * 0.55, rx: m * 0.16, ry: m * 0.3 };
    parts.push(
      el("ellipse", {
        ...leaf,
        fill: leafFill,
        "fill-opacity": 0.35,
        filter: blurFilter(defs, soft, ellipseBox(leaf)),
      }),
    );
    const tableY = focus.y + focus.h * 0.82;
    const tableFill = mix(warm2, "#8a5a3b", isDark(bg) ? 0.1 : 0.16);
    if (tableY < H)
      parts.push(
        roundRect({ x: 0, y: tableY, w: W, h: H - tableY }, 0, {
          fill: linear(defs, "dc-g-table", [
            [0, shade(tableFill, 0.05)],
            [0.06, tableFill],
            [1, tint(tableFill, 0.12)],
          ]),
        }),
      );
    const contact = { cx: fcx, cy: Math.min(H, tableY + m * 0.015), rx: focus.w * 0.45, ry: m * 0.025 };
    parts.push(
      el("ellipse", {
        ...contact,
        fill: shade(tableFill, 0.5),
        "fill-opacity": 0.3,
        filter: blurFilter(defs, m * 0.015, ellipseBox(contact)),
      }),
    );
    if (p >= 2) {
      const beam = `M${num(W * 0.55)} 0L${num(W * 0.78)} 0L${num(W * 0.35)} ${num(H)}L${num(W * 0.05)} ${num(H)}Z`;
      parts.push(el("path", { d: beam, fill: "#ffffff", "fill-opacity": 0.14, filter: blurFilter(defs, m * 0.04, { x: W * 0.05, y: 0, w: W * 0.73, h: H }) }));
    }
    // Light vignette.
    parts.push(
      roundRect(full, 0, {
        fill: radial(
          defs,
          "dc-g-vignette",
          [
            [0.55, "#000000", 0],
            [1, "#2a1a0c", 0.22],
          ],
          0.5,
          0.5,
          0.75,
        ),
      }),
    );
    behind = [
      tint(warm, 0.25),
      warm2,
      shade(warm2, 0.1),
      windowFill,
      mix(warm, glowFill, 0.7),
      tableFill,
      tint(tableFill, 0.12),
      mix(warm2, leafFill, 0.35),
    ];
  } else if (o.kind === "studio") {
    const top = isDark(bg) ? tint(bg, 0.06) : tint(bg, 0.45);
    const bottom = mix(bg, accent, 0.1);
    parts.push(
      roundRect(full, 0, {
        fill: linear(defs, "dc-g-studio", [
          [0, top],
          [1, bottom],
        ]),
      }),
    );
    const dark = isDark(bg);
    const soft = dark ? mix(tint(bg, 0.07), accent, 0.04) : mix(bg, accent, 0.16);
    const glow = dark ? tint(bg, 0.16) : "#ffffff";
    const r = Math.max(focus.w, focus.h) * 0.62;
    switch (o.pattern % 4) {
      case 0:
        parts.push(
          el("circle", {
            cx: fcx,
            cy: fcy,
            r: r * 1.25,
            fill: radial(defs, "dc-g-glow", [
              [0, glow, 0.7],
              [1, glow, 0],
            ]),
          }),
        );
        break;
      case 1:
        parts.push(el("circle", { cx: fcx, cy: fcy, r, fill: soft }));
        parts.push(
          el("circle", { cx: fcx, cy: fcy, r: r * 1.18, fill: "none", stroke: soft, "stroke-width": m * 0.006 }),
        );
        break;
      case 2: {
        // A studio floor: the horizon at the photo's lower third, a lighter floor below.
        const horizon = focus.y + focus.h * 0.78;
        parts.push(
          roundRect({ x: 0, y: horizon, w: W, h: H - horizon }, 0, {
            fill: linear(defs, "dc-g-floor", [
              [0, dark ? tint(bg, 0.1) : mix(bg, accent, 0.2)],
              [1, dark ? tint(bg, 0.03) : mix(bg, accent, 0.06)],
            ]),
          }),
        );
        parts.push(
          el("circle", {
            cx: fcx,
            cy: focus.y + focus.h * 0.4,
            r: r * 1.2,
            fill: radial(defs, "dc-g-glow", [
              [0, glow, 0.6],
              [1, glow, 0],
            ]),
          }),
        );
        break;
      }
      default: {
        // An arch behind the product.
        const aw = Math.min(W, focus.w * 1.15);
        const ax = fcx - aw / 2;
        const ay = focus.y - focus.h * 0.08;
        const bottomY = H;
        parts.push(
          el("path", {
            d: `M${num(ax)} ${num(bottomY)}L${num(ax)} ${num(ay + aw / 2)}A${num(aw / 2)} ${num(aw / 2)} 0 0 1 ${num(ax + aw)} ${num(ay + aw / 2)}L${num(ax + aw)} ${num(bottomY)}Z`,
            fill: soft,
          }),
        );
      }
    }
    behind = [top, bottom, soft, mix(top, glow, 0.7), dark ? tint(bg, 0.1) : mix(bg, accent, 0.2)];
  } else {
    const top = bg;
    const bottom = mix(bg, surface, 0.6);
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-g-plain",
          [
            [0, top],
            [1, bottom],
          ],
          0,
          0,
          1,
          1,
        ),
      }),
    );
    behind = [top, bottom];
  }

  // A dot grid in a canvas corner clear of the text and the photo (none when no corner is).
  const dotColour = o.kind === "sale" ? (isDark(accent) ? "#ffffff" : "#000000") : accent;
  if (o.kind !== "lifestyle" && o.textBox) {
    const gap = m * 0.026;
    const size = gap * 5 + m * 0.008;
    const inset = m * 0.035;
    const corners = [
      { x: W - inset - size, y: inset },
      { x: inset, y: H - inset - size },
      { x: inset, y: inset },
      { x: W - inset - size, y: H - inset - size },
    ];
    const order = o.pattern % 2 === 0 ? [0, 1, 2, 3] : [1, 0, 3, 2];
    const clear = (c: { x: number; y: number }) =>
      [o.textBox, o.focus].every(
        (r) => !r || c.x > r.x + r.w || c.x + size < r.x || c.y > r.y + r.h || c.y + size < r.y,
      );
    const corner = order.map((i) => corners[i]).find(clear);
    if (corner) {
      const dots: string[] = [];
      const d = m * 0.004;
      for (let i = 0; i < 6; i++)
        for (let j = 0; j < 6; j++)
          dots.push(
            `M${num(corner.x + d + i * gap)} ${num(corner.y + d + j * gap)}m-${num(d)} 0a${num(d)} ${num(d)} 0 1 0 ${num(d * 2)} 0a${num(d)} ${num(d)} 0 1 0 -${num(d * 2)} 0`,
          );
      parts.push(el("path", { d: dots.join(""), fill: dotColour, "fill-opacity": o.kind === "sale" ? 0.25 : 0.3 }));
    }
  }

  if (o.backgroundHref && safeHref(o.backgroundHref)) {
    // The merchant's backdrop over the drawn one, with a wash so text reads.
    parts.push(imageEl(o.backgroundHref, { x: 0, y: 0, width: W, height: H, preserveAspectRatio: "xMidYMid slice" }));
    if (o.textBox) {
      const t = o.textBox;
      const pad = m * 0.035;
      parts.push(
        roundRect({ x: t.x - pad, y: t.y - pad, w: t.w + pad * 2, h: t.h + pad * 2 }, m * 0.03, {
          fill: behind[0],
          "fill-opacity": 0.94,
        }),
      );
      behind = [behind[0]];
    }
  }
  return { markup: parts.join(""), behindText: behind, base: bg };
}

// ---------------------------------------------------------------------------------------------
// Free-form prompts

/** Colour words a prompt may hold, with the colour drawn for each (first match wins per word). */
const COLOUR_WORDS: ReadonlyArray<[RegExp, string[]]> = [
  [/\bmarble(d)?\b/, ["#efeeeb", "#dcdad6", "#b9b6b0"]],
  [/\b(crimson|scarlet|cherry)\b/, ["#c8102e"]],
  [/\b(burgundy|wine|maroon|oxblood)\b/, ["#6d1a2b"]],
  [/\bred\b/, ["#d93a3a"]],
  [/\b(coral|salmon)\b/, ["#f27a65"]],
  [/\b(peach|apricot)\b/, ["#f7c2a2"]],
  [/\b(orange|tangerine|amber)\b/, ["#f08a24"]],
  [/\b(terracotta|rust|clay)\b/, ["#c0643f"]],
  [/\b(gold|golden|brass)\b/, ["#c9a14a"]],
  [/\b(yellow|lemon|mustard|sunny)\b/, ["#f2c94c"]],
  [/\b(beige|cream|ivory|sand|sandy|linen|oat|nude)\b/, ["#efe4d2"]],
  [/\b(brown|wood|wooden|walnut|oak|chocolate|coffee|caramel)\b/, ["#8a5a3b"]],
  [/\b(mint)\b/, ["#bfe8d4"]],
  [/\b(sage)\b/, ["#a9b99b"]],
  [/\b(olive|khaki)\b/, ["#7b7f45"]],
  [/\b(emerald|forest|jungle|botanical|leafy|leaves|plants?)\b/, ["#2f7a55"]],
  [/\bgreen\b/, ["#3f9a5c"]],
  [/\b(teal)\b/, ["#1f8a8a"]],
  [/\b(turquoise|aqua|cyan|lagoon)\b/, ["#3cc4c4"]],
  [/\b(navy|midnight)\b/, ["#1d2b55"]],
  [/\b(sky|baby blue|powder blue)\b/, ["#a9d2f3"]],
  [/\b(ocean|sea|blue|cobalt|denim)\b/, ["#2f6fd6"]],
  [/\b(purple|violet|plum|grape)\b/, ["#6f45b8"]],
  [/\b(lavender|lilac|mauve)\b/, ["#c9b8ea"]],
  [/\b(magenta|fuchsia)\b/, ["#c2268f"]],
  [/\b(rose|blush)\b/, ["#eaa2b4"]],
  [/\bpink\b/, ["#f2a6c2"]],
  [/\b(charcoal|graphite|slate)\b/, ["#34383e"]],
  [/\b(black|noir|onyx|jet)\b/, ["#141414"]],
  [/\b(silver|chrome|steel|metallic)\b/, ["#c6c9ce"]],
  [/\b(grey|gray|concrete|stone|cement)\b/, ["#9da1a6"]],
  [/\b(white|snow)\b/, ["#f7f7f5"]],
  [/\b(sunset|sunrise|dusk)\b/, ["#f6a36b", "#e2637d"]],
  [/\b(beach|desert|dune)\b/, ["#ecd9b8", "#9fd0ea"]],
];
const PASTEL = /\b(pastel|soft|muted|pale|light|airy)\b/;
const DARK = /\b(dark|night|moody|dramatic|deep|luxury|luxurious)\b/;
const MARBLE = /\bmarble(d)?\b/;

/** The colours a prompt names, in the order it names them (at most 4), adjusted for "pastel" or "dark". */
export function promptColours(prompt: string): string[] {
  const text = prompt.toLowerCase();
  const found: Array<{ at: number; colours: string[] }> = [];
  let rest = text;
  for (const [pattern, colours] of COLOUR_WORDS) {
    const hit = pattern.exec(rest);
    if (!hit) continue;
    found.push({ at: hit.index, colours });
    // Blank the word out so "sky blue" does not also count as "blue".
    rest = rest.slice(0, hit.index) + " ".repeat(hit[0].length) + rest.slice(hit.index + hit[0].length);
  }
  found.sort((a, b) => a.at - b.at);
  let colours = [...new Set(found.flatMap((f) => f.colours))].slice(0, 4);
  if (PASTEL.test(text)) colours = colours.map((c) => tint(c, 0.55));
  else if (DARK.test(text)) colours = colours.map((c) => (isDark(c) ? c : shade(c, 0.45)));
  return colours;
}

const NEUTRAL: Record<ImageStyle | "default", string[]> = {
  photo: ["#ece8e1", "#cfc8bd", "#8a7f72"],
  studio: ["#f1f0ee", "#d9d7d3", "#9a9791"],
  lifestyle: ["#f3e6d6", "#e3c7a6", "#9b7a5a"],
  minimal: ["#f5f5f3", "#e4e3df", "#23242a"],
  bold: ["#1d2b55", "#f2c94c", "#e2637d"],
  illustration: ["#fbe8c8", "#f6a36b", "#3f9a5c"],
  default: ["#f1f0ee", "#d9d7d3", "#9a9791"],
};

export interface ComposeBackdropInput {
  prompt: string;
  style: ImageStyle | undefined;
  preset: VisualPreset;
  variant: number;
  palette?: VisualPalette;
  assets?: { photoHref: string | null; photoAspect: number | null };
}

const BACKDROP_NOTE =
  "Built-in compositor: a designed backdrop from your prompt's colours and mood, not a photo. Configure an image model (IMAGE_BASE_URL) for photographic scenes.";

/** Which family a free-form prompt is drawn as: the style, else words in the prompt. */
function moodOf(prompt: string, style: ImageStyle | undefined): ImageStyle {
  if (style) return style;
  const p = prompt.toLowerCase();
  if (/\b(studio|photo|photograph|product shot|packshot|pedestal|podium|marble|table|shelf)\b/.test(p)) return "studio";
  if (/\b(bold|vibrant|neon|pop|loud|sale)\b/.test(p)) return "bold";
  if (/\b(illustration|illustrated|cartoon|flat|drawing|vector|landscape|hills|mountains?|beach|sea|ocean)\b/.test(p))
    return "illustration";
  if (/\b(cozy|cosy|home|kitchen|living|bedroom|cafe|garden|morning|lifestyle|warm)\b/.test(p)) return "lifestyle";
  return "minimal";
}

// ---------------------------------------------------------------------------------------------
// Backdrop drawing aids (deterministic: a seeded generator, never Math.random)

/** A 32-bit FNV-1a hash of `text`: the seed for a backdrop's generator. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same seed gives the same numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hslOf(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hexOfHsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return hexOf([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** A tasteful accent for `c`: its complement, moderately saturated, mid-light. */
function complement(c: string): string {
  const [h, s] = hslOf(c);
  return hexOfHsl((h + 180) % 360, Math.min(0.78, Math.max(0.5, s)), 0.6);
}

/** A soft-edged ellipse (a radial gradient, no blur filter: cheap to render). */
function softSpot(
  defs: Defs,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colour: string,
  opacity: number,
  core = 0.45,
): string {
  const id = `dc-b-spot-${colour.slice(1)}-${Math.round(opacity * 1000)}-${Math.round(core * 100)}`;
  return el("ellipse", {
    cx,
    cy,
    rx,
    ry,
    fill: radial(defs, id, [
      [0, colour, opacity],
      [core, colour, opacity * 0.6],
      [1, colour, 0],
    ]),
  });
}

/** The shadow under something standing at (`cx`, `y`), `w` wide: a wide ambient pool and a dark core. */
function contactShadow(defs: Defs, cx: number, y: number, w: number, m: number, strength = 1): string {
  return (
    softSpot(defs, cx, y + m * 0.004, w * 0.66, m * 0.05, "#000000", 0.2 * strength, 0.35) +
    softSpot(defs, cx, y, w * 0.44, m * 0.014, "#000000", Math.min(0.85, 0.55 * strength), 0.5)
  );
}

type Pt = [number, number];

/** A crack-like line from `a` to `b` by midpoint displacement (jagged like stone, never a smooth wave). */
function crackLine(rnd: () => number, a: Pt, b: Pt, rough: number, levels: number, decay = 1): Pt[] {
  let pts: Pt[] = [a, b];
  for (let l = 0, r = rough; l < levels; l++, r *= decay) {
    const next: Pt[] = [pts[0]];
    for (let i = 0; i < pts.length - 1; i++) {
      const [ax, ay] = pts[i];
      const [bx, by] = pts[i + 1];
      const dx = bx - ax;
      const dy = by - ay;
      const len = Math.hypot(dx, dy) || 1;
      const off = (rnd() * 2 - 1) * r * len;
      next.push([(ax + bx) / 2 - (dy / len) * off, (ay + by) / 2 + (dx / len) * off], pts[i + 1]);
    }
    pts = next;
  }
  return pts;
}

function polyline(pts: readonly Pt[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("");
}

/**
 * Marble veins over `area` (seen in perspective: drawn in a square and squashed to the area):
 * a few main veins, each with a faint wide halo and a thin core, branches off them, and hairlines.
 */
function marbleVeins(defs: Defs, rnd: () => number, area: Rect, m: number, vein: string): string {
  const map = ([u, t]: Pt): Pt => [area.x + u * area.w, area.y + t * area.h];
  const main: string[] = [];
  // Each main vein changes strength along its length: pieces go to a strong, a mid or a faint layer.
  const cores: string[][] = [[], [], []];
  const branches: string[] = [];
  const hair: string[] = [];
  const clouds: string[] = [];
  const count = 4;
  for (let i = 0; i < count; i++) {
    const t0 = -0.1 + (i + rnd() * 0.7) * (1.1 / count);
    const t1 = t0 + (i % 2 === 0 ? 1 : -1) * (0.3 + rnd() * 0.5);
    const pts = crackLine(rnd, [-0.05, t0], [1.05, t1], 0.2, 6, 0.72).map(map);
    main.push(polyline(pts));
    for (let s = 0; s < pts.length - 1; s += 8) cores[Math.floor(rnd() * 3)].push(polyline(pts.slice(s, s + 9)));
    for (let k = 0; k < 3; k++) {
      const from = pts[6 + Math.floor(rnd() * (pts.length - 12))];
      const ang = (rnd() < 0.5 ? -1 : 1) * (0.3 + rnd() * 0.5);
      const len = area.w * (0.1 + rnd() * 0.2);
      const to: Pt = [from[0] + Math.cos(ang) * len, from[1] + Math.sin(ang) * len * (area.h / area.w) * 1.6];
      branches.push(polyline(crackLine(rnd, from, to, 0.18, 5, 0.75)));
    }
    const mid = pts[Math.floor(pts.length * (0.3 + rnd() * 0.4))];
    clouds.push(softSpot(defs, mid[0], mid[1], area.w * 0.32, area.h * 0.2, vein, 0.09, 0.2));
  }
  for (let i = 0; i < 7; i++) {
    const t0 = rnd() * 1.2 - 0.1;
    const u0 = rnd() * 0.6 - 0.1;
    hair.push(
      polyline(crackLine(rnd, [u0, t0], [u0 + 0.3 + rnd() * 0.5, t0 + rnd() * 0.4 - 0.2], 0.2, 6, 0.75).map(map)),
    );
  }
  const stroke = (d: string[], width: number, opacity: number) =>
    el("path", {
      d: d.join(""),
      fill: "none",
      stroke: vein,
      "stroke-opacity": opacity,
      "stroke-width": width,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    });
  return [
    ...clouds,
    stroke(hair, m * 0.0008, 0.1),
    stroke(main, m * 0.014, 0.05),
    stroke(main, m * 0.005, 0.08),
    stroke(branches, m * 0.0012, 0.18),
    stroke(cores[0], m * 0.0024, 0.36),
    stroke(cores[1], m * 0.0017, 0.24),
    stroke(cores[2], m * 0.001, 0.1),
  ].join("");
}

/**
 * Sunlight through a window falling on a wall: panes of light with soft edges (each pane drawn
 * three times, slightly larger and fainter, instead of a blur filter), slanted by the sun.
 */
function windowLight(
  defs: Defs,
  o: { x: number; y: number; w: number; h: number; skew: number; colour: string; opacity: number; soft: number },
): string {
  const fill = linear(defs, `dc-b-pane-${o.colour.slice(1)}`, [
    [0, o.colour, 1],
    [1, o.colour, 0.25],
  ]);
  const gap = o.w * 0.06;
  const pw = (o.w - gap) / 2;
  const ph = (o.h - gap) / 2;
  const panes: string[][] = [[], [], []];
  for (let cx = 0; cx < 2; cx++)
    for (let cy = 0; cy < 2; cy++) {
      const x = o.x + cx * (pw + gap);
      const y = o.y + cy * (ph + gap);
      [1, 0.5, 0].forEach((grow, layer) => {
        const e = o.soft * grow;
        const x0 = x - e;
        const x1 = x + pw + e;
        const y0 = y - e;
        const y1 = y + ph + e;
        panes[layer].push(
          `M${num(x0 + o.skew * (y0 - o.y))} ${num(y0)}L${num(x1 + o.skew * (y0 - o.y))} ${num(y0)}L${num(x1 + o.skew * (y1 - o.y))} ${num(y1)}L${num(x0 + o.skew * (y1 - o.y))} ${num(y1)}Z`,
        );
      });
    }
  return panes.map((d) => el("path", { d: d.join(""), fill, "fill-opacity": num(o.opacity / 3) })).join("");
}

/** Leaf shadows (a plant out of frame) on a wall: soft, faint, two layers for a soft edge. */
function leafShadows(rnd: () => number, x: number, y: number, size: number, mirror: boolean): string {
  const leaves: string[] = [];
  for (let i = 0; i < 7; i++) {
    const ang = (mirror ? 180 : 0) + (-70 + i * 22 + rnd() * 12) * (mirror ? -1 : 1);
    const len = size * (0.45 + rnd() * 0.35);
    const wid = len * 0.28;
    const r = (ang * Math.PI) / 180;
    const bx = x + Math.cos(r) * size * 0.1 * i * 0.3;
    const by = y + i * size * 0.09;
    const tx = bx + Math.cos(r) * len;
    const ty = by + Math.sin(r) * len;
    const nx = -Math.sin(r) * wid;
    const ny = Math.cos(r) * wid;
    const mx = (bx + tx) / 2;
    const my = (by + ty) / 2;
    leaves.push(
      `M${num(bx)} ${num(by)}Q${num(mx + nx)} ${num(my + ny)} ${num(tx)} ${num(ty)}Q${num(mx - nx)} ${num(my - ny)} ${num(bx)} ${num(by)}Z`,
    );
  }
  const d = leaves.join("");
  return (
    el("path", {
      d,
      fill: "#1c1408",
      "fill-opacity": 0.035,
      stroke: "#1c1408",
      "stroke-opacity": 0.035,
      "stroke-width": size * 0.05,
      "stroke-linejoin": "round",
    }) + el("path", { d, fill: "#1c1408", "fill-opacity": 0.05 })
  );
}

/** Where a product stands: its centre line, the floor line under it, and the room it may take. */
interface Stage {
  cx: number;
  standY: number;
  w: number;
  h: number;
  /** On a plinth or podium (no shadow drawn there without a product). */
  raised?: boolean;
}

/** A sunlit wall + stone countertop, or a seamless paper sweep (studio), or a table before soft bokeh (photo). */
function drawStudio(
  defs: Defs,
  parts: string[],
  o: {
    W: number;
    H: number;
    v: number;
    rnd: () => number;
    colours: string[];
    named: boolean;
    marble: boolean;
    sunlit: boolean;
    gold: boolean;
    photo: boolean;
  },
): Stage {
  const { W, H, v, rnd } = o;
  const m = Math.min(W, H);
  const mirror = v % 2 === 1;
  const [c1, c2] = o.colours;
  const wall = o.named ? c1 : o.marble ? "#d8c8b3" : o.photo ? "#d6c9b8" : "#d9d1c6";
  const darkWall = isDark(wall);
  const lightX = mirror ? W * 0.24 : W * 0.76;
  const horizon = H * (W >= H ? 0.6 : 0.62) + (v % 3) * m * 0.02;
  const full = { x: 0, y: 0, w: W, h: H };
  const warmLight = o.sunlit || o.marble ? "#fff3dd" : "#ffffff";

  if (o.marble || o.photo) {
    // A wall and a surface meeting at a clear horizon (countertop or tabletop).
    parts.push(
      roundRect({ x: 0, y: 0, w: W, h: horizon }, 0, {
        fill: linear(defs, "dc-b-wall", [
          [0, shade(wall, darkWall ? 0.25 : 0.14)],
          [0.7, wall],
          [1, shade(wall, darkWall ? 0.1 : 0.07)],
        ]),
      }),
    );
    // The key light on the wall.
    parts.push(softSpot(defs, lightX, horizon * 0.45, m * 0.75, m * 0.6, warmLight, darkWall ? 0.2 : 0.32, 0.3));
    if (o.photo && !o.marble) {
      // Out-of-focus light behind (bokeh): soft discs in tints of the wall and warm light.
      const disc = (c: string, op: number) =>
        radial(defs, `dc-b-bokeh-${c.slice(1)}-${Math.round(op * 100)}`, [
          [0, c, op],
          [0.72, c, op * 0.85],
          [1, c, 0],
        ]);
      for (let i = 0; i < 14; i++) {
        const r = m * (0.03 + rnd() * 0.07);
        const c = i % 3 === 0 ? "#fff2c4" : tint(c1, 0.45);
        parts.push(
          el("circle", { cx: rnd() * W, cy: horizon * (0.1 + rnd() * 0.85), r, fill: disc(c, darkWall ? 0.3 : 0.45) }),
        );
      }
    }
    if (o.sunlit || o.marble)
      parts.push(
        windowLight(defs, {
          x: mirror ? W * 0.56 : W * 0.1,
          y: horizon * 0.12,
          w: W * 0.32,
          h: horizon * 0.62,
          skew: mirror ? -0.35 : 0.35,
          colour: "#fff6e6",
          opacity: darkWall ? 0.25 : 0.75,
          soft: m * 0.012,
        }),
      );
    // Where the wall meets the surface: a soft shadow line.
    parts.push(
      roundRect({ x: 0, y: horizon - m * 0.05, w: W, h: m * 0.05 }, 0, {
        fill: linear(defs, "dc-b-ao", [
          [0, "#000000", 0],
          [1, "#000000", darkWall ? 0.25 : 0.12],
        ]),
      }),
    );
    const surface = o.marble ? "#f3f0eb" : o.named ? mix(c2, "#efe9e0", 0.55) : "#e9e2d8";
    const front = o.marble ? H - m * 0.075 : H;
    parts.push(
      roundRect({ x: 0, y: horizon, w: W, h: front - horizon }, 0, {
        fill: linear(defs, "dc-b-top", [
          [0, shade(surface, 0.1)],
          [0.25, surface],
          [1, tint(surface, 0.3)],
        ]),
      }),
    );
    const top = { x: 0, y: horizon, w: W, h: front - horizon };
    if (o.marble) {
      defs.add("dc-b-clip-top", el("clipPath", { id: "dc-b-clip-top" }, roundRect(top, 0, {})));
      parts.push(
        el("g", { "clip-path": "url(#dc-b-clip-top)" }, marbleVeins(defs, rnd, top, m, o.gold ? "#a8844a" : "#857e74")),
      );
      // The countertop's front edge: a lit rim and a face in shade.
      parts.push(
        roundRect({ x: 0, y: front, w: W, h: H - front }, 0, {
          fill: linear(defs, "dc-b-edge", [
            [0, tint(surface, 0.6)],
            [0.08, shade(surface, 0.06)],
            [1, shade(surface, 0.2)],
          ]),
        }),
      );
    }
    // Light falling on the surface.
    parts.push(
      softSpot(
        defs,
        lightX,
        horizon + (front - horizon) * 0.35,
        W * 0.5,
        (front - horizon) * 0.6,
        warmLight,
        0.35,
        0.3,
      ),
    );
    const standY = horizon + (front - horizon) * 0.42;
    return { cx: W / 2, standY, w: W * 0.5, h: Math.min(standY - H * 0.14, H * 0.56) };
  }

  // A seamless sweep: the wall curves into the floor with no line, darker where it turns.
  const floor = o.named ? mix(c2, wall, 0.45) : tint(wall, 0.25);
  const hz = horizon / H;
  parts.push(
    roundRect(full, 0, {
      fill: linear(defs, "dc-b-sweep", [
        [0, shade(wall, darkWall ? 0.3 : 0.16)],
        [hz * 0.6, wall],
        [hz - 0.02, shade(mix(wall, floor, 0.5), darkWall ? 0.12 : 0.07)],
        [hz + 0.1, floor],
        [1, shade(floor, darkWall ? 0.18 : 0.06)],
      ]),
    }),
  );
  // Key light: a broad soft pool on the wall from the side, and its spill on the floor.
  parts.push(softSpot(defs, lightX, H * 0.3, m * 0.8, m * 0.7, "#ffffff", darkWall ? 0.2 : 0.55, 0.25));
  parts.push(
    softSpot(
      defs,
      W / 2,
      horizon + (H - horizon) * 0.35,
      W * 0.55,
      (H - horizon) * 0.45,
      "#ffffff",
      darkWall ? 0.14 : 0.4,
      0.3,
    ),
  );
  if (o.sunlit)
    parts.push(
      windowLight(defs, {
        x: mirror ? W * 0.58 : W * 0.08,
        y: H * 0.08,
        w: W * 0.3,
        h: horizon * 0.6,
        skew: mirror ? -0.35 : 0.35,
        colour: "#fff6e6",
        opacity: 0.4,
        soft: m * 0.012,
      }),
    );
  const standY = horizon + (H - horizon) * 0.38;
  return { cx: W / 2, standY, w: W * 0.5, h: Math.min(standY - H * 0.14, H * 0.56) };
}

/** A warm room: a wall with window light and leaf shadows, a wooden tabletop, a warm glow. */
function drawLifestyle(
  defs: Defs,
  parts: string[],
  o: { W: number; H: number; v: number; rnd: () => number; colours: string[]; named: boolean },
): Stage {
  const { W, H, v, rnd } = o;
  const m = Math.min(W, H);
  const mirror = v % 2 === 1;
  const [c1, , c3] = o.colours;
  const wall = o.named ? mix(c1, "#f1e4d3", isDark(c1) ? 0.15 : 0.2) : "#eedcc6";
  const horizon = H * (W >= H ? 0.66 : 0.68);
  parts.push(
    roundRect({ x: 0, y: 0, w: W, h: horizon }, 0, {
      fill: linear(
        defs,
        "dc-b-room",
        [
          [0, shade(wall, 0.14)],
          [0.65, wall],
          [1, shade(wall, 0.1)],
        ],
        0,
        0,
        0.25,
        1,
      ),
    }),
  );
  parts.push(softSpot(defs, mirror ? W * 0.2 : W * 0.8, H * 0.15, m * 0.7, m * 0.6, "#ffd9a0", 0.45, 0.25));
  parts.push(
    windowLight(defs, {
      x: mirror ? W * 0.06 : W * 0.5,
      y: horizon * 0.08,
      w: W * 0.42,
      h: horizon * 0.7,
      skew: mirror ? 0.3 : -0.3,
      colour: "#fff1d8",
      opacity: 0.6,
      soft: m * 0.014,
    }),
  );
  parts.push(leafShadows(rnd, mirror ? W * 0.95 : W * 0.05, H * 0.08, m * 0.42, mirror));
  parts.push(
    roundRect({ x: 0, y: horizon - m * 0.04, w: W, h: m * 0.04 }, 0, {
      fill: linear(defs, "dc-b-room-ao", [
        [0, "#000000", 0],
        [1, "#2a1a0c", 0.18],
      ]),
    }),
  );
  // A wooden tabletop with grain.
  const wood = o.named && c3 ? mix(c3, "#9b6d47", 0.55) : "#a77950";
  parts.push(
    roundRect({ x: 0, y: horizon, w: W, h: H - horizon }, 0, {
      fill: linear(defs, "dc-b-wood", [
        [0, shade(wood, 0.22)],
        [0.12, wood],
        [1, shade(wood, 0.12)],
      ]),
    }),
  );
  const grain: string[] = [];
  for (let i = 0; i < 14; i++) {
    const t = (i + rnd() * 0.8) / 14;
    const y = horizon + (H - horizon) * t * t * 0.95 + m * 0.004;
    grain.push(polyline(crackLine(rnd, [-10, y], [W + 10, y + (rnd() - 0.5) * m * 0.02], 0.02, 4)));
  }
  parts.push(
    el("path", {
      d: grain.join(""),
      fill: "none",
      stroke: shade(wood, 0.4),
      "stroke-opacity": 0.16,
      "stroke-width": m * 0.0025,
    }),
  );
  parts.push(roundRect({ x: 0, y: horizon, w: W, h: m * 0.006 }, 0, { fill: tint(wood, 0.35), "fill-opacity": 0.6 }));
  parts.push(
    softSpot(
      defs,
      mirror ? W * 0.3 : W * 0.7,
      horizon + (H - horizon) * 0.35,
      W * 0.5,
      (H - horizon) * 0.5,
      "#ffe2b0",
      0.3,
      0.3,
    ),
  );
  parts.push(
    roundRect({ x: 0, y: 0, w: W, h: H }, 0, {
      fill: radial(
        defs,
        "dc-b-room-vig",
        [
          [0.55, "#000000", 0],
          [1, "#24150a", 0.3],
        ],
        0.5,
        0.45,
        0.78,
      ),
    }),
  );
  const standY = horizon + (H - horizon) * 0.4;
  return { cx: W / 2, standY, w: W * 0.5, h: Math.min(standY - H * 0.14, H * 0.56) };
}

/** A bold field: a burst of rays, a diagonal band, a dot grid and a podium in a contrasting accent. */
function drawBold(
  defs: Defs,
  parts: string[],
  o: { W: number; H: number; v: number; colours: string[]; count: number },
): Stage {
  const { W, H, v } = o;
  const m = Math.min(W, H);
  const mirror = v % 2 === 1;
  const [c1, c2] = o.colours;
  const accent = o.count >= 3 ? o.colours[2] : complement(c1);
  const cx = W / 2;
  const cy = H * 0.42;
  parts.push(
    roundRect({ x: 0, y: 0, w: W, h: H }, 0, {
      fill: radial(
        defs,
        "dc-b-field",
        [
          [0, tint(c1, 0.18)],
          [0.6, c1],
          [1, shade(c1, 0.3)],
        ],
        0.5,
        0.42,
        0.75,
      ),
    }),
  );
  const rays: string[] = [];
  const n = 18;
  const R = Math.hypot(W, H);
  for (let i = 0; i < n; i++) {
    const a0 = ((i * 2) / (n * 2)) * Math.PI * 2 + (v % 3) * 0.1;
    const a1 = a0 + Math.PI / n;
    rays.push(
      `M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a0) * R)} ${num(cy + Math.sin(a0) * R)}L${num(cx + Math.cos(a1) * R)} ${num(cy + Math.sin(a1) * R)}Z`,
    );
  }
  const ink = isDark(c1) ? "#ffffff" : "#000000";
  parts.push(el("path", { d: rays.join(""), fill: ink, "fill-opacity": 0.055 }));
  // A diagonal band of the second colour and a thin accent stripe.
  const band = mirror
    ? `M${num(W)} ${num(H * 0.55)}L${num(W)} ${num(H * 0.9)}L${num(W * 0.1)} ${num(H)}L${num(-W * 0.1)} ${num(H)}Z`
    : `M0 ${num(H * 0.55)}L0 ${num(H * 0.9)}L${num(W * 0.9)} ${num(H)}L${num(W * 1.1)} ${num(H)}Z`;
  parts.push(el("path", { d: band, fill: c2 === c1 ? shade(c1, 0.2) : c2 }));
  parts.push(
    el("line", {
      x1: mirror ? W : 0,
      y1: H * 0.5,
      x2: mirror ? W * 0.05 : W * 0.95,
      y2: H * 1.02,
      stroke: accent,
      "stroke-width": m * 0.012,
    }),
  );
  // A dot grid in a corner.
  defs.add(
    "dc-b-dots",
    el(
      "pattern",
      { id: "dc-b-dots", width: m * 0.04, height: m * 0.04, patternUnits: "userSpaceOnUse" },
      el("circle", { cx: m * 0.02, cy: m * 0.02, r: m * 0.0065, fill: accent }),
    ),
  );
  parts.push(
    roundRect({ x: mirror ? W * 0.06 : W * 0.94 - m * 0.28, y: H * 0.06, w: m * 0.28, h: m * 0.2 }, 0, {
      fill: "url(#dc-b-dots)",
      "fill-opacity": 0.8,
    }),
  );
  // A ring and a podium.
  parts.push(
    el("circle", {
      cx,
      cy,
      r: m * 0.34,
      fill: "none",
      stroke: accent,
      "stroke-width": m * 0.008,
      "stroke-opacity": 0.7,
    }),
  );
  parts.push(el("circle", { cx, cy, r: m * 0.3, fill: ink, "fill-opacity": 0.06 }));
  const pw = m * 0.36;
  const top = H * 0.7;
  const ph = m * 0.12;
  const ry = m * 0.045;
  parts.push(softSpot(defs, cx, top + ph + ry * 0.6, pw * 0.7, ry * 1.4, "#000000", 0.35, 0.4));
  parts.push(
    el("path", {
      d: `M${num(cx - pw / 2)} ${num(top)}L${num(cx - pw / 2)} ${num(top + ph)}A${num(pw / 2)} ${num(ry)} 0 0 0 ${num(cx + pw / 2)} ${num(top + ph)}L${num(cx + pw / 2)} ${num(top)}Z`,
      fill: linear(
        defs,
        "dc-b-podium",
        [
          [0, shade(accent, 0.25)],
          [0.35, tint(accent, 0.15)],
          [1, shade(accent, 0.35)],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  parts.push(el("ellipse", { cx, cy: top, rx: pw / 2, ry, fill: tint(accent, 0.35) }));
  return { cx, standY: top, w: pw * 0.95, h: Math.min(top - H * 0.1, H * 0.55), raised: true };
}

/** Minimal: two tones (wall and floor), an arch, a plinth, and a soft diagonal shadow plane. */
function drawMinimal(
  defs: Defs,
  parts: string[],
  o: { W: number; H: number; v: number; colours: string[]; gold: boolean },
): Stage {
  const { W, H, v } = o;
  const m = Math.min(W, H);
  const mirror = v % 2 === 1;
  const [c1, c2] = o.colours;
  const a = isDark(c1) ? c1 : mix(c1, "#f6f2ec", 0.15);
  const b = isDark(c1) ? shade(mix(c2, c1, 0.5), 0.15) : shade(mix(c2, a, 0.55), 0.05);
  const horizon = H * (W >= H ? 0.68 : 0.7);
  parts.push(
    roundRect({ x: 0, y: 0, w: W, h: horizon }, 0, {
      fill: linear(defs, "dc-b-min-wall", [
        [0, shade(a, 0.05)],
        [1, tint(a, 0.08)],
      ]),
    }),
  );
  parts.push(
    roundRect({ x: 0, y: horizon, w: W, h: H - horizon }, 0, {
      fill: linear(defs, "dc-b-min-floor", [
        [0, shade(b, 0.08)],
        [0.2, b],
        [1, tint(b, 0.06)],
      ]),
    }),
  );
  // An arch behind where the product stands.
  const archW = Math.min(W * 0.5, m * 0.52);
  const ax = W / 2 + (mirror ? -1 : 1) * W * 0.08 - archW / 2;
  const atop = H * (W >= H ? 0.14 : 0.2);
  const arch = `M${num(ax)} ${num(horizon)}L${num(ax)} ${num(atop + archW / 2)}A${num(archW / 2)} ${num(archW / 2)} 0 0 1 ${num(ax + archW)} ${num(atop + archW / 2)}L${num(ax + archW)} ${num(horizon)}Z`;
  const archFill = isDark(a) ? tint(a, 0.1) : mix(a, b, 0.45);
  parts.push(el("path", { d: arch, fill: archFill }));
  if (o.gold)
    parts.push(
      el("path", {
        d: arch,
        transform: `translate(${num(mirror ? m * 0.03 : -m * 0.03)} ${num(-m * 0.03)})`,
        fill: "none",
        stroke: linear(
          defs,
          "dc-b-gold",
          [
            [0, "#e9d199"],
            [0.5, "#b8893f"],
            [1, "#f1dca8"],
          ],
          0,
          0,
          1,
          1,
        ),
        "stroke-width": m * 0.005,
      }),
    );
  // The shadow plane: light from one side, the shadow of an unseen wall across wall and floor.
  const sx = mirror ? W * 0.28 : W * 0.72;
  const dir = mirror ? -1 : 1;
  const far = mirror ? -W * 0.05 : W * 1.05;
  const kink = sx - dir * W * 0.1;
  const shadowFill = linear(
    defs,
    `dc-b-plane-${mirror ? "l" : "r"}`,
    [
      [0, "#000000", mirror ? 0.13 : 0],
      [0.45, "#000000", 0.09],
      [1, "#000000", mirror ? 0 : 0.13],
    ],
    0,
    0,
    1,
    0,
  );
  parts.push(
    el("path", {
      d: `M${num(sx)} 0L${num(far)} 0L${num(far)} ${num(horizon)}L${num(kink)} ${num(horizon)}Z`,
      fill: shadowFill,
    }),
  );
  parts.push(
    el("path", {
      d: `M${num(kink)} ${num(horizon)}L${num(far)} ${num(horizon)}L${num(far)} ${num(H)}L${num(kink - dir * W * 0.35)} ${num(H)}Z`,
      fill: shadowFill,
    }),
  );
  // A low round plinth.
  const cx = ax + archW / 2;
  const pw = archW * 0.78;
  const ry = m * 0.035;
  const ptop = horizon + (H - horizon) * 0.28 - m * 0.05;
  const ph = m * 0.07;
  const plinth = isDark(a) ? tint(b, 0.2) : tint(a, 0.35);
  parts.push(softSpot(defs, cx, ptop + ph + ry * 0.7, pw * 0.62, ry * 1.3, "#000000", 0.25, 0.4));
  parts.push(
    el("path", {
      d: `M${num(cx - pw / 2)} ${num(ptop)}L${num(cx - pw / 2)} ${num(ptop + ph)}A${num(pw / 2)} ${num(ry)} 0 0 0 ${num(cx + pw / 2)} ${num(ptop + ph)}L${num(cx + pw / 2)} ${num(ptop)}Z`,
      fill: linear(
        defs,
        "dc-b-plinth",
        [
          [0, tint(plinth, 0.2)],
          [0.6, plinth],
          [1, shade(plinth, 0.14)],
        ],
        mirror ? 1 : 0,
        0,
        mirror ? 0 : 1,
        0,
      ),
    }),
  );
  parts.push(el("ellipse", { cx, cy: ptop, rx: pw / 2, ry, fill: tint(plinth, 0.3) }));
  return { cx, standY: ptop, w: pw * 0.95, h: Math.min(ptop - atop * 0.8, H * 0.52), raised: true };
}

/** A designed backdrop for a free-form prompt (no image model): colours from its words, mood from the style. */
export function composeBackdrop(input: ComposeBackdropInput): { svg: string; notes: string[] } {
  const { preset } = input;
  const W = preset.width;
  const H = preset.height;
  const m = Math.min(W, H);
  const v = ((Math.floor(input.variant) % 8) + 8) % 8;
  const mood = moodOf(input.prompt, input.style);
  const notes = [BACKDROP_NOTE];
  const text = input.prompt.toLowerCase();
  const marble = MARBLE.test(text);
  // Marble is drawn as a stone surface, so the word does not also set the colours.
  let colours = promptColours(marble ? text.replace(/\bmarble(d)?\b/g, " ") : input.prompt);
  const named = colours.length > 0 || input.palette !== undefined;
  if (colours.length === 0 && input.palette)
    colours = [input.palette.background, input.palette.surface, input.palette.accent].map(
      (c) => normalizeHex(c) ?? "#cccccc",
    );
  const count = colours.length;
  if (colours.length === 0) colours = NEUTRAL[mood] ?? NEUTRAL.default;
  // Rotate by variant so variations differ in which colour leads.
  const order =
    colours.length > 1 ? [...colours.slice(v % colours.length), ...colours.slice(0, v % colours.length)] : colours;
  const c1 = order[0];
  const c2 = order[1] ?? mix(c1, isDark(c1) ? "#ffffff" : "#000000", 0.14);
  const c3 = order[2] ?? mix(c1, c2, 0.5);
  const trio = [c1, c2, c3];
  const defs = new Defs();
  const parts: string[] = [];
  const full = { x: 0, y: 0, w: W, h: H };
  const rnd = seeded(seedOf(`${text}|${mood}|${v}|${W}x${H}`));
  const gold = /\b(gold|golden|brass)\b/.test(text);
  const sunlit = /\b(sun|sunny|sunlit|sunlight|window|morning|shadows?|daylight)\b/.test(text);
  const mirror = v % 2 === 1;
  let stage: Stage | null = null;
  const focus: Rect = { x: W * 0.2, y: H * 0.22, w: W * 0.6, h: H * 0.5 };

  if (mood === "studio" || mood === "photo") {
    stage = drawStudio(defs, parts, {
      W,
      H,
      v,
      rnd,
      colours: trio,
      named,
      marble,
      sunlit,
      gold,
      photo: mood === "photo",
    });
  } else if (mood === "lifestyle") {
    stage = drawLifestyle(defs, parts, { W, H, v, rnd, colours: trio, named });
  } else if (mood === "bold") {
    stage = drawBold(defs, parts, { W, H, v, colours: trio, count });
  } else if (mood === "illustration") {
    // A flat landscape: sky, a sun, two hills (or waves) in the prompt's colours.
    const sky = tint(c1, 0.35);
    parts.push(
      roundRect(full, 0, {
        fill: linear(defs, "dc-b-sky", [
          [0, tint(sky, 0.3)],
          [1, sky],
        ]),
      }),
    );
    parts.push(el("circle", { cx: mirror ? W * 0.25 : W * 0.75, cy: H * 0.28, r: m * 0.13, fill: tint(c2, 0.15) }));
    const hill = (y: number, amp: number, phase: number) => {
      const seg = 4;
      let d = `M0 ${num(y)}`;
      for (let i = 0; i < seg; i++) {
        const x0 = (W / seg) * i;
        const x1 = (W / seg) * (i + 1);
        const up = (i + phase) % 2 === 0 ? -amp : amp;
        d += `Q${num((x0 + x1) / 2)} ${num(y + up)} ${num(x1)} ${num(y)}`;
      }
      return `${d}L${num(W)} ${num(H)}L0 ${num(H)}Z`;
    };
    parts.push(el("path", { d: hill(H * 0.66, H * 0.07, v % 2), fill: mix(c3, sky, 0.35) }));
    parts.push(el("path", { d: hill(H * 0.78, H * 0.05, (v + 1) % 2), fill: c3 }));
    parts.push(el("path", { d: hill(H * 0.9, H * 0.03, v % 2), fill: shade(c3, 0.18) }));
  } else {
    stage = drawMinimal(defs, parts, { W, H, v, colours: trio, gold });
  }

  const photo = input.assets?.photoHref ?? null;
  const hasPhoto = photo !== null && safeHref(photo) !== null;
  if (photo !== null && !hasPhoto)
    notes.push("The product photo's link was not an image link we can draw, so it was left out.");
  if (stage) {
    // The product stands on the floor: a card whose lower edge is the floor line, with its contact shadow.
    const aspect = input.assets?.photoAspect ?? null;
    const card = cardRect({ x: stage.cx - stage.w / 2, y: stage.standY - stage.h, w: stage.w, h: stage.h }, aspect);
    const placed = { ...card, y: stage.standY - card.h };
    const shadowW = hasPhoto ? placed.w : stage.w * 0.55;
    if (hasPhoto || !stage.raised)
      parts.push(contactShadow(defs, stage.cx, stage.standY, shadowW, m, hasPhoto ? 1 : 0.4));
    if (hasPhoto && photo !== null)
      parts.push(
        photoCard(defs, {
          href: photo,
          aspect,
          region: placed,
          surface: "#ffffff",
          radius: m * 0.012,
          shadow: false,
          ground: c1,
          id: "backdrop-photo",
        }).markup,
      );
  } else if (hasPhoto && photo !== null) {
    parts.push(
      photoCard(defs, {
        href: photo,
        aspect: input.assets?.photoAspect ?? null,
        region: focus,
        surface: "#ffffff",
        radius: m * 0.025,
        shadow: true,
        ground: c1,
        id: "backdrop-photo",
      }).markup,
    );
  }
  return { svg: svgDocument(W, H, defs.list(), parts), notes };
}

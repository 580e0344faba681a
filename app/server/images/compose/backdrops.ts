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
import { el, imageEl, num, safeHref, svgDocument } from "./svg";

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
}

/** A blur filter by radius (px), shared by every shape of that softness. */
export function blurFilter(defs: Defs, radius: number): string {
  const r = Math.max(1, Math.round(radius));
  const id = `dc-blur-${r}`;
  defs.add(
    id,
    el(
      "filter",
      { id, x: "-50%", y: "-50%", width: "200%", height: "200%", "color-interpolation-filters": "sRGB" },
      el("feGaussianBlur", { stdDeviation: r }),
    ),
  );
  return `url(#${id})`;
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
        filter: blurFilter(defs, blur),
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
    const blur = blurFilter(defs, m * 0.05);
    const p = o.pattern;
    const winW = Math.min(W * 0.9, focus.w * 1.25);
    const winX = fcx - winW / 2 + (p % 2 === 0 ? winW * 0.12 : -winW * 0.12);
    const winY = Math.max(-m * 0.1, focus.y - focus.h * 0.12);
    const windowPath = `M${num(winX)} ${num(H)}L${num(winX)} ${num(winY + winW / 2)}A${num(winW / 2)} ${num(winW / 2)} 0 0 1 ${num(winX + winW)} ${num(winY + winW / 2)}L${num(winX + winW)} ${num(H)}Z`;
    const windowFill = tint(warm, 0.55);
    parts.push(el("path", { d: windowPath, fill: windowFill, "fill-opacity": 0.75 }));
    const sunX = p % 2 === 0 ? W * 0.85 : W * 0.15;
    const glowFill = mix(warm, "#ffc98f", 0.45);
    parts.push(el("circle", { cx: sunX, cy: H * 0.12, r: m * 0.3, fill: glowFill, "fill-opacity": 0.7, filter: blur }));
    const leafFill = mix(warm2, accent, 0.35);
    parts.push(
      el("ellipse", {
        cx: p % 2 === 0 ? W * 0.04 : W * 0.96,
        cy: H * 0.55,
        rx: m * 0.16,
        ry: m * 0.3,
        fill: leafFill,
        "fill-opacity": 0.35,
        filter: blur,
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
    parts.push(
      el("ellipse", {
        cx: fcx,
        cy: Math.min(H, tableY + m * 0.015),
        rx: focus.w * 0.45,
        ry: m * 0.025,
        fill: shade(tableFill, 0.5),
        "fill-opacity": 0.3,
        filter: blurFilter(defs, m * 0.015),
      }),
    );
    if (p >= 2) {
      const beam = `M${num(W * 0.55)} 0L${num(W * 0.78)} 0L${num(W * 0.35)} ${num(H)}L${num(W * 0.05)} ${num(H)}Z`;
      parts.push(el("path", { d: beam, fill: "#ffffff", "fill-opacity": 0.14, filter: blurFilter(defs, m * 0.04) }));
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

/** A designed backdrop for a free-form prompt (no image model): colours from its words, mood from the style. */
export function composeBackdrop(input: ComposeBackdropInput): { svg: string; notes: string[] } {
  const { preset } = input;
  const W = preset.width;
  const H = preset.height;
  const m = Math.min(W, H);
  const v = ((Math.floor(input.variant) % 8) + 8) % 8;
  const mood = moodOf(input.prompt, input.style);
  const notes = [BACKDROP_NOTE];
  let colours = promptColours(input.prompt);
  if (colours.length === 0 && input.palette)
    colours = [input.palette.background, input.palette.surface, input.palette.accent].map(
      (c) => normalizeHex(c) ?? "#cccccc",
    );
  if (colours.length === 0) colours = NEUTRAL[mood] ?? NEUTRAL.default;
  // Rotate by variant so variations differ in which colour leads.
  const order =
    colours.length > 1 ? [...colours.slice(v % colours.length), ...colours.slice(0, v % colours.length)] : colours;
  const c1 = order[0];
  const c2 = order[1] ?? mix(c1, isDark(c1) ? "#ffffff" : "#000000", 0.14);
  const c3 = order[2] ?? mix(c1, c2, 0.5);
  const defs = new Defs();
  const parts: string[] = [];
  const full = { x: 0, y: 0, w: W, h: H };
  const marble = MARBLE.test(input.prompt.toLowerCase());
  const mirror = v % 2 === 1;
  const focus: Rect = { x: W * 0.2, y: H * 0.22, w: W * 0.6, h: H * 0.5 };

  if (mood === "studio" || mood === "photo") {
    // A seamless studio sweep: wall, horizon, floor, a spotlight and a contact shadow.
    const wall = c1;
    const horizon = H * (0.6 + (v % 3) * 0.04);
    parts.push(
      roundRect(full, 0, {
        fill: linear(defs, "dc-b-wall", [
          [0, tint(wall, 0.12)],
          [1, shade(wall, 0.08)],
        ]),
      }),
    );
    parts.push(
      el("circle", {
        cx: mirror ? W * 0.35 : W * 0.65,
        cy: H * 0.32,
        r: m * 0.7,
        fill: radial(defs, "dc-b-spot", [
          [0, "#ffffff", 0.55],
          [1, "#ffffff", 0],
        ]),
      }),
    );
    const floor = marble ? "#ecebe8" : mix(c2, wall, 0.35);
    parts.push(
      roundRect({ x: 0, y: horizon, w: W, h: H - horizon }, 0, {
        fill: linear(defs, "dc-b-floor", [
          [0, shade(floor, 0.06)],
          [0.08, floor],
          [1, tint(floor, 0.12)],
        ]),
      }),
    );
    parts.push(
      roundRect({ x: 0, y: horizon - m * 0.01, w: W, h: m * 0.03 }, 0, {
        fill: "#000000",
        "fill-opacity": 0.06,
        filter: blurFilter(defs, m * 0.012),
      }),
    );
    if (marble) {
      const vein = (y: number, k: number) =>
        `M0 ${num(y)}C${num(W * 0.25)} ${num(y - m * 0.05 * k)} ${num(W * 0.45)} ${num(y + m * 0.08)} ${num(W * 0.7)} ${num(y + m * 0.02 * k)}S${num(W * 0.95)} ${num(y + m * 0.06)} ${num(W)} ${num(y - m * 0.01)}`;
      const veins = [
        vein(horizon + (H - horizon) * 0.3, 1),
        vein(horizon + (H - horizon) * 0.62, -1),
        vein(horizon + (H - horizon) * 0.85, 0.5),
      ].join("");
      parts.push(
        el("path", {
          d: veins,
          fill: "none",
          stroke: "#9c9890",
          "stroke-opacity": 0.35,
          "stroke-width": m * 0.004,
          filter: blurFilter(defs, m * 0.002),
        }),
      );
    }
    parts.push(
      el("ellipse", {
        cx: W / 2,
        cy: horizon + (H - horizon) * 0.35,
        rx: W * 0.28,
        ry: m * 0.035,
        fill: "#000000",
        "fill-opacity": 0.16,
        filter: blurFilter(defs, m * 0.02),
      }),
    );
    focus.y = horizon - H * 0.42;
    focus.h = H * 0.42 + (H - horizon) * 0.35;
    focus.x = W * 0.22;
    focus.w = W * 0.56;
  } else if (mood === "lifestyle") {
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-b-warm",
          [
            [0, tint(c1, 0.55)],
            [1, tint(mix(c1, c2, 0.4), 0.3)],
          ],
          0,
          0,
          0.4,
          1,
        ),
      }),
    );
    const blur = blurFilter(defs, m * 0.07);
    parts.push(
      el("circle", {
        cx: mirror ? W * 0.15 : W * 0.85,
        cy: H * 0.15,
        r: m * 0.38,
        fill: tint(c2, 0.35),
        "fill-opacity": 0.9,
        filter: blur,
      }),
    );
    parts.push(
      el("ellipse", {
        cx: mirror ? W * 0.85 : W * 0.15,
        cy: H * 0.9,
        rx: W * 0.7,
        ry: H * 0.25,
        fill: c3,
        "fill-opacity": 0.45,
        filter: blur,
      }),
    );
    const beam = mirror
      ? `M${num(W * 0.45)} 0L${num(W * 0.22)} 0L${num(W * 0.65)} ${num(H)}L${num(W * 0.95)} ${num(H)}Z`
      : `M${num(W * 0.55)} 0L${num(W * 0.78)} 0L${num(W * 0.35)} ${num(H)}L${num(W * 0.05)} ${num(H)}Z`;
    parts.push(el("path", { d: beam, fill: "#ffffff", "fill-opacity": 0.18, filter: blurFilter(defs, m * 0.04) }));
    parts.push(
      roundRect({ x: 0, y: H * 0.72, w: W, h: H * 0.28 }, 0, {
        fill: shade(mix(c1, c3, 0.5), 0.12),
        "fill-opacity": 0.55,
      }),
    );
    parts.push(
      roundRect(full, 0, {
        fill: radial(
          defs,
          "dc-b-vig",
          [
            [0.5, "#000000", 0],
            [1, "#1c120a", 0.28],
          ],
          0.5,
          0.45,
          0.8,
        ),
      }),
    );
  } else if (mood === "bold") {
    parts.push(roundRect(full, 0, { fill: c1 }));
    parts.push(
      el("path", {
        d: mirror
          ? `M0 0L${num(W * 0.6)} 0L0 ${num(H * 0.75)}Z`
          : `M${num(W)} 0L${num(W * 0.4)} 0L${num(W)} ${num(H * 0.75)}Z`,
        fill: c2,
      }),
    );
    parts.push(el("circle", { cx: mirror ? W * 0.8 : W * 0.2, cy: H * 0.78, r: m * 0.34, fill: c3 }));
    parts.push(
      el("circle", {
        cx: mirror ? W * 0.8 : W * 0.2,
        cy: H * 0.78,
        r: m * 0.42,
        fill: "none",
        stroke: c3,
        "stroke-width": m * 0.01,
        "stroke-opacity": 0.6,
      }),
    );
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-b-sheen",
          [
            [0, "#ffffff", 0.12],
            [1, "#000000", 0.12],
          ],
          0,
          0,
          1,
          1,
        ),
      }),
    );
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
    // Minimal: flat colour, one large soft circle, a fine line.
    parts.push(
      roundRect(full, 0, {
        fill: linear(
          defs,
          "dc-b-min",
          [
            [0, tint(c1, 0.1)],
            [1, c1],
          ],
          0,
          0,
          1,
          1,
        ),
      }),
    );
    parts.push(el("circle", { cx: mirror ? W * 0.3 : W * 0.7, cy: H * 0.42, r: m * 0.36, fill: mix(c1, c2, 0.5) }));
    parts.push(
      el("line", {
        x1: W * 0.1,
        y1: H * 0.82,
        x2: W * 0.9,
        y2: H * 0.82,
        stroke: mix(c1, c3, 0.6),
        "stroke-width": m * 0.003,
      }),
    );
  }

  const photo = input.assets?.photoHref ?? null;
  if (photo !== null) {
    if (safeHref(photo) === null)
      notes.push("The product photo's link was not an image link we can draw, so it was left out.");
    else
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

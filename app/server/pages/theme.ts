/**
 * Page themes: a palette matched to the brand's colours from the canon, with the contrast WCAG AA
 * asks for (4.5:1 for body text on the background and the surface, and for the buy button's words
 * on the primary colour). Colours that fall short have their lightness moved, step by step, until
 * they meet it; hue and saturation stay the brand's. Font stacks need no download.
 */
import type { PageFont, PageTheme } from "~/domain/contracts/pages";

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** WCAG 1.4.11: a button must stand out from the page around it. */
export const MIN_SHAPE_CONTRAST = 3;

export const DEFAULT_THEME: PageTheme = {
  primary: "#1f4fd1",
  accent: "#0f6b5c",
  background: "#ffffff",
  surface: "#f4f5f7",
  text: "#16181d",
  headingFont: "system",
  bodyFont: "system",
};

/** Installed-font stacks (no web font is downloaded; the first font the device has wins). */
export const FONT_STACKS: Record<PageFont, string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif',
  rounded: 'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT Bold", Calibri, sans-serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
};

type Rgb = [number, number, number];
type Hsl = [number, number, number];

/** "#abc" or "#aabbcc" (any case, with or without "#") as "#aabbcc"; null for anything else. */
export function normalizeHex(value: string): string | null {
  const hex = value.trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : null;
}

function rgbOf(hex: string): Rgb {
  const h = normalizeHex(hex) ?? "#000000";
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function hslOf(hex: string): Hsl {
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

function hexFromHsl([h, s, l]: Hsl): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return hexOf([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/**
 * `colour` with its lightness moved one percent at a time (darker or lighter) until it has
 * `min` contrast against every colour of `against`; black or white when even that falls short.
 */
function withContrast(colour: string, against: readonly string[], min: number, direction: "darker" | "lighter"): string {
  const meets = (c: string) => against.every((b) => contrastRatio(c, b) >= min);
  if (meets(colour)) return colour;
  const [h, s, l] = hslOf(colour);
  for (let step = 1; step <= 100; step++) {
    const next = direction === "darker" ? l - step / 100 : l + step / 100;
    if (next < 0 || next > 1) break;
    const candidate = hexFromHsl([h, s, next]);
    if (meets(candidate)) return candidate;
  }
  return direction === "darker" ? "#000000" : "#ffffff";
}

/** The words' colour on `background`: white or `dark`, whichever reads, else pure black or white. */
export function textOn(background: string, dark: string): string {
  if (contrastRatio("#ffffff", background) >= MIN_TEXT_CONTRAST) return "#ffffff";
  if (contrastRatio(dark, background) >= MIN_TEXT_CONTRAST) return dark;
  return contrastRatio("#000000", background) >= contrastRatio("#ffffff", background) ? "#000000" : "#ffffff";
}

/** The buy button's colours: its words always meet 4.5:1; a button too close to the page colour gets a border. */
export function buttonColours(theme: PageTheme): { background: string; text: string; border: string } {
  const text = textOn(theme.primary, theme.text);
  const border = contrastRatio(theme.primary, theme.background) < MIN_SHAPE_CONTRAST ? theme.text : theme.primary;
  return { background: theme.primary, text, border };
}

/**
 * A theme whose text colours meet AA whatever the merchant chose: the text (and the accent,
 * which is used for text too) darkened or lightened against the background and the surface.
 */
export function accessibleTheme(theme: PageTheme): PageTheme {
  const ground = [theme.background, theme.surface];
  const darkGround = luminance(theme.background) < 0.18;
  const direction = darkGround ? "lighter" : "darker";
  return {
    ...theme,
    text: withContrast(theme.text, ground, MIN_TEXT_CONTRAST, direction),
    accent: withContrast(theme.accent, ground, MIN_TEXT_CONTRAST, direction),
  };
}

/**
 * The page palette for a brand: the first brand colour as the primary (kept as it is when the
 * button's words can read on it, else its lightness moved until they can), the second as the
 * accent (the primary's hue turned 30° when there is only one), and a near-white background,
 * a surface and a near-black text tinted with the brand's hue. The neutral default without one.
 */
export function themeFor(colours: readonly string[] | null): PageTheme {
  const brand = (colours ?? []).map(normalizeHex).filter((c): c is string => c !== null);
  if (brand.length === 0) return { ...DEFAULT_THEME };
  const [h, s] = hslOf(brand[0]);
  const background = hexFromHsl([h, Math.min(s, 0.3), 0.985]);
  const surface = hexFromHsl([h, Math.min(s, 0.35), 0.95]);
  const text = withContrast(hexFromHsl([h, Math.min(s, 0.3), 0.13]), [background, surface], MIN_TEXT_CONTRAST, "darker");

  let primary = brand[0];
  const [, , l] = hslOf(primary);
  // Keep the brand colour when white or the text colour reads on it; otherwise move it toward
  // whichever end is nearer (darker under white words, lighter under dark ones).
  const readable = (c: string) => Math.max(contrastRatio("#ffffff", c), contrastRatio(text, c)) >= MIN_TEXT_CONTRAST;
  if (!readable(primary)) {
    const towardDark = l < 0.5 || contrastRatio("#ffffff", primary) >= contrastRatio(text, primary);
    for (let step = 1; step <= 100 && !readable(primary); step++) {
      const next = towardDark ? l - step / 100 : l + step / 100;
      if (next < 0 || next > 1) break;
      primary = hexFromHsl([h, s, next]);
    }
  }

  const accentSeed = brand[1] ?? hexFromHsl([(h + 30) % 360, s, hslOf(brand[0])[2]]);
  const accent = withContrast(accentSeed, [background, surface], MIN_TEXT_CONTRAST, "darker");
  return { primary, accent, background, surface, text, headingFont: "system", bodyFont: "system" };
}

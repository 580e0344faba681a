/**
 * The compositor's SVG writing: escaping (every word a merchant typed goes through it), number
 * formatting with fixed decimals (the same design gives the same bytes) and element builders.
 * Image links are kept only when they are data images, our own API, or http(s).
 */

/** Characters XML 1.0 does not allow (control characters other than tab, newline, return; lone surrogates; U+FFFE/FFFF). */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: & < > escaped, characters XML cannot hold dropped. */
export function escapeText(value: string): string {
  return value.replace(INVALID_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value (always written in double quotes): & < > " ' escaped, newlines and tabs as references. */
export function escapeAttr(value: string): string {
  return escapeText(value)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

/** A number with at most two decimals, no trailing zeros, never "-0" or exponent notation. */
export function num(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const fixed = (Math.round(value * 100) / 100).toFixed(2).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

const ALLOWED_HREF = /^(data:image\/|\/api\/|https:\/\/|http:\/\/)/i;

/** The link as an attribute value when it is one the renderer may load, else null (the caller notes it). */
export function safeHref(href: string | null | undefined): string | null {
  if (typeof href !== "string") return null;
  const trimmed = href.trim();
  if (!ALLOWED_HREF.test(trimmed)) return null;
  // A data image must not smuggle markup through its type.
  if (/^data:/i.test(trimmed) && !/^data:image\/(png|jpeg|jpg|webp|gif|svg\+xml)[;,]/i.test(trimmed)) return null;
  return escapeAttr(trimmed);
}

export type AttrValue = string | number | null | undefined | false;
export type Attrs = Record<string, AttrValue>;

/** Attributes in the order given; numbers formatted with `num`, strings escaped, null/undefined/false left out. */
export function attrs(values: Attrs): string {
  let out = "";
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === false) continue;
    out += ` ${name}="${typeof value === "number" ? num(value) : escapeAttr(value)}"`;
  }
  return out;
}

/**
 * An element: `children` is markup already built (by these helpers), never raw user text.
 * Pass user text through `escapeText` (or `textEl`).
 */
export function el(name: string, values: Attrs = {}, children?: string | readonly string[]): string {
  const inner = Array.isArray(children) ? children.join("") : (children as string | undefined);
  return inner === undefined || inner === ""
    ? `<${name}${attrs(values)}/>`
    : `<${name}${attrs(values)}>${inner}</${name}>`;
}

/** A `<image>` element when the link is allowed, else "" (the caller notes it). `href` raw, escaped here. */
export function imageEl(href: string | null, values: Attrs): string {
  const safe = safeHref(href);
  if (safe === null) return "";
  // The href is already escaped; built by hand so it is not escaped twice.
  return `<image href="${safe}"${attrs(values)}/>`;
}

export interface TextLinesOptions {
  x: number;
  /** Baseline of the first line. */
  y: number;
  lines: readonly string[];
  fontSize: number;
  /** Px between baselines. */
  lineGap: number;
  family: string;
  weight: 400 | 800;
  fill: string;
  anchor?: "start" | "middle" | "end";
  letterSpacing?: number;
  opacity?: number;
  decoration?: "line-through";
}

/** Lines laid out by `fitText`, one `<tspan>` each at an explicit position (the renderer does not wrap). */
export function textLines(o: TextLinesOptions): string {
  if (o.lines.length === 0) return "";
  const spans = o.lines.map((line, i) => el("tspan", { x: o.x, y: o.y + i * o.lineGap }, escapeText(line)));
  return el(
    "text",
    {
      "font-family": o.family,
      "font-size": o.fontSize,
      "font-weight": o.weight,
      fill: o.fill,
      "text-anchor": o.anchor && o.anchor !== "start" ? o.anchor : undefined,
      "letter-spacing": o.letterSpacing ? o.letterSpacing : undefined,
      "fill-opacity": o.opacity !== undefined && o.opacity < 1 ? o.opacity : undefined,
      "text-decoration": o.decoration,
    },
    spans,
  );
}

/** The whole document: width, height and viewBox equal the canvas. */
export function svgDocument(width: number, height: number, defs: readonly string[], body: readonly string[]): string {
  const head = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`;
  const defsEl = defs.length > 0 ? `<defs>${defs.join("")}</defs>` : "";
  return `${head}${defsEl}${body.join("")}</svg>`;
}

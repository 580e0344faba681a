/**
 * The built-in compositor (issue 15): designs and free-form prompts drawn as SVG from templates,
 * for the rendering Worker to turn into PNG with resvg and the bundled fonts (Inter, Montserrat,
 * Playfair Display, Nunito at 400 and 800). Pure and deterministic: the same input gives the
 * same bytes.
 */
import { composeTemplate, type ComposeInput } from "./templates";
import { num, safeHref, svgDocument } from "./svg";

export { composeBackdrop, type ComposeBackdropInput } from "./backdrops";
export {
  discountBadge,
  formatPrice,
  NOTE_NO_COMPARISON,
  NOTE_NO_PHOTO,
  NOTE_NO_PROOF,
  type ComposeAssets,
  type ComposeInput,
} from "./templates";
export { fitText, measureText, type FitOptions, type FitResult, type FontWeight } from "./text-fit";

/** A design drawn for one preset, with notes on what was left out or substituted. */
export function composeVisual(input: ComposeInput): { svg: string; notes: string[] } {
  return composeTemplate(input);
}

/**
 * An SVG that draws one image (`width` × `height`) scaled to `outWidth` wide, keeping its shape:
 * thumbnails. A link that is not an image link we may load gives an empty canvas.
 */
export function frameImageSvg(href: string, width: number, height: number, outWidth: number): string {
  const w = Math.max(1, Math.round(outWidth));
  const h = Math.max(1, Math.round((w * Math.max(1, height)) / Math.max(1, width)));
  const safe = safeHref(href);
  const image =
    safe === null
      ? ""
      : `<image href="${safe}" x="0" y="0" width="${num(w)}" height="${num(h)}" preserveAspectRatio="xMidYMid meet"/>`;
  return svgDocument(w, h, [], image ? [image] : []);
}

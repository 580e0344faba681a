/**
 * Two small SVG wrappers around the compositor's work: a model's scene fitted to a preset with
 * the product photo set on it (never repainted), and the "Preview" watermark of editor previews.
 */
import type { VisualPreset } from "~/domain/images";
import type { ComposeAssets } from "./compose";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
// Only data: URIs reach these wrappers (the service inlines every image it draws).
const safeHref = (href: string) => (/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(href) ? href : "");

/** The scene fills the canvas (cropped, never stretched); the photo sits on it at 62 % with a soft shadow. */
export function sceneWithPhotoSvg(preset: Pick<VisualPreset, "width" | "height">, sceneHref: string, assets: Pick<ComposeAssets, "photoHref" | "photoAspect">): string {
  const { width: w, height: h } = preset;
  const parts = [`<svg ${SVG_NS} width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`, `<image href="${safeHref(sceneHref)}" x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice"/>`];
  const photo = assets.photoHref ? safeHref(assets.photoHref) : "";
  if (photo) {
    const aspect = assets.photoAspect && assets.photoAspect > 0 ? assets.photoAspect : 1;
    let pw = Math.round(w * 0.62);
    let ph = Math.round(pw / aspect);
    if (ph > h * 0.62) {
      ph = Math.round(h * 0.62);
      pw = Math.round(ph * aspect);
    }
    const x = Math.round((w - pw) / 2);
    const y = Math.round(h * 0.56 - ph / 2);
    parts.push(
      `<defs><filter id="photo-shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="${Math.round(h * 0.012)}" stdDeviation="${Math.round(h * 0.018)}" flood-color="#000" flood-opacity="0.28"/></filter></defs>`,
      `<image href="${photo}" x="${x}" y="${y}" width="${pw}" height="${ph}" preserveAspectRatio="xMidYMid meet" filter="url(#photo-shadow)"/>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

/** Adds a diagonal "Preview" mark across the design (the preview is free; the image is not). */
export function watermarkSvg(svg: string, preset: Pick<VisualPreset, "width" | "height">): string {
  const { width: w, height: h } = preset;
  const size = Math.round(Math.min(w, h) * 0.12);
  const mark = `<g opacity="0.16" transform="rotate(-24 ${w / 2} ${h / 2})"><text x="${w / 2}" y="${h / 2}" text-anchor="middle" dominant-baseline="middle" font-family="Inter" font-weight="800" font-size="${size}" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(2, Math.round(size / 24))}">PREVIEW</text></g>`;
  const end = svg.lastIndexOf("</svg>");
  return end === -1 ? svg : `${svg.slice(0, end)}${mark}</svg>`;
}

import type { ResvgRenderOptions } from "@resvg/resvg-wasm";

/**
 * How the images Worker asks resvg to draw: its fonts only (no system fonts, no network), the
 * design's family names, and fitted to `width` or at the SVG's own size. tests/unit/server/resvg-node.ts
 * draws with the same options in Node for pixel comparisons.
 */
export function resvgOptions(fontBuffers: Uint8Array[], width: number | null): ResvgRenderOptions {
  return {
    font: { fontBuffers, defaultFontFamily: "Inter", sansSerifFamily: "Inter", serifFamily: "Playfair Display" },
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  };
}

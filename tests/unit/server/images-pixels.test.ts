/**
 * The speed-ups of issue 29 keep what a visual looks like, checked pixel by pixel with the images
 * Worker's own renderer (resvg wasm and fonts, in Node):
 * - shadows blurred over a tight region draw the same pixels as over the old 200 % / 140 % region;
 * - the thumbnail scaled down from the rendered pixels looks like the old second render at 480 px;
 * - the PNG encoder for those pixels writes exactly them.
 */
import { describe, expect, it } from "vitest";
import type { VisualDesign } from "~/domain/contracts/images";
import { THUMBNAIL_WIDTH, VISUAL_PRESETS, type VisualPreset } from "~/domain/images";
import { composeBackdrop, composeVisual, type ComposeAssets } from "~/server/images/compose";
import { encodeRenderedPng } from "../../../workers/images/png";
import { downscale, thumbnailHeight } from "../../../workers/images/thumbnail";
import STUDIO_DESIGN from "../../fixtures/studio-design.json";
import { pixelDifference, readPng, renderNode } from "./resvg-node";

const preset = (id: string) => VISUAL_PRESETS.find((p) => p.id === id) as VisualPreset;

// A small photo-like PNG: resvg draws it, then it is inlined like an upload.
async function photoHref(): Promise<string> {
  const stops = Array.from({ length: 6 }, (_, i) => `<stop offset="${i / 5}" stop-color="hsl(${i * 47}, 60%, ${40 + i * 6}%)"/>`).join("");
  const { png } = await renderNode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><defs><linearGradient id="g" x2="1" y2="1">${stops}</linearGradient></defs><rect width="240" height="240" fill="url(#g)"/><ellipse cx="120" cy="130" rx="60" ry="80" fill="#2d6f7a"/></svg>`,
  );
  return `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
}

// The studio design of the image tests, with a photo and a comparison so every shadow is drawn.
const DESIGN: VisualDesign = {
  ...(STUDIO_DESIGN as VisualDesign),
  comparison: { oursLabel: "Cedar Wick", theirsLabel: "Paraffin", rows: [{ ours: "45-hour burn", theirs: "20 hours" }, { ours: "Soy wax", theirs: "Petroleum" }] },
  photoImageId: "photo",
};

/** The SVG as the compositor wrote shadows before: a region of the shape's box grown by a share of its size. */
function withBoxRegions(svg: string): string {
  return svg.replace(/<filter id="(dc-[a-z-]+?)(-\d+)?" filterUnits="userSpaceOnUse" x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*"/g, (_, name: string, n: string | undefined) => {
    const share = name === "dc-card-shadow" ? 20 : 50;
    return `<filter id="${name}${n ?? ""}" x="-${share}%" y="-${share}%" width="${100 + 2 * share}%" height="${100 + 2 * share}%"`;
  });
}

describe("shadows blurred over a tight region", () => {
  it("draw the same pixels as over the shape's 200 % region, in every template with a shadow and in soft backdrops", async () => {
    const assets: ComposeAssets = { photoHref: await photoHref(), photoAspect: 1, logoHref: null, logoAspect: null, backgroundHref: null };
    const svgs = [
      ...(["studio", "sale", "comparison"] as const).map((template) => composeVisual({ design: { ...DESIGN, template }, preset: preset("instagram-post"), assets, proofFacts: [], variant: 0 }).svg),
      composeBackdrop({ prompt: "a warm kitchen", style: "lifestyle", preset: preset("facebook-feed"), variant: 3, assets: { photoHref: assets.photoHref, photoAspect: 1 } }).svg,
    ];
    const names = new Set<string>();
    for (const svg of svgs) {
      const before = withBoxRegions(svg);
      for (const m of svg.matchAll(/<filter id="(dc-[a-z]+(?:-[a-z]+)*)/g)) names.add(m[1]);
      expect(before).not.toContain('filterUnits="userSpaceOnUse"');
      const [tight, box] = await Promise.all([renderNode(svg), renderNode(before)]);
      // Only the region's alignment to whole pixels may move a value by one level.
      expect(pixelDifference(tight.pixels, box.pixels).max).toBeLessThanOrEqual(1);
    }
    // The photo card's and the backdrop's blurs, the badge's and the comparison card's shadows were all compared.
    expect([...names].sort()).toEqual(["dc-badge-shadow", "dc-blur", "dc-card-shadow"].sort());
  }, 120_000);
});

describe("the thumbnail scaled down from the rendered pixels", () => {
  it("looks like the design drawn again at 480 px, in both marketing sizes", async () => {
    const assets: ComposeAssets = { photoHref: await photoHref(), photoAspect: 1, logoHref: null, logoAspect: null, backgroundHref: null };
    for (const id of ["instagram-post", "instagram-story"]) {
      const { svg } = composeVisual({ design: DESIGN, preset: preset(id), assets, proofFacts: [], variant: 0 });
      const full = await renderNode(svg);
      const redrawn = await renderNode(svg, THUMBNAIL_WIDTH);
      const height = thumbnailHeight(full.width, full.height, THUMBNAIL_WIDTH);
      expect([THUMBNAIL_WIDTH, height]).toEqual([redrawn.width, redrawn.height]);
      const scaled = downscale(full.pixels, full.width, full.height, THUMBNAIL_WIDTH, height);
      const diff = pixelDifference(scaled, redrawn.pixels);
      // Flat areas, gradients, the photo and the shadows agree; text edges differ a little (anti-aliased at another size).
      expect(diff.mean).toBeLessThan(1);
      expect(diff.shareOver).toBeLessThan(0.005);
    }
  }, 60_000);

  it("averages the pixels each thumbnail pixel covers, partly covered ones by their share", () => {
    // 3 × 1 premultiplied pixels to 2 × 1: [p0 + p1/2] and [p1/2 + p2], each divided by 1.5.
    const src = new Uint8Array([90, 0, 0, 255, 0, 90, 0, 255, 0, 0, 90, 255]);
    expect([...downscale(src, 3, 1, 2, 1)]).toEqual([60, 30, 0, 255, 0, 30, 60, 255]);
    // Half-transparent pixels stay premultiplied: colour never bleeds out of a transparent one.
    const edge = new Uint8Array([128, 0, 0, 128, 0, 0, 0, 0]);
    expect([...downscale(edge, 2, 1, 1, 1)]).toEqual([64, 0, 0, 64]);
    expect(() => downscale(src, 3, 1, 4, 1)).toThrow(RangeError);
  });
});

describe("encodeRenderedPng", () => {
  it("writes opaque pixels as RGB and reads back exactly", async () => {
    const full = await renderNode(composeVisual({ design: DESIGN, preset: preset("instagram-post"), assets: { photoHref: null, photoAspect: null, logoHref: null, logoAspect: null, backgroundHref: null }, proofFacts: [], variant: 0 }).svg, THUMBNAIL_WIDTH);
    const png = await encodeRenderedPng(full.pixels, full.width, full.height);
    expect(png[25]).toBe(2);
    const back = readPng(png);
    expect([back.width, back.height]).toEqual([full.width, full.height]);
    expect(pixelDifference(back.rgba, readPng(full.png).rgba).max).toBe(0);
  }, 30_000);

  it("keeps alpha (straight, as PNG wants) when a pixel is not opaque", async () => {
    const premultiplied = new Uint8Array([255, 0, 0, 255, 64, 32, 0, 128, 0, 0, 0, 0]);
    const png = await encodeRenderedPng(premultiplied, 3, 1);
    expect(png[25]).toBe(6);
    expect([...readPng(png).rgba]).toEqual([255, 0, 0, 255, 128, 64, 0, 128, 0, 0, 0, 0]);
  });
});

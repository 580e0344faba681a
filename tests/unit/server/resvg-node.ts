/**
 * The images Worker's renderer (the same resvg wasm, and its own font modules and options) in plain Node, for pixel comparisons, and a small PNG reader.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { unzlibSync } from "fflate";
import { FONT_BUFFERS } from "../../../workers/images/fonts";
import { resvgOptions } from "../../../workers/images/render-options";

const require = createRequire(import.meta.url);

// The Worker's own font modules (vitest.unit.config.ts loads .ttf imports as data, as wrangler does).
let ready: Promise<void> | null = null;
const load = () => (ready ??= initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm"))));

export interface Pixels {
  /** Premultiplied RGBA, as resvg gives them. */
  pixels: Uint8Array;
  width: number;
  height: number;
  png: Uint8Array;
}

/** Renders like the images Worker: original size, or fitted to `width`. */
export async function renderNode(svg: string, width?: number): Promise<Pixels> {
  await load();
  const resvg = new Resvg(svg, resvgOptions(FONT_BUFFERS, width ?? null));
  try {
    const rendered = resvg.render();
    const out = { pixels: rendered.pixels, width: rendered.width, height: rendered.height, png: rendered.asPng() };
    rendered.free();
    return out;
  } finally {
    resvg.free();
  }
}

/** 8-bit RGB or RGBA PNG (not interlaced) to straight RGBA. */
export function readPng(png: Uint8Array): { rgba: Uint8Array; width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const colourType = png[25];
  if (png[24] !== 8 || (colourType !== 2 && colourType !== 6) || png[28] !== 0) throw new Error("readPng reads 8-bit RGB or RGBA, not interlaced");
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  idat.reduce((at, c) => (joined.set(c, at), at + c.length), 0);
  const raw = unzlibSync(joined);
  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  const lines = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= channels ? lines[y * stride + i - channels] : 0;
      const b = y > 0 ? lines[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? lines[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      lines[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, o = 0; i < lines.length; i += channels, o += 4) {
    rgba[o] = lines[i];
    rgba[o + 1] = lines[i + 1];
    rgba[o + 2] = lines[i + 2];
    rgba[o + 3] = channels === 4 ? lines[i + 3] : 255;
  }
  return { rgba, width, height };
}

/** How far two equally sized pixel arrays are apart: the largest and the mean channel difference, and the share above `over`. */
export function pixelDifference(a: Uint8Array, b: Uint8Array, over = 16): { max: number; mean: number; shareOver: number } {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} and ${b.length}`);
  let max = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    sum += d;
    if (d > max) max = d;
    if (d > over) count++;
  }
  return { max, mean: sum / a.length, shareOver: count / a.length };
}

import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import decodeWebp, { init as initWebpDecoder } from "@jsquash/webp/decode";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import { FONT_BUFFERS } from "./fonts";
import { resvgOptions } from "./render-options";
import { encodePng, encodeRenderedPng } from "./png";
import { downscale, thumbnailHeight } from "./thumbnail";

/** The largest output side we render (a 2x upscale of the 2048 px store image). */
export const MAX_OUTPUT_SIDE = 4096;
/** SVG bodies above this are refused (a 10 MB photo inlined as base64 is about 13.4 MB). */
export const MAX_SVG_BYTES = 32 * 1024 * 1024;

let ready: Promise<void> | null = null;
const initRenderer = () => (ready ??= initWasm(resvgWasm).catch((err: unknown) => {
  ready = null;
  throw err;
}));

const refuse = (type: "invalid-svg" | "too-large" | "bad-request", message: string, status = 422) =>
  Response.json({ error: { type, message } }, { status });

let webpReady = false;

/** resvg draws PNG and JPEG but not WebP: WebP uploads are re-encoded as PNG once, on upload. */
async function convertWebp(request: Request): Promise<Response> {
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_SVG_BYTES) return refuse("too-large", "The image is too large to convert.", 413);
  if (!webpReady) {
    await initWebpDecoder(webpWasm);
    webpReady = true;
  }
  try {
    const image = await decodeWebp(bytes);
    return new Response(encodePng(image.data, image.width, image.height) as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "image/png", "x-image-width": String(image.width), "x-image-height": String(image.height) },
    });
  } catch (err) {
    return refuse("invalid-svg", `The WebP image could not be decoded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function parseSvg(svg: Uint8Array, width: number | null): InstanceType<typeof Resvg> {
  return new Resvg(svg, resvgOptions(FONT_BUFFERS, width));
}

/** A second, separate render (the rare thumbnail wider than its image). */
function renderPng(svg: Uint8Array, width: number): Uint8Array {
  const resvg = parseSvg(svg, width);
  try {
    const rendered = resvg.render();
    const png = rendered.asPng();
    rendered.free();
    return png;
  } finally {
    resvg.free();
  }
}

function sizeParam(url: URL, name: string): number | null | Response {
  if (!url.searchParams.has(name)) return null;
  const value = Number(url.searchParams.get(name));
  if (!Number.isInteger(value) || value < 16 || value > MAX_OUTPUT_SIDE) return refuse("bad-request", `${name} must be a whole number from 16 to ${MAX_OUTPUT_SIDE}.`, 400);
  return value;
}

export async function handleImagesRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST") return refuse("bad-request", "Use POST.", 405);
  if (url.pathname === "/convert/webp") return convertWebp(request);
  if (url.pathname !== "/render") return refuse("bad-request", "Unknown path.", 404);
  const width = sizeParam(url, "width");
  if (width instanceof Response) return width;
  const thumbnail = sizeParam(url, "thumbnail");
  if (thumbnail instanceof Response) return thumbnail;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_SVG_BYTES) return refuse("too-large", "The SVG is too large to render.", 413);
  const svg = new Uint8Array(await request.arrayBuffer());
  if (svg.byteLength > MAX_SVG_BYTES) return refuse("too-large", "The SVG is too large to render.", 413);
  if (svg.byteLength === 0) return refuse("invalid-svg", "The SVG is empty.");

  await initRenderer();
  const started = Date.now();
  let resvg: InstanceType<typeof Resvg> | null = null;
  try {
    resvg = parseSvg(svg, width);
    if (resvg.width * (width ? width / resvg.width : 1) > MAX_OUTPUT_SIDE || resvg.height * (width ? width / resvg.width : 1) > MAX_OUTPUT_SIDE) {
      return refuse("too-large", `The image would be larger than ${MAX_OUTPUT_SIDE} px on a side.`);
    }
    const rendered = resvg.render();
    const png = rendered.asPng();
    const size = { width: rendered.width, height: rendered.height };
    const headers: Record<string, string> = {
      "x-image-width": String(size.width),
      "x-image-height": String(size.height),
    };
    if (thumbnail === null) {
      rendered.free();
      headers["x-render-ms"] = String(Date.now() - started);
      return new Response(png as Uint8Array<ArrayBuffer>, { headers: { "content-type": "image/png", ...headers } });
    }
    const thumbHeight = thumbnailHeight(size.width, size.height, thumbnail);
    let thumb: Uint8Array;
    if (thumbnail < size.width) {
      // The thumbnail from the pixels just drawn, not from a second render of the SVG.
      const pixels = rendered.pixels;
      rendered.free();
      thumb = await encodeRenderedPng(downscale(pixels, size.width, size.height, thumbnail, thumbHeight), thumbnail, thumbHeight);
    } else {
      // A thumbnail as wide as the image or wider (an image narrower than thumbnails) is drawn at its size.
      rendered.free();
      thumb = thumbnail === size.width ? png : renderPng(svg, thumbnail);
    }
    headers["x-thumbnail-width"] = String(thumbnail);
    headers["x-thumbnail-height"] = String(thumbHeight);
    headers["x-render-ms"] = String(Date.now() - started);
    const form = new FormData();
    form.append("image", new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" }), "image.png");
    form.append("thumbnail", new Blob([thumb as Uint8Array<ArrayBuffer>], { type: "image/png" }), "thumbnail.png");
    return new Response(form, { headers });
  } catch (err) {
    return refuse("invalid-svg", `The SVG could not be rendered: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    resvg?.free();
  }
}

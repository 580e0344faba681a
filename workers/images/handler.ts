import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import decodeWebp, { init as initWebpDecoder } from "@jsquash/webp/decode";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import { FONT_BUFFERS } from "./fonts";
import { encodePng } from "./png";

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

export async function handleImagesRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST") return refuse("bad-request", "Use POST.", 405);
  if (url.pathname === "/convert/webp") return convertWebp(request);
  if (url.pathname !== "/render") return refuse("bad-request", "Unknown path.", 404);
  const width = url.searchParams.has("width") ? Number(url.searchParams.get("width")) : null;
  if (width !== null && (!Number.isInteger(width) || width < 16 || width > MAX_OUTPUT_SIDE)) {
    return refuse("bad-request", `width must be a whole number from 16 to ${MAX_OUTPUT_SIDE}.`, 400);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_SVG_BYTES) return refuse("too-large", "The SVG is too large to render.", 413);
  const svg = new Uint8Array(await request.arrayBuffer());
  if (svg.byteLength > MAX_SVG_BYTES) return refuse("too-large", "The SVG is too large to render.", 413);
  if (svg.byteLength === 0) return refuse("invalid-svg", "The SVG is empty.");

  await initRenderer();
  const started = Date.now();
  let resvg: InstanceType<typeof Resvg> | null = null;
  try {
    resvg = new Resvg(svg, {
      font: { fontBuffers: FONT_BUFFERS, defaultFontFamily: "Inter", sansSerifFamily: "Inter", serifFamily: "Playfair Display" },
      fitTo: width ? { mode: "width", value: width } : { mode: "original" },
      shapeRendering: 2,
      textRendering: 1,
      imageRendering: 0,
    });
    if (resvg.width * (width ? width / resvg.width : 1) > MAX_OUTPUT_SIDE || resvg.height * (width ? width / resvg.width : 1) > MAX_OUTPUT_SIDE) {
      return refuse("too-large", `The image would be larger than ${MAX_OUTPUT_SIDE} px on a side.`);
    }
    const rendered = resvg.render();
    const png = rendered.asPng();
    const headers = {
      "content-type": "image/png",
      "x-image-width": String(rendered.width),
      "x-image-height": String(rendered.height),
      "x-render-ms": String(Date.now() - started),
    };
    rendered.free();
    return new Response(png as Uint8Array<ArrayBuffer>, { headers });
  } catch (err) {
    return refuse("invalid-svg", `The SVG could not be rendered: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    resvg?.free();
  }
}

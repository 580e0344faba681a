/**
 * The rendering Worker (workers/images/) as the app sees it: SVG in, PNG out, through the IMAGES
 * service binding. Its refusals become AppErrors the merchant can read.
 */
import { AppError } from "~/domain/errors";

export interface RenderedPng {
  png: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

export interface RenderedWithThumbnail extends RenderedPng {
  thumbnail: RenderedPng;
}

export interface Renderer {
  /** Renders the SVG; `width` scales it (the height follows the aspect). */
  render(svg: string, width?: number): Promise<RenderedPng>;
  /** Renders the SVG once and scales the pixels down to a `thumbnailWidth` px thumbnail too. */
  renderWithThumbnail(svg: string, thumbnailWidth: number, width?: number): Promise<RenderedWithThumbnail>;
  /** Re-encodes a WebP as PNG (resvg cannot draw WebP). */
  webpToPng(bytes: Uint8Array<ArrayBuffer>): Promise<RenderedPng>;
}

async function refused(res: Response, what: string): Promise<never> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new AppError(res.status === 413 ? "PAYLOAD_TOO_LARGE" : "UNAVAILABLE", `${what}: ${body?.error?.message ?? `the image renderer answered ${res.status}`}`);
}

async function answer(res: Response, what: string): Promise<RenderedPng> {
  if (!res.ok) return refused(res, what);
  return {
    png: new Uint8Array(await res.arrayBuffer()),
    width: Number(res.headers.get("x-image-width")),
    height: Number(res.headers.get("x-image-height")),
  };
}

/** The IMAGES binding (a Fetcher), or anything that answers like it. */
export function createRenderer(images: Pick<Fetcher, "fetch">): Renderer {
  return {
    async render(svg, width) {
      const url = `https://images.internal/render${width ? `?width=${width}` : ""}`;
      const res = await images.fetch(url, { method: "POST", body: svg, headers: { "content-type": "image/svg+xml" } });
      return answer(res, "The image could not be rendered");
    },
    async renderWithThumbnail(svg, thumbnailWidth, width) {
      const url = `https://images.internal/render?thumbnail=${thumbnailWidth}${width ? `&width=${width}` : ""}`;
      const res = await images.fetch(url, { method: "POST", body: svg, headers: { "content-type": "image/svg+xml" } });
      if (!res.ok) return refused(res, "The image could not be rendered");
      const size = (name: string) => Number(res.headers.get(name));
      const form = await res.formData();
      const part = async (name: string) => {
        const file = form.get(name);
        if (!file || typeof file === "string") throw new AppError("UNAVAILABLE", `The image renderer's answer had no ${name}.`);
        return new Uint8Array(await file.arrayBuffer());
      };
      return {
        png: await part("image"),
        width: size("x-image-width"),
        height: size("x-image-height"),
        thumbnail: { png: await part("thumbnail"), width: size("x-thumbnail-width"), height: size("x-thumbnail-height") },
      };
    },
    async webpToPng(bytes) {
      const res = await images.fetch("https://images.internal/convert/webp", { method: "POST", body: bytes, headers: { "content-type": "image/webp" } });
      return answer(res, "The WebP image could not be read");
    },
  };
}

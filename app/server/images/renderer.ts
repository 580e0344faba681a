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

export interface Renderer {
  /** Renders the SVG; `width` scales it (the height follows the aspect). */
  render(svg: string, width?: number): Promise<RenderedPng>;
  /** Re-encodes a WebP as PNG (resvg cannot draw WebP). */
  webpToPng(bytes: Uint8Array<ArrayBuffer>): Promise<RenderedPng>;
}

async function answer(res: Response, what: string): Promise<RenderedPng> {
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new AppError(res.status === 413 ? "PAYLOAD_TOO_LARGE" : "UNAVAILABLE", `${what}: ${body?.error?.message ?? `the image renderer answered ${res.status}`}`);
  }
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
    async webpToPng(bytes) {
      const res = await images.fetch("https://images.internal/convert/webp", { method: "POST", body: bytes, headers: { "content-type": "image/webp" } });
      return answer(res, "The WebP image could not be read");
    },
  };
}

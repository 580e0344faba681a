/**
 * The images Worker (`dropcraft-images`): turns an SVG into a PNG. The app calls it through the
 * IMAGES service binding only (no public route: `workers_dev = false`), so the wasm renderer and
 * the fonts never weigh on the main Worker.
 *
 *   POST /render?width=N   body: the SVG (image/svg+xml), images inlined as data: URIs
 *   200 image/png          headers x-image-width, x-image-height, x-render-ms
 *   POST /render?thumbnail=N   the same, plus an N px wide thumbnail scaled down from the pixels:
 *   200 multipart/form-data    parts "image" and "thumbnail" (PNG), headers x-thumbnail-width, x-thumbnail-height
 *   POST /convert/webp     body: WebP bytes -> 200 image/png (resvg cannot draw WebP)
 *   422 { error: { type: "invalid-svg" | "too-large", message } }
 */
import { handleImagesRequest } from "./handler";

export default {
  fetch: (request: Request) => handleImagesRequest(request),
} satisfies ExportedHandler;

/**
 * /media/{id}.png (or .jpg): an image its owner published for a page. Anyone may fetch it (drop
 * pages and store imports need it), nothing else is reachable this way, and the bytes never change
 * once written, so caches may keep them.
 */
import type { Database } from "../../../db/client";
import { findPublishedImage } from "../../../db/images";

const MEDIA_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

export function publicMediaId(pathname: string): string | null {
  return MEDIA_PATH.exec(pathname)?.[1] ?? null;
}

export async function servePublishedImage(request: Request, id: string, deps: { db: Database; files: R2Bucket }): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, HEAD" } });
  const row = await findPublishedImage(deps.db, id);
  const object = row ? await deps.files.get(row.r2Key) : null;
  if (!row || !object) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return new Response(request.method === "HEAD" ? null : object.body, {
    headers: {
      "content-type": row.mimeType,
      "content-length": String(object.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}

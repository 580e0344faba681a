/**
 * The images API client (functions/images.ts): generation, the gallery, uploads, previews and
 * marketing visuals, over the one request client. Types come from the contract (type-only).
 */
import type {
  CreateImagesBody,
  DesignDefaults,
  Image,
  ImageListQuery,
  MarketingVisualsBody,
  VisualDesignInput,
  VisualPresetId,
  VisualTemplate,
} from "~/domain/contracts/images";
import { apiRequest, HttpError, NetworkError, throwIfResNotOk, withTimestamp, buildHeaders } from "~/lib/http";

export type ImageCharge = { counter: "images" | "marketingVisuals"; count: number; remaining: number };
export type GeneratedImages = { data: Image[]; charged: ImageCharge };
export type ImagePage = { data: Image[]; nextCursor: string | null };
export type ImageCapabilities = { provider: "compositor" | "model"; model: string | null; canUpscale: boolean; canVary: boolean; maxImagesPerRequest: number };

const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

export async function fetchImages(query: Partial<ImageListQuery> = {}, signal?: AbortSignal): Promise<ImagePage> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return (await apiRequest("GET", `/api/images${qs ? `?${qs}` : ""}`, undefined, { signal }).then((r) => r.json())) as ImagePage;
}

export async function fetchImage(id: string, signal?: AbortSignal): Promise<Image> {
  return data<Image>(await apiRequest("GET", imageUrl(id), undefined, { signal }));
}

export async function fetchCapabilities(signal?: AbortSignal): Promise<ImageCapabilities> {
  return data<ImageCapabilities>(await apiRequest("GET", "/api/images/capabilities", undefined, { signal }));
}

export async function createImages(body: Omit<CreateImagesBody, "design" | "count" | "sourceImageIds"> & { design?: VisualDesignInput; count?: number; sourceImageIds?: string[] }): Promise<GeneratedImages> {
  return (await (await apiRequest("POST", "/api/images", body)).json()) as GeneratedImages;
}

export async function createBatch(body: { template: VisualTemplate; productIds: string[]; sizes: VisualPresetId[]; projectId?: string }): Promise<GeneratedImages> {
  return (await (await apiRequest("POST", "/api/images/batch", body)).json()) as GeneratedImages;
}

export async function createVariations(id: string, count: number): Promise<GeneratedImages> {
  return (await (await apiRequest("POST", `${imageUrl(id)}/variations`, { count })).json()) as GeneratedImages;
}

export async function upscaleImage(id: string): Promise<GeneratedImages> {
  return (await (await apiRequest("POST", `${imageUrl(id)}/upscale`, { scale: 2 })).json()) as GeneratedImages;
}

export async function createMarketingVisuals(body: Omit<MarketingVisualsBody, "design"> & { design: VisualDesignInput }): Promise<GeneratedImages> {
  return (await (await apiRequest("POST", "/api/marketing-visuals", body)).json()) as GeneratedImages;
}

export async function deleteImage(id: string): Promise<void> {
  await apiRequest("DELETE", imageUrl(id));
}

/** Makes the image reachable at a public address (for drop pages and store export); answers that address. */
export async function publishImage(id: string): Promise<string> {
  return (await data<{ url: string }>(await apiRequest("POST", `${imageUrl(id)}/publish`))).url;
}

export async function fetchDesignDefaults(
  query: { template: VisualTemplate; productId?: string; pageId?: string; projectId?: string },
  signal?: AbortSignal,
): Promise<DesignDefaults> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  return data<DesignDefaults>(await apiRequest("GET", `/api/images/design-defaults?${params}`, undefined, { signal }));
}

/** Imports a product photo from a catalog product's or a page's image URL (through the server's URL guard). */
export async function importImage(body: { sourceUrl: string; productId?: string; pageId?: string; projectId?: string }): Promise<Image> {
  return data<Image>(await apiRequest("POST", "/api/uploads/images/import", body));
}

/** A PNG preview of a design (small, watermarked, not metered): an object URL the caller revokes. */
export async function renderPreview(body: { design: VisualDesignInput; presetId: VisualPresetId; variant?: number; productId?: string }, signal?: AbortSignal): Promise<Blob> {
  const res = await apiRequest("POST", "/api/images/preview", body, { signal });
  return res.blob();
}

/** Uploads a product photo (multipart, field "file"); rejects with the server's message naming the limit. */
export async function uploadImage(file: File, projectId?: string, signal?: AbortSignal): Promise<Image> {
  const form = new FormData();
  form.append("file", file, file.name);
  if (projectId) form.append("projectId", projectId);
  let res: Response;
  try {
    const headers = buildHeaders(false);
    res = await fetch(withTimestamp("/api/uploads/images"), { method: "POST", body: form, headers, credentials: "include", signal });
  } catch (err) {
    throw new NetworkError(signal?.aborted ? "cancelled" : "network", err);
  }
  try {
    await throwIfResNotOk(res);
  } catch (err) {
    if (err instanceof HttpError) console.warn("[api] POST /api/uploads/images failed:", err.message);
    throw err;
  }
  return data<Image>(res);
}

/** Fetches a PNG (single) or a zip (many) for saving; the server refuses it on the free plan (403, feature download). */
export async function fetchDownload(ids: string[]): Promise<{ blob: Blob; fileName: string }> {
  const res = ids.length === 1 ? await apiRequest("GET", `${imageUrl(ids[0])}/download`) : await apiRequest("POST", "/api/images/download-zip", { ids });
  const disposition = res.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? (ids.length === 1 ? "image.png" : "images.zip");
  return { blob: await res.blob(), fileName };
}

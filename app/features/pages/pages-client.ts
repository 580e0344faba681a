/**
 * The store pages' API client (functions/pages.ts, store-connections.ts, seo.ts) over the one
 * request client. Types come from the contracts (type-only imports).
 */
import type {
  Page,
  PageCreateBody,
  PageGenerated,
  PagePublished,
  PagePatchBody,
  PageSectionKind,
  PageSummary,
  SeoAudit,
  SeoCheckId,
  ShopifyExportResult,
  StoreConnection,
} from "~/domain/contracts/pages";
import { apiRequest } from "~/lib/http";

export type PageVersion = { id: number; revision: number; reason: "created" | "autosave" | "generated" | "published" | "restored" | "seo-fix"; createdAt: string };
export type CreatedPage = { page: Page; extraction: { found: string[]; missing: string[] } | null };

const pageUrl = (id: string) => `/api/pages/${encodeURIComponent(id)}`;
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

export async function fetchPages(signal?: AbortSignal): Promise<PageSummary[]> {
  return (await data<{ pages: PageSummary[] }>(await apiRequest("GET", "/api/pages", undefined, { signal }))).pages;
}

export async function fetchPage(id: string, signal?: AbortSignal): Promise<Page> {
  return data<Page>(await apiRequest("GET", pageUrl(id), undefined, { signal }));
}

export async function createPage(body: PageCreateBody): Promise<CreatedPage> {
  return data<CreatedPage>(await apiRequest("POST", "/api/pages", body));
}

export async function savePage(id: string, patch: PagePatchBody): Promise<Page> {
  return data<Page>(await apiRequest("PATCH", pageUrl(id), patch));
}

export async function deletePage(id: string): Promise<void> {
  await apiRequest("DELETE", pageUrl(id));
}

/** Writes the sections; hand-edited ones are kept unless `replaceEdited` names them (the answer's `generation` says what happened). */
export async function generatePage(id: string, options: { sections?: PageSectionKind[]; replaceEdited?: PageSectionKind[] } = {}): Promise<PageGenerated> {
  return data<PageGenerated>(await apiRequest("POST", `${pageUrl(id)}/generate`, options));
}

/** Publishes; a broken image refuses it (details.brokenImages) unless `acceptBrokenImages`. */
export async function publishPage(id: string, options: { acceptBrokenImages?: boolean } = {}): Promise<PagePublished> {
  return data<PagePublished>(await apiRequest("POST", `${pageUrl(id)}/publish`, options));
}

/** Puts an image on the page: as its main image (first, and the hero's) or added after the others. */
export async function addPageImage(id: string, url: string, placement: "main" | "gallery"): Promise<Page> {
  return data<Page>(await apiRequest("POST", `${pageUrl(id)}/images`, { url, placement }));
}

export async function unpublishPage(id: string): Promise<Page> {
  return data<Page>(await apiRequest("POST", `${pageUrl(id)}/unpublish`));
}

export async function duplicatePage(id: string): Promise<Page> {
  return data<Page>(await apiRequest("POST", `${pageUrl(id)}/duplicate`));
}

export async function fetchVersions(id: string, signal?: AbortSignal): Promise<PageVersion[]> {
  return (await data<{ versions: PageVersion[] }>(await apiRequest("GET", `${pageUrl(id)}/versions`, undefined, { signal }))).versions;
}

export async function restoreVersion(id: string, versionId: number): Promise<Page> {
  return data<Page>(await apiRequest("POST", `${pageUrl(id)}/versions/${versionId}/restore`));
}

/** A short-lived address showing the current draft as the drop page would (for an iframe). */
export async function fetchPreviewLink(id: string): Promise<{ url: string; expiresAt: string }> {
  return data<{ url: string; expiresAt: string }>(await apiRequest("POST", `${pageUrl(id)}/preview-link`));
}

/** Downloads (CSV, HTML zip) as blobs: the request client carries the session. */
export async function downloadExport(id: string, kind: "shopify-csv" | "html"): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiRequest("GET", `${pageUrl(id)}/export/${kind}`);
  const disposition = res.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? (kind === "html" ? "page.zip" : "product.csv");
  return { blob: await res.blob(), fileName };
}

export async function exportToShopify(id: string, body: { connectionId?: string; includePage?: boolean }): Promise<ShopifyExportResult> {
  return data<ShopifyExportResult>(await apiRequest("POST", `${pageUrl(id)}/export/shopify`, body));
}

export async function fetchConnections(signal?: AbortSignal): Promise<StoreConnection[]> {
  return (await data<{ connections: StoreConnection[] }>(await apiRequest("GET", "/api/store-connections", undefined, { signal }))).connections;
}

export async function connectStore(body: { shopDomain: string; accessToken: string }): Promise<StoreConnection> {
  return data<StoreConnection>(await apiRequest("POST", "/api/store-connections", body));
}

export async function disconnectStore(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/store-connections/${encodeURIComponent(id)}`);
}

export async function fetchAudits(signal?: AbortSignal): Promise<SeoAudit[]> {
  return (await data<{ audits: SeoAudit[] }>(await apiRequest("GET", "/api/seo/audits", undefined, { signal }))).audits;
}

export async function applySeoFixes(pageId: string, checks?: SeoCheckId[]): Promise<{ applied: SeoCheckId[]; audit: SeoAudit; page: Page }> {
  return data(await apiRequest("POST", `/api/seo/audits/${encodeURIComponent(pageId)}/fixes`, checks ? { checks } : {}));
}

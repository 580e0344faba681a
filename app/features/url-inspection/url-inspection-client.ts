/** The browser's client of POST /api/url-inspections, over the one request client; types from the contract. */
import type { UrlInspection } from "~/domain/contracts/url-inspections";
import { apiRequest } from "~/lib/http";

/** The inspection takes up to four requests of 8 s each on the server; give it room, then say it timed out. */
const INSPECTION_TIMEOUT_MS = 45_000;

export async function inspectUrl(url: string, signal?: AbortSignal): Promise<UrlInspection> {
  const res = await apiRequest("POST", "/api/url-inspections", { url }, { signal, timeoutMs: INSPECTION_TIMEOUT_MS });
  return (await res.json()) as UrlInspection;
}

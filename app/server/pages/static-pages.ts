/**
 * Public pages that are the same for every signed-out visitor (the landing page, pricing, the
 * legal pages, help signed out) are rendered once per isolate and deployment and served from
 * memory: the landing measured 74 req/s rendered per request against 668 for a static file of the
 * same `wrangler dev` (issue 29). Their inline scripts (Remix's context and module loader, the
 * theme boot script) are fixed once rendered, so the CSP allows them by hash instead of a
 * per-request nonce.
 *
 * What keeps a visitor's data out of the stored copy: it is rendered from a request of our own
 * that carries no cookie and no header of the visitor's, and only requests without a session
 * (no session cookie, no bearer token) are answered from it. A signed-in visit renders as before,
 * with its own state; a signed-out visitor who signs in elsewhere learns it after load, from the
 * auth query, as on every public page.
 */
import { PRODUCT_FACTS_TTL_MS } from "../market/product-facts";
import { sessionTokenFromRequest } from "../auth/keys";
import { securityHeaders } from "../platform/security-headers";

/** Exact paths, and prefixes whose every page is visitor-independent. */
const STATIC_PATHS = new Set(["/", "/landing", "/pricing", "/terms", "/privacy", "/refund-policy", "/cookie-policy", "/security-policy", "/help"]);
const STATIC_PREFIXES = ["/help/articles/", "/help/categories/"];

/**
 * Query parameters that only client code reads (referral capture, ad attribution): a visit with
 * them gets the stored page. Any other parameter may change what the server renders (pricing's
 * ?billing=yearly), so such a visit is rendered as before.
 */
const CLIENT_ONLY_PARAMS = /^(ref|utm_[a-z]+|gclid|fbclid|msclkid)$/;

/**
 * The nonce the stored copy is rendered with. It is never in a CSP (the hashes allow the
 * scripts), so knowing it grants nothing; a fixed value keeps the stored bytes the same and
 * hydration's attributes equal to the server's.
 */
export const STATIC_PAGE_NONCE = "static-page";

/** How long a stored page is served before the next visit renders it again: the facts it states (counts) are cached as long. */
const STATIC_PAGE_TTL_MS = PRODUCT_FACTS_TTL_MS;

/** The stored page's key (its path) when this request may be answered from it, else null. */
export function staticPageKey(request: Request, url: URL): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const path = url.pathname;
  if (!STATIC_PATHS.has(path) && !STATIC_PREFIXES.some((prefix) => path.startsWith(prefix) && path.length > prefix.length)) return null;
  for (const name of url.searchParams.keys()) if (!CLIENT_ONLY_PARAMS.test(name)) return null;
  if (sessionTokenFromRequest(request) !== undefined) return null;
  return path;
}

/** A stored page: always a 200 HTML document. */
export interface StoredPage {
  html: string;
  etag: string;
  headers: readonly (readonly [string, string])[];
  renderedAt: number;
}

/** Renders the page for `url` as a signed-out visitor with no cookies sees it. */
export type RenderPage = (request: Request) => Promise<Response>;

const stored = new Map<string, Promise<StoredPage | null>>();

/**
 * The stored page for `key`, rendered on the first visit (or after the TTL), or null when the
 * render was not a 200 HTML page (then the visit is rendered as before). Concurrent first visits
 * share one render.
 */
export async function storedPage(key: string, origin: string, version: string, render: RenderPage, now = Date.now()): Promise<StoredPage | null> {
  const cacheKey = `${version} ${origin}${key}`;
  const entry = stored.get(cacheKey);
  const kept = entry && (await entry);
  if (kept && now - kept.renderedAt < STATIC_PAGE_TTL_MS) return kept;
  // Stale: another visit may have started the next render while this one waited; share it.
  if (stored.get(cacheKey) !== entry) return (await stored.get(cacheKey)) ?? null;
  // No await from the check above to the set below, so one render at a time.
  const rendering = renderForStorage(new URL(key, origin), render, now);
  stored.set(cacheKey, rendering);
  const page = await rendering;
  // A failed render is not kept: the next visit tries again.
  if (!page && stored.get(cacheKey) === rendering) stored.delete(cacheKey);
  return page;
}

async function renderForStorage(url: URL, render: RenderPage, now: number): Promise<StoredPage | null> {
  // A bot's user agent: the whole document at once (entry.server.tsx), no streaming.
  const response = await render(new Request(url, { headers: { "user-agent": "Dropcraft static page renderer (bot)" } }));
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("text/html")) {
    await response.body?.cancel();
    return null;
  }
  const html = await response.text();
  const hashes = await inlineScriptHashes(html);
  const etag = `"${(await sha256Base64(html)).slice(0, 27)}"`;
  return {
    html,
    etag,
    renderedAt: now,
    headers: [
      ["Content-Type", "text/html; charset=utf-8"],
      // Browsers ask again each time (the answer depends on the session cookie) and get a 304 while unchanged.
      ["Cache-Control", "no-cache"],
      ["Vary", "Cookie, Authorization"],
      ["ETag", etag],
      ...Object.entries(securityHeaders({ scriptHashes: hashes, https: url.protocol === "https:" })),
    ],
  };
}

/** The answer to a visit from the stored page: a 304 when the browser holds these bytes. */
export function respondWithStoredPage(request: Request, page: StoredPage): Response {
  const headers = new Headers(page.headers as [string, string][]);
  if (request.headers.get("if-none-match") === page.etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : page.html, { status: 200, headers });
}

/** CSP sources ('sha256-…') for every inline script of the document, in order, without repeats. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes!) || body === "") continue;
    const source = `'sha256-${await sha256Base64(body!)}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Drop pages at their public address: `/p/{slug}` serves the HTML rendered at publish time from
 * the edge cache (no app JavaScript, no cookies), `/p/{slug}/buy` counts a buy click and sends the
 * visitor to the merchant's checkout. `/preview/{id}` shows a draft to its owner through a
 * short-lived signed link (the builder's iframe cannot carry the session's bearer token).
 *
 * Views and clicks are counted without cookies or visitor data: one per request that is not from a
 * known crawler or a prefetch. They are added up in the isolate and written once a second (one
 * batch for every page seen), because a D1 write per view cut drop-page throughput to 0.3x a
 * static file (npm run bench -- --only=droppage); an isolate that dies loses at most that second.
 */
import type { Database } from "../../../db/client";
import { addPageEvents, findPage, findPublishedPage } from "../../../db/pages";
import { createIsolateBatcher } from "../platform/isolate-batcher";
import { pageHtml, toPage } from "./service";

/** How long browsers and the edge keep a drop page; publish and unpublish purge it at once. */
export const DROP_PAGE_CACHE_SECONDS = 300;
export const PREVIEW_LINK_TTL_SECONDS = 15 * 60;

const SLUG_PATH = /^\/p\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(\/buy)?\/?$/;
const PREVIEW_PATH = /^\/preview\/([0-9a-f-]{36})\/?$/;
const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|preview|lighthouse|headless/i;

export type PublicPageRoute = { kind: "page" | "buy"; slug: string } | { kind: "preview"; id: string };

export function publicPageRoute(pathname: string): PublicPageRoute | null {
  const page = SLUG_PATH.exec(pathname);
  if (page) return { kind: page[2] ? "buy" : "page", slug: page[1] };
  const preview = PREVIEW_PATH.exec(pathname);
  return preview ? { kind: "preview", id: preview[1] } : null;
}

/** How long views and clicks wait in the isolate before they are written. */
export const COUNT_FLUSH_MS = 1000;

/** Views and buy clicks per slug: the first event of a second schedules the write of everything counted in it. */
const pageEvents = createIsolateBatcher<string, "view" | "buy", { views: number; buys: number }, PublicPageDeps>({
  name: "drop page counts",
  everyMs: COUNT_FLUSH_MS,
  fold(n = { views: 0, buys: 0 }, event) {
    if (event === "view") n.views += 1;
    else n.buys += 1;
    return n;
  },
  flush: (batch, deps) => addPageEvents(deps.db, batch),
});

export interface PublicPageDeps {
  db: Database;
  origin: string;
  /** HMAC secret of preview links (the auth secret). */
  secret: string;
  /** The edge cache (caches.default); absent where there is none. */
  cache?: Cache;
  defer(work: Promise<unknown>): void;
}

const isCountable = (request: Request) =>
  request.method === "GET" && !CRAWLER.test(request.headers.get("user-agent") ?? "") && request.headers.get("sec-purpose") !== "prefetch" && request.headers.get("purpose") !== "prefetch";

const notFound = () =>
  new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Page not found</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1>This page is not available</h1><p>The link may be mistyped, or the store has taken the page down.</p></body></html>',
    { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );

/** The edge cache drop pages are kept in (absent outside workerd, e.g. in plain unit tests). */
export function dropPageCache(): Cache | undefined {
  return typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
}

/** The cache key of a slug: the page's address without its query (tracking parameters share one copy). */
const cacheKey = (origin: string, slug: string) => new Request(`${origin}/p/${slug}`);

export async function purgeDropPage(cache: Cache | undefined, origin: string, slug: string): Promise<void> {
  hotPages.delete(slug);
  await cache?.delete(cacheKey(origin, slug));
}

export async function servePublicPage(request: Request, route: PublicPageRoute, deps: PublicPageDeps): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed", { status: 405, headers: { allow: "GET, HEAD" } });
  }
  if (route.kind === "preview") return servePreview(request, route.id, deps);
  if (route.kind === "buy") {
    const page = await findPublishedPage(deps.db, route.slug);
    if (!page?.buyUrl) return notFound();
    if (isCountable(request)) pageEvents.add(route.slug, "buy", deps);
    return new Response(null, { status: 302, headers: { location: page.buyUrl, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  }
  let page = hotPages.get(route.slug);
  if (!page || page.until < Date.now()) {
    page = undefined;
    hotPages.delete(route.slug);
    const key = cacheKey(deps.origin, route.slug);
    const cached = await deps.cache?.match(key);
    if (cached) {
      page = { html: await cached.text(), lastModified: cached.headers.get("last-modified") ?? new Date().toUTCString(), until: 0 };
    } else {
      const row = await findPublishedPage(deps.db, route.slug);
      if (!row) return notFound();
      page = { html: row.html, lastModified: new Date(row.publishedAt ?? Date.now()).toUTCString(), until: 0 };
      if (deps.cache) deps.defer(deps.cache.put(key, dropPageResponse(page)));
    }
    page.until = Date.now() + HOT_PAGE_MS;
    rememberHotPage(route.slug, page);
  }
  if (isCountable(request)) pageEvents.add(route.slug, "view", deps);
  return request.method === "HEAD" ? new Response(null, dropPageResponse(page)) : dropPageResponse(page);
}

// Popular pages are also kept in the isolate for a few seconds: the edge cache is a lookup per
// request, and a drop page under load is the same few kilobytes over and over. Publish, unpublish
// and delete clear this isolate's copy at once; another isolate's lives HOT_PAGE_MS at most.
const HOT_PAGE_MS = 5_000;
const HOT_PAGES_MAX = 200;
type HotPage = { html: string; lastModified: string; until: number };
const hotPages = new Map<string, HotPage>();

function rememberHotPage(slug: string, page: HotPage): void {
  if (hotPages.size >= HOT_PAGES_MAX) hotPages.delete(hotPages.keys().next().value!);
  hotPages.set(slug, page);
}

function dropPageResponse(page: HotPage): Response {
  return new Response(page.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": `public, max-age=60, s-maxage=${DROP_PAGE_CACHE_SECONDS}`,
      "last-modified": page.lastModified,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Preview links

const encoder = new TextEncoder();
const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function previewSignature(secret: string, pageId: string, userId: number, expires: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(`page-preview:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return b64url(await crypto.subtle.sign("HMAC", key, encoder.encode(`${pageId}.${userId}.${expires}`)));
}

/** A link that shows the page's current draft for PREVIEW_LINK_TTL_SECONDS, to whoever holds it. */
export async function previewLink(secret: string, pageId: string, userId: number, now = Date.now()): Promise<{ url: string; expiresAt: string }> {
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_TTL_SECONDS;
  const sig = await previewSignature(secret, pageId, userId, expires);
  return { url: `/preview/${pageId}?u=${userId}&e=${expires}&s=${sig}`, expiresAt: new Date(expires * 1000).toISOString() };
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function servePreview(request: Request, pageId: string, deps: PublicPageDeps): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const userId = Number(params.get("u"));
  const expires = Number(params.get("e"));
  const sig = params.get("s") ?? "";
  const valid =
    Number.isInteger(userId) && Number.isInteger(expires) && expires * 1000 > Date.now() && timingSafeEqual(sig, await previewSignature(deps.secret, pageId, userId, expires));
  if (!valid) {
    return new Response("This preview link has expired. Open the page in the builder again.", { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const row = await findPage(deps.db, userId, pageId);
  if (!row) return notFound();
  const html = pageHtml(toPage(row, deps.origin), deps.origin).replace("<head>", '<head><meta name="robots" content="noindex">');
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" } });
}

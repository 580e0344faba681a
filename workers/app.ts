import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getEnv, EnvError, publicOrigin } from "../app/server/platform/env";
import { publicMediaId, servePublishedImage } from "../app/server/images/public-media";
import { dropPageCache, publicPageRoute, servePublicPage } from "../app/server/pages/public-pages";
import { respondWithStoredPage, STATIC_PAGE_NONCE, staticPageKey, storedPage } from "../app/server/pages/static-pages";
import { databaseFor } from "../db/client";
import { AppError } from "../app/domain/errors";
import { createLogger } from "../app/server/platform/log";
import { createNonce, dropPageSecurityHeaders, securityHeaders } from "../app/server/platform/security-headers";
import { createApi } from "../functions";
import { nameRequest } from "../functions/context";
import { createRequestSummary } from "../app/server/platform/request-summary";
import { runScheduled } from "./scheduled";

const api = createApi();

/**
 * The Remix server build (`npm run build` writes it before wrangler bundles this file), loaded on
 * the first page request: an isolate that only answers the API never evaluates the 4.8 MB of
 * screens, and each workerd test file that calls only the API starts about 45% sooner (ADR 016).
 */
let remix: Promise<{ handle: ReturnType<typeof createRequestHandler>; version: string }> | undefined;
const loadRemix = () =>
  (remix ??= import("../build/server/index.js").then((build) => ({
    handle: createRequestHandler(build as unknown as ServerBuild),
    version: (build as unknown as ServerBuild).assets.version,
  })));

/** What Remix loaders and actions receive as `context`. */
export interface RequestContext {
  cloudflare: { env: Env; ctx: ExecutionContext };
  requestId: string;
  nonce: string;
  /** Changes with every build; the client compares it with `build-version` in storage. */
  buildVersion: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RequestContext {}
}

export default {
  /** The cron triggers of wrangler.toml: the catalog refresh (workers/scheduled.ts). */
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runScheduled(controller, env));
  },

  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const started = Date.now();
    const url = new URL(request.url);
    // Ids from clients are not trusted into logs; every request gets a fresh one.
    const requestId = crypto.randomUUID();
    let config;
    try {
      config = getEnv(env);
    } catch (err) {
      // A misconfigured deployment answers every request with the variable that is wrong.
      const message = err instanceof EnvError ? err.message : "Invalid environment";
      console.error(JSON.stringify({ level: "error", msg: "invalid environment", requestId, error: message }));
      return Response.json(new AppError("UNAVAILABLE", message).toBody(requestId), { status: 503 });
    }
    const log = createLogger({ requestId }, config.LOG_LEVEL);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    // Made before rendering for Remix (its scripts carry it), at the end for other HTML; drop pages have none.
    let nonce: string | undefined;

    // The API reads the id from its own record of the request: no copy of the request to carry a header.
    if (isApi) nameRequest(request, requestId);
    const dropPage = isApi ? null : publicPageRoute(url.pathname);
    const mediaId = isApi || dropPage ? null : publicMediaId(url.pathname);
    const storedKey = isApi || dropPage || mediaId ? null : staticPageKey(request, url);
    // A stored page's response carries its own headers (CSP by hash); it is null when the page could not be stored.
    let stored: Response | null = null;
    let response: Response;
    try {
      response = isApi
        ? await api.fetch(request, env, ctx)
        : mediaId
          ? await servePublishedImage(request, mediaId, { db: databaseFor(env.DB), files: env.FILES })
        : dropPage
          ? await servePublicPage(request, dropPage, {
              db: databaseFor(env.DB),
              origin: publicOrigin(config, request.url),
              secret: config.AUTH_SECRET,
              cache: dropPageCache(),
              defer: (work) => ctx.waitUntil(work),
            })
          : ((stored = storedKey ? await serveStoredPage(request, storedKey, url, env, ctx) : null) ??
            (await loadRemix().then(({ handle, version }) =>
              handle(request, {
                cloudflare: { env, ctx },
                requestId,
                nonce: (nonce = createNonce()),
                buildVersion: version,
              }),
            )));
    } catch (err) {
      log.error("unhandled error", { err, path: url.pathname });
      response = Response.json(new AppError("INTERNAL", "Something went wrong on our side.").toBody(requestId), {
        status: 500,
      });
    }

    await discardUnreadBody(request);
    if (dropPage) {
      // servePublicPage (and the 500 above) build every Response here, so its headers are
      // mutable: no copy, and the drop page's security headers are built once per isolate.
      for (const [name, value] of dropPageSecurityHeaders(dropPage.kind === "preview" ? "preview" : "public")) {
        response.headers.set(name, value);
      }
    } else if (stored === response) {
      // Built here with the stored page's own headers (its CSP holds the inline scripts' hashes).
    } else {
      // Responses from fetch() can have immutable headers; copy before decorating.
      response = new Response(response.body, response);
      const isHtml = response.headers.get("content-type")?.includes("text/html") ?? false;
      for (const [name, value] of Object.entries(
        securityHeaders({ nonce: isHtml ? (nonce ?? createNonce()) : undefined, https: url.protocol === "https:" }),
      )) {
        response.headers.set(name, value);
      }
    }
    response.headers.set("X-Request-Id", requestId);
    const line = { method: request.method, path: url.pathname, status: response.status, ms: Date.now() - started };
    if (((dropPage && dropPage.kind !== "preview") || stored === response) && response.status < 400) {
      publicPageRequests.add({ ...line, requestId }, { level: config.LOG_LEVEL, defer: (work) => ctx.waitUntil(work) });
    } else if (isApi && response.status < 400) {
      apiRequests.add({ ...line, requestId }, { level: config.LOG_LEVEL, defer: (work) => ctx.waitUntil(work) });
    } else {
      log.info("request", line);
    }
    return response;
  },
} satisfies ExportedHandler<Env>;

// Successful answers on the hot paths are logged as one line a second per isolate
// (platform/request-summary.ts): a public drop page's (200, HEAD, the buy link's 302) and a stored
// page's by path, the API's by method. Errors, refusals, 404s and previews keep their own line.
const publicPageRequests = createRequestSummary({ message: "public page requests", groupBy: "path" });
const apiRequests = createRequestSummary({ message: "api requests", groupBy: "method" });

/** A signed-out visit to a page that is the same for every visitor, from the page stored in this isolate (null: render it as usual). */
async function serveStoredPage(request: Request, key: string, url: URL, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  const { handle, version } = await loadRemix();
  const page = await storedPage(key, url.origin, version, (own) =>
    handle(own, { cloudflare: { env, ctx }, requestId: crypto.randomUUID(), nonce: STATIC_PAGE_NONCE, buildVersion: version }),
  );
  return page ? respondWithStoredPage(request, page) : null;
}

/**
 * Answers given without reading the body (CSRF refusals, unknown routes, 415s) leave it unread,
 * and the pinned wrangler/workerd then restarts the Worker mid-request under load ("Your worker
 * restarted mid-request", 503). Reading what is left settles the request. Bodies are capped by
 * the platform, and handlers that wanted the body have already read it.
 */
async function discardUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    await request.arrayBuffer();
  } catch {
    // A client that hung up mid-upload: nothing left to settle.
  }
}
export { ChatRoom } from "./chat-room";
export { RateLimiter } from "./rate-limiter";
export { UsageMeter } from "./usage-meter";

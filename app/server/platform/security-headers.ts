/**
 * Security headers for every response the Worker renders. The CSP is strict for scripts
 * (a per-response nonce, or for a stored page the hashes of its inline scripts; no inline
 * handlers) and lets styles use attributes, which React and the dialog/tooltip primitives set for
 * positioning.
 */
export function contentSecurityPolicy(nonce: string): string {
  return appPolicy([`'nonce-${nonce}'`]);
}

/** The policy of a page served from storage (app/server/pages/static-pages.ts): its inline scripts by hash. */
export function staticPagePolicy(scriptHashes: readonly string[]): string {
  return appPolicy(scriptHashes);
}

function appPolicy(inlineScriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/**
 * Drop pages load nothing but themselves, inline styles and product images from any https host
 * or from this origin (the merchant's published images at /media/); no script runs (the JSON-LD
 * block is data). A builder preview may be framed by the app itself.
 */
export function dropPagePolicy(framedByApp: boolean): string {
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    "style-src 'unsafe-inline'",
    // Nothing on the page fetches; crawlers' tools (Lighthouse's robots.txt check) fetch from it.
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${framedByApp ? "'self'" : "'none'"}`,
  ].join("; ");
}

export function securityHeaders(options: {
  nonce?: string;
  /** A stored page's inline script hashes ('sha256-…'), allowed instead of a nonce. */
  scriptHashes?: readonly string[];
  https: boolean;
  dropPage?: "public" | "preview";
}): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    // HSTS is ignored by browsers over plain http, but sending it everywhere keeps one code path.
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  };
  if (options.dropPage) {
    headers["Content-Security-Policy"] = dropPagePolicy(options.dropPage === "preview");
    if (options.dropPage === "preview") headers["X-Frame-Options"] = "SAMEORIGIN";
    // Visitors leave for the merchant's checkout; the page's address stays with the page.
    headers["Referrer-Policy"] = "no-referrer";
    // No opener policy: a scriptless public page holds nothing for an opener to reach, and COOP
    // puts every visit from another site into a new browsing-context group (on Android a process
    // of its own). Lighthouse mobile measured it: the same HTML with COOP had TBT 198-592 ms
    // (performance 85-97), without it 43-111 ms (99-100). ADR 014.
    delete headers["Cross-Origin-Opener-Policy"];
    return headers;
  }
  headers["Content-Security-Policy"] = options.scriptHashes
    ? staticPagePolicy(options.scriptHashes)
    : options.nonce
      ? contentSecurityPolicy(options.nonce)
      : "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
  return headers;
}


const frozenEntries = (headers: Record<string, string>) =>
  Object.freeze(Object.entries(headers).map((pair) => Object.freeze(pair)));
const dropPageHeaderEntries = {
  public: frozenEntries(securityHeaders({ https: true, dropPage: "public" })),
  preview: frozenEntries(securityHeaders({ https: true, dropPage: "preview" })),
};

/**
 * The security headers of a drop page (public or preview) as [name, value] pairs, built once per
 * isolate: they depend on nothing in the request, and drop pages are the hot path.
 */
export function dropPageSecurityHeaders(kind: "public" | "preview"): readonly (readonly [string, string])[] {
  return dropPageHeaderEntries[kind];
}

/** A base64 nonce from 16 random bytes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

import { describe, expect, it } from "vitest";
import { STATIC_PAGE_NONCE } from "~/server/pages/static-pages";
import { call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// Public pages the same for every signed-out visitor are rendered once per isolate and served
// from memory with a CSP that allows their inline scripts by hash (issue 29).

const BASE = "http://127.0.0.1";

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** The document's inline scripts (no src), as the browser hashes them. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\ssrc=/.test(attrs!) && body !== "").map((m) => m[2]!);

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await WORKER.fetch(`${BASE}${path}`, { headers });
  return { res, html: await res.text(), csp: res.headers.get("content-security-policy") ?? "" };
}

describe("stored public pages", () => {
  it("serves the landing page to every signed-out visitor as the same bytes, whatever else the visit carries", async () => {
    const first = await page("/");
    const second = await page("/", { cookie: "theme=light; dc_sidebar=1", "user-agent": "Mozilla/5.0 (iPhone)", "accept-language": "de" });
    const third = await page("/?ref=FRIEND10&utm_source=tiktok");
    expect(first.res.status).toBe(200);
    expect(first.html).toContain("<title>Dropcraft — AI workspace for dropshippers &amp; e-commerce sellers</title>");
    expect(second.html).toBe(first.html);
    expect(third.html).toBe(first.html);
    expect(second.csp).toBe(first.csp);
    // Each answer still has its own request id.
    expect(second.res.headers.get("x-request-id")).not.toBe(first.res.headers.get("x-request-id"));
    expect(first.res.headers.get("etag")).toMatch(/^"[A-Za-z0-9+/]{27}"$/);
    expect(first.res.headers.get("vary")).toContain("Cookie");
  });

  it("allows exactly the stored page's inline scripts by hash, and no nonce", async () => {
    for (const path of ["/", "/pricing", "/privacy", "/help"]) {
      const { res, html, csp } = await page(path);
      expect(res.status, path).toBe(200);
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(2);
      const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
      const needed = [...new Set(await Promise.all(scripts.map(sha256)))];
      expect(allowed.sort(), path).toEqual(needed.sort());
      expect(csp).not.toContain("'nonce-");
      expect(csp).not.toContain("'unsafe-inline' ;");
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(html).not.toMatch(/\son(click|load|error)="/i);
    }
  });

  it("answers a browser that holds the bytes with a 304", async () => {
    const first = await page("/pricing");
    const again = await WORKER.fetch(`${BASE}/pricing`, { headers: { "if-none-match": first.res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("never stores a signed-in visitor's state, and a signed-in visit still sees its own", async () => {
    const user = await verifiedUser();
    const signedOut = await page("/");
    // A session by cookie and by bearer token: each renders the page for its user, with a fresh nonce.
    const byCookie = await page("/", { cookie: `dc_session=${user.token}` });
    const byBearer = await page("/pricing", { authorization: `Bearer ${user.token}` });
    for (const visit of [byCookie, byBearer]) {
      expect(visit.res.status).toBe(200);
      expect(visit.html).toContain(user.email);
      expect(visit.csp).toMatch(/'nonce-[^']+'/);
      expect(visit.csp).not.toContain("'sha256-");
    }
    expect(byCookie.html).not.toContain(STATIC_PAGE_NONCE);
    // The stored copy was made before and after: neither holds the user.
    const after = await page("/");
    expect(after.html).toBe(signedOut.html);
    expect(after.html).not.toContain(user.email);
    const me = await call("/api/auth/me", { token: user.token });
    expect(me.status).toBe(200);
  });

  it("renders per request what depends on the query or is not public", async () => {
    // ?billing=yearly may change what pricing renders; /login is not a stored page.
    for (const path of ["/pricing?billing=yearly", "/login", "/app"]) {
      const { csp } = await page(path);
      expect(csp, path).not.toContain("'sha256-");
    }
  });
});

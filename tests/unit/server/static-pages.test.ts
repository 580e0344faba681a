import { describe, expect, it } from "vitest";
import { inlineScriptHashes, respondWithStoredPage, staticPageKey, storedPage } from "~/server/pages/static-pages";

const key = (url: string, init?: RequestInit) => staticPageKey(new Request(url, init), new URL(url));

describe("which visits the stored public pages answer", () => {
  it("answers signed-out GET and HEAD visits to the visitor-independent pages", () => {
    expect(key("https://app.test/")).toBe("/");
    expect(key("https://app.test/pricing", { method: "HEAD" })).toBe("/pricing");
    expect(key("https://app.test/help/articles/getting-started/first-steps")).toBe("/help/articles/getting-started/first-steps");
    expect(key("https://app.test/?ref=FRIEND&utm_campaign=x&gclid=1")).toBe("/");
  });

  it("renders per request anything with a session, another method, another page or a parameter the server may read", () => {
    expect(key("https://app.test/", { headers: { cookie: "__Host-dc_session=abc" } })).toBeNull();
    expect(key("http://127.0.0.1/", { headers: { cookie: "theme=light; dc_session=abc" } })).toBeNull();
    expect(key("https://app.test/pricing", { headers: { authorization: "Bearer abc" } })).toBeNull();
    expect(key("https://app.test/", { method: "POST" })).toBeNull();
    expect(key("https://app.test/pricing?billing=yearly")).toBeNull();
    expect(key("https://app.test/login")).toBeNull();
    expect(key("https://app.test/help/articles/")).toBeNull();
    expect(key("https://app.test/app")).toBeNull();
  });

  it("keeps a signed-out visit with other cookies on the stored page", () => {
    expect(key("https://app.test/", { headers: { cookie: "theme=light; ui-sidebar=collapsed" } })).toBe("/");
  });
});

describe("inline script hashes", () => {
  it("hashes each inline script once and skips external ones", async () => {
    const html = '<script nonce="x">a()</script><script src="/x.js"></script><script type="module">a()</script><script>b()</script>';
    const hashes = await inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    // sha256("a()") in base64, as a browser computes it for the CSP.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("a()")));
    expect(hashes[0]).toBe(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
  });
});

describe("the stored page of one isolate", () => {
  const html = (n: number) => `<html><script>boot(${n})</script></html>`;
  const renderer = (status = 200) => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response(html(renders), { status, headers: { "content-type": "text/html; charset=utf-8" } });
    };
    return { render, count: () => renders };
  };

  it("renders once for visits that arrive together, and again only after the figures it states may have changed", async () => {
    const r = renderer();
    const version = `v-${Math.random()}`;
    const pages = await Promise.all([1, 2, 3].map(() => storedPage("/", "https://app.test", version, r.render, 1_000)));
    expect(r.count()).toBe(1);
    expect(new Set(pages.map((p) => p?.html))).toEqual(new Set([html(1)]));
    expect((await storedPage("/", "https://app.test", version, r.render, 1_000 + 60_000))?.html).toBe(html(1));
    const later = 1_000 + 6 * 60_000;
    const again = await Promise.all([1, 2].map(() => storedPage("/", "https://app.test", version, r.render, later)));
    expect(r.count()).toBe(2);
    expect(again.map((p) => p?.html)).toEqual([html(2), html(2)]);
  });

  it("keeps no page whose render failed, so the next visit tries again", async () => {
    const failing = renderer(500);
    const version = `v-${Math.random()}`;
    expect(await storedPage("/pricing", "https://app.test", version, failing.render, 0)).toBeNull();
    const ok = renderer();
    expect((await storedPage("/pricing", "https://app.test", version, ok.render, 0))?.html).toBe(html(1));
  });

  it("answers a HEAD without a body and a matching If-None-Match with a 304", async () => {
    const page = (await storedPage("/terms", "https://app.test", `v-${Math.random()}`, renderer().render))!;
    const head = respondWithStoredPage(new Request("https://app.test/terms", { method: "HEAD" }), page);
    expect([head.status, await head.text(), head.headers.get("etag")]).toEqual([200, "", page.etag]);
    const cached = respondWithStoredPage(new Request("https://app.test/terms", { headers: { "if-none-match": page.etag } }), page);
    expect(cached.status).toBe(304);
    expect(cached.headers.get("content-security-policy")).toContain("'sha256-");
  });
});

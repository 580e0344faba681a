import { describe, expect, it } from "vitest";
import { inlineScriptHashes, staticPageKey } from "~/server/pages/static-pages";

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

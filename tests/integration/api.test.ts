import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WORKER } from "./worker";

const BASE = "http://127.0.0.1";

describe("the Worker's API", () => {
  it("answers health with a request id header", async () => {
    const res = await WORKER.fetch(`${BASE}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", env: "test" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown /api paths with a JSON 404 in the error taxonomy", async () => {
    const res = await WORKER.fetch(`${BASE}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as Record<string, string>;
    expect(body).toMatchObject({ type: "NOT_FOUND", error: "Not found" });
    expect(body.message).toContain("/api/does-not-exist");
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("serves an OpenAPI document generated from the route schemas", async () => {
    const res = await WORKER.fetch(`${BASE}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"].get).toBeDefined();
    expect(doc.paths["/api/omnisend/newsletter-signup"].post.requestBody).toBeDefined();
    expect(doc.components.schemas.NewsletterSignup.properties).toHaveProperty("email");
    expect(doc.components.schemas.Error.properties).toHaveProperty("type");
  });
});

describe("request validation", () => {
  const post = (body: string) =>
    WORKER.fetch(`${BASE}/api/omnisend/newsletter-signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });

  it("names the bad field", async () => {
    const res = await post(JSON.stringify({ email: "not-an-email" }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { type: string; message: string; details: { fields: { path: string }[] } };
    expect(body.type).toBe("VALIDATION");
    expect(body.message).toContain("email must be a valid email address");
    expect(body.details.fields[0].path).toBe("email");
  });

  it("names a missing field", async () => {
    const res = await post("{}");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("email");
  });

  it("says when the body is not JSON", async () => {
    const res = await post("{oops");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: "VALIDATION", message: "The request body is not valid JSON." });
  });

  it("stores a subscriber once, case-insensitively", async () => {
    const first = await post(JSON.stringify({ email: "Merchant@Store.com" }));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, data: { alreadySubscribed: false } });
    const again = await post(JSON.stringify({ email: "merchant@store.com" }));
    expect(await again.json()).toMatchObject({ success: true, data: { alreadySubscribed: true } });
    const row = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?")
      .bind("merchant@store.com")
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});

describe("pages", () => {
  it("renders unknown paths as the not-found screen with HTTP 404", async () => {
    const res = await WORKER.fetch(`${BASE}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('data-testid="not-found"');
  });

  it("renders a flow's detail as the Explorer product's page, no longer a screen being built", async () => {
    const res = await WORKER.fetch(`${BASE}/flows/P-0001`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Product page — Explorer — Dropcraft</title>");
    expect(html).not.toContain("Being built");
  });

  it("serves /landing as the landing page, its canonical link on the public origin (APP_URL, not the request's host)", async () => {
    const res = await WORKER.fetch(`${BASE}/landing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Dropcraft — AI workspace for dropshippers &amp; e-commerce sellers</title>");
    expect(html).not.toContain("Being built");
    expect([...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1])).toEqual(["https://app.dropcraft.test/"]); // APP_URL in vitest.workers.config.ts
    // "/" itself names no other address.
    expect(await (await WORKER.fetch(`${BASE}/`)).text()).not.toContain('rel="canonical"');
  });
});

describe("security headers", () => {
  // /login renders per request; the pages stored for signed-out visitors are tests/integration/static-pages.test.ts.
  it("sends a nonce CSP that the document's scripts satisfy", async () => {
    const res = await WORKER.fetch(`${BASE}/login`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // No inline event handlers, which a nonce cannot allow.
    expect(html).not.toMatch(/\son(click|load|error)="/i);
  });

  it("uses a fresh nonce per response", async () => {
    const a = (await WORKER.fetch(`${BASE}/login`)).headers.get("content-security-policy");
    const b = (await WORKER.fetch(`${BASE}/login`)).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it.each(["/", "/api/health", "/api/nope", "/no/such/page"])("sets the baseline headers on %s", async (path) => {
    const res = await WORKER.fetch(`${BASE}${path}`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dropPagePolicy } from "~/server/platform/security-headers";
import worker from "../../workers/app";
import { call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// What the Worker's wrapper (workers/app.ts) adds to every answer, on the drop page path it
// shortcuts for speed (no copy of the Response, headers built once per isolate) and on the others.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers every drop page answer carries, whatever its status. */
function expectDropPageHeaders(res: Response, framedByApp = false) {
  expect(res.headers.get("content-security-policy")).toBe(dropPagePolicy(framedByApp));
  expect(res.headers.get("x-frame-options")).toBe(framedByApp ? "SAMEORIGIN" : "DENY");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  // None on a scriptless public page: COOP's browsing-context swap costs phones (ADR 014).
  expect(res.headers.get("cross-origin-opener-policy")).toBeNull();
  expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
  expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  expect(res.headers.get("x-request-id")).toMatch(UUID);
}

let slug: string;
let token: string;
let pageId: string;

beforeAll(async () => {
  const u = await verifiedUser();
  token = u.token;
  const created = await call("/api/pages", {
    method: "POST",
    token,
    body: { product: { title: "Wrapper Test Lamp", description: "A lamp.", images: ["https://cdn.example.com/lamp.jpg"], priceCents: 1900, currency: "USD" } },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  pageId = created.json.data.page.id;
  await call(`/api/pages/${pageId}`, { method: "PATCH", token, body: { buyUrl: "https://shop.example/buy" } });
  const published = await call(`/api/pages/${pageId}/publish`, { method: "POST", token });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  slug = published.json.data.slug;
}, 60_000);

describe("drop pages through the Worker's wrapper", () => {
  it("a published page (first from D1, then from the isolate) carries every security header and a fresh request id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await WORKER.fetch(`http://127.0.0.1/p/${slug}`, { headers: { "user-agent": "Googlebot/2.1" } });
      expect(res.status).toBe(200);
      expectDropPageHeaders(res);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=300");
      expect(res.headers.get("last-modified")).toMatch(/GMT$/);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toContain("Wrapper Test Lamp");
      ids.add(res.headers.get("x-request-id")!);
    }
    expect(ids.size).toBe(3);
  });

  it("HEAD answers the headers without a body", async () => {
    const res = await WORKER.fetch(`http://127.0.0.1/p/${slug}`, { method: "HEAD", headers: { "user-agent": "Googlebot/2.1" } });
    expect(res.status).toBe(200);
    expectDropPageHeaders(res);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe("");
  });

  it("a POST is a 405 naming the allowed methods, its unread body settled, with the same headers", async () => {
    const res = await WORKER.fetch(`http://127.0.0.1/p/${slug}`, { method: "POST", body: "x".repeat(10_000) });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expectDropPageHeaders(res);
  });

  it("an unknown slug is a 404 page with the same headers, and the buy link a 302 with them", async () => {
    const missing = await WORKER.fetch("http://127.0.0.1/p/no-such-page-here");
    expect(missing.status).toBe(404);
    expectDropPageHeaders(missing);
    expect(await missing.text()).toContain("This page is not available");
    const buy = await WORKER.fetch(`http://127.0.0.1/p/${slug}/buy`, { redirect: "manual", headers: { "user-agent": "Googlebot/2.1" } });
    expect(buy.status).toBe(302);
    expect(buy.headers.get("location")).toBe("https://shop.example/buy");
    expectDropPageHeaders(buy);
  });

  it("a preview may be framed by the app itself", async () => {
    const link = await call(`/api/pages/${pageId}/preview-link`, { method: "POST", token });
    const res = await WORKER.fetch(`http://127.0.0.1${link.json.data.url}`);
    expect(res.status).toBe(200);
    expectDropPageHeaders(res, true);
  });
});

/**
 * For the request-log tests: waits out the one-second window earlier requests opened (at the
 * suite's warn level), then collects this isolate's log lines at info level.
 */
async function captureInfoLines() {
  await new Promise((r) => setTimeout(r, 1100));
  const infoEnv = { ...env, LOG_LEVEL: "info" } as unknown as Env;
  const lines: Record<string, unknown>[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    lines.push(JSON.parse(String(line)) as Record<string, unknown>);
  });
  return { infoEnv, lines, log };
}

describe("the request log on drop pages", () => {
  it("sums a page's successful answers into one line a second; a 404 keeps its own line", async () => {
    const { infoEnv, lines, log } = await captureInfoLines();
    try {
      const ctx = createExecutionContext();
      const ask = async (path: string) => {
        const res = await worker.fetch(new Request(`http://127.0.0.1${path}`, { headers: { "user-agent": "Googlebot/2.1" } }), infoEnv, ctx);
        await res.text();
        return res.status;
      };
      for (let i = 0; i < 3; i++) expect(await ask(`/p/${slug}`)).toBe(200);
      expect(await ask(`/p/${slug}/buy`)).toBe(302);
      expect(await ask("/p/not-a-published-page")).toBe(404);
      // Only the 404 has been logged so far; the summary follows when the second is up.
      expect(lines.map((l) => l.msg)).toEqual(["request"]);
      expect(lines[0]).toMatchObject({ level: "info", method: "GET", path: "/p/not-a-published-page", status: 404, requestId: expect.stringMatching(UUID) });
      await waitOnExecutionContext(ctx);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({
        level: "info",
        msg: "public page requests",
        seconds: 1,
        count: 4,
        byPath: { [`/p/${slug}`]: 3, [`/p/${slug}/buy`]: 1 },
        byStatus: { "200": 3, "302": 1 },
      });
      expect(typeof lines[1].maxMs).toBe("number");
    } finally {
      log.mockRestore();
    }
  });
});

describe("the request log on the API", () => {
  it("sums successful answers into one line a second naming the slowest; a 401 and a 404 keep their own lines", async () => {
    const { infoEnv, lines, log } = await captureInfoLines();
    try {
      const ctx = createExecutionContext();
      const ask = async (path: string, init?: RequestInit) => {
        const res = await worker.fetch(new Request(`http://127.0.0.1${path}`, init), infoEnv, ctx);
        await res.text();
        return { status: res.status, requestId: res.headers.get("x-request-id") };
      };
      const ok = [await ask("/api/health"), await ask("/api/health"), await ask("/api/health", { method: "HEAD" })];
      expect(ok.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await ask("/api/chats")).status).toBe(401);
      expect((await ask("/api/no-such-route")).status).toBe(404);
      // Only the refusals have been logged so far, each with its request id.
      expect(lines.map((l) => [l.msg, l.path, l.status])).toEqual([
        ["request", "/api/chats", 401],
        ["request", "/api/no-such-route", 404],
      ]);
      expect(lines[0].requestId).toMatch(UUID);
      await waitOnExecutionContext(ctx);
      expect(lines).toHaveLength(3);
      expect(lines[2]).toMatchObject({ level: "info", msg: "api requests", seconds: 1, count: 3, byMethod: { GET: 2, HEAD: 1 }, byStatus: { "200": 3 } });
      const slowest = lines[2].slowest as { requestId: string; path: string; status: number; ms: number };
      expect(slowest).toMatchObject({ path: "/api/health", status: 200 });
      expect(ok.map((r) => r.requestId)).toContain(slowest.requestId);
    } finally {
      log.mockRestore();
    }
  });

  it("gives every API request an id of its own, whatever id the client sent", async () => {
    const res = await WORKER.fetch("http://127.0.0.1/api/no-such-route", { headers: { "x-request-id": "client-chosen-id" } });
    const body = (await res.json()) as { requestId: string };
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });
});

describe("the other paths keep their own headers", () => {
  it("an API answer gets the strict policy and a request id", async () => {
    const res = await WORKER.fetch("http://127.0.0.1/api/health");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(UUID);
  });

  it("an app page carries a fresh script nonce in its policy and on its scripts", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await WORKER.fetch("http://127.0.0.1/login");
      expect(res.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(await res.text()).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("a misconfigured environment answers 503 naming the variable, on every request", async () => {
    const bad = { ...env, APP_ENV: "staging" } as unknown as Env;
    // The wrapper logs the bad variable as an error for the operator.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://127.0.0.1/p/${slug}`), bad, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { type: string; message: string; requestId: string };
      expect(body.type).toBe("UNAVAILABLE");
      expect(body.message).toContain("APP_ENV");
      expect(body.requestId).toMatch(UUID);
    }
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[0][0])).toContain("APP_ENV");
    errors.mockRestore();
  });
});

// The suite calls the Worker's fetch handler directly (tests/integration/worker.ts); this proves
// that path answers as the runtime's own service-binding path does.
describe("bodies an answer did not need", () => {
  /** A 200 KB upload that records whether it was read to its end. */
  function trackedBody() {
    const state = { chunksRead: 0, readToEnd: false };
    const chunk = new TextEncoder().encode("x".repeat(16_384));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.chunksRead === 12) {
          state.readToEnd = true;
          controller.close();
          return;
        }
        state.chunksRead += 1;
        controller.enqueue(chunk);
      },
    });
    return { stream, state };
  }

  // A refusal sent while the upload is still arriving leaves the connection unusable: wrangler
  // dev's proxy then loses requests on it (503 "worker restarted mid-request", ADR 016), and a
  // proxy or load balancer in production must close it. The wrapper reads what is left first.
  it("reads to its end an upload refused without it: CSRF refusals, unknown routes, wrong content types, drop pages", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["/api/no-such-route", { "content-type": "application/json", cookie: "dc_session=not-a-token" }],
      ["/api/auth/login", { "content-type": "text/plain" }],
      ["/api/chats", { "content-type": "application/json", cookie: "dc_session=not-a-token" }],
      [`/p/${slug}`, { "content-type": "text/plain" }],
    ];
    for (const [path, headers] of cases) {
      const { stream, state } = trackedBody();
      const res = await WORKER.fetch(`http://127.0.0.1${path}`, { method: "POST", headers, body: stream });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(state.readToEnd, `${path}: read ${state.chunksRead} of 12 chunks before answering`).toBe(true);
      await res.body?.cancel();
    }
  });
});

describe("the suite's direct calls and SELF", () => {
  const comparable = (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "x-request-id" && name !== "date"));
    // The nonce differs per answer; the policy around it must not.
    if (headers["content-security-policy"]) headers["content-security-policy"] = headers["content-security-policy"].replace(/'nonce-[^']+'/g, "'nonce'");
    return { status: res.status, headers };
  };

  it.each([
    ["GET", "/api/health"],
    ["GET", "/api/nothing-here"],
    ["POST", "/api/auth/login"],
    ["GET", "/login"],
    ["GET", "/p/no-such-page"],
    ["HEAD", "/api/health"],
  ])("%s %s answers the same status and headers either way", async (method, path) => {
    const init = { method, headers: { "cf-connecting-ip": "10.200.0.1", "content-type": "application/json" }, redirect: "manual" as const };
    const body = method === "POST" ? "{}" : undefined;
    const direct = await WORKER.fetch(`http://127.0.0.1${path}`, { ...init, body });
    const viaRuntime = await SELF.fetch(`http://127.0.0.1${path}`, { ...init, body });
    expect(comparable(direct)).toEqual(comparable(viaRuntime));
    // Request ids, nonces and the clock are the only parts of a body that differ between answers.
    const stable = (text: string) =>
      text
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
        .replace(/nonce="[^"]+"|\\"nonce\\",\\"[^\\]+\\"/g, "<nonce>")
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>");
    const [directBody, runtimeBody] = [await direct.text(), await viaRuntime.text()];
    expect(directBody.length).toBeGreaterThan(method === "HEAD" ? -1 : 0);
    expect(stable(directBody)).toBe(stable(runtimeBody));
  });
});

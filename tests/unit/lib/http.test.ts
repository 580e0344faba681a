import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiRequest,
  buildHeaders,
  errorMessage,
  getQueryFn,
  HttpError,
  isRetryable,
  NETWORK_MESSAGES,
  NetworkError,
  withTimestamp,
} from "~/lib/http";
import { verifyEmailToken } from "~/features/auth/auth-client";

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal("document", { cookie: "" });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("apiRequest: common behaviour of requests (spec 7)", () => {
  it("rejects a non-string URL with an error naming the wrong type", async () => {
    await expect(apiRequest("GET", 42)).rejects.toThrow(/string.*number/);
    await expect(apiRequest("GET", { url: "/x" })).rejects.toThrow(TypeError);
    await expect(apiRequest("GET", null)).rejects.toThrow(/received null/);
  });

  it("appends _t with ? when the URL has no query and & when it has one", async () => {
    const { impl, calls } = fakeFetch(() => new Response("{}"));
    await apiRequest("GET", "/api/a", undefined, { fetchImpl: impl });
    await apiRequest("GET", "/api/b?x=1", undefined, { fetchImpl: impl });
    expect(calls[0].url).toMatch(/^\/api\/a\?_t=\d+$/);
    expect(calls[1].url).toMatch(/^\/api\/b\?x=1&_t=\d+$/);
  });

  it("keeps a fragment after the timestamp", () => {
    expect(withTimestamp("/p?a=1#top", 5)).toBe("/p?a=1&_t=5#top");
  });

  it("sends no-cache headers, includes credentials, cors mode and follows redirects", async () => {
    const { impl, calls } = fakeFetch(() => new Response("{}"));
    await apiRequest("GET", "/api/a", undefined, { fetchImpl: impl });
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get("cache-control")).toContain("no-cache");
    expect(headers.get("pragma")).toBe("no-cache");
    expect(calls[0].init.credentials).toBe("include");
    expect(calls[0].init.mode).toBe("cors");
    expect(calls[0].init.redirect).toBe("follow");
  });

  it("sends the bearer token from auth.token only when it exists", async () => {
    const { impl, calls } = fakeFetch(() => new Response("{}"));
    await apiRequest("GET", "/api/a", undefined, { fetchImpl: impl });
    expect(new Headers(calls[0].init.headers).has("authorization")).toBe(false);
    store.set("auth.token", "tok123");
    await apiRequest("GET", "/api/a", undefined, { fetchImpl: impl });
    expect(new Headers(calls[1].init.headers).get("authorization")).toBe("Bearer tok123");
  });

  it("sets the JSON content type only when there is a body", async () => {
    const { impl, calls } = fakeFetch(() => new Response("{}"));
    await apiRequest("POST", "/api/a", undefined, { fetchImpl: impl });
    await apiRequest("POST", "/api/a", { a: 1 }, { fetchImpl: impl });
    expect(new Headers(calls[0].init.headers).has("content-type")).toBe(false);
    expect(calls[0].init.body).toBeUndefined();
    expect(new Headers(calls[1].init.headers).get("content-type")).toBe("application/json");
    expect(calls[1].init.body).toBe('{"a":1}');
  });

  it("sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN", () => {
    vi.stubGlobal("document", { cookie: "theme=dark; XSRF-TOKEN=abc%3D%3D; other=1" });
    expect(buildHeaders(false).get("x-xsrf-token")).toBe("abc==");
  });

  it('throws "status: body" for a non-OK answer, and logs the failure', async () => {
    const { impl } = fakeFetch(() => new Response("Boom happened", { status: 500, statusText: "Server Error" }));
    await expect(apiRequest("GET", "/api/a", undefined, { fetchImpl: impl })).rejects.toThrow("500: Boom happened");
    expect(console.warn).toHaveBeenCalled();
  });

  it('uses the status text when the body is empty: "status: statusText"', async () => {
    const { impl } = fakeFetch(() => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/a", undefined, { fetchImpl: impl })).rejects.toThrow(
      "503: Service Unavailable",
    );
  });

  it("keeps the server's taxonomy type and message on the error", async () => {
    const body = JSON.stringify({ error: "Quota exceeded", type: "QUOTA_EXCEEDED", message: "You have 3 projects" });
    const { impl } = fakeFetch(() => new Response(body, { status: 403 }));
    const err = await apiRequest("POST", "/api/projects", {}, { fetchImpl: impl }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.type).toBe("QUOTA_EXCEEDED");
    expect(err.serverMessage).toBe("You have 3 projects");
    expect(errorMessage(err, "Failed to create project")).toBe("You have 3 projects");
  });

  it("does not throw on a 401 from POST login or signup (the form handles it)", async () => {
    const { impl } = fakeFetch(() => new Response('{"message":"Invalid username or password"}', { status: 401 }));
    const login = await apiRequest("POST", "/api/auth/login", { username: "a", password: "b" }, { fetchImpl: impl });
    expect(login.status).toBe(401);
    const signup = await apiRequest("POST", "/api/auth/signup", {}, { fetchImpl: impl });
    expect(signup.status).toBe(401);
  });

  it("still throws on a 401 from other paths and other methods", async () => {
    const { impl } = fakeFetch(() => new Response("nope", { status: 401 }));
    await expect(apiRequest("GET", "/api/auth/login", undefined, { fetchImpl: impl })).rejects.toThrow("401: nope");
    await expect(apiRequest("POST", "/api/projects", {}, { fetchImpl: impl })).rejects.toThrow("401: nope");
    const { impl: notAuth } = fakeFetch(() => new Response("bad", { status: 400 }));
    await expect(apiRequest("POST", "/api/auth/login", {}, { fetchImpl: notAuth })).rejects.toThrow("400: bad");
  });

  it("never throws for validate-reset-token and logs its status and body", async () => {
    const { impl } = fakeFetch(() => new Response('{"valid":false}', { status: 400 }));
    const res = await apiRequest("GET", "/api/auth/validate-reset-token?token=x", undefined, { fetchImpl: impl });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ valid: false });
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining("validate-reset-token"), 400, '{"valid":false}');
  });

  it("names network failures, timeouts and cancellations", async () => {
    const failing = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    await expect(apiRequest("GET", "/api/a", undefined, { fetchImpl: failing.impl })).rejects.toThrow(
      NETWORK_MESSAGES.network,
    );

    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    const timeout = await apiRequest("GET", "/api/a", undefined, {
      fetchImpl: hanging as typeof fetch,
      timeoutMs: 10,
    }).catch((e) => e);
    expect(timeout).toBeInstanceOf(NetworkError);
    expect(timeout.reason).toBe("timeout");

    const controller = new AbortController();
    const pending = apiRequest("GET", "/api/a", undefined, { fetchImpl: hanging as typeof fetch, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(NETWORK_MESSAGES.cancelled);
  });
});

describe("a 503 that asks to be sent again at once (Retry-After: 0)", () => {
  const retryNow = () => new Response("Your worker restarted mid-request.", { status: 503, headers: { "Retry-After": "0" } });

  it("sends an idempotent request once more and returns the second answer", async () => {
    for (const method of ["GET", "DELETE", "PUT"]) {
      let n = 0;
      const f = fakeFetch(() => (n++ === 0 ? retryNow() : new Response(JSON.stringify({ ok: true }), { status: 200 })));
      const res = await apiRequest(method, "/api/chats/c1", method === "PUT" ? { a: 1 } : undefined, { fetchImpl: f.impl });
      expect(res.status, method).toBe(200);
      expect(f.calls.map((c) => c.init.method)).toEqual([method, method]);
    }
  });

  it("releases the first answer's body before sending again", async () => {
    let cancelled = false;
    const first = new Response(
      new ReadableStream({
        cancel() {
          cancelled = true;
        },
      }),
      { status: 503, headers: { "Retry-After": "0" } },
    );
    let n = 0;
    const f = fakeFetch(() => (n++ === 0 ? first : Response.json({ ok: true })));
    await apiRequest("GET", "/api/a", undefined, { fetchImpl: f.impl });
    expect(cancelled).toBe(true);
  });

  it("retries only once: a second such answer is the caller's error", async () => {
    const f = fakeFetch(() => retryNow());
    await expect(apiRequest("DELETE", "/api/chats/c1", undefined, { fetchImpl: f.impl })).rejects.toMatchObject({ status: 503 });
    expect(f.calls).toHaveLength(2);
  });

  it("never sends a POST twice, nor retries a 503 without Retry-After: 0 (our own errors)", async () => {
    const post = fakeFetch(() => retryNow());
    await expect(apiRequest("POST", "/api/images/preview", { a: 1 }, { fetchImpl: post.impl })).rejects.toMatchObject({ status: 503 });
    expect(post.calls).toHaveLength(1);
    for (const headers of [{}, { "Retry-After": "30" }] as Record<string, string>[]) {
      const own = fakeFetch(() => Response.json({ type: "UNAVAILABLE", message: "Stripe could not answer" }, { status: 503, headers }));
      await expect(apiRequest("GET", "/api/a", undefined, { fetchImpl: own.impl })).rejects.toMatchObject({ status: 503 });
      expect(own.calls).toHaveLength(1);
    }
  });

  it("sends a POST its caller marked repeatable once more (a second sending does no more than the first)", async () => {
    let n = 0;
    const f = fakeFetch(() => (n++ === 0 ? retryNow() : Response.json({ alreadyVerified: false })));
    const res = await apiRequest("POST", "/api/auth/verify-email", { token: "t" }, { fetchImpl: f.impl, repeatable: true });
    expect(res.status).toBe(200);
    expect(f.calls.map((c) => [c.init.method, c.init.body])).toEqual([
      ["POST", '{"token":"t"}'],
      ["POST", '{"token":"t"}'],
    ]);
  });

  it("confirming an emailed link is such a POST; signing up is not", async () => {
    let n = 0;
    const f = fakeFetch(() => (n++ === 0 ? retryNow() : Response.json({ message: "Email verified", alreadyVerified: true })));
    vi.stubGlobal("fetch", f.impl);
    await expect(verifyEmailToken("t")).resolves.toMatchObject({ alreadyVerified: true });
    expect(f.calls).toHaveLength(2);
    const signup = fakeFetch(() => retryNow());
    await expect(apiRequest("POST", "/api/auth/signup", { a: 1 }, { fetchImpl: signup.impl })).rejects.toMatchObject({ status: 503 });
    expect(signup.calls).toHaveLength(1);
  });

  it("applies to the default data fetch too", async () => {
    let n = 0;
    const f = fakeFetch(() => (n++ === 0 ? retryNow() : Response.json({ items: [1] })));
    vi.stubGlobal("fetch", f.impl);
    await expect(getQueryFn({ on401: "throw" })({ queryKey: ["/api/items"] })).resolves.toEqual({ items: [1] });
    expect(f.calls).toHaveLength(2);
  });
});

describe("getQueryFn: the default data fetch", () => {
  it("GETs the first query key element with the timestamp and token, and returns parsed JSON", async () => {
    store.set("auth.token", "t1");
    const { impl, calls } = fakeFetch(() => Response.json({ data: [1, 2] }));
    vi.stubGlobal("fetch", impl);
    const result = await getQueryFn({ on401: "throw" })({ queryKey: ["/api/projects", { extra: 1 }] });
    expect(result).toEqual({ data: [1, 2] });
    expect(calls[0].url).toMatch(/^\/api\/projects\?_t=\d+$/);
    expect(calls[0].init.method).toBe("GET");
    expect(new Headers(calls[0].init.headers).get("authorization")).toBe("Bearer t1");
  });

  it("throws on 401 by default and returns null when asked to", async () => {
    vi.stubGlobal("fetch", fakeFetch(() => new Response("Unauthorized", { status: 401 })).impl);
    await expect(getQueryFn({ on401: "throw" })({ queryKey: ["/api/auth/me"] })).rejects.toThrow("401: Unauthorized");
    await expect(getQueryFn({ on401: "returnNull" })({ queryKey: ["/api/auth/me"] })).resolves.toBeNull();
  });

  it("requires the first key element to be a URL string", async () => {
    await expect(getQueryFn({ on401: "throw" })({ queryKey: [123] })).rejects.toThrow(/URL string.*number/);
  });
});

describe("isRetryable", () => {
  it("retries background saves only when they may succeed later", () => {
    expect(isRetryable(new NetworkError("network"))).toBe(true);
    expect(isRetryable(new NetworkError("timeout"))).toBe(true);
    expect(isRetryable(new NetworkError("cancelled"))).toBe(false);
    expect(isRetryable(new HttpError("503: x", 503, "x"))).toBe(true);
    expect(isRetryable(new HttpError("429: x", 429, "x"))).toBe(true);
    expect(isRetryable(new HttpError("400: x", 400, "x"))).toBe(false);
    expect(isRetryable(new HttpError("413: x", 413, "x"))).toBe(false);
    expect(isRetryable(new Error("x"))).toBe(false);
  });
});

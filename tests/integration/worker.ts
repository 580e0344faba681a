/**
 * The Worker's own fetch handler (workers/app.ts), called in the test's isolate with the test
 * bindings and a fresh execution context per request: the same code path SELF.fetch reaches, minus
 * the runtime's service-binding hop. That hop cost about 15 ms a request and grew with every
 * request an isolate had served (300 health checks: 4.5 s through SELF, 0.05 s here; a file of
 * 47 auth tests 6 s, the same file a second time in one isolate 14 s), and it was most of the
 * workerd suite's time (ADR 016). Redirects are followed unless the caller asks for "manual",
 * as fetch() on a service binding does. tests/integration/worker-wrapper.test.ts checks that both
 * paths answer alike.
 */
import { createExecutionContext, env } from "cloudflare:test";
import app from "../../workers/app";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function fetchWorker(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let request = new Request(input, init);
  for (let hop = 0; ; hop++) {
    const response = await app.fetch(request, env, createExecutionContext());
    const location = response.headers.get("location");
    if (init?.redirect === "manual" || !REDIRECTS.has(response.status) || !location) return response;
    if (init?.redirect === "error") throw new TypeError(`redirected to ${location}`);
    if (hop >= 20) throw new TypeError("too many redirects");
    await response.body?.cancel();
    const next = new URL(location, request.url);
    const keepBody = response.status === 307 || response.status === 308;
    request = new Request(next, keepBody ? request : { method: request.method === "HEAD" ? "HEAD" : "GET", headers: request.headers });
  }
}

/** Drop-in for SELF: `WORKER.fetch(url, init)`. */
export const WORKER = { fetch: fetchWorker };

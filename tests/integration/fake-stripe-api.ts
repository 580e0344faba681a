import http from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the fake Stripe REST API. */
    stripeApiUrl: string;
  }
}

/** The secret key the fake accepts. */
export const FAKE_STRIPE_SECRET_KEY = "sk_test_dropcraft_fake_stripe";

type Subscription = Record<string, unknown> & { id: string; customer?: string; created?: number };

/**
 * A local HTTP server speaking the part of Stripe's REST API /subscription-sync reads:
 * `GET /v1/subscriptions/{id}` and `GET /v1/subscriptions?customer=&status=all&limit=`
 * (newest first, `{ object: "list", data, has_more }`), Bearer secret key, Stripe's error shape
 * `{ error: { type, code?, message } }` (401 for a wrong key, 404 resource_missing).
 * Test controls: `POST /__subscriptions` stores (or replaces) a subscription object;
 * `GET /__requests` lists what the adapter asked (method, path, whether the key was right).
 */
export default async function setup(project: TestProject) {
  const subscriptions = new Map<string, Subscription>();
  const requests: { method: string; path: string; authorized: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname === "/__subscriptions" && req.method === "POST") {
        const sub = JSON.parse(raw) as Subscription;
        subscriptions.set(sub.id, { object: "subscription", created: Math.floor(Date.now() / 1000), ...sub });
        return reply(200, { stored: sub.id });
      }
      if (url.pathname === "/__requests") return reply(200, requests);
      const authorized = req.headers.authorization === `Bearer ${FAKE_STRIPE_SECRET_KEY}`;
      requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, authorized });
      if (!url.pathname.startsWith("/v1/")) return reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
      if (!req.headers.authorization) {
        return reply(401, { error: { type: "invalid_request_error", message: "You did not provide an API key." } });
      }
      if (!authorized) return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_***" } });
      if (req.method !== "GET") return reply(405, { error: { type: "invalid_request_error", message: "Only GET is served by this fake." } });
      const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const sub = subscriptions.get(decodeURIComponent(one[1]));
        if (!sub) {
          return reply(404, {
            error: { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such subscription: '${one[1]}'` },
          });
        }
        return reply(200, sub);
      }
      if (url.pathname === "/v1/subscriptions") {
        const customer = url.searchParams.get("customer");
        const status = url.searchParams.get("status");
        const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 10)));
        const matching = [...subscriptions.values()]
          .filter((s) => !customer || s.customer === customer)
          // Stripe leaves canceled subscriptions out unless status=all or status=canceled.
          .filter((s) => (status === "all" ? true : status ? s.status === status : s.status !== "canceled"))
          .sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
        return reply(200, { object: "list", url: "/v1/subscriptions", has_more: matching.length > limit, data: matching.slice(0, limit) });
      }
      reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (GET: ${url.pathname}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("stripeApiUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

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
/** A subscription id starting with this answers 500 (Stripe's api_error), so a test can fail one read alone. */
export const FAKE_STRIPE_FAILING_SUBSCRIPTION_PREFIX = "sub_fail500_";

/**
 * A subscription as Stripe renders it at `version`: from basil (2025-03-31) on, the period lives
 * on each item, so a top-level `current_period_start/end` a test stored moves onto the items.
 */
function render(sub: Subscription, version: string | undefined): Subscription {
  const basil = (version ?? "") >= "2025-03-31";
  if (!basil || !("current_period_end" in sub)) return sub;
  const { current_period_end: end, current_period_start: start, ...rest } = sub;
  const items = (sub.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [{ object: "subscription_item" }];
  return {
    ...rest,
    items: { object: "list", data: items.map((item) => ({ current_period_start: start, current_period_end: end, ...item })) },
  } as Subscription;
}

type Subscription = Record<string, unknown> & { id: string; customer?: string; created?: number };

/**
 * A local HTTP server speaking the part of Stripe's REST API /subscription-sync reads:
 * `GET /v1/subscriptions/{id}` and `GET /v1/subscriptions?customer=&status=all&limit=`
 * (newest first, `{ object: "list", data, has_more }`), Bearer secret key, Stripe's error shape
 * `{ error: { type, code?, message } }` (401 for a wrong key, 404 resource_missing).
 * Answers are rendered at the request's `Stripe-Version` (basil: the period on the items; see
 * render). A subscription id starting with FAKE_STRIPE_FAILING_SUBSCRIPTION_PREFIX answers 500.
 * Test controls: `POST /__subscriptions` stores (or replaces) a subscription object;
 * `GET /__requests` lists what the adapter asked (method, path, whether the key was right, the
 * Stripe-Version header).
 */
export default async function setup(project: TestProject) {
  const subscriptions = new Map<string, Subscription>();
  const requests: { method: string; path: string; authorized: boolean; version: string | null }[] = [];
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
      const version = (req.headers["stripe-version"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, authorized, version });
      if (!url.pathname.startsWith("/v1/")) return reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
      if (!req.headers.authorization) {
        return reply(401, { error: { type: "invalid_request_error", message: "You did not provide an API key." } });
      }
      if (!authorized) return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_***" } });
      if (req.method !== "GET") return reply(405, { error: { type: "invalid_request_error", message: "Only GET is served by this fake." } });
      const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (one) {
        if (decodeURIComponent(one[1]).startsWith(FAKE_STRIPE_FAILING_SUBSCRIPTION_PREFIX)) {
          return reply(500, { error: { type: "api_error", message: "An unknown error occurred" } });
        }
        const sub = subscriptions.get(decodeURIComponent(one[1]));
        if (!sub) {
          return reply(404, {
            error: { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such subscription: '${one[1]}'` },
          });
        }
        return reply(200, render(sub, version ?? undefined));
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
        return reply(200, { object: "list", url: "/v1/subscriptions", has_more: matching.length > limit, data: matching.slice(0, limit).map((sub) => render(sub, version ?? undefined)) });
      }
      reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (GET: ${url.pathname}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("stripeApiUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

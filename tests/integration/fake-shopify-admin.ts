/**
 * A local HTTP server speaking Shopify's Admin GraphQL protocol for many shops at once
 * (app/server/store-export/fake-admin-api.ts behind node:http), for the store-export tests.
 * Started once by vitest globalSetup on 127.0.0.1; the Worker reaches it through the URL guard
 * (URL_GUARD_ALLOW_LOOPBACK=on in the workerd config) as SHOPIFY_ADMIN_BASE_URL, and tests read
 * the same origin from the SHOPIFY_ADMIN_TEST_URL binding or `inject("shopifyAdminUrl")`.
 *
 * - `POST /<shop>.myshopify.com/admin/api/<version>/graphql.json`: the Admin API of that shop.
 * - `POST /__staged-uploads/<shop>.myshopify.com`: the upload target stagedUploadsCreate hands out
 *   (multipart form: the target's parameters, then `file`), standing in for Google Cloud Storage.
 * - `POST /__admin/merchant-edit` `{domain, id, addVariant?: {options, price}, addImage?: {url, alt?}, setPrice?: {title, price}}`:
 *   the merchant edits the product in the Shopify admin.
 * - `POST /__admin/shops` `{domain, token, scopes?, name?, currencyCode?, status?, maximumAvailable?, restoreRate?}`:
 *   adds a shop, or another token to it. Tests use a domain of their own so parallel files never share a shop.
 * - `POST /__admin/throttle` `{domain, count, kind?: "throttled"|"http429", retryAfterSeconds?}`: the next requests are throttled.
 * - `POST /__admin/drain` `{domain, available}`: the bucket holds that many points now.
 * - `POST /__admin/revoke` `{domain, token}`: the token stops working.
 * - `POST /__admin/status` `{domain, status: "active"|"frozen"|"locked"}`.
 * - `POST /__admin/delete-product` `{domain, id}`, `POST /__admin/delete-page` `{domain, id}`: the merchant deletes it in the Shopify admin (404 when the shop has no such one).
 * - `POST /__admin/product-status` `{domain, id, status}`: the merchant sets the product Active (or archives it).
 * - `POST /__admin/products` `{domain, title, handle}`: a product the merchant made themselves.
 * - `GET /__admin/state?domain=…`: the shop's products, pages, request log and throttle status (no tokens).
 */
import http from "node:http";
import type { TestProject } from "vitest/node";
import {
  addProduct,
  createFakeStoreState,
  deletePage,
  deleteProduct,
  setProductStatus,
  drainBucket,
  handleAdminGraphql,
  handleStagedUpload,
  merchantEdit,
  revokeToken,
  seedShop,
  setShopStatus,
  shopSnapshot,
  throttleNext,
  type FakeShopSeed,
  type FakeShopStatus,
} from "../../app/server/store-export/fake-admin-api";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the fake Shopify Admin API server. */
    shopifyAdminUrl: string;
  }
}

export interface FakeShopifyAdmin {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startFakeShopifyAdmin(port = 0): Promise<FakeShopifyAdmin> {
  const state = createFakeStoreState();
  let origin = "";

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: string, headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" }) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const raw = await readBody(req);
      const body = raw.toString("utf8");
      const upload = /^\/__staged-uploads\/([^/]+)$/.exec(url.pathname);
      if (upload && req.method === "POST") {
        const form = await new Request(`${origin}${url.pathname}`, { method: "POST", headers: { "content-type": String(req.headers["content-type"] ?? "") }, body: new Uint8Array(raw) }).formData().catch(() => null);
        if (!form) return send(400, "<Error><Code>MalformedPOSTRequest</Code></Error>", { "content-type": "application/xml" });
        const fields: Record<string, string> = {};
        let file: { name: string; type: string; size: number } | null = null;
        for (const [name, value] of form.entries()) {
          if (typeof value === "string") fields[name] = value;
          else if (name === "file") file = { name: value.name, type: value.type, size: value.size };
        }
        const answer = handleStagedUpload(state, upload[1]!, { fields, file });
        return send(answer.status, answer.body, answer.headers);
      }
      if (url.pathname.startsWith("/__admin/")) {
        const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
        const domain = String(input.domain ?? url.searchParams.get("domain") ?? "");
        const known = state.shops.has(domain.toLowerCase());
        if (url.pathname !== "/__admin/shops" && !known) return send(404, JSON.stringify({ error: `no fake shop ${domain}` }));
        switch (url.pathname) {
          case "/__admin/shops":
            seedShop(state, input as unknown as FakeShopSeed);
            return send(201, JSON.stringify(shopSnapshot(state, domain)));
          case "/__admin/throttle":
            throttleNext(state, domain, Number(input.count ?? 1), { kind: input.kind as "throttled" | "http429" | undefined, retryAfterSeconds: input.retryAfterSeconds as number | undefined });
            return send(204, "");
          case "/__admin/drain":
            drainBucket(state, domain, Number(input.available ?? 0));
            return send(204, "");
          case "/__admin/revoke":
            revokeToken(state, domain, String(input.token ?? ""));
            return send(204, "");
          case "/__admin/status":
            setShopStatus(state, domain, input.status as FakeShopStatus);
            return send(204, "");
          case "/__admin/delete-product":
            return deleteProduct(state, domain, String(input.id ?? "")) ? send(204, "") : send(404, JSON.stringify({ error: `no product ${String(input.id)}` }));
          case "/__admin/delete-page":
            return deletePage(state, domain, String(input.id ?? "")) ? send(204, "") : send(404, JSON.stringify({ error: `no page ${String(input.id)}` }));
          case "/__admin/product-status":
            return setProductStatus(state, domain, String(input.id ?? ""), input.status as "ACTIVE" | "ARCHIVED" | "DRAFT") ? send(204, "") : send(404, JSON.stringify({ error: `no product ${String(input.id)}` }));
          case "/__admin/merchant-edit": {
            const edited = merchantEdit(state, domain, String(input.id ?? ""), input as Parameters<typeof merchantEdit>[3]);
            return edited ? send(200, JSON.stringify(edited)) : send(404, JSON.stringify({ error: `no product ${String(input.id)}` }));
          }
          case "/__admin/products":
            return send(201, JSON.stringify(addProduct(state, domain, { title: String(input.title ?? ""), handle: String(input.handle ?? "") })));
          case "/__admin/state":
            return send(200, JSON.stringify(shopSnapshot(state, domain)));
          default:
            return send(404, JSON.stringify({ error: "unknown test-control endpoint" }));
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      const answer = await handleAdminGraphql({ method: req.method ?? "GET", path: url.pathname, headers, body }, state);
      return send(answer.status, answer.body, answer.headers);
    } catch (err) {
      return send(500, JSON.stringify({ errors: `fake server error: ${err instanceof Error ? err.message : String(err)}` }));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  origin = `http://127.0.0.1:${bound}`;
  state.uploadOrigin = origin;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Vitest globalSetup: vitest.workers.config.ts picks the port (SHOPIFY_ADMIN_PORT) and hands the Worker its origin. */
export default async function setup(project: TestProject) {
  const fake = await startFakeShopifyAdmin(Number(process.env.SHOPIFY_ADMIN_PORT) || 0);
  project.provide("shopifyAdminUrl", fake.url);
  return () => fake.close();
}

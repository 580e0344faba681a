import http from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL (…/api) of the fake Omnisend contacts API (the dated-version surface). */
    omnisendUrl: string;
  }
}

/** The key the fake accepts; any other key is refused like Omnisend refuses a wrong one. */
export const FAKE_OMNISEND_KEY = "omni_test_key";
/** Keys that make the fake misbehave, so parallel test files never share a switch. */
export const FAKE_OMNISEND_FAILING_KEY = "omni_test_key_upstream_down";
export const FAKE_OMNISEND_SLOW_KEY = "omni_test_key_slow";

/** The dated versions this fake Omnisend serves (Omnisend's, not ours: bumping the adapter's constant alone fails the tests). */
export const FAKE_OMNISEND_VERSIONS = ["2026-03-15"];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STATUSES = ["subscribed", "nonSubscribed", "unsubscribed"];

interface Contact {
  contactID: string;
  email: string;
  status: string;
  statusDate: string;
  tags: string[];
  /** How many times this contact was created or updated. */
  writes: number;
}

/** An RFC 9457 problem, the shape of Omnisend's dated-version errors. */
const problem = (status: number, title: string, detail: string, errors: { field: string; message: string }[] = []) => ({
  type: "about:blank",
  title,
  status,
  detail,
  errors,
});

/**
 * A local HTTP server speaking Omnisend's dated-version contacts API (see the comment in
 * app/server/newsletter/newsletter.ts for the source): `POST /api/contacts` with
 * `Authorization: Omnisend-API-Key {key}` and `Omnisend-Version: 2026-03-15` creates a contact
 * (201) or updates the one holding that email (200), and answers `{ id }`; errors are RFC 9457
 * problems `{ type, title, status, detail, errors }`. A request without the version header, or
 * with another version, is a 400; the legacy surfaces (`/v3/…`, `/v5/…`) answer 410 Gone.
 * `GET /__contacts?email=` returns what it holds for an address (404 when nothing), and
 * `GET /__requests` every request it received (path, version, key, legacy key header, body).
 */
export default async function setup(project: TestProject) {
  const contacts = new Map<string, Contact>();
  const requests: { path: string; version: string | undefined; apiKey: string | undefined; legacyKeyHeader: boolean; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": status >= 400 ? "application/problem+json" : "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (req.method === "GET" && url.pathname === "/__contacts") {
        const contact = contacts.get(String(url.searchParams.get("email")).toLowerCase());
        return contact ? reply(200, contact) : reply(404, problem(404, "Not Found", "No contact with that email"));
      }
      if (req.method === "GET" && url.pathname === "/__requests") return reply(200, requests);

      const version = req.headers["omnisend-version"] as string | undefined;
      const auth = /^Omnisend-API-Key (.+)$/.exec(String(req.headers.authorization ?? ""));
      const apiKey = auth?.[1];
      const legacyKeyHeader = req.headers["x-api-key"] !== undefined;
      let body: { identifiers?: { type?: string; id?: string; channels?: { email?: { status?: string; statusDate?: string } } }[]; tags?: string[] } = {};
      let parsed = true;
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        parsed = false;
      }
      requests.push({ path: url.pathname, version, apiKey, legacyKeyHeader, body });

      if (/^\/v\d+(\/|$)/.test(url.pathname)) {
        return reply(410, problem(410, "Gone", `${url.pathname} belongs to a retired API version; use /api/ with the Omnisend-Version header`));
      }
      if (req.method !== "POST" || url.pathname !== "/api/contacts") return reply(404, problem(404, "Not Found", `No route ${req.method} ${url.pathname}`));
      if (!version) return reply(400, problem(400, "Bad Request", "The Omnisend-Version header is required", [{ field: "Omnisend-Version", message: "required" }]));
      if (!FAKE_OMNISEND_VERSIONS.includes(version)) {
        return reply(400, problem(400, "Bad Request", `Unsupported Omnisend-Version '${version}'`, [{ field: "Omnisend-Version", message: "unsupported" }]));
      }
      if (apiKey === FAKE_OMNISEND_FAILING_KEY) return reply(503, problem(503, "Service Unavailable", "Try again later"));
      if (apiKey === FAKE_OMNISEND_SLOW_KEY) return void setTimeout(() => reply(200, { id: "slow" }), 3_000);
      if (!apiKey) {
        const hint = legacyKeyHeader ? " (X-API-KEY is the legacy header; send Authorization: Omnisend-API-Key {key})" : "";
        return reply(401, problem(401, "Unauthorized", `Missing API key${hint}`));
      }
      if (apiKey !== FAKE_OMNISEND_KEY) return reply(403, problem(403, "Forbidden", "Invalid API key"));
      if (!String(req.headers["content-type"]).startsWith("application/json")) {
        return reply(400, problem(400, "Bad Request", "Content-Type must be application/json"));
      }
      if (!parsed) return reply(400, problem(400, "Bad Request", "Invalid JSON"));
      const identifier = body.identifiers?.find((i) => i.type === "email");
      if (!identifier?.id) return reply(400, problem(400, "Bad Request", "identifiers is required", [{ field: "identifiers", message: "required" }]));
      if (!EMAIL.test(identifier.id)) {
        return reply(400, problem(400, "Bad Request", `'${identifier.id}' is not a valid email`, [{ field: "identifiers[0].id", message: "invalid email" }]));
      }
      const channel = identifier.channels?.email;
      if (channel && !STATUSES.includes(String(channel.status))) {
        return reply(400, problem(400, "Bad Request", `'status' can't be '${channel.status}'`, [{ field: "identifiers[0].channels.email.status", message: "bad status" }]));
      }
      if (channel?.statusDate && Number.isNaN(Date.parse(channel.statusDate))) {
        return reply(400, problem(400, "Bad Request", "statusDate must be an ISO 8601 date", [{ field: "identifiers[0].channels.email.statusDate", message: "invalid date" }]));
      }
      const key = identifier.id.toLowerCase();
      const existing = contacts.get(key);
      const tags = [...new Set([...(existing?.tags ?? []), ...(body.tags ?? [])])];
      const contact: Contact = {
        contactID: existing?.contactID ?? `contact_${contacts.size + 1}`,
        email: key,
        status: channel?.status ?? existing?.status ?? "nonSubscribed",
        statusDate: channel?.statusDate ?? existing?.statusDate ?? new Date().toISOString(),
        tags,
        writes: (existing?.writes ?? 0) + 1,
      };
      contacts.set(key, contact);
      reply(existing ? 200 : 201, { id: contact.contactID });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("omnisendUrl", `http://127.0.0.1:${port}/api`);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

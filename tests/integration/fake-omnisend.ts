import http from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL (…/v3) of the fake Omnisend contacts API. */
    omnisendUrl: string;
  }
}

/** The key the fake accepts; any other key is refused like Omnisend refuses a wrong one. */
export const FAKE_OMNISEND_KEY = "omni_test_key";
/** Keys that make the fake misbehave, so parallel test files never share a switch. */
export const FAKE_OMNISEND_FAILING_KEY = "omni_test_key_upstream_down";
export const FAKE_OMNISEND_SLOW_KEY = "omni_test_key_slow";

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

/**
 * A local HTTP server speaking Omnisend's v3 contacts API: `POST /v3/contacts` with the
 * X-API-KEY header creates a contact (201) or updates the one holding that email (200), and
 * answers `{ contactID }`; 4xx answers carry `{ error, fields }` as Omnisend's do.
 * `GET /__contacts?email=` returns what it holds for an address (404 when nothing), and
 * `GET /__requests` the API keys and bodies it received.
 */
export default async function setup(project: TestProject) {
  const contacts = new Map<string, Contact>();
  const requests: { apiKey: string | undefined; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (req.method === "GET" && url.pathname === "/__contacts") {
        const contact = contacts.get(String(url.searchParams.get("email")).toLowerCase());
        return contact ? reply(200, contact) : reply(404, { error: "Not found" });
      }
      if (req.method === "GET" && url.pathname === "/__requests") return reply(200, requests);
      if (req.method !== "POST" || url.pathname !== "/v3/contacts") return reply(404, { error: "Not found" });
      const apiKey = req.headers["x-api-key"] as string | undefined;
      let body: { identifiers?: { type?: string; id?: string; channels?: { email?: { status?: string; statusDate?: string } } }[]; tags?: string[] };
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(400, { error: "Bad request: invalid JSON", fields: {} });
      }
      requests.push({ apiKey, body });
      if (apiKey === FAKE_OMNISEND_FAILING_KEY) return reply(503, { error: "Service Unavailable" });
      if (apiKey === FAKE_OMNISEND_SLOW_KEY) return void setTimeout(() => reply(200, { contactID: "slow" }), 3_000);
      if (!apiKey) return reply(401, { error: "Unauthorized: missing X-API-KEY header" });
      if (apiKey !== FAKE_OMNISEND_KEY) return reply(403, { error: "Forbidden: invalid API key" });
      if (!String(req.headers["content-type"]).startsWith("application/json")) {
        return reply(400, { error: "Bad request: Content-Type must be application/json", fields: {} });
      }
      const identifier = body.identifiers?.find((i) => i.type === "email");
      if (!identifier?.id) return reply(400, { error: "Bad parameter: identifiers is required", fields: { identifiers: ["required"] } });
      if (!EMAIL.test(identifier.id)) {
        return reply(400, { error: `Bad parameter: '${identifier.id}' is not a valid email`, fields: { "identifiers.0.id": ["invalid email"] } });
      }
      const channel = identifier.channels?.email;
      if (channel && !STATUSES.includes(String(channel.status))) {
        return reply(400, { error: `'status' can't be '${channel.status}'`, fields: { 0: ["bad status"] } });
      }
      if (channel?.statusDate && Number.isNaN(Date.parse(channel.statusDate))) {
        return reply(400, { error: "Bad parameter: statusDate must be an ISO 8601 date", fields: {} });
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
      reply(existing ? 200 : 201, { contactID: contact.contactID });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("omnisendUrl", `http://127.0.0.1:${port}/v3`);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * The API's order of checks (issue 27): authenticate, then check ownership, then validate. Every
 * operation the OpenAPI document says can answer 401 answers an anonymous caller 401 before it
 * reads a body, a query or a content type it was never allowed to send.
 */
import { describe, expect, it } from "vitest";
import { WORKER } from "./worker";
import { BASE, call, verifiedUser } from "./helpers";

type Operation = { responses?: Record<string, unknown> };

/** A filled-in path: every {param} becomes a value that is valid-looking but owned by nobody. */
const filled = (path: string) => path.replace(/\{[^}]+\}/g, "x1");

describe("an anonymous call", () => {
  it("gets 401 before any validation on every operation that needs sign-in", async () => {
    const doc = (await call("/api/openapi.json")).json as { paths: Record<string, Record<string, Operation>> };
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.responses || !("401" in op.responses)) continue;
        const name = `${method.toUpperCase()} ${path}`;
        if (name === "POST /api/auth/login" || name === "POST /api/auth/signup") continue;
        // A body of the wrong type and an unreadable query: validation would answer 400 or 415.
        const res = await WORKER.fetch(`${BASE}${filled(path)}?limit=not-a-number&page=-4`, {
          method: method.toUpperCase(),
          headers: { "cf-connecting-ip": "10.40.0.1", ...(method === "get" || method === "delete" ? {} : { "content-type": "text/plain" }) },
          body: method === "get" || method === "delete" ? undefined : "{not json",
        });
        await res.body?.cancel();
        checked.push(name);
        if (res.status !== 401) wrong.push(`${name} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // The named ones from the review, and the document lists many more.
    expect(checked).toEqual(expect.arrayContaining(["PATCH /api/projects/{id}", "POST /api/support/tickets/{id}/replies", "PUT /api/tutorials/progress/{tutorialId}/{stepId}"]));
    expect(checked.length).toBeGreaterThan(120);
  });

  it("still reaches the open routes (sign-in with a bad body is a 400 naming it, not a 401)", async () => {
    const login = await call("/api/auth/login", { method: "POST", body: {} });
    expect(login.status).toBe(400);
    expect((await call("/api/health")).status).toBe(200);
    expect((await call("/api/help/articles")).status).toBe(200);
  });
});

describe("another user's project", () => {
  it("answers a file upload 404 before reading its content type (ownership before validation)", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const created = await call("/api/projects", { method: "POST", token: owner.token, body: { name: "Mine", businessInstructions: "" } });
    expect(created.status).toBe(201);
    const id = (created.json.data as { id: string }).id;
    const res = await WORKER.fetch(`${BASE}/api/projects/${id}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.token}`, "content-type": "text/plain", "cf-connecting-ip": "10.40.0.2" },
      body: "not a form",
    });
    expect(res.status).toBe(404);
    // The owner sending the same thing hears what is wrong with it.
    const own = await WORKER.fetch(`${BASE}/api/projects/${id}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "text/plain", "cf-connecting-ip": "10.40.0.3" },
      body: "not a form",
    });
    expect([400, 415]).toContain(own.status);
  });
});

/** The OpenAPI document is generated from the domain's contracts: every resource's shapes are named components. */
import { describe, expect, it } from "vitest";
import { BASE } from "./helpers";
import { WORKER } from "./worker";

describe("/api/openapi.json from the contracts", () => {
  it("names the contract components and describes the chat, usage and account operations", async () => {
    const doc = (await (await WORKER.fetch(`${BASE}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const name of [
      "Error", "User", "Success", "SessionResult", "Session", "Chat", "ListedChat", "Message", "Citation",
      "UsageSummary", "QueryLimit", "SubscriptionStatus", "UsageHistoryRow", "Receipt", "CheckoutUrl", "AdminOverview",
      "Health", "NewsletterSignup", "Project", "ProjectFile", "Canon", "CanonEntry",
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    // The development tools' routes (and the schemas only they use) are not part of the published API.
    expect(doc.components.schemas).not.toHaveProperty("OutboxEmail");
    expect(doc.paths["/api/chats"].get).toBeDefined();
    expect(doc.paths["/api/chats/{id}"].patch.requestBody?.content["application/json"].schema).toBeDefined();
    expect(doc.paths["/api/chats/{id}/messages"].post.requestBody?.content["application/json"].schema).toBeDefined();
    expect(doc.paths["/api/auth/signup"].post.requestBody?.content["application/json"].schema).toBeDefined();
    expect(doc.paths["/api/usage/summary"].get).toBeDefined();
    expect(doc.paths["/api/account/sessions"].get).toBeDefined();
    // Issue 11's chat calls: resume a stream, stop it, regenerate an answer, edit a question.
    expect(doc.paths["/api/chats/{id}/stream"].get).toBeDefined();
    expect(doc.paths["/api/chats/{id}/stop"].post).toBeDefined();
    expect(doc.paths["/api/chats/{id}/messages/{messageId}/regenerate"].post).toBeDefined();
    expect(doc.paths["/api/chats/{id}/messages/{messageId}"].patch.requestBody?.content["application/json"].schema).toBeDefined();
  });

  it("describes every project call of spec section 7 and the knowledge-base file calls", async () => {
    const doc = (await (await WORKER.fetch(`${BASE}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string[]][] = [
      ["/api/projects", ["get", "post"]],
      ["/api/projects/{id}", ["get", "patch", "delete"]],
      ["/api/projects/{id}/knowledge-base", ["patch"]],
      ["/api/projects/{id}/business-instructions", ["patch"]],
      ["/api/projects/{id}/research-data", ["patch"]],
      ["/api/projects/{id}/canon", ["get", "put"]],
      ["/api/projects/{id}/canon/autorule", ["post"]],
      ["/api/projects/{id}/files", ["get", "post"]],
      ["/api/projects/{id}/files/{fileId}", ["get", "put", "patch", "delete"]],
      ["/api/projects/{id}/files/{fileId}/download", ["get"]],
    ];
    for (const [path, methods] of expected) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
    }
  });
});

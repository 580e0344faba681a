/**
 * Our own OpenAPI document, linted as an API consumer's tooling would (issue 27): Redocly's
 * recommended rules over exactly what /api/openapi.json serves. A generated client needs an
 * operationId and a tag on every operation, the security schemes the API takes, a server, and a
 * 4xx answer described for each operation.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { createApi } from "../../../functions/index";
import { apiDocument } from "../../../functions/openapi";

/**
 * Three GETs take no input and have no 4xx to describe (a liveness check, the sign-in status, the
 * affiliate terms): writing one would describe an answer they never give.
 */
const NO_4XX_TO_DESCRIBE = ["/api/health", "/api/auth/status", "/api/affiliate/terms"];

async function problemsOf(doc: unknown) {
  const absoluteRef = "/openapi.json";
  const ignore = { [absoluteRef]: { "operation-4xx-response": new Set(NO_4XX_TO_DESCRIBE.map((path) => `#/paths/${path.replaceAll("/", "~1")}/get/responses`)) } };
  const config = await createConfig({ extends: ["recommended"] }, { ignore });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef, config });
  return problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`);
}

describe("the API's OpenAPI document", () => {
  const doc = apiDocument(createApi());

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    expect(await problemsOf(doc)).toEqual([]);
  }, 60_000);

  it("publishes no development-only route and names who may call each operation", () => {
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.some((p) => p.startsWith("/api/dev/") || p === "/api/billing/dev-checkout")).toBe(false);
    const login = (doc.paths?.["/api/auth/login"] as { post: { security: unknown[] } }).post;
    expect(login.security).toEqual([]);
    const projects = (doc.paths?.["/api/projects"] as { get: { security: unknown[]; operationId: string } }).get;
    expect(projects.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(projects.operationId).toBe("getProjects");
  });

  it("the lint finds what a careless document gets wrong", async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths["/api/projects"].get.operationId;
    const found = (await problemsOf(broken)).join("\n");
    expect(found).toMatch(/operation-operationId/);
  }, 60_000);
});

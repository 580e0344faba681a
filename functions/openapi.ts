/**
 * The API's OpenAPI document, as /api/openapi.json serves it: the routes' own descriptions, plus
 * what a generated client and a linter need (issue 27): where the API is served, how a caller
 * signs in (a bearer token or the session cookie, on exactly the operations that answer 401), an
 * operationId and a tag on every operation, and no development-only route.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { sessionCookieName } from "~/domain/cookies";
import type { ApiEnv } from "./context";

/** The error taxonomy's body as an OpenAPI component (the schema is the domain's contract). */
export { ErrorSchema } from "~/domain/contracts/common";

type Operation = { operationId?: string; tags?: string[]; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };
type Document = ReturnType<OpenAPIHono<ApiEnv>["getOpenAPI31Document"]>;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** Routes that exist only on a local run with DEV_TOOLS=on: never part of the published API. */
const DEV_ONLY = [/^\/api\/dev\//, /^\/api\/billing\/dev-checkout$/];

/** Routes that describe a 401 for another reason than "not signed in" (wrong credentials). */
export const OPEN_DESPITE_401 = new Set(["POST /api/auth/login", "POST /api/auth/signup"]);

const TAG_NAMES: Record<string, string> = {
  "url-inspections": "URL inspections",
  "market-reports": "Market reports",
  "store-connections": "Store connections",
  "subscription-sync": "Subscription sync",
  "usage-limits": "Usage",
  omnisend: "Newsletter",
  seo: "SEO",
  public: "Public demo",
};

function tagOf(path: string): string {
  const segment = path.split("/")[2] ?? "api";
  if (segment === "admin") return "Staff";
  return TAG_NAMES[segment] ?? segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, " ");
}

/** "get /api/projects/{id}/files" → "getProjectsByIdFiles": stable, URL-safe and unique per operation. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((part) => (part.startsWith("{") ? ["by", part.slice(1, -1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

export function apiDocument(api: OpenAPIHono<ApiEnv>): Document {
  const doc = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Dropcraft API",
      version: "1.0.0",
      description: "The HTTP API behind the Dropcraft workspace. Sign in with POST /api/auth/login; send the token it answers as a bearer token, or use the session cookie it sets (writes with the cookie also need the X-XSRF-TOKEN header).",
      license: { name: "Proprietary", url: "https://app.dropcraft.ai/terms" },
    },
    servers: [{ url: "/", description: "This deployment (the paths carry /api)" }],
  });
  const paths: NonNullable<Document["paths"]> = {};
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (DEV_ONLY.some((re) => re.test(path))) continue;
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.tags ??= [tagOf(path)];
      op.tags.forEach((t) => tags.add(t));
      const signedIn = !!op.responses && "401" in op.responses && !OPEN_DESPITE_401.has(`${method.toUpperCase()} ${path}`);
      op.security = signedIn ? [{ bearerAuth: [] }, { sessionCookie: [] }] : [];
    }
    paths[path] = item;
  }
  return {
    ...doc,
    paths,
    tags: [...tags].sort().map((name) => ({ name, description: `${name} operations` })),
    components: {
      ...doc.components,
      // Schemas only the development routes used go with them.
      schemas: reachableSchemas(paths, doc.components?.schemas ?? {}),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token POST /api/auth/login or /api/auth/signup answers." },
        sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookieName(true), description: `The session cookie sign-in sets (${sessionCookieName(false)} over plain http, on a local run). Writes also need the X-XSRF-TOKEN header.` },
      },
    },
  } as Document;
}

/** The component schemas the paths reference, directly or through other schemas. */
function reachableSchemas(paths: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
  const kept = new Set<string>();
  const queue = refsIn(paths);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (kept.has(name) || !(name in schemas)) continue;
    kept.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

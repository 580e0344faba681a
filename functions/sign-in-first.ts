/**
 * The API's order of checks: authenticate, then check ownership, then validate. A route that
 * answers 401 in its OpenAPI description needs a signed-in caller, so an anonymous call gets that
 * 401 before its body or query is read (instead of a 400 or 415 describing a body it was never
 * allowed to send). Sign-in and sign-up describe a 401 for wrong credentials: they stay open.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { AppError } from "~/domain/errors";
import type { ApiEnv } from "./context";
import { OPEN_DESPITE_401 } from "./openapi";


interface RouteDefinition {
  type: string;
  route?: { method: string; path: string; responses?: Record<string, unknown> };
}

type Matcher = { method: string; pattern: RegExp };

/** "/projects/{id}/files" under "/api" → /^\/api\/projects\/[^/]+\/files\/?$/ */
function patternOf(basePath: string, path: string): RegExp {
  const source = `${basePath}${path}`
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}/?$`);
}

/** The registry holds paths without the app's base path ("/api"), as the OpenAPI generator adds it. */
export function signInRequiredRoutes(definitions: readonly RouteDefinition[], basePath: string): Matcher[] {
  return definitions.flatMap((d) => {
    const route = d.type === "route" ? d.route : undefined;
    if (!route?.responses || !("401" in route.responses)) return [];
    const method = route.method.toUpperCase();
    if (OPEN_DESPITE_401.has(`${method} ${basePath}${route.path}`)) return [];
    return [{ method, pattern: patternOf(basePath, route.path) }];
  });
}

/** Answers 401 to an anonymous call of a route that needs sign-in, before any validation. */
export function signInFirst(api: OpenAPIHono<ApiEnv>, basePath: string): MiddlewareHandler<ApiEnv> {
  // Built on the first anonymous call only: signed-in traffic never pays for it.
  let matchers: Matcher[] | undefined;
  return async (c, next) => {
    if (c.var.caller === null) {
      matchers ??= signInRequiredRoutes(api.openAPIRegistry.definitions as RouteDefinition[], basePath);
      const path = new URL(c.req.url).pathname;
      const method = c.req.method === "HEAD" ? "GET" : c.req.method;
      if (matchers.some((m) => m.method === method && m.pattern.test(path))) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    }
    await next();
  };
}

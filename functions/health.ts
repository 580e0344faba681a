import { createRoute } from "@hono/zod-openapi";
import { HealthSchema } from "~/domain/contracts/platform";
import { createRouter } from "./context";


export const health = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/health",
    summary: "Liveness check",
    responses: { 200: { description: "The API is up", content: { "application/json": { schema: HealthSchema } } } },
  }),
  (c) => c.json({ status: "ok" as const, env: c.var.config.APP_ENV, time: new Date().toISOString() }, 200),
);

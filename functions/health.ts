import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "./context";

const HealthSchema = z.object({ status: z.literal("ok"), env: z.string(), time: z.string() }).openapi("Health");

export const health = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/health",
    summary: "Liveness check",
    responses: { 200: { description: "The API is up", content: { "application/json": { schema: HealthSchema } } } },
  }),
  (c) => c.json({ status: "ok" as const, env: c.var.config.APP_ENV, time: new Date().toISOString() }, 200),
);

import { createRoute, z } from "@hono/zod-openapi";
import { QueryLimitSchema, SubscriptionStatusSchema, UsageHistoryQuerySchema, UsageHistoryRowSchema, UsageSummarySchema } from "~/domain/contracts/usage";
import { isNearLimit } from "~/domain/plans";
import { subscriptionStatus } from "~/domain/subscription";
import { findSubscription } from "../db/subscriptions";
import { usageHistory } from "../db/usage";
import { createRouter } from "./context";
import { meterFor, openUsageStream } from "~/server/usage/meter";
import { ErrorSchema } from "./openapi";
import { json } from "./schemas";
import { requireCaller } from "./session";

const unauthorized = { 401: { description: "Not signed in", ...json(ErrorSchema) } };

export const usage = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/usage/summary",
      summary: "Today's usage, limits and what remains",
      responses: {
        200: {
          description: "Summary",
          ...json(
            z.object({ success: z.literal(true), data: UsageSummarySchema }),
          ),
        },
        ...unauthorized,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const { stub, context } = await meterFor(c.env, user.id, c.var.db);
      return c.json({ success: true as const, data: await stub.snapshot(context) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/usage-limits/queriesPerDay",
      summary: "The daily query limit and today's use",
      responses: {
        200: {
          description: "Limit",
          ...json(
            z.object({
              success: z.literal(true),
              message: z.string(),
              data: QueryLimitSchema,
            }),
          ),
        },
        ...unauthorized,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const { stub, context } = await meterFor(c.env, user.id, c.var.db);
      const snap = await stub.snapshot(context);
      const limit = snap.limits.queries;
      const used = snap.usage.queries;
      return c.json(
        {
          success: true as const,
          message: `${Math.max(0, limit - used)} of ${limit} queries left today`,
          data: { limit, used, remaining: Math.max(0, limit - used), resetsAt: snap.resetsAt, nearLimit: isNearLimit(used, limit) },
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/usage/history",
      summary: "Daily usage totals for charts",
      request: { query: UsageHistoryQuerySchema },
      responses: {
        200: {
          description: "History",
          ...json(z.object({ data: z.array(UsageHistoryRowSchema) })),
        },
        ...unauthorized,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      return c.json({ data: await usageHistory(c.var.db, user.id, c.req.valid("query").days) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/subscription-status",
      summary: "The user's plan, features and subscription state",
      responses: {
        200: {
          description: "Status",
          ...json(
            z.object({ success: z.literal(true), data: SubscriptionStatusSchema }),
          ),
        },
        ...unauthorized,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      return c.json({ success: true as const, data: subscriptionStatus(await findSubscription(c.var.db, user.id)) }, 200);
    },
  );

/** SSE is not an OpenAPI-described JSON route: plain Hono handler, authenticated by cookie. */
usage.get("/usage/stream", async (c) => {
  const { user } = requireCaller(c);
  return openUsageStream(c.env, user.id, c.req.raw.signal, c.var.db);
});

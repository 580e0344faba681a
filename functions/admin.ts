import { createRoute, z } from "@hono/zod-openapi";
import { countNewsletterSubscribers } from "../db/newsletter";
import { usageTotals } from "../db/usage";
import { countUsers } from "../db/users";
import { AdminOverviewSchema } from "~/domain/contracts/admin";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { json } from "./schemas";

/** Staff-only API: functions/index.ts refuses every /api/admin route to anyone but staff. */
export const admin = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/admin/overview",
    summary: "Headline numbers for staff",
    responses: {
      200: {
        description: "Overview",
        ...json(
          z.object({ data: AdminOverviewSchema }),
        ),
      },
      401: { description: "Not signed in", ...json(ErrorSchema) },
      403: { description: "Not staff", ...json(ErrorSchema) },
    },
  }),
  async (c) => {
    const since = new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10);
    const [users, newsletterSubscribers, totals] = await Promise.all([
      countUsers(c.var.db),
      countNewsletterSubscribers(c.var.db),
      usageTotals(c.var.db, since),
    ]);
    // Daily totals rolled up from every user's meter (ADR 006).
    const usageLast30Days = Object.fromEntries(totals.map((t) => [t.counter, Number(t.amount)]));
    return c.json({ data: { users, newsletterSubscribers, usageLast30Days } }, 200);
  },
);

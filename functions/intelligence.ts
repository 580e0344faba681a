import { createRoute } from "@hono/zod-openapi";
import {
  AdsDrillPageSchema,
  AdsDrillQuerySchema,
  CreativesAnswerSchema,
  IntelligenceFiltersSchema,
  IntelligenceOverviewSchema,
} from "~/domain/contracts/intelligence";
import { creatives, drillAds, intelligenceOverview } from "~/server/market/intelligence";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { json } from "./schemas";
import { requireCaller } from "./session";

const errors = {
  400: { description: "Invalid parameters", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
};
const publicErrors = { 400: errors[400] };
/** The demo reads the shared sample only, the same for everyone: browsers and CDNs may keep it a while. */
const PUBLIC_CACHE = "public, max-age=300";

/**
 * Marketing and visual intelligence (ADR 013's catalog): the dashboard's aggregates, the
 * creatives breakdown and the drill-down to the ad records behind any chart point. Signed in, the
 * caller reads the sample plus their own products; the demo under /public reads the sample only.
 */
export const intelligence = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/intelligence/overview",
      summary: "Marketing intelligence: ad activity per week by platform and niche, angles, hooks, rising and falling niches, engagement distribution",
      request: { query: IntelligenceFiltersSchema },
      responses: { 200: { description: "The dashboard's aggregates", ...json(IntelligenceOverviewSchema) }, ...errors },
    }),
    async (c) => c.json(await intelligenceOverview(c.var.db, requireCaller(c).user.id, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/intelligence/ads",
      summary: "The ad records behind a chart point (drill-down), best engagement first, each with its product",
      description: "An ad counts in week w when it was active then (start_week ≤ w ≤ end_week); each filter narrows the same set the chart counted.",
      request: { query: AdsDrillQuerySchema },
      responses: { 200: { description: "A page of ads", ...json(AdsDrillPageSchema) }, ...errors },
    }),
    async (c) => c.json(await drillAds(c.var.db, requireCaller(c).user.id, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/intelligence/creatives",
      summary: "Visual intelligence: ads by format, length, angle and visual style, with the best-engaging examples of each",
      request: { query: IntelligenceFiltersSchema },
      responses: { 200: { description: "Creative groups", ...json(CreativesAnswerSchema) }, ...errors },
    }),
    async (c) => c.json(await creatives(c.var.db, requireCaller(c).user.id, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/public/intelligence-demo",
      summary: "The marketing intelligence dashboard on the sample catalog, for signed-out visitors",
      description: "Sample data only: no user's products are read, signed in or not.",
      request: { query: IntelligenceFiltersSchema },
      responses: { 200: { description: "The dashboard's aggregates", ...json(IntelligenceOverviewSchema) }, ...publicErrors },
    }),
    async (c) => {
      c.header("cache-control", PUBLIC_CACHE);
      return c.json(await intelligenceOverview(c.var.db, null, c.req.valid("query")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/public/intelligence-demo/ads",
      summary: "The demo's drill-down: sample ad records behind a chart point",
      request: { query: AdsDrillQuerySchema },
      responses: { 200: { description: "A page of sample ads", ...json(AdsDrillPageSchema) }, ...publicErrors },
    }),
    async (c) => {
      c.header("cache-control", PUBLIC_CACHE);
      return c.json(await drillAds(c.var.db, null, c.req.valid("query")), 200);
    },
  );

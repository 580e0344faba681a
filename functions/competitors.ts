/**
 * Competitor research: track a Shopify store (read through the URL guard) or a sample store,
 * read a tracked store's catalogue and changes, compare up to three, stop tracking. Every id is
 * the caller's own: another user's competitor answers 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  CompetitorComparisonSchema,
  CompetitorDetailSchema,
  CompetitorListSchema,
  CompetitorSchema,
  SampleStoreSchema,
  TrackStoreBodySchema,
} from "~/domain/contracts/market";
import { competitorDetail, compareStores, listCompetitors, sampleStores, trackStore, untrack } from "~/server/market/competitors";
import { createGuardedFetcher } from "~/server/web/url-guard";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const CompareQuery = z.object({
  ids: z.string().max(400).meta({ description: "Up to 3 competitor ids, comma-separated" }),
});
const SampleStoreList = z.object({ data: z.array(SampleStoreSchema) }).meta({ id: "SampleStoreList" });
const Untracked = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "CompetitorUntracked" });

const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
};
const missing = { 404: { description: "No such competitor (or not yours)", ...json(ErrorSchema) } };

export const competitors = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/competitors",
      summary: "The stores you track, with how many your plan allows",
      responses: { 200: { description: "Tracked stores, newest first", ...json(CompetitorListSchema) }, ...errors },
    }),
    async (c) => c.json(await listCompetitors(c.var.db, requireCaller(c).user.id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/competitors",
      summary: "Track a store: a Shopify store by URL (through the URL guard) or a sample store",
      description:
        "A URL is reduced to the store's origin and its catalogue read from Shopify's storefront JSON (/products.json, and the best-selling order where the store exposes one). " +
        "403 QUOTA_EXCEEDED past the plan's tracked-store limit (free 1); 409 when you already track the store; 400 when the guard refuses the address or no Shopify storefront JSON answers.",
      request: body(TrackStoreBodySchema),
      responses: {
        201: { description: "The tracked store", ...json(CompetitorSchema) },
        ...errors,
        403: { description: "The plan's tracked-store limit is reached (QUOTA_EXCEEDED)", ...json(ErrorSchema) },
        404: { description: "No such sample store", ...json(ErrorSchema) },
        409: { description: "You already track this store", ...json(ErrorSchema) },
        503: { description: "The store answered 429 or 5xx", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      const allowLoopbackForTests = c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on";
      const input = c.req.valid("json");
      const competitor = await trackStore(
        { db: c.var.db, fetcher: createGuardedFetcher({ allowLoopbackForTests }), allowLoopbackForTests },
        caller.user.id,
        input.sampleStoreId ? { sampleStoreId: input.sampleStoreId } : { url: input.url ?? "" },
      );
      return c.json(competitor, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/competitors/samples",
      summary: "Sample stores to try competitor research on (sample data)",
      responses: { 200: { description: "A few sample stores", ...json(SampleStoreList) }, ...errors },
    }),
    async (c) => c.json({ data: await sampleStores(c.var.db, requireCaller(c).user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/competitors/compare",
      summary: "Up to 3 tracked stores side by side: product counts, median price, price bands, best sellers",
      request: { query: CompareQuery },
      responses: { 200: { description: "The stores in the order asked", ...json(CompetitorComparisonSchema) }, ...errors, ...missing },
    }),
    async (c) => c.json(await compareStores(c.var.db, requireCaller(c).user.id, c.req.valid("query").ids.split(",")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/competitors/{id}",
      summary: "A tracked store: catalogue, price bands, best sellers, changes over time and snapshots",
      request: { params: IdParam },
      responses: { 200: { description: "The store", ...json(CompetitorDetailSchema) }, ...errors, ...missing },
    }),
    async (c) => c.json(await competitorDetail(c.var.db, requireCaller(c).user.id, c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/competitors/{id}",
      summary: "Stop tracking a store (a Shopify store's history goes with it)",
      request: { params: IdParam },
      responses: { 200: { description: "Untracked", ...json(Untracked) }, ...errors, ...missing },
    }),
    async (c) => c.json(await untrack(c.var.db, requireCaller(c).user.id, c.req.valid("param").id), 200),
  );

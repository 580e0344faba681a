import { createRoute, z } from "@hono/zod-openapi";
import { AdRecordSchema, NicheRecordSchema, ProductRecordSchema, StoreRecordSchema } from "~/domain/contracts/catalog";
import type { CatalogRecordKind } from "~/domain/contracts/chats";
import {
  BacktestAnswerSchema,
  ImportBodySchema,
  ImportReportSchema,
  ExplorerPageSchema,
  ExplorerQuerySchema,
  NicheOptionSchema,
  SavedListSchema,
  SaveProductBodySchema,
} from "~/domain/contracts/market";
import { importFeed, importShopifyStore } from "~/server/market/imports";
import { explorePage, exportExplorerCsv, productRecord, scoreBacktest } from "~/server/market/explorer";
import { catalogRecord } from "~/server/market/records";
import { saveToList, removeFromList, savedLists, nicheOptions } from "~/server/market/lists";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, downloadHeaders, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: { description: "Invalid parameters", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such record", ...json(ErrorSchema) },
};

/** One GET per kind of record an answer can cite: the chat's side panel opens them. */
function recordRoute(kind: Exclude<CatalogRecordKind, "product">, path: string, schema: z.ZodType) {
  return createRoute({
    method: "get",
    path,
    summary: `A ${kind} of the catalog, as a cited record`,
    request: { params: IdParam },
    responses: { 200: { description: `The ${kind}`, ...json(schema) }, ...errors },
  });
}

const ListsAnswer = z.object({ data: z.array(SavedListSchema) }).meta({ id: "SavedListsAnswer" });

export const catalog = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/products",
      summary: "Explorer: catalog products with their winning score (filters, sort, search, page)",
      description: "Sample records are shared; imported ones are the caller's own. The plan caps how far down a ranking may be read (planCap).",
      request: { query: ExplorerQuerySchema },
      responses: { 200: { description: "A page of products", ...json(ExplorerPageSchema) }, ...errors },
    }),
    async (c) => c.json(await explorePage(c.var.db, requireCaller(c).user.id, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/products/{id}",
      summary: "A product's record: weekly history, ads, stores, and its score with the reasons",
      request: { params: IdParam },
      responses: { 200: { description: "The product", ...json(ProductRecordSchema) }, ...errors },
    }),
    async (c) => c.json(await productRecord(c.var.db, requireCaller(c).user.id, c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/exports/products.csv",
      summary: "The Explorer's results as CSV (same filters and sort; within the plan's cap)",
      request: { query: ExplorerQuerySchema },
      responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } }, ...errors },
    }),
    async (c) => {
      const csv = await exportExplorerCsv(c.var.db, requireCaller(c).user.id, c.req.valid("query"));
      return new Response(csv, {
        headers: downloadHeaders("text/csv; charset=utf-8", "dropcraft-winning-products.csv"),
      }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/score/backtest",
      summary: "The winning score's measured precision on the catalog's history, with its method",
      responses: { 200: { description: "The backtest", ...json(BacktestAnswerSchema) }, ...errors },
    }),
    async (c) => {
      requireCaller(c);
      return c.json(await scoreBacktest(c.var.db), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/niches",
      summary: "Niches with their product counts (the Explorer's niche filter)",
      responses: { 200: { description: "Niches", ...json(z.object({ data: z.array(NicheOptionSchema) })) }, ...errors },
    }),
    async (c) => c.json({ data: await nicheOptions(c.var.db, requireCaller(c).user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/catalog/saved-lists",
      summary: "The caller's saved product lists",
      responses: { 200: { description: "Lists", ...json(ListsAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await savedLists(c.var.db, requireCaller(c).user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/catalog/products/{id}/saves",
      summary: "Save a product to a list (created on first use)",
      request: { params: IdParam, ...body(SaveProductBodySchema) },
      responses: { 200: { description: "The caller's lists", ...json(ListsAnswer) }, ...errors },
    }),
    async (c) => {
      const userId = requireCaller(c).user.id;
      await saveToList(c.var.db, userId, c.req.valid("param").id, c.req.valid("json").list);
      return c.json({ data: await savedLists(c.var.db, userId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/catalog/products/{id}/saves/{list}",
      summary: "Remove a product from a list",
      request: { params: IdParam.extend({ list: z.string().min(1).max(60) }) },
      responses: { 200: { description: "The caller's lists", ...json(ListsAnswer) }, ...errors },
    }),
    async (c) => {
      const userId = requireCaller(c).user.id;
      const { id, list } = c.req.valid("param");
      await removeFromList(c.var.db, userId, id, list);
      return c.json({ data: await savedLists(c.var.db, userId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/catalog/imports",
      summary: "Import a CSV or JSON product feed as your own products; answers the rows accepted and refused, and why",
      description:
        "Columns: name and price (required), niche, product_type, cost, shipping_cost, shipping_days, compare_at_price, vendor, image_url, source_url, active_ads, weekly_orders (orders per week, oldest first, separated by ;). At most 2,000 rows.",
      request: body(ImportBodySchema),
      responses: { 201: { description: "The import report", ...json(ImportReportSchema) }, ...errors },
    }),
    async (c) => c.json(await importFeed(c.var.db, requireCaller(c).user.id, c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/catalog/imports/shopify",
      summary: "Import a Shopify store's public catalog (through the URL guard) as your own products",
      request: body(z.object({ url: z.string().trim().min(1, "Paste the store's URL").max(2048) }).meta({ id: "ShopifyImportBody" })),
      responses: { 201: { description: "The import report", ...json(ImportReportSchema) }, ...errors },
    }),
    async (c) =>
      c.json(
        await importShopifyStore(c.var.db, requireCaller(c).user.id, c.req.valid("json").url, { allowLoopbackForTests: c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on" }),
        201,
      ),
  )
  .openapi(recordRoute("ad", "/catalog/ads/{id}", AdRecordSchema), async (c) => {
    requireCaller(c);
    return c.json(await catalogRecord(c.var.db, "ad", c.req.valid("param").id, c.var.log), 200);
  })
  .openapi(recordRoute("store", "/catalog/stores/{id}", StoreRecordSchema), async (c) => {
    requireCaller(c);
    return c.json(await catalogRecord(c.var.db, "store", c.req.valid("param").id, c.var.log), 200);
  })
  .openapi(recordRoute("niche", "/catalog/niches/{id}", NicheRecordSchema), async (c) => {
    requireCaller(c);
    return c.json(await catalogRecord(c.var.db, "niche", c.req.valid("param").id, c.var.log), 200);
  });

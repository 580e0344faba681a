import { createRoute, z } from "@hono/zod-openapi";
import { AdRecordSchema, NicheRecordSchema, ProductRecordSchema, StoreRecordSchema } from "~/domain/contracts/catalog";
import type { CatalogRecordKind } from "~/domain/contracts/chats";
import { catalogRecord } from "~/server/market/records";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const errors = {
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such record", ...json(ErrorSchema) },
};

/** One GET per kind of record an answer can cite: the chat's side panel opens them. */
function recordRoute(kind: CatalogRecordKind, path: string, schema: z.ZodType) {
  return createRoute({
    method: "get",
    path,
    summary: `A ${kind} of the catalog, as a cited record`,
    request: { params: IdParam },
    responses: { 200: { description: `The ${kind}`, ...json(schema) }, ...errors },
  });
}

export const catalog = createRouter()
  .openapi(recordRoute("product", "/catalog/products/{id}", ProductRecordSchema), (c) => {
    requireCaller(c);
    return c.json(catalogRecord("product", c.req.valid("param").id), 200);
  })
  .openapi(recordRoute("ad", "/catalog/ads/{id}", AdRecordSchema), (c) => {
    requireCaller(c);
    return c.json(catalogRecord("ad", c.req.valid("param").id), 200);
  })
  .openapi(recordRoute("store", "/catalog/stores/{id}", StoreRecordSchema), (c) => {
    requireCaller(c);
    return c.json(catalogRecord("store", c.req.valid("param").id), 200);
  })
  .openapi(recordRoute("niche", "/catalog/niches/{id}", NicheRecordSchema), (c) => {
    requireCaller(c);
    return c.json(catalogRecord("niche", c.req.valid("param").id), 200);
  });

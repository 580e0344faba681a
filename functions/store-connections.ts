/**
 * Store connections: a Shopify store the merchant's pages export to, connected with the Admin API
 * access token of a custom app. The token is checked (its shop and scopes) before it is kept,
 * kept sealed, and only ever shown masked. Another user's connection is a 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { StoreConnectionBodySchema, StoreConnectionListSchema, StoreConnectionSchema } from "~/domain/contracts/pages";
import { connectStore, disconnectStore, listConnections } from "~/server/pages/exports";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { pageDeps } from "./pages";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: { description: "Invalid request, or Shopify refused the domain or token (the message says which)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such connection (or not yours)", ...json(ErrorSchema) },
};

export const storeConnections = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/store-connections",
      summary: "The caller's connected stores (tokens masked)",
      responses: { 200: { description: "Connections", ...json(z.object({ data: StoreConnectionListSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: { connections: await listConnections(c.var.db, requireCaller(c).user.id) } }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/store-connections",
      summary: "Connect a Shopify store: its myshopify.com domain and an Admin API access token (checked against the shop before it is kept)",
      request: body(StoreConnectionBodySchema),
      responses: {
        201: { description: "Connected; missingScopes lists what export still needs", ...json(z.object({ data: StoreConnectionSchema })) },
        403: { description: "Shopify refused the token (revoked or mistyped)", ...json(ErrorSchema) },
        503: { description: "Shopify could not be reached", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => c.json({ data: await connectStore(pageDeps(c), requireCaller(c).user.id, c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/store-connections/{id}",
      summary: "Disconnect a store: its token is deleted",
      request: { params: IdParam },
      responses: { 200: { description: "Disconnected", ...json(z.object({ data: z.object({ id: z.string() }) })) }, ...errors },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      await disconnectStore(c.var.db, requireCaller(c).user.id, id);
      return c.json({ data: { id } }, 200);
    },
  );

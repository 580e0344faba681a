/**
 * The AI Launcher's preparation routes (issue 28), under /api/ad-launcher: what can be advertised,
 * whether a destination answers, and ad copy from the record and the canon. Every route needs a
 * session (401) and the launcher access flag (403, checked for the whole /ad-launcher tree in
 * functions/index.ts before any validator). Thin: validate, call
 * app/server/ad-launcher/prepare.ts, answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AdCopyAnswerSchema,
  DestinationCheckBodySchema,
  DestinationCheckSchema,
  LaunchProductListSchema,
  WriteAdCopyBodySchema,
} from "~/domain/contracts/ad-launcher";
import { checkDestination, listLaunchProducts, writeAdCopy, type PrepareDeps } from "~/server/ad-launcher/prepare";
import { modelProviderFor } from "~/server/ai/provider";
import { devToolsEnabled } from "~/server/platform/env";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { appUrl, enforceRateLimit } from "./services";
import { requireLauncherAccess } from "./session";

const errors = {
  400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  403: { description: "The AI Launcher is not open on this account (FORBIDDEN)", ...json(ErrorSchema) },
};

function prepareDeps(c: Context<ApiEnv>, withModel = false): PrepareDeps {
  const config = c.var.config;
  return {
    db: c.var.db,
    origin: appUrl(c),
    allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on",
    devTools: devToolsEnabled(config),
    completer: withModel ? modelProviderFor(config) : undefined,
    log: c.var.log,
  };
}

const ProductsQuery = z.object({
  /** A catalog product to include even when it is not saved ("catalog:<id>", as /ad-launcher?product= links it). */
  ref: z.string().max(128).optional(),
});

export const adLauncherPrepare = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/ad-launcher/products",
      summary: "What the caller can advertise: saved catalog products (or the one `ref` names), imports and pages' products, with price, cost, shipping and destinations",
      request: { query: ProductsQuery },
      responses: { 200: { description: "The products", ...json(LaunchProductListSchema) }, ...errors },
    }),
    async (c) => {
      const caller = requireLauncherAccess(c);
      return c.json({ data: await listLaunchProducts(prepareDeps(c), caller.user.id, { ref: c.req.valid("query").ref }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/destination-check",
      summary: "Whether the address an ad leads to answers, read through the URL guard, with why not in plain words",
      request: body(DestinationCheckBodySchema),
      responses: {
        200: { description: "The check (ok false with the reason when it does not answer)", ...json(DestinationCheckSchema) },
        ...errors,
        429: { description: "Too many checks in a short time (RATE_LIMITED)", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const caller = requireLauncherAccess(c);
      await enforceRateLimit(c, "destinationCheckByUser", String(caller.user.id));
      return c.json({ data: await checkDestination(prepareDeps(c), c.req.valid("json").url) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/copy",
      summary: "Three ad copy variants written from the product record and the project canon only, with the facts used and their source",
      description: "Written by the configured model when there is one (each field checked against the record; what it cannot back is replaced by the built-in writer's), else by the built-in writer.",
      request: body(WriteAdCopyBodySchema),
      responses: {
        200: { description: "The variants", ...json(AdCopyAnswerSchema) },
        ...errors,
        404: { description: "No such product or project (or not yours)", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const caller = requireLauncherAccess(c);
      const deps = prepareDeps(c, true);
      // A model call is an AI call: the same per-user brake as every other.
      if (deps.completer) await enforceRateLimit(c, "aiByUser", String(caller.user.id));
      return c.json({ data: await writeAdCopy(deps, caller.user.id, c.req.valid("json")) }, 200);
    },
  );

/** URL inspections (ADR 012): the guard's decision about an address and what the product extractor read from it. */
import { createRoute } from "@hono/zod-openapi";
import { UrlInspectionBodySchema, UrlInspectionSchema } from "~/domain/contracts/url-inspections";
import { inspectUrl } from "~/server/web/inspect-url";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { enforceRateLimit } from "./services";
import { requireCaller } from "./session";

export const urlInspections = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/url-inspections",
    summary: "Inspect a URL: the URL guard's decision and the product extractor's fields, sources and timings",
    description:
      "A URL the guard refuses (a private, loopback or metadata address, a non-http scheme, a redirect to one of those, an oversize or slow answer…) still answers 200: " +
      "the inspection's point is to show that decision, so `decision.allowed` is false with the refusal's `code` and `message`, and `extraction` is null when nothing was requested. " +
      "A malformed body answers 400 VALIDATION.",
    request: body(UrlInspectionBodySchema),
    responses: {
      200: { description: "The decision, and the extraction when the URL was fetched", ...json(UrlInspectionSchema) },
      400: { description: "Invalid request body", ...json(ErrorSchema) },
      401: { description: "Not signed in", ...json(ErrorSchema) },
      429: { description: "Too many inspections (RATE_LIMITED)", ...json(ErrorSchema) },
    },
  }),
  async (c) => {
    const caller = requireCaller(c);
    await enforceRateLimit(c, "urlInspectionByUser", String(caller.user.id));
    const inspection = await inspectUrl(c.req.valid("json").url, { allowLoopbackForTests: c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on" });
    return c.json(inspection, 200);
  },
);

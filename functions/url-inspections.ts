/** URL inspections (ADR 012): the guard's decision about an address and what the product extractor read from it. */
import { createRoute, z } from "@hono/zod-openapi";
import { InspectionImageQuerySchema, UrlInspectionBodySchema, UrlInspectionSchema } from "~/domain/contracts/url-inspections";
import { AppError } from "~/domain/errors";
import { fetchInspectionImage, inspectUrl } from "~/server/web/inspect-url";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { enforceRateLimit } from "./services";
import { requireCaller } from "./session";

export const urlInspections = createRouter()
  .openapi(
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
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/url-inspections/image",
      summary: "One image of an inspected product, fetched through the URL guard (the screen's thumbnails)",
      description:
        "JPEG, PNG, GIF, WebP or AVIF up to 5 MB; anything else, or a URL the guard refuses, answers in the error taxonomy with the guard's message.",
      request: { query: InspectionImageQuerySchema },
      responses: {
        200: { description: "The image", content: { "image/*": { schema: z.string().meta({ format: "binary" }) } } },
        400: { description: "Invalid or refused URL (the guard's message)", ...json(ErrorSchema) },
        401: { description: "Not signed in", ...json(ErrorSchema) },
        404: { description: "The image's server answered with an error", ...json(ErrorSchema) },
        413: { description: "Over 5 MB", ...json(ErrorSchema) },
        415: { description: "Not a raster image", ...json(ErrorSchema) },
        429: { description: "Too many requests (RATE_LIMITED)", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const caller = requireCaller(c);
      await enforceRateLimit(c, "inspectionImageByUser", String(caller.user.id));
      const image = await fetchInspectionImage(c.req.valid("query").url, { allowLoopbackForTests: c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on" });
      if (image.status < 200 || image.status > 299) {
        throw new AppError("NOT_FOUND", `The image's server answered ${image.status} for ${image.finalUrl}.`);
      }
      return new Response(image.data, {
        headers: {
          "content-type": image.contentType ?? "application/octet-stream",
          "content-length": String(image.bytes),
          // The API's security headers add a CSP of default-src 'none' to every answer.
          "x-content-type-options": "nosniff",
          "cache-control": "private, max-age=600",
        },
      }) as never;
    },
  );

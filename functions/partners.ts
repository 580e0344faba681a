/** The partner directory (public), applications to join it (public, rate-limited) and the staff inbox. */
import { createRoute, z } from "@hono/zod-openapi";
import {
  PartnerApplicationBodySchema,
  PartnerApplicationQuerySchema,
  PartnerApplicationSchema,
  PartnerDecisionBodySchema,
  PartnerQuerySchema,
  PartnerSchema,
} from "~/domain/contracts/partners";
import { applyToBecomePartner, decideApplication, listApplications, searchPartners } from "~/server/partners/service";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { enforceRateLimit } from "./services";
import { clientIp, requireAdmin } from "./session";

const staffErrors = {
  400: { description: "Invalid request (the message names the field; a reason is required)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  403: { description: "Not staff", ...json(ErrorSchema) },
};

export const partners = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/partners",
      summary: "The partner directory, filtered by category and words",
      request: { query: PartnerQuerySchema },
      responses: {
        200: { description: "Partners", ...json(z.object({ data: z.array(PartnerSchema) })) },
        400: { description: "Invalid filter", ...json(ErrorSchema) },
      },
    }),
    (c) => c.json({ data: searchPartners(c.req.valid("query")) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/partners/applications",
      summary: "Apply to become a partner (signed in or not); lands in the staff inbox",
      request: body(PartnerApplicationBodySchema),
      responses: {
        201: { description: "Received", ...json(z.object({ data: PartnerApplicationSchema })) },
        400: { description: "Invalid application (the message names the field)", ...json(ErrorSchema) },
        429: { description: "Too many applications from this address", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      await enforceRateLimit(c, "partnerApplicationByIp", clientIp(c));
      const data = await applyToBecomePartner(c.var.db, c.var.caller?.user.id ?? null, c.req.valid("json"));
      return c.json({ data }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/partners/applications",
      summary: "Staff: partner applications, newest first",
      request: { query: PartnerApplicationQuerySchema },
      responses: { 200: { description: "Applications", ...json(z.object({ data: z.array(PartnerApplicationSchema) })) }, ...staffErrors },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json({ data: await listApplications(c.var.db, c.req.valid("query").status) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/partners/applications/{id}/status",
      summary: "Staff: approve or reject a partner application (audited)",
      request: { params: z.object({ id: z.string().min(1).max(64) }), ...body(PartnerDecisionBodySchema) },
      responses: {
        200: { description: "Decided", ...json(z.object({ data: PartnerApplicationSchema })) },
        404: { description: "No such application", ...json(ErrorSchema) },
        ...staffErrors,
      },
    }),
    async (c) => {
      const { user } = requireAdmin(c);
      const data = await decideApplication(c.var.db, { id: user.id, email: user.email }, c.req.valid("param").id, c.req.valid("json"), new Date());
      return c.json({ data }, 200);
    },
  );

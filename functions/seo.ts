/**
 * The SEO dashboard: an audit of each of the caller's pages as it would be served (title and
 * description lengths, headings, image alt text and weight, JSON-LD, canonical and OG tags,
 * internal links, page weight), and one-click fixes where a fix can be applied automatically.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { SeoAuditListSchema, SeoFixBodySchema, SeoFixResultSchema } from "~/domain/contracts/pages";
import { applyAuditFixes, listAudits } from "~/server/pages/service";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { pageDeps } from "./pages";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such page (or not yours)", ...json(ErrorSchema) },
};

export const seo = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/seo/audits",
      summary: "An SEO audit of each of the caller's pages, with a score and the fixes",
      responses: { 200: { description: "Audits", ...json(z.object({ data: SeoAuditListSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: { audits: await listAudits(pageDeps(c), requireCaller(c).user.id) } }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/seo/audits/{pageId}/fixes",
      summary: "Apply the automatic fixes (all fixable ones, or those named) and audit again; a published page is republished",
      request: { params: z.object({ pageId: z.string().min(1).max(64) }), ...body(SeoFixBodySchema) },
      responses: { 200: { description: "What was applied and the new audit", ...json(z.object({ data: SeoFixResultSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: await applyAuditFixes(pageDeps(c), requireCaller(c).user.id, c.req.valid("param").pageId, c.req.valid("json").checks) }, 200),
  );

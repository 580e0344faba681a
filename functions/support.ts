/**
 * Support tickets: the user's tickets and their threads, the screenshot (owner only), and the
 * staff inbox under /admin/support (staff-only by functions/index.ts). Thin: validate with the
 * contract, call app/server/support/service.ts, answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AssignTicketBodySchema,
  CreateTicketBodySchema,
  StaffReplyBodySchema,
  StaffTicketQuerySchema,
  StaffTicketSchema,
  StaffTicketSummarySchema,
  TicketListAnswerSchema,
  TicketReplyBodySchema,
  TicketSchema,
  TicketStatusBodySchema,
  type CreateTicketBody,
} from "~/domain/contracts/support";
import { AppError } from "~/domain/errors";
import {
  assignTicket,
  getMyTicket,
  getTicketForStaff,
  listMyTickets,
  listTicketsForStaff,
  openTicket,
  replyAsStaff,
  replyAsUser,
  setTicketStatus,
  supportPromise,
  ticketScreenshot,
  type StaffActor,
  type SupportDeps,
} from "~/server/support/service";
import type { UploadedFile } from "~/server/projects/service";
import { createRouter, validationError, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { appUrl, enforceRateLimit, mailerFor } from "./services";
import { requireAdmin, requireCaller } from "./session";
import { readUpload } from "./uploads";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const TicketAnswer = z.object({ data: TicketSchema }).meta({ id: "TicketAnswer" });
const StaffTicketAnswer = z.object({ data: StaffTicketSchema }).meta({ id: "StaffTicketAnswer" });
const imageContent = { content: { "image/png": { schema: z.string().meta({ format: "binary" }) }, "image/jpeg": { schema: z.string().meta({ format: "binary" }) }, "image/webp": { schema: z.string().meta({ format: "binary" }) } } };

const errors = {
  400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such ticket (or not yours)", ...json(ErrorSchema) },
};
const staffErrors = { ...errors, 403: { description: "Staff only", ...json(ErrorSchema) } };

export function supportDeps(c: Context<ApiEnv>): SupportDeps {
  return { db: c.var.db, files: c.env.FILES, mailer: mailerFor(c), appUrl: appUrl(c), supportEmail: c.var.config.SUPPORT_EMAIL };
}

function staffActor(c: Context<ApiEnv>): StaffActor {
  const { user } = requireAdmin(c);
  return { id: user.id, email: user.email, username: user.username };
}

/** The ticket's fields from JSON or from a multipart form (which may carry the screenshot). */
async function readNewTicket(c: Context<ApiEnv>): Promise<{ input: CreateTicketBody; screenshot?: UploadedFile }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    // The route's JSON validator has read the body already (Hono keeps it); this types it.
    const parsed = CreateTicketBodySchema.safeParse(await c.req.json());
    if (!parsed.success) throw validationError(parsed.error.issues);
    return { input: parsed.data };
  }
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the ticket as JSON, or as multipart/form-data when it carries a screenshot.");
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("VALIDATION", "The form could not be read as multipart/form-data. Try again.");
  }
  const hasFile = form.getAll("file").some((v) => typeof v !== "string" && v.size > 0);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const parsed = CreateTicketBodySchema.safeParse({ subject: field("subject"), category: field("category"), message: field("message"), articleKey: field("articleKey") });
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { input: parsed.data, screenshot: hasFile ? (await readUpload(c)).file : undefined };
}

export const support = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/support/tickets",
      summary: "The caller's support tickets, newest activity first, and what their plan promises",
      responses: { 200: { description: "Tickets and the response promise", ...json(TicketListAnswerSchema) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      const [data, promise] = await Promise.all([listMyTickets(supportDeps(c), user.id), supportPromise(c.var.db, user.id)]);
      return c.json({ data, promise }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/support/tickets",
      summary: "Open a ticket: JSON, or multipart/form-data with an optional screenshot (field file: PNG, JPEG or WebP, 5 MB at most)",
      description: "Paid plans get respondBy (24 hours after opening); the free plan gets null (replies come by email, no promised time). Rate limited: 5 tickets an hour.",
      request: {
        // Not required here: readNewTicket reads either body type and names what is missing.
        body: {
          required: false,
          content: {
            "application/json": { schema: CreateTicketBodySchema },
            "multipart/form-data": {
              schema: z.object({
                subject: z.string().optional(),
                category: z.string().optional(),
                message: z.string().optional(),
                articleKey: z.string().optional(),
                file: z.any().optional().meta({ type: "string", format: "binary", description: "A screenshot: PNG, JPEG or WebP, 5 MB at most" }),
              }),
            },
          },
        },
      },
      responses: {
        201: { description: "The ticket", ...json(TicketAnswer) },
        413: { description: "Screenshot larger than 5 MB", ...json(ErrorSchema) },
        415: { description: "Screenshot not a PNG, JPEG or WebP", ...json(ErrorSchema) },
        429: { description: "Too many tickets in an hour", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      await enforceRateLimit(c, "supportTicketByUser", String(user.id));
      const { input, screenshot } = await readNewTicket(c);
      return c.json({ data: await openTicket(supportDeps(c), user, input, screenshot) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/support/tickets/{id}",
      summary: "One of the caller's tickets with its conversation",
      request: { params: IdParam },
      responses: { 200: { description: "The ticket", ...json(TicketAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await getMyTicket(supportDeps(c), requireCaller(c).user.id, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/support/tickets/{id}/replies",
      summary: "Reply on one of the caller's tickets (the ticket is open again); 30 replies an hour",
      request: { params: IdParam, ...body(TicketReplyBodySchema) },
      responses: { 201: { description: "The ticket with the reply", ...json(TicketAnswer) }, 429: { description: "Too many replies in an hour", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      await enforceRateLimit(c, "supportReplyByUser", String(user.id));
      return c.json({ data: await replyAsUser(supportDeps(c), user, c.req.valid("param").id, c.req.valid("json").message) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/support/tickets/{id}/screenshot",
      summary: "The screenshot attached to one of the caller's tickets",
      request: { params: IdParam },
      responses: { 200: { description: "The image", ...imageContent }, ...errors },
    }),
    async (c) => {
      const shot = await ticketScreenshot(supportDeps(c), { userId: requireCaller(c).user.id, staff: false }, c.req.valid("param").id);
      return imageResponse(shot) as never;
    },
  )
  // ---- staff inbox (every /admin path is staff-only in functions/index.ts) ----
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/support/tickets",
      summary: "Staff: every user's tickets, by status, assignee (me, none or an id), user or text",
      request: { query: StaffTicketQuerySchema },
      responses: { 200: { description: "Tickets", ...json(z.object({ data: z.array(StaffTicketSummarySchema) })) }, ...staffErrors },
    }),
    async (c) => c.json({ data: await listTicketsForStaff(supportDeps(c), staffActor(c), c.req.valid("query")) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/support/tickets/{id}",
      summary: "Staff: one ticket with its conversation and its user",
      request: { params: IdParam },
      responses: { 200: { description: "The ticket", ...json(StaffTicketAnswer) }, ...staffErrors },
    }),
    async (c) => {
      staffActor(c);
      return c.json({ data: await getTicketForStaff(supportDeps(c), c.req.valid("param").id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/support/tickets/{id}/screenshot",
      summary: "Staff: a ticket's screenshot",
      request: { params: IdParam },
      responses: { 200: { description: "The image", ...imageContent }, ...staffErrors },
    }),
    async (c) => {
      const actor = staffActor(c);
      return imageResponse(await ticketScreenshot(supportDeps(c), { userId: actor.id, staff: true }, c.req.valid("param").id)) as never;
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/tickets/{id}/replies",
      summary: "Staff: reply (the ticket is answered and the user is emailed a link to it); audited",
      request: { params: IdParam, ...body(StaffReplyBodySchema) },
      responses: { 201: { description: "The ticket", ...json(StaffTicketAnswer) }, ...staffErrors },
    }),
    async (c) => c.json({ data: await replyAsStaff(supportDeps(c), staffActor(c), c.req.valid("param").id, c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/tickets/{id}/assign",
      summary: "Staff: assign the ticket to a staff member, or unassign it (null); audited",
      request: { params: IdParam, ...body(AssignTicketBodySchema) },
      responses: { 200: { description: "The ticket", ...json(StaffTicketAnswer) }, ...staffErrors },
    }),
    async (c) => c.json({ data: await assignTicket(supportDeps(c), staffActor(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/tickets/{id}/status",
      summary: "Staff: set the ticket's status (e.g. waiting on you, closed); audited",
      request: { params: IdParam, ...body(TicketStatusBodySchema) },
      responses: { 200: { description: "The ticket", ...json(StaffTicketAnswer) }, ...staffErrors },
    }),
    async (c) => c.json({ data: await setTicketStatus(supportDeps(c), staffActor(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  );

function imageResponse(shot: { bytes: ArrayBuffer; type: string }) {
  return new Response(shot.bytes, { headers: { "content-type": shot.type, "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" } });
}

/**
 * The feedback board: ideas and bugs, one vote per user, and staff moderation under
 * /admin/feedback (staff-only by functions/index.ts). Thin over app/server/support/feedback.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { CreateFeedbackBodySchema, FeedbackItemSchema, FeedbackQuerySchema, FeedbackStatusBodySchema } from "~/domain/contracts/feedback";
import { listBoard, listFeedbackForStaffInbox, moderateFeedback, submitFeedback, voteFeedback } from "~/server/support/feedback";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { enforceRateLimit } from "./services";
import { requireAdmin, requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const ItemAnswer = z.object({ data: FeedbackItemSchema }).meta({ id: "FeedbackItemAnswer" });
const StaffFeedbackItemSchema = FeedbackItemSchema.extend({ user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }) }).meta({ id: "StaffFeedbackItem" });
const errors = {
  400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such feedback item", ...json(ErrorSchema) },
};
const staffErrors = { ...errors, 403: { description: "Staff only", ...json(ErrorSchema) } };

export const feedback = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/feedback",
      summary: "The feedback board: every idea and bug with its votes, status and the team's reply",
      request: { query: FeedbackQuerySchema },
      responses: { 200: { description: "Items, most voted first (or newest)", ...json(z.object({ data: z.array(FeedbackItemSchema) })) }, ...errors },
    }),
    async (c) => c.json({ data: await listBoard(c.var.db, requireCaller(c).user.id, c.req.valid("query")) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/feedback",
      summary: "Submit an idea or a bug (it starts under review, with your vote); 10 an hour",
      request: body(CreateFeedbackBodySchema),
      responses: { 201: { description: "The item", ...json(ItemAnswer) }, 429: { description: "Too many submissions in an hour", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      await enforceRateLimit(c, "feedbackByUser", String(user.id));
      return c.json({ data: await submitFeedback(c.var.db, user.id, c.req.valid("json")) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/feedback/{id}/votes",
      summary: "Vote for an item (one vote per user; voting again changes nothing)",
      request: { params: IdParam },
      responses: { 200: { description: "The item with its count", ...json(ItemAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await voteFeedback(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, true) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/feedback/{id}/votes",
      summary: "Take your vote back",
      request: { params: IdParam },
      responses: { 200: { description: "The item with its count", ...json(ItemAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await voteFeedback(c.var.db, requireCaller(c).user.id, c.req.valid("param").id, false) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/feedback",
      summary: "Staff: the board with each submitter, newest first",
      request: { query: FeedbackQuerySchema },
      responses: { 200: { description: "Items", ...json(z.object({ data: z.array(StaffFeedbackItemSchema) })) }, ...staffErrors },
    }),
    async (c) => {
      const { user } = requireAdmin(c);
      return c.json({ data: await listFeedbackForStaffInbox(c.var.db, { id: user.id, email: user.email, username: user.username }, c.req.valid("query")) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/feedback/{id}/status",
      summary: "Staff: set an item's status and (optionally) the team's reply; audited",
      request: { params: IdParam, ...body(FeedbackStatusBodySchema) },
      responses: { 200: { description: "The item", ...json(ItemAnswer) }, ...staffErrors },
    }),
    async (c) => {
      const { user } = requireAdmin(c);
      return c.json({ data: await moderateFeedback(c.var.db, { id: user.id, email: user.email, username: user.username }, c.req.valid("param").id, c.req.valid("json")) }, 200);
    },
  );

/** Support tickets: what the API takes and answers (functions/support.ts). */
import { z } from "zod";
import { ARTICLE_KEY_PATTERN, STAFF_SETTABLE_STATUSES, SUPPORT_LIMITS, TICKET_CATEGORIES, TICKET_STATUSES } from "../support";
import { StaffReasonSchema } from "./common";

export * from "../support";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { message: `${field} cannot be empty` })
    .max(max, { message: `${field} is too long (${max} characters at most)` });

export const reasonField = StaffReasonSchema;

export const CreateTicketBodySchema = z
  .object({
    subject: text("subject", SUPPORT_LIMITS.subject),
    category: z.enum(TICKET_CATEGORIES, { error: `category must be one of ${TICKET_CATEGORIES.join(", ")}` }),
    message: text("message", SUPPORT_LIMITS.message),
    articleKey: z
      .string()
      .regex(ARTICLE_KEY_PATTERN, { message: "articleKey must look like category/slug" })
      .optional(),
  })
  .meta({ id: "CreateTicketBody" });
export type CreateTicketBody = z.infer<typeof CreateTicketBodySchema>;

export const TicketReplyBodySchema = z.object({ message: text("message", SUPPORT_LIMITS.message) }).meta({ id: "TicketReplyBody" });

export const StaffReplyBodySchema = z
  .object({ message: text("message", SUPPORT_LIMITS.message), reason: reasonField.optional() })
  .meta({ id: "StaffTicketReplyBody" });

export const AssignTicketBodySchema = z
  .object({ assigneeId: z.number({ error: "assigneeId must be a staff member's id or null" }).int().positive().nullable(), reason: reasonField })
  .meta({ id: "AssignTicketBody" });

export const TicketStatusBodySchema = z
  .object({ status: z.enum(STAFF_SETTABLE_STATUSES, { error: `status must be one of ${STAFF_SETTABLE_STATUSES.join(", ")}` }), reason: reasonField })
  .meta({ id: "TicketStatusBody" });

export const TicketMessageSchema = z
  .object({ id: z.number().int(), author: z.enum(["user", "staff"]), authorName: z.string(), body: z.string(), createdAt: z.string() })
  .meta({ id: "TicketMessage" });
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

export const TicketSummarySchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    category: z.enum(TICKET_CATEGORIES),
    status: z.enum(TICKET_STATUSES),
    articleKey: z.string().nullable(),
    /** The API address of the screenshot (owner and staff only), or null. */
    screenshotUrl: z.string().nullable(),
    /** Paid plans: the first reply is due by then (created + 24 h); null on the free plan. */
    respondBy: z.string().nullable(),
    firstResponseAt: z.string().nullable(),
    assigneeId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastMessage: z.string(),
    messageCount: z.number().int(),
  })
  .meta({ id: "TicketSummary" });
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

export const TicketSchema = TicketSummarySchema.extend({ messages: z.array(TicketMessageSchema) }).meta({ id: "Ticket" });
export type Ticket = z.infer<typeof TicketSchema>;

export const StaffTicketSchema = TicketSchema.extend({
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string(), plan: z.string() }),
  assigneeName: z.string().nullable(),
}).meta({ id: "StaffTicket" });
export type StaffTicket = z.infer<typeof StaffTicketSchema>;

export const StaffTicketSummarySchema = TicketSummarySchema.extend({
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
  assigneeName: z.string().nullable(),
}).meta({ id: "StaffTicketSummary" });
export type StaffTicketSummary = z.infer<typeof StaffTicketSummarySchema>;

/** What the caller's plan promises: 24 hours on paid plans, null on the free plan. */
export const SupportPromiseSchema = z
  .object({ plan: z.string(), firstResponseHours: z.number().int().nullable() })
  .meta({ id: "SupportPromise" });
export type SupportPromise = z.infer<typeof SupportPromiseSchema>;

export const TicketListAnswerSchema = z
  .object({ data: z.array(TicketSummarySchema), promise: SupportPromiseSchema })
  .meta({ id: "TicketList" });
export type TicketListAnswer = z.infer<typeof TicketListAnswerSchema>;

export const StaffTicketQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  /** "me", "none", or a staff member's id. */
  assignee: z.string().regex(/^(me|none|\d+)$/, { message: "assignee must be me, none or a staff id" }).optional(),
  userId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(200).optional(),
});
export type StaffTicketQuery = z.infer<typeof StaffTicketQuerySchema>;

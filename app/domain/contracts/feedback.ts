/** The feedback board: what the API takes and answers (functions/feedback.ts). */
import { z } from "zod";
import { FEEDBACK_KINDS, FEEDBACK_LIMITS, FEEDBACK_STATUSES } from "../feedback";
import { reasonField } from "./support";

export * from "../feedback";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { message: `${field} cannot be empty` })
    .max(max, { message: `${field} is too long (${max} characters at most)` });

export const CreateFeedbackBodySchema = z
  .object({
    kind: z.enum(FEEDBACK_KINDS, { error: "kind must be idea or bug" }),
    title: text("title", FEEDBACK_LIMITS.title).refine((t) => t.length >= 4, { message: "title is too short (4 characters at least)" }),
    details: text("details", FEEDBACK_LIMITS.details),
  })
  .meta({ id: "CreateFeedbackBody" });
export type CreateFeedbackBody = z.infer<typeof CreateFeedbackBodySchema>;

export const FeedbackStatusBodySchema = z
  .object({
    status: z.enum(FEEDBACK_STATUSES, { error: `status must be one of ${FEEDBACK_STATUSES.join(", ")}` }),
    reply: z.string().trim().max(FEEDBACK_LIMITS.reply, { message: `reply is too long (${FEEDBACK_LIMITS.reply} characters at most)` }).optional(),
    reason: reasonField,
  })
  .meta({ id: "FeedbackStatusBody" });

export const FeedbackItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FEEDBACK_KINDS),
    title: z.string(),
    details: z.string(),
    status: z.enum(FEEDBACK_STATUSES),
    votes: z.number().int(),
    votedByMe: z.boolean(),
    mine: z.boolean(),
    /** The team's reply, shown under the item. */
    teamReply: z.string().nullable(),
    teamReplyAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "FeedbackItem" });
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackQuerySchema = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  kind: z.enum(FEEDBACK_KINDS).optional(),
  sort: z.enum(["votes", "newest"]).optional(),
});

/**
 * The chat resource's contract: what the API accepts and answers, and the events of an answer
 * stream. The API validates with these schemas and the OpenAPI document is generated from
 * them; the browser infers its types from them (type-only imports), so no shape is restated.
 */
import { z } from "zod";
import { CHAT_TITLE_MAX, MESSAGE_MAX } from "../chat/conversation";
import { SEARCH_QUERY_MAX } from "../chat/search";
import { ERROR_TYPES, type ErrorType } from "../errors";

/**
 * The kinds of record an answer can cite; each opens in the chat's side panel. Catalog records
 * (product, ad, store, niche) by their id; a project's knowledge-base passage as
 * "{projectId}:{fileId}:{passageId}" and a canon entry as "{projectId}:{dotted.path}".
 */
export const CITED_RECORD_KINDS = ["product", "ad", "store", "niche", "passage", "canon"] as const;
export type CitedRecordKind = (typeof CITED_RECORD_KINDS)[number];
export const CATALOG_RECORD_KINDS = ["product", "ad", "store", "niche"] as const satisfies readonly CitedRecordKind[];
export type CatalogRecordKind = (typeof CATALOG_RECORD_KINDS)[number];

export const CitedRecordSchema = z
  .object({ kind: z.enum(CITED_RECORD_KINDS), id: z.string() })
  .meta({
    id: "CitedRecord",
    description:
      "The record a citation points to: a catalog record (GET /api/catalog/{kind}s/{id}), a project file's passage ({projectId}:{fileId}:{passageId}) or a canon entry ({projectId}:{path})",
  });

export const CitationSchema = z
  .object({ title: z.string(), source: z.string(), url: z.string().optional(), record: CitedRecordSchema.optional() })
  .meta({ id: "Citation", description: "A source an answer relies on; record names the catalog record it opens, url an outside page" });

export const ChatSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    projectId: z.string().nullable(),
    leafId: z.string().nullable().optional().meta({ description: "The last message of the branch the chat shows; versions fork the conversation" }),
    answering: z.boolean().optional().meta({ description: "True while an answer is being written: GET /api/chats/{id}/stream follows it" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Chat" });

export const ListedChatSchema = ChatSchema.extend({
  messageCount: z.number().int(),
  firstQuestion: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The chat's first question (up to 200 characters), shown under its title so like titles can be told apart" }),
  match: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "With q: about 120 characters around the first hit in a message; null when only the title matched" }),
}).meta({ id: "ListedChat" });

export const MessageSchema = z
  .object({
    id: z.string(),
    chatId: z.string(),
    role: z.enum(["user", "assistant"]),
    parentId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The message this one follows. Siblings of one role are the versions of a turn (edits, regenerations)" }),
    content: z.string(),
    summary: z.string().optional().meta({ description: "The executive summary of a research answer" }),
    fullResearch: z.string().optional().meta({ description: "The full analysis of a research answer ('View Full Analysis')" }),
    citations: z.array(CitationSchema).optional(),
    provider: z.string().optional(),
    stopped: z.boolean().optional(),
    notCounted: z.boolean().optional().meta({ description: "True when the answer found nothing to answer with and its query was refunded" }),
    refund: z
      .enum(["repeat", "not-what-i-asked"])
      .optional()
      .meta({ description: "Why a written answer was not charged: the same text as an earlier version, or the merchant marked it 'Not what I asked'" }),
    createdAt: z.string(),
  })
  .meta({ id: "Message" });

export const ChatIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "id must be 1 to 64 letters, digits, '-' or '_' (a uuid works)" });

export const ChatTitleSchema = z
  .string({ error: "title must be text" })
  .trim()
  .min(1, { message: "title cannot be empty" })
  .max(CHAT_TITLE_MAX, { message: `title is too long (${CHAT_TITLE_MAX} characters at most)` });

export const ChatListQuerySchema = z.object({
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .min(1, { message: "q cannot be empty: leave it out to list every chat" })
    .max(SEARCH_QUERY_MAX, { message: `q is too long (${SEARCH_QUERY_MAX} characters at most)` })
    .optional()
    .meta({ description: "Text to find (ignoring case) in chat titles and message contents" }),
});

export const CreateChatSchema = z.object({ id: ChatIdSchema.optional(), title: ChatTitleSchema.optional(), projectId: z.string().max(64).optional() });
export const RenameChatSchema = z.object({ title: ChatTitleSchema });
export const MessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "message id must be 1 to 64 letters, digits, '-' or '_'" });

export const AskSchema = z.object({
  parentId: MessageIdSchema.optional().meta({
    description: "The message this question follows (the branch being shown); the chat's latest message when left out",
  }),
  content: z
    .string({ error: "content is required" })
    .max(MESSAGE_MAX, { message: `content is too long (${MESSAGE_MAX.toLocaleString("en-US")} characters at most)` })
    .refine((text) => text.trim().length > 0, { message: "content cannot be empty: type a question first" }),
});

export const EditQuestionSchema = z.object({ content: AskSchema.shape.content });
export const StreamQuerySchema = z.object({
  from: z.coerce
    .number({ error: "from must be a whole number" })
    .int({ message: "from must be a whole number" })
    .min(0, { message: "from cannot be negative" })
    .optional()
    .meta({ description: "The number of events the reader already has (its last SSE id + 1); 0 or absent replays from the start" }),
});

export const ChatListSchema = z.object({ chats: z.array(ListedChatSchema) });
export const ChatEnvelopeSchema = z.object({ chat: ChatSchema });
export const ChatWithMessagesSchema = z.object({ chat: ChatSchema, messages: z.array(MessageSchema) });
export const ChatDeletedSchema = z.object({ ok: z.literal(true) });
export const ChatsDeletedSchema = z.object({ deleted: z.number().int() });

export const UsageAfterAnswerSchema = z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() });

/**
 * The events of an answer stream (asking, editing, regenerating, or following with GET
 * /stream), in order: user, then summary?, delta*, replace?, summary? (again when the answer check changed it),
 * citations?, then done or error.
 * Each carries its position as the SSE id, so a reader can resume after the last one it has.
 */
export const ChatStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("user"), message: MessageSchema }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("summary"), text: z.string() }),
  z.object({ type: z.literal("replace"), text: z.string().meta({ description: "The whole answer text so far, replacing what was streamed (after validation)" }) }),
  z.object({ type: z.literal("citations"), citations: z.array(CitationSchema) }),
  z.object({
    type: z.literal("done"),
    message: MessageSchema,
    chat: ChatSchema,
    usage: UsageAfterAnswerSchema,
    counted: z.boolean().meta({ description: "False when the answer was not charged (it found nothing, or was stopped before any text)" }),
  }),
  z.object({
    type: z.literal("error"),
    error: z.object({ type: z.enum(Object.keys(ERROR_TYPES) as [ErrorType, ...ErrorType[]]), message: z.string() }),
  }),
]);

export type Citation = z.infer<typeof CitationSchema>;
export type CitedRecord = z.infer<typeof CitedRecordSchema>;
export type Chat = z.infer<typeof ChatSchema>;
export type ListedChat = z.infer<typeof ListedChatSchema>;
export type ApiMessage = z.infer<typeof MessageSchema>;
export type CreateChatBody = z.input<typeof CreateChatSchema>;
export type ChatList = z.infer<typeof ChatListSchema>;
export type ChatEnvelope = z.infer<typeof ChatEnvelopeSchema>;
export type ChatWithMessages = z.infer<typeof ChatWithMessagesSchema>;
export type ChatsDeleted = z.infer<typeof ChatsDeletedSchema>;
export type EditQuestionBody = z.infer<typeof EditQuestionSchema>;
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;
export type ChatStreamEventType = ChatStreamEvent["type"];

export const NotWhatIAskedAnswerSchema = z
  .object({
    data: z.object({
      message: MessageSchema,
      refunded: z.boolean().meta({ description: "Whether the answer's query was given back (at most three a day)" }),
      refundsLeftToday: z.number().int().min(0),
    }),
  })
  .meta({ id: "NotWhatIAskedAnswer" });
export type NotWhatIAskedAnswer = z.infer<typeof NotWhatIAskedAnswerSchema>;

/**
 * A local run's cookie (DEV_TOOLS on) choosing the built-in analyst's pace, in ms a piece, for the
 * answers its browser asks for: the browser tests that stop or reload mid-answer slow their own.
 */
export const DEV_ANALYST_PACE_COOKIE = "dev_analyst_pace_ms";

/**
 * The project resource's contract (spec sections 3 and 7): a project holds business
 * instructions, a knowledge base of files, research data and the canon, the shared context
 * every answer and tool in the project uses. The API validates with these schemas, the OpenAPI
 * document is generated from them, and the browser infers its types from them.
 *
 * Spec answers wrap their payload in `{ success, data }`; the quota refusal is a 403 whose body
 * has `type: "QUOTA_EXCEEDED"` and an `error` field, like every error of the taxonomy.
 */
import { z } from "zod";

import {
  BUSINESS_INSTRUCTIONS_MAX,
  PROJECT_FILE_EXTENSIONS,
  PROJECT_FILE_NAME_MAX,
  PROJECT_FILE_STATUSES,
  PROJECT_NAME_MAX,
  type ProjectFileKind,
} from "../project-rules";

export * from "../project-rules";

export const ProjectNameSchema = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, { message: "name cannot be empty" })
  .max(PROJECT_NAME_MAX, { message: `name is too long (${PROJECT_NAME_MAX} characters at most)` });

export const ProjectIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "project id must be 1 to 64 letters, digits, '-' or '_'" });
export const ProjectFileIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "file id must be 1 to 64 letters, digits, '-' or '_'" });

export const BusinessInstructionsSchema = z
  .string({ error: "businessInstructions must be text" })
  .max(BUSINESS_INSTRUCTIONS_MAX, {
    message: `businessInstructions is too long (${BUSINESS_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters at most)`,
  });

export const ProjectFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PROJECT_FILE_EXTENSIONS as [ProjectFileKind, ...ProjectFileKind[]]),
    contentType: z.string(),
    size: z.number().int().meta({ description: "Bytes" }),
    status: z.enum(PROJECT_FILE_STATUSES),
    statusReason: z.string().nullable().meta({ description: "Why a file is no_text or failed, in words the merchant can act on" }),
    passageCount: z.number().int(),
    textChars: z.number().int().meta({ description: "Characters of text read from the file" }),
    position: z.number().int().meta({ description: "Order in the knowledge base" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ProjectFile" });

/** Where a canon entry came from; the merge ranks user over research over AI-derived (ADR 010). */
export const CANON_SOURCES = ["user", "research", "ai"] as const;
export type CanonSource = (typeof CANON_SOURCES)[number];

export const CanonValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const CanonOriginSchema = z
  .object({
    kind: z.enum(["instructions", "researchData", "file"]),
    fileId: z.string().optional(),
    fileName: z.string().optional(),
    excerpt: z.string().meta({ description: "The passage the entry was derived from" }),
  })
  .meta({ id: "CanonOrigin", description: "For entries derived by auto-rules: what they were read from" });

export const CanonEntrySchema = z
  .object({
    value: CanonValueSchema,
    source: z.enum(CANON_SOURCES),
    timestamp: z.string().meta({ description: "ISO time the value was set" }),
    origin: CanonOriginSchema.optional(),
  })
  .meta({ id: "CanonEntry" });

/** The canon on the wire: dotted path → entry ("brand.voice", "audience.primary.age"). */
export const CanonSchema = z.record(z.string(), CanonEntrySchema).meta({ id: "Canon" });

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    businessInstructions: z.string(),
    knowledgeBase: z.array(ProjectFileSchema).meta({ description: "The knowledge base's files, in their order" }),
    researchData: z.unknown().nullable().meta({ description: "Research data saved to the project (any JSON)" }),
    canonContext: CanonSchema,
    businessContext: z.unknown().nullable(),
    userId: z.number().int(),
    chatCount: z.number().int(),
    fileCount: z.number().int(),
    lastActivityAt: z.string().meta({ description: "The latest change to the project, its files or its chats" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Project" });

export const CreateProjectSchema = z.object({
  name: ProjectNameSchema,
  businessInstructions: BusinessInstructionsSchema.optional().default(""),
});
export const RenameProjectSchema = z.object({ name: ProjectNameSchema });
export const BusinessInstructionsBodySchema = z.object({ businessInstructions: BusinessInstructionsSchema });
export const ResearchDataBodySchema = z.object({
  researchData: z.unknown().refine((v) => v !== undefined, { message: "researchData is required (null clears it)" }),
});
/** The spec's knowledge-base sync: the list of files, each with an id. Sets their order; ids not listed are left as they are. */
export const KnowledgeBaseBodySchema = z.object({
  knowledgeBase: z
    .array(z.object({ id: ProjectFileIdSchema }).loose(), { error: "knowledgeBase must be a list of files, each with an id" })
    .max(500, { message: "knowledgeBase lists too many files (500 at most)" }),
});
export const RenameProjectFileSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, { message: "name cannot be empty" })
    .max(PROJECT_FILE_NAME_MAX, { message: `name is too long (${PROJECT_FILE_NAME_MAX} characters at most)` }),
});

/** PUT canon: entries to merge (a bare value takes the body's source and the current time), and paths to delete. */
/** A value PUT may carry: a canon value, or an object whose keys become child paths. */
const CanonInputValueSchema = z.union([CanonValueSchema, z.record(z.string(), z.unknown())]);
export const PutCanonSchema = z.object({
  // An object is an entry only when it has `value` and nothing but source, timestamp and origin
  // beside it; any other object's keys are child paths ("brand": {"voice": …} sets brand.voice).
  canon: z.record(
    z.string().min(1).max(200),
    z.union([CanonEntrySchema.partial({ source: true, timestamp: true }).extend({ value: CanonInputValueSchema }).strict(), CanonInputValueSchema]),
  ),
  source: z.enum(CANON_SOURCES).optional().default("user"),
  delete: z.array(z.string().min(1).max(200)).max(500).optional().meta({ description: "Dotted paths to remove, with everything under them" }),
});

export const ProjectEnvelopeSchema = z.object({ success: z.literal(true), data: ProjectSchema });
export const ProjectListSchema = z.object({ success: z.literal(true), data: z.array(ProjectSchema) });
export const ProjectDeletedSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), deletedFiles: z.number().int(), detachedChats: z.number().int() }),
});
export const CanonEnvelopeSchema = z.object({ success: z.literal(true), data: CanonSchema });
export const PutCanonAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ canon: CanonSchema, autoRulesApplied: z.array(z.string()).meta({ description: "Paths the auto-rules added or changed" }) }),
});
export const AutoRuleAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    hasChanges: z.boolean(),
    enrichedCanon: CanonSchema,
    changed: z.array(z.string()).meta({ description: "Paths the auto-rules added or changed" }),
  }),
});
export const ProjectFileEnvelopeSchema = z.object({ success: z.literal(true), data: ProjectFileSchema });
export const ProjectFileListSchema = z.object({
  success: z.literal(true),
  data: z.array(ProjectFileSchema),
  storage: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
});
export const ProjectFileDetailSchema = z.object({
  success: z.literal(true),
  data: ProjectFileSchema.extend({
    passages: z.array(z.object({ id: z.string(), position: z.number().int(), text: z.string() })).meta({
      description: "The text read from the file, as the passages retrieval searches",
    }),
  }),
});

export const PassageSearchQuerySchema = z.object({
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .min(1, { message: "q cannot be empty: type what to look for" })
    .max(500, { message: "q is too long (500 characters at most)" }),
  limit: z.coerce.number({ error: "limit must be a whole number" }).int({ message: "limit must be a whole number" }).min(1).max(20).optional(),
});
export const PassageHitSchema = z
  .object({
    id: z.string(),
    fileId: z.string(),
    fileName: z.string(),
    position: z.number().int(),
    text: z.string(),
    score: z.number().meta({ description: "BM25 relevance; lower is more relevant" }),
  })
  .meta({ id: "PassageHit" });
export const PassageSearchAnswerSchema = z.object({ success: z.literal(true), data: z.array(PassageHitSchema) });

export type Project = z.infer<typeof ProjectSchema>;
export type PassageHit = z.infer<typeof PassageHitSchema>;
export type ProjectFile = z.infer<typeof ProjectFileSchema>;
export type ProjectFileDetail = z.infer<typeof ProjectFileDetailSchema>["data"];
export type Canon = z.infer<typeof CanonSchema>;
export type CanonEntry = z.infer<typeof CanonEntrySchema>;
export type CanonValue = z.infer<typeof CanonValueSchema>;
export type CanonOrigin = z.infer<typeof CanonOriginSchema>;
export type CreateProjectBody = z.input<typeof CreateProjectSchema>;
export type PutCanonBody = z.input<typeof PutCanonSchema>;

/**
 * What the analyst remembers of a conversation after each answer: what it is about, the list the
 * last answer gave (so "those two" and "the cheaper one" resolve), and the figures the merchant
 * stated, each with the subject it was stated for. It is saved with the answer, so a reload, an
 * edit or a regenerate continues from the same memory as the branch it is on.
 */
import { z } from "zod";

const SubjectRefSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("product"), id: z.string(), name: z.string() }),
  z.object({ kind: z.literal("niche"), id: z.string(), name: z.string() }),
  z.object({ kind: z.literal("store"), id: z.string(), name: z.string() }),
  /** A product the merchant named that no record holds ("portable blender"): written for from their words. */
  z.object({ kind: z.literal("named"), name: z.string(), nicheId: z.string().optional() }),
]);
export type SubjectRef = z.infer<typeof SubjectRefSchema>;

const StatedFigureSchema = z.object({
  role: z.enum(["cost", "landedCost", "shipping", "price", "budget", "dailyBudget", "targetMarginPct", "fees"]),
  value: z.number(),
  kind: z.enum(["money", "percent"]),
  /** As the merchant wrote it. */
  written: z.string(),
  /** The subject's key (see subjectKey) the figure was stated for; null when stated without one (a budget). */
  subject: z.string().nullable(),
  /** Where the merchant stated it when not in the chat: the project file it comes from. */
  file: z.string().optional(),
  /** Or the product they imported (its id): the import's own figure. */
  imported: z.string().optional(),
});
export type StatedFigure = z.infer<typeof StatedFigureSchema>;

export const AnalystMemorySchema = z.object({
  /** What the conversation is about now, the main subject first. */
  focus: z.array(SubjectRefSchema).max(5),
  /** The items the last answer listed or compared, in its order. */
  list: z.array(SubjectRefSchema).max(20),
  figures: z.array(StatedFigureSchema).max(30),
  platform: z.string().nullable(),
  /** The task of the last answer, so "and the second one?" asks the same of another subject. */
  task: z.string().nullable(),
});
export type AnalystMemory = z.infer<typeof AnalystMemorySchema>;

export const EMPTY_MEMORY: AnalystMemory = { focus: [], list: [], figures: [], platform: null, task: null };

/** One key per subject: a record by id, a named product by its words. */
export function subjectKey(subject: SubjectRef): string {
  return subject.kind === "named" ? `named:${subject.name.toLowerCase()}` : `${subject.kind}:${subject.id}`;
}

/** A stored memory read back; anything malformed reads as none (the analyst then rebuilds it from the turns). */
export function parseMemory(value: unknown): AnalystMemory | undefined {
  const parsed = AnalystMemorySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

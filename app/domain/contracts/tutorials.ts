/** The tutorials resource (issue 16): each tutorial's steps with the signed-in user's progress. */
import { z } from "zod";

export const TutorialStepStateSchema = z.enum(["done_by_action", "done_by_hand", "todo"]).meta({ id: "TutorialStepState" });

export const TutorialStepProgressSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** "action": ticks itself from the user's records; "hand": the user ticks it. */
    completion: z.enum(["action", "hand"]),
    state: TutorialStepStateSchema,
    /** When it was done: the earliest record, or the hand tick. Null when not done or when the record keeps no time. */
    doneAt: z.string().nullable(),
  })
  .meta({ id: "TutorialStepProgress" });

export const TutorialProgressSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    /** The first step still to do; null when the tutorial is complete. */
    nextStepId: z.string().nullable(),
    steps: z.array(TutorialStepProgressSchema),
  })
  .meta({ id: "TutorialProgress" });

export const TutorialProgressListSchema = z.object({ success: z.literal(true), data: z.array(TutorialProgressSchema) });
export const TutorialProgressEnvelopeSchema = z.object({ success: z.literal(true), data: TutorialProgressSchema });

// Any id is looked up; one that names no tutorial or step is a 404.
export const TutorialStepParamsSchema = z.object({ tutorialId: z.string().min(1).max(100), stepId: z.string().min(1).max(100) });

export const HandTickBodySchema = z
  .object({ done: z.boolean({ error: "done must be true or false" }) })
  .strict()
  .meta({ id: "TutorialHandTick" });

export type TutorialStepProgress = z.infer<typeof TutorialStepProgressSchema>;
export type TutorialProgress = z.infer<typeof TutorialProgressSchema>;
export type HandTickBody = z.infer<typeof HandTickBodySchema>;

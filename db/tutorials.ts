/**
 * Tutorial progress (issue 16): what the user's own records say they have done, and the steps
 * they ticked by hand. Every query is scoped by the user id.
 */
import { and, eq, sql } from "drizzle-orm";
import type { TutorialCheck } from "~/domain/tutorials";
import type { Database } from "./client";
import { tutorialStepTicks } from "./schema";

/** Whether the record exists, and since when when a row says so (null when no row keeps that time). */
export interface CheckResult {
  done: boolean;
  at: string | null;
}

/**
 * One round trip: for each check, the earliest time the record shows the thing done. A check
 * whose record has no time of its own (instructions are one column of the project, saved
 * over and over) answers 1 or null instead, and is reported without a time.
 */
export async function tutorialCheckResults(db: Database, userId: number): Promise<Record<TutorialCheck, CheckResult>> {
  const [row] = await db.all<Record<TutorialCheck, string | number | null>>(sql`
    SELECT
      (SELECT MIN(created_at) FROM saved_products WHERE user_id = ${userId}) AS savedProduct,
      (SELECT MIN(created_at) FROM pages WHERE user_id = ${userId}) AS pageCreated,
      (SELECT MIN(v.created_at) FROM page_versions v JOIN pages p ON p.id = v.page_id
        WHERE p.user_id = ${userId} AND v.reason = 'published') AS pagePublished,
      (SELECT MIN(created_at) FROM page_exports WHERE user_id = ${userId} AND kind IN ('shopify', 'shopify-csv')) AS shopifyExport,
      (SELECT MIN(created_at) FROM images WHERE user_id = ${userId} AND kind IN ('generated', 'visual')) AS imageMade,
      (SELECT MIN(created_at) FROM images WHERE user_id = ${userId} AND kind = 'visual') AS visualMade,
      (SELECT MIN(created_at) FROM projects WHERE user_id = ${userId}) AS projectCreated,
      (SELECT 1 FROM projects WHERE user_id = ${userId} AND trim(business_instructions) <> '' LIMIT 1) AS projectInstructions,
      (SELECT MIN(created_at) FROM project_files WHERE user_id = ${userId} AND status NOT IN ('uploading', 'failed')) AS knowledgeFile,
      (SELECT MIN(created_at) FROM messages WHERE user_id = ${userId} AND role = 'assistant') AS chatAnswered,
      (SELECT MIN(m.created_at) FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.user_id = ${userId} AND c.user_id = ${userId} AND c.project_id IS NOT NULL AND m.role = 'assistant') AS projectChatAnswered
  `);
  const result = {} as Record<TutorialCheck, CheckResult>;
  for (const [check, value] of Object.entries(row ?? {}) as [TutorialCheck, string | number | null][]) {
    result[check] = { done: value !== null, at: typeof value === "string" ? value : null };
  }
  return result;
}

export interface HandTick {
  tutorialId: string;
  stepId: string;
  createdAt: string;
}

export function listHandTicks(db: Database, userId: number): Promise<HandTick[]> {
  return db
    .select({ tutorialId: tutorialStepTicks.tutorialId, stepId: tutorialStepTicks.stepId, createdAt: tutorialStepTicks.createdAt })
    .from(tutorialStepTicks)
    .where(eq(tutorialStepTicks.userId, userId));
}

/** Ticking twice keeps the first time. */
export async function addHandTick(db: Database, userId: number, tutorialId: string, stepId: string): Promise<void> {
  await db.insert(tutorialStepTicks).values({ userId, tutorialId, stepId }).onConflictDoNothing();
}

export async function removeHandTick(db: Database, userId: number, tutorialId: string, stepId: string): Promise<void> {
  await db
    .delete(tutorialStepTicks)
    .where(and(eq(tutorialStepTicks.userId, userId), eq(tutorialStepTicks.tutorialId, tutorialId), eq(tutorialStepTicks.stepId, stepId)));
}

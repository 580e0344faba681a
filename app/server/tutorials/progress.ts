/**
 * Tutorial progress (issue 16): a step with a check is done when the user's records say so
 * (the thing was really done, whichever screen or API did it); a step without one is done when
 * the user ticked it. Derived steps are never ticked or unticked by hand, so the checklist cannot
 * claim something the records deny, or hide something they show.
 */
import type { TutorialProgress, TutorialStepProgress } from "~/domain/contracts/tutorials";
import { AppError } from "~/domain/errors";
import { findTutorialStep, TUTORIALS, tutorialProgress, type Tutorial } from "~/domain/tutorials";
import type { Database } from "../../../db/client";
import { addHandTick, listHandTicks, removeHandTick, tutorialCheckResults, type CheckResult, type HandTick } from "../../../db/tutorials";

function progressOf(tutorial: Tutorial, checks: Record<string, CheckResult>, ticks: HandTick[]): TutorialProgress {
  const steps = tutorial.steps.map((step): TutorialStepProgress => {
    if (step.check) {
      const result = checks[step.check];
      return {
        id: step.id,
        title: step.title,
        completion: "action",
        state: result?.done ? "done_by_action" : "todo",
        doneAt: result?.done ? result.at : null,
      };
    }
    const tick = ticks.find((t) => t.tutorialId === tutorial.id && t.stepId === step.id);
    return { id: step.id, title: step.title, completion: "hand", state: tick ? "done_by_hand" : "todo", doneAt: tick?.createdAt ?? null };
  });
  return { id: tutorial.id, title: tutorial.title, ...tutorialProgress(steps), steps };
}

/** GET /api/tutorials/progress: every tutorial with the caller's state of each step. */
export async function listTutorialProgress(db: Database, userId: number): Promise<TutorialProgress[]> {
  const [checks, ticks] = await Promise.all([tutorialCheckResults(db, userId), listHandTicks(db, userId)]);
  return TUTORIALS.map((tutorial) => progressOf(tutorial, checks, ticks));
}

/**
 * PUT /api/tutorials/progress/{tutorialId}/{stepId}: tick or untick a step by hand. Unknown ids
 * are NOT_FOUND; a step that ticks itself is a CONFLICT either way, naming what ticks it.
 */
export async function setHandTick(db: Database, userId: number, tutorialId: string, stepId: string, done: boolean): Promise<TutorialProgress> {
  const found = findTutorialStep(tutorialId, stepId);
  if (!found) throw new AppError("NOT_FOUND", `There is no step "${stepId}" in a tutorial "${tutorialId}".`);
  const { tutorial, step } = found;
  if (step.check) {
    const checks = await tutorialCheckResults(db, userId);
    const doneByAction = checks[step.check]?.done ?? false;
    const message = doneByAction
      ? `“${step.title}” was ticked by what you did, so it cannot be unticked by hand.`
      : `“${step.title}” cannot be ticked by hand: it ${lowerFirst(step.completion)}`;
    throw new AppError("CONFLICT", message, { details: { tutorialId, stepId, completion: "action", state: doneByAction ? "done_by_action" : "todo" } });
  }
  if (done) await addHandTick(db, userId, tutorialId, stepId);
  else await removeHandTick(db, userId, tutorialId, stepId);
  const [checks, ticks] = await Promise.all([tutorialCheckResults(db, userId), listHandTicks(db, userId)]);
  return progressOf(tutorial, checks, ticks);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

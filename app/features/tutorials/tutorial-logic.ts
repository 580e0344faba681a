/**
 * The checklist as the screen draws it: the tutorial definitions (shown to everyone) joined with
 * the signed-in user's progress from the server (absent when signed out or still loading).
 */
import type { TutorialProgress } from "~/domain/contracts/tutorials";
import { tutorialProgress, type Tutorial, type TutorialStep, type TutorialStepState } from "~/domain/tutorials";

export interface StepView extends TutorialStep {
  state: TutorialStepState;
  doneAt: string | null;
}

export interface TutorialView extends Omit<Tutorial, "steps"> {
  steps: StepView[];
  done: number;
  total: number;
  nextStepId: string | null;
}

export function tutorialView(tutorial: Tutorial, progress: TutorialProgress | undefined): TutorialView {
  const steps = tutorial.steps.map((step): StepView => {
    const known = progress?.steps.find((s) => s.id === step.id);
    return { ...step, state: known?.state ?? "todo", doneAt: known?.doneAt ?? null };
  });
  return { ...tutorial, steps, ...tutorialProgress(steps) };
}

export const stepsPhrase = (done: number, total: number) => `${done} of ${total} ${total === 1 ? "step" : "steps"}`;

/** What the card's button says: where the user stands in that tutorial. */
export function cardAction(view: Pick<TutorialView, "done" | "total">, signedIn: boolean): string {
  if (!signedIn || view.done === 0) return "Start";
  return view.done >= view.total ? "Review" : "Continue";
}

/** The browser's tutorials API client (functions/tutorials.ts) over the one request client. */
import type { HandTickBody, TutorialProgress } from "~/domain/contracts/tutorials";
import { apiRequest } from "~/lib/http";

export const tutorialKeys = {
  /** Every tutorial's progress (`GET /api/tutorials/progress`). */
  progress: () => ["/api/tutorials/progress"] as const,
};

export async function fetchTutorialProgress(signal?: AbortSignal): Promise<TutorialProgress[]> {
  const res = await apiRequest("GET", "/api/tutorials/progress", undefined, { signal });
  return ((await res.json()) as { data: TutorialProgress[] }).data;
}

/** Ticks or unticks a step by hand; answers that tutorial's progress. */
export async function putHandTick(tutorialId: string, stepId: string, body: HandTickBody): Promise<TutorialProgress> {
  const url = `/api/tutorials/progress/${encodeURIComponent(tutorialId)}/${encodeURIComponent(stepId)}`;
  const res = await apiRequest("PUT", url, body);
  return ((await res.json()) as { data: TutorialProgress }).data;
}

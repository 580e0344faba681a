/** The feedback board's API client (functions/feedback.ts) over the one request client. */
import type { FeedbackItem } from "~/domain/contracts/feedback";
import type { FeedbackKind, FeedbackStatus } from "~/domain/feedback";
import { apiRequest } from "~/lib/http";

export type StaffFeedbackItem = FeedbackItem & { user: { id: number; username: string; email: string } };

const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

export const feedbackKeys = {
  all: ["feedback"] as const,
  board: () => ["feedback", "board"] as const,
  staff: (status: string) => ["feedback", "staff", status] as const,
};

export async function fetchBoard(signal?: AbortSignal): Promise<FeedbackItem[]> {
  return data<FeedbackItem[]>(await apiRequest("GET", "/api/feedback", undefined, { signal }));
}

export async function submitFeedback(body: { kind: FeedbackKind; title: string; details: string }): Promise<FeedbackItem> {
  return data<FeedbackItem>(await apiRequest("POST", "/api/feedback", body));
}

export async function setVote(id: string, vote: boolean): Promise<FeedbackItem> {
  return data<FeedbackItem>(await apiRequest(vote ? "POST" : "DELETE", `/api/feedback/${encodeURIComponent(id)}/votes`));
}

export async function fetchStaffFeedback(status: FeedbackStatus | "", signal?: AbortSignal): Promise<StaffFeedbackItem[]> {
  return data<StaffFeedbackItem[]>(await apiRequest("GET", `/api/admin/feedback${status ? `?status=${status}` : ""}`, undefined, { signal }));
}

export async function moderateFeedback(id: string, body: { status: FeedbackStatus; reply?: string; reason: string }): Promise<FeedbackItem> {
  return data<FeedbackItem>(await apiRequest("POST", `/api/admin/feedback/${encodeURIComponent(id)}/status`, body));
}

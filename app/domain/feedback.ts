/** The feedback board: kinds, statuses and limits both the server and the screens use. Zod-free. */
export const FEEDBACK_KINDS = ["idea", "bug"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const FEEDBACK_STATUSES = ["under_review", "planned", "in_progress", "done", "declined"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  under_review: "Under review",
  planned: "Planned",
  in_progress: "In progress",
  done: "Done",
  declined: "Declined",
};

export const FEEDBACK_LIMITS = { title: 120, details: 4000, reply: 2000 } as const;

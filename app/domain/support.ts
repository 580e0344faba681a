/**
 * Support tickets: the categories, statuses and limits both the server and the screens use, and
 * the 24-hour first-response promise of the paid plans. Zod-free (the screens import it).
 */
export const TICKET_CATEGORIES = ["account", "billing", "bug", "feature-question", "export", "other"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  account: "Account and login",
  billing: "Billing and plans",
  bug: "Something is broken",
  "feature-question": "How do I…",
  export: "Export and store sync",
  other: "Something else",
};

export const TICKET_STATUSES = ["open", "waiting_on_you", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  waiting_on_you: "Waiting on you",
  answered: "Answered",
  closed: "Closed",
};

/** Statuses staff may set by hand; "open" and "answered" follow from who wrote last. */
export const STAFF_SETTABLE_STATUSES = ["open", "waiting_on_you", "answered", "closed"] as const satisfies readonly TicketStatus[];

export const SUPPORT_LIMITS = {
  subject: 140,
  message: 5000,
  screenshotBytes: 5 * 1024 * 1024,
} as const;

/** PNG, JPEG or WebP only (read from the bytes, never the file name). */
export const SCREENSHOT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** Paid plans: the first staff reply within this many hours of the ticket being opened. */
export const FIRST_RESPONSE_HOURS = 24;

/** "category/slug" of a help article. */
export const ARTICLE_KEY_PATTERN = /^[a-z0-9-]{1,80}\/[a-z0-9-]{1,120}$/;

/** The reply-due line for a paid ticket: "Reply due in 5 h", "Reply due in 40 min", or that it passed. */
export function respondByPhrase(respondBy: string, now: number, answeredAt: string | null): string {
  if (answeredAt) return "First reply sent";
  const leftMs = Date.parse(respondBy) - now;
  if (leftMs <= 0) return "Our 24-hour reply time has passed; we're on it";
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return `Reply due in ${minutes} min`;
  return `Reply due in ${Math.floor(minutes / 60)} h`;
}

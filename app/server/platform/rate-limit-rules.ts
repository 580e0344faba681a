/**
 * Rate limits per action and client (design.md security baseline). Windows slide; a refused
 * request answers 429 with Retry-After. Tuned so a person never meets them by accident.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Per client IP: a password-spraying script hits this first. */
  loginByIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Per account name: stops guessing one account's password from many IPs. */
  loginByAccount: { limit: 10, windowMs: 15 * MINUTE },
  signupByIp: { limit: 10, windowMs: 60 * MINUTE },
  /** On top of the 60 s cooldown between two sends. */
  sendVerificationByUser: { limit: 6, windowMs: 60 * MINUTE },
  forgotPasswordByIp: { limit: 10, windowMs: 60 * MINUTE },
  forgotPasswordByEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** Claim emails go to an address the user does not (yet) prove they own. */
  claimByUser: { limit: 5, windowMs: 60 * MINUTE },
  /** Every AI call, per user, on top of the plan's daily quota: stops a runaway script, not a person. */
  aiByUser: { limit: 20, windowMs: MINUTE },
  /** URL inspections (/scraping-test), per user: each may make up to four outbound requests. */
  urlInspectionByUser: { limit: 30, windowMs: 5 * MINUTE },
  /** Thumbnails of inspected products (up to 8 an inspection), per user. */
  inspectionImageByUser: { limit: 240, windowMs: 5 * MINUTE },
  /** The AI Launcher's destination checks, per user: one outbound request each (redirects aside). */
  destinationCheckByUser: { limit: 60, windowMs: 5 * MINUTE },
  /** Design previews (not metered; the Image Maker asks for one per pause in typing), per user. */
  imagePreviewByUser: { limit: 120, windowMs: MINUTE },
  /** Photo uploads and imports, per user. */
  imageUploadByUser: { limit: 60, windowMs: 5 * MINUTE },
  /** Referral-link visits recorded, per client IP (each visitor counts once a day anyway). */
  affiliateClickByIp: { limit: 60, windowMs: 10 * MINUTE },
  /** Partner applications, per client IP: a public form. */
  partnerApplicationByIp: { limit: 5, windowMs: 60 * MINUTE },
  /** New support tickets, per user: a person rarely opens more than one or two an hour. */
  supportTicketByUser: { limit: 5, windowMs: 60 * MINUTE },
  /** A user's replies on their tickets, per user. */
  supportReplyByUser: { limit: 30, windowMs: 60 * MINUTE },
  /** Feedback board submissions (ideas and bugs), per user. */
  feedbackByUser: { limit: 10, windowMs: 60 * MINUTE },
  /** Newsletter sign-ups per client IP: a public form, so a script cannot fill the list (or Omnisend). */
  newsletterSignupByIp: { limit: 10, windowMs: 10 * MINUTE },
  /** "Sync now" on /subscription-sync, per user: each may call Stripe's API. */
  billingSyncByUser: { limit: 10, windowMs: 10 * MINUTE },
  /** Staff's "Run refresh now" (admin area): each run snapshots every tracked store, like the cron. */
  catalogRefreshByStaff: { limit: 6, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitAction = keyof typeof RATE_LIMITS;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

/**
 * Sliding-window log: keeps the timestamps of hits inside the window. Pure, so the Durable
 * Object and the tests share it.
 */
export function applyRateLimit(hits: number[], rule: RateLimitRule, now: number): { hits: number[]; result: RateLimitResult } {
  const recent = hits.filter((t) => t > now - rule.windowMs);
  if (recent.length >= rule.limit) {
    const retryAfterMs = Math.max(1, recent[0] + rule.windowMs - now);
    return { hits: recent, result: { allowed: false, remaining: 0, retryAfterMs } };
  }
  recent.push(now);
  return { hits: recent, result: { allowed: true, remaining: rule.limit - recent.length, retryAfterMs: 0 } };
}

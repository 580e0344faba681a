/**
 * The affiliate program's terms, in one place: the server computes commissions from these, and
 * every screen and FAQ quotes them. Zod-free so the browser can import it.
 */

const DAY_MS = 86_400_000;

export const AFFILIATE_TERMS = {
  /** Share of each amount a referred customer actually pays, in percent. */
  commissionPercent: 30,
  /** Paid invoices earn commission for this many months after the referred customer signed up. */
  durationMonths: 12,
  /** How long the referral cookie lasts after the first visit through a link. */
  cookieDays: 60,
  /** Approved commissions are paid once they add up to at least this, in cents. */
  payoutThresholdCents: 5_000,
  /** A commission waits this long after the payment before it can be approved, so refunds and chargebacks can reverse it. */
  holdDays: 30,
  /** How payouts are made. */
  payoutMethod: "PayPal or bank transfer, in US dollars, to the details you send our team",
  /** How often the team pays approved commissions that reached the threshold. */
  payoutSchedule: "once a month",
} as const;

/** The first-party cookie that carries a referral from the first visit to the signup. */
export const REFERRAL_COOKIE = "dc_ref";

/** The query parameter a referral link carries. */
export const REFERRAL_PARAM = "ref";

/** Codes are 6–16 letters and digits (we issue 8, upper case); anything else is not a code. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6,16}$/;

export function normalizeReferralCode(raw: string | null | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

export const COOKIE_WINDOW_MS = AFFILIATE_TERMS.cookieDays * DAY_MS;
export const HOLD_MS = AFFILIATE_TERMS.holdDays * DAY_MS;

/** The commission on an amount paid, in whole cents (rounded down: we never promise a fraction). */
export function commissionOn(amountCents: number): number {
  return Math.floor((amountCents * AFFILIATE_TERMS.commissionPercent) / 100);
}

/** When commission stops accruing for a customer who signed up at `signedUpAt`. */
export function commissionEndsAt(signedUpAt: Date): Date {
  const end = new Date(signedUpAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + AFFILIATE_TERMS.durationMonths);
  return end;
}

/** The cookie's value: the code and when the visitor first arrived through it (Unix seconds). */
export function referralCookieValue(code: string, firstSeen: Date): string {
  return `${code}.${Math.floor(firstSeen.getTime() / 1000)}`;
}

/** Reads the cookie; null when malformed, from the future, or older than the window. */
export function parseReferralCookie(value: string | null | undefined, now: Date): { code: string; firstSeen: Date } | null {
  const match = /^([A-Za-z0-9]{6,16})\.(\d{9,11})$/.exec(value ?? "");
  if (!match) return null;
  const code = normalizeReferralCode(match[1]);
  const firstSeen = new Date(Number(match[2]) * 1000);
  if (!code) return null;
  const age = now.getTime() - firstSeen.getTime();
  if (age < -5 * 60_000 || age > COOKIE_WINDOW_MS) return null;
  return { code, firstSeen };
}

/**
 * The same mailbox under another spelling: lower case, `+tags` dropped, and for Gmail the dots
 * in the local part ignored (Gmail delivers a.b@gmail.com and ab@gmail.com to one inbox).
 */
export function canonicalEmail(email: string): string {
  const [rawLocal = "", rawDomain = ""] = email.trim().toLowerCase().split("@");
  const domain = rawDomain === "googlemail.com" ? "gmail.com" : rawDomain;
  let local = rawLocal.split("+")[0] ?? "";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? "−" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export const COMMISSION_STATUSES = ["pending", "approved", "paid", "reversed"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

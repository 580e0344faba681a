/**
 * The affiliate program for the affiliate: their code and link, click recording, crediting a
 * signup to the referrer, and the figures their screen shows. Plain functions over the db.
 */
import {
  AFFILIATE_TERMS,
  canonicalEmail,
  normalizeReferralCode,
  parseReferralCookie,
  type AffiliateCommission,
  type AffiliateOverview,
} from "~/domain/contracts/affiliate";
import { AppError } from "~/domain/errors";
import {
  commissionsOf,
  countAffiliateClicks,
  findAffiliateCode,
  findCodeOwner,
  insertAffiliateCode,
  insertReferral,
  listReferrals,
  payoutsOf,
  recentSessionIps,
  recordAffiliateClick,
  referralExistsForMailbox,
} from "../../../db/affiliate";
import type { Database } from "../../../db/client";
import type { AffiliateCommissionRow } from "../../../db/schema";

/** No 0/O or 1/I: people read codes aloud and type them from screenshots. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The user's referral code, made on first use. */
export async function ensureAffiliateCode(db: Database, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findAffiliateCode(db, userId);
    if (existing) return existing;
    await insertAffiliateCode(db, userId, newCode());
  }
  const code = await findAffiliateCode(db, userId);
  if (!code) throw new AppError("INTERNAL", "Could not create a referral code. Please try again.");
  return code;
}

export function referralLink(appUrl: string, code: string): string {
  return `${appUrl}/invite-earn?ref=${encodeURIComponent(code)}`;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Counts a visit through a referral link once per visitor and UTC day. The visitor is a hash of
 * the address and browser with the day, so no address is kept. Unknown codes are a 404; the
 * owner's own visits are not counted.
 */
export async function recordClick(
  db: Database,
  input: { code: string; ip: string; userAgent: string; callerId: number | null; now: Date },
): Promise<{ code: string; counted: boolean; owner: number }> {
  const code = normalizeReferralCode(input.code);
  const owner = code ? await findCodeOwner(db, code) : undefined;
  if (!code || !owner) throw new AppError("NOT_FOUND", `There is no referral code "${input.code.slice(0, 32)}". Check the link you followed.`);
  if (input.callerId === owner.id) return { code, counted: false, owner: owner.id };
  const day = input.now.toISOString().slice(0, 10);
  const visitorKey = await sha256Hex(`${input.ip}|${input.userAgent}|${day}`);
  const counted = await recordAffiliateClick(db, { code, visitorKey, day });
  return { code, counted, owner: owner.id };
}

/** Addresses that say nothing about who is behind them (a local run has one for everyone). */
function isUninformativeIp(ip: string): boolean {
  return !ip || ip === "local" || ip === "::1" || ip.startsWith("127.") || ip === "0.0.0.0";
}

const SESSION_LOOKBACK_MS = 30 * 86_400_000;

export type ReferralOutcome =
  | { credited: true; referrerId: number }
  | { credited: false; reason: "no_cookie" | "unknown_code" | "self_referral" | "duplicate" };

/**
 * Credits a new account to the referrer whose code is in the referral cookie (still inside the
 * window). Refused, with nothing recorded: the referrer's own account, the same mailbox under
 * another spelling, a signup from an address the referrer signed in from lately, and a mailbox
 * or account that was already referred.
 */
export async function creditReferralAtSignup(
  db: Database,
  input: { user: { id: number; email: string }; cookie: string | undefined; ip: string; now: Date },
): Promise<ReferralOutcome> {
  const parsed = parseReferralCookie(input.cookie, input.now);
  if (!parsed) return { credited: false, reason: "no_cookie" };
  const referrer = await findCodeOwner(db, parsed.code);
  if (!referrer) return { credited: false, reason: "unknown_code" };
  const mailbox = canonicalEmail(input.user.email);
  if (referrer.id === input.user.id || canonicalEmail(referrer.email) === mailbox) return { credited: false, reason: "self_referral" };
  if (!isUninformativeIp(input.ip)) {
    const since = new Date(input.now.getTime() - SESSION_LOOKBACK_MS).toISOString();
    if ((await recentSessionIps(db, referrer.id, since)).includes(input.ip)) return { credited: false, reason: "self_referral" };
  }
  if (await referralExistsForMailbox(db, mailbox)) return { credited: false, reason: "duplicate" };
  const inserted = await insertReferral(db, {
    referrerId: referrer.id,
    referredUserId: input.user.id,
    code: parsed.code,
    referredEmailCanonical: mailbox,
    firstSeenAt: parsed.firstSeen.toISOString(),
  });
  return inserted ? { credited: true, referrerId: referrer.id } : { credited: false, reason: "duplicate" };
}

/** What the signed-in affiliate's screen shows: link, counts, money by status, commissions, payouts. */
/**
 * A commission row as the API shows it (the staff view adds to it). `customer` says who paid,
 * as much as the reader may know: "Customer 2" to the referrer, the email to staff.
 */
export function commissionView(row: AffiliateCommissionRow, customer: string): AffiliateCommission {
  return {
    id: row.id,
    kind: row.kind,
    customer,
    status: row.status,
    amountCents: row.amountCents,
    amountPaidCents: row.amountPaidCents,
    currency: row.currency,
    paidAt: row.paidAt,
    approvableAt: row.approvableAt,
    note: row.note,
  };
}

export async function affiliateOverview(db: Database, userId: number, appUrl: string): Promise<AffiliateOverview> {
  const code = await ensureAffiliateCode(db, userId);
  const [clicks, referred, rows, payouts] = await Promise.all([
    countAffiliateClicks(db, code),
    listReferrals(db, userId),
    commissionsOf(db, userId),
    payoutsOf(db, userId),
  ]);
  const ordinal = new Map(referred.map((r, i) => [r.id, i + 1]));
  const totals = { pendingCents: 0, approvedCents: 0, paidCents: 0, reversedCents: 0 };
  const paying = new Set<number>();
  for (const row of rows) {
    // A reversed adjustment was folded into its commission's full reversal: counting it would count that money twice.
    if (!(row.kind === "adjustment" && row.status === "reversed")) totals[`${row.status}Cents`] += row.amountCents;
    if (row.kind === "commission" && row.status !== "reversed") paying.add(row.referralId);
  }
  const commissions = rows.map((row) => commissionView(row, `Customer ${ordinal.get(row.referralId) ?? "?"}`));
  return {
    code,
    link: referralLink(appUrl, code),
    clicks,
    signups: referred.length,
    payingCustomers: paying.size,
    totals,
    commissions,
    payouts: payouts.map((p) => ({ id: p.id, amountCents: p.amountCents, commissionCount: p.commissionCount, method: p.method, createdAt: p.createdAt })),
  };
}

export { AFFILIATE_TERMS };

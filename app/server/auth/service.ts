/**
 * Accounts: signup, login, sessions, email verification, password reset and account settings.
 * Plain functions over the database and the mailer, so the rules are testable on their own.
 */
import { consumeAuthToken, expireUnusedTokens, findAuthToken, insertAuthToken, type AuthTokenKind } from "../../../db/auth-tokens";
import type { Database } from "../../../db/client";
import { uniqueViolation } from "../../../db/errors";
import { findSubscription } from "../../../db/subscriptions";
import { USERNAME_PATTERN, USERNAME_RULE, type PublicUser } from "~/domain/contracts/common";

export { USERNAME_PATTERN, USERNAME_RULE, type PublicUser };
import type { User } from "../../../db/schema";
import {
  findActiveSessionWithUser,
  insertSession,
  listActiveSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from "../../../db/sessions";
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
} from "../../../db/users";
import { renderEmail, type EmailKind } from "~/server/email/templates";
import type { Mailer } from "~/server/email/mailer";
import { AppError } from "~/domain/errors";
import { planDisplayName } from "~/domain/plans";
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { randomHex, randomUrlToken, sha256Hex, signSessionToken, verifySessionToken, type SigningKeys } from "./tokens";

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 60 * 1000;
export const LOGIN_FAILED_MESSAGE = "Invalid username or password.";
export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Contact support.";
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we've sent a link to reset the password. Check your inbox and spam folder.";

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  keys: SigningKeys;
  appUrl: string;
  supportEmail: string;
  sessionTtlDays: number;
  now?: () => Date;
}

export interface ClientMeta {
  userAgent?: string | null;
  ipAddress?: string | null;
}


export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    launcherAccess: user.launcherAccess,
    createdAt: user.createdAt,
  };
}

const now = (deps: AuthDeps) => deps.now?.() ?? new Date();


function assertUsername(username: string) {
  if (!USERNAME_PATTERN.test(username)) throw new AppError("VALIDATION", USERNAME_RULE, { details: { fields: [{ path: "username", message: USERNAME_RULE }] } });
  if (username.includes("@")) throw new AppError("VALIDATION", "Username must not contain @.");
}

function assertPassword(password: string, context: { username?: string; email?: string }, field = "password") {
  const problem = passwordProblem(password, context);
  if (problem) throw new AppError("VALIDATION", problem, { details: { fields: [{ path: field, message: problem }] } });
}

// ---- sessions -------------------------------------------------------------------------------

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export async function startSession(deps: AuthDeps, user: User, meta: ClientMeta): Promise<IssuedSession> {
  const sessionId = randomHex(16); // 128 bits
  const expiresAt = new Date(now(deps).getTime() + deps.sessionTtlDays * 24 * 60 * 60 * 1000);
  await insertSession(deps.db, {
    id: sessionId,
    userId: user.id,
    expiresAt: expiresAt.toISOString(),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ipAddress: meta.ipAddress ?? null,
  });
  const token = await signSessionToken(deps.keys, { sid: sessionId, sub: String(user.id) }, expiresAt);
  return { token, sessionId, expiresAt };
}

/** The user and session behind a token, or null: bad signature, expired, revoked or deleted. */
export async function resolveSession(
  deps: Pick<AuthDeps, "db" | "keys" | "now"> & { defer?: (work: Promise<unknown>) => void },
  token: string,
): Promise<{ user: User; sessionId: string } | null> {
  const claims = await verifySessionToken(deps.keys, token);
  if (!claims) return null;
  const at = deps.now?.() ?? new Date();
  const found = await findActiveSessionWithUser(deps.db, claims.sid, at);
  if (!found || String(found.session.userId) !== claims.sub) return null;
  const { session, user } = found;
  // A disabled account is signed out everywhere at once, whatever its tokens say.
  if (user.disabledAt) return null;
  // "Last seen" is bookkeeping: with a defer (ctx.waitUntil) the answer does not wait for it.
  const touched = touchSession(deps.db, session.id, at);
  if (deps.defer) deps.defer(touched);
  else await touched;
  return { user, sessionId: session.id };
}

// ---- signup and login -----------------------------------------------------------------------

export async function signup(
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
  meta: ClientMeta,
): Promise<{ user: User; session: IssuedSession }> {
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();
  assertUsername(username);
  assertPassword(input.password, { username, email });
  if (await isUsernameTaken(deps.db, username)) {
    throw new AppError("CONFLICT", "That username is taken. Try another one.", { details: { fields: [{ path: "username", message: "taken" }] } });
  }
  if (await isEmailTaken(deps.db, email)) {
    throw new AppError("CONFLICT", "An account with this email already exists. Log in or reset your password.", {
      details: { fields: [{ path: "email", message: "taken" }] },
    });
  }
  let user: User;
  try {
    user = await insertUser(deps.db, { username, email, passwordHash: await hashPassword(input.password) });
  } catch (err) {
    // Two signups racing for one name or address: the unique index decides, and says which.
    const clash = uniqueViolation(err);
    if (clash?.includes("email")) {
      throw new AppError("CONFLICT", "An account with this email already exists. Log in or reset your password.", {
        details: { fields: [{ path: "email", message: "taken" }] },
      });
    }
    if (clash) {
      throw new AppError("CONFLICT", "That username is taken. Try another one.", { details: { fields: [{ path: "username", message: "taken" }] } });
    }
    throw err;
  }
  await issueEmailToken(deps, user, "verify_email", user.email, "verify_email");
  const session = await startSession(deps, user, meta);
  return { user, session };
}

export async function login(
  deps: AuthDeps,
  input: { username: string; password: string },
  meta: ClientMeta,
  /**
   * Counts one guess against an account before the password is checked. The key is the
   * account itself once resolved, so its username and its email share one allowance.
   */
  countGuess: (accountKey: string) => Promise<void> = async () => {},
): Promise<{ user: User; session: IssuedSession }> {
  const identifier = input.username.trim();
  const user = await findUserByLogin(deps.db, identifier);
  await countGuess(user ? `user:${user.id}` : `login:${identifier.toLowerCase()}`);
  // Same work and the same answer whether or not the account exists.
  const result = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !result.ok) throw new AppError("UNAUTHENTICATED", LOGIN_FAILED_MESSAGE);
  // Told only after the right password, so the answer never reveals a disabled account to a guesser.
  if (user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);
  if (result.needsRehash) await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password) });
  const session = await startSession(deps, user, meta);
  return { user, session };
}

export async function logout(deps: Pick<AuthDeps, "db">, userId: number, sessionId: string): Promise<void> {
  await revokeSession(deps.db, userId, sessionId);
}

// ---- emailed tokens -------------------------------------------------------------------------

const TOKEN_PAGES: Record<AuthTokenKind, string> = {
  verify_email: "/verify-email",
  reset_password: "/reset-password",
  claim_purchase: "/claim-subscription",
};

/** Issues a single-use emailed token for `kind` (older unused ones stop working) and sends it. */
export async function issueEmailToken(deps: AuthDeps, user: User, kind: AuthTokenKind, email: string, template: EmailKind) {
  const at = now(deps);
  const token = randomUrlToken();
  await expireUnusedTokens(deps.db, user.id, kind, at);
  await insertAuthToken(deps.db, {
    tokenHash: await sha256Hex(token),
    userId: user.id,
    kind,
    email,
    expiresAt: new Date(at.getTime() + (kind === "reset_password" ? RESET_TTL_MS : VERIFICATION_TTL_MS)).toISOString(),
  });
  const link = `${deps.appUrl}${TOKEN_PAGES[kind]}?token=${encodeURIComponent(token)}`;
  const rendered = renderEmail(template, { appUrl: deps.appUrl, username: user.username, link, supportEmail: deps.supportEmail });
  await deps.mailer.send({ ...rendered, to: email, kind: template, link });
  if (kind === "verify_email") await updateUser(deps.db, user.id, { verificationSentAt: at.toISOString() });
}

/** Sends a fresh verification link, at most once every 60 s (the UI shows the same countdown). */
export async function sendVerification(deps: AuthDeps, user: User): Promise<{ alreadyVerified: boolean }> {
  if (user.emailVerified) return { alreadyVerified: true };
  const at = now(deps).getTime();
  const last = user.verificationSentAt ? Date.parse(user.verificationSentAt) : 0;
  const waitMs = last + RESEND_COOLDOWN_MS - at;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError("RATE_LIMITED", `Please wait ${seconds}s before requesting another verification email.`, {
      headers: { "Retry-After": String(seconds) },
      details: { retryAfterSeconds: seconds },
    });
  }
  await issueEmailToken(deps, user, "verify_email", user.email, "verify_email");
  return { alreadyVerified: false };
}

export async function loadToken(deps: Pick<AuthDeps, "db">, token: string, kind: AuthTokenKind) {
  if (!token || token.length > 200) return undefined;
  return findAuthToken(deps.db, await sha256Hex(token), kind);
}

/** Single-use; verifying twice with the same link is harmless and says so. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ user: User; alreadyVerified: boolean }> {
  const row = await loadToken(deps, token, "verify_email");
  const invalid = new AppError("VALIDATION", "This verification link is not valid. Request a new one from the app.");
  if (!row) throw invalid;
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw invalid;
  const sameEmail = user.email.toLowerCase() === row.email.toLowerCase();
  if (row.usedAt) {
    if (user.emailVerified && sameEmail) return { user, alreadyVerified: true };
    throw invalid;
  }
  if (Date.parse(row.expiresAt) <= now(deps).getTime()) {
    if (user.emailVerified && sameEmail) return { user, alreadyVerified: true };
    throw new AppError("VALIDATION", "This verification link has expired. Request a new one from the app.");
  }
  if (!sameEmail) throw invalid; // the address changed since this link was sent
  if (!(await consumeAuthToken(deps.db, row.tokenHash, now(deps)))) return { user, alreadyVerified: user.emailVerified };
  await updateUser(deps.db, user.id, { emailVerified: true });
  return { user: { ...user, emailVerified: true }, alreadyVerified: false };
}

/** Answers the same whether or not the account exists. */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user) {
    await sha256Hex(email); // keep the two paths' work comparable
    return;
  }
  await issueEmailToken(deps, user, "reset_password", user.email, "reset_password");
}

export async function validateResetToken(deps: AuthDeps, token: string): Promise<boolean> {
  const row = await loadToken(deps, token, "reset_password");
  return Boolean(row && !row.usedAt && Date.parse(row.expiresAt) > now(deps).getTime());
}

/** Sets the new password, uses up the link and ends every session of the account. */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<User> {
  const row = await loadToken(deps, token, "reset_password");
  const invalid = new AppError("VALIDATION", "This reset link is not valid or has expired. Request a new one.");
  if (!row || row.usedAt || Date.parse(row.expiresAt) <= now(deps).getTime()) throw invalid;
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw invalid;
  assertPassword(password, { username: user.username, email: user.email });
  if (!(await consumeAuthToken(deps.db, row.tokenHash, now(deps)))) throw invalid;
  const verified = user.emailVerified || user.email.toLowerCase() === row.email.toLowerCase();
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(password), emailVerified: verified });
  await endOutstandingLinks(deps, user.id);
  await revokeUserSessions(deps.db, user.id);
  return { ...user, emailVerified: verified };
}

/**
 * A new password ends every emailed link still waiting: other reset links and pending
 * email-change (verification) links, so a link sent before the change cannot undo it.
 */
async function endOutstandingLinks(deps: AuthDeps, userId: number): Promise<void> {
  for (const kind of ["reset_password", "verify_email"] as const) await expireUnusedTokens(deps.db, userId, kind, now(deps));
}

// ---- account settings -----------------------------------------------------------------------

async function assertCurrentPassword(user: User, password: string, field = "currentPassword") {
  const { ok } = await verifyPassword(password, user.passwordHash);
  if (!ok) {
    throw new AppError("VALIDATION", "Your current password is not correct.", {
      details: { fields: [{ path: field, message: "incorrect" }] },
    });
  }
}

export async function changePassword(
  deps: AuthDeps,
  user: User,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number }> {
  await assertCurrentPassword(user, input.currentPassword);
  assertPassword(input.newPassword, { username: user.username, email: user.email }, "newPassword");
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
  await endOutstandingLinks(deps, user.id);
  const endedSessions = await revokeUserSessions(deps.db, user.id, sessionId);
  const rendered = renderEmail("password_changed", { appUrl: deps.appUrl, username: user.username, supportEmail: deps.supportEmail });
  await deps.mailer.send({ ...rendered, to: user.email, kind: "password_changed" });
  return { endedSessions };
}

export async function changeUsername(deps: AuthDeps, user: User, username: string): Promise<User> {
  const next = username.trim();
  assertUsername(next);
  if (await isUsernameTaken(deps.db, next, user.id)) throw new AppError("CONFLICT", "That username is taken. Try another one.");
  await updateUser(deps.db, user.id, { username: next });
  return { ...user, username: next };
}

/** The new address must be verified again; a link goes to it. */
export async function changeEmail(deps: AuthDeps, user: User, input: { email: string; password: string }): Promise<User> {
  await assertCurrentPassword(user, input.password, "password");
  const email = input.email.trim().toLowerCase();
  if (email === user.email.toLowerCase()) throw new AppError("VALIDATION", "That is already your email address.");
  if (await isEmailTaken(deps.db, email, user.id)) throw new AppError("CONFLICT", "Another account already uses this email.");
  await updateUser(deps.db, user.id, { email, emailVerified: false, verificationSentAt: null });
  const updated = { ...user, email, emailVerified: false };
  await issueEmailToken(deps, updated, "verify_email", email, "email_changed");
  return updated;
}

export async function listSessions(deps: AuthDeps, user: User, currentSessionId: string) {
  const rows = await listActiveSessions(deps.db, user.id, now(deps));
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    expiresAt: s.expiresAt,
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    current: s.id === currentSessionId,
  }));
}

export async function endSession(deps: AuthDeps, user: User, sessionId: string): Promise<void> {
  if (!(await revokeSession(deps.db, user.id, sessionId))) throw new AppError("NOT_FOUND", "No active session with that id.");
}

/**
 * Deletes the account. A paid plan that will renew must be cancelled first: deleting the account
 * here does not stop the payment provider charging, so the merchant would pay for an account
 * that is gone. A cancelled plan (ending at the period's end) or a support grant is no obstacle.
 */
export async function deleteAccount(deps: AuthDeps, user: User, password: string): Promise<void> {
  await assertCurrentPassword(user, password, "password");
  const sub = await findSubscription(deps.db, user.id);
  if (sub && sub.plan !== "free" && !sub.grantedBy && ["active", "trialing", "past_due"].includes(sub.status) && !sub.cancelAtPeriodEnd) {
    const name = sub.planName ?? planDisplayName(sub.plan);
    throw new AppError(
      "CONFLICT",
      `Your ${name} plan renews${sub.currentPeriodEnd ? ` on ${sub.currentPeriodEnd.slice(0, 10)}` : ""}. Cancel it in Manage billing first, so you are not charged for an account that no longer exists; then delete the account.`,
    );
  }
  await revokeUserSessions(deps.db, user.id);
  await deleteUser(deps.db, user.id);
}

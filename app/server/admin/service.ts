/**
 * The admin area's services: plain functions taking the db, the meter bindings and the acting
 * staff member. Every action writes exactly one audit entry, after it took effect.
 */
import {
  ACTIVE_USERS_DEFINITION,
  CHURN_DEFINITION,
  churnRate,
  fillDays,
  monthlyRecurringRevenue,
  MRR_DEFINITION,
  type GrantablePlan,
} from "~/domain/admin";
import type { AdminAuditEntry, AdminOverview, AdminUserDetail, AdminUserRow, AnswerReportList } from "~/domain/contracts/admin";
import { AppError } from "~/domain/errors";
import { CURRENCY } from "~/domain/pricing";
import { planDisplayName } from "~/domain/plans";
import { effectivePlanId } from "~/domain/subscription";
import {
  activePaidSubscriptions,
  countActiveUsers,
  countCancelledSince,
  countDisabledUsers,
  disableUser,
  enableUser,
  endPlanGrant,
  findUserWithSubscription,
  searchUsers,
  setLauncherAccess,
  signupsPerDay,
  subscriptionCounts,
  writePlanGrant,
} from "../../../db/admin";
import { recordAdminAction, searchAdminActions } from "../../../db/admin-audit";
import { listAnswerReports } from "../../../db/chats";
import type { Database } from "../../../db/client";
import { countNewsletterSubscribers } from "../../../db/newsletter";
import type { AdminAuditRow, Subscription, User } from "../../../db/schema";
import { listActiveSessions, revokeUserSessions } from "../../../db/sessions";
import { usageTotals } from "../../../db/usage";
import { countUsers } from "../../../db/users";
import { sendVerification, toPublicUser, type AuthDeps } from "../auth/service";
import { meterFor, notifyPlanChange, type MeterBindings } from "../usage/meter";

const DAY_MS = 24 * 3600_000;

/** Who is acting: the signed-in staff member. */
export interface StaffActor {
  id: number;
  email: string;
}

export async function adminOverview(db: Database, now: Date): Promise<AdminOverview> {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const firstDay = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const [users, disabled, newsletterSubscribers, signups, active7, active30, counts, paid, ended, totals] = await Promise.all([
    countUsers(db),
    countDisabledUsers(db),
    countNewsletterSubscribers(db),
    signupsPerDay(db, firstDay),
    countActiveUsers(db, since7.toISOString()),
    countActiveUsers(db, since30.toISOString()),
    subscriptionCounts(db),
    activePaidSubscriptions(db),
    countCancelledSince(db, since30.toISOString()),
    usageTotals(db, since30.toISOString().slice(0, 10)),
  ]);
  const stripe = counts.filter((c) => !c.grant);
  const sum = (rows: typeof counts) => rows.reduce((n, r) => n + Number(r.n), 0);
  const payingByPlan: Record<string, number> = {};
  for (const row of stripe.filter((r) => r.status === "active")) payingByPlan[row.plan] = (payingByPlan[row.plan] ?? 0) + Number(row.n);
  const paying = sum(stripe.filter((r) => r.status === "active"));
  const mrr = monthlyRecurringRevenue(paid);
  return {
    users: { ...users, disabled },
    newsletterSubscribers,
    signupsPerDay: fillDays(
      signups.map((s) => ({ day: s.day, count: Number(s.count) })),
      now,
      30,
    ),
    activeUsers: { last7Days: active7, last30Days: active30, definition: ACTIVE_USERS_DEFINITION },
    subscriptions: {
      paying,
      pastDue: sum(stripe.filter((r) => r.status === "past_due")),
      trialing: sum(stripe.filter((r) => r.status === "trialing")),
      granted: sum(counts.filter((r) => r.grant && r.status === "active")),
      payingByPlan,
    },
    mrr: { ...mrr, currency: CURRENCY, definition: MRR_DEFINITION },
    churn: { endedLast30Days: ended, rate: churnRate(ended, paying), definition: CHURN_DEFINITION },
    // Daily totals rolled up from every user's meter (ADR 006).
    usageLast30Days: Object.fromEntries(totals.map((t) => [t.counter, Number(t.amount)])),
  };
}

function isGrant(sub: Subscription | null | undefined): boolean {
  return Boolean(sub && sub.grantedBy !== null && sub.subscriptionId === null);
}

function userRow(user: User, sub: Subscription | null): AdminUserRow {
  const plan = effectivePlanId(sub ?? undefined);
  // The public profile every screen sees, plus what only staff see.
  return {
    ...toPublicUser(user),
    disabledAt: user.disabledAt,
    plan,
    planName: planDisplayName(plan, plan === "free" ? null : sub?.planName),
    subscriptionStatus: sub?.status ?? "inactive",
    isGrant: isGrant(sub) && plan !== "free",
  };
}

export async function findUsers(db: Database, search: { q?: string; beforeId?: number; limit: number }) {
  const rows = await searchUsers(db, search);
  const data = rows.map((r) => userRow(r.user, r.subscription));
  return { data, nextBeforeId: rows.length === search.limit ? (data.at(-1)?.id ?? null) : null };
}

function auditEntry(row: AdminAuditRow): AdminAuditEntry {
  return { ...row, details: (row.details ?? {}) as Record<string, unknown> };
}

export async function findAuditEntries(db: Database, search: { q?: string; beforeId?: number; limit: number }) {
  const rows = await searchAdminActions(db, search);
  return { data: rows.map(auditEntry), nextBeforeId: rows.length === search.limit ? (rows.at(-1)?.id ?? null) : null };
}

/** The answers merchants marked "Not what I asked", newest first: what the analyst misread, to fix. */
export async function findAnswerReports(db: Database, page: { beforeId?: number; limit: number }): Promise<AnswerReportList> {
  const rows = await listAnswerReports(db, page);
  return {
    data: rows.map(({ report, userEmail }) => ({
      id: report.id,
      userId: report.userId,
      userEmail,
      chatId: report.chatId,
      messageId: report.messageId,
      question: report.question,
      answerExcerpt: report.answerExcerpt,
      provider: report.provider,
      refunded: report.refunded,
      createdAt: report.createdAt,
    })),
    nextBeforeId: rows.length === page.limit ? (rows.at(-1)?.report.id ?? null) : null,
  };
}

async function loadUser(db: Database, userId: number) {
  const found = await findUserWithSubscription(db, userId);
  if (!found) throw new AppError("NOT_FOUND", `No user with id ${userId}.`);
  return found;
}

export async function adminUserDetail(db: Database, meter: MeterBindings, userId: number, now: Date): Promise<AdminUserDetail> {
  const { user, subscription: sub } = await loadUser(db, userId);
  const { stub, context } = await meterFor(meter, user.id, db);
  const [usage, sessions, actions] = await Promise.all([
    stub.snapshot(context),
    listActiveSessions(db, user.id, now),
    searchAdminActions(db, { targetType: "user", targetId: String(user.id), limit: 10 }),
  ]);
  const row = userRow(user, sub);
  return {
    user: { ...row, timeZone: user.timeZone, disabledReason: user.disabledReason, verificationSentAt: user.verificationSentAt },
    subscription: {
      plan: row.plan,
      planName: row.planName,
      status: row.subscriptionStatus,
      isGrant: row.isGrant,
      grantedBy: sub?.grantedBy ?? null,
      grantedAt: sub?.grantedAt ?? null,
      customerId: sub?.customerId ?? null,
      subscriptionId: sub?.subscriptionId ?? null,
      cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: sub?.currentPeriodEnd ?? null,
    },
    usage,
    sessions: sessions.map((s) => ({
      idPrefix: s.id.slice(0, 8),
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
    })),
    recentActions: actions.map(auditEntry),
  };
}

export interface ActionDeps {
  db: Database;
  actor: StaffActor;
  now: Date;
}

async function audit(deps: ActionDeps, action: string, userId: number, reason: string, details: Record<string, unknown> = {}) {
  const row = await recordAdminAction(deps.db, {
    actorId: deps.actor.id,
    actorEmail: deps.actor.email,
    action,
    targetType: "user",
    targetId: String(userId),
    reason,
    details,
  });
  return row.id;
}

export async function adminResendVerification(deps: ActionDeps & { auth: AuthDeps }, userId: number, reason: string) {
  const { user } = await loadUser(deps.db, userId);
  if (user.emailVerified) throw new AppError("CONFLICT", `${user.email} is already verified: there is nothing to resend.`);
  if (user.disabledAt) throw new AppError("CONFLICT", "This account is disabled. Enable it before sending it email.");
  await sendVerification(deps.auth, user);
  const auditId = await audit(deps, "user.resend_verification", user.id, reason, { email: user.email });
  return { message: `A new verification link went to ${user.email}.`, auditId };
}

export async function adminEndSessions(deps: ActionDeps, userId: number, reason: string) {
  const { user } = await loadUser(deps.db, userId);
  // Ending your own sessions here would sign you out mid-action; the account screen does that.
  if (user.id === deps.actor.id) throw new AppError("FORBIDDEN", "End your own sessions from Settings, not from the admin area.");
  const ended = await revokeUserSessions(deps.db, user.id);
  const auditId = await audit(deps, "user.end_sessions", user.id, reason, { ended });
  return { message: ended === 1 ? "Ended 1 session." : `Ended ${ended} sessions.`, auditId };
}

export async function adminDisableUser(deps: ActionDeps, userId: number, reason: string) {
  const { user } = await loadUser(deps.db, userId);
  if (user.id === deps.actor.id) throw new AppError("FORBIDDEN", "You cannot disable your own account.");
  if (!(await disableUser(deps.db, user.id, reason, deps.now))) throw new AppError("CONFLICT", `${user.email} is already disabled.`);
  // resolveSession refuses a disabled account anyway; revoking also ends the sessions for good.
  const ended = await revokeUserSessions(deps.db, user.id);
  const auditId = await audit(deps, "user.disable", user.id, reason, { endedSessions: ended });
  return { message: `${user.email} is disabled and was signed out of ${ended === 1 ? "1 session" : `${ended} sessions`}.`, auditId };
}

export async function adminEnableUser(deps: ActionDeps, userId: number, reason: string) {
  const { user } = await loadUser(deps.db, userId);
  if (!(await enableUser(deps.db, user.id, deps.now))) throw new AppError("CONFLICT", `${user.email} is not disabled.`);
  const auditId = await audit(deps, "user.enable", user.id, reason, { disabledAt: user.disabledAt, disabledReason: user.disabledReason });
  return { message: `${user.email} can sign in again.`, auditId };
}

export async function adminGrantPlan(deps: ActionDeps & { meter: MeterBindings }, userId: number, plan: GrantablePlan, reason: string) {
  const { user, subscription: sub } = await loadUser(deps.db, userId);
  const before = effectivePlanId(sub ?? undefined);
  // A paying customer's plan belongs to Stripe: a grant over it would be undone by their next event.
  if (sub && !isGrant(sub) && before !== "free") {
    throw new AppError("CONFLICT", `${user.email} pays for ${planDisplayName(before)} through Stripe; change that subscription in Stripe.`);
  }
  if (plan === "free") {
    if (!isGrant(sub) || before === "free") throw new AppError("CONFLICT", `${user.email} has no support grant to end.`);
    await endPlanGrant(deps.db, user.id, deps.now);
  } else {
    await writePlanGrant(deps.db, user.id, plan, deps.actor.id, deps.now);
  }
  // Like a Stripe event: the meter takes the new limits at once.
  await notifyPlanChange(deps.meter, user.id, deps.db);
  const auditId = await audit(deps, plan === "free" ? "user.end_grant" : "user.grant_plan", user.id, reason, { from: before, to: plan });
  const message = plan === "free" ? `${user.email}'s support grant ended: they are on Free.` : `${user.email} now has ${planDisplayName(plan)} as a support grant.`;
  return { message, auditId };
}

/** Grants (access true) or removes the AI Launcher; the user's next request sees it (issue 28). */
export async function adminSetLauncherAccess(deps: ActionDeps, userId: number, access: boolean, reason: string) {
  const { user } = await loadUser(deps.db, userId);
  if (!(await setLauncherAccess(deps.db, user.id, access, deps.now))) {
    throw new AppError("CONFLICT", access ? `${user.email} already has the AI Launcher.` : `${user.email} does not have the AI Launcher.`);
  }
  const auditId = await audit(deps, access ? "user.grant_launcher" : "user.remove_launcher", user.id, reason, { launcherAccess: access });
  return { message: access ? `${user.email} can use the AI Launcher now.` : `${user.email} no longer has the AI Launcher.`, auditId };
}

/**
 * Metering as a service: any server code (a request, a scheduled job, a workflow) spends usage
 * the same way, with only the Worker's bindings and a user id. No request context needed.
 */
import { usageLimitMessage, type UsageCounter } from "~/domain/counters";
import { AppError } from "~/domain/errors";
import { STREAM_CONTEXT_HEADER, type MeterContext, type ReserveOutcome } from "~/domain/metering";
import { resolvePlan } from "~/domain/plans";
import { effectivePlanId } from "~/domain/subscription";
import { safeTimeZone } from "~/domain/usage-periods";
import { createDb, type Database } from "../../../db/client";
import { findSubscription } from "../../../db/subscriptions";
import { findUserById } from "../../../db/users";

/** The bindings metering needs: the database and the per-user meter objects. */
export type MeterBindings = Pick<Env, "DB" | "USAGE_METER">;

/** The user's meter and what to meter them against (plan limits, time zone). */
export async function meterFor(env: MeterBindings, userId: number, db: Database = createDb(env.DB)) {
  const context = await meterContextFor(db, userId);
  if (!context) throw new AppError("NOT_FOUND", "This account no longer exists.");
  return { stub: meterStub(env, userId), context };
}

/** The plan limits and time zone to meter the user against; null when the account is gone. */
async function meterContextFor(db: Database, userId: number): Promise<MeterContext | null> {
  const [user, sub] = await Promise.all([findUserById(db, userId), findSubscription(db, userId)]);
  if (!user) return null;
  const plan = resolvePlan(effectivePlanId(sub));
  return { userId, plan: plan.id, limits: plan.limits, timeZone: safeTimeZone(user.timeZone) };
}

/**
 * After a plan changes (a Stripe event, a subscription sync, a staff grant): pushes the user's
 * current plan to their meter, so the new limits apply and every open tab sees them at once.
 * A deleted account has no meter to update, so it is skipped rather than refused.
 */
export async function notifyPlanChange(env: MeterBindings, userId: number, db: Database = createDb(env.DB)): Promise<void> {
  const context = await meterContextFor(db, userId);
  if (!context) return;
  await meterStub(env, userId).configure(context);
}

/**
 * The user's live usage stream (Server-Sent Events) from their meter, in one call: the plan rides
 * along in a header instead of a configure() round trip first.
 */
export async function openUsageStream(env: MeterBindings, userId: number, signal: AbortSignal, db?: Database): Promise<Response> {
  const { stub, context } = await meterFor(env, userId, db);
  return stub.fetch(
    new Request("https://usage-meter/stream", { signal, headers: { [STREAM_CONTEXT_HEADER]: JSON.stringify(context) } }),
  );
}

export function usageLimitError(outcome: Extract<ReserveOutcome, { ok: false }>, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(outcome.resetsAt) - now) / 1000));
  return new AppError("USAGE_LIMIT", usageLimitMessage(outcome.counter, outcome.limit), {
    headers: { "Retry-After": String(seconds) },
    details: { counter: outcome.counter, limit: outcome.limit, used: outcome.used, resetsAt: outcome.resetsAt },
  });
}

/**
 * A granted reservation as plain data: it can cross to the Durable Object that finishes the work
 * (a chat answer runs in its chat's object, not in the request that reserved it).
 */
export interface ReservationHandle {
  userId: number;
  counter: UsageCounter;
  reservationId: string;
  limit: number;
  /** What is left after this reservation. */
  remaining: number;
}

/** A granted reservation: settle it exactly once, with commit after success or refund after failure. */
export interface UsageReservation {
  limit: number;
  /** What is left after this reservation. */
  remaining: number;
  /** The reservation as data, to settle elsewhere with reservationFrom(). */
  handle: ReservationHandle;
  commit(): Promise<void>;
  refund(): Promise<void>;
}

function meterStub(env: Pick<Env, "USAGE_METER">, userId: number) {
  return env.USAGE_METER.get(env.USAGE_METER.idFromName(String(userId)));
}

/** The reservation a handle describes, settled through the user's meter (at most once per object). */
export function reservationFrom(env: Pick<Env, "USAGE_METER">, handle: ReservationHandle): UsageReservation {
  const stub = meterStub(env, handle.userId);
  let settled = false;
  const settle = async (how: "commit" | "refund") => {
    if (settled) return;
    settled = true;
    await (how === "commit" ? stub.commit(handle.reservationId) : stub.refund(handle.reservationId));
  };
  return { limit: handle.limit, remaining: handle.remaining, handle, commit: () => settle("commit"), refund: () => settle("refund") };
}

/**
 * Reserves `amount` of `counter` before expensive work, so two tabs (or a tab and a job) can
 * never exceed a limit together; throws USAGE_LIMIT when nothing is left. Commit once the value
 * is delivered; refund on failure or when the work found nothing.
 */
export async function reserveUsage(
  env: MeterBindings,
  userId: number,
  counter: UsageCounter,
  amount = 1,
  db?: Database,
): Promise<UsageReservation> {
  const { stub, context } = await meterFor(env, userId, db);
  const outcome = await stub.reserve(context, counter, amount);
  if (!outcome.ok) throw usageLimitError(outcome);
  return reservationFrom(env, { userId, counter, reservationId: outcome.reservationId, limit: context.limits[counter], remaining: outcome.remaining });
}

/** Gives back usage of a past moment (`at`, ISO) to the user's meter: open tabs see it at once. */
export async function giveBackUsage(env: MeterBindings, userId: number, counter: UsageCounter, at: string, db?: Database) {
  const { stub, context } = await meterFor(env, userId, db);
  return stub.giveBack(context, counter, at);
}


/** The signed-in user's usage meter, configured with their plan and time zone. */
import type { Context } from "hono";
import type { MeterContext, ReserveOutcome } from "~/domain/metering";
import { usageLimitMessage, type UsageCounter } from "~/domain/counters";
import { resolvePlan } from "~/domain/plans";
import { effectivePlanId } from "~/domain/subscription";
import { safeTimeZone } from "~/domain/usage-periods";
import { AppError } from "~/domain/errors";
import { findSubscription } from "../db/subscriptions";
import type { User } from "../db/schema";
import type { ApiEnv } from "./context";

export async function meterFor(c: Context<ApiEnv>, user: User) {
  const sub = await findSubscription(c.var.db, user.id);
  const plan = resolvePlan(effectivePlanId(sub));
  const context: MeterContext = {
    userId: user.id,
    plan: plan.id,
    limits: plan.limits,
    timeZone: safeTimeZone(user.timeZone),
  };
  const stub = c.env.USAGE_METER.get(c.env.USAGE_METER.idFromName(String(user.id)));
  return { stub, context };
}

export function usageLimitError(outcome: Extract<ReserveOutcome, { ok: false }>): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(outcome.resetsAt) - Date.now()) / 1000));
  return new AppError("USAGE_LIMIT", usageLimitMessage(outcome.counter, outcome.limit), {
    headers: { "Retry-After": String(seconds) },
    details: { counter: outcome.counter, limit: outcome.limit, used: outcome.used, resetsAt: outcome.resetsAt },
  });
}

/** A granted reservation: settle it exactly once, with commit after success or refund after failure. */
export interface UsageReservation {
  limit: number;
  /** What is left after this reservation. */
  remaining: number;
  commit(): Promise<void>;
  refund(): Promise<void>;
}

/**
 * Reserves before expensive work, so two tabs can never exceed a limit together; throws the
 * USAGE_LIMIT error when nothing is left. Streaming routes hold the reservation across the
 * stream; everything else uses withUsage.
 */
export async function reserveUsage(c: Context<ApiEnv>, user: User, counter: UsageCounter, amount = 1): Promise<UsageReservation> {
  const { stub, context } = await meterFor(c, user);
  const outcome = await stub.reserve(context, counter, amount);
  if (!outcome.ok) throw usageLimitError(outcome);
  let settled = false;
  const settle = async (how: "commit" | "refund") => {
    if (settled) return;
    settled = true;
    await (how === "commit" ? stub.commit(outcome.reservationId) : stub.refund(outcome.reservationId));
  };
  return {
    limit: context.limits[counter],
    remaining: outcome.remaining,
    commit: () => settle("commit"),
    refund: () => settle("refund"),
  };
}

/** The signed-in user's usage meter, configured with their plan and time zone. */
import type { Context } from "hono";
import type { MeterContext, ReserveOutcome } from "~/core/metering";
import { resolvePlan, type UsageCounter } from "~/core/plans";
import { effectivePlanId } from "~/core/subscription";
import { safeTimeZone } from "~/core/usage-periods";
import { AppError } from "~/core/errors";
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
  return new AppError("USAGE_LIMIT", `You have used all ${outcome.limit} ${LABELS[outcome.counter]} of your plan. It resets ${outcome.counter === "exports" || outcome.counter === "pageGenerations" ? "next month" : "tomorrow"}.`, {
    headers: { "Retry-After": String(seconds) },
    details: { counter: outcome.counter, limit: outcome.limit, used: outcome.used, resetsAt: outcome.resetsAt },
  });
}

const LABELS: Record<UsageCounter, string> = {
  queries: "AI queries for today",
  images: "image generations for today",
  launchers: "ad launches for today",
  marketingVisuals: "marketing visuals for today",
  prompts: "prompts for today",
  aiAdvisor: "AI advisor sessions for today",
  exports: "store exports for this month",
  pageGenerations: "AI page generations for this month",
};

/**
 * Runs metered work: reserve before, commit after success, refund on failure, so a failed AI
 * call costs nothing and two tabs can never exceed a limit together.
 */
export async function withUsage<T>(c: Context<ApiEnv>, user: User, counter: UsageCounter, work: () => Promise<T>, amount = 1): Promise<T> {
  const { stub, context } = await meterFor(c, user);
  const outcome = await stub.reserve(context, counter, amount);
  if (!outcome.ok) throw usageLimitError(outcome);
  try {
    const result = await work();
    await stub.commit(outcome.reservationId);
    return result;
  } catch (err) {
    await stub.refund(outcome.reservationId);
    throw err;
  }
}

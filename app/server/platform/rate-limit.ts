/**
 * Rate limiting as a plain function: a route, a scheduled job or a service counts a hit with the
 * RateLimiter binding, an action of the catalogue (rate-limit-rules.ts) and a client key.
 */
import { AppError } from "~/domain/errors";
import { RATE_LIMITS, type RateLimitAction } from "./rate-limit-rules";

/** The RateLimiter Durable Object namespace (the Worker's RATE_LIMITER binding). */
export type RateLimiterNamespace = Env["RATE_LIMITER"];

/**
 * Counts a hit against the action's limit for this client (one RateLimiter object per action and
 * lower-cased client); throws RATE_LIMITED with Retry-After when over.
 */
export async function enforceRateLimit(namespace: RateLimiterNamespace, action: RateLimitAction, client: string): Promise<void> {
  const rule = RATE_LIMITS[action];
  const stub = namespace.get(namespace.idFromName(`${action}:${client.toLowerCase()}`));
  const result = await stub.hit(rule);
  if (!result.allowed) {
    const seconds = Math.ceil(result.retryAfterMs / 1000);
    throw new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${formatWait(seconds)}.`, {
      headers: { "Retry-After": String(seconds) },
      details: { retryAfterSeconds: seconds, action },
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

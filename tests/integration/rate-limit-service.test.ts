/** Rate limiting without a request: any server code counts a hit with the RateLimiter binding alone. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { enforceRateLimit } from "~/server/platform/rate-limit";
import { RATE_LIMITS } from "~/server/platform/rate-limit-rules";

describe("enforceRateLimit(namespace, action, client)", () => {
  it("allows the action's limit, then refuses with RATE_LIMITED and Retry-After; other clients are unaffected", async () => {
    const client = `job-${crypto.randomUUID()}`;
    const { limit } = RATE_LIMITS.aiByUser;
    for (let i = 0; i < limit; i++) await enforceRateLimit(env.RATE_LIMITER, "aiByUser", client);
    const refused = await enforceRateLimit(env.RATE_LIMITER, "aiByUser", client).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ type: "RATE_LIMITED", status: 429, details: { action: "aiByUser" } });
    const seconds = Number((refused as AppError).headers?.["Retry-After"]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect((refused as AppError).message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
    // The client key ignores case (an email typed two ways is one client); another client has its own window.
    await expect(enforceRateLimit(env.RATE_LIMITER, "aiByUser", client.toUpperCase())).rejects.toMatchObject({ type: "RATE_LIMITED" });
    await expect(enforceRateLimit(env.RATE_LIMITER, "aiByUser", `${client}-other`)).resolves.toBeUndefined();
    // Each action counts on its own.
    await expect(enforceRateLimit(env.RATE_LIMITER, "claimByUser", client)).resolves.toBeUndefined();
  });
});

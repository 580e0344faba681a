/** Metering without a request: a scheduled job or a workflow spends usage with the bindings and a user id. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { usageLimitMessage } from "~/domain/counters";
import { AppError } from "~/domain/errors";
import { reserveUsage } from "~/server/usage/meter";
import { call, verifiedUser } from "./helpers";

describe("reserveUsage(env, userId, counter, n)", () => {
  it("reserves up to the plan's limit, then refuses with the catalogue's words; a refund makes a unit spendable again", async () => {
    const u = await verifiedUser();
    const userId = u.user.id as number;
    const held = [];
    for (let i = 0; i < 10; i++) held.push(await reserveUsage(env, userId, "queries"));
    expect(held.at(-1)?.remaining).toBe(0);
    const refused = await reserveUsage(env, userId, "queries").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).type).toBe("USAGE_LIMIT");
    expect((refused as AppError).message).toBe(usageLimitMessage("queries", 10));

    await held[0].refund();
    const again = await reserveUsage(env, userId, "queries");
    await again.commit();
    await Promise.all(held.slice(1).map((r) => r.commit()));
    // What the job spent is what the user's screen shows.
    expect((await call("/api/usage/summary", { token: u.token })).json.data.usage.queries).toBe(10);
  });

  it("reserves several units at once and refuses a counter the free plan does not include", async () => {
    const u = await verifiedUser();
    const five = await reserveUsage(env, u.user.id, "prompts", 5);
    expect(five).toMatchObject({ limit: 15, remaining: 10 });
    await five.commit();
    await expect(reserveUsage(env, u.user.id, "images")).rejects.toMatchObject({ type: "USAGE_LIMIT" });
  });

  it("settles a reservation once: a refund after its commit, or a second refund, changes nothing", async () => {
    const u = await verifiedUser();
    const kept = await reserveUsage(env, u.user.id, "queries");
    const returned = await reserveUsage(env, u.user.id, "queries");
    expect(returned).toMatchObject({ limit: 10, remaining: 8 });
    await kept.commit();
    await kept.refund();
    await returned.refund();
    await returned.refund();
    await returned.commit();
    expect((await call("/api/usage/summary", { token: u.token })).json.data.usage.queries).toBe(1);
    const next = await reserveUsage(env, u.user.id, "queries");
    expect(next.remaining).toBe(8);
    await next.refund();
  });
});

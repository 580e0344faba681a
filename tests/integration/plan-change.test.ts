/** notifyPlanChange: the one way a changed plan reaches the user's meter and their open tabs. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PLANS } from "~/domain/plans";
import { notifyPlanChange } from "~/server/usage/meter";
import { verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const frame = async (reader: ReadableStreamDefaultReader<Uint8Array>) =>
  JSON.parse(new TextDecoder().decode((await reader.read()).value).replace(/^data: /, "")) as { plan: string; limits: Record<string, number> };

describe("notifyPlanChange(env, userId, db?)", () => {
  it("pushes the plan now in D1 to the user's meter, so an open tab sees the new limits at once", async () => {
    const u = await verifiedUser();
    const res = await WORKER.fetch("http://127.0.0.1/api/usage/stream", { headers: { authorization: `Bearer ${u.token}` } });
    const reader = res.body!.getReader();
    expect(await frame(reader)).toMatchObject({ plan: "free", limits: { queries: PLANS.free.limits.queries } });

    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
    await notifyPlanChange(env, u.user.id);
    expect(await frame(reader)).toMatchObject({ plan: "automation", limits: { queries: PLANS.automation.limits.queries } });
    await reader.cancel();
  });

  it("skips an account that no longer exists instead of failing the event that changed its plan", async () => {
    await expect(notifyPlanChange(env, 987_654_321)).resolves.toBeUndefined();
  });
});

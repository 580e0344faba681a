import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MeterContext } from "~/domain/metering";
import { PLANS } from "~/domain/plans";
import { dayKey } from "~/domain/usage-periods";
import { UsageMeter } from "../../workers/usage-meter";
import { call, makeAdmin, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const ctx = (userId: number, limits: Partial<MeterContext["limits"]> = {}): MeterContext => ({
  userId,
  plan: "free",
  limits: { ...PLANS.free.limits, ...limits },
  timeZone: "UTC",
});
const meter = (name: string) => env.USAGE_METER.get(env.USAGE_METER.idFromName(name));

describe("UsageMeter", () => {
  it("grants exactly 10 of 1,000 concurrent reservations against a limit of 10", { timeout: 60_000 }, async () => {
    const stub = meter("concurrency");
    const results = await Promise.all(Array.from({ length: 1000 }, () => stub.reserve(ctx(1, { queries: 10 }), "queries")));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, counter: "queries", limit: 10, used: 10 });
  });

  it("makes a refunded reservation spendable again, and a committed one not", async () => {
    const stub = meter("refund");
    const c = ctx(2, { queries: 2 });
    const a = await stub.reserve(c, "queries");
    const b = await stub.reserve(c, "queries");
    expect(a.ok && b.ok).toBe(true);
    expect((await stub.reserve(c, "queries")).ok).toBe(false);
    if (!a.ok || !b.ok) throw new Error("unreachable");
    expect(await stub.refund(a.reservationId)).toBe(true);
    const again = await stub.reserve(c, "queries");
    expect(again.ok).toBe(true);
    expect(await stub.commit(b.reservationId)).toBe(true);
    // Refunding or committing twice is a no-op.
    expect(await stub.refund(b.reservationId)).toBe(false);
    expect(await stub.commit(b.reservationId)).toBe(false);
    const snap = await stub.snapshot(c);
    expect(snap.usage.queries).toBe(2);
    expect(snap.remaining.queries).toBe(0);
  });

  it("resets daily: yesterday's usage does not count today", async () => {
    const stub = meter("reset");
    const c = ctx(3, { queries: 5 });
    await stub.configure(c);
    const yesterday = dayKey(new Date(Date.now() - 24 * 3600_000));
    await runInDurableObject(stub, (instance: UsageMeter, state) => {
      state.storage.sql.exec("INSERT INTO counters (period, counter, used, reserved) VALUES (?, 'queries', 5, 0)", `day:${yesterday}`);
      expect(instance).toBeDefined();
    });
    const snap = await stub.snapshot(c);
    expect(snap.usage.queries).toBe(0);
    expect(snap.resetsAt).toBe(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1)).toISOString());
    expect((await stub.reserve(c, "queries", 5)).ok).toBe(true);
  });

  it("keeps committed units, held units and open reservations when the object is evicted", async () => {
    const stub = meter("eviction");
    const c = ctx(5, { queries: 3 });
    const a = await stub.reserve(c, "queries");
    const b = await stub.reserve(c, "queries");
    if (!a.ok || !b.ok) throw new Error("both reservations should be granted");
    expect(await stub.commit(a.reservationId)).toBe(true);
    await runInDurableObject(stub, (_instance: UsageMeter, state) => {
      // A new instance over the same storage is what the runtime builds after an eviction.
      const revived = new UsageMeter(state, env);
      expect(revived.snapshot(c).usage.queries).toBe(2); // a used, b held
      expect(revived.commit(b.reservationId)).toBe(true);
      expect(revived.commit(b.reservationId)).toBe(false);
      expect(revived.reserve(c, "queries").ok).toBe(true);
      expect(revived.reserve(c, "queries")).toMatchObject({ ok: false, used: 3, limit: 3 });
    });
  });

  it("frees a reservation nobody settled once it expires, also after an eviction", async () => {
    const stub = meter("expiry");
    const c = ctx(6, { queries: 1 });
    const held = await stub.reserve(c, "queries");
    if (!held.ok) throw new Error("the reservation should be granted");
    expect((await stub.reserve(c, "queries")).ok).toBe(false);
    await runInDurableObject(stub, (_instance: UsageMeter, state) => {
      state.storage.sql.exec("UPDATE reservations SET expires_at = ? WHERE id = ?", Date.now() - 1, held.reservationId);
      const revived = new UsageMeter(state, env);
      const again = revived.reserve(c, "queries");
      expect(again.ok).toBe(true);
      // The expired one can no longer be committed; the new one can.
      expect(revived.commit(held.reservationId)).toBe(false);
      if (again.ok) expect(revived.commit(again.reservationId)).toBe(true);
      expect(revived.snapshot(c).usage.queries).toBe(1);
    });
  });

  it("meters exports monthly", async () => {
    const stub = meter("monthly");
    const c = { ...ctx(4), plan: "pro", limits: PLANS.pro.limits };
    for (let i = 0; i < 10; i++) expect((await stub.reserve(c, "exports")).ok).toBe(true);
    const over = await stub.reserve(c, "exports");
    expect(over.ok).toBe(false);
    if (!over.ok) expect(Date.parse(over.resetsAt)).toBeGreaterThan(Date.now() + 0);
    expect((await stub.snapshot(c)).monthly.exports).toEqual({ used: 10, limit: 10, remaining: 0 });
  });
});

describe("usage API", () => {
  it("reports the free plan's summary, query limit and subscription status", async () => {
    const u = await verifiedUser();
    const summary = await call("/api/usage/summary", { token: u.token });
    expect(summary.status).toBe(200);
    expect(summary.json.data).toMatchObject({ plan: "free", trackingType: "daily", limits: { queries: 10 }, usage: { queries: 0 } });
    const limit = await call("/api/usage-limits/queriesPerDay", { token: u.token });
    expect(limit.json).toMatchObject({ success: true, data: { limit: 10, used: 0, remaining: 10 } });
    const status = await call("/api/subscription-status", { token: u.token });
    expect(status.json.data).toMatchObject({ plan: "free", planName: "Free", hasActiveSubscription: false, cancelAtPeriodEnd: false });
    expect(status.json.data.features.queriesPerDay).toBe(10);
  });

  it("needs a signed-in caller", async () => {
    for (const path of ["/api/usage/summary", "/api/usage-limits/queriesPerDay", "/api/subscription-status", "/api/usage/stream"]) {
      expect((await call(path)).status).toBe(401);
    }
  });

  it("streams the user's counters as Server-Sent Events and pushes a spend", async () => {
    const u = await verifiedUser();
    const res = await WORKER.fetch("http://127.0.0.1/api/usage/stream", {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toMatch(/^data: \{.*"queries":0/);
    const stub = meter(String(u.user.id));
    await stub.reserve(ctx(u.user.id), "queries");
    const second = decoder.decode((await reader.read()).value);
    expect(JSON.parse(second.replace(/^data: /, ""))).toMatchObject({ usage: { queries: 1 } });
    await reader.cancel();
  });

  it("fans a spend out to every open stream of the user (two tabs)", async () => {
    const u = await verifiedUser();
    const open = async () => {
      const res = await WORKER.fetch("http://127.0.0.1/api/usage/stream", { headers: { authorization: `Bearer ${u.token}` } });
      const reader = res.body!.getReader();
      await reader.read(); // the initial snapshot
      return reader;
    };
    const [tabA, tabB] = [await open(), await open()];
    await meter(String(u.user.id)).reserve(ctx(u.user.id), "queries", 3);
    const decoder = new TextDecoder();
    for (const tab of [tabA, tabB]) {
      const frame = decoder.decode((await tab.read()).value);
      expect(JSON.parse(frame.replace(/^data: /, ""))).toMatchObject({ usage: { queries: 3 }, remaining: { queries: 7 } });
      await tab.cancel();
    }
  });

  it("rolls usage up again after a roll-up, and after an eviction before the next one", async () => {
    const u = await verifiedUser();
    const stub = meter(String(u.user.id));
    const c = ctx(u.user.id);
    const spend = async () => {
      const r = await stub.reserve(c, "queries");
      if (!r.ok) throw new Error("the reservation should be granted");
      expect(await stub.commit(r.reservationId)).toBe(true);
    };
    const history = async () => (await call("/api/usage/history?days=2", { token: u.token })).json.data;
    await spend();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await history()).toEqual([{ day: dayKey(new Date()), counter: "queries", amount: 1 }]);
    await spend();
    await spend();
    await runInDurableObject(stub, async (_instance: UsageMeter, state) => {
      // Evicted before its alarm: the stored mark tells the new instance there is usage to roll up.
      await new UsageMeter(state, env).alarm();
    });
    expect(await history()).toEqual([{ day: dayKey(new Date()), counter: "queries", amount: 3 }]);
  });

  it("rolls committed daily totals into D1 for history and the admin sums", async () => {
    const u = await verifiedUser();
    const stub = meter(String(u.user.id));
    const c = ctx(u.user.id);
    for (let i = 0; i < 3; i++) {
      const r = await stub.reserve(c, "queries");
      if (r.ok) await stub.commit(r.reservationId);
    }
    // The roll-up runs on the object's alarm; run it now instead of waiting.
    const { runDurableObjectAlarm } = await import("cloudflare:test");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const history = await call("/api/usage/history?days=2", { token: u.token });
    expect(history.json.data).toEqual([{ day: dayKey(new Date()), counter: "queries", amount: 3 }]);
    await makeAdmin(u.user.id);
    const overview = await call("/api/admin/overview", { token: u.token });
    expect(overview.json.data.usageLast30Days.queries).toBeGreaterThanOrEqual(3);
  });
});

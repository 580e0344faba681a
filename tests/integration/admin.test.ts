/** The admin area's API: staff only, every action needs a reason and leaves an audit entry. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, makeAdmin, signupUser, STRONG_PASSWORD, uniqueName, verifiedUser, seedSampleCatalog } from "./helpers";

beforeAll(() => seedSampleCatalog(), 120_000);
// Each test signs up several accounts through the real API; a shared CI machine needs the room.
vi.setConfig({ testTimeout: 30_000 });

async function staff() {
  const u = await verifiedUser(uniqueName("staff"));
  await makeAdmin(u.user.id);
  return u;
}

async function lastAudit(targetId: string) {
  return env.DB.prepare("SELECT * FROM admin_audit_log WHERE target_id = ? ORDER BY id DESC LIMIT 1")
    .bind(targetId)
    .first<Record<string, unknown>>();
}

const ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/overview"],
  ["GET", "/api/admin/users?q=a"],
  ["GET", "/api/admin/users/1"],
  ["POST", "/api/admin/users/1/resend-verification", { reason: "r" }],
  ["POST", "/api/admin/users/1/end-sessions", { reason: "r" }],
  ["POST", "/api/admin/users/1/disable", { reason: "r" }],
  ["POST", "/api/admin/users/1/enable", { reason: "r" }],
  ["POST", "/api/admin/users/1/grant-plan", { plan: "pro", reason: "r" }],
  ["POST", "/api/admin/users/1/launcher-access", { access: true, reason: "r" }],
  ["GET", "/api/admin/audit-log"],
  ["GET", "/api/admin/catalog/refreshes"],
  ["POST", "/api/admin/catalog/refresh", { reason: "r" }],
];

describe("admin routes", () => {
  it("answer 401 signed out and 403 to a verified user who is not staff", async () => {
    const u = await verifiedUser();
    for (const [method, path, body] of ROUTES) {
      const out = await call(path, { method, body });
      expect(out.status, `${method} ${path} signed out`).toBe(401);
      const user = await call(path, { method, body, token: u.token });
      expect(user.status, `${method} ${path} as a user`).toBe(403);
      expect(user.json.type).toBe("FORBIDDEN");
    }
    // Nothing a refused call asked for happened.
    expect(await lastAudit("1")).toBeNull();
  });

  it("refuse an action without a reason, naming it", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    for (const body of [{}, { reason: "   " }]) {
      const res = await call(`/api/admin/users/${target.user.id}/disable`, { method: "POST", token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/reason/i);
    }
    const grant = await call(`/api/admin/users/${target.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "pro" } });
    expect(grant.status).toBe(400);
    expect(grant.json.message).toMatch(/reason/);
    expect((await call(`/api/admin/users/${target.user.id}`, { token: admin.token })).json.data.user.disabledAt).toBeNull();
    expect(await lastAudit(String(target.user.id))).toBeNull();
  });
});

describe("disabling an account", () => {
  it("signs the user out at once, refuses their login with a 403, and enable restores it; each step audited", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(200);

    const disabled = await call(`/api/admin/users/${target.user.id}/disable`, {
      method: "POST",
      token: admin.token,
      body: { reason: "Chargeback fraud, ticket 1182" },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json.data.message).toContain("disabled");
    expect(await lastAudit(String(target.user.id))).toMatchObject({
      id: disabled.json.data.auditId,
      actor_id: admin.user.id,
      actor_email: admin.email,
      action: "user.disable",
      target_type: "user",
      reason: "Chargeback fraud, ticket 1182",
    });

    // The token they still hold answers 401 at once.
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
    expect((await call("/api/usage/summary", { token: target.token })).status).toBe(401);
    const login = await call("/api/auth/login", { method: "POST", body: { username: target.name, password: STRONG_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe("This account is disabled. Contact support.");
    // A wrong password still gets the ordinary answer: a guesser learns nothing.
    const guess = await call("/api/auth/login", { method: "POST", body: { username: target.name, password: "wrong-password-123" } });
    expect(guess.status).toBe(401);

    const again = await call(`/api/admin/users/${target.user.id}/disable`, { method: "POST", token: admin.token, body: { reason: "twice" } });
    expect(again.status).toBe(409);

    const detail = await call(`/api/admin/users/${target.user.id}`, { token: admin.token });
    expect(detail.json.data.user).toMatchObject({ disabledReason: "Chargeback fraud, ticket 1182" });
    expect(detail.json.data.sessions).toEqual([]);
    expect(detail.json.data.recentActions[0]).toMatchObject({ action: "user.disable", actorEmail: admin.email });

    const enabled = await call(`/api/admin/users/${target.user.id}/enable`, { method: "POST", token: admin.token, body: { reason: "Bank confirmed the payment" } });
    expect(enabled.status).toBe(200);
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.enable", reason: "Bank confirmed the payment", actor_id: admin.user.id });
    const back = await call("/api/auth/login", { method: "POST", body: { username: target.name, password: STRONG_PASSWORD } });
    expect(back.status).toBe(200);
    // Sessions revoked by the disable stay ended.
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
  });

  it("refuses staff disabling themselves", async () => {
    const admin = await staff();
    const res = await call(`/api/admin/users/${admin.user.id}/disable`, { method: "POST", token: admin.token, body: { reason: "oops" } });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("You cannot disable your own account.");
    expect((await call("/api/auth/me", { token: admin.token })).status).toBe(200);
  });

  it("404s an unknown user", async () => {
    const admin = await staff();
    const res = await call("/api/admin/users/999999/disable", { method: "POST", token: admin.token, body: { reason: "x" } });
    expect(res.status).toBe(404);
  });
});

describe("other user actions", () => {
  it("end-sessions revokes every session of the user and is audited", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    const second = await call("/api/auth/login", { method: "POST", body: { username: target.name, password: STRONG_PASSWORD } });
    expect((await call(`/api/admin/users/${target.user.id}`, { token: admin.token })).json.data.sessions).toHaveLength(2);
    const res = await call(`/api/admin/users/${target.user.id}/end-sessions`, { method: "POST", token: admin.token, body: { reason: "Lost laptop" } });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe("Ended 2 sessions.");
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
    expect((await call("/api/auth/me", { token: second.json.token })).status).toBe(401);
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.end_sessions", reason: "Lost laptop", actor_email: admin.email });
    // They can sign in again: ending sessions is not a disable.
    expect((await call("/api/auth/login", { method: "POST", body: { username: target.name, password: STRONG_PASSWORD } })).status).toBe(200);
  });

  it("resend-verification emails a new link and is audited; a verified user is a 409", async () => {
    const admin = await staff();
    const target = await signupUser();
    // Past the 60 s resend cooldown of the signup email.
    await env.DB.prepare("UPDATE users SET verification_sent_at = NULL WHERE id = ?").bind(target.user.id).run();
    const before = (await call(`/api/dev/outbox?to=${encodeURIComponent(target.email)}`)).json.data.length;
    const res = await call(`/api/admin/users/${target.user.id}/resend-verification`, { method: "POST", token: admin.token, body: { reason: "Ticket 55: link expired" } });
    expect(res.status).toBe(200);
    const mails = (await call(`/api/dev/outbox?to=${encodeURIComponent(target.email)}`)).json.data;
    expect(mails.length).toBe(before + 1);
    expect(mails[0].kind).toBe("verify_email");
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.resend_verification", reason: "Ticket 55: link expired" });

    const verified = await verifiedUser();
    const refused = await call(`/api/admin/users/${verified.user.id}/resend-verification`, { method: "POST", token: admin.token, body: { reason: "x" } });
    expect(refused.status).toBe(409);
  });

  it("grant-plan changes the user's limits at once, is audited, and ends with plan free", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    expect((await call("/api/usage/summary", { token: target.token })).json.data).toMatchObject({ plan: "free", limits: { queries: 10 } });

    const bad = await call(`/api/admin/users/${target.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "platinum", reason: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^plan: /);

    const res = await call(`/api/admin/users/${target.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "pro", reason: "Outage compensation" } });
    expect(res.status).toBe(200);
    const summary = (await call("/api/usage/summary", { token: target.token })).json.data;
    expect(summary.plan).toBe("pro");
    expect(summary.limits.queries).toBeGreaterThan(10);
    expect((await call("/api/subscription-status", { token: target.token })).json.data).toMatchObject({ plan: "pro", hasActiveSubscription: true });
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.grant_plan", reason: "Outage compensation", actor_id: admin.user.id });
    expect(JSON.parse(String((await lastAudit(String(target.user.id)))!.details))).toEqual({ from: "free", to: "pro" });
    const detail = (await call(`/api/admin/users/${target.user.id}`, { token: admin.token })).json.data;
    expect(detail.subscription).toMatchObject({ plan: "pro", isGrant: true, grantedBy: admin.user.id });

    const ended = await call(`/api/admin/users/${target.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "free", reason: "Compensation period over" } });
    expect(ended.status).toBe(200);
    expect((await call("/api/usage/summary", { token: target.token })).json.data).toMatchObject({ plan: "free", limits: { queries: 10 } });
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.end_grant" });
  });

  it("launcher-access grants and removes the AI Launcher, each audited, and the user's API follows at once", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    const path = `/api/admin/users/${target.user.id}/launcher-access`;
    expect((await call("/api/ad-launcher/launches", { token: target.token })).status).toBe(403);
    expect((await call(path, { method: "POST", token: admin.token, body: { access: true } })).status).toBe(400);

    const granted = await call(path, { method: "POST", token: admin.token, body: { access: true, reason: "Pilot merchant" } });
    expect(granted.status).toBe(200);
    expect(granted.json.data.message).toContain("AI Launcher");
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.grant_launcher", reason: "Pilot merchant", actor_id: admin.user.id });
    expect((await call(`/api/admin/users/${target.user.id}`, { token: admin.token })).json.data.user.launcherAccess).toBe(true);
    const row = (await call(`/api/admin/users?q=${target.user.id}`, { token: admin.token })).json.data.find((u: { id: number }) => u.id === target.user.id);
    expect(row.launcherAccess).toBe(true);
    expect((await call("/api/auth/me", { token: target.token })).json.data.launcherAccess).toBe(true);
    expect((await call("/api/ad-launcher/launches", { token: target.token })).status).toBe(200);
    expect((await call(path, { method: "POST", token: admin.token, body: { access: true, reason: "again" } })).status).toBe(409);

    const removed = await call(path, { method: "POST", token: admin.token, body: { access: false, reason: "Pilot over" } });
    expect(removed.status).toBe(200);
    expect(await lastAudit(String(target.user.id))).toMatchObject({ action: "user.remove_launcher", reason: "Pilot over" });
    expect((await call("/api/ad-launcher/launches", { token: target.token })).status).toBe(403);
  });

  it("grant-plan refuses to overwrite a subscription the user pays for through Stripe", async () => {
    const admin = await staff();
    const payer = await verifiedUser();
    expect((await call("/api/billing/dev-checkout", { method: "POST", token: payer.token, body: { interval: "monthly" } })).status).toBe(200);
    const res = await call(`/api/admin/users/${payer.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "empire", reason: "x" } });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("Stripe");
  });
});

describe("search and the audit log", () => {
  it("finds users by email, username or id, and pages", async () => {
    const admin = await staff();
    const tag = uniqueName("findme");
    const a = await verifiedUser(`${tag}a`);
    const b = await verifiedUser(`${tag}b`);
    const byName = await call(`/api/admin/users?q=${tag.toUpperCase()}`, { token: admin.token });
    expect(byName.json.data.map((u: { id: number }) => u.id)).toEqual([b.user.id, a.user.id]);
    const byEmail = await call(`/api/admin/users?q=${encodeURIComponent(a.email)}`, { token: admin.token });
    expect(byEmail.json.data.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
    const byId = await call(`/api/admin/users?q=${a.user.id}`, { token: admin.token });
    expect(byId.json.data.map((u: { id: number }) => u.id)).toContain(a.user.id);
    const page1 = await call(`/api/admin/users?q=${tag}&limit=1`, { token: admin.token });
    expect(page1.json.data.map((u: { id: number }) => u.id)).toEqual([b.user.id]);
    expect(page1.json.nextBeforeId).toBe(b.user.id);
    const page2 = await call(`/api/admin/users?q=${tag}&limit=1&beforeId=${page1.json.nextBeforeId}`, { token: admin.token });
    expect(page2.json.data.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
    expect(page2.json.data[0]).toMatchObject({ email: a.email, plan: "free", planName: "Free", disabledAt: null, isGrant: false });
  });

  it("lists and searches audit entries, newest first, paged", async () => {
    const admin = await staff();
    const target = await verifiedUser();
    const tag = uniqueName("case");
    await call(`/api/admin/users/${target.user.id}/end-sessions`, { method: "POST", token: admin.token, body: { reason: `${tag} first` } });
    await call(`/api/admin/users/${target.user.id}/end-sessions`, { method: "POST", token: admin.token, body: { reason: `${tag} second` } });
    const all = await call(`/api/admin/audit-log?q=${tag}`, { token: admin.token });
    expect(all.json.data.map((e: { reason: string }) => e.reason)).toEqual([`${tag} second`, `${tag} first`]);
    expect(all.json.data[0]).toMatchObject({ actorEmail: admin.email, action: "user.end_sessions", targetType: "user", targetId: String(target.user.id) });
    const page = await call(`/api/admin/audit-log?q=${tag}&limit=1`, { token: admin.token });
    const next = await call(`/api/admin/audit-log?q=${tag}&limit=1&beforeId=${page.json.nextBeforeId}`, { token: admin.token });
    expect(next.json.data.map((e: { reason: string }) => e.reason)).toEqual([`${tag} first`]);
  });
});

describe("catalog refresh jobs", () => {
  it("runs the scheduled refresh on demand, records the run and audits it", async () => {
    const admin = await staff();
    const res = await call("/api/admin/catalog/refresh", { method: "POST", token: admin.token, body: { reason: "Sample data re-seeded" } });
    expect(res.status).toBe(200);
    expect(res.json.data.run.productsRescored).toBeGreaterThanOrEqual(0);
    const runs = await call("/api/admin/catalog/refreshes", { token: admin.token });
    expect(runs.json.data[0]).toMatchObject({ trigger: `staff ${admin.email}`, productsRescored: res.json.data.run.productsRescored });
    expect(await lastAudit("refresh")).toMatchObject({ action: "catalog.refresh", target_type: "catalog", reason: "Sample data re-seeded", actor_id: admin.user.id });
    const noReason = await call("/api/admin/catalog/refresh", { method: "POST", token: admin.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toMatch(/reason/);
  });
});

describe("overview", () => {
  it("counts sign-ups per day, active and paying users, MRR and churn from the tables", async () => {
    const admin = await staff();
    const before = (await call("/api/admin/overview", { token: admin.token })).json.data;
    expect(before.signupsPerDay).toHaveLength(30);

    const monthly = await verifiedUser();
    const yearly = await verifiedUser();
    await call("/api/billing/dev-checkout", { method: "POST", token: monthly.token, body: { interval: "monthly" } });
    await call("/api/billing/dev-checkout", { method: "POST", token: yearly.token, body: { interval: "yearly" } });
    const granted = await verifiedUser();
    await call(`/api/admin/users/${granted.user.id}/grant-plan`, { method: "POST", token: admin.token, body: { plan: "pro", reason: "Partner account" } });
    const leaver = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status, subscription_id) VALUES (?, 'pro', 'canceled', 'sub_gone')").bind(leaver.user.id).run();

    const after = (await call("/api/admin/overview", { token: admin.token })).json.data;
    const today = new Date().toISOString().slice(0, 10);
    expect(after.signupsPerDay.at(-1).day).toBe(today);
    expect(after.signupsPerDay.at(-1).count).toBe(before.signupsPerDay.at(-1).count + 4);
    expect(after.users.total).toBe(before.users.total + 4);
    expect(after.subscriptions.paying).toBe(before.subscriptions.paying + 2);
    expect(after.subscriptions.granted).toBe(before.subscriptions.granted + 1);
    // Both figures are rounded to cents, so they differ from the exact sum by at most a cent.
    expect(Math.abs(after.mrr.amount - (before.mrr.amount + 49 + 449 / 12))).toBeLessThanOrEqual(0.01 + 1e-9);
    expect(after.mrr.yearly).toBe(before.mrr.yearly + 1);
    expect(after.churn.endedLast30Days).toBe(before.churn.endedLast30Days + 1);
    expect(after.churn.rate).toBeCloseTo(after.churn.endedLast30Days / (after.subscriptions.paying + after.churn.endedLast30Days), 5);
    expect(after.activeUsers.last7Days).toBeGreaterThanOrEqual(4);
    expect(after.activeUsers.last30Days).toBeGreaterThanOrEqual(after.activeUsers.last7Days);
    expect(after.churn.definition).toContain("estimated");
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, latestLink, signupUser, STRONG_PASSWORD, tokenOf, uniqueName, verifiedUser } from "./helpers";

describe("account settings", () => {
  it("changes the username, refusing a taken one", async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    const next = uniqueName("renamed");
    const ok = await call("/api/account/username", { method: "PATCH", token: a.token, body: { username: next } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.username).toBe(next);
    const taken = await call("/api/account/username", { method: "PATCH", token: a.token, body: { username: b.name } });
    expect(taken.status).toBe(409);
  });

  it("changes the email only with the password, and the new address must be verified", async () => {
    const u = await verifiedUser();
    const email = `${uniqueName()}@new.test`;
    const wrong = await call("/api/account/email", { method: "PATCH", token: u.token, body: { email, password: "not-my-password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain("current password");
    const ok = await call("/api/account/email", { method: "PATCH", token: u.token, body: { email, password: STRONG_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ email, emailVerified: false });
    const link = await latestLink(email);
    expect((await call("/api/auth/verify-email", { method: "POST", body: { token: tokenOf(link) } })).status).toBe(200);
    expect((await call("/api/auth/me", { token: u.token })).json.data).toMatchObject({ email, emailVerified: true });
  });

  it("changes the password with the current one and ends the other sessions, keeping this one", async () => {
    const u = await verifiedUser();
    const other = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    const wrong = await call("/api/account/password", {
      method: "POST",
      token: u.token,
      body: { currentPassword: "nope-nope-nope", newPassword: "a-brand-new-passphrase" },
    });
    expect(wrong.status).toBe(400);
    const ok = await call("/api/account/password", {
      method: "POST",
      token: u.token,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "a-brand-new-passphrase" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toContain("1 other session was signed out");
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await call("/api/auth/me", { token: other.json.token })).status).toBe(401);
  });

  it("lists active sessions with the current one marked, and ends another", async () => {
    const u = await verifiedUser();
    const other = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    const list = await call("/api/account/sessions", { token: u.token });
    expect(list.json.data.length).toBe(2);
    const current = list.json.data.find((s: { current: boolean }) => s.current);
    const notCurrent = list.json.data.find((s: { current: boolean }) => !s.current);
    expect(current).toBeDefined();
    expect((await call(`/api/account/sessions/${notCurrent.id}`, { method: "DELETE", token: u.token })).status).toBe(200);
    expect((await call("/api/auth/me", { token: other.json.token })).status).toBe(401);
    expect((await call("/api/account/sessions", { token: u.token })).json.data.length).toBe(1);
  });

  it("exports all the user's data as JSON without secrets", async () => {
    const u = await verifiedUser();
    const res = await call("/api/account/export", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-disposition")).toMatch(/attachment; filename="dropcraft-data-\d{4}-\d{2}-\d{2}\.json"/);
    expect(res.json.profile).toMatchObject({ username: u.name, email: u.email });
    expect(res.text).not.toContain("password");
    expect(res.text).not.toContain("pbkdf2");
    expect(Array.isArray(res.json.sessions)).toBe(true);
  });

  it("includes what the merchant imported, saved, asked support and suggested", async () => {
    const u = await verifiedUser();
    const imported = await call("/api/catalog/imports", { method: "POST", token: u.token, body: { format: "json", content: JSON.stringify([{ name: "Export check lamp", price: 19.5, cost: 4 }]) } });
    const productId = imported.json.acceptedRows[0].productId as string;
    expect((await call(`/api/catalog/products/${productId}/saves`, { method: "POST", token: u.token, body: { list: "Shortlist" } })).status).toBeLessThan(300);
    expect((await call("/api/support/tickets", { method: "POST", token: u.token, body: { subject: "Export data check", category: "export", message: "Where is my data?" } })).status).toBeLessThan(300);
    expect((await call("/api/feedback", { method: "POST", token: u.token, body: { kind: "idea", title: "Export data idea", details: "Add XML too." } })).status).toBeLessThan(300);

    const data = (await call("/api/account/export", { token: u.token })).json;
    expect(data.importedProducts.map((p: { name: string }) => p.name)).toEqual(["Export check lamp"]);
    expect(data.catalogImports).toHaveLength(1);
    expect(data.savedProducts).toMatchObject([{ productId, listName: "Shortlist" }]);
    expect(data.supportTickets[0]).toMatchObject({ subject: "Export data check" });
    expect(data.supportTickets[0].messages.map((m: { body: string }) => m.body)).toContain("Where is my data?");
    expect(data.feedback.items[0]).toMatchObject({ title: "Export data idea" });
    for (const key of ["images", "projectFiles", "trackedCompetitors", "marketReports", "answerReports"]) expect(Array.isArray(data[key]), key).toBe(true);
  });

  it("deletes the account with the password: data gone, sessions ended", async () => {
    const u = await verifiedUser();
    const wrong = await call("/api/account", { method: "DELETE", token: u.token, body: { password: "not-it-at-all" } });
    expect(wrong.status).toBe(400);
    const ok = await call("/api/account", { method: "DELETE", token: u.token, body: { password: STRONG_PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(401);
    const rows = await env.DB.prepare("SELECT (SELECT count(*) FROM users WHERE id = ?1) AS users, (SELECT count(*) FROM sessions WHERE user_id = ?1) AS sessions, (SELECT count(*) FROM auth_tokens WHERE user_id = ?1) AS tokens")
      .bind(u.user.id)
      .first<{ users: number; sessions: number; tokens: number }>();
    expect(rows).toEqual({ users: 0, sessions: 0, tokens: 0 });
    expect((await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } })).status).toBe(401);
  });

  it("refuses to delete an account whose paid plan still renews, and deletes it once the plan is cancelled", async () => {
    const u = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, plan_name, status, current_period_end) VALUES (?, 'automation', 'Growth', 'active', '2026-12-28T00:00:00.000Z')")
      .bind(u.user.id)
      .run();
    const refused = await call("/api/account", { method: "DELETE", token: u.token, body: { password: STRONG_PASSWORD } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "Your Growth plan renews on 2026-12-28. Cancel it in Manage billing first, so you are not charged for an account that no longer exists; then delete the account.",
    );
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);

    // Cancelled (it ends at the period's end): nothing more will be charged, so the account may go.
    await env.DB.prepare("UPDATE subscriptions SET cancel_at_period_end = 1 WHERE user_id = ?").bind(u.user.id).run();
    expect((await call("/api/account", { method: "DELETE", token: u.token, body: { password: STRONG_PASSWORD } })).status).toBe(200);
  });

  it("needs a signed-in caller for every settings route", async () => {
    for (const [method, path] of [
      ["PATCH", "/api/account/username"],
      ["PATCH", "/api/account/email"],
      ["POST", "/api/account/password"],
      ["GET", "/api/account/sessions"],
      ["GET", "/api/account/export"],
      ["DELETE", "/api/account"],
    ]) {
      const res = await call(path, { method, body: method === "GET" ? undefined : {} });
      expect([400, 401]).toContain(res.status);
      if (method === "GET") expect(res.status).toBe(401);
    }
  });
});

describe("unverified users", () => {
  it("can use their session but are flagged unverified", async () => {
    const u = await signupUser();
    const status = await call("/api/auth/status", { token: u.token });
    expect(status.json).toEqual({ status: "ok", authenticated: true, emailVerified: false });
  });
});

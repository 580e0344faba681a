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

import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { DEV_AUTH_SECRET } from "~/server/platform/env";
import { LOGIN_FAILED_MESSAGE, FORGOT_PASSWORD_MESSAGE } from "~/server/auth/service";
import { JWT_AUDIENCE, JWT_ISSUER } from "~/server/auth/tokens";
import { hashPassword } from "~/server/auth/passwords";
import {
  call,
  cookiesOf,
  latestLink,
  makeAdmin,
  signupUser,
  STRONG_PASSWORD,
  tokenOf,
  uniqueName,
  verifiedUser,
} from "./helpers";

describe("signup", () => {
  it("creates the account, signs in, and emails a verification link", async () => {
    const u = await signupUser();
    expect(u.user).toMatchObject({ username: u.name, email: u.email, emailVerified: false, role: "user" });
    expect(typeof u.user.id).toBe("number");
    const me = await call("/api/auth/me", { token: u.token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id: u.user.id, emailVerified: false });
    expect(await latestLink(u.email, "verify_email")).toMatch(/\/verify-email\?token=[\w-]{40,}$/);
  });

  it.each([
    [{ password: "short" }, "at least 8 characters"],
    [{ password: "x".repeat(129) }, "at most 128 characters"],
    [{ password: "password123" }, "too common"],
    [{ password: "Baseball1" }, "too common"],
    [{ username: "a" }, "Username must be 3 to 32"],
    [{ email: "nope" }, "email must be a valid email"],
  ])("refuses %j with a message that names the problem", async (override, message) => {
    const name = uniqueName();
    const res = await call("/api/auth/signup", {
      method: "POST",
      body: { username: name, email: `${name}@store.test`, password: STRONG_PASSWORD, ...override },
    });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe("VALIDATION");
    expect(res.json.message).toContain(message);
  });

  it("accepts any long unusual password, with no composition rules, exactly as typed", async () => {
    const name = uniqueName();
    const pw = "  all lowercase words with spaces  ";
    const res = await call("/api/auth/signup", {
      method: "POST",
      body: { username: name, email: `${name}@store.test`, password: pw },
    });
    expect(res.status).toBe(201);
    expect((await call("/api/auth/login", { method: "POST", body: { username: name, password: pw } })).status).toBe(200);
    // Trimmed is a different password.
    expect((await call("/api/auth/login", { method: "POST", body: { username: name, password: pw.trim() } })).status).toBe(401);
  });

  it("refuses a taken username or email, case-insensitively", async () => {
    const u = await signupUser();
    const again = await call("/api/auth/signup", {
      method: "POST",
      body: { username: u.name.toUpperCase(), email: `other${u.email}`, password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(409);
    const sameEmail = await call("/api/auth/signup", {
      method: "POST",
      body: { username: uniqueName(), email: u.email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(sameEmail.status).toBe(409);
  });
});

describe("login", () => {
  it("accepts the username or the email", async () => {
    const u = await signupUser();
    for (const login of [u.name, u.email, u.email.toUpperCase()]) {
      const res = await call("/api/auth/login", { method: "POST", body: { username: login, password: STRONG_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.json.token).toBeTruthy();
    }
  });

  it("answers the same for an unknown account and a wrong password", async () => {
    const u = await signupUser();
    const wrong = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: "wrong-password-1" } });
    const unknown = await call("/api/auth/login", {
      method: "POST",
      body: { username: uniqueName("ghost"), password: "wrong-password-1" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(LOGIN_FAILED_MESSAGE);
    const strip = (j: Record<string, unknown>) => ({ ...j, requestId: undefined });
    expect(strip(unknown.json)).toEqual(strip(wrong.json));
  });

  it("sets an HttpOnly SameSite=Lax session cookie and a readable XSRF cookie over http", async () => {
    const u = await signupUser();
    const res = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    const cookies = cookiesOf(res.res);
    const session = cookies.dc_session;
    expect(session.value).toBe(res.json.token);
    expect(session.attrs).toContain("HttpOnly");
    expect(session.attrs).toContain("SameSite=Lax");
    expect(session.attrs).toContain("Path=/");
    expect(session.attrs).not.toContain("Secure");
    expect(cookies["XSRF-TOKEN"].value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookies["XSRF-TOKEN"].attrs).not.toContain("HttpOnly");
  });

  it("uses a __Host- Secure cookie over https", async () => {
    const u = await signupUser();
    const res = await call("/api/auth/login", {
      method: "POST",
      body: { username: u.name, password: STRONG_PASSWORD },
      base: "https://dropcraft.test",
    });
    const session = cookiesOf(res.res)["__Host-dc_session"];
    expect(session).toBeDefined();
    expect(session.attrs).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]));
    expect(session.attrs.some((a) => a.startsWith("Domain"))).toBe(false);
  });

  it("rehashes a password stored with older parameters on the next login", async () => {
    const u = await signupUser();
    const weak = await hashPassword(STRONG_PASSWORD, 1_000);
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(weak, u.user.id).run();
    const res = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT password_hash AS h FROM users WHERE id = ?").bind(u.user.id).first<{ h: string }>();
    expect(row!.h.split("$")[1]).toBe("100000");
  });
});

describe("session tokens", () => {
  const secret = new TextEncoder().encode(DEV_AUTH_SECRET);
  const sign = (claims: { sid: string; sub: string }, opts: { alg?: string; aud?: string; exp?: number; kid?: string; iss?: string } = {}) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: opts.alg ?? "HS256", kid: opts.kid ?? "k1" })
      .setSubject(claims.sub)
      .setIssuer(opts.iss ?? JWT_ISSUER)
      .setAudience(opts.aud ?? JWT_AUDIENCE)
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(secret);

  async function sessionOf(token: string) {
    const [, payload] = token.split(".");
    return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string; sub: string };
  }

  it("accepts its own token and refuses a tampered one", async () => {
    const u = await signupUser();
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    const tampered = u.token.slice(0, -3) + (u.token.endsWith("AAA") ? "BBB" : "AAA");
    expect((await call("/api/auth/me", { token: tampered })).status).toBe(401);
  });

  it.each([
    ["another algorithm", { alg: "HS512" }],
    ["the wrong audience", { aud: "someone-else" }],
    ["the wrong issuer", { iss: "evil" }],
    ["an unknown key id", { kid: "k9" }],
    ["an expired exp", { exp: Math.floor(Date.now() / 1000) - 10 }],
  ])("refuses a token with %s", async (_label, opts) => {
    const u = await signupUser();
    const claims = await sessionOf(u.token);
    const forged = await sign(claims, opts);
    const res = await call("/api/auth/me", { token: forged });
    expect(res.status).toBe(401);
    expect(res.json.type).toBe("UNAUTHENTICATED");
    // The same claims correctly signed do work: the refusal is about the one property.
    expect((await call("/api/auth/me", { token: await sign(claims) })).status).toBe(200);
  });

  it("refuses an unsigned (alg none) token", async () => {
    const u = await signupUser();
    const claims = await sessionOf(u.token);
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: 9999999999 })}.`;
    expect((await call("/api/auth/me", { token: none })).status).toBe(401);
  });

  it("refuses a revoked session at once (logout)", async () => {
    const u = await signupUser();
    expect((await call("/api/auth/logout", { method: "POST", token: u.token })).status).toBe(200);
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(401);
  });
});

describe("CSRF", () => {
  async function cookieSession() {
    const u = await verifiedUser();
    const login = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    const c = cookiesOf(login.res);
    return { cookie: `dc_session=${c.dc_session.value}; XSRF-TOKEN=${c["XSRF-TOKEN"].value}`, xsrf: c["XSRF-TOKEN"].value };
  }

  it("refuses a cookie-authenticated write without the X-XSRF-TOKEN header", async () => {
    const { cookie } = await cookieSession();
    const res = await call("/api/account/username", { method: "PATCH", body: { username: uniqueName() }, headers: { cookie } });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain("CSRF");
  });

  it("refuses a mismatched header and accepts the matching one", async () => {
    const { cookie, xsrf } = await cookieSession();
    const bad = await call("/api/account/username", {
      method: "PATCH",
      body: { username: uniqueName() },
      headers: { cookie, "x-xsrf-token": "0".repeat(64) },
    });
    expect(bad.status).toBe(403);
    const good = await call("/api/account/username", {
      method: "PATCH",
      body: { username: uniqueName() },
      headers: { cookie, "x-xsrf-token": xsrf },
    });
    expect(good.status).toBe(200);
  });

  it("lets cookie-authenticated reads through without the header", async () => {
    const { cookie } = await cookieSession();
    expect((await call("/api/auth/me", { headers: { cookie } })).status).toBe(200);
  });
});

describe("email verification", () => {
  it("verifies once; a second use of the same link is harmless", async () => {
    const u = await signupUser();
    const token = tokenOf(await latestLink(u.email, "verify_email"));
    const first = await call("/api/auth/verify-email", { method: "POST", body: { token } });
    expect(first.status).toBe(200);
    expect(first.json.alreadyVerified).toBe(false);
    expect((await call("/api/auth/me", { token: u.token })).json.data.emailVerified).toBe(true);
    const second = await call("/api/auth/verify-email", { method: "POST", body: { token } });
    expect(second.status).toBe(200);
    expect(second.json.alreadyVerified).toBe(true);
  });

  it("refuses a tampered token", async () => {
    const u = await signupUser();
    const token = tokenOf(await latestLink(u.email, "verify_email"));
    const res = await call("/api/auth/verify-email", { method: "POST", body: { token: token.slice(0, -2) + "xx" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("not valid");
  });

  it("refuses an expired token (24 h) and says so", async () => {
    const u = await signupUser();
    const token = tokenOf(await latestLink(u.email, "verify_email"));
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), u.user.id)
      .run();
    const res = await call("/api/auth/verify-email", { method: "POST", body: { token } });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("expired");
  });

  it("issues links that expire 24 hours after sending", async () => {
    const u = await signupUser();
    const row = await env.DB.prepare("SELECT created_at AS c, expires_at AS e FROM auth_tokens WHERE user_id = ?")
      .bind(u.user.id)
      .first<{ c: string; e: string }>();
    expect(Date.parse(row!.e) - Date.parse(row!.c)).toBeGreaterThan(24 * 3600_000 - 5_000);
    expect(Date.parse(row!.e) - Date.parse(row!.c)).toBeLessThan(24 * 3600_000 + 5_000);
  });

  it("refuses a resend within 60 s of the last send, on the server, with Retry-After", async () => {
    const u = await signupUser();
    const res = await call("/api/auth/send-verification", { method: "POST", token: u.token });
    expect(res.status).toBe(429);
    expect(res.json.type).toBe("RATE_LIMITED");
    const retry = Number(res.res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(50);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it("sends again once the 60 s have passed, and the old link stops working", async () => {
    const u = await signupUser();
    const oldToken = tokenOf(await latestLink(u.email, "verify_email"));
    await env.DB.prepare("UPDATE users SET verification_sent_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 61_000).toISOString(), u.user.id)
      .run();
    const res = await call("/api/auth/send-verification", { method: "POST", token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Check your inbox and spam folder for the verification link.");
    const newToken = tokenOf(await latestLink(u.email, "verify_email"));
    expect(newToken).not.toBe(oldToken);
    expect((await call("/api/auth/verify-email", { method: "POST", body: { token: oldToken } })).status).toBe(400);
    expect((await call("/api/auth/verify-email", { method: "POST", body: { token: newToken } })).status).toBe(200);
  });

  it("needs a signed-in caller to resend", async () => {
    expect((await call("/api/auth/send-verification", { method: "POST" })).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("answers the same whether or not the account exists", async () => {
    const u = await signupUser();
    const known = await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const unknown = await call("/api/auth/forgot-password", { method: "POST", body: { email: `${uniqueName()}@nowhere.test` } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json.message).toBe(FORGOT_PASSWORD_MESSAGE);
  });

  it("resets with the emailed link, ends every old session, and the link works once", async () => {
    const u = await signupUser();
    const second = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const token = tokenOf(await latestLink(u.email, "reset_password"));
    expect((await call(`/api/auth/validate-reset-token?token=${token}`)).json.valid).toBe(true);

    const res = await call("/api/auth/reset-password", { method: "POST", body: { token, password: "new-harbor-lantern-77" } });
    expect(res.status).toBe(200);
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("/api/auth/me", { token: second.json.token })).status).toBe(401);
    expect((await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } })).status).toBe(401);
    expect((await call("/api/auth/login", { method: "POST", body: { username: u.name, password: "new-harbor-lantern-77" } })).status).toBe(200);

    const reuse = await call("/api/auth/reset-password", { method: "POST", body: { token, password: "third-harbor-lantern-99" } });
    expect(reuse.status).toBe(400);
    expect((await call(`/api/auth/validate-reset-token?token=${token}`)).json.valid).toBe(false);
  });

  it("refuses expired and tampered reset links", async () => {
    const u = await signupUser();
    await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const token = tokenOf(await latestLink(u.email, "reset_password"));
    const tampered = await call("/api/auth/reset-password", { method: "POST", body: { token: token + "x", password: "new-harbor-lantern-77" } });
    expect(tampered.status).toBe(400);
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE user_id = ? AND kind = 'reset_password'")
      .bind(new Date(Date.now() - 1000).toISOString(), u.user.id)
      .run();
    expect((await call(`/api/auth/validate-reset-token?token=${token}`)).json.valid).toBe(false);
    const expired = await call("/api/auth/reset-password", { method: "POST", body: { token, password: "new-harbor-lantern-77" } });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toContain("expired");
  });

  it("a password change ends every reset link still waiting", async () => {
    const u = await verifiedUser();
    await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const resetToken = tokenOf(await latestLink(u.email, "reset_password"));
    const changed = await call("/api/account/password", {
      method: "POST",
      token: u.token,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "fresh-harbor-lantern-55" },
    });
    expect(changed.status).toBe(200);
    expect((await call(`/api/auth/validate-reset-token?token=${resetToken}`)).json.valid).toBe(false);
    const reset = await call("/api/auth/reset-password", { method: "POST", body: { token: resetToken, password: "attacker-lantern-00" } });
    expect(reset.status).toBe(400);
  });

  it("a password reset ends every emailed link still waiting, the pending email change's included", async () => {
    const u = await verifiedUser();
    const newEmail = `${uniqueName()}@moved.test`;
    const moved = await call("/api/account/email", { method: "PATCH", token: u.token, body: { email: newEmail, password: STRONG_PASSWORD } });
    expect(moved.status).toBe(200);
    const changeToken = tokenOf(await latestLink(newEmail, "email_changed"));
    await call("/api/auth/forgot-password", { method: "POST", body: { email: newEmail } });
    const resetToken = tokenOf(await latestLink(newEmail, "reset_password"));
    expect(changeToken).toBeTruthy();
    const waiting = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM auth_tokens WHERE user_id = ? AND used_at IS NULL AND expires_at > ?")
        .bind(u.user.id, new Date().toISOString())
        .first<{ n: number }>();
    expect((await waiting())?.n).toBe(2);
    expect((await call("/api/auth/reset-password", { method: "POST", body: { token: resetToken, password: "new-harbor-lantern-77" } })).status).toBe(200);
    // Nothing emailed before the new password can still be used.
    expect((await waiting())?.n).toBe(0);
  });

  it("a reset ends the other reset links sent before it", async () => {
    const u = await signupUser();
    await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const first = tokenOf(await latestLink(u.email, "reset_password"));
    expect((await call("/api/auth/reset-password", { method: "POST", body: { token: first, password: "new-harbor-lantern-77" } })).status).toBe(200);
    expect((await call(`/api/auth/validate-reset-token?token=${first}`)).json.valid).toBe(false);
  });

  it("applies the password rules to the new password", async () => {
    const u = await signupUser();
    await call("/api/auth/forgot-password", { method: "POST", body: { email: u.email } });
    const token = tokenOf(await latestLink(u.email, "reset_password"));
    const res = await call("/api/auth/reset-password", { method: "POST", body: { token, password: "password1" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("too common");
    // A refused password does not use up the link.
    expect((await call(`/api/auth/validate-reset-token?token=${token}`)).json.valid).toBe(true);
  });
});

describe("rate limits", () => {
  it("locks out login for one account after 10 attempts with 429 and Retry-After", async () => {
    const u = await signupUser();
    for (let i = 0; i < 10; i++) {
      const res = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: `wrong-${i}-password` } });
      expect(res.status).toBe(401);
    }
    const blocked = await call("/api/auth/login", { method: "POST", body: { username: u.name, password: STRONG_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.type).toBe("RATE_LIMITED");
    expect(Number(blocked.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts guesses by username and by email against one allowance per account", async () => {
    const u = await signupUser();
    for (let i = 0; i < 10; i++) {
      const identifier = i % 2 ? u.email.toUpperCase() : u.name;
      const res = await call("/api/auth/login", { method: "POST", body: { username: identifier, password: `wrong-${i}-password` } });
      expect(res.status).toBe(401);
    }
    for (const identifier of [u.name, u.email]) {
      const blocked = await call("/api/auth/login", { method: "POST", body: { username: identifier, password: STRONG_PASSWORD } });
      expect(blocked.status).toBe(429);
    }
  });

  it("limits forgot-password per email address", async () => {
    const email = `${uniqueName()}@nowhere.test`;
    for (let i = 0; i < 5; i++) {
      expect((await call("/api/auth/forgot-password", { method: "POST", body: { email } })).status).toBe(200);
    }
    const blocked = await call("/api/auth/forgot-password", { method: "POST", body: { email } });
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get("retry-after")).toBeTruthy();
  });

  it("limits signups per client IP", async () => {
    const ip = "198.51.100.7";
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const name = uniqueName();
      const res = await call("/api/auth/signup", {
        method: "POST",
        body: { username: name, email: `${name}@store.test`, password: STRONG_PASSWORD },
        headers: { "cf-connecting-ip": ip },
      });
      last = res.status;
      if (i < 10) expect(res.status).toBe(201);
    }
    expect(last).toBe(429);
  });
});

describe("admin", () => {
  it("is 401 signed out, 403 for a user, 200 for an admin", async () => {
    expect((await call("/api/admin/overview")).status).toBe(401);
    const u = await verifiedUser();
    const forbidden = await call("/api/admin/overview", { token: u.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.type).toBe("FORBIDDEN");
    await makeAdmin(u.user.id);
    const ok = await call("/api/admin/overview", { token: u.token });
    expect(ok.status).toBe(200);
    expect(ok.json.data.users.total).toBeGreaterThan(0);
  });

  it("guards the /admin page on the server", async () => {
    const u = await verifiedUser();
    const asUser = await call("/admin", { headers: { cookie: `dc_session=${u.token}` } });
    expect(asUser.status).toBe(403);
    await makeAdmin(u.user.id);
    const asAdmin = await call("/admin", { headers: { cookie: `dc_session=${u.token}` } });
    expect(asAdmin.status).toBe(200);
  });
});

describe("protected pages on the server", () => {
  it("redirect a signed-out request to login with the encoded path", async () => {
    const res = await call("/history?q=1");
    expect(res.status).toBe(302);
    expect(res.res.headers.get("location")).toBe("/login?redirect=%2Fhistory%3Fq%3D1");
  });

  it("render for a signed-in request", async () => {
    const u = await verifiedUser();
    expect((await call("/history", { headers: { cookie: `dc_session=${u.token}` } })).status).toBe(200);
  });
});

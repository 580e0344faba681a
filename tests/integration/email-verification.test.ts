/**
 * The server, not the browser, keeps unverified accounts out: every API route but the ones the
 * verification gate needs answers 403 EMAIL_NOT_VERIFIED, and protected screens' loaders return
 * no data. Verified users are unaffected.
 */
import { describe, expect, it } from "vitest";
import { BASE, call, signupUser, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const GATED: [string, string, unknown?][] = [
  ["GET", "/api/chats"],
  ["POST", "/api/chats", { title: "Research" }],
  ["POST", "/api/chats/00000000-0000-4000-8000-000000000001/messages", { content: "What should I sell?" }],
  ["DELETE", "/api/chats"],
  ["GET", "/api/usage/summary"],
  ["GET", "/api/usage/history?days=30"],
  ["GET", "/api/usage/stream"],
  ["GET", "/api/usage-limits/queriesPerDay"],
  ["GET", "/api/subscription-status"],
  ["POST", "/api/billing/checkout", { interval: "monthly" }],
  ["GET", "/api/billing/portal"],
  ["POST", "/api/billing/dev-checkout", { interval: "monthly" }],
  ["PATCH", "/api/account/username", { username: "renamed-unverified" }],
  ["POST", "/api/account/password", { currentPassword: "x", newPassword: "y" }],
  ["GET", "/api/account/sessions"],
  ["GET", "/api/admin/overview"],
];

describe("an unverified account", () => {
  it.each(GATED)("gets 403 EMAIL_NOT_VERIFIED from %s %s", async (method, path, body) => {
    const u = await signupUser();
    const res = await call(path, { method, token: u.token, body });
    expect(res.status).toBe(403);
    expect(res.json.type).toBe("EMAIL_NOT_VERIFIED");
    expect(res.json.message).toMatch(/verify your email/i);
  });

  it("spends nothing: a refused question leaves no chat and no usage", async () => {
    const u = await signupUser();
    await call("/api/chats/00000000-0000-4000-8000-0000000000aa/messages", { method: "POST", token: u.token, body: { content: "hi" } });
    // Verify, then look: the refused question created nothing and cost nothing.
    const { latestLink, tokenOf } = await import("./helpers");
    const token = tokenOf(await latestLink(u.email, "verify_email"));
    expect((await call("/api/auth/verify-email", { method: "POST", body: { token } })).status).toBe(200);
    expect((await call("/api/chats", { token: u.token })).json.chats).toEqual([]);
    expect((await call("/api/usage/summary", { token: u.token })).json.data.usage.queries).toBe(0);
  });

  it.each([
    ["GET", "/api/auth/me"],
    ["GET", "/api/auth/status"],
    ["POST", "/api/auth/send-verification"],
    ["GET", "/api/account/export"],
  ])("still reaches %s %s, which the gate needs", async (method, path) => {
    const u = await signupUser();
    const res = await call(path, { method, token: u.token });
    // (A resend straight after signup may be told to wait: that is the resend limit, not the gate.)
    expect(res.json.type).not.toBe("EMAIL_NOT_VERIFIED");
    expect(res.status).not.toBe(403);
  });

  it("can still reach support: open a ticket, read it and reply (the gate's Contact support)", async () => {
    const u = await signupUser();
    const opened = await call("/api/support/tickets", {
      method: "POST",
      token: u.token,
      body: { subject: "No verification email", category: "account", message: "The link never arrived, and I checked spam." },
    });
    expect(opened.status).toBe(201);
    const id = opened.json.data.id as string;
    expect((await call(`/api/support/tickets/${id}`, { token: u.token })).status).toBe(200);
    expect((await call(`/api/support/tickets/${id}/replies`, { method: "POST", token: u.token, body: { message: "Still nothing." } })).status).toBe(201);
    expect((await call("/api/support/tickets", { token: u.token })).status).toBe(200);
    // Feedback is not support: it waits for a verified address.
    expect((await call("/api/feedback", { method: "POST", token: u.token, body: { kind: "idea", title: "Dark mode", details: "Please" } })).json.type).toBe("EMAIL_NOT_VERIFIED");
  });

  it("can sign out and delete the account", async () => {
    const u = await signupUser();
    expect((await call("/api/auth/logout", { method: "POST", token: u.token })).status).toBe(200);
    const other = await signupUser();
    const { STRONG_PASSWORD } = await import("./helpers");
    const deleted = await call("/api/account", { method: "DELETE", token: other.token, body: { password: STRONG_PASSWORD } });
    expect(deleted.status).toBeLessThan(400);
  });

  it("gets no protected screen data from a loader", async () => {
    const u = await signupUser();
    const res = await WORKER.fetch(`${BASE}/settings.data`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(403);
  });
});

describe("a verified account", () => {
  it("is unaffected", async () => {
    const u = await verifiedUser();
    expect((await call("/api/chats", { token: u.token })).status).toBe(200);
    expect((await call("/api/usage/summary", { token: u.token })).status).toBe(200);
    const res = await WORKER.fetch(`${BASE}/settings.data`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
  });
});

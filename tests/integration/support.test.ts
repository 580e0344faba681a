/**
 * Support tickets in workerd with D1, R2 and the outbox mailer: the whole lifecycle (open, staff
 * reply that emails the user, answered, user reply reopens, close), the screenshot (checked by its
 * bytes, served to its owner and staff), the paid plans' 24-hour promise, the rate limit, the
 * staff-only inbox and the audit entry of every staff action.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, makeAdmin, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type U = Awaited<ReturnType<typeof verifiedUser>>;

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

async function staff(): Promise<U> {
  const s = await verifiedUser();
  await makeAdmin(s.user.id);
  return s;
}

async function subscribe(u: U) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}

async function openTicket(u: U, body: Record<string, unknown> = {}) {
  return call("/api/support/tickets", { method: "POST", token: u.token, body: { subject: "Export to Shopify fails", category: "export", message: "The export stops at step 2.", ...body } });
}

async function openWithScreenshot(u: U, bytes: Uint8Array<ArrayBuffer>, name = "shot.png") {
  const form = new FormData();
  form.append("subject", "The page builder looks broken");
  form.append("category", "bug");
  form.append("message", "See the screenshot.");
  form.append("file", new File([bytes], name));
  const res = await WORKER.fetch(`${BASE}/api/support/tickets`, { method: "POST", headers: { authorization: `Bearer ${u.token}` }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
}

async function auditFor(ticketId: string) {
  return (await env.DB.prepare("SELECT action, reason, actor_id FROM admin_audit_log WHERE target_type = 'support_ticket' AND target_id = ? ORDER BY id").bind(ticketId).all()).results as { action: string; reason: string; actor_id: number }[];
}

describe("support tickets", () => {
  it("runs the lifecycle: open, staff reply emailed, answered, user reply reopens, closed", async () => {
    const u = await verifiedUser();
    const s = await staff();
    const opened = await openTicket(u, { articleKey: "images/uploading-photos" });
    expect(opened.status).toBe(201);
    const ticket = opened.json.data;
    expect(ticket).toMatchObject({ status: "open", category: "export", articleKey: "images/uploading-photos", respondBy: null, screenshotUrl: null });
    expect(ticket.messages).toEqual([expect.objectContaining({ author: "user", authorName: u.name, body: "The export stops at step 2." })]);

    const list = await call("/api/support/tickets", { token: u.token });
    expect(list.json.data.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
    expect(list.json.promise).toEqual({ plan: "free", firstResponseHours: null });

    const reply = await call(`/api/admin/support/tickets/${ticket.id}/replies`, { method: "POST", token: s.token, body: { message: "Reconnect your store from Settings, then export again." } });
    expect(reply.status).toBe(201);
    expect(reply.json.data).toMatchObject({ status: "answered", user: { id: u.user.id, email: u.email } });
    expect(reply.json.data.firstResponseAt).toEqual(expect.any(String));

    const mail = await call(`/api/dev/outbox?to=${encodeURIComponent(u.email)}`);
    const sent = mail.json.data.find((m: { kind: string }) => m.kind === "support_reply");
    expect(sent).toBeTruthy();
    expect(sent.subject).toBe("Re: Export to Shopify fails");
    expect(sent.link).toMatch(new RegExp(`/support\\?ticket=${ticket.id}$`));

    const seen = await call(`/api/support/tickets/${ticket.id}`, { token: u.token });
    expect(seen.json.data.status).toBe("answered");
    expect(seen.json.data.messages.map((m: { author: string; authorName: string }) => [m.author, m.authorName])).toEqual([["user", u.name], ["staff", s.name]]);

    const back = await call(`/api/support/tickets/${ticket.id}/replies`, { method: "POST", token: u.token, body: { message: "Still failing." } });
    expect(back.status).toBe(201);
    expect(back.json.data.status).toBe("open");
    expect(back.json.data.messages).toHaveLength(3);

    const waiting = await call(`/api/admin/support/tickets/${ticket.id}/status`, { method: "POST", token: s.token, body: { status: "waiting_on_you", reason: "Asked for the store URL" } });
    expect(waiting.json.data.status).toBe("waiting_on_you");
    const closed = await call(`/api/admin/support/tickets/${ticket.id}/status`, { method: "POST", token: s.token, body: { status: "closed", reason: "Solved" } });
    expect(closed.status).toBe(200);
    expect((await call(`/api/support/tickets/${ticket.id}`, { token: u.token })).json.data.status).toBe("closed");

    expect(await auditFor(ticket.id)).toEqual([
      { action: "ticket.reply", reason: "Support reply", actor_id: s.user.id },
      { action: "ticket.status", reason: "Asked for the store URL", actor_id: s.user.id },
      { action: "ticket.status", reason: "Solved", actor_id: s.user.id },
    ]);
  });

  it("names the field that is wrong", async () => {
    const u = await verifiedUser();
    const bad = await openTicket(u, { category: "refunds", subject: "  " });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("subject: subject cannot be empty");
    expect(bad.json.message).toContain("category must be one of");
    const badKey = await openTicket(u, { articleKey: "../etc" });
    expect(badKey.status).toBe(400);
    expect(badKey.json.message).toContain("articleKey");
  });

  it("gives paid plans the 24-hour promise and the free plan none", async () => {
    const free = await verifiedUser();
    const paid = await verifiedUser();
    await subscribe(paid);
    const before = Date.now();
    const t = (await openTicket(paid)).json.data;
    const due = Date.parse(t.respondBy) - Date.parse(t.createdAt);
    expect(due).toBe(24 * 3_600_000);
    expect(Date.parse(t.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call("/api/support/tickets", { token: paid.token })).json.promise).toEqual({ plan: "automation", firstResponseHours: 24 });
    expect((await openTicket(free)).json.data.respondBy).toBeNull();
  });

  it("stores a screenshot in R2, checked by its bytes, and serves it to its owner and staff only", async () => {
    const u = await verifiedUser();
    const other = await verifiedUser();
    const s = await staff();
    const made = await openWithScreenshot(u, PNG, "looks-like.txt");
    expect(made.status).toBe(201);
    const t = made.json.data;
    expect(t.screenshotUrl).toBe(`/api/support/tickets/${t.id}/screenshot`);

    const own = await WORKER.fetch(`${BASE}${t.screenshotUrl}`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);

    expect((await call(t.screenshotUrl, { token: other.token })).status).toBe(404);
    expect((await call(t.screenshotUrl)).status).toBe(401);
    const asStaff = await WORKER.fetch(`${BASE}/api/admin/support/tickets/${t.id}/screenshot`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(asStaff.status).toBe(200);
    expect((await call(`/api/admin/support/tickets/${t.id}/screenshot`, { token: other.token })).status).toBe(403);

    const notImage = await openWithScreenshot(u, new TextEncoder().encode("<html>not an image</html>"), "shot.png");
    expect(notImage.status).toBe(415);
    expect(notImage.json.message).toContain("PNG, JPEG or WebP");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await openWithScreenshot(u, big);
    expect(tooBig.status).toBe(413);
    // Nothing half-made: only the one good ticket exists.
    expect((await call("/api/support/tickets", { token: u.token })).json.data).toHaveLength(1);
  });

  it("rate-limits new tickets: the sixth in an hour is refused with 429", async () => {
    const u = await verifiedUser();
    for (let i = 0; i < 5; i++) expect((await openTicket(u, { subject: `Question ${i}` })).status).toBe(201);
    const over = await openTicket(u);
    expect(over.status).toBe(429);
    expect(over.json.type).toBe("RATE_LIMITED");
    expect(over.res.headers.get("retry-after")).toBeTruthy();
  });

  it("refuses every staff route to a non-staff user (403) and a visitor (401)", async () => {
    const u = await verifiedUser();
    const t = (await openTicket(u)).json.data;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/support/tickets"],
      ["GET", `/api/admin/support/tickets/${t.id}`],
      ["GET", `/api/admin/support/tickets/${t.id}/screenshot`],
      ["POST", `/api/admin/support/tickets/${t.id}/replies`, { message: "hi", reason: "x" }],
      ["POST", `/api/admin/support/tickets/${t.id}/assign`, { assigneeId: u.user.id, reason: "x" }],
      ["POST", `/api/admin/support/tickets/${t.id}/status`, { status: "closed", reason: "x" }],
      ["GET", "/api/admin/feedback"],
      ["POST", "/api/admin/feedback/anything/status", { status: "done", reason: "x" }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(path, { method, token: u.token, body })).status, `${method} ${path}`).toBe(403);
      expect((await call(path, { method, body })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await call(`/api/support/tickets/${t.id}`, { token: u.token })).json.data.status).toBe("open");
    expect(await auditFor(t.id)).toEqual([]);
  });

  it("lets staff filter the inbox, assign to staff only with a reason, and audits it", async () => {
    const u = await verifiedUser();
    const s = await staff();
    const t = (await openTicket(u, { subject: `Billing ${u.name}`, category: "billing" })).json.data;

    const noReason = await call(`/api/admin/support/tickets/${t.id}/assign`, { method: "POST", token: s.token, body: { assigneeId: s.user.id } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toContain("reason");
    const toUser = await call(`/api/admin/support/tickets/${t.id}/assign`, { method: "POST", token: s.token, body: { assigneeId: u.user.id, reason: "x" } });
    expect(toUser.status).toBe(400);
    expect(toUser.json.message).toContain("staff member");

    const mine = await call(`/api/admin/support/tickets/${t.id}/assign`, { method: "POST", token: s.token, body: { assigneeId: s.user.id, reason: "Taking billing today" } });
    expect(mine.json.data).toMatchObject({ assigneeId: s.user.id, assigneeName: s.name });

    const byMe = await call("/api/admin/support/tickets?assignee=me", { token: s.token });
    expect(byMe.json.data.map((r: { id: string }) => r.id)).toContain(t.id);
    const byText = await call(`/api/admin/support/tickets?q=${encodeURIComponent(u.name)}`, { token: s.token });
    expect(byText.json.data.map((r: { id: string }) => r.id)).toEqual([t.id]);
    expect(byText.json.data[0].user).toEqual({ id: u.user.id, username: u.name, email: u.email });
    const byUser = await call(`/api/admin/support/tickets?userId=${u.user.id}&status=closed`, { token: s.token });
    expect(byUser.json.data).toEqual([]);

    const unassigned = await call(`/api/admin/support/tickets/${t.id}/assign`, { method: "POST", token: s.token, body: { assigneeId: null, reason: "Off shift" } });
    expect(unassigned.json.data.assigneeId).toBeNull();
    const badStatus = await call(`/api/admin/support/tickets/${t.id}/status`, { method: "POST", token: s.token, body: { status: "deleted", reason: "x" } });
    expect(badStatus.status).toBe(400);
    expect(await auditFor(t.id)).toEqual([
      { action: "ticket.assign", reason: "Taking billing today", actor_id: s.user.id },
      { action: "ticket.unassign", reason: "Off shift", actor_id: s.user.id },
    ]);
    expect((await call("/api/admin/support/tickets/no-such-id/replies", { method: "POST", token: s.token, body: { message: "hi" } })).status).toBe(404);
  });
});

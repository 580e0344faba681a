/**
 * The feedback board in workerd: submissions (checked, rate limited), one vote per user (voting
 * again changes nothing, a vote can be taken back), statuses and the team's reply set by staff
 * with a reason, each in the audit log.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, makeAdmin, verifiedUser } from "./helpers";

type U = Awaited<ReturnType<typeof verifiedUser>>;

const submit = (u: U, body: Record<string, unknown> = {}) =>
  call("/api/feedback", { method: "POST", token: u.token, body: { kind: "idea", title: "Export to WooCommerce", details: "Many of us sell on WooCommerce too.", ...body } });

describe("feedback board", () => {
  it("counts one vote per user: voting again is idempotent, and a vote can be taken back", async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    const item = (await submit(a)).json.data;
    expect(item).toMatchObject({ kind: "idea", status: "under_review", votes: 1, votedByMe: true, mine: true, teamReply: null });

    const seenByB = (await call("/api/feedback", { token: b.token })).json.data.find((i: { id: string }) => i.id === item.id);
    expect(seenByB).toMatchObject({ votes: 1, votedByMe: false, mine: false });

    expect((await call(`/api/feedback/${item.id}/votes`, { method: "POST", token: b.token })).json.data).toMatchObject({ votes: 2, votedByMe: true });
    expect((await call(`/api/feedback/${item.id}/votes`, { method: "POST", token: b.token })).json.data).toMatchObject({ votes: 2, votedByMe: true });
    expect((await call(`/api/feedback/${item.id}/votes`, { method: "POST", token: a.token })).json.data.votes).toBe(2);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM feedback_votes WHERE feedback_id = ?").bind(item.id).first<{ n: number }>();
    expect(count?.n).toBe(2);

    expect((await call(`/api/feedback/${item.id}/votes`, { method: "DELETE", token: b.token })).json.data).toMatchObject({ votes: 1, votedByMe: false });
    expect((await call(`/api/feedback/${item.id}/votes`, { method: "DELETE", token: b.token })).json.data.votes).toBe(1);
  });

  it("names what is wrong in a submission", async () => {
    const u = await verifiedUser();
    const bad = await submit(u, { kind: "rant", title: "ab", details: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("kind must be idea or bug");
    expect(bad.json.message).toContain("title is too short");
    expect(bad.json.message).toContain("details cannot be empty");
    expect((await call("/api/feedback", { method: "POST", body: { kind: "idea", title: "Hello", details: "x" } })).status).toBe(401);
  });

  it("lets staff set statuses and reply with a reason, audited, and filters the board by status", async () => {
    const u = await verifiedUser();
    const s = await verifiedUser();
    await makeAdmin(s.user.id);
    const item = (await submit(u, { kind: "bug", title: `Chart cut off ${u.name}`, details: "On the usage page." })).json.data;

    const noReason = await call(`/api/admin/feedback/${item.id}/status`, { method: "POST", token: s.token, body: { status: "planned" } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toContain("reason");

    const planned = await call(`/api/admin/feedback/${item.id}/status`, { method: "POST", token: s.token, body: { status: "planned", reply: "Thanks, we can reproduce it.", reason: "Triaged" } });
    expect(planned.status).toBe(200);
    expect(planned.json.data).toMatchObject({ status: "planned", teamReply: "Thanks, we can reproduce it." });
    const done = await call(`/api/admin/feedback/${item.id}/status`, { method: "POST", token: s.token, body: { status: "done", reason: "Fixed in release" } });
    expect(done.json.data).toMatchObject({ status: "done", teamReply: "Thanks, we can reproduce it." });

    const board = (await call("/api/feedback?status=done", { token: u.token })).json.data;
    expect(board.map((i: { id: string }) => i.id)).toContain(item.id);
    expect(board.every((i: { status: string }) => i.status === "done")).toBe(true);
    expect((await call("/api/feedback?status=planned", { token: u.token })).json.data.map((i: { id: string }) => i.id)).not.toContain(item.id);

    const inbox = (await call("/api/admin/feedback", { token: s.token })).json.data.find((i: { id: string }) => i.id === item.id);
    expect(inbox.user).toEqual({ id: u.user.id, username: u.name, email: u.email });

    const audit = (await env.DB.prepare("SELECT action, reason FROM admin_audit_log WHERE target_type = 'feedback' AND target_id = ? ORDER BY id").bind(item.id).all()).results;
    expect(audit).toEqual([
      { action: "feedback.status", reason: "Triaged" },
      { action: "feedback.status", reason: "Fixed in release" },
    ]);
    expect((await call("/api/admin/feedback/missing/status", { method: "POST", token: s.token, body: { status: "done", reason: "x" } })).status).toBe(404);
  });

  it("rate-limits submissions: the eleventh in an hour is refused with 429", async () => {
    const u = await verifiedUser();
    for (let i = 0; i < 10; i++) expect((await submit(u, { title: `Idea number ${i}` })).status).toBe(201);
    const over = await submit(u);
    expect(over.status).toBe(429);
    expect(over.json.type).toBe("RATE_LIMITED");
  });
});

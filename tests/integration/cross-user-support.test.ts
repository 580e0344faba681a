/**
 * The cross-user suite over tickets and feedback: another user's ticket, its thread, its reply
 * route and its screenshot answer 404 exactly like a missing one, and leak nothing; feedback votes
 * on a missing id are 404.
 */
import { describe, expect, it } from "vitest";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

describe("cross-user: support and feedback", () => {
  it("never shows, answers or serves another user's ticket", async () => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const form = new FormData();
    form.append("subject", "Private billing question");
    form.append("category", "billing");
    form.append("message", "My card ends in 4242.");
    form.append("file", new File([PNG], "card.png"));
    const res = await WORKER.fetch(`${BASE}/api/support/tickets`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(res.status).toBe(201);
    const ticket = ((await res.json()) as { data: { id: string } }).data;

    const missing = await call("/api/support/tickets/00000000-0000-0000-0000-000000000000", { token: intruder.token });
    const theirs = await call(`/api/support/tickets/${ticket.id}`, { token: intruder.token });
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe(missing.json.message);
    expect(theirs.text).not.toContain("4242");

    const reply = await call(`/api/support/tickets/${ticket.id}/replies`, { method: "POST", token: intruder.token, body: { message: "hijack" } });
    expect(reply.status).toBe(404);
    expect((await call(`/api/support/tickets/${ticket.id}/screenshot`, { token: intruder.token })).status).toBe(404);

    const list = await call("/api/support/tickets", { token: intruder.token });
    expect(list.json.data).toEqual([]);
    const own = await call(`/api/support/tickets/${ticket.id}`, { token: owner.token });
    expect(own.json.data.messages.map((m: { body: string }) => m.body)).toEqual(["My card ends in 4242."]);
  });

  it("answers 404 for votes on a feedback item that does not exist", async () => {
    const u = await verifiedUser();
    expect((await call("/api/feedback/does-not-exist/votes", { method: "POST", token: u.token })).status).toBe(404);
    expect((await call("/api/feedback/does-not-exist/votes", { method: "DELETE", token: u.token })).status).toBe(404);
  });

  it("keeps the ticket list per user", async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    await call("/api/support/tickets", { method: "POST", token: a.token, body: { subject: "A's question", category: "other", message: "Hello" } });
    expect((await call("/api/support/tickets", { token: b.token })).json.data).toEqual([]);
    expect((await call("/api/support/tickets", { token: a.token })).json.data).toHaveLength(1);
  });
});

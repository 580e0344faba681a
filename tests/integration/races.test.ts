/**
 * Requests that race for one thing: exactly one wins, every other gets a clean 4xx in the
 * taxonomy, and nothing answers 500.
 */
import { describe, expect, it } from "vitest";
import { call, STRONG_PASSWORD, uniqueName, verifiedUser } from "./helpers";

function tally(statuses: number[]) {
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
}

describe("races", () => {
  it("20 parallel creates of one chat id: one 201, nineteen 409", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => call("/api/chats", { method: "POST", token: u.token, body: { id } })));
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: 19 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.type).toBe("CONFLICT");
    expect((await call("/api/chats", { token: u.token })).json.chats).toHaveLength(1);
  });

  it("five parallel first questions into a new chat id: one answer, four clean 409s, one query spent", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(`/api/chats/${id}/messages`, { method: "POST", token: u.token, body: { content: `What should I sell? (${i})` } })),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 200: 1, 409: 4 });
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.json.type).toBe("CONFLICT");
      expect(r.json.message).toContain("still answering");
    }
    const answered = results.find((r) => r.status === 200)!;
    expect(answered.text).toContain('"type":"done"');
    const chat = await call(`/api/chats/${id}`, { token: u.token });
    expect(chat.json.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect((await call("/api/usage/summary", { token: u.token })).json.data.usage.queries).toBe(1);
    // Once answered, the chat takes the next question.
    const next = await call(`/api/chats/${id}/messages`, { method: "POST", token: u.token, body: { content: "And on TikTok?" } });
    expect(next.status).toBe(200);
  });

  it("parallel signups with one username: one 201, the rest 409 naming the username", async () => {
    const name = uniqueName("race");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("/api/auth/signup", { method: "POST", body: { username: name, email: `${name}-${i}@store.test`, password: STRONG_PASSWORD } }),
      ),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: 5 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.details.fields[0].path).toBe("username");
  });

  it("parallel signups with one email: one 201, the rest 409 naming the email", async () => {
    const email = `${uniqueName("mail")}@store.test`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call("/api/auth/signup", { method: "POST", body: { username: uniqueName("u"), email, password: STRONG_PASSWORD } })),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: 5 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.details.fields[0].path).toBe("email");
  });
});

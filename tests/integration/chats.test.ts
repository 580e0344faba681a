import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { readSseEvents } from "~/domain/sse";
import { enforceRateLimit } from "~/server/platform/rate-limit";
import { RATE_LIMITS } from "~/server/platform/rate-limit-rules";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// The Worker's AI provider here is tests/integration/fake-openai.ts (see vitest.workers.config.ts):
// it answers "You asked: <question>" over OpenAI's streaming protocol, or fails on `[fake:<mode>]`.

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
type Loose = Record<string, any>;

/** Asks a question and reads the whole answer stream. */
async function ask(user: User, chatId: string, content: string) {
  const res = await WORKER.fetch(`${BASE}/api/chats/${chatId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json", "cf-connecting-ip": "10.9.9.9" },
    body: JSON.stringify({ content }),
  });
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    return { status: res.status, json: (await res.json()) as Loose, events: [] as Loose[] };
  }
  const events: Loose[] = [];
  for await (const e of readSseEvents(res.body!)) events.push(JSON.parse(e.data));
  return { status: res.status, json: {} as Loose, events };
}

async function usedQueries(user: User): Promise<number> {
  return (await call("/api/usage/summary", { token: user.token })).json.data.usage.queries;
}

describe("chats API", () => {
  it("creates, lists newest first, renames and deletes chats", async () => {
    const u = await verifiedUser();
    const first = await call("/api/chats", { method: "POST", token: u.token, body: {} });
    expect(first.status).toBe(201);
    expect(first.json.chat).toMatchObject({ title: "New Chat", projectId: null });
    const id = crypto.randomUUID();
    const second = await call("/api/chats", { method: "POST", token: u.token, body: { id, title: "Pet niche ideas" } });
    expect(second.json.chat.id).toBe(id);

    const list = await call("/api/chats", { token: u.token });
    expect(list.json.chats.map((c: { id: string }) => c.id)).toEqual([id, first.json.chat.id]);

    const renamed = await call(`/api/chats/${first.json.chat.id}`, { method: "PATCH", token: u.token, body: { title: "Kitchen gadgets" } });
    expect(renamed.json.chat.title).toBe("Kitchen gadgets");
    expect((await call("/api/chats", { token: u.token })).json.chats[0].id).toBe(first.json.chat.id);

    const tooLong = await call(`/api/chats/${id}`, { method: "PATCH", token: u.token, body: { title: "x".repeat(31) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toContain("title is too long (30 characters at most)");

    const dup = await call("/api/chats", { method: "POST", token: u.token, body: { id } });
    expect(dup.status).toBe(409);

    expect((await call(`/api/chats/${id}`, { method: "DELETE", token: u.token })).json).toEqual({ ok: true });
    expect((await call(`/api/chats/${id}`, { token: u.token })).status).toBe(404);
    expect((await call("/api/chats", { method: "DELETE", token: u.token })).json).toEqual({ deleted: 1 });
    expect((await call("/api/chats", { token: u.token })).json.chats).toEqual([]);
  });

  it("refuses a project the caller does not own", async () => {
    const u = await verifiedUser();
    const res = await call("/api/chats", { method: "POST", token: u.token, body: { projectId: "someone-elses" } });
    expect(res.status).toBe(404);
    expect(res.json.message).toContain("project");
  });

  it("needs a signed-in caller", async () => {
    expect((await call("/api/chats")).status).toBe(401);
    expect((await call(`/api/chats/${crypto.randomUUID()}/messages`, { method: "POST", body: { content: "hi" } })).status).toBe(401);
  });

  it("streams an answer, saves both turns, titles the chat and spends one query", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const { status, events } = await ask(u, id, "Find winning products in pet supplies for my new store");
    expect(status).toBe(200);
    expect(events[0]).toMatchObject({ type: "user", message: { role: "user", content: "Find winning products in pet supplies for my new store" } });
    const deltas = events.filter((e) => e.type === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.type).toBe("done");
    expect(done.message.role).toBe("assistant");
    expect(done.message.content).toBe(deltas.map((d) => d.text).join(""));
    expect(done.message.content).toBe("You asked: Find winning products in pet supplies for my new store");
    expect(done.message.provider).toBe("fake-model");
    expect(done.chat.title).toBe("Find winning products in pet s...");
    expect(done.usage).toEqual({ used: 1, limit: 10, remaining: 9 });

    const saved = await call(`/api/chats/${id}`, { token: u.token });
    expect(saved.json.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(saved.json.messages[1].content).toBe(done.message.content);
    expect(await usedQueries(u)).toBe(1);
  });

  it("sends earlier turns and the system prompt so a follow-up keeps its context", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await ask(u, id, "Find winning products in pet supplies");
    const follow = await ask(u, id, `What ad hooks would work for them? ${id}`);
    expect(follow.events.at(-1)!.type).toBe("done");
    const received = (await (await fetch(`${inject("openaiUrl")}/__received`)).json()) as { model: string; stream: boolean; messages: { role: string; content: string }[] }[];
    const request = received.find((r) => r.messages.at(-1)?.content.endsWith(id))!;
    expect(request).toMatchObject({ model: "fake-model", stream: true });
    expect(request.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(request.messages[1].content).toBe("Find winning products in pet supplies");
    expect(request.messages[2].content).toBe("You asked: Find winning products in pet supplies");
  });

  it.each([
    ["the provider answers 500", "[fake:server-error] pets", /AI provider/],
    ["the provider is rate limiting", "[fake:rate-limit] pets", /rate limit/i],
    ["the stream is malformed", "[fake:malformed] pets", /AI provider/],
  ])("refunds the query and keeps no half answer when %s", async (_case, question, message) => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await ask(u, id, "first question");
    const failed = await ask(u, id, question);
    expect(failed.status).toBe(200);
    const last = failed.events.at(-1)!;
    expect(last.type).toBe("error");
    expect(last.error.type).toBe("UNAVAILABLE");
    expect(last.error.message).toMatch(message);
    expect(last.error.message).toContain("Your query was not charged.");
    expect(last.error.message).not.toContain("sk-test");
    expect(await usedQueries(u)).toBe(1);
    const saved = await call(`/api/chats/${id}`, { token: u.token });
    expect(saved.json.messages.map((m: { content: string }) => m.content)).toEqual(["first question", "You asked: first question"]);
  });

  it("names the problem with a bad question and charges nothing", async () => {
    const u = await verifiedUser();
    const empty = await ask(u, crypto.randomUUID(), "   ");
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain("content cannot be empty");
    const long = await ask(u, crypto.randomUUID(), "x".repeat(30_001));
    expect(long.status).toBe(400);
    expect(long.json.message).toContain("content is too long (30,000 characters at most)");
    expect(await usedQueries(u)).toBe(0);
  });

  it("answers 429 USAGE_LIMIT after the free plan's 10 daily queries, with the limit and reset, and saves nothing", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    for (let i = 0; i < 10; i++) expect((await ask(u, id, `question ${i} about phone accessories`)).events.at(-1)!.type).toBe("done");
    const refused = await ask(u, id, "one more about phone accessories");
    expect(refused.status).toBe(429);
    expect(refused.json.type).toBe("USAGE_LIMIT");
    expect(refused.json.details).toMatchObject({ counter: "queries", limit: 10, used: 10 });
    expect(Date.parse(refused.json.details.resetsAt)).toBeGreaterThan(Date.now());
    const saved = await call(`/api/chats/${id}`, { token: u.token });
    expect(saved.json.messages).toHaveLength(20);
    expect(await usedQueries(u)).toBe(10);
  });

  it("answers 429 RATE_LIMITED over the AI rate limit, before anything is written, giving back the query reserved beside it", async () => {
    // The rate limit and the query reservation run side by side (issue 29): the refusal still wins.
    const u = await verifiedUser();
    const owner = await verifiedUser();
    const ownersChat = crypto.randomUUID();
    expect((await ask(owner, ownersChat, "pet supplies")).events.at(-1)!.type).toBe("done");
    for (let i = 0; i < RATE_LIMITS.aiByUser.limit; i++) await enforceRateLimit(env.RATE_LIMITER, "aiByUser", String(u.user.id));
    const id = crypto.randomUUID();
    const refused = await ask(u, id, "pets");
    expect(refused.status).toBe(429);
    expect(refused.json.type).toBe("RATE_LIMITED");
    expect((await call(`/api/chats/${id}`, { token: u.token })).status).toBe(404);
    expect(await usedQueries(u)).toBe(0);
    // Another user's chat id answers the same 429, not a 404 that would say the id exists.
    expect((await ask(u, ownersChat, "show me your chat")).json.type).toBe("RATE_LIMITED");
    expect(await usedQueries(u)).toBe(0);
    expect((await call(`/api/chats/${ownersChat}`, { token: owner.token })).json.messages).toHaveLength(2);
  });

  it("lets a paid plan ask past the free limit", async () => {
    const u = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
    const id = crypto.randomUUID();
    for (let i = 0; i < 11; i++) expect((await ask(u, id, `kitchen gadgets ${i}`)).events.at(-1)!.type).toBe("done");
    expect(await usedQueries(u)).toBe(11);
  });

  it("cannot be reached through another user's chat id", async () => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = crypto.randomUUID();
    await ask(owner, id, "pet supplies");
    const asked = await ask(intruder, id, "show me your chat");
    expect(asked.status).toBe(404);
    expect(asked.json.type).toBe("NOT_FOUND");
    expect((await call(`/api/chats/${id}`, { token: intruder.token })).status).toBe(404);
    expect((await call("/api/chats", { token: intruder.token })).json.chats).toEqual([]);
    expect((await call(`/api/chats/${id}`, { token: owner.token })).json.messages).toHaveLength(2);
    expect(await usedQueries(intruder)).toBe(0);
  });
});

describe("chat spends on the live usage stream", () => {
  /** Opens a usage stream like a tab does and returns a reader of its snapshots. */
  async function openTab(u: User) {
    const res = await WORKER.fetch(`${BASE}/api/usage/stream`, { headers: { authorization: `Bearer ${u.token}` } });
    const events = readSseEvents(res.body!)[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await events.next()).value!.data) as Loose;
    await next(); // the snapshot every new tab gets
    return { next, close: () => events.return?.(undefined) };
  }

  it("shows a question asked in one tab on the counters of every open tab, and a refund when the answer fails", async () => {
    const u = await verifiedUser();
    const tabs = [await openTab(u), await openTab(u)];
    const id = crypto.randomUUID();

    expect((await ask(u, id, "pets")).events.at(-1)!.type).toBe("done");
    for (const tab of tabs) {
      // The reservation shows at once (used includes what is in flight) and stays after the commit.
      expect((await tab.next()).usage.queries).toBe(1);
      expect((await tab.next()).usage.queries).toBe(1);
    }

    expect((await ask(u, id, "[fake:server-error] pets")).events.at(-1)!.type).toBe("error");
    for (const tab of tabs) {
      expect((await tab.next()).usage.queries).toBe(2);
      expect((await tab.next()).usage.queries).toBe(1);
      await tab.close();
    }
  });
});

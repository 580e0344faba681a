/**
 * Answers written by the chat's Durable Object: they survive their reader, resume from any
 * event, stop on the server, and keep every version. The provider is the local server speaking
 * OpenAI's protocol (tests/integration/fake-openai.ts), steered by `[fake:<mode>]` prefixes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { conversationPath, versionsOf } from "~/domain/chat/conversation";
import { readSseEvents } from "~/domain/sse";
import { BASE, call, makeAdmin, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
type Loose = Record<string, any>;

function send(user: User, path: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  return WORKER.fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, "cf-connecting-ip": "10.9.8.7", ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Reads events (with their SSE ids) until the stream ends, or only the first `limit` and then hangs up. */
async function readEvents(res: Response, limit = Infinity): Promise<{ id: number; event: Loose }[]> {
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const out: { id: number; event: Loose }[] = [];
  for await (const e of readSseEvents(res.body!)) {
    out.push({ id: Number(e.id), event: JSON.parse(e.data) });
    if (out.length >= limit) break; // leaving the loop cancels the body: the reader hangs up
  }
  return out;
}

/**
 * Stopping an answer closes the provider's connection while a read on it is pending, and workerd
 * then reports a rejection of its own internal read (no JavaScript awaits it). Only that one is
 * tolerated here: anything else that goes unhandled still fails the test.
 */
const rejections: unknown[] = [];
const record = (reason: unknown) => void rejections.push(reason);
const isProviderTeardown = (reason: unknown) =>
  reason instanceof Error && (reason.message === "The merchant stopped the answer" || reason.message === "Stream was cancelled.");
beforeAll(() => void process.on("unhandledRejection", record));
afterAll(() => void process.off("unhandledRejection", record));
afterEach(() => {
  const unexpected = rejections.splice(0).filter((reason) => !isProviderTeardown(reason));
  expect(unexpected).toEqual([]);
});

const ask = (u: User, chatId: string, content: string, parentId?: string) => send(u, `/api/chats/${chatId}/messages`, "POST", { content, ...(parentId ? { parentId } : {}) });
const textOf = (events: { event: Loose }[]) => events.filter((e) => e.event.type === "delta").map((e) => e.event.text).join("");

async function chatOf(u: User, chatId: string) {
  const res = await call(`/api/chats/${chatId}`, { token: u.token });
  return res.json as { chat: Loose; messages: Loose[] };
}

async function usedQueries(u: User): Promise<number> {
  return (await call("/api/usage/summary", { token: u.token })).json.data.usage.queries;
}

/** Waits until the chat's answer is saved and the chat is free again. */
async function settled(u: User, chatId: string, messages: number): Promise<{ chat: Loose; messages: Loose[] }> {
  for (let i = 0; i < 200; i++) {
    const found = await chatOf(u, chatId);
    if (found.messages.length >= messages && !found.chat.answering) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`chat ${chatId} never settled at ${messages} messages`);
}

describe("answers that survive their reader", () => {
  it("resumes from the event the reader had, and the replay is the same answer", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const first = await readEvents(await ask(u, id, "[fake:slow] resume me"), 4);
    expect(first.map((e) => e.id)).toEqual([0, 1, 2, 3]);
    expect(first[0].event.type).toBe("user");

    const rest = await readEvents(await send(u, `/api/chats/${id}/stream?from=4`, "GET"));
    expect(rest[0].id).toBe(4);
    expect(rest.at(-1)!.event.type).toBe("done");
    const whole = [...first, ...rest];
    expect(whole.map((e) => e.id)).toEqual(whole.map((_, i) => i));
    expect(textOf(whole)).toBe(Array.from({ length: 20 }, (_, i) => `word${i} `).join(""));

    // Last-Event-ID resumes the same way; a full replay from 0 gives the same events.
    const viaHeader = await readEvents(await send(u, `/api/chats/${id}/stream`, "GET", undefined, { "last-event-id": "3" }));
    expect(viaHeader.map((e) => e.event)).toEqual(rest.map((e) => e.event));
    const replay = await readEvents(await send(u, `/api/chats/${id}/stream?from=0`, "GET"));
    expect(replay.map((e) => e.event)).toEqual(whole.map((e) => e.event));
  });

  it("finishes, saves and charges an answer whose every reader left at once", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const res = await ask(u, id, "[fake:slow] nobody reads this");
    expect(res.status).toBe(200);
    await res.body!.cancel();
    const { chat, messages } = await settled(u, id, 2);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].content).toBe(Array.from({ length: 20 }, (_, i) => `word${i} `).join(""));
    expect(messages[1].stopped).toBeUndefined();
    expect(chat.leafId).toBe(messages[1].id);
    expect(await usedQueries(u)).toBe(1);
  });

  it("says the chat is answering while it is, and the stream of an idle chat ends at once", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const res = await ask(u, id, "[fake:stall] still thinking");
    const head = await readEvents(res, 2);
    expect(head.map((e) => e.event.type)).toEqual(["user", "delta"]);
    expect((await chatOf(u, id)).chat.answering).toBe(true);
    await send(u, `/api/chats/${id}/stop`, "POST");
    const { chat } = await settled(u, id, 2);
    expect(chat.answering).toBe(false);

    const other = crypto.randomUUID();
    expect((await call("/api/chats", { method: "POST", token: u.token, body: { id: other } })).status).toBe(201);
    expect(await readEvents(await send(u, `/api/chats/${other}/stream`, "GET"))).toEqual([]);
  });
});

describe("Stop", () => {
  it("ends generation on the server; the partial answer is saved, marked stopped, and charged", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const res = await ask(u, id, "[fake:stall] stop me");
    const events = await (async () => {
      const got: { id: number; event: Loose }[] = [];
      for await (const e of readSseEvents(res.body!)) {
        got.push({ id: Number(e.id), event: JSON.parse(e.data) });
        if (got.length === 2) expect((await send(u, `/api/chats/${id}/stop`, "POST").then((r) => r.json())) as Loose).toEqual({ stopped: true });
      }
      return got;
    })();
    const done = events.at(-1)!.event;
    expect(done).toMatchObject({ type: "done", counted: true, message: { stopped: true } });
    expect(done.message.content).toBe(textOf(events));
    expect(done.message.content.length).toBeGreaterThan(0);

    const { messages } = await settled(u, id, 2);
    expect(messages[1]).toMatchObject({ content: done.message.content, stopped: true });
    expect(await usedQueries(u)).toBe(1);
    // Nothing left to stop.
    expect(((await send(u, `/api/chats/${id}/stop`, "POST").then((r) => r.json())) as Loose).stopped).toBe(false);
  });

  it("before the first word: saved as stopped, not counted, nothing charged", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const res = await ask(u, id, "[fake:hang] never starts");
    const reading = readEvents(res);
    await new Promise((r) => setTimeout(r, 50));
    expect(((await send(u, `/api/chats/${id}/stop`, "POST").then((r) => r.json())) as Loose).stopped).toBe(true);
    const events = await reading;
    expect(events.at(-1)!.event).toMatchObject({ type: "done", counted: false, message: { stopped: true, notCounted: true, content: "" } });
    const { messages } = await settled(u, id, 2);
    expect(messages[1]).toMatchObject({ stopped: true, notCounted: true });
    expect(await usedQueries(u)).toBe(0);
  });
});

describe("versions: regenerate and edit", () => {
  it("regenerates an answer as a new version, keeping the first, and charges it", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "[fake:varied] Pet products?"));
    const before = await chatOf(u, id);
    const [question, firstAnswer] = before.messages;

    const again = await readEvents(await send(u, `/api/chats/${id}/messages/${firstAnswer.id}/regenerate`, "POST"));
    expect(again[0].event).toMatchObject({ type: "user", message: { id: question.id } });
    const done = again.at(-1)!.event;
    expect(done.type).toBe("done");
    expect(done.message.parentId).toBe(question.id);

    const after = await chatOf(u, id);
    expect(after.messages.map((m) => m.id)).toEqual([question.id, firstAnswer.id, done.message.id]);
    expect(after.chat.leafId).toBe(done.message.id);
    expect(versionsOf(after.messages as never[], after.messages[2] as never)).toEqual({ ids: [firstAnswer.id, done.message.id], index: 1 });
    expect(await usedQueries(u)).toBe(2);
    // Listed with its first question, so chats with like titles can be told apart.
    const listed = (await call("/api/chats", { token: u.token })).json.chats as Loose[];
    expect(listed[0]).toMatchObject({ id, firstQuestion: "[fake:varied] Pet products?", messageCount: 3 });
  });

  it("does not charge a regenerate that writes the same answer again, and says so", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "Pet products for a small store?"));
    const [, firstAnswer] = (await chatOf(u, id)).messages;
    expect(await usedQueries(u)).toBe(1);

    const again = await readEvents(await send(u, `/api/chats/${id}/messages/${firstAnswer.id}/regenerate`, "POST"));
    const done = again.at(-1)!.event;
    expect(done).toMatchObject({ type: "done", counted: false, message: { notCounted: true } });
    expect(textOf(again)).toBe(firstAnswer.content);
    expect(done.usage).toMatchObject({ used: 1 });
    expect(await usedQueries(u)).toBe(1);
    // Both versions stay; the repeat is marked "not counted" like any other refund.
    const after = await chatOf(u, id);
    expect(after.messages.map((m) => m.role)).toEqual(["user", "assistant", "assistant"]);
    expect(after.messages[2]).toMatchObject({ notCounted: true });
  });

  it("edits a question into a new version answered on its own branch; the old branch stays whole", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "First question"));
    await readEvents(await ask(u, id, "Second question"));
    const before = await chatOf(u, id);
    const firstQuestion = before.messages[0];

    const edited = await readEvents(await send(u, `/api/chats/${id}/messages/${firstQuestion.id}`, "PATCH", { content: "First question, edited" }));
    const user = edited[0].event.message;
    expect(user).toMatchObject({ role: "user", content: "First question, edited", parentId: null });
    const done = edited.at(-1)!.event;
    // The new branch's history holds only the edited question: the fake echoes it.
    expect(done.message.content).toBe("You asked: First question, edited");

    const after = await chatOf(u, id);
    expect(after.messages).toHaveLength(6);
    expect(conversationPath(after.messages as never[], after.chat.leafId).map((m: Loose) => m.content)).toEqual([
      "First question, edited",
      "You asked: First question, edited",
    ]);
    // The earlier version and its answers are one switch away.
    const oldBranch = conversationPath(after.messages as never[], before.chat.leafId).map((m: Loose) => m.content);
    expect(oldBranch).toEqual(["First question", "You asked: First question", "Second question", "You asked: Second question"]);
    expect(versionsOf(after.messages as never[], user).ids).toEqual([firstQuestion.id, user.id]);
  });

  it("asks after a chosen message: the question continues that branch", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "Root question"));
    const [, answer] = (await chatOf(u, id)).messages;
    await readEvents(await send(u, `/api/chats/${id}/messages/${answer.id}/regenerate`, "POST"));
    // Continue under the first answer, not the regenerated one the chat shows.
    const follow = await readEvents(await ask(u, id, "Follow-up on the first answer", answer.id));
    expect(follow[0].event.message.parentId).toBe(answer.id);
    const after = await chatOf(u, id);
    expect(conversationPath(after.messages as never[], after.chat.leafId).map((m: Loose) => m.id).slice(0, 2)).toEqual([after.messages[0].id, answer.id]);
  });

  it("refuses what is not there or not editable, charging nothing", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "Only question"));
    const [question, answer] = (await chatOf(u, id)).messages;
    const missing = await send(u, `/api/chats/${id}/messages/nope/regenerate`, "POST");
    expect(missing.status).toBe(404);
    const notMine = await send(u, `/api/chats/${id}/messages/${answer.id}`, "PATCH", { content: "rewrite the answer" });
    expect(notMine.status).toBe(400);
    expect(((await notMine.json()) as Loose).message).toContain("Only your own questions can be edited");
    const empty = await send(u, `/api/chats/${id}/messages/${question.id}`, "PATCH", { content: "  " });
    expect(empty.status).toBe(400);
    const badParent = await ask(u, id, "after what?", "no-such-message");
    expect(badParent.status).toBe(404);
    expect(await usedQueries(u)).toBe(1);
    expect((await chatOf(u, id)).messages).toHaveLength(2);
  });
});

describe("limits and ownership", () => {
  it("creates no chat when the daily limit refuses the question", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    for (let i = 0; i < 10; i++) await readEvents(await ask(u, id, `question ${i}`));
    const fresh = crypto.randomUUID();
    const refused = await ask(u, fresh, "one more, in a new chat");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Loose).type).toBe("USAGE_LIMIT");
    expect((await call(`/api/chats/${fresh}`, { token: u.token })).status).toBe(404);
    const listed = (await call("/api/chats", { token: u.token })).json.chats as Loose[];
    expect(listed.map((c) => c.id)).toEqual([id]);
    // Regenerating and editing are refused the same way, before anything is added.
    const [question, answer] = (await chatOf(u, id)).messages;
    expect((await send(u, `/api/chats/${id}/messages/${answer.id}/regenerate`, "POST")).status).toBe(429);
    expect((await send(u, `/api/chats/${id}/messages/${question.id}`, "PATCH", { content: "edited" })).status).toBe(429);
    expect((await chatOf(u, id)).messages).toHaveLength(20);
  });

  it("another account can neither follow, stop, regenerate nor edit a chat", async () => {
    const owner = await verifiedUser();
    const stranger = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(owner, id, "mine"));
    const [question, answer] = (await chatOf(owner, id)).messages;
    for (const res of [
      await send(stranger, `/api/chats/${id}/stream`, "GET"),
      await send(stranger, `/api/chats/${id}/stop`, "POST"),
      await send(stranger, `/api/chats/${id}/messages/${answer.id}/regenerate`, "POST"),
      await send(stranger, `/api/chats/${id}/messages/${question.id}`, "PATCH", { content: "hijack" }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await chatOf(owner, id)).messages).toHaveLength(2);
    expect(await usedQueries(stranger)).toBe(0);
  });
});

describe("Not what I asked", () => {
  const report = (u: User, chatId: string, messageId: string) => send(u, `/api/chats/${chatId}/messages/${messageId}/not-what-i-asked`, "POST");

  it("gives the query back three times a day, records every case for review, and refuses a second mark or a question", async () => {
    const u = await verifiedUser();
    const answers: { chatId: string; id: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const chatId = crypto.randomUUID();
      await readEvents(await ask(u, chatId, `Question number ${i}?`));
      answers.push({ chatId, id: (await chatOf(u, chatId)).messages[1].id });
    }
    expect(await usedQueries(u)).toBe(4);

    for (let i = 0; i < 3; i++) {
      const res = await report(u, answers[i].chatId, answers[i].id);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as Loose;
      expect(data).toMatchObject({ refunded: true, refundsLeftToday: 2 - i, message: { id: answers[i].id, notCounted: true, refund: "not-what-i-asked" } });
      expect(await usedQueries(u)).toBe(3 - i);
    }
    // The fourth in a day is recorded for review but not refunded.
    const fourth = (await (await report(u, answers[3].chatId, answers[3].id)).json()) as Loose;
    expect(fourth.data).toMatchObject({ refunded: false, refundsLeftToday: 0 });
    expect(fourth.data.message.notCounted).toBeUndefined();
    expect(await usedQueries(u)).toBe(1);

    // The mark is kept with the answer.
    expect((await chatOf(u, answers[0].chatId)).messages[1]).toMatchObject({ notCounted: true, refund: "not-what-i-asked" });
    // Once per answer; a question is no answer.
    expect((await report(u, answers[0].chatId, answers[0].id)).status).toBe(409);
    const question = (await chatOf(u, answers[3].chatId)).messages[0];
    expect((await report(u, answers[3].chatId, question.id)).status).toBe(400);
    // Staff read every case, newest first, through the admin API; merchants cannot.
    expect((await call("/api/admin/answer-reports", { token: u.token })).status).toBe(403);
    const staff = await verifiedUser();
    await makeAdmin(staff.user.id);
    const listed = (await call("/api/admin/answer-reports?limit=100", { token: staff.token })).json as Loose;
    const mine = (listed.data as Loose[]).filter((r) => answers.some((a) => a.chatId === r.chatId));
    expect(mine.map((r) => [r.question, r.refunded, r.userEmail, r.messageId])).toEqual([
      ["Question number 3?", false, u.email, answers[3].id],
      ["Question number 2?", true, u.email, answers[2].id],
      ["Question number 1?", true, u.email, answers[1].id],
      ["Question number 0?", true, u.email, answers[0].id],
    ]);
    expect(mine[0].answerExcerpt).toContain("Question number 3?");
    // Paged back by id.
    const firstPage = (await call("/api/admin/answer-reports?limit=1", { token: staff.token })).json as Loose;
    expect(firstPage.data).toHaveLength(1);
    const older = (await call(`/api/admin/answer-reports?limit=100&beforeId=${firstPage.nextBeforeId}`, { token: staff.token })).json as Loose;
    expect(older.data.every((r: Loose) => r.id < firstPage.nextBeforeId)).toBe(true);
  });

  it("is the owner's only: another account's mark is a 404 and changes nothing", async () => {
    const owner = await verifiedUser();
    const stranger = await verifiedUser();
    const chatId = crypto.randomUUID();
    await readEvents(await ask(owner, chatId, "Pet products?"));
    const answer = (await chatOf(owner, chatId)).messages[1];
    expect((await report(stranger, chatId, answer.id)).status).toBe(404);
    expect(await usedQueries(owner)).toBe(1);
    expect((await chatOf(owner, chatId)).messages[1].notCounted).toBeUndefined();
  });
});

describe("an answer whose writer died", () => {
  /** What a deploy or a restarted object leaves: the job in storage, no run in memory. */
  async function killWriter(chatId: string) {
    const { env, runInDurableObject } = await import("cloudflare:test");
    const room = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));
    await runInDurableObject(room, async (instance: unknown) => {
      const object = instance as { run?: { stop: AbortController; finished: boolean } };
      // The provider's connection is closed as a restart would; the run is forgotten without its clean-up.
      const run = object.run!;
      object.run = undefined;
      run.finished = true;
    });
  }

  it("is found on the next read and question: refunded, the chat free, the question kept to ask again", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    // An answer that never finishes: the writer is killed while it waits.
    const res = await ask(u, id, "[fake:hang] Pet products that sell in winter?");
    const first = await readEvents(res, 1);
    expect(first[0].event.type).toBe("user");
    await killWriter(id);
    // The chat read finds it: not answering any more, the question there, no stopped stub.
    const read = await chatOf(u, id);
    expect(read.chat.answering).toBe(false);
    expect(read.messages.map((m) => m.role)).toEqual(["user"]);
    expect(read.messages[0].content).toBe("[fake:hang] Pet products that sell in winter?");
    expect(await usedQueries(u)).toBe(0);
    // A new question is answered, not refused with 409.
    const next = await readEvents(await ask(u, id, "Pet products?"));
    expect(next.at(-1)!.event).toMatchObject({ type: "done", counted: true });
    expect(await usedQueries(u)).toBe(1);
  });

  it("is found when a question arrives first", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await readEvents(await ask(u, id, "[fake:hang] Kitchen gadgets?"), 1);
    await killWriter(id);
    const next = await readEvents(await ask(u, id, "Kitchen gadgets for small flats?"));
    expect(next.at(-1)!.event).toMatchObject({ type: "done", counted: true });
    expect(await usedQueries(u)).toBe(1);
  });
});

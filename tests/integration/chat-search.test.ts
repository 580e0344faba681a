import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readSseEvents } from "~/domain/sse";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// GET /api/chats?q= searches the caller's chat titles and message contents. The Worker's AI
// provider here is tests/integration/fake-openai.ts: it answers "You asked: <question>", so the
// words "You asked" are only ever in answers (stored as JSON text with a provider label).

type User = Awaited<ReturnType<typeof verifiedUser>>;
interface Listed {
  id: string;
  title: string;
  messageCount: number;
  match?: string | null;
  updatedAt: string;
}

async function ask(user: User, chatId: string, content: string) {
  const res = await WORKER.fetch(`${BASE}/api/chats/${chatId}/messages`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": "application/json",
      "cf-connecting-ip": "10.8.8.8",
    },
    body: JSON.stringify({ content }),
  });
  expect(res.status).toBe(200);
  let last = "";
  for await (const e of readSseEvents(res.body!)) last = e.data;
  expect(JSON.parse(last).type).toBe("done");
}

async function newChat(user: User, title: string): Promise<string> {
  const res = await call("/api/chats", { method: "POST", token: user.token, body: { title } });
  expect(res.status).toBe(201);
  return res.json.chat.id as string;
}

/** Stores a message row as the API would (or as an older client did), bypassing the provider. */
async function storeMessage(user: User, chatId: string, role: "user" | "assistant" | "thinking", content: string) {
  await env.DB.prepare("INSERT INTO messages (id, chat_id, user_id, role, content) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), chatId, user.user.id, role, content)
    .run();
}

async function touch(chatId: string, updatedAt: string) {
  await env.DB.prepare("UPDATE chats SET updated_at = ? WHERE id = ?").bind(updatedAt, chatId).run();
}

async function search(user: User, q: string): Promise<Listed[]> {
  const res = await call(`/api/chats?q=${encodeURIComponent(q)}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.json.chats as Listed[];
}

const ids = (chats: Listed[]) => chats.map((c) => c.id);

describe("GET /api/chats (list)", () => {
  it("gives every chat its message count (questions and answers; no thinking placeholders) and no match field", async () => {
    const u = await verifiedUser();
    const empty = await newChat(u, "Empty one");
    const asked = crypto.randomUUID();
    await ask(u, asked, "Best pet supplies to sell?");
    await ask(u, asked, "And for cats?");
    await storeMessage(u, asked, "thinking", "…");

    const res = await call("/api/chats", { token: u.token });
    expect(res.status).toBe(200);
    const chats = res.json.chats as Listed[];
    expect(ids(chats)).toEqual([asked, empty]);
    expect(chats.map((c) => c.messageCount)).toEqual([4, 0]);
    expect(chats[0]).not.toHaveProperty("match");
    expect(chats[0]).toMatchObject({ title: "Best pet supplies to sell?", projectId: null });
  });
});

describe("GET /api/chats?q= (search)", () => {
  it("finds chats by title (match null) and by message (a snippet of it), ignoring case, newest first", async () => {
    const u = await verifiedUser();
    const byTitle = await newChat(u, "Garden TOOLS research");
    const byQuestion = crypto.randomUUID();
    await ask(u, byQuestion, "Which garden tools sell best in spring?");
    const unrelated = crypto.randomUUID();
    await ask(u, unrelated, "Phone accessories for teenagers");
    await touch(byTitle, "2030-01-02T00:00:00.000Z");
    await touch(byQuestion, "2030-01-01T00:00:00.000Z");

    const found = await search(u, "garden tools");
    expect(ids(found)).toEqual([byTitle, byQuestion]);
    expect(found[0].match).toBeNull();
    expect(found[0].messageCount).toBe(0);
    // Both turns contain the words; the first one (the question) gives the snippet.
    expect(found[1].match).toBe("Which garden tools sell best in spring?");
    expect(found[1].messageCount).toBe(2);

    expect(ids(await search(u, "GARDEN tools"))).toEqual([byTitle, byQuestion]);
    expect(ids(await search(u, "  garden tools  "))).toEqual([byTitle, byQuestion]);
    expect(await search(u, "submarine")).toEqual([]);
  });

  it("finds words of an answer and takes the snippet from its decoded content, never its stored JSON", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    await ask(u, id, "Trending kitchen gadgets");

    const found = await search(u, "you ASKED");
    expect(ids(found)).toEqual([id]);
    expect(found[0].match).toBe("You asked: Trending kitchen gadgets");

    // The JSON's keys and the provider label are not what anyone reads: they never match.
    for (const q of ["content", "provider", "fake-model", '{"', "citations"]) expect(await search(u, q), q).toEqual([]);
  });

  it("searches an answer's executive summary too, and reads plain-text and damaged answers as they show", async () => {
    const u = await verifiedUser();
    const summarised = await newChat(u, "Summarised");
    await storeMessage(
      u,
      summarised,
      "assistant",
      JSON.stringify({
        content: "## Findings\n\n**Pet beds** lead.",
        summary: "Demand for orthopedic beds is rising.",
      }),
    );
    const research = await newChat(u, "Research");
    await storeMessage(
      u,
      research,
      "assistant",
      JSON.stringify({
        summary: { executiveSummary: "Calming toys sell steadily." },
        fullResearch: "## Analysis\n\nOrthopedic ramps keep 41% margin.",
        content: "",
        citations: [],
        isPerplexity: false,
      }),
    );
    const plain = await newChat(u, "Plain");
    await storeMessage(u, plain, "assistant", "An older plain answer about orthopedic collars.");
    const damaged = await newChat(u, "Damaged");
    await storeMessage(u, damaged, "assistant", '{"content": "orthopedic but not closed');
    const hidden = await newChat(u, "Hidden");
    await storeMessage(u, hidden, "thinking", "orthopedic thoughts");

    const found = await search(u, "orthopedic");
    expect(ids(found).sort()).toEqual([summarised, research, plain, damaged].sort());
    const byId = Object.fromEntries(found.map((c) => [c.id, c]));
    // The spec's format: the full analysis and the executive summary are what is searched and shown.
    expect(byId[research].match).toBe("Analysis Orthopedic ramps keep 41% margin.");
    expect((await search(u, "calming toys")).map((c) => c.id)).toEqual([research]);
    expect(byId[summarised].match).toBe("Demand for orthopedic beds is rising.");
    expect(byId[plain].match).toBe("An older plain answer about orthopedic collars.");
    expect(byId[damaged].match).toBe('{"content": "orthopedic but not closed');
    // Markdown marks are left out of a snippet.
    expect((await search(u, "pet beds"))[0].match).toBe("Findings Pet beds lead.");
  });

  it("cuts a long message to about 120 characters around the first hit", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const before = "Lorem ipsum dolor sit amet consectetur ".repeat(10);
    const after = " sed do eiusmod tempor incididunt ut labore".repeat(10);
    await ask(u, id, `${before}zanzibar spices${after}`);
    const [chat] = await search(u, "Zanzibar");
    expect(chat.match).toMatch(/^….*zanzibar spices.*…$/);
    expect(chat.match!.length).toBeLessThanOrEqual(122);
    expect(chat.match!.length).toBeGreaterThan(90);
  });

  it("never finds another user's chats, whatever the query", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const word = `quokka${crypto.randomUUID().slice(0, 8)}`;
    const mine = crypto.randomUUID();
    await ask(owner, mine, `Sell ${word} plush toys?`);
    const theirs = crypto.randomUUID();
    await ask(other, theirs, `Sell ${word} mugs?`);
    const theirTitled = await newChat(other, `${word} titled`);

    expect(ids(await search(owner, word))).toEqual([mine]);
    expect(ids(await search(other, word)).sort()).toEqual([theirs, theirTitled].sort());
    // Wildcards and everything-matching text stay inside the caller's chats too.
    expect(ids(await search(owner, "s"))).toEqual([mine]);
    expect(ids(await search(owner, "%"))).toEqual([]);
    expect(ids(await search(owner, "_"))).toEqual([]);
  });

  it("matches %, _ and backslashes literally, and a query longer than a LIKE pattern may be", async () => {
    const u = await verifiedUser();
    const percent = crypto.randomUUID();
    await ask(u, percent, "Products with a 50% margin");
    const digits = crypto.randomUUID();
    await ask(u, digits, "Products with a 500 margin");
    const underscore = await newChat(u, "utm_source tags");
    const letter = await newChat(u, "utmxsource tags");
    const backslash = await newChat(u, "C:\\shop\\exports");

    const fifty = await search(u, "50%");
    expect(ids(fifty)).toEqual([percent]);
    expect(fifty[0].match).toBe("Products with a 50% margin");
    expect(ids(await search(u, "%"))).toEqual([percent]);
    expect(ids(await search(u, "50% m"))).toEqual([percent]);
    expect(ids(await search(u, "utm_source"))).toEqual([underscore]);
    expect(ids(await search(u, "_"))).toEqual([underscore]);
    expect(ids(await search(u, "\\shop"))).toEqual([backslash]);
    expect(ids(await search(u, "\\"))).toEqual([backslash]);
    expect(ids(await search(u, "utmxsource"))).toEqual([letter]);

    // D1 refuses LIKE patterns over 50 bytes; a search may be 200 characters.
    const question =
      "Which eco-friendly kitchen storage products sell well to renters in small city apartments this year?";
    const long = crypto.randomUUID();
    await ask(u, long, question);
    const found = await search(u, question.toUpperCase());
    expect(ids(found)).toEqual([long]);
    expect(found[0].match).toBe(question);
  });

  it("validates q: 1 to 200 characters after trimming, one value", async () => {
    const u = await verifiedUser();
    await newChat(u, "x".repeat(30));
    for (const q of ["", "   "]) {
      const res = await call(`/api/chats?q=${encodeURIComponent(q)}`, { token: u.token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: "VALIDATION" });
      expect(res.json.message).toContain("q cannot be empty");
    }
    const long = await call(`/api/chats?q=${"x".repeat(201)}`, { token: u.token });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain("q is too long (200 characters at most)");
    expect((await call(`/api/chats?q=${"x".repeat(200)}`, { token: u.token })).status).toBe(200);
    expect((await call("/api/chats?q=a&q=b", { token: u.token })).status).toBe(400);
    // The browser's cache-busting parameter rides along.
    expect((await call(`/api/chats?q=xxx&_t=${Date.now()}`, { token: u.token })).json.chats).toHaveLength(1);
  });

  it("needs a signed-in caller", async () => {
    expect((await call("/api/chats?q=pets")).status).toBe(401);
  });
});

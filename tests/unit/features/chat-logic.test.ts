import { describe, expect, it } from "vitest";
import {
  answerAsMarkdown,
  answerAsText,
  applyStreamEvent,
  chatAsMarkdown,
  messageVersions,
  showVersion,
  visibleMessages,
  beginTurn,
  canSend,
  chatAfterDelete,
  cleanTitle,
  cutOffTurn,
  daysAgo,
  deriveChatTitle,
  dropTurn,
  failTurn,
  filterChats,
  groupChats,
  hostOf,
  lengthState,
  normalizeMessage,
  parseStreamEvent,
  removeChat,
  sortChats,
  stopTurn,
  upsertChat,
  usageLine,
  CUT_OFF_ERROR,
  MESSAGE_MAX,
  type ChatMessage,
  type ChatSummary,
  type StreamEvent,
  type Turn,
  type ViewMessage,
} from "~/features/chat/chat-logic";

const chat = (id: string, updatedAt: string, title = id, createdAt = updatedAt): ChatSummary => ({
  id,
  title,
  projectId: null,
  createdAt,
  updatedAt,
});

describe("titles", () => {
  it("keeps a short first message as the title, whitespace collapsed", () => {
    expect(deriveChatTitle("  Best  pet\nproducts ")).toBe("Best pet products");
  });

  it("cuts a long first message to 30 characters with '...' at the end (spec section 4)", () => {
    const title = deriveChatTitle("Find winning products in pet supplies for my new store");
    expect(title).toBe("Find winning products in pet s...");
    expect(deriveChatTitle("x".repeat(80))).toBe(`${"x".repeat(30)}...`);
  });

  it("falls back to New Chat for a blank message", () => {
    expect(deriveChatTitle(" \n\t ")).toBe("New Chat");
  });

  it("cleans a rename: trimmed, collapsed, at most 30 characters; blank cannot be saved", () => {
    expect(cleanTitle("  Pet   niche  ")).toBe("Pet niche");
    expect(cleanTitle("a".repeat(40))).toHaveLength(30);
    expect(cleanTitle("   ")).toBeNull();
  });
});

describe("the chat list", () => {
  const list = [
    chat("a", "2026-03-01T10:00:00.000Z"),
    chat("b", "2026-03-05T10:00:00.000Z"),
    chat("c", "2026-03-03T10:00:00.000Z"),
  ];

  it("orders by last update, newest first", () => {
    expect(sortChats(list).map((c) => c.id)).toEqual(["b", "c", "a"]);
  });

  it("upserts a chat into its place and replaces an existing copy", () => {
    const updated = upsertChat(list, chat("a", "2026-03-06T10:00:00.000Z", "renamed"));
    expect(updated.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(updated[0].title).toBe("renamed");
    expect(upsertChat(undefined, chat("z", "2026-01-01T00:00:00.000Z")).map((c) => c.id)).toEqual(["z"]);
  });

  it("after deleting the open chat, opens the first remaining one, or none", () => {
    expect(chatAfterDelete(list, "b", "b")).toBe("c");
    expect(chatAfterDelete(list, "a", "b")).toBe("b");
    expect(chatAfterDelete([list[0]], "a", "a")).toBeNull();
    expect(removeChat(list, "c").map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("filters titles by every word, ignoring case and accents", () => {
    const chats = [
      chat("1", "x", "Pet supplies research"),
      chat("2", "x", "Café gadgets"),
      chat("3", "x", "Phone cases"),
    ];
    expect(filterChats(chats, "PET").map((c) => c.id)).toEqual(["1"]);
    expect(filterChats(chats, "cafe").map((c) => c.id)).toEqual(["2"]);
    expect(filterChats(chats, "  research   pet ").map((c) => c.id)).toEqual(["1"]);
    expect(filterChats(chats, "pet phone")).toEqual([]);
    expect(filterChats(chats, "  ")).toHaveLength(3);
  });

  it("groups by local calendar day: Today, Yesterday, Previous 7 days, Previous 30 days, Older", () => {
    const now = new Date(2026, 2, 10, 9, 0).getTime();
    const at = (d: number, h = 12) => new Date(2026, 2, d, h).toISOString();
    const chats = [
      chat("today-early", at(10, 0)),
      chat("yesterday-late", at(9, 23)),
      chat("three-days", at(7)),
      chat("week", at(3)),
      chat("twenty-days", new Date(2026, 1, 18, 12).toISOString()),
      chat("old", new Date(2025, 11, 1).toISOString()),
      chat("future", at(11)),
    ];
    const groups = groupChats(chats, now);
    expect(groups.map((g) => [g.label, g.chats.map((c) => c.id)])).toEqual([
      ["Today", ["future", "today-early"]],
      ["Yesterday", ["yesterday-late"]],
      ["Previous 7 days", ["three-days", "week"]],
      ["Previous 30 days", ["twenty-days"]],
      ["Older", ["old"]],
    ]);
    expect(daysAgo(at(10, 23), now)).toBe(0);
    expect(groupChats([], now)).toEqual([]);
  });
});

describe("the answer stream", () => {
  const turn: Turn = { chatId: "c1", content: "Best pet products?", userKey: "local-u", assistantKey: "local-a", parentId: null, leafBefore: null };
  const saved = (over: Partial<ChatMessage>): ChatMessage => ({
    id: "m",
    chatId: "c1",
    role: "assistant",
    content: "",
    createdAt: "2026-03-10T10:00:00.000Z",
    ...over,
  });
  const earlier: ViewMessage[] = [
    saved({ id: "old-u", role: "user", content: "hi" }),
    saved({ id: "old-a", content: "hello" }),
  ];
  const start = () => beginTurn(earlier, turn, "2026-03-10T10:00:00.000Z");
  const run = (events: StreamEvent[], from = start()) => events.reduce((m, e) => applyStreamEvent(m, turn, e), from);

  it("shows the question at once, then an empty answer being written", () => {
    const m = start();
    expect(m).toHaveLength(4);
    expect(m[2]).toMatchObject({ role: "user", content: "Best pet products?", status: "sending", key: "local-u" });
    expect(m[3]).toMatchObject({ role: "assistant", content: "", status: "streaming", key: "local-a" });
  });

  it("folds user, deltas, summary, citations and done into the saved answer, keys kept", () => {
    const m = run([
      { type: "user", message: saved({ id: "u1", role: "user", content: "Best pet products?" }) },
      { type: "delta", text: "## Pet " },
      { type: "delta", text: "supplies" },
      { type: "summary", text: "Short version" },
      { type: "citations", citations: [{ title: "Catalog", source: "sample-catalog" }] },
    ]);
    expect(m[2]).toMatchObject({ id: "u1", key: "local-u" });
    expect(m[2].status).toBeUndefined();
    expect(m[3]).toMatchObject({ content: "## Pet supplies", summary: "Short version", status: "streaming" });

    const done = applyStreamEvent(m, turn, {
      type: "done",
      message: saved({ id: "a1", content: "## Pet supplies", summary: "Short version", provider: "Built-in analyst" }),
    });
    expect(done[3]).toMatchObject({ id: "a1", key: "local-a", provider: "Built-in analyst", summary: "Short version" });
    expect(done[3].citations).toEqual([{ title: "Catalog", source: "sample-catalog" }]);
    expect(done[3].status).toBeUndefined();
    expect(done.slice(0, 2)).toEqual(earlier);
  });

  it("an error event keeps the partial answer, with the message and the question for Retry", () => {
    const m = run([
      { type: "user", message: saved({ id: "u1", role: "user", content: "q" }) },
      { type: "delta", text: "Part" },
      {
        type: "error",
        error: { type: "UNAVAILABLE", message: "The AI could not answer. Your query was not charged." },
      },
    ]);
    expect(m[3]).toMatchObject({
      content: "Part",
      status: "error",
      error: { type: "UNAVAILABLE", message: "The AI could not answer. Your query was not charged." },
      question: "Best pet products?",
    });
  });

  it("Stop keeps what arrived; a stream that just ends is a failure; a usage limit takes the turn back", () => {
    const partial = run([{ type: "delta", text: "So far" }]);
    expect(stopTurn(partial, turn)[3]).toMatchObject({ content: "So far", status: "stopped" });
    expect(stopTurn(partial, turn)[2].status).toBeUndefined();
    expect(cutOffTurn(partial, turn)[3]).toMatchObject({ status: "error", error: { message: CUT_OFF_ERROR } });
    const finished = run([{ type: "done", message: saved({ id: "a1", content: "x" }) }]);
    expect(cutOffTurn(finished, turn)).toBe(finished);
    expect(dropTurn(partial, turn)).toEqual(earlier);
    expect(failTurn(start(), turn, { type: "VALIDATION", message: "Too long" })[3]).toMatchObject({
      status: "error",
      error: { message: "Too long" },
    });
  });

  it("ignores an empty delta and events for a turn no longer in the list", () => {
    const m = start();
    expect(applyStreamEvent(m, turn, { type: "delta", text: "" })).toBe(m);
    expect(applyStreamEvent(earlier, turn, { type: "delta", text: "x" })).toBe(earlier);
  });
});

describe("parseStreamEvent", () => {
  it("reads each event of the contract", () => {
    const message = { id: "m", chatId: "c", role: "assistant", content: "x", createdAt: "t" };
    expect(parseStreamEvent(JSON.stringify({ type: "delta", text: "a" }))).toEqual({ type: "delta", text: "a" });
    expect(parseStreamEvent(JSON.stringify({ type: "user", message: { ...message, role: "user" } }))?.type).toBe(
      "user",
    );
    expect(parseStreamEvent(JSON.stringify({ type: "summary", text: "s" }))).toEqual({ type: "summary", text: "s" });
    expect(
      parseStreamEvent(JSON.stringify({ type: "citations", citations: [{ title: "t", source: "s" }, { bad: true }] })),
    ).toEqual({ type: "citations", citations: [{ title: "t", source: "s" }] });
    const done = parseStreamEvent(
      JSON.stringify({ type: "done", message, chat: chat("c", "t"), usage: { used: 1, limit: 10, remaining: 9 } }),
    );
    expect(done).toMatchObject({ type: "done", chat: { id: "c" }, usage: { remaining: 9 } });
    expect(
      parseStreamEvent(JSON.stringify({ type: "error", error: { type: "UNAVAILABLE", message: "down" } })),
    ).toEqual({
      type: "error",
      error: { type: "UNAVAILABLE", message: "down" },
    });
  });

  it("skips malformed and unknown events; an error without words gets a generic message", () => {
    expect(parseStreamEvent("not json")).toBeNull();
    expect(parseStreamEvent(JSON.stringify({ type: "ping" }))).toBeNull();
    expect(parseStreamEvent(JSON.stringify({ type: "delta" }))).toBeNull();
    expect(parseStreamEvent(JSON.stringify({ type: "done", message: { id: 1 } }))).toBeNull();
    const err = parseStreamEvent(JSON.stringify({ type: "error" }));
    expect(err).toMatchObject({ type: "error", error: { type: "INTERNAL" } });
    expect(err?.type === "error" && err.error.message.length).toBeGreaterThan(10);
  });

  it("normalises saved messages: nulls and empty fields left out, stopped kept", () => {
    const m = normalizeMessage({
      id: "m",
      chatId: "c",
      role: "assistant",
      content: "x",
      createdAt: "t",
      summary: "  ",
      citations: null as unknown as undefined,
      provider: "Analyst",
      stopped: true,
    });
    expect(m).toEqual({
      id: "m",
      chatId: "c",
      role: "assistant",
      parentId: null,
      content: "x",
      createdAt: "t",
      provider: "Analyst",
      stopped: true,
    });
  });

  it("shows one branch of the tree, lists a turn's versions and switches between them", () => {
    const m = (id: string, parentId: string | null, role: "user" | "assistant", content = id): ViewMessage => ({ id, chatId: "c", parentId, role, content, createdAt: "t" });
    const messages = [m("q1", null, "user"), m("a1", "q1", "assistant"), m("a2", "q1", "assistant"), m("q2", "a2", "user"), m("a3", "q2", "assistant")];
    const detail = { chat: { id: "c", title: "T", projectId: null, leafId: "a3", createdAt: "t", updatedAt: "t" }, messages };
    expect(visibleMessages(detail).map((x) => x.id)).toEqual(["q1", "a2", "q2", "a3"]);
    expect(messageVersions(messages, messages[2])).toEqual({ ids: ["a1", "a2"], index: 1 });
    const first = showVersion(detail, "a1");
    expect(visibleMessages(first).map((x) => x.id)).toEqual(["q1", "a1"]);
    expect(visibleMessages(showVersion(first, "a2")).map((x) => x.id)).toEqual(["q1", "a2", "q2", "a3"]);
    expect(chatAsMarkdown(first)).toBe("# T\n\n## You\n\nq1\n\n## Dropcraft\n\na1\n");
  });

  it("folds a stream into the tree: the answer hangs under the saved question, a failed new question is marked", () => {
    const turn: Turn = { chatId: "c", content: "Q", userKey: "local-u", assistantKey: "local-a", parentId: "a0", leafBefore: "a0" };
    let list = beginTurn([], turn, "t");
    expect(list.map((x) => [x.id, x.parentId])).toEqual([["local-u", "a0"], ["local-a", "local-u"]]);
    list = applyStreamEvent(list, turn, { type: "user", message: { id: "u9", chatId: "c", role: "user", parentId: "a0", content: "Q", createdAt: "t" } });
    expect(list.map((x) => [x.id, x.parentId])).toEqual([["u9", "a0"], ["local-a", "u9"]]);
    const failed = failTurn(list, turn, { type: "UNAVAILABLE", message: "down" });
    expect(failed.map((x) => x.status)).toEqual(["error", "error"]);
    const again: Turn = { ...turn, questionId: "u9" };
    expect(beginTurn([], again, "t").map((x) => [x.role, x.parentId])).toEqual([["assistant", "u9"]]);
  });
});

describe("composer and usage", () => {
  it("warns from 90% of the 30,000-character limit and refuses above it", () => {
    expect(lengthState(10)).toBe("ok");
    expect(lengthState(MESSAGE_MAX * 0.9)).toBe("near");
    expect(lengthState(MESSAGE_MAX)).toBe("near");
    expect(lengthState(MESSAGE_MAX + 1)).toBe("over");
    expect(canSend("  ")).toBe(false);
    expect(canSend("hi")).toBe(true);
    expect(canSend("x".repeat(MESSAGE_MAX + 1))).toBe(false);
  });

  it("states the cost of a question and what is left today", () => {
    expect(usageLine({ remaining: 7, limit: 10, loaded: true })).toBe("Each question uses 1 query · 7 left today");
    expect(usageLine({ remaining: 1000, limit: 1000, loaded: true })).toBe(
      "Each question uses 1 query · 1,000 left today",
    );
    expect(usageLine({ remaining: 0, limit: 10, loaded: true })).toBe("Each question uses 1 query · 0 left today");
    expect(usageLine({ remaining: 10, limit: 10, loaded: false })).toBe("Each question uses 1 query");
  });

  it("copies an answer with its summary and sources; shows only http(s) hosts", () => {
    expect(
      answerAsText({
        content: "Body",
        summary: "Sum",
        citations: [
          { title: "A", source: "web", url: "https://a.example/x" },
          { title: "B", source: "sample-catalog" },
        ],
      }),
    ).toBe("Executive summary\n\nSum\n\nBody\n\nSources\n\n1. A (https://a.example/x)\n2. B");
    const research = {
      content: "Executive Summary: Sum",
      summary: "Sum",
      fullResearch: "## Findings\n\n| ID | Price |\n|---|---|\n| P-0001 | **$19.99** |\n\nSee [the store](https://s.example) and [41%](#unverified).",
      citations: [{ title: "P-0001 Lick mat", source: "sample-catalog" }],
    };
    expect(answerAsMarkdown(research)).toBe(
      "**Executive summary**\n\nSum\n\n## Findings\n\n| ID | Price |\n|---|---|\n| P-0001 | **$19.99** |\n\nSee [the store](https://s.example) and [41%](#unverified).\n\n**Sources**\n\n1. P-0001 Lick mat",
    );
    expect(answerAsText(research)).toBe(
      "Executive summary\n\nSum\n\nFindings\n\nID\tPrice\nP-0001\t$19.99\n\nSee the store (https://s.example) and 41% (not in the cited records).\n\nSources\n\n1. P-0001 Lick mat",
    );
    expect(hostOf("https://www.shop.example.com/p")).toBe("shop.example.com");
    expect(hostOf("javascript:alert(1)")).toBeNull();
    expect(hostOf(undefined)).toBeNull();
  });
});

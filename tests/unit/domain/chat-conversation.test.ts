import { describe, expect, it } from "vitest";
import type { ChatProvider, ReplyEvent } from "~/server/ai/types";
import type { ChatStreamEvent } from "~/domain/contracts/chats";
import { runAnswer, type AnswerJob } from "~/server/chat/answer-run";
import {
  conversationPath,
  decodeMessage,
  encodeAnswer,
  historyForProvider,
  HISTORY_TURNS,
  messageText,
  newestLeafUnder,
  researchFallback,
  titleFromQuestion,
  TRUNCATION_MARKER,
  versionsOf,
  type ApiMessage,
  type StoredAnswer,
} from "~/domain/chat/conversation";
import { AppError } from "~/domain/errors";

describe("titleFromQuestion", () => {
  it("keeps short questions and cuts long ones to 30 characters with '...' (spec section 4)", () => {
    expect(titleFromQuestion("  Best  pet\nproducts ")).toBe("Best pet products");
    const long = titleFromQuestion("Find winning products in pet supplies for my new store");
    expect(long).toBe("Find winning products in pet s...");
    expect(long).toHaveLength(33);
    expect(titleFromQuestion("x".repeat(80))).toBe(`${"x".repeat(30)}...`);
    expect(titleFromQuestion("x".repeat(30))).toBe("x".repeat(30));
    expect(titleFromQuestion("   ")).toBe("New Chat");
  });
});

describe("stored answers (the spec's JSON format)", () => {
  const row = { id: "m1", chatId: "c1", createdAt: "2026-01-01T00:00:00.000Z" };
  it("keeps a research answer as summary.executiveSummary and fullResearch, with the spec's fallback as content", () => {
    const content = encodeAnswer({ content: "**Hi**", summary: "S", citations: [{ title: "T", source: "sample-catalog" }], provider: "Built-in analyst" });
    expect(JSON.parse(content)).toEqual({
      summary: { executiveSummary: "S" },
      fullResearch: "**Hi**",
      content: "",
      citations: [{ title: "T", source: "sample-catalog" }],
      isPerplexity: false,
      provider: "Built-in analyst",
    });
    const decoded = decodeMessage({ ...row, role: "assistant", content })!;
    expect(decoded).toMatchObject({ summary: "S", fullResearch: "**Hi**", provider: "Built-in analyst", parentId: null });
    expect(decoded.content).toBe(researchFallback("S"));
    expect(decoded.content).toMatch(/^Executive Summary: S/);
    expect(decoded.content).toContain("comprehensive market research");
    expect(decoded.content).toContain("View Full Analysis");
    expect(messageText(decoded)).toBe("**Hi**");
  });
  it("keeps a plain answer as content, with stopped and not-counted marks", () => {
    const content = encodeAnswer({ content: "Hello", stopped: true, notCounted: true });
    expect(decodeMessage({ ...row, role: "assistant", content })).toMatchObject({ content: "Hello", stopped: true, notCounted: true, citations: [] });
  });
  it("still reads rows written before the spec's format (summary as text)", () => {
    const old = JSON.stringify({ content: "Body", summary: "Old summary", provider: "x" });
    expect(decodeMessage({ ...row, role: "assistant", content: old })).toMatchObject({ content: "Body", summary: "Old summary" });
  });
  it("truncate at 30,000 characters with the spec's marker and show plain or damaged rows as text", () => {
    const decoded = decodeMessage({ ...row, role: "assistant", content: encodeAnswer({ content: "y".repeat(30_050) }) })!;
    expect(decoded.content).toHaveLength(30_000);
    expect(decoded.content.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(TRUNCATION_MARKER).toBe("... [truncated for storage]");
    expect(decodeMessage({ ...row, role: "assistant", content: encodeAnswer({ content: "y".repeat(30_000) }) })!.content).toBe("y".repeat(30_000));
    expect(decodeMessage({ ...row, role: "assistant", content: "{not json" })!.content).toBe("{not json");
    expect(decodeMessage({ ...row, role: "user", content: '{"content":"raw"}' })!.content).toBe('{"content":"raw"}');
    expect(decodeMessage({ ...row, role: "thinking", content: "…" })).toBeNull();
  });
});

describe("versions: the conversation tree", () => {
  const m = (id: string, parentId: string | null, role: "user" | "assistant") => ({ id, parentId, role, createdAt: "" });
  // q1 → a1; q1 regenerated → a1b; q2 after a1b; q2 edited → q2b → a2b
  const tree = [m("q1", null, "user"), m("a1", "q1", "assistant"), m("a1b", "q1", "assistant"), m("q2", "a1b", "user"), m("a2", "q2", "assistant"), m("q2b", "a1b", "user"), m("a2b", "q2b", "assistant")];
  it("shows the branch ending at the leaf, or the newest line without one", () => {
    expect(conversationPath(tree, "a2").map((x) => x.id)).toEqual(["q1", "a1b", "q2", "a2"]);
    expect(conversationPath(tree, "a1").map((x) => x.id)).toEqual(["q1", "a1"]);
    expect(conversationPath(tree, null).map((x) => x.id)).toEqual(["q1", "a1b", "q2b", "a2b"]);
    expect(conversationPath(tree, "gone").map((x) => x.id)).toEqual(["q1", "a1b", "q2b", "a2b"]);
    expect(conversationPath([], null)).toEqual([]);
  });
  it("lists a turn's versions with its place among them", () => {
    expect(versionsOf(tree, tree[2])).toEqual({ ids: ["a1", "a1b"], index: 1 });
    expect(versionsOf(tree, tree[3])).toEqual({ ids: ["q2", "q2b"], index: 0 });
    expect(versionsOf(tree, tree[0])).toEqual({ ids: ["q1"], index: 0 });
  });
  it("switching to a version shows that version's newest line", () => {
    expect(newestLeafUnder(tree, "q2")).toBe("a2");
    expect(newestLeafUnder(tree, "a1b")).toBe("a2b");
    expect(newestLeafUnder(tree, "a1")).toBe("a1");
  });
  it("reads rows from before versions (no parent) as one line", () => {
    const legacy = [m("x", null, "user"), m("y", null, "assistant")];
    expect(conversationPath(legacy, "y").map((x) => x.id)).toEqual(["y"]);
    expect(conversationPath(legacy, null).map((x) => x.id)).toEqual(["y"]);
  });
});

describe("historyForProvider", () => {
  const msg = (i: number, role: "user" | "assistant", content = `m${i}`): ApiMessage => ({ id: `m${i}`, chatId: "c", role, content, createdAt: "" });
  it("keeps the most recent turns, oldest first, opening with the user", () => {
    const all = Array.from({ length: 30 }, (_, i) => msg(i, i % 2 === 0 ? "user" : "assistant"));
    const turns = historyForProvider(all);
    expect(turns.length).toBeLessThanOrEqual(HISTORY_TURNS);
    expect(turns[0].role).toBe("user");
    expect(turns.at(-1)).toEqual({ role: "assistant", content: "m29" });
  });
  it("always keeps the newest question even when it alone is over budget", () => {
    const turns = historyForProvider([msg(0, "user", "a".repeat(10)), msg(1, "assistant", "b".repeat(30_000)), msg(2, "user", "c".repeat(25_000))]);
    expect(turns).toHaveLength(1);
    expect(turns[0].content[0]).toBe("c");
  });
  it("gives a research answer's full analysis, not its fallback text", () => {
    const turns = historyForProvider([msg(0, "user", "q"), { ...msg(1, "assistant", "Executive Summary: s"), summary: "s", fullResearch: "| ID |" }, msg(2, "user", "the second")]);
    expect(turns[1]).toEqual({ role: "assistant", content: "| ID |" });
  });
});

function providerOf(events: ReplyEvent[], failAfter?: number, stopAt?: { index: number; controller: AbortController }): ChatProvider {
  return {
    id: "fake",
    label: "Fake model",
    async *reply({ signal }) {
      for (const [i, e] of events.entries()) {
        if (failAfter === i) throw new AppError("UNAVAILABLE", "The AI provider answered 500.");
        if (stopAt?.index === i) stopAt.controller.abort();
        if (signal?.aborted) throw signal.reason;
        await Promise.resolve();
        yield e;
      }
    },
  };
}

const CHAT = { id: "chat", title: "Pets", projectId: null, createdAt: "", updatedAt: "" };

function harness(provider: ChatProvider, options: { withdraw?: boolean; stop?: AbortController } = {}) {
  const ledger: string[] = [];
  const sent: ChatStreamEvent[] = [];
  const question: ApiMessage = { id: "q", chatId: "c", role: "user", content: "pets?", createdAt: "" };
  let saved: StoredAnswer | undefined;
  const handle = { userId: 1, counter: "queries" as const, reservationId: "r", limit: 10, remaining: 6 };
  const job: AnswerJob = {
    userId: 1,
    chatId: "c",
    question,
    turns: [{ role: "user", content: "pets?" }],
    reservation: handle,
    withdrawOnFailure: options.withdraw === false ? null : { leafBefore: null },
  };
  const run = runAnswer(
    {
      provider,
      reservation: { limit: 10, remaining: 6, handle, commit: async () => void ledger.push("commit"), refund: async () => void ledger.push("refund") },
      saveAnswer: async (answer) => {
        saved = answer;
        return { message: { ...question, id: "a", role: "assistant", ...answer }, chat: CHAT };
      },
      withdrawQuestion: async () => void ledger.push("withdraw"),
    },
    job,
    (event) => void sent.push(event),
    (options.stop ?? new AbortController()).signal,
  );
  return { run, ledger, sent, saved: () => saved };
}

describe("runAnswer: nothing delivered, nothing charged", () => {
  const text = (t: string): ReplyEvent => ({ type: "delta", text: t });

  it("passes events through, saves the answer and commits the query", async () => {
    const h = harness(providerOf([{ type: "summary", text: "S" }, text("Hello "), text("world"), { type: "citations", citations: [{ title: "P-1", source: "sample-catalog" }] }]));
    expect(await h.run).toBe("answered");
    expect(h.sent.map((e) => e.type)).toEqual(["user", "summary", "delta", "delta", "citations", "done"]);
    expect(h.sent.at(-1)).toMatchObject({ usage: { used: 4, limit: 10, remaining: 6 }, chat: CHAT, counted: true });
    expect(h.saved()).toMatchObject({ content: "Hello world", summary: "S", provider: "Fake model" });
    expect(h.ledger).toEqual(["commit"]);
  });

  it("saves a validated replacement of the streamed text", async () => {
    const h = harness(providerOf([text("It sells 999 units"), { type: "replace", text: "It sells [999](#unverified) units" }]));
    expect(await h.run).toBe("answered");
    expect(h.saved()!.content).toBe("It sells [999](#unverified) units");
    expect(h.sent.map((e) => e.type)).toEqual(["user", "delta", "replace", "done"]);
  });

  it("refunds an answer that found nothing, saves it marked not counted, and says so", async () => {
    const h = harness(providerOf([text("The sample catalog has no such product."), { type: "unanswered", reason: "no-match" }]));
    expect(await h.run).toBe("answered");
    expect(h.ledger).toEqual(["refund"]);
    expect(h.saved()).toMatchObject({ content: "The sample catalog has no such product.", notCounted: true });
    expect(h.sent.map((e) => e.type)).toEqual(["user", "delta", "done"]);
    expect(h.sent.at(-1)).toMatchObject({ counted: false, usage: { used: 3, limit: 10, remaining: 7 } });
  });

  it("refunds and withdraws a new question when the provider fails", async () => {
    const h = harness(providerOf([text("Hel"), text("lo")], 1));
    expect(await h.run).toBe("failed");
    expect(h.ledger).toEqual(["refund", "withdraw"]);
    expect(h.saved()).toBeUndefined();
    expect(h.sent.at(-1)).toEqual({ type: "error", error: { type: "UNAVAILABLE", message: "The AI provider answered 500. Your query was not charged." } });
  });

  it("keeps the question of a failed regeneration (it was there before)", async () => {
    const h = harness(providerOf([text("x")], 0), { withdraw: false });
    expect(await h.run).toBe("failed");
    expect(h.ledger).toEqual(["refund"]);
  });

  it("treats an empty answer as a failure", async () => {
    const h = harness(providerOf([text("  ")]));
    expect(await h.run).toBe("failed");
    expect(h.ledger).toEqual(["refund", "withdraw"]);
    expect(h.sent.at(-1)).toMatchObject({ type: "error", error: { type: "INTERNAL" } });
  });

  it("Stop keeps and charges what was written, marked stopped", async () => {
    const stop = new AbortController();
    const h = harness(providerOf([text("one "), text("two "), text("three")], undefined, { index: 2, controller: stop }), { stop });
    expect(await h.run).toBe("stopped");
    expect(h.saved()).toMatchObject({ content: "one two ", stopped: true });
    expect(h.saved()!.notCounted).toBeUndefined();
    expect(h.ledger).toEqual(["commit"]);
    expect(h.sent.at(-1)).toMatchObject({ type: "done", counted: true, message: { stopped: true } });
  });

  it("Stop before any text saves the stopped mark and charges nothing", async () => {
    const stop = new AbortController();
    const h = harness(providerOf([text("one")], undefined, { index: 0, controller: stop }), { stop });
    expect(await h.run).toBe("stopped");
    expect(h.ledger).toEqual(["refund"]);
    expect(h.saved()).toMatchObject({ content: "", stopped: true, notCounted: true });
    expect(h.sent.at(-1)).toMatchObject({ type: "done", counted: false });
  });
});

import { describe, expect, it } from "vitest";
import type { ChatProvider, ReplyEvent } from "~/server/ai/types";
import type { ChatStreamEvent } from "~/domain/contracts/chats";
import { streamAnswer } from "~/server/chat/answer-stream";
import { decodeMessage, encodeAnswer, historyForProvider, HISTORY_TURNS, titleFromQuestion, type ApiMessage } from "~/domain/chat/conversation";
import { AppError } from "~/domain/errors";

describe("titleFromQuestion", () => {
  it("keeps short questions and cuts long ones at a word within 30 characters", () => {
    expect(titleFromQuestion("  Best  pet\nproducts ")).toBe("Best pet products");
    const long = titleFromQuestion("Find winning products in pet supplies for my new store");
    expect(long).toBe("Find winning products in pet…");
    expect(long.length).toBeLessThanOrEqual(30);
    expect(titleFromQuestion("x".repeat(80))).toHaveLength(30);
    expect(titleFromQuestion("   ")).toBe("New Chat");
  });
});

describe("stored answers", () => {
  const row = { id: "m1", chatId: "c1", createdAt: "2026-01-01T00:00:00.000Z" };
  it("round-trip summary, citations and provider", () => {
    const content = encodeAnswer({ content: "**Hi**", summary: "S", citations: [{ title: "T", source: "sample-catalog" }], provider: "Built-in analyst" });
    expect(decodeMessage({ ...row, role: "assistant", content })).toEqual({
      ...row,
      role: "assistant",
      content: "**Hi**",
      summary: "S",
      citations: [{ title: "T", source: "sample-catalog" }],
      provider: "Built-in analyst",
    });
  });
  it("truncate at 30,000 characters and show plain or damaged rows as text", () => {
    const decoded = decodeMessage({ ...row, role: "assistant", content: encodeAnswer({ content: "y".repeat(30_050) }) })!;
    expect(decoded.content).toHaveLength(30_000);
    expect(decodeMessage({ ...row, role: "assistant", content: "{not json" })!.content).toBe("{not json");
    expect(decodeMessage({ ...row, role: "user", content: '{"content":"raw"}' })!.content).toBe('{"content":"raw"}');
    expect(decodeMessage({ ...row, role: "thinking", content: "…" })).toBeNull();
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
});

function providerOf(events: ReplyEvent[], failAfter?: number): ChatProvider {
  return {
    id: "fake",
    label: "Fake model",
    async *reply({ signal }) {
      for (const [i, e] of events.entries()) {
        if (failAfter === i) throw new AppError("UNAVAILABLE", "The AI provider answered 500.");
        if (signal?.aborted) throw signal.reason;
        await Promise.resolve();
        yield e;
      }
    },
  };
}

const CHAT = { id: "chat", title: "Pets", projectId: null, createdAt: "", updatedAt: "" };

function harness(provider: ChatProvider, failSendAt?: number) {
  const ledger: string[] = [];
  const sent: ChatStreamEvent[] = [];
  const question: ApiMessage = { id: "q", chatId: "c", role: "user", content: "pets?", createdAt: "" };
  let saved: unknown;
  const run = streamAnswer(
    {
      provider,
      reservation: { limit: 10, remaining: 6, commit: async () => void ledger.push("commit"), refund: async () => void ledger.push("refund") },
      saveAnswer: async (answer) => {
        saved = answer;
        return { message: { ...question, id: "a", role: "assistant", ...answer }, chat: CHAT };
      },
      discardQuestion: async () => void ledger.push("discard"),
    },
    question,
    [{ role: "user", content: "pets?" }],
    async (event) => {
      if (failSendAt !== undefined && sent.length >= failSendAt) throw new Error("reader gone");
      sent.push(event);
    },
  );
  return { run, ledger, sent, saved: () => saved };
}

describe("streamAnswer", () => {
  const text = (t: string): ReplyEvent => ({ type: "delta", text: t });

  it("passes events through, saves the answer and commits the query", async () => {
    const h = harness(providerOf([text("Hello "), text("world"), { type: "citations", citations: [{ title: "P-1", source: "sample-catalog" }] }]));
    expect(await h.run).toBe("answered");
    expect(h.sent.map((e) => e.type)).toEqual(["user", "delta", "delta", "citations", "done"]);
    expect(h.sent.at(-1)).toMatchObject({ usage: { used: 4, limit: 10, remaining: 6 }, chat: CHAT });
    expect(h.saved()).toMatchObject({ content: "Hello world", provider: "Fake model" });
    expect(h.ledger).toEqual(["commit"]);
  });

  it("refunds and takes the question back when the provider fails", async () => {
    const h = harness(providerOf([text("Hel"), text("lo")], 1));
    expect(await h.run).toBe("failed");
    expect(h.ledger).toEqual(["refund", "discard"]);
    expect(h.saved()).toBeUndefined();
    expect(h.sent.at(-1)).toEqual({ type: "error", error: { type: "UNAVAILABLE", message: "The AI provider answered 500. Your query was not charged." } });
  });

  it("treats an empty answer as a failure", async () => {
    const h = harness(providerOf([text("  ")]));
    expect(await h.run).toBe("failed");
    expect(h.ledger).toEqual(["refund", "discard"]);
    expect(h.sent.at(-1)).toMatchObject({ type: "error", error: { type: "INTERNAL" } });
  });

  it("stops the provider when the reader leaves, keeping and charging what was written", async () => {
    const h = harness(providerOf([text("one "), text("two "), text("three")]), 3);
    expect(await h.run).toBe("stopped");
    expect(h.saved()).toMatchObject({ content: "one two ", stopped: true });
    expect(h.ledger).toEqual(["commit"]);
  });

  it("charges nothing when the reader leaves before any text", async () => {
    const h = harness(providerOf([text("one")]), 1);
    expect(await h.run).toBe("stopped");
    expect(h.ledger).toEqual(["refund"]);
    expect(h.saved()).toBeUndefined();
  });
});

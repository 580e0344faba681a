/** The browser's zod-free reader of the chat stream agrees with the contract's schema. */
import { describe, expect, it } from "vitest";
import { CHAT_STREAM_EVENT_TYPES, readChatStreamEvent, readCitations } from "~/domain/contracts/chat-events";
import { ChatStreamEventSchema, type ChatStreamEvent } from "~/domain/contracts/chats";

const question = { id: "q1", chatId: "c1", role: "user", content: "Pet products?", createdAt: "2026-03-10T00:00:00.000Z" } as const;
const answer = {
  id: "a1",
  chatId: "c1",
  role: "assistant",
  parentId: "q1",
  content: "Top picks",
  summary: "Sum",
  fullResearch: "## Full analysis",
  citations: [
    { title: "Catalog", source: "sample", record: { kind: "product", id: "P-0001" } },
    { title: "Report", source: "web", url: "https://example.com/r" },
  ],
  provider: "Analyst",
  stopped: true,
  notCounted: false,
  createdAt: "2026-03-10T00:00:01.000Z",
} as const;
const chat = { id: "c1", title: "Pet products?", projectId: null, leafId: "a1", answering: false, createdAt: "2026-03-10T00:00:00.000Z", updatedAt: "2026-03-10T00:00:01.000Z" };

/** At least one event of every type, with every optional field both present and absent. */
const VALID: ChatStreamEvent[] = [
  { type: "user", message: question },
  { type: "delta", text: "Top" },
  { type: "delta", text: "" },
  { type: "summary", text: "Sum" },
  { type: "replace", text: "Top [9](#unverified)" },
  { type: "citations", citations: answer.citations.map((c) => ({ ...c })) },
  { type: "citations", citations: [] },
  { type: "done", message: { ...answer, citations: answer.citations.map((c) => ({ ...c })) }, chat, usage: { used: 3, limit: 10, remaining: 7 }, counted: true },
  { type: "done", message: { ...question, role: "assistant", parentId: null }, chat: { ...chat, projectId: "p1", leafId: null }, usage: { used: 10, limit: 10, remaining: 0 }, counted: false },
  { type: "error", error: { type: "UNAVAILABLE", message: "The AI is busy. Your query was not charged." } },
];

const read = (event: unknown) => readChatStreamEvent(JSON.stringify(event));
const without = (value: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

describe("readChatStreamEvent, against ChatStreamEventSchema", () => {
  it("reads one event type per event of the contract, no more", () => {
    const contractTypes = ChatStreamEventSchema.options.map((option) => option.shape.type.value);
    expect(CHAT_STREAM_EVENT_TYPES).toEqual(contractTypes);
    expect(new Set(VALID.map((e) => e.type))).toEqual(new Set(contractTypes));
  });

  it("gives exactly what the schema parses for every event the schema accepts", () => {
    for (const event of VALID) {
      const parsed = ChatStreamEventSchema.safeParse(event);
      expect(parsed.success, JSON.stringify(event)).toBe(true);
      expect(read(event), event.type).toEqual(parsed.data);
    }
  });

  it("leaves out what the contract does not name, as the schema does", () => {
    const extra = { type: "done", message: { ...question, extra: 1 }, chat: { ...chat, secret: "x" }, usage: { used: 1, limit: 10, remaining: 9, more: 0 }, counted: true, x: 1 };
    expect(read(extra)).toEqual(ChatStreamEventSchema.parse(extra));
  });

  it("refuses an event lacking a field the contract requires, but for the documented leniencies", () => {
    const lenient = new Set(["citations.citations", "done.chat", "done.usage", "done.counted", "error.error"]);
    let refusals = 0;
    for (const event of VALID) {
      for (const key of Object.keys(event).filter((k) => k !== "type")) {
        const broken = without(event, key);
        expect(ChatStreamEventSchema.safeParse(broken).success).toBe(false);
        if (lenient.has(`${event.type}.${key}`)) continue;
        expect(read(broken), `${event.type} without ${key}`).toBeNull();
        refusals++;
      }
      if (event.type === "user" || event.type === "done") {
        for (const key of ["id", "chatId", "role", "content", "createdAt"]) {
          const broken = { ...event, message: without(event.message, key) };
          expect(ChatStreamEventSchema.safeParse(broken).success).toBe(false);
          expect(read(broken), `${event.type} whose message lacks ${key}`).toBeNull();
          refusals++;
        }
        expect(read({ ...event, message: { ...event.message, role: "system" } })).toBeNull();
      }
    }
    expect(refusals).toBeGreaterThan(15);
    expect(read({ type: "delta", text: 1 })).toBeNull();
    expect(read({ type: "ping" })).toBeNull();
    expect(read({ type: "toString" })).toBeNull();
    expect(read(["delta"])).toBeNull();
    expect(readChatStreamEvent("{")).toBeNull();
  });

  it("is lenient where an older page must still read a newer server", () => {
    // One bad citation costs that citation, not the event.
    const citations = [{ title: "t", source: "s" }, { bad: true }, { title: "u", source: "s", url: 3 }];
    expect(ChatStreamEventSchema.safeParse({ type: "citations", citations }).success).toBe(false);
    expect(read({ type: "citations", citations })).toEqual({ type: "citations", citations: [{ title: "t", source: "s" }] });
    expect(read({ type: "citations" })).toEqual({ type: "citations", citations: [] });
    // `done` finishes the turn without (or with a damaged) chat or usage.
    expect(read({ type: "done", message: question, chat: { id: "c1" }, usage: { used: "1" } })).toEqual({ type: "done", message: question });
    // An error type this build does not know keeps its words; a missing one is INTERNAL with none.
    const unknown = { type: "error", error: { type: "FROM_THE_FUTURE", message: "New." } };
    expect(ChatStreamEventSchema.safeParse(unknown).success).toBe(false);
    expect(read(unknown)).toEqual(unknown);
    expect(read({ type: "error" })).toEqual({ type: "error", error: { type: "INTERNAL", message: "" } });
  });

  it("reads a saved message's citations the same way", () => {
    expect(readCitations(null)).toEqual([]);
    expect(readCitations([{ title: "t", source: "s", url: "https://x.example", note: 1 }, "x"])).toEqual([
      { title: "t", source: "s", url: "https://x.example" },
    ]);
  });
});

import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatKeys } from "~/features/chat/chat-cache";

const CHATS_KEY = chatKeys.list();
const chatKey = chatKeys.detail;
import type { ChatDetail, ChatSummary } from "~/features/chat/chat-logic";
import { getDraft, isStreaming, sendMessage, setDraft, stopStream } from "~/features/chat/chat-store";
import { QUERY_LIMIT_KEY, USAGE_SUMMARY_KEY } from "~/features/account";

const enc = new TextEncoder();
const sse = (events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
/** Events as the server numbers them for a resume (the SSE `id:` line). */
const numbered = (events: [number, unknown][]) => events.map(([id, e]) => `id: ${id}\ndata: ${JSON.stringify(e)}\n\n`).join("");

/** A streamed 200 answer whose chunks arrive one by one; `hold` keeps the stream open. */
function streamResponse(chunks: string[], { hold = false } = {}) {
  let controllerRef: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      for (const c of chunks) controller.enqueue(enc.encode(c));
      if (!hold) controller.close();
    },
  });
  return {
    res: new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }),
    close: () => controllerRef.close(),
  };
}

/** An answer's first connection: the question and one piece of text, then it breaks off. */
const brokenOffAfter = (question: string, text: string) =>
  streamResponse([
    numbered([
      [0, { type: "user", message: msg({ id: "u1", role: "user", content: question }) }],
      [1, { type: "delta", text }],
    ]),
  ]);

const chatRow = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  id: "c1",
  title: "New Chat",
  projectId: null,
  createdAt: "2026-03-01T00:00:00.000Z",
  updatedAt: "2026-03-01T00:00:00.000Z",
  ...over,
});
const msg = (over: Record<string, unknown>) => ({ chatId: "c1", createdAt: "2026-03-10T00:00:00.000Z", ...over });

function client() {
  const qc = new QueryClient();
  qc.setQueryData(USAGE_SUMMARY_KEY, { usage: {} });
  qc.setQueryData(QUERY_LIMIT_KEY, { limit: 10 });
  return qc;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("sendMessage", () => {
  it("creates a new chat with the first question, streams the answer into the cache and settles it", async () => {
    const qc = client();
    const invalidate = vi.spyOn(qc, "invalidateQueries");
    const { res } = streamResponse([
      sse([{ type: "user", message: msg({ id: "u1", role: "user", content: "Pet products?" }) }]),
      sse([
        { type: "delta", text: "Top " },
        { type: "delta", text: "picks" },
      ]),
      sse([
        { type: "summary", text: "Sum" },
        {
          type: "done",
          message: msg({ id: "a1", role: "assistant", content: "Top picks", summary: "Sum", provider: "Analyst" }),
          chat: chatRow({ title: "Pet products?", updatedAt: "2026-03-10T00:00:01.000Z" }),
          usage: { used: 1, limit: 10, remaining: 9 },
        },
      ]),
    ]);
    const fetchMock = vi.fn(async () => res);
    vi.stubGlobal("fetch", fetchMock);
    const accepted = vi.fn();

    const outcome = await sendMessage(qc, {
      chatId: "c1",
      request: { kind: "ask", content: "Pet products?" },
      isNewChat: true,
      draftKey: "new",
      onAccepted: accepted,
    });

    expect(outcome).toEqual({ kind: "done" });
    expect(accepted).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chats/c1/messages");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(JSON.parse(init.body as string)).toEqual({ content: "Pet products?" });

    const detail = qc.getQueryData<ChatDetail>(chatKey("c1"))!;
    expect(detail.messages.map((m) => [m.id, m.role, m.content, m.status])).toEqual([
      ["u1", "user", "Pet products?", undefined],
      ["a1", "assistant", "Top picks", undefined],
    ]);
    expect(detail.messages[1]).toMatchObject({ summary: "Sum", provider: "Analyst" });
    expect(qc.getQueryData<ChatSummary[]>(CHATS_KEY)).toEqual([
      chatRow({ title: "Pet products?", updatedAt: "2026-03-10T00:00:01.000Z" }),
    ]);
    expect(isStreaming("c1")).toBe(false);
    const keys = invalidate.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
    expect(keys).toContain(JSON.stringify(USAGE_SUMMARY_KEY));
    expect(keys).toContain(JSON.stringify(QUERY_LIMIT_KEY));
  });

  it("on a 429 USAGE_LIMIT takes the turn back and returns the question to the composer", async () => {
    const qc = client();
    qc.setQueryData(CHATS_KEY, [chatRow({ title: "Old title" })]);
    qc.setQueryData<ChatDetail>(chatKey("c1"), { chat: chatRow({ title: "Old title" }), messages: [] });
    const body = {
      error: "Usage limit reached",
      type: "USAGE_LIMIT",
      message: "You have used all 10 of today's queries.",
      details: { counter: "queries", limit: 10, used: 10, resetsAt: "2026-03-11T00:00:00.000Z" },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(body), { status: 429 })),
    );
    setDraft("c1", "");

    const outcome = await sendMessage(qc, { chatId: "c1", request: { kind: "ask", content: "My long question" }, draftKey: "c1" });

    expect(outcome).toEqual({ kind: "usage-limit" });
    expect(qc.getQueryData<ChatDetail>(chatKey("c1"))!.messages).toEqual([]);
    expect(getDraft("c1")).toBe("My long question");
    expect(qc.getQueryData<ChatSummary[]>(CHATS_KEY)![0]).toMatchObject({
      title: "Old title",
      updatedAt: "2026-03-01T00:00:00.000Z",
    });
  });

  it("shows the server's message on the turn for other refusals, and removes a new chat from the list", async () => {
    const qc = client();
    const body = { error: "Too many requests", type: "RATE_LIMITED", message: "Slow down: try again in a minute." };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(body), { status: 429 })),
    );

    const outcome = await sendMessage(qc, { chatId: "n1", request: { kind: "ask", content: "Hi" }, isNewChat: true, draftKey: "new" });

    expect(outcome).toEqual({ kind: "error", message: "Slow down: try again in a minute.", accepted: false });
    const answer = qc.getQueryData<ChatDetail>(chatKey("n1"))!.messages[1];
    expect(answer).toMatchObject({
      status: "error",
      error: { type: "RATE_LIMITED", message: "Slow down: try again in a minute." },
      question: "Hi",
    });
    expect(qc.getQueryData<ChatSummary[]>(CHATS_KEY)).toEqual([]);
  });

  it("picks a dropped answer up from the last event it had, and tries a lost follow-up request again", async () => {
    const qc = client();
    // The first connection breaks off after two events; the first follow-up request is lost to the
    // network; the second follows from event 2 (repeating event 1, which is not applied twice).
    const first = brokenOffAfter("Pet products?", "Top ");
    const rest = streamResponse([
      numbered([
        [1, { type: "delta", text: "Top " }],
        [2, { type: "delta", text: "picks" }],
        [
          3,
          {
            type: "done",
            message: msg({ id: "a1", role: "assistant", content: "Top picks" }),
            chat: chatRow({ title: "Pet products?" }),
          },
        ],
      ]),
    ]);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(first.res)
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(rest.res);
    vi.stubGlobal("fetch", fetchMock);

    const outcome = await sendMessage(qc, { chatId: "c1", request: { kind: "ask", content: "Pet products?" }, draftKey: "c1" });

    expect(outcome).toEqual({ kind: "done" });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      "/api/chats/c1/messages",
      "/api/chats/c1/stream?from=2",
      "/api/chats/c1/stream?from=2",
    ]);
    const answer = qc.getQueryData<ChatDetail>(chatKey("c1"))!.messages[1];
    expect(answer).toMatchObject({ id: "a1", content: "Top picks" });
    expect(answer.status).toBeUndefined();
  });

  it("gives up on a dropped answer after three follow-ups and says it was cut off", async () => {
    const qc = client();
    const first = brokenOffAfter("q", "Half");
    const fetchMock = vi.fn().mockResolvedValueOnce(first.res).mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);

    const outcome = await sendMessage(qc, { chatId: "c3", request: { kind: "ask", content: "q" }, draftKey: "c3" });

    expect(outcome.kind).toBe("error");
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(qc.getQueryData<ChatDetail>(chatKey("c3"))!.messages[1]).toMatchObject({ content: "Half", status: "error" });
  });

  it("an error event after some text keeps the text with the message", async () => {
    const qc = client();
    const { res } = streamResponse([
      sse([
        { type: "user", message: msg({ id: "u1", role: "user", content: "q" }) },
        { type: "delta", text: "Half" },
        { type: "error", error: { type: "UNAVAILABLE", message: "The AI is busy. Your query was not charged." } },
      ]),
    ]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => res),
    );
    const outcome = await sendMessage(qc, { chatId: "c2", request: { kind: "ask", content: "q" }, isNewChat: true, draftKey: "new" });
    expect(outcome.kind).toBe("error");
    expect(qc.getQueryData<ChatDetail>(chatKey("c2"))!.messages[1]).toMatchObject({
      content: "Half",
      status: "error",
      error: { message: "The AI is busy. Your query was not charged." },
    });
  });

  it("Stop aborts the stream and keeps the partial answer", async () => {
    const qc = client();
    const { res } = streamResponse(
      [
        sse([
          { type: "user", message: msg({ id: "u1", role: "user", content: "q" }) },
          { type: "delta", text: "Partial" },
        ]),
      ],
      {
        hold: true,
      },
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        init.signal?.addEventListener("abort", () => void res.body?.cancel().catch(() => {}));
        return res;
      }),
    );
    const pending = sendMessage(qc, { chatId: "c3", request: { kind: "ask", content: "q" }, isNewChat: true, draftKey: "new" });
    await vi.waitFor(() => expect(qc.getQueryData<ChatDetail>(chatKey("c3"))!.messages[1].content).toBe("Partial"));
    expect(isStreaming("c3")).toBe(true);
    expect(await sendMessage(qc, { chatId: "c3", request: { kind: "ask", content: "again" }, draftKey: "c3" })).toEqual({ kind: "busy" });

    stopStream("c3");
    expect(await pending).toEqual({ kind: "stopped", accepted: true });
    expect(qc.getQueryData<ChatDetail>(chatKey("c3"))!.messages[1]).toMatchObject({
      content: "Partial",
      status: "stopped",
    });
    expect(isStreaming("c3")).toBe(false);
  });

  it("Stop before the server answers takes the turn back and returns the question to the composer", async () => {
    const qc = client();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
          }),
      ),
    );
    setDraft("new", "");
    const pending = sendMessage(qc, { chatId: "c4", request: { kind: "ask", content: "Too quick" }, isNewChat: true, draftKey: "new" });
    expect(qc.getQueryData<ChatDetail>(chatKey("c4"))!.messages).toHaveLength(2);
    stopStream("c4");
    expect(await pending).toEqual({ kind: "stopped", accepted: false });
    expect(qc.getQueryData<ChatDetail>(chatKey("c4"))!.messages).toEqual([]);
    expect(qc.getQueryData<ChatSummary[]>(CHATS_KEY)).toEqual([]);
    expect(getDraft("new")).toBe("Too quick");
  });
});

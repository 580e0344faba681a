import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createOpenAiCompatibleProvider } from "~/server/ai/openai-compatible";
import { RESEARCH_ANSWER_SCHEMA, researchSystemTurn, retrieveFromCatalog } from "~/server/ai/research";
import type { ChatTurn, ReplyEvent } from "~/server/ai/types";
import { AppError } from "~/domain/errors";
import { generateCatalog, installCatalog } from "~/server/market/catalog";
import { forgetEndpoints } from "~/server/ai/endpoint-memo";
import { FAKE_OPENAI_KEY, REFUSAL, startFakeOpenAi, type FakeOpenAi } from "../../integration/fake-openai";

// Retrieval and the grounding check are tested alone here, on the generated catalog D1 is seeded from
// (tests/integration/shared-catalog.test.ts proves the catalog read back from D1 equals it).
installCatalog(generateCatalog());

// The adapter talks to a real local HTTP server that speaks OpenAI's streamed chat completions
// (tests/integration/fake-openai.ts); a `[fake:<behaviour>]` prefix on the question picks what it does.
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: FAKE_OPENAI_KEY });
});
afterAll(() => fake.close());
// What the isolate learns about an endpoint (endpoint-memo.ts) must not leak from one test into the next.
afterEach(() => forgetEndpoints());

const MODEL = "gpt-4o-mini";
const provider = (overrides: Partial<Parameters<typeof createOpenAiCompatibleProvider>[0]> = {}) =>
  createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: FAKE_OPENAI_KEY, model: MODEL, timeoutMs: 2000, ...overrides });

const ask = (question: string): ChatTurn[] => [{ role: "user", content: question }];

async function collect(events: AsyncIterable<ReplyEvent>): Promise<ReplyEvent[]> {
  const out: ReplyEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const textOf = (events: ReplyEvent[]) => events.map((e) => (e.type === "delta" ? e.text : "")).join("");

/** Runs the reply and returns what it yielded and what it threw. */
async function attempt(events: AsyncIterable<ReplyEvent>) {
  const yielded: ReplyEvent[] = [];
  try {
    for await (const event of events) yielded.push(event);
  } catch (error) {
    return { yielded, error };
  }
  return { yielded, error: undefined };
}

async function unavailable(events: AsyncIterable<ReplyEvent>): Promise<AppError> {
  const { error } = await attempt(events);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).type).toBe("UNAVAILABLE");
  return error as AppError;
}

/** The fake sees the socket close after the abort; on two busy cores that once took over waitFor's 1 s. */
const HANG_UP_WAIT = { timeout: 5_000 };

describe("OpenAI-compatible chat provider", () => {
  it("names itself after the model", () => {
    const p = provider();
    expect(p.id).toBe("openai:gpt-4o-mini");
    expect(p.label).toBe("gpt-4o-mini");
  });

  it("streams the answer as deltas and sends model, stream:true, the system prompt and the conversation", async () => {
    const before = fake.received.length;
    const events = await collect(
      provider().reply({
        messages: [
          { role: "user", content: "Best niche?" },
          { role: "assistant", content: "Pet supplies." },
          { role: "user", content: "Which products sell in pet supplies?" },
        ],
      }),
    );
    expect(events).toEqual([
      { type: "delta", text: "You asked: Which" },
      { type: "delta", text: " products sell i" },
      { type: "delta", text: "n pet supplies?" },
    ]);
    expect(fake.received.length).toBe(before + 1);
    const conversation: ChatTurn[] = [
      { role: "user", content: "Best niche?" },
      { role: "assistant", content: "Pet supplies." },
      { role: "user", content: "Which products sell in pet supplies?" },
    ];
    expect(fake.received.at(-1)).toEqual({
      model: MODEL,
      stream: true,
      response_format: { type: "json_schema", json_schema: RESEARCH_ANSWER_SCHEMA },
      messages: [
        // The research rules and the catalog records retrieved for the question, numbered to cite.
        { role: "system", content: researchSystemTurn(retrieveFromCatalog(conversation)) },
        { role: "user", content: "Best niche?" },
        { role: "assistant", content: "Pet supplies." },
        { role: "user", content: "Which products sell in pet supplies?" },
      ],
    });
    const headers = fake.headers.at(-1)!;
    expect(headers.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    expect(headers.accept).toBe("text/event-stream");
    expect(headers["content-type"]).toBe("application/json");
  });

  it("keeps a conversation's own system turn, after the research rules", async () => {
    const messages: ChatTurn[] = [
      { role: "system", content: "Answer in one word." },
      { role: "user", content: "Hi" },
    ];
    await collect(provider().reply({ messages }));
    const sent = fake.received.at(-1)!.messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user"]);
    expect(sent[0].content.startsWith("You are Dropcraft's research assistant")).toBe(true);
    expect(sent[0].content.endsWith("Answer in one word.")).toBe(true);
  });

  it("accepts a base URL with a trailing slash", async () => {
    expect(textOf(await collect(provider({ baseUrl: `${fake.url}/` }).reply({ messages: ask("slash") })))).toBe(
      "You asked: slash",
    );
  });

  it("sends no Authorization header when the key is empty (Ollama, local vLLM)", async () => {
    const open = await startFakeOpenAi({ apiKey: "" });
    try {
      const events = await collect(provider({ baseUrl: open.url, apiKey: "" }).reply({ messages: ask("no key") }));
      expect(textOf(events)).toBe("You asked: no key");
      expect(open.headers.at(-1)!.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it("uses the fetch it is given", async () => {
    const fetchImpl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    await collect(provider({ fetchImpl: fetchImpl as typeof fetch }).reply({ messages: ask("via fetchImpl") }));
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(String(fetchImpl.mock.calls[0][0])).toBe(`${fake.url}/chat/completions`);
  });

  it("reassembles chunks written a few bytes at a time, cutting lines and UTF-8 characters", async () => {
    const question = "Caf\u00e9 d\u00e9cor \ud83d\ude80 trends in \u4e2d\u56fd?";
    const events = await collect(provider().reply({ messages: ask(`[fake:split] ${question}`) }));
    expect(textOf(events)).toBe(`You asked: ${question}`);
    expect(events.length).toBe(3);
  });

  it("skips keep-alive comments", async () => {
    expect(textOf(await collect(provider().reply({ messages: ask("[fake:keepalive] ping") })))).toBe("You asked: ping");
  });

  it("accepts a stream that ends after finish_reason without [DONE]", async () => {
    expect(textOf(await collect(provider().reply({ messages: ask("[fake:no-done] short") })))).toBe("You asked: short");
  });

  it("takes a non-streamed JSON answer as one delta", async () => {
    expect(await collect(provider().reply({ messages: ask("[fake:json] whole") }))).toEqual([
      { type: "delta", text: "You asked: whole" },
    ]);
  });

  it("reports a rejected key with the status, without repeating the key", async () => {
    const secret = "sk-live-this-must-never-leak-123456";
    const error = await unavailable(provider({ apiKey: secret }).reply({ messages: ask("hi") }));
    expect(error.message).toMatch(/^The AI provider rejected the API key \(401\): Incorrect API key provided/);
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error.toBody())).not.toContain(secret);
    expect(error.details).toMatchObject({ status: 401, code: "invalid_api_key" });
  });

  it("says the provider is rate limiting on 429, with its message and Retry-After", async () => {
    const error = await unavailable(provider().reply({ messages: ask("[fake:rate-limit] hi") }));
    expect(error.message).toMatch(/^The AI provider is rate limiting requests \(429\): Rate limit reached for gpt-4o-mini/);
    expect(error.details).toMatchObject({ status: 429, code: "rate_limit_exceeded", retryAfter: "20" });
  });

  it("reports a server error with its status and message", async () => {
    const error = await unavailable(provider().reply({ messages: ask("[fake:server-error] hi") }));
    expect(error.message).toBe(
      "The AI provider returned an error (500): The server had an error while processing your request. Sorry about that!",
    );
  });

  it("reports a wrong base URL (404)", async () => {
    const error = await unavailable(provider({ baseUrl: fake.url.replace(/\/v1$/, "/v2") }).reply({ messages: ask("hi") }));
    expect(error.message).toMatch(/^The AI provider answered 404 \(check the base URL and the model name\): Invalid URL/);
  });

  it("reports an HTML page instead of a completion", async () => {
    const error = await unavailable(provider().reply({ messages: ask("[fake:html] hi") }));
    expect(error.message).toContain("HTML page");
  });

  it("times out when the provider does not answer, and hangs up", async () => {
    const started = Date.now();
    const error = await unavailable(provider({ timeoutMs: 150 }).reply({ messages: ask("[fake:hang] timeout") }));
    expect(error.message).toBe("The AI provider did not answer within 150 ms");
    expect(Date.now() - started).toBeLessThan(1500);
    await vi.waitFor(() => expect(fake.hangUps).toContain("[fake:hang] timeout"), HANG_UP_WAIT);
  });

  it("times out when the provider stalls mid-answer, after the text it did send", async () => {
    const { yielded, error } = await attempt(provider({ timeoutMs: 150 }).reply({ messages: ask("[fake:stall] hi") }));
    expect(yielded).toEqual([{ type: "delta", text: "You a" }]);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("The AI provider stopped sending its answer for 150 ms");
  });

  it("formats the default-sized timeout in seconds", async () => {
    const error = await unavailable(provider({ timeoutMs: 1000 }).reply({ messages: ask("[fake:hang] hi") }));
    expect(error.message).toBe("The AI provider did not answer within 1 s");
  });

  it("does not count the caller's own time between deltas against the timeout", async () => {
    const events: ReplyEvent[] = [];
    for await (const event of provider({ timeoutMs: 100 }).reply({ messages: ask("slow consumer") })) {
      events.push(event);
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(textOf(events)).toBe("You asked: slow consumer");
  });

  it("throws on a malformed chunk", async () => {
    const { yielded, error } = await attempt(provider().reply({ messages: ask("[fake:malformed] hi") }));
    expect(yielded).toEqual([]);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("The AI provider returned a malformed stream");
  });

  it("throws on an error chunk inside the stream", async () => {
    const { yielded, error } = await attempt(provider().reply({ messages: ask("[fake:error-chunk] hi") }));
    expect(yielded).toHaveLength(1);
    expect((error as AppError).type).toBe("UNAVAILABLE");
    expect((error as AppError).message).toBe(
      "The AI provider reported an error while answering: The model is overloaded. Please try again later.",
    );
  });

  it("throws when the stream ends before the answer is complete", async () => {
    const error = await unavailable(provider().reply({ messages: ask("[fake:truncated] hi") }));
    expect(error.message).toBe("The AI provider ended the stream before the answer was complete");
  });

  it("throws when the provider drops the connection mid-answer", async () => {
    const error = await unavailable(provider().reply({ messages: ask("[fake:drop] hi") }));
    expect(error.message).toBe("The AI provider closed the connection before the answer was complete");
  });

  it("says it could not reach a provider that is not listening", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await unavailable(provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).reply({ messages: ask("hi") }));
    expect(error.message).toBe(`Could not reach the AI provider at 127.0.0.1:${port}`);
  });

  it("stops the stream and hangs up when the caller aborts", async () => {
    const controller = new AbortController();
    const seen: ReplyEvent[] = [];
    const run = async () => {
      for await (const event of provider().reply({ messages: ask("[fake:slow] abort me"), signal: controller.signal })) {
        seen.push(event);
        if (seen.length === 2) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual([
      { type: "delta", text: "word0 " },
      { type: "delta", text: "word1 " },
    ]);
    await vi.waitFor(() => expect(fake.hangUps).toContain("[fake:slow] abort me"), HANG_UP_WAIT);
  });

  it("aborts a request that is still waiting for the provider's first byte", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 50);
    const { error } = await attempt(
      provider({ timeoutMs: 5000 }).reply({ messages: ask("[fake:hang] user leaves"), signal: controller.signal }),
    );
    expect(error).toEqual(new Error("user left"));
    await vi.waitFor(() => expect(fake.hangUps).toContain("[fake:hang] user leaves"), HANG_UP_WAIT);
  });

  it("sends nothing when the caller's signal is already aborted", async () => {
    const before = fake.headers.length;
    const { error } = await attempt(provider().reply({ messages: ask("hi"), signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(fake.headers.length).toBe(before);
  });

  it("hangs up when the caller stops reading early", async () => {
    for await (const event of provider().reply({ messages: ask("[fake:slow] stop reading") })) {
      expect(event).toEqual({ type: "delta", text: "word0 " });
      break;
    }
    // The slow answer takes over 500 ms; the hang-up must come well before it would have ended.
    await vi.waitFor(() => expect(fake.hangUps).toContain("[fake:slow] stop reading"), { timeout: 300 });
  });

  describe("a structured-output refusal", () => {
    const refused = [
      { type: "delta", text: `The AI model declined to answer this question: ${REFUSAL.replace(/\.$/, "")}. Rewording the question may help.` },
      { type: "unanswered", reason: "refusal" },
    ];

    it("streamed in delta.refusal becomes the answer, marked unanswered so it is not charged", async () => {
      expect(await collect(provider().reply({ messages: ask("[fake:refusal] how do I pick a lock?") }))).toEqual(refused);
    });

    it("in a non-streamed message.refusal does the same", async () => {
      expect(await collect(provider().reply({ messages: ask("[fake:refusal-json] how do I pick a lock?") }))).toEqual(refused);
    });

    it("fails a JSON completion with the model's reason, so the caller refunds it", async () => {
      const error = await provider()
        .completeJson(ask("[fake:refusal] write it"), RESEARCH_ANSWER_SCHEMA)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ type: "UNAVAILABLE", details: { reason: "refusal", refusal: REFUSAL } });
      expect((error as AppError).message).toContain(REFUSAL);
    });
  });

  describe("a 400 about response_format", () => {
    it("switches to markdown, once per isolate, when the model does not support it", async () => {
      const before = fake.received.length;
      await collect(provider().reply({ messages: ask("[fake:no-schema] pet brush") }));
      // A new provider (they are built per request) remembers it: markdown at once, no refused request.
      await collect(provider().reply({ messages: ask("[fake:no-schema] pet brush again") }));
      // (The fake records a request before refusing it.) Refused, asked again in markdown, then markdown at once.
      expect(fake.received.slice(before).map((b) => "response_format" in b)).toEqual([true, false, false]);
      // Another model on the same server has not been refused: it is asked for JSON.
      await collect(provider({ model: "gpt-4o" }).reply({ messages: ask("[fake:research] pet brush") }));
      expect(fake.received.at(-1)).toHaveProperty("response_format");
    });

    it("is our bug when it is about our schema: INTERNAL, logged, and no markdown retry", async () => {
      const log = { error: vi.fn() };
      const before = fake.received.length;
      const { error } = await attempt(provider({ log }).reply({ messages: ask("[fake:bad-schema] pet brush") }));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ type: "INTERNAL", details: { status: 400, format: "research_answer" } });
      expect((error as AppError).message).toContain("Invalid schema for response_format 'research_answer'");
      expect(log.error).toHaveBeenCalledWith("the AI provider rejected our response_format", expect.objectContaining({ status: 400, model: MODEL }));
      // Not retried without the schema, and nothing learnt: the next request asks for JSON again.
      expect(fake.received.slice(before).map((b) => "response_format" in b)).toEqual([true]);
      await collect(provider().reply({ messages: ask("[fake:research] pet brush") }));
      expect(fake.received.at(-1)).toHaveProperty("response_format");
    });
  });
});

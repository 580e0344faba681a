/**
 * The Workers AI path: the provider on a binding that speaks Workers AI's shapes
 * (tests/integration/fake-workers-ai.ts) gives the same structured, cited research answers as the
 * OpenAI-compatible path, in JSON mode (not streamed, as on Workers AI) and streamed markdown; its
 * failures name the problem; and the configuration picks it in the documented order.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { AppError } from "~/domain/errors";
import { forgetEndpoints } from "~/server/ai/endpoint-memo";
import { getProduct, loadSharedCatalog } from "~/server/market/catalog";
import { formatCents } from "~/server/market/format";
import { RESEARCH_ANSWER_SCHEMA } from "~/server/ai/research";
import { createOpenAiCompatibleProvider } from "~/server/ai/openai-compatible";
import { chatProviderFor, modelProviderFor } from "~/server/ai/provider";
import type { ReplyEvent } from "~/server/ai/types";
import { createWorkersAiProvider, DEFAULT_WORKERS_AI_MODEL } from "~/server/ai/workers-ai";
import { parseEnv } from "~/server/platform/env";
import { createDb } from "../../db/client";
import { seedSampleCatalog } from "./helpers";

beforeAll(async () => {
  await seedSampleCatalog();
  await loadSharedCatalog(createDb(env.DB));
}, 120_000);
// What the isolate learns about a model (no JSON mode) must not leak from one test into the next.
afterEach(() => forgetEndpoints());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- requests are read loosely
type Received = { model: string; inputs: Record<string, any> };
/** The requests the fake binding accepted whose last message contains `marker`. */
const received = (marker: string) =>
  (env.WORKERS_AI_FAKE as unknown as { received(): Received[] }).received().filter((r) => r.inputs.messages.at(-1).content.includes(marker));

const workersAi = () => createWorkersAiProvider({ ai: env.WORKERS_AI_FAKE, model: DEFAULT_WORKERS_AI_MODEL });

async function answer(provider: { reply: ReturnType<typeof workersAi>["reply"] }, question: string) {
  const events: ReplyEvent[] = [];
  for await (const event of provider.reply({ messages: [{ role: "user", content: question }] })) events.push(event);
  const text = events.reduce((t, e) => (e.type === "delta" ? t + e.text : e.type === "replace" ? e.text : t), "");
  const summary = events.filter((e) => e.type === "summary").at(-1);
  const citations = events.find((e) => e.type === "citations");
  return { events, text, summary: summary?.type === "summary" ? summary.text : undefined, citations: citations?.type === "citations" ? citations.citations : [] };
}

describe("Workers AI through the AI binding", () => {
  it("answers in JSON mode with the same summary, analysis and citations as the OpenAI-compatible path", async () => {
    const question = `[fake:research] pet brush prices ${crypto.randomUUID()}`;
    const viaBinding = await answer(workersAi(), question);
    // One JSON-mode request, not streamed, carrying the JSON Schema itself (Workers AI's shape, not OpenAI's { name, schema }).
    const requests = received(question);
    expect(requests).toHaveLength(1);
    expect(requests[0].model).toBe(DEFAULT_WORKERS_AI_MODEL);
    expect(requests[0].inputs.stream).toBeUndefined();
    expect(requests[0].inputs.response_format).toEqual({ type: "json_schema", json_schema: RESEARCH_ANSWER_SCHEMA.schema });
    expect(requests[0].inputs.messages[0]).toMatchObject({ role: "system" });
    expect(requests[0].inputs.messages[0].content).toMatch(/^\[1\] (niche|product) /m);
    const viaOpenAi = await answer(createOpenAiCompatibleProvider({ baseUrl: inject("openaiUrl"), apiKey: inject("openaiKey"), model: "fake-model" }), question);

    const cited = viaBinding.citations[0]?.record;
    expect(cited?.kind).toBe("product");
    const product = getProduct(cited!.id)!;
    expect(viaBinding.summary).toBe(`${product.name} sells at ${formatCents(product.priceCents)} [1].`);
    expect(viaBinding.text).toContain(`sells at ${formatCents(product.priceCents)} [1]`);
    expect(viaBinding.summary).toBe(viaOpenAi.summary);
    expect(viaBinding.text).toBe(viaOpenAi.text);
    expect(viaBinding.citations).toEqual(viaOpenAi.citations);
    expect(viaBinding.events.some((e) => e.type === "unanswered")).toBe(false);
  });

  it("falls back to streamed markdown when the model has no JSON mode, and keeps the citations", async () => {
    const provider = workersAi();
    const marker = crypto.randomUUID();
    const result = await answer(provider, `[fake:no-json-mode] pet brush prices ${marker}`);
    const [refused, streamed] = received(marker);
    expect(refused.inputs.response_format).toBeDefined();
    expect(streamed.inputs).toMatchObject({ stream: true });
    expect(streamed.inputs.response_format).toBeUndefined();
    // Streamed: the markdown came in several pieces, then the checked text.
    expect(result.events.filter((e) => e.type === "delta").length).toBeGreaterThan(1);
    const product = getProduct(result.citations[0]!.record!.id)!;
    expect(result.summary).toBe(`${product.name} sells at ${formatCents(product.priceCents)} [1].`);
    expect(result.text).toContain(`sells at ${formatCents(product.priceCents)} [1]`);
    // Learned for the isolate: the next answer, from a new provider (they are built per request),
    // asks for markdown at once (the fake refuses JSON mode again otherwise).
    const againMarker = crypto.randomUUID();
    const again = await answer(workersAi(), `[fake:no-json-mode] pet brush prices ${againMarker}`);
    expect(again.summary).toBe(result.summary);
    expect(received(againMarker).map((r) => r.inputs.response_format)).toEqual([undefined]);
  });

  it("marks an answer that found nothing, so its query is refunded", async () => {
    const result = await answer(workersAi(), "[fake:nothing] unicorn saddles");
    expect(result.events).toContainEqual({ type: "unanswered", reason: "no-match" });
  });

  it("turns the binding's failures into a message that names the problem", async () => {
    const failure = async (question: string) => {
      try {
        await answer(workersAi(), question);
      } catch (err) {
        return err;
      }
      throw new Error("expected a failure");
    };
    const capacity = await failure("[fake:capacity] pet brush prices");
    expect(capacity).toBeInstanceOf(AppError);
    expect((capacity as AppError).type).toBe("UNAVAILABLE");
    expect((capacity as AppError).message).toBe(`Workers AI could not answer with ${DEFAULT_WORKERS_AI_MODEL}: 3040: Capacity temporarily exceeded, please try again.`);

    const unknownModel = createWorkersAiProvider({ ai: env.WORKERS_AI_FAKE, model: "gpt-4o" });
    const err = await (async () => {
      try {
        for await (const _ of unknownModel.reply({ messages: [{ role: "user", content: "pet brush" }] })) void _;
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(err?.message).toBe("Workers AI could not answer with gpt-4o: 5007: No such model gpt-4o or task");
  });

  it("says so when the stream ends before [DONE]", async () => {
    const provider = createWorkersAiProvider({ ai: env.WORKERS_AI_FAKE, model: DEFAULT_WORKERS_AI_MODEL });
    // Markdown first, so the answer streams (the truncation is a streaming failure).
    await answer(provider, "[fake:no-json-mode] pet brush prices");
    await expect(answer(provider, "[fake:truncated] pet brush prices")).rejects.toThrow("Workers AI ended the stream before the answer was complete");
  });

  it("is chosen in the documented order: AI_BASE_URL, then the AI binding, then the built-in analyst", () => {
    const openAi = { AI_BASE_URL: inject("openaiUrl"), AI_MODEL: "fake-model", AI_API_KEY: inject("openaiKey") };
    expect(chatProviderFor({ ...openAi, AI: env.WORKERS_AI_FAKE }).id).toBe("openai:fake-model");
    expect(chatProviderFor({ AI: env.WORKERS_AI_FAKE }).id).toBe(`workers-ai:${DEFAULT_WORKERS_AI_MODEL}`);
    expect(chatProviderFor({ AI: env.WORKERS_AI_FAKE, WORKERS_AI_MODEL: "@cf/meta/llama-3.1-8b-instruct-fast" }).id).toBe("workers-ai:@cf/meta/llama-3.1-8b-instruct-fast");
    expect(chatProviderFor({}).id).toBe("analyst");
    expect(modelProviderFor({})).toBeUndefined();
  });

  it("lets production start with the binding alone, and refuses with no model at all", () => {
    const production = {
      APP_ENV: "production",
      APP_URL: "https://app.dropcraft.example",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars!!",
      STORE_TOKEN_KEY: "a-production-store-token-key-32-chars-long",
      STRIPE_WEBHOOK_SECRET: "whsec_production_secret_value",
    };
    expect(parseEnv({ ...production, AI: env.WORKERS_AI_FAKE }).AI).toBe(env.WORKERS_AI_FAKE);
    expect(() => parseEnv(production)).toThrow(/production needs a model for chat; deploy with the Workers AI binding/);
    expect(() => parseEnv({ ...production, AI: "not a binding" })).toThrow(/AI must be the Workers AI binding/);
  });
});

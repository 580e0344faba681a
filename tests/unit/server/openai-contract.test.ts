/**
 * Contract tests: the request bodies our OpenAI adapters build, checked against OpenAI's published
 * types (the official `openai` package, pinned in devDependencies).
 *
 * - At compile time (`npm run typecheck`), the bodies the adapters' builders return are assigned
 *   to `OpenAI.Chat.ChatCompletionCreateParamsStreaming`, `OpenAI.Images.ImageGenerateParams` and
 *   `OpenAI.Images.ImageEditParams`: a removed or misspelt field, or a value outside an enum, is a
 *   type error. The fake server's answers are typed as `ChatCompletion`, `ChatCompletionChunk` and
 *   `ImagesResponse` (tests/integration/fake-openai.ts), so the fake cannot drift either.
 * - At run time, the bodies the fake server actually received from the adapters are checked: every
 *   key is one the package's params type declares, and every enum value is one it allows. The
 *   package ships types, not schemas, so the tables below are written from those types, and each
 *   is itself typed against them (`satisfies`, plus a check that no literal of the union is left
 *   out), so a table cannot name a key or value the package does not have.
 */
import type OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { forgetEndpoints } from "~/server/ai/endpoint-memo";
import { chatCompletionBody, createOpenAiCompatibleProvider } from "~/server/ai/openai-compatible";
import { RESEARCH_ANSWER_SCHEMA } from "~/server/ai/research";
import { createImageModel, editFields, generationBody, rulesFor, type ModelSize } from "~/server/images/model";
import { generateCatalog, installCatalog } from "~/server/market/catalog";
import { FAKE_OPENAI_KEY, solidPng, startFakeOpenAi, type FakeOpenAi } from "../../integration/fake-openai";

installCatalog(generateCatalog());

type ChatParams = OpenAI.Chat.ChatCompletionCreateParamsStreaming;
type GenerateParams = OpenAI.Images.ImageGenerateParamsNonStreaming;
type EditParams = OpenAI.Images.ImageEditParamsNonStreaming;

/** The string literals of a union, without the `(string & {})` escape hatch the package adds to open enums. */
type Literals<T> = T extends string ? (string extends T ? never : T) : never;
/** Compiles only when `Table` lists every literal of `Union` (and, by `satisfies`, nothing else). */
type Exhaustive<Union, Table> = [Exclude<Union, Table>] extends [never] ? true : { missing: Exclude<Union, Table> };
const exhaustive = <T extends true>(_: T) => _;

// ---------------------------------------------------------------------------------------------
// Tables written from the package's types (openai 7.59.0: resources/chat/completions/completions.d.ts
// and resources/images.d.ts)
// ---------------------------------------------------------------------------------------------

/** Keys of ChatCompletionCreateParamsStreaming our adapter may send (a subset; each must be a real key). */
const CHAT_KEYS = ["model", "messages", "stream", "response_format", "stream_options"] as const satisfies readonly (keyof ChatParams)[];
/** ChatCompletionCreateParams["response_format"]["type"]: every value the package allows. */
const RESPONSE_FORMAT_TYPES = ["text", "json_schema", "json_object"] as const satisfies readonly NonNullable<ChatParams["response_format"]>["type"][];
exhaustive<Exhaustive<NonNullable<ChatParams["response_format"]>["type"], (typeof RESPONSE_FORMAT_TYPES)[number]>>(true);
/** ResponseFormatJSONSchema.JSONSchema's keys. */
const JSON_SCHEMA_KEYS = ["name", "schema", "strict", "description"] as const satisfies readonly (keyof OpenAI.ResponseFormatJSONSchema["json_schema"])[];
/** ChatCompletionStreamOptions' keys. */
const STREAM_OPTIONS_KEYS = ["include_usage", "include_obfuscation"] as const satisfies readonly (keyof OpenAI.Chat.ChatCompletionStreamOptions)[];
/** The message roles we send (ChatCompletionMessageParam["role"], less tool and function turns). */
const MESSAGE_ROLES = ["system", "developer", "user", "assistant"] as const satisfies readonly OpenAI.Chat.ChatCompletionMessageParam["role"][];

/** Keys of ImageGenerateParams / ImageEditParams our adapter may send. */
const GENERATE_KEYS = ["model", "prompt", "n", "size", "response_format"] as const satisfies readonly (keyof GenerateParams)[];
const EDIT_KEYS = ["model", "prompt", "n", "size", "response_format", "image"] as const satisfies readonly (keyof EditParams)[];
/** ImageGenerateParams["response_format"]: every value the package allows. */
const IMAGE_RESPONSE_FORMATS = ["url", "b64_json"] as const satisfies readonly NonNullable<GenerateParams["response_format"]>[];
exhaustive<Exhaustive<NonNullable<GenerateParams["response_format"]>, (typeof IMAGE_RESPONSE_FORMATS)[number]>>(true);
/** ImageGenerateParams["size"] and ImageEditParams["size"]: the fixed sizes the package lists. */
const GENERATE_SIZES = ["auto", "1024x1024", "1536x1024", "1024x1536", "256x256", "512x512", "1792x1024", "1024x1792"] as const satisfies readonly Literals<
  GenerateParams["size"]
>[];
exhaustive<Exhaustive<Literals<GenerateParams["size"]>, (typeof GENERATE_SIZES)[number]>>(true);
const EDIT_SIZES = ["auto", "1024x1024", "1536x1024", "1024x1536", "256x256", "512x512"] as const satisfies readonly Literals<EditParams["size"]>[];
exhaustive<Exhaustive<Literals<EditParams["size"]>, (typeof EDIT_SIZES)[number]>>(true);
// Every size our adapter can ask for is one of the package's generation sizes.
exhaustive<Exhaustive<ModelSize, Literals<GenerateParams["size"]>>>(true);
/**
 * Per model, the sizes OpenAI's API reference gives (the `openai` package's size docs and the
 * openai-openapi spec: GPT image models 1024x1024/1536x1024/1024x1536, dall-e-3 1024x1024/
 * 1792x1024/1024x1792, dall-e-2 256x256/512x512/1024x1024); `edit: null` when the model does not edit.
 */
const MODEL_SIZES: Record<string, { generate: readonly Literals<GenerateParams["size"]>[]; edit: readonly Literals<EditParams["size"]>[] | null; maxN: number }> = {
  "gpt-image-1": { generate: ["1024x1024", "1536x1024", "1024x1536", "auto"], edit: ["1024x1024", "1536x1024", "1024x1536", "auto"], maxN: 10 },
  "dall-e-3": { generate: ["1024x1024", "1792x1024", "1024x1792"], edit: null, maxN: 1 },
  "dall-e-2": { generate: ["256x256", "512x512", "1024x1024"], edit: ["256x256", "512x512", "1024x1024"], maxN: 10 },
};

// ---------------------------------------------------------------------------------------------
// Run-time checks of a body against the tables
// ---------------------------------------------------------------------------------------------

const unknownKeys = (body: object, allowed: readonly string[]) => Object.keys(body).filter((key) => !allowed.includes(key));

/** The problems with a chat request body, or [] (the body as received, so `unknown`). */
function chatProblems(body: Record<string, unknown>): string[] {
  const problems = unknownKeys(body, CHAT_KEYS).map((key) => `unknown key ${key}`);
  if (typeof body.model !== "string" || !body.model) problems.push("model must be a string");
  if (body.stream !== true) problems.push("stream must be true (ChatCompletionCreateParamsStreaming)");
  const messages = body.messages as { role?: unknown; content?: unknown }[];
  if (!Array.isArray(messages) || !messages.length) problems.push("messages must be a non-empty list");
  else
    for (const m of messages) {
      if (!MESSAGE_ROLES.includes(m.role as (typeof MESSAGE_ROLES)[number])) problems.push(`unknown role ${String(m.role)}`);
      if (typeof m.content !== "string") problems.push("message content must be a string");
      problems.push(...unknownKeys(m, ["role", "content", "name"]).map((key) => `unknown message key ${key}`));
    }
  if (body.response_format !== undefined) {
    const format = body.response_format as { type?: unknown; json_schema?: Record<string, unknown> };
    if (!RESPONSE_FORMAT_TYPES.includes(format.type as (typeof RESPONSE_FORMAT_TYPES)[number])) problems.push(`unknown response_format type ${String(format.type)}`);
    problems.push(...unknownKeys(format, ["type", "json_schema"]).map((key) => `unknown response_format key ${key}`));
    if (format.type === "json_schema") {
      if (!format.json_schema || typeof format.json_schema.name !== "string") problems.push("json_schema.name is required");
      else problems.push(...unknownKeys(format.json_schema, JSON_SCHEMA_KEYS).map((key) => `unknown json_schema key ${key}`));
    }
  }
  if (body.stream_options !== undefined) {
    problems.push(...unknownKeys(body.stream_options as object, STREAM_OPTIONS_KEYS).map((key) => `unknown stream_options key ${key}`));
  }
  return problems;
}

/** The problems with an Images API body (JSON for generations; the multipart fields, all strings, for edits). */
function imageProblems(path: string, body: Record<string, unknown>): string[] {
  const edit = path === "/images/edits";
  const problems = unknownKeys(body, edit ? EDIT_KEYS : GENERATE_KEYS).map((key) => `unknown key ${key}`);
  const model = String(body.model);
  const n = Number(body.n ?? 1);
  const sizes = edit ? EDIT_SIZES : GENERATE_SIZES;
  if (!(sizes as readonly string[]).includes(String(body.size))) problems.push(`size ${String(body.size)} is not one of the package's sizes`);
  const rules = MODEL_SIZES[model];
  if (rules) {
    const own = edit ? rules.edit : rules.generate;
    if (!own) problems.push(`${model} does not edit`);
    else if (!(own as readonly string[]).includes(String(body.size))) problems.push(`${model} does not take size ${String(body.size)}`);
    if (n > rules.maxN) problems.push(`${model} makes at most ${rules.maxN} per call, asked for ${n}`);
  }
  if (!Number.isInteger(n) || n < 1 || n > 10) problems.push(`n ${n} is outside 1-10`);
  if (body.response_format !== undefined) {
    if (!IMAGE_RESPONSE_FORMATS.includes(body.response_format as (typeof IMAGE_RESPONSE_FORMATS)[number])) problems.push(`unknown response_format ${String(body.response_format)}`);
    if (/^(gpt-image|chatgpt-image)/.test(model)) problems.push("GPT image models take no response_format");
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: FAKE_OPENAI_KEY });
});
afterAll(() => fake.close());
afterEach(() => forgetEndpoints());

describe("chat completion requests against OpenAI's types", () => {
  it("the body builder's output is a ChatCompletionCreateParamsStreaming, with and without a schema", () => {
    // Compile-time: these assignments are what fails typecheck when a field drifts.
    const structured: ChatParams = chatCompletionBody("gpt-4o-mini", [{ role: "user", content: "hi" }], RESEARCH_ANSWER_SCHEMA);
    const plain: ChatParams = chatCompletionBody("gpt-4o-mini", [{ role: "system", content: "rules" }, { role: "user", content: "hi" }], null);
    expect(chatProblems(structured as unknown as Record<string, unknown>)).toEqual([]);
    expect(chatProblems(plain as unknown as Record<string, unknown>)).toEqual([]);
  });

  it("every body the adapter sent the fake is valid: research answers, markdown fallback and JSON completions", async () => {
    const before = fake.received.length;
    const provider = () => createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: FAKE_OPENAI_KEY, model: "gpt-4o-mini", timeoutMs: 5000 });
    for await (const _ of provider().reply({ messages: [{ role: "user", content: "[fake:research] pet brush prices" }] })) void _;
    for await (const _ of provider().reply({ messages: [{ role: "user", content: "[fake:no-schema] pet brush" }] })) void _;
    await provider().completeJson([{ role: "user", content: "[fake:json] {}" }], RESEARCH_ANSWER_SCHEMA);
    const sent = fake.received.slice(before);
    expect(sent.length).toBe(4);
    // Research (schema), no-schema (refused, then markdown), then the JSON completion: markdown too,
    // since the isolate learnt that this model has no structured output.
    expect(sent.map((b) => "response_format" in b)).toEqual([true, true, false, false]);
    for (const body of sent) expect(chatProblems(body)).toEqual([]);
  });

  it("the run-time check refuses what the types refuse", () => {
    const good = chatCompletionBody("m", [{ role: "user", content: "hi" }], RESEARCH_ANSWER_SCHEMA) as unknown as Record<string, unknown>;
    expect(chatProblems({ ...good, respones_format: {} })).toEqual(["unknown key respones_format"]);
    expect(chatProblems({ ...good, response_format: { type: "json" } })).toEqual(["unknown response_format type json"]);
    expect(chatProblems({ ...good, stream_options: { include_usages: true } })).toEqual(["unknown stream_options key include_usages"]);
    expect(chatProblems({ ...good, stream: false })).toEqual(["stream must be true (ChatCompletionCreateParamsStreaming)"]);
    expect(chatProblems({ ...good, messages: [{ role: "bot", content: "x" }] })).toEqual(["unknown role bot"]);
  });
});

describe("Images API requests against OpenAI's types", () => {
  it("the body builders' output is an ImageGenerateParams / ImageEditParams for each model's own rules", () => {
    for (const model of ["gpt-image-1", "dall-e-3", "dall-e-2"]) {
      const rules = rulesFor(model);
      for (const size of rules.sizes) {
        // Compile-time: these assignments are what fails typecheck when a field drifts.
        const generate: GenerateParams = generationBody(model, "a mug", rules.maxPerCall, size, rules.responseFormat === "always");
        expect(imageProblems("/images/generations", generate as unknown as Record<string, unknown>)).toEqual([]);
        if (rules.edits === "no") continue;
        const edit: EditParams = { ...editFields(model, "a mug", 1, size, rules.responseFormat === "always"), image: new File([new Uint8Array(8)], "image.png") };
        const { image: _image, ...fields } = edit;
        expect(imageProblems("/images/edits", fields as Record<string, unknown>)).toEqual([]);
      }
    }
  });

  it("every body the adapter sent the fake is valid, for gpt-image-1, dall-e-3 and dall-e-2", async () => {
    const before = fake.images.length;
    const square = new Uint8Array(solidPng(64, 64, [10, 20, 30]));
    for (const model of ["gpt-image-1", "dall-e-3", "dall-e-2"]) {
      const adapter = createImageModel({ baseUrl: fake.url, apiKey: FAKE_OPENAI_KEY, model, timeoutMs: 20_000 });
      await adapter.generate({ prompt: `A mug (${model})`, width: 1080, height: 1920, count: 2 });
      await adapter.generate({ prompt: `A mug (${model}, wide)`, width: 1200, height: 628, count: 1 });
      if (rulesFor(model).edits !== "no") await adapter.edit({ image: square, mimeType: "image/png", prompt: `Make it blue (${model})`, width: 1000, height: 1000, count: 1 });
    }
    const sent = fake.images.slice(before);
    // gpt-image-1: 3 calls; dall-e-3: 2 + 1 (one picture a call), no edit; dall-e-2: 3 calls.
    expect(sent.map((r) => [r.body.model, r.path, r.status])).toHaveLength(9);
    for (const request of sent) {
      expect(request.status, JSON.stringify(request.body)).toBe(200);
      const { image: _image, ...fields } = request.body;
      expect(imageProblems(request.path, fields), `${request.path} ${JSON.stringify(fields)}`).toEqual([]);
    }
  });

  it("the run-time check refuses what OpenAI refuses", () => {
    expect(imageProblems("/images/generations", { model: "gpt-image-1", prompt: "x", n: 1, size: "1024x1024", response_format: "b64_json" })).toEqual([
      "GPT image models take no response_format",
    ]);
    expect(imageProblems("/images/generations", { model: "dall-e-3", prompt: "x", n: 2, size: "1024x1536" })).toEqual([
      "dall-e-3 does not take size 1024x1536",
      "dall-e-3 makes at most 1 per call, asked for 2",
    ]);
    expect(imageProblems("/images/edits", { model: "dall-e-3", prompt: "x", n: "1", size: "1024x1024" })).toEqual(["dall-e-3 does not edit"]);
    expect(imageProblems("/images/generations", { model: "dall-e-2", prompt: "x", n: 1, size: "1792x1024", response_format: "base64" })).toEqual([
      "dall-e-2 does not take size 1792x1024",
      "unknown response_format base64",
    ]);
    expect(imageProblems("/images/generations", { model: "m", prompt: "x", n: 1, size: "1000x1000", quality_level: "hd" })).toEqual([
      "unknown key quality_level",
      "size 1000x1000 is not one of the package's sizes",
    ]);
  });
});

/**
 * A Workers AI binding for the workerd suite (bound as WORKERS_AI_FAKE through Miniflare's
 * wrappedBindings, vitest.workers.config.ts): `run(model, inputs, options)` in the real binding's
 * shapes. Text models take `{ messages, stream?, response_format? }`; streamed answers are
 * Server-Sent Events of `{"response":"…","p":"…"}`, a last event with `usage`, then `[DONE]`;
 * JSON mode (`response_format: { type: "json_schema", json_schema }`) answers `{ response: <object> }`
 * and, as on Workers AI, does not stream. Failures throw the binding's `<code>: <message>` errors.
 *
 * The words come from fake-model-answers.ts (chosen by a `[fake:<behaviour>]` prefix on the last
 * user message, as with the fake OpenAI server), plus behaviours of Workers AI's own:
 * `[fake:capacity]` throws 3040, `[fake:no-json-mode]` refuses response_format (5025) and answers
 * markdown without it, `[fake:truncated]` ends the stream without `[DONE]`.
 */
import { pieces, researchAnswer, type ChatRequestBody, type FakeBehaviour } from "./fake-model-answers";

type Behaviour = FakeBehaviour | "capacity" | "no-json-mode";

interface RunOptions {
  signal?: AbortSignal;
}

const encoder = new TextEncoder();

class InferenceError extends Error {
  constructor(code: number, message: string) {
    super(`${code}: ${message}`);
    this.name = "AiError";
  }
}

function checkInputs(model: unknown, inputs: unknown): asserts inputs is ChatRequestBody & { response_format?: { type?: unknown; json_schema?: unknown } } {
  if (typeof model !== "string" || !/^@(cf|hf)\//.test(model)) throw new InferenceError(5007, `No such model ${String(model)} or task`);
  const body = inputs as Record<string, unknown> | null;
  if (!body || typeof body !== "object") throw new InferenceError(5006, "Error: required properties at '/' are 'messages'");
  const messages = body.messages;
  if (!Array.isArray(messages) || !messages.length) throw new InferenceError(5006, "Error: required properties at '/' are 'messages'");
  messages.forEach((m: { role?: unknown; content?: unknown }, i) => {
    if (typeof m?.role !== "string" || typeof m?.content !== "string") {
      throw new InferenceError(5006, `Error: required properties at '/messages/${i}' are 'role', 'content'`);
    }
  });
  if (body.stream !== undefined && typeof body.stream !== "boolean") throw new InferenceError(5006, "Error: Type mismatch of '/stream', 'boolean' not in 'string'");
  const format = body.response_format as { type?: unknown; json_schema?: unknown } | undefined;
  if (format !== undefined) {
    if (format.type !== "json_schema" && format.type !== "json_object") {
      throw new InferenceError(5006, "Error: value at '/response_format/type' must be one of 'json_object', 'json_schema'");
    }
    if (format.type === "json_schema" && (!format.json_schema || typeof format.json_schema !== "object")) {
      throw new InferenceError(5006, "Error: '/response_format/json_schema' must be a JSON Schema object");
    }
    // An OpenAI-style wrapper ({ name, schema, strict }) is not a JSON Schema: Workers AI takes the schema itself.
    if (format.type === "json_schema" && "schema" in (format.json_schema as object) && "name" in (format.json_schema as object)) {
      throw new InferenceError(5006, "Error: '/response_format/json_schema' must be the JSON Schema itself, not { name, schema }");
    }
    if (body.stream === true) throw new InferenceError(5006, "Error: JSON Mode does not support streaming");
  }
}

function sse(events: string[], end: "done" | "truncated"): ReadableStream<Uint8Array> {
  const lines = events.map((text, i) => `data: ${JSON.stringify({ response: text, p: "abcdefghij".slice(0, i % 10) })}\n\n`);
  lines.push(`data: ${JSON.stringify({ response: "", usage: { prompt_tokens: 10, completion_tokens: events.length, total_tokens: 10 + events.length } })}\n\n`);
  if (end === "done") lines.push("data: [DONE]\n\n");
  return new ReadableStream({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(line));
      controller.close();
    },
  });
}


export class FakeWorkersAi {
  /** Every well-formed request, for tests to read (`received()`); not part of the real binding. */
  #received: { model: string; inputs: unknown }[] = [];

  received(): { model: string; inputs: unknown }[] {
    return structuredClone(this.#received);
  }

  async run(model: string, inputs: unknown, options: RunOptions = {}): Promise<unknown> {
    if (options.signal?.aborted) throw options.signal.reason;
    checkInputs(model, inputs);
    this.#received.push({ model, inputs: structuredClone(inputs) });
    const lastUser = [...inputs.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const match = /^\[fake:([a-z-]+)\]\s*/.exec(lastUser);
    const behaviour = (match?.[1] ?? "echo") as Behaviour;
    const question = match ? lastUser.slice(match[0].length) : lastUser;
    if (behaviour === "capacity") throw new InferenceError(3040, "Capacity temporarily exceeded, please try again.");
    if (behaviour === "no-json-mode" && inputs.response_format) throw new InferenceError(5025, "This model doesn't support JSON Schema.");
    // Without JSON mode, the markdown-sections answer (the fake OpenAI's "no-schema" words).
    const words = researchAnswer(behaviour === "no-json-mode" ? "no-schema" : (behaviour as FakeBehaviour), inputs) ?? `You asked: ${question}`;
    if (inputs.response_format) {
      let response: unknown = words;
      try {
        response = JSON.parse(words);
      } catch {
        // prose stays text, as a model that ignores the schema answers
      }
      return { response, usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }, tool_calls: [] };
    }
    if (inputs.stream) return sse(pieces(words, 4).filter(Boolean), behaviour === "truncated" ? "truncated" : "done");
    return { response: words, usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }, tool_calls: [] };
  }
}

/** Miniflare's wrapped binding entry: called once with the wrapper's own bindings, returns the binding. */
export default function makeBinding(): FakeWorkersAi {
  return new FakeWorkersAi();
}

/**
 * Workers AI through the Worker's `AI` binding: the production default on Cloudflare (no key to
 * keep). Deploy-only, since the binding needs a remote session (wrangler.toml's production
 * environment has it; `npm start` never does).
 *
 * Markdown answers stream: `run(model, { messages, stream: true })` gives Server-Sent Events of
 * `{"response":"…"}` ending with `[DONE]`. JSON mode (`response_format: { type: "json_schema",
 * json_schema }`) does not stream on Workers AI, so a structured answer arrives whole as
 * `{ response }` (an object, or its text) and is passed on as one piece. Every failure becomes an
 * AppError "UNAVAILABLE" naming the problem, as the OpenAI-compatible adapter's do.
 */
import { AppError } from "~/domain/errors";
import { readSseEvents } from "~/domain/sse";
import { abortReason, completionClock, createModelProvider, StructuredOutputUnsupported, type JsonSchemaFormat, type ModelProvider } from "./model-provider";
import type { Retriever } from "./research";
import type { ChatTurn } from "./types";

/** A text model every account has, with JSON mode: the default when WORKERS_AI_MODEL is unset. */
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The request shapes are the vendor's own (workers-types' model list), checked by the compiler. */
type TextModel = typeof DEFAULT_WORKERS_AI_MODEL;
type TextInput = Extract<AiModels[TextModel]["inputs"], { messages: unknown }>;

/** What the adapter needs of the binding: `env.AI` is one. */
export type WorkersAiBinding = Pick<Ai, "run">;

export interface WorkersAiOptions {
  ai: WorkersAiBinding;
  model: string;
  /** How long to wait for the model to start answering, and then for each next piece. */
  timeoutMs?: number;
  retrieve?: Retriever;
}

const MAX_MESSAGE = 300;

export function createWorkersAiProvider(options: WorkersAiOptions): ModelProvider {
  const { ai, model } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const unavailable = (message: string, cause?: unknown) =>
    new AppError("UNAVAILABLE", message, { details: { provider: "workers-ai", model }, cause });

  async function* complete(turns: ChatTurn[], format: JsonSchemaFormat | null, signal?: AbortSignal): AsyncGenerator<string> {
    if (signal?.aborted) throw abortReason(signal);
    const clock = completionClock(signal, timeoutMs, "Workers AI timed out");
    const failure = (error: unknown): unknown => {
      const stopped = clock.callerAbort();
      if (stopped) return stopped;
      if (clock.state.timedOut) {
        return unavailable(clock.state.started ? `Workers AI stopped sending its answer for ${timeoutMs / 1000} s` : `Workers AI did not answer within ${timeoutMs / 1000} s`);
      }
      if (error instanceof AppError || error instanceof StructuredOutputUnsupported) return error;
      const said = error instanceof Error ? error.message : String(error);
      // A model without JSON mode says so; any other refusal of the request is a failure to report.
      if (format && /(not support|n't support|unsupported)[^.]*(json|schema|response_format)/i.test(said)) return new StructuredOutputUnsupported();
      return unavailable(`Workers AI could not answer with ${model}: ${said.slice(0, MAX_MESSAGE)}`, error);
    };
    const messages = turns.map(({ role, content }) => ({ role, content }));

    try {
      clock.waiting();
      if (format) {
        const inputs: TextInput = { messages, response_format: { type: "json_schema", json_schema: format.schema } };
        let output: unknown;
        try {
          output = await ai.run(model as TextModel, inputs, { signal: clock.signal });
        } catch (error) {
          throw failure(error);
        }
        clock.answered();
        const text = responseText(output);
        if (text === undefined) throw unavailable("Workers AI returned a malformed answer");
        if (text) yield text;
        return;
      }

      const inputs: TextInput & { stream: true } = { messages, stream: true };
      let stream: ReadableStream<Uint8Array>;
      try {
        stream = await ai.run(model as TextModel, inputs, { signal: clock.signal });
      } catch (error) {
        throw failure(error);
      }
      let finished = false;
      try {
        for await (const event of readSseEvents(stream, clock.signal)) {
          clock.answered();
          if (event.data.trim() === "[DONE]") {
            finished = true;
            break;
          }
          let chunk: { response?: unknown; error?: unknown };
          try {
            chunk = JSON.parse(event.data) as typeof chunk;
          } catch (error) {
            throw unavailable("Workers AI returned a malformed stream", error);
          }
          if (chunk?.error) throw unavailable(`Workers AI reported an error while answering: ${String(errorText(chunk.error)).slice(0, MAX_MESSAGE)}`);
          if (typeof chunk?.response === "string" && chunk.response) yield chunk.response;
          clock.waiting();
        }
      } catch (error) {
        throw failure(error);
      }
      if (!finished) throw unavailable("Workers AI ended the stream before the answer was complete");
    } finally {
      clock.end();
    }
  }

  return createModelProvider({
    id: `workers-ai:${model}`,
    label: model,
    complete,
    retrieve: options.retrieve,
    endpoint: { baseUrl: "workers-ai:", model },
  });
}

/** `{ response }` holds text, or in JSON mode the object itself; some models answer a bare string. */
function responseText(output: unknown): string | undefined {
  if (typeof output === "string") return output;
  if (!output || typeof output !== "object") return undefined;
  const response = (output as { response?: unknown }).response;
  if (typeof response === "string") return response;
  if (response && typeof response === "object") return JSON.stringify(response);
  return undefined;
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : JSON.stringify(error);
}

/**
 * The real AI text adapter: OpenAI-compatible streamed chat completions
 * (`POST {baseUrl}/chat/completions` with `stream: true`, answered as Server-Sent Events).
 * One adapter covers OpenAI, OpenRouter, Groq, Ollama and vLLM; they differ only in base URL,
 * key and model name. Every failure becomes an AppError "UNAVAILABLE" whose message names the
 * problem, so the chat API can refund the reserved query and tell the merchant what happened.
 * The API key never appears in an error message.
 */
import { AppError } from "~/domain/errors";
import { readSseEvents } from "~/domain/sse";
import { createLogger, type Logger } from "~/server/platform/log";
import { refusesParameter } from "./endpoint-memo";
import {
  abortReason,
  completionClock,
  createModelProvider,
  ModelRefusal,
  StructuredOutputUnsupported,
  type JsonSchemaFormat,
  type ModelProvider,
} from "./model-provider";
import type { Retriever } from "./research";
import type { ChatTurn } from "./types";

export type { JsonSchemaFormat };
/** The OpenAI-compatible provider: a model provider whose transport is HTTP chat completions. */
export type OpenAiCompatibleProvider = ModelProvider;

export const DEFAULT_AI_TIMEOUT_MS = 60_000;

export interface OpenAiCompatibleOptions {
  /** The API root, e.g. https://api.openai.com/v1, https://openrouter.ai/api/v1, http://localhost:11434/v1. */
  baseUrl: string;
  /** Sent as a bearer token; leave empty for servers without authentication (Ollama, a local vLLM). */
  apiKey: string;
  model: string;
  fetchImpl?: typeof fetch;
  /**
   * How long to wait for the provider to start answering, and then for each next piece of the
   * stream (a provider that stalls mid-answer must not hold the request open forever).
   */
  timeoutMs?: number;
  /** What to send with each question; the sample catalog by default (projects add their canon and files). */
  retrieve?: Retriever;
  /** Where a request of ours that the provider rejects is reported (a bug to fix, not an outage); JSON lines by default. */
  log?: Pick<Logger, "error">;
}

/** A chunk or completion as read (loosely: any server may send anything); `refusal` is OpenAI's structured-output refusal. */
interface ProviderChunk {
  error?: unknown;
  choices?: {
    delta?: { content?: unknown; refusal?: unknown };
    message?: { content?: unknown; refusal?: unknown };
    finish_reason?: unknown;
  }[];
}

const MAX_PROVIDER_MESSAGE = 300;

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): OpenAiCompatibleProvider {
  const { apiKey, model } = options;
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const host = safeHost(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const log = options.log ?? createLogger({ provider: "openai-compatible" });

  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[redacted]") : text);
  const providerSays = (body: unknown): string | undefined => {
    const said = errorMessageOf(body);
    return said ? redact(said).slice(0, MAX_PROVIDER_MESSAGE) : undefined;
  };
  const unavailable = (message: string, details?: Record<string, unknown>, cause?: unknown) =>
    new AppError("UNAVAILABLE", message, { details: { provider: "openai-compatible", ...details }, cause });
  const malformed = (cause?: unknown) => unavailable("The AI provider returned a malformed stream", undefined, cause);
  const inAnswerError = (body: unknown) => {
    const said = providerSays(body);
    return unavailable(`The AI provider reported an error while answering${said ? `: ${said}` : ""}`);
  };

  const statusError = (status: number, text: string, retryAfter: string | null) => {
    let said: string | undefined;
    let code: unknown;
    try {
      const body = JSON.parse(text) as unknown;
      said = providerSays(body);
      const err = (body as { error?: { code?: unknown } } | null)?.error;
      code = err && typeof err === "object" ? err.code : undefined;
    } catch {
      // Not JSON: a short plain-text body is still worth showing, an HTML error page is not.
      const plain = text.trim();
      if (plain && !plain.startsWith("<")) said = redact(plain).slice(0, MAX_PROVIDER_MESSAGE);
    }
    const head =
      status === 401 || status === 403
        ? `The AI provider rejected the API key (${status})`
        : status === 429
          ? "The AI provider is rate limiting requests (429)"
          : status === 404
            ? "The AI provider answered 404 (check the base URL and the model name)"
            : `The AI provider returned an error (${status})`;
    return unavailable(`${head}${said ? `: ${said}` : ""}`, {
      status,
      ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
      ...(retryAfter ? { retryAfter } : {}),
    });
  };

  /** Streams the completion's text, piece by piece; every failure becomes an AppError (see above). */
  async function* completion(turns: ChatTurn[], format: JsonSchemaFormat | null, signal?: AbortSignal): AsyncGenerator<string> {
    if (signal?.aborted) throw abortReason(signal);
    // The clock only runs while we wait for the provider, never while the caller handles a delta.
    const clock = completionClock(signal, timeoutMs, "The AI provider timed out");
    // Turns whatever a failed fetch or read threw into the caller's abort or an AppError.
    const failure = (error: unknown, stage: "connect" | "read"): unknown => {
      const stopped = clock.callerAbort();
      if (stopped) return stopped;
      if (clock.state.timedOut) {
        return unavailable(
          clock.state.started
            ? `The AI provider stopped sending its answer for ${formatDuration(timeoutMs)}`
            : `The AI provider did not answer within ${formatDuration(timeoutMs)}`,
          { timeoutMs },
        );
      }
      if (error instanceof AppError) return error;
      return stage === "connect"
        ? unavailable(`Could not reach the AI provider at ${host}`, undefined, error)
        : unavailable("The AI provider closed the connection before the answer was complete", undefined, error);
    };

    try {
      clock.waiting();
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "text/event-stream",
            ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify(chatCompletionBody(model, turns, format)),
          signal: clock.signal,
        });
      } catch (error) {
        throw failure(error, "connect");
      }

      if (!res.ok) {
        let text: string;
        try {
          text = await res.text();
        } catch (error) {
          throw failure(error, "read");
        }
        if (format && res.status === 400 && /response_format|json_schema|structured output/i.test(text)) {
          // Only the provider saying the parameter itself is unsupported switches to markdown;
          // any other complaint about it (an invalid schema) is a bug of ours to see and fix.
          if (refusesParameter(text, "response_format") || refusesParameter(text, "json_schema")) throw new StructuredOutputUnsupported();
          const said = (() => {
            try {
              return providerSays(JSON.parse(text));
            } catch {
              return redact(text).slice(0, MAX_PROVIDER_MESSAGE);
            }
          })();
          log.error("the AI provider rejected our response_format", { host, model, format: format?.name, status: res.status, said });
          throw new AppError("INTERNAL", `The AI provider rejected our structured-output request (400)${said ? `: ${said}` : ""}`, {
            details: { provider: "openai-compatible", status: res.status, format: format?.name },
          });
        }
        throw statusError(res.status, text, res.headers.get("retry-after"));
      }

      const contentType = res.headers.get("content-type") ?? "";
      if (contentType.includes("text/html")) {
        await res.body?.cancel().catch(() => {});
        throw unavailable("The AI provider answered with an HTML page instead of a completion (check the base URL)");
      }

      if (contentType.includes("json")) {
        // Some servers ignore `stream: true` and answer with one chat.completion object.
        let text: string;
        try {
          text = await res.text();
        } catch (error) {
          throw failure(error, "read");
        }
        clock.answered();
        let body: ProviderChunk;
        try {
          body = JSON.parse(text) as ProviderChunk;
        } catch (error) {
          throw unavailable("The AI provider returned a malformed answer", undefined, error);
        }
        if (!body || typeof body !== "object") throw unavailable("The AI provider returned a malformed answer");
        if (body.error) throw inAnswerError(body);
        const message = body.choices?.[0]?.message;
        // A structured-output refusal comes instead of the content (which is null then).
        if (typeof message?.refusal === "string" && message.refusal) throw new ModelRefusal(redact(message.refusal));
        const content = message?.content;
        if (typeof content !== "string") throw unavailable("The AI provider returned a malformed answer");
        if (content) yield content;
        return;
      }

      if (!res.body) throw malformed();
      let finished = false;
      // A structured-output refusal streams in `delta.refusal` pieces instead of content.
      let refusal = "";
      try {
        for await (const event of readSseEvents(res.body, clock.signal)) {
          clock.answered();
          if (event.data.trim() === "[DONE]") {
            finished = true;
            break;
          }
          let chunk: ProviderChunk;
          try {
            chunk = JSON.parse(event.data) as ProviderChunk;
          } catch (error) {
            if (event.event === "error") throw inAnswerError({ error: event.data });
            throw malformed(error);
          }
          if (!chunk || typeof chunk !== "object" || Array.isArray(chunk)) throw malformed();
          if (chunk.error || event.event === "error") throw inAnswerError(chunk);
          const choice = chunk.choices?.[0];
          if (choice?.finish_reason === "error") throw inAnswerError(chunk);
          if (choice?.finish_reason) finished = true;
          const content = choice?.delta?.content;
          if (typeof content === "string" && content) yield content;
          const refused = choice?.delta?.refusal;
          if (typeof refused === "string") refusal += refused;
          clock.waiting();
        }
      } catch (error) {
        throw failure(error, "read");
      }
      // Without [DONE] or a finish_reason the answer was cut off (some servers omit [DONE]).
      if (!finished) throw unavailable("The AI provider ended the stream before the answer was complete");
      if (refusal) throw new ModelRefusal(redact(refusal));
    } finally {
      clock.end();
    }
  }

  return createModelProvider({
    id: `openai:${model}`,
    label: model,
    complete: completion,
    retrieve: options.retrieve,
    endpoint: { baseUrl: options.baseUrl, model },
  });
}

/**
 * The JSON body of one `POST /chat/completions`: always streamed, with a JSON-schema
 * response_format when one is asked for (tests check it against the `openai` package's
 * ChatCompletionCreateParamsStreaming).
 */
export function chatCompletionBody(model: string, turns: ChatTurn[], format: JsonSchemaFormat | null) {
  return {
    model,
    messages: turns.map(({ role, content }) => ({ role, content })),
    stream: true as const,
    ...(format
      ? { response_format: { type: "json_schema" as const, json_schema: { name: format.name, schema: format.schema, strict: format.strict ?? true } } }
      : {}),
  };
}

/** `{error:{message}}` (OpenAI, OpenRouter, Groq, vLLM), `{error:"..."}` (Ollama) or `{message}`. */
function errorMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "string" && error) return error;
  if (error && typeof error === "object") {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === "string" && inner) return inner;
  }
  return typeof message === "string" && message ? message : undefined;
}

function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host; // never the userinfo part of the URL
  } catch {
    return "the configured base URL";
  }
}

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

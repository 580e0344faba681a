/**
 * A model's research answers and JSON completions, whatever carries the model's words: the
 * OpenAI-compatible HTTP API (openai-compatible.ts) or the Workers AI binding (workers-ai.ts).
 * A transport only streams a completion's text; retrieval, the structured answer with its
 * markdown fallback, and the check against the retrieved records live here once.
 */
import {
  checkResearch,
  MARKDOWN_FORMAT_INSTRUCTION,
  parseJsonResearch,
  parseMarkdownResearch,
  RESEARCH_ANSWER_SCHEMA,
  researchSystemTurn,
  retrieveFromCatalog,
  withOwnProducts,
  withProject,
  streamedJsonString,
  type ResearchContext,
  type Retriever,
} from "./research";
import { AppError } from "~/domain/errors";
import { isUnsupported, markUnsupported } from "./endpoint-memo";
import type { ChatProvider, ChatTurn, ReplyEvent, ReplyRequest } from "./types";

/** A JSON-schema response format: a name and a JSON Schema (strict when every field is required). */
export interface JsonSchemaFormat {
  name: string;
  schema: Record<string, unknown>;
  strict?: boolean;
}

/**
 * Streams one completion's text, piece by piece. Throws StructuredOutputUnsupported when the
 * endpoint refuses `format` (asked again without it), ModelRefusal when the model declined to
 * answer (OpenAI's structured-output `refusal`), and an AppError naming the problem for every
 * other failure ("UNAVAILABLE", or "INTERNAL" for a request of ours the provider rejects), so the
 * chat can refund the reserved query.
 */
export type CompletionTransport = (turns: ChatTurn[], format: JsonSchemaFormat | null, signal?: AbortSignal) => AsyncGenerator<string>;

export interface ModelProvider extends ChatProvider {
  /**
   * One whole (not streamed to the caller) completion asked for as JSON matching `format`; on an
   * endpoint without structured output, asked again without it (the turns must ask for JSON too).
   * Returns the model's text unparsed; fails with the same AppErrors as `reply`.
   */
  completeJson(turns: ChatTurn[], format: JsonSchemaFormat, signal?: AbortSignal): Promise<string>;
}

/** The endpoint refused structured output: ask again for markdown. */
export class StructuredOutputUnsupported extends Error {}

/**
 * The model declined to answer: with structured output, OpenAI sends its reason in `refusal`
 * (streamed in `delta.refusal`) instead of `content`. Thrown by a transport after the completion
 * ended; `refusal` is the model's own words.
 */
export class ModelRefusal extends Error {
  constructor(readonly refusal: string) {
    super(`The model declined to answer: ${refusal}`);
    this.name = "ModelRefusal";
  }
}

/** What the merchant reads when the model declined (shown as the answer, not counted). */
export function refusalAnswer(refusal: string): string {
  const words = refusal.trim() || "it gave no reason";
  return `The AI model declined to answer this question: ${words.replace(/[.\s]+$/, "")}. Rewording the question may help.`;
}

/** The memo's name for structured output (`response_format` in OpenAI's API). */
const STRUCTURED_OUTPUT = "response_format";

const RESEARCH_FORMAT: JsonSchemaFormat = RESEARCH_ANSWER_SCHEMA;

export function createModelProvider(options: {
  id: string;
  label: string;
  complete: CompletionTransport;
  /** What to send with each question; the sample catalog by default (projects add their canon and files). */
  retrieve?: Retriever;
  /**
   * Where the model answers (a base URL, or a binding's name) and its name: what the isolate learns
   * about it (endpoint-memo.ts) is kept under these, so a refusal of structured output is learnt
   * once per isolate, not once per request (providers are built per request).
   */
  endpoint: { baseUrl: string; model: string };
}): ModelProvider {
  const completion = options.complete;
  const retrieve = options.retrieve ?? retrieveFromCatalog;
  const { baseUrl, model } = options.endpoint;
  // Once an endpoint refuses JSON-schema output, later answers in this isolate ask for markdown at once.
  const structuredOutput = () => !isUnsupported(baseUrl, model, STRUCTURED_OUTPUT);
  const learnNoStructuredOutput = () => markUnsupported(baseUrl, model, STRUCTURED_OUTPUT);

  /**
   * A research answer: the records retrieved first and sent with the question, the structured
   * answer asked for (markdown where the endpoint has no JSON schema), streamed as it arrives,
   * then checked against what was retrieved before it is saved (research.ts).
   */
  async function* reply({ messages, project, ownProducts, signal }: ReplyRequest): AsyncGenerator<ReplyEvent> {
    if (signal?.aborted) throw abortReason(signal);
    const context = withOwnProducts(withProject(retrieve(messages), project), messages, ownProducts);
    const turnsFor = (structured: boolean) => withResearchContext(messages, context, structured);
    const structured = structuredOutput();
    let pieces = completion(turnsFor(structured), structured ? RESEARCH_FORMAT : null, signal)[Symbol.asyncIterator]();
    let step: Step;
    try {
      step = await nextStep(pieces);
    } catch (err) {
      if (!(err instanceof StructuredOutputUnsupported)) throw err;
      learnNoStructuredOutput();
      pieces = completion(turnsFor(false), null, signal)[Symbol.asyncIterator]();
      step = await nextStep(pieces);
    }

    try {
      yield* researchEvents(pieces, step, context);
    } finally {
      // A reader that stops early hangs up the provider's connection too.
      await pieces.return?.(undefined);
    }
  }

  async function completeJson(turns: ChatTurn[], format: JsonSchemaFormat, signal?: AbortSignal): Promise<string> {
    const collect = async (responseFormat: JsonSchemaFormat | null) => {
      let text = "";
      try {
        for await (const piece of completion(turns, responseFormat, signal)) text += piece;
      } catch (err) {
        if (!(err instanceof ModelRefusal)) throw err;
        // Not the provider failing: the model would not write this. Refunded like any failure.
        throw new AppError("UNAVAILABLE", `The AI model declined to write this: ${err.refusal.trim() || "it gave no reason"}`, {
          details: { provider: options.id, reason: "refusal", refusal: err.refusal },
        });
      }
      return text;
    };
    if (!structuredOutput()) return collect(null);
    try {
      return await collect(format);
    } catch (err) {
      if (!(err instanceof StructuredOutputUnsupported)) throw err;
      learnNoStructuredOutput();
      return collect(null);
    }
  }

  return { id: options.id, label: options.label, reply, completeJson };
}

/** A piece of the completion, its end, or the model's refusal (which ends it too). */
type Step = IteratorResult<string> | { refusal: string };

async function nextStep(pieces: AsyncIterator<string>): Promise<Step> {
  try {
    return await pieces.next();
  } catch (err) {
    if (err instanceof ModelRefusal) return { refusal: err.refusal };
    throw err;
  }
}

/** Turns the completion's text into the answer's events, then checks it (see reply). */
async function* researchEvents(pieces: AsyncIterator<string>, first: Step, context: ResearchContext): AsyncGenerator<ReplyEvent> {
  let step = first;
  const readSummary = streamedJsonString("executiveSummary");
  const readAnalysis = streamedJsonString("fullAnalysis");
  let buffer = "";
  let mode: "json" | "text" | undefined;
  let streamed = "";
  let summarySent = false;
  for (; !("refusal" in step) && !step.done; step = await nextStep(pieces)) {
    buffer += step.value;
    if (!mode) {
      const start = buffer.trimStart();
      if (!start) continue;
      // Models that ignore the schema answer in prose: stream that as it comes.
      mode = start.startsWith("{") || start.startsWith("```") ? "json" : "text";
      if (mode === "text") {
        streamed = buffer;
        yield { type: "delta", text: buffer };
        continue;
      }
    }
    if (mode === "text") {
      streamed += step.value;
      yield { type: "delta", text: step.value };
      continue;
    }
    const summary = readSummary(buffer);
    if (summary?.complete && !summarySent) {
      summarySent = true;
      yield { type: "summary", text: summary.value };
    }
    const analysis = readAnalysis(buffer);
    if (analysis && analysis.value.length > streamed.length) {
      const text = analysis.value.slice(streamed.length);
      streamed = analysis.value;
      yield { type: "delta", text };
    }
  }

  if ("refusal" in step) {
    // The model declined (a structured-output refusal): its reason is the answer, not counted.
    const text = refusalAnswer(step.refusal);
    yield streamed ? { type: "replace", text } : { type: "delta", text };
    yield { type: "unanswered", reason: "refusal" };
    return;
  }

  const raw =
    mode === "json"
      ? (parseJsonResearch(buffer) ?? { analysis: streamed || buffer, citations: [] })
      : parseMarkdownResearch(buffer);
  const checked = checkResearch(raw, context);
  // The summary streamed before the check is sent again when the check changed it (citations renumbered).
  const sentSummary = mode === "json" ? readSummary(buffer)?.value : undefined;
  if (checked.summary && (!summarySent || checked.summary !== sentSummary)) yield { type: "summary", text: checked.summary };
  if (checked.analysis !== streamed) yield { type: "replace", text: checked.analysis };
  if (checked.citations.length) yield { type: "citations", citations: checked.citations };
  if (raw.refusal) yield { type: "unanswered", reason: "refusal" };
  else if (raw.foundNothing) yield { type: "unanswered", reason: "no-match" };
}

/**
 * The turns sent: the research rules with the retrieved records as the system turn, then the
 * conversation, with the markdown format asked for when the endpoint has no structured output.
 */
export function withResearchContext(messages: ChatTurn[], context: ResearchContext, structured: boolean): ChatTurn[] {
  // A caller's own instructions (a project's, later) follow the research rules in the one system turn.
  const own = messages.filter((m) => m.role === "system").map((m) => m.content);
  const system = [researchSystemTurn(context), ...(structured ? [] : [MARKDOWN_FORMAT_INSTRUCTION]), ...own].join(
    "\n\n",
  );
  return [
    { role: "system", content: system },
    ...messages.filter((m) => m.role !== "system").map(({ role, content }) => ({ role, content })),
  ];
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

/**
 * One completion's abort and stall clock, shared by the transports: `signal` aborts when the
 * caller stops or when the model is silent for `timeoutMs` (waiting to start, or between two
 * pieces). The clock runs only while the transport waits for the model (`waiting()`), never
 * while the caller handles a piece. Call `end()` in a finally.
 */
export function completionClock(callerSignal: AbortSignal | undefined, timeoutMs: number, timeoutMessage: string) {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(abortReason(callerSignal!));
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = { timedOut: false, started: false };
  return {
    signal: controller.signal,
    state,
    /** Waiting for the model: the clock runs. */
    waiting() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        controller.abort(new DOMException(timeoutMessage, "TimeoutError"));
      }, timeoutMs);
    },
    /** The model answered: the clock stops until the next wait. */
    answered() {
      clearTimeout(timer);
      state.started = true;
    },
    /** The caller stopped (their abort), if so. */
    callerAbort(): unknown {
      return callerSignal?.aborted ? abortReason(callerSignal) : undefined;
    },
    /** Drops the connection when the caller stopped early; a no-op after a complete answer. */
    end() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
      controller.abort();
    },
  };
}

/**
 * The built-in analyst as a chat provider: the offline default. It reads the conversation
 * (merchant/answer.ts), answers from the sample catalog and the merchant's own figures, and
 * streams the answer in pieces; its memory of the conversation goes back with the answer.
 */
import { AppError } from "~/domain/errors";
import { getCatalog } from "~/server/market/catalog";
import { ANALYST_ID, ANALYST_LABEL } from "./analyst";
import { answerMerchantConversation } from "./merchant/answer";
import { loadLanguageModel } from "./merchant/read-question";
import { answerInProject, figuresFromPassages } from "./project-answer";
import type { ChatProvider, ReplyEvent, ReplyRequest } from "./types";

export interface AnalystOptions {
  /** Pause between streamed pieces, for demos; 0 (default) streams as fast as the reader takes it. */
  chunkDelayMs?: number;
  /** Longest streamed piece, in characters. */
  chunkSize?: number;
}

/** Splits markdown into pieces of at most `size` characters, at spaces where possible; joined they give the text back. */
export function splitIntoChunks(markdown: string, size = 40): string[] {
  const chunks: string[] = [];
  for (const line of markdown.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    let rest = line;
    while (rest.length > size) {
      const space = rest.lastIndexOf(" ", size - 1);
      const cut = space > 0 ? space + 1 : size;
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) chunks.push(rest);
  }
  return chunks;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createAnalyst(options: AnalystOptions = {}): ChatProvider {
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  const chunkSize = options.chunkSize ?? 40;
  const stopIfAborted = (signal?: AbortSignal) => {
    if (signal?.aborted) throw abortReason(signal);
  };

  async function* reply({ messages, project, ownProducts, signal }: ReplyRequest): AsyncGenerator<ReplyEvent> {
    stopIfAborted(signal);
    // An unseeded database: every template needs records, so fail (and refund) with a plain reason.
    if (getCatalog().products.length === 0) throw new AppError("UNAVAILABLE", "The built-in analyst has no market catalog to answer from yet.");
    await loadLanguageModel();
    stopIfAborted(signal);
    const catalog = answerMerchantConversation(messages, { fileFigures: project ? figuresFromPassages(project.passages) : [], ownProducts });
    const question = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
    const answer = project ? answerInProject(catalog, project, question) : catalog;
    // The executive summary leads, as the answer card shows it; then the analysis as it is written.
    if (answer.summary) yield { type: "summary", text: answer.summary };
    for (const text of splitIntoChunks(answer.markdown, chunkSize)) {
      if (chunkDelayMs > 0) await pause(chunkDelayMs, signal);
      stopIfAborted(signal);
      yield { type: "delta", text };
    }
    stopIfAborted(signal);
    if (answer.citations?.length) yield { type: "citations", citations: answer.citations };
    if (answer.unanswered) yield { type: "unanswered", reason: answer.unanswered };
    yield { type: "memory", memory: catalog.memory };
  }

  return { id: ANALYST_ID, label: ANALYST_LABEL, reply };
}

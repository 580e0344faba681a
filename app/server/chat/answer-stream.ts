/**
 * One answer, start to finish, as the chat API streams it: the provider's events go out as they
 * arrive; success saves the answer and commits the reserved query; failure refunds it and takes
 * the question back out of the chat (the browser keeps the text for a retry), so a failed AI
 * call costs nothing. A reader who disconnects stops the provider; what was written is kept and
 * charged, as the user saw it.
 */
import type { AppError } from "~/domain/errors";
import { toAppError } from "~/domain/errors";
import type { AnswerEvent, ApiMessage, ChatTurn, StoredAnswer } from "~/domain/chat/conversation";
import type { Chat, ChatStreamEvent } from "~/domain/contracts/chats";
import type { ChatProvider } from "../ai/types";
import type { UsageReservation } from "../usage/meter";

export interface AnswerStreamDeps {
  provider: ChatProvider;
  reservation: UsageReservation;
  saveAnswer(answer: StoredAnswer): Promise<{ message: ApiMessage; chat: Chat }>;
  discardQuestion(): Promise<void>;
  onFailure?(err: AppError): void;
}

export async function streamAnswer(
  deps: AnswerStreamDeps,
  question: ApiMessage,
  turns: ChatTurn[],
  send: (event: ChatStreamEvent) => Promise<void>,
): Promise<"answered" | "stopped" | "failed"> {
  const stop = new AbortController();
  // A failed write means the reader has gone: stop the provider, keep going to settle.
  const emit = async (event: ChatStreamEvent) => {
    if (stop.signal.aborted) return;
    try {
      await send(event);
    } catch {
      stop.abort(new DOMException("The reader disconnected", "AbortError"));
    }
  };
  await emit({ type: "user", message: question });
  let answer: StoredAnswer;
  try {
    answer = await produceAnswer(deps.provider, turns, emit, stop.signal);
    if (!answer.content.trim() && !answer.stopped) throw new Error("The AI provider returned an empty answer.");
  } catch (err) {
    const failure = toAppError(err);
    deps.onFailure?.(failure);
    await deps.reservation.refund();
    await deps.discardQuestion();
    const message = failure.type === "INTERNAL" ? "The AI could not answer this time. Your query was not charged; please try again." : `${failure.message} Your query was not charged.`;
    await emit({ type: "error", error: { type: failure.type, message } });
    return "failed";
  }
  if (answer.stopped && !answer.content.trim()) {
    // Stopped before a single word: nothing was delivered, so nothing is charged.
    await deps.reservation.refund();
    return "stopped";
  }
  const saved = await deps.saveAnswer(answer);
  await deps.reservation.commit();
  const { limit, remaining } = deps.reservation;
  await emit({ type: "done", message: saved.message, chat: saved.chat, usage: { used: limit - remaining, limit, remaining } });
  return answer.stopped ? "stopped" : "answered";
}

/**
 * Produces one answer, passing every event on as it arrives. Resolves with the whole answer;
 * `stopped` is set when the signal ended it early (the partial text is kept, as the user saw it).
 * A provider failure rejects, so the caller refunds the query.
 */
export async function produceAnswer(
  provider: ChatProvider,
  turns: ChatTurn[],
  emit: (event: AnswerEvent) => Promise<void> | void,
  signal: AbortSignal,
): Promise<StoredAnswer> {
  const answer: StoredAnswer = { content: "", provider: provider.label };
  try {
    for await (const event of provider.reply({ messages: turns, signal })) {
      if (signal.aborted) break;
      if (event.type === "unanswered") {
        answer.notCounted = true;
        continue;
      }
      await emit(event);
      // Keep only what reached the reader: the saved answer is the one the user saw.
      if (signal.aborted) break;
      if (event.type === "delta") answer.content += event.text;
      else if (event.type === "summary") answer.summary = event.text;
      else answer.citations = event.citations;
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  }
  if (signal.aborted) answer.stopped = true;
  return answer;
}

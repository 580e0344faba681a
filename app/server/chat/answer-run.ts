/**
 * One answer, start to finish, wherever it runs (the chat's Durable Object hosts it): the
 * provider's events go out as they arrive, the answer is saved when it ends, and its query is
 * settled by one rule.
 *
 * The charging rule: nothing delivered, nothing charged.
 * - An answer saved with text is charged, including one the merchant stopped part way: they
 *   keep what it wrote, marked as stopped.
 * - An answer that found nothing to answer with (the provider says `unanswered`), a stop before
 *   the first word, a regenerate that wrote the same text as an answer the question already has,
 *   and a failure are refunded, and the answer says "not counted".
 * - A failure also takes a new question back out of the chat (the page keeps its text to retry).
 */
import type { AppError } from "~/domain/errors";
import { toAppError } from "~/domain/errors";
import type { ApiMessage, ChatTurn, StoredAnswer } from "~/domain/chat/conversation";
import type { Chat, ChatStreamEvent } from "~/domain/contracts/chats";
import type { OwnProduct } from "../ai/merchant/own-products";
import type { ChatProvider, ProjectContext } from "../ai/types";
import type { ReservationHandle, UsageReservation } from "../usage/meter";

/** Everything an answer needs, as plain data: it crosses from the request to the chat's object. */
export interface AnswerJob {
  userId: number;
  chatId: string;
  /** The saved question this answers. */
  question: ApiMessage;
  /** The conversation the provider sees, ending with the question. */
  turns: ChatTurn[];
  reservation: ReservationHandle;
  /** The chat's project (instructions, canon, the passages retrieved for this question), when it has one. */
  project?: ProjectContext | null;
  /** The merchant's imported products, newest first, read against the question. */
  ownProducts?: OwnProduct[];
  /** Set when the question was added for this answer (ask, edit): a failure withdraws it and shows this leaf again. */
  withdrawOnFailure: { leafBefore: string | null } | null;
  /** On a regenerate: the texts of the answers the question already has. The same text again is not charged. */
  earlierAnswers?: string[];
}

export interface AnswerRunDeps {
  provider: ChatProvider;
  reservation: UsageReservation;
  saveAnswer(answer: StoredAnswer): Promise<{ message: ApiMessage; chat: Chat }>;
  withdrawQuestion(): Promise<void>;
  onFailure?(err: AppError): void;
}

export type AnswerOutcome = "answered" | "stopped" | "failed";

/** What to tell the merchant when an answer could not be written. */
export function failureMessage(failure: AppError): string {
  return failure.type === "INTERNAL"
    ? "The AI could not answer this time. Your query was not charged; please try again."
    : `${failure.message} Your query was not charged.`;
}

/**
 * Produces, saves and settles one answer. `emit` must not wait for readers (the answer is
 * written whether or not anyone watches); `signal` is the merchant's Stop.
 */
export async function runAnswer(
  deps: AnswerRunDeps,
  job: AnswerJob,
  emit: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<AnswerOutcome> {
  emit({ type: "user", message: job.question });
  let answer: StoredAnswer;
  try {
    answer = await produceAnswer(deps.provider, { messages: job.turns, project: job.project ?? undefined, ownProducts: job.ownProducts }, emit, signal);
    if (!answer.content.trim() && !answer.stopped) throw new Error("The AI provider returned an empty answer.");
  } catch (err) {
    const failure = toAppError(err);
    deps.onFailure?.(failure);
    await deps.reservation.refund();
    if (job.withdrawOnFailure) await deps.withdrawQuestion();
    emit({ type: "error", error: { type: failure.type, message: failureMessage(failure) } });
    return "failed";
  }
  // A regenerate that writes an answer the merchant already has delivers nothing new: not charged.
  if (job.earlierAnswers?.some((text) => text.trim() === answer.content.trim()) && !answer.stopped && !answer.notCounted) {
    answer.notCounted = true;
    answer.refund = "repeat";
  }
  await saveAndSettle(deps, answer, emit);
  return answer.stopped ? "stopped" : "answered";
}

/** Saves a finished (or stopped, or interrupted) answer and settles its query by the rule above. */
export async function saveAndSettle(
  deps: Pick<AnswerRunDeps, "reservation" | "saveAnswer">,
  answer: StoredAnswer,
  emit: (event: ChatStreamEvent) => void,
): Promise<void> {
  const counted = answer.content.trim().length > 0 && !answer.notCounted;
  const saved = await deps.saveAnswer(counted ? answer : { ...answer, notCounted: true });
  if (counted) await deps.reservation.commit();
  else await deps.reservation.refund();
  const { limit } = deps.reservation;
  const remaining = counted ? deps.reservation.remaining : deps.reservation.remaining + 1;
  emit({ type: "done", message: saved.message, chat: saved.chat, usage: { used: limit - remaining, limit, remaining }, counted });
}

/**
 * Runs the provider, passing every event on as it arrives, and resolves with the whole answer;
 * `stopped` is set when the signal ended it early (the text so far is kept). A provider failure
 * rejects, so the caller refunds the query.
 */
export async function produceAnswer(
  provider: ChatProvider,
  request: { messages: ChatTurn[]; project?: ProjectContext; ownProducts?: OwnProduct[] },
  emit: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<StoredAnswer> {
  const answer: StoredAnswer = { content: "", provider: provider.label };
  // The provider gets its own signal, aborted here rather than by whoever pressed Stop: in a
  // Durable Object the Stop arrives in another request's context, and the provider's connection
  // must be closed from the context that opened it.
  const providerStop = new AbortController();
  const events = provider.reply({ ...request, signal: providerStop.signal })[Symbol.asyncIterator]();
  // Stop wins at once: the provider's pending read is left to fail on its own (and ignored).
  const stopped = new Promise<"stopped">((resolve) => {
    if (signal.aborted) resolve("stopped");
    else signal.addEventListener("abort", () => resolve("stopped"), { once: true });
  });
  try {
    for (;;) {
      const next = events.next();
      next.catch(() => {});
      const step = await Promise.race([next, stopped]);
      if (step === "stopped" || step.done) break;
      const event = step.value;
      switch (event.type) {
        case "delta":
          answer.content += event.text;
          break;
        case "replace":
          answer.content = event.text;
          break;
        case "summary":
          answer.summary = event.text;
          break;
        case "citations":
          answer.citations = event.citations;
          break;
        case "unanswered":
          answer.notCounted = true;
          continue; // settled at the end, not streamed
        case "memory":
          answer.memory = event.memory;
          continue; // saved with the answer, never shown
      }
      emit(event);
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  } finally {
    if (signal.aborted) {
      providerStop.abort(signal.reason);
      events.return?.().catch(() => {});
    }
  }
  if (signal.aborted) answer.stopped = true;
  return answer;
}

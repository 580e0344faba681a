/**
 * The request side of the chat's Durable Object (workers/chat-room.ts): start an answer there
 * and follow it, follow one already running, stop one.
 */
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { reservationFrom } from "../usage/meter";
import type { AnswerJob } from "./answer-run";
import { roomOf, type ChatRoomBindings } from "./room-stub";
import { withdrawQuestion } from "./service";


/**
 * Hands the job to its chat's object and answers with its stream from the first event.
 * `analystPaceMs` replaces ANALYST_PACE_MS for this answer (a local run's dev setting, never production).
 */
export async function startAnswer(env: ChatRoomBindings, db: Database, job: AnswerJob, analystPaceMs?: number): Promise<Response> {
  const room = roomOf(env, job.chatId);
  if (!(await room.start(job, analystPaceMs))) {
    // An answer older than the chat's claim is still running there: undo this one.
    await reservationFrom(env, job.reservation).refund();
    if (job.withdrawOnFailure) await withdrawQuestion(db, job);
    throw new AppError("CONFLICT", "This chat is still answering your previous question. Wait for it to finish, or stop it, then ask again.");
  }
  return room.fetch(`https://chat-room/stream?from=0`);
}

/** The running answer's events from the `from`-th on; ends at once when none is running. */
export function followAnswer(env: ChatRoomBindings, chatId: string, from: number): Promise<Response> {
  return roomOf(env, chatId).fetch(`https://chat-room/stream?from=${from}`);
}

/** Stops the running answer; false when none was running. */
export function stopAnswer(env: ChatRoomBindings, chatId: string): Promise<boolean> {
  return roomOf(env, chatId).stop();
}

/**
 * Before a chat that says it is answering is read or asked: an answer whose writer died is found
 * and refunded, so the chat is free again. True when one was recovered.
 */
export async function recoverOrphanedAnswer(env: ChatRoomBindings, chatId: string): Promise<boolean> {
  return (await roomOf(env, chatId).recoverOrphan()) === "recovered";
}


import { DurableObject } from "cloudflare:workers";
import type { ChatStreamEvent } from "../app/domain/contracts/chats";
import { encodeSseEvent } from "../app/domain/sse";
import { chatProviderFor, withSharedCatalog } from "../app/server/ai/provider";
import { runAnswer, type AnswerJob } from "../app/server/chat/answer-run";
import { finishAnswering, saveAnswer, withdrawQuestion } from "../app/server/chat/service";
import { getEnv } from "../app/server/platform/env";
import { createLogger } from "../app/server/platform/log";
import { reservationFrom } from "../app/server/usage/meter";
import { createDb } from "../db/client";

/** While an answer runs, an alarm this often keeps the object awake and notices a lost run. */
const WATCHDOG_MS = 30_000;

interface Run {
  job: AnswerJob;
  /** Every event so far; a reader joining late (a reload, another device) replays from any point. */
  events: ChatStreamEvent[];
  readers: Set<ReadableStreamDefaultController<Uint8Array>>;
  stop: AbortController;
  finished: boolean;
  /** The built-in analyst's pace for this answer, when a local run's dev setting chose one. */
  analystPaceMs?: number;
}

const SSE_HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" };

/**
 * One per chat: writes the chat's answer. Generation belongs to this object, not to the request
 * that asked, so the answer is finished and saved when every reader has gone; readers (every open
 * tab, any device) follow it from any event; Stop ends it here. The job is kept in storage, so an
 * answer whose writer died is found (by the watchdog, or the next read or question) and refunded.
 */
export class ChatRoom extends DurableObject<Env> {
  private run: Run | undefined;

  /** Starts answering a job; false when an answer is already running here. */
  async start(job: AnswerJob, analystPaceMs?: number): Promise<boolean> {
    if (this.run && !this.run.finished) return false;
    const run: Run = { job, events: [], readers: new Set(), stop: new AbortController(), finished: false, analystPaceMs };
    this.run = run;
    // Both writes go out together; the output gate holds the answer until they are stored.
    await Promise.all([this.ctx.storage.put("job", job), this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS)]);
    this.ctx.waitUntil(this.execute(run));
    return true;
  }

  /** Stops the running answer; false when none is running. What was written is saved, marked stopped. */
  async stop(): Promise<boolean> {
    if (!this.run || this.run.finished) return false;
    this.run.stop.abort(new DOMException("The merchant stopped the answer", "AbortError"));
    return true;
  }

  /**
   * GET ?from=N: the answer's events from the N-th on, as Server-Sent Events with their positions
   * as ids, then live ones until it ends. Ends at once when no answer runs (or the last has ended
   * and the reader has all of it).
   */
  async fetch(request: Request): Promise<Response> {
    const from = Math.max(0, Number(new URL(request.url).searchParams.get("from")) || 0);
    const run = this.run;
    // A pull-free stream fed by enqueue: nothing here ever waits for the reader.
    let reader: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        reader = controller;
        if (run) {
          for (let seq = from; seq < run.events.length; seq++) this.send(run, controller, seq);
          if (!run.finished) run.readers.add(controller);
        }
        if (!run || run.finished) controller.close();
      },
      // The reader hung up: stop sending to it.
      cancel: () => {
        if (reader) run?.readers.delete(reader);
      },
    });
    return new Response(body, { headers: SSE_HEADERS });
  }

  async alarm(): Promise<void> {
    if (this.run && !this.run.finished) {
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      return;
    }
    await this.recoverOrphan();
  }

  /**
   * An answer whose writer died (a deploy, a restarted object): its job is in storage with no run
   * in memory. Nobody chose to stop it, so it is not saved as "stopped": the query is refunded, the
   * chat freed, and the question stays, ready to ask again. Called by the watchdog alarm and
   * whenever the chat is read or asked while it says it is answering. Resolves with what it found.
   */
  async recoverOrphan(): Promise<"running" | "recovered" | "idle"> {
    if (this.run && !this.run.finished) return "running";
    const job = await this.ctx.storage.get<AnswerJob>("job");
    if (!job) return "idle";
    const db = createDb(this.env.DB);
    try {
      await reservationFrom(this.env, job.reservation).refund();
    } finally {
      await finishAnswering(db, job);
      await this.ctx.storage.delete("job");
      await this.ctx.storage.deleteAlarm();
    }
    return "recovered";
  }

  private async execute(run: Run): Promise<void> {
    const env = getEnv(this.env);
    const config = run.analystPaceMs === undefined ? env : { ...env, ANALYST_PACE_MS: run.analystPaceMs };
    const log = createLogger({ chatId: run.job.chatId }, config.LOG_LEVEL);
    const db = createDb(this.env.DB);
    const { job } = run;
    try {
      await runAnswer(
        {
          // The analyst and a model's retrieval read the shared catalog from D1 (kept per isolate).
          provider: withSharedCatalog(chatProviderFor(config), db, log),
          reservation: reservationFrom(this.env, job.reservation),
          saveAnswer: (answer) => saveAnswer(db, job, answer),
          withdrawQuestion: () => withdrawQuestion(db, job),
          onFailure: (err) => log.warn("chat answer failed", { type: err.type, message: err.message }),
        },
        job,
        (event) => this.broadcast(run, event),
        run.stop.signal,
      );
    } catch (err) {
      // Saving or settling failed: the reservation expires by itself; tell the readers.
      log.error("chat answer could not be saved", { err });
      this.broadcast(run, { type: "error", error: { type: "INTERNAL", message: "The answer could not be saved. Your query was not charged; please try again." } });
    } finally {
      await finishAnswering(db, job).catch((err: unknown) => log.error("could not free the chat", { err }));
      run.finished = true;
      for (const reader of run.readers) closeQuietly(reader);
      run.readers.clear();
      await this.ctx.storage.delete("job");
      await this.ctx.storage.deleteAlarm();
    }
  }

  /** Sends to every reader without waiting: a slow or gone reader never holds the answer up. */
  private broadcast(run: Run, event: ChatStreamEvent): void {
    run.events.push(event);
    const seq = run.events.length - 1;
    for (const reader of run.readers) this.send(run, reader, seq);
  }

  private send(run: Run, reader: ReadableStreamDefaultController<Uint8Array>, seq: number): void {
    try {
      reader.enqueue(encodeSseEvent({ id: seq, data: run.events[seq] }));
    } catch {
      run.readers.delete(reader); // closed or errored: the reader has gone
    }
  }
}

function closeQuietly(reader: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    reader.close();
  } catch {
    // already closed by a reader who left
  }
}

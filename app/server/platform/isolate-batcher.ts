/**
 * Collect, then flush every so often: counts and summaries that would cost a D1 write or a log
 * line per request are added up in the isolate and written once per window instead (the drop
 * page's views and buy clicks, its request summary line, help article views; ADR 014).
 *
 * - The first event of a window schedules one flush `everyMs` later; events meanwhile are folded
 *   into the batch under their key.
 * - When the window closes, the flush takes the batch and a new, empty one starts at once, so an
 *   event that arrives while the write is under way opens the next window instead of waiting.
 * - The flush's promise goes to the `defer` (ctx.waitUntil) of the event that opened the window,
 *   so the runtime keeps the isolate alive until it is written, and the flush gets that event's
 *   context (its database, its log level).
 * - A failing flush is logged, never thrown, and that window's batch is dropped; the next window
 *   is written as usual. An isolate that dies loses at most its open window.
 */
import { createLogger, type Logger } from "./log";

/** Hands work to the runtime (ctx.waitUntil) so the isolate stays alive until it settles. */
export type Defer = (work: Promise<unknown>) => void;

export interface IsolateBatcherOptions<K, E, V, C extends { defer: Defer }> {
  /** Names the batch in the line a failed flush logs. */
  name: string;
  /** How long a window stays open after its first event. */
  everyMs: number;
  /** Folds one event into its key's value (`undefined` for the key's first event); may update the value in place. */
  fold(value: V | undefined, event: E): V;
  /** Writes one window's batch, given the context of the event that opened the window. */
  flush(batch: ReadonlyMap<K, V>, context: C): Promise<void> | void;
  /** Where a failed flush is reported; a JSON log line at error level by default. */
  log?: Pick<Logger, "error">;
}

export interface IsolateBatcher<K, E, C extends { defer: Defer }> {
  /** Counts one event under `key`; the first event of a window schedules its flush through `context.defer`. */
  add(key: K, event: E, context: C): void;
}

export function createIsolateBatcher<K, E, V, C extends { defer: Defer } = { defer: Defer }>(
  options: IsolateBatcherOptions<K, E, V, C>,
): IsolateBatcher<K, E, C> {
  const log = options.log ?? createLogger();
  let batch = new Map<K, V>();
  let open = false;

  async function flush(context: C): Promise<void> {
    const taken = batch;
    batch = new Map();
    open = false;
    try {
      await options.flush(taken, context);
    } catch (err) {
      log.error("batch flush failed", { batch: options.name, keys: taken.size, err });
    }
  }

  return {
    add(key, event, context) {
      batch.set(key, options.fold(batch.get(key), event));
      if (open) return;
      open = true;
      context.defer(new Promise<void>((resolve) => setTimeout(() => resolve(flush(context)), options.everyMs)));
    },
  };
}

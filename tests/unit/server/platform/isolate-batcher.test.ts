import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIsolateBatcher, type Defer } from "~/server/platform/isolate-batcher";

// The per-isolate "collect, then flush every second" helper behind the drop page's counts and
// request summary and the help article views.

type Context = { defer: Defer; db: string };

function setup(flush: (batch: ReadonlyMap<string, number>, context: Context) => Promise<void> | void = () => {}) {
  const flushed: { batch: Map<string, number>; db: string }[] = [];
  const deferred: Promise<unknown>[] = [];
  const log = { error: vi.fn() };
  const batcher = createIsolateBatcher<string, number, number, Context>({
    name: "test counts",
    everyMs: 1000,
    fold: (total = 0, n) => total + n,
    async flush(batch, context) {
      // A copy: what the flush was handed, whatever happens to the map afterwards.
      flushed.push({ batch: new Map(batch), db: context.db });
      await flush(batch, context);
    },
    log,
  });
  const context = (db = "db-1"): Context => ({ db, defer: (work) => deferred.push(work) });
  return { batcher, flushed, deferred, log, context };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createIsolateBatcher", () => {
  it("writes one batch per window, with each key's events folded, a window after its first event", async () => {
    const { batcher, flushed, deferred, context } = setup();
    batcher.add("a", 1, context("db-1"));
    await vi.advanceTimersByTimeAsync(400);
    batcher.add("b", 1, context("db-2"));
    batcher.add("a", 2, context("db-3"));
    batcher.add("a", 1, context("db-4"));
    // Only the window's first event handed work to the runtime.
    expect(deferred).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(599);
    expect(flushed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // One write, everything merged, with the context of the event that opened the window.
    expect(flushed).toEqual([{ batch: new Map([["a", 4], ["b", 1]]), db: "db-1" }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(flushed).toHaveLength(1);
    expect(deferred).toHaveLength(1);
  });

  it("hands the runtime a promise that settles only once the batch is written", async () => {
    let release!: () => void;
    const { batcher, deferred, flushed, context } = setup(() => new Promise<void>((resolve) => (release = resolve)));
    batcher.add("a", 1, context());
    expect(deferred).toHaveLength(1);
    expect(deferred[0]).toBeInstanceOf(Promise);
    let settled = false;
    void deferred[0].then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(flushed).toHaveLength(1);
    // The write is under way: the isolate must be kept alive.
    expect(settled).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it("loses nothing across windows: an event during a write opens the next window", async () => {
    const releases: (() => void)[] = [];
    const { batcher, flushed, deferred, context } = setup(() => new Promise<void>((resolve) => releases.push(resolve)));
    batcher.add("a", 1, context("db-1"));
    batcher.add("a", 1, context("db-1"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(flushed.map((f) => f.batch)).toEqual([new Map([["a", 2]])]);
    // The first write has not finished; these belong to a new window with its own flush.
    batcher.add("a", 1, context("db-2"));
    batcher.add("c", 3, context("db-3"));
    expect(deferred).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(flushed).toEqual([
      { batch: new Map([["a", 2]]), db: "db-1" },
      { batch: new Map([["a", 1], ["c", 3]]), db: "db-2" },
    ]);
    for (const release of releases) release();
    await vi.advanceTimersByTimeAsync(0);
    await Promise.all(deferred);
    // Nothing is left behind for a third write.
    await vi.advanceTimersByTimeAsync(5000);
    expect(flushed).toHaveLength(2);
  });

  it("logs a failing flush instead of throwing, and still writes the next window", async () => {
    let calls = 0;
    const { batcher, flushed, deferred, log, context } = setup(() => {
      calls += 1;
      if (calls === 1) throw new Error("D1 is down");
    });
    batcher.add("a", 5, context());
    await vi.advanceTimersByTimeAsync(1000);
    // The runtime's promise resolves: a failed write is not an unhandled rejection.
    await expect(deferred[0]).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith("batch flush failed", { batch: "test counts", keys: 1, err: expect.objectContaining({ message: "D1 is down" }) });

    batcher.add("b", 2, context());
    expect(deferred).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(deferred[1]).resolves.toBeUndefined();
    // The failed window's batch is dropped, not written twice; the next one is written.
    expect(flushed.map((f) => f.batch)).toEqual([new Map([["a", 5]]), new Map([["b", 2]])]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it("logs a rejected flush as a JSON error line by default", async () => {
    const lines: string[] = [];
    // Mocked, so the unit setup knows this test expects the error line.
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const deferred: Promise<unknown>[] = [];
    const batcher = createIsolateBatcher<string, number, number>({
      name: "default log",
      everyMs: 1000,
      fold: (total = 0, n) => total + n,
      flush: () => Promise.reject(new Error("no write")),
    });
    batcher.add("a", 1, { defer: (work) => deferred.push(work) });
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(deferred);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: "batch flush failed", batch: "default log", keys: 1, err: { message: "no write" } });
  });
});

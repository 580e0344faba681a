import { describe, expect, it } from "vitest";
import { encodeSseEvent, formatSseEvent, readSseEvents, type SseEvent } from "~/domain/sse";

const encoder = new TextEncoder();

/** A body that delivers exactly these chunks, one per read. */
function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const queue = chunks.map((c) => (typeof c === "string" ? encoder.encode(c) : c));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const event of readSseEvents(body, signal)) out.push(event);
  return out;
}

/** Every way of cutting these bytes in two, plus one byte per read. */
function splits(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [];
  for (let i = 1; i < bytes.length; i++) out.push([bytes.slice(0, i), bytes.slice(i)]);
  out.push(Array.from(bytes, (b) => Uint8Array.of(b)));
  return out;
}

describe("readSseEvents", () => {
  it("reads OpenAI-style events and the [DONE] marker", async () => {
    const events = await collect(
      bodyOf(['data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n', "data: [DONE]\n\n"]),
    );
    expect(events).toEqual([{ data: '{"choices":[{"delta":{"content":"Hi"}}]}' }, { data: "[DONE]" }]);
  });

  it("joins multi-line data with \\n, keeps event and id, and ignores comments and unknown fields", async () => {
    const stream = [
      ": keep-alive comment",
      "retry: 3000",
      "event: delta",
      "id: 7",
      "data: first line",
      "data:second line",
      "data:  two spaces keep one",
      "data",
      "unknown: field",
      "",
      "",
      "data: next",
      "",
      "",
    ].join("\n");
    expect(await collect(bodyOf([stream]))).toEqual([
      { event: "delta", id: "7", data: "first line\nsecond line\n two spaces keep one\n" },
      // The last event id persists across events, as the WHATWG rules say; the event type does not.
      { id: "7", data: "next" },
    ]);
  });

  it("drops an event that has no data, including its event type", async () => {
    const events = await collect(bodyOf(["event: ping\n\n", "data: real\n\n"]));
    expect(events).toEqual([{ data: "real" }]);
  });

  it("keeps an empty data line as an event with empty data", async () => {
    expect(await collect(bodyOf(["data:\n\n"]))).toEqual([{ data: "" }]);
  });

  it("understands LF, CRLF and CR line endings, mixed", async () => {
    const events = await collect(bodyOf(["data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\n"]));
    expect(events.map((e) => e.data)).toEqual(["a", "b", "c", "d"]);
  });

  it("delivers the last event even without the final blank line", async () => {
    expect(await collect(bodyOf(["data: one\n\n", "data: last"]))).toEqual([{ data: "one" }, { data: "last" }]);
    expect(await collect(bodyOf(["data: last\n"]))).toEqual([{ data: "last" }]);
    expect(await collect(bodyOf(["data: last\r"]))).toEqual([{ data: "last" }]);
  });

  it("strips a leading byte order mark", async () => {
    expect(await collect(bodyOf([Uint8Array.of(0xef, 0xbb, 0xbf), "data: x\n\n"]))).toEqual([{ data: "x" }]);
  });

  it("gives the same events however the bytes are split, including inside a CRLF and inside a UTF-8 character", async () => {
    const text = "event: delta\r\nid: 1\r\ndata: Caf\u00e9 \ud83d\ude80 \u4e2d\r\ndata: two\r\n\r\n: c\r\ndata: x\rdata: y\r\r\ndata: tail \u00e9";
    const expected: SseEvent[] = [
      { event: "delta", id: "1", data: "Caf\u00e9 \ud83d\ude80 \u4e2d\ntwo" },
      { id: "1", data: "x\ny" },
      { id: "1", data: "tail \u00e9" },
    ];
    const bytes = encoder.encode(text);
    expect(await collect(bodyOf([bytes]))).toEqual(expected);
    const cuts = splits(bytes);
    // The text has a CRLF and 2-, 3- and 4-byte characters, so some cuts land inside each.
    expect(cuts.length).toBeGreaterThan(60);
    for (const chunks of cuts) {
      expect(await collect(bodyOf(chunks)), `cut into ${chunks.map((c) => c.length).join("+")} bytes`).toEqual(expected);
    }
  });

  it("treats a CR at the end of a read as a line end when the next read does not start with LF", async () => {
    const events = await collect(bodyOf(["data: a\r", "\r", "data: b\r", "\n\r", "\n"]));
    expect(events.map((e) => e.data)).toEqual(["a", "b"]);
  });

  it("throws the signal's reason when the signal is already aborted, and releases the body", async () => {
    const body = bodyOf(["data: never\n\n"]);
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await expect(collect(body, controller.signal)).rejects.toBe(reason);
    expect(body.locked).toBe(false);
  });

  it("stops between events once the signal aborts", async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = async () => {
      for await (const event of readSseEvents(bodyOf(["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"]), controller.signal)) {
        seen.push(event.data);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual(["1"]);
  });

  it("cancels the body when the consumer stops early, so the connection closes", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\ndata: 2\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(body)) {
      expect(event.data).toBe("1");
      break;
    }
    expect(body.locked).toBe(false);
    expect(cancelled).toBe(true);
  });

  it("notices an abort while waiting for bytes that never come", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const stop = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of readSseEvents(body, stop.signal)) {
        seen.push(event.data);
        setTimeout(() => stop.abort(new DOMException("Stopped by the user", "AbortError")), 5);
      }
    })();
    await expect(run).rejects.toThrow("Stopped by the user");
    expect(seen).toEqual(["1"]);
    expect(cancelled).toBe(true);
  });

  it("passes a stream error on to the caller", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode("data: 1\n\n"));
        } else controller.error(new TypeError("terminated"));
      },
    });
    const seen: string[] = [];
    const run = async () => {
      for await (const event of readSseEvents(body)) seen.push(event.data);
    };
    await expect(run()).rejects.toThrow("terminated");
    expect(seen).toEqual(["1"]);
  });
});

describe("the SSE writer", () => {
  it("frames JSON as one data line with a blank line after it", () => {
    expect(formatSseEvent({ data: { type: "delta", text: "hi" } })).toBe('data: {"type":"delta","text":"hi"}\n\n');
  });

  it("splits text on every line ending, so a newline never ends the event early", () => {
    expect(formatSseEvent({ data: "one\ntwo\r\nthree" })).toBe("data: one\ndata: two\ndata: three\n\n");
  });

  it("writes event and id lines, stripped of line breaks", () => {
    expect(formatSseEvent({ data: "x", event: "usage\nupdate", id: 7 })).toBe("event: usageupdate\nid: 7\ndata: x\n\n");
  });

  it("round-trips through the one SSE reader", async () => {
    const frames = [{ data: { a: 1 } }, { data: "multi\nline", event: "note", id: "3" }];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const f of frames) controller.enqueue(encodeSseEvent(f));
        controller.close();
      },
    });
    const read: { event?: string; data: string; id?: string }[] = [];
    for await (const e of readSseEvents(body)) read.push(e);
    expect(read).toEqual([
      { data: '{"a":1}' },
      { event: "note", data: "multi\nline", id: "3" },
    ]);
  });
});

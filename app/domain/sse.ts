/**
 * One Server-Sent Events reader for every stream we consume with fetch: OpenAI-compatible
 * completions on the server and our own chat answers in the browser. Follows the WHATWG event
 * stream rules that matter here: `data:` lines joined by "\n", a blank line ends an event,
 * comment lines (":") and unknown fields ignored, CR/LF/CRLF line endings.
 */
export interface SseEvent {
  event?: string;
  data: string;
  id?: string;
}

export async function* readSseEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  // A broken connection rejects both the pending read (handled below) and `closed`; the latter
  // would otherwise surface as an unhandled rejection.
  reader.closed.catch(() => {});
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  let finished = false;
  // Cancelling the reader wakes a pending read, so an abort is noticed without waiting for bytes.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  const flush = (): SseEvent | null => {
    if (!data.length) {
      event = undefined;
      return null;
    }
    const out: SseEvent = { data: data.join("\n"), ...(event ? { event } : {}), ...(id ? { id } : {}) };
    data = [];
    event = undefined;
    return out;
  };
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        finished = true; // an errored stream has nothing left to cancel
        throw err;
      }
      const { value, done } = chunk;
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Keep a trailing "\r" in the buffer: it may be the first half of a CRLF.
      const lines = buffer.split(/\r\n|\n|\r(?!$)/);
      buffer = done ? "" : (lines.pop() ?? "");
      if (done && lines.length && lines[lines.length - 1] === "") lines.pop();
      for (const raw of lines) {
        const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
        if (line === "") {
          const ready = flush();
          if (ready) yield ready;
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
        else if (field === "id") id = value;
      }
      if (done) {
        // A stream that ends without the final blank line still delivers its last event.
        finished = true;
        const last = flush();
        if (last) yield last;
        return;
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // A consumer that stops early (break, throw, abort) must not leave the connection open.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

const sseEncoder = new TextEncoder();

/**
 * One Server-Sent Events frame: `event:` and `id:` when given, the payload as `data:` lines
 * (one per line of text, so a newline inside can never end the event early), a blank line.
 * Objects are sent as JSON.
 */
export function formatSseEvent(frame: { data: unknown; event?: string; id?: string | number }): string {
  const text = typeof frame.data === "string" ? frame.data : JSON.stringify(frame.data);
  let out = "";
  if (frame.event) out += `event: ${frame.event.replace(/[\r\n]/g, "")}\n`;
  if (frame.id !== undefined) out += `id: ${String(frame.id).replace(/[\r\n]/g, "")}\n`;
  for (const line of text.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** Encodes a frame for a byte stream (a Response body or a TransformStream's writer). */
export function encodeSseEvent(frame: { data: unknown; event?: string; id?: string | number }): Uint8Array {
  return sseEncoder.encode(formatSseEvent(frame));
}

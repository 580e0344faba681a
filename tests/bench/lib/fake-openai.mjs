// A minimal OpenAI-compatible provider for the chat bench: `POST /v1/chat/completions` with
// `stream: true`, answered in OpenAI's exact `chat.completion.chunk` SSE format. The response
// headers go out at once; the role chunk and the first content chunk after `firstTokenDelayMs`
// (the provider's own time to first token), each further content chunk `chunkIntervalMs` later,
// then a `finish_reason: "stop"` chunk and `data: [DONE]`. Checks the bearer key like the real
// API. The test suite's richer fake (tests/integration/fake-openai.ts) is TypeScript; the bench
// runs plain node. Listens on 127.0.0.1 only.
import http from "node:http";

const CREATED = 1_700_000_000;

/** Header the bench's own direct requests carry, so requests from the Worker can be counted apart. */
export const DIRECT_CLIENT_HEADER = "x-bench-client";

/**
 * Starts the fake. Returns { url (base URL ending in /v1), port, answer (the full streamed text),
 * stats: { direct, worker, rejected }, close() }.
 */
export async function startFakeOpenAi({
  apiKey,
  port = 0,
  firstTokenDelayMs = 50,
  chunkIntervalMs = 30,
  chunkCount = 10,
}) {
  const chunks = Array.from({ length: chunkCount }, (_, i) => `Part ${i + 1} of ${chunkCount} of the bench answer. `);
  const stats = { direct: 0, worker: 0, rejected: 0 };
  let nextId = 1;
  const timers = new Set();
  const wait = (ms) =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const fail = (status, message, code = null) => {
        stats.rejected += 1;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message, type: "invalid_request_error", param: null, code } }));
      };
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        return fail(404, `Invalid URL (${req.method} ${req.url})`);
      }
      if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
        return fail(401, "Incorrect API key provided.", "invalid_api_key");
      }
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(400, "We could not parse the JSON body of your request.");
      }
      if (typeof body?.model !== "string" || !body.model) return fail(400, "you must provide a model parameter");
      if (!Array.isArray(body.messages) || !body.messages.length) return fail(400, "Invalid value for 'messages'.");
      if (body.stream !== true) return fail(400, "The bench fake only answers stream: true");
      if (req.headers[DIRECT_CLIENT_HEADER] === "direct") stats.direct += 1;
      else stats.worker += 1;

      const id = `chatcmpl-bench-${nextId++}`;
      const chunk = (delta, finishReason = null) =>
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created: CREATED,
          model: body.model,
          system_fingerprint: "fp_bench",
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        })}\n\n`;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      res.flushHeaders();
      const run = async () => {
        await wait(firstTokenDelayMs);
        if (res.destroyed) return;
        res.write(chunk({ role: "assistant", content: "", refusal: null }));
        for (let i = 0; i < chunks.length; i += 1) {
          if (i > 0) await wait(chunkIntervalMs);
          if (res.destroyed) return;
          res.write(chunk({ content: chunks[i] }));
        }
        res.write(chunk({}, "stop"));
        res.end("data: [DONE]\n\n");
      };
      void run();
    });
  });
  server.keepAliveTimeout = 30_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = server.address().port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    answer: chunks.join(""),
    firstTokenDelayMs,
    chunkIntervalMs,
    chunks: chunks.length,
    stats,
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import http from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake, ending in /v1 like https://api.openai.com/v1. */
    openaiUrl: string;
    /** The bearer key the fake accepts. */
    openaiKey: string;
  }
}

export const FAKE_OPENAI_KEY = "sk-test-dropcraft-fake-openai";

/**
 * What the fake does with a request, chosen by a `[fake:<behaviour>]` prefix on the last user
 * message (so parallel tests never race over shared server state). Without a prefix it streams
 * "You asked: <last user message>" in three content chunks, exactly like OpenAI does.
 */
export type FakeBehaviour =
  | "echo" // default: role chunk, 3 content chunks, finish_reason "stop", [DONE]
  | "split" // the same bytes written a few at a time, cutting lines and UTF-8 characters
  | "keepalive" // OpenRouter-style ": PROCESSING" comments before the chunks
  | "no-done" // ends after finish_reason "stop" without [DONE] (llama.cpp style)
  | "slow" // 20 chunks, 25 ms apart
  | "json" // ignores stream:true and answers one chat.completion JSON object
  | "rate-limit" // 429 with OpenAI's error body
  | "server-error" // 500 with OpenAI's error body
  | "hang" // never answers
  | "stall" // starts the stream, then goes silent
  | "malformed" // a chunk that is not JSON
  | "error-chunk" // an {error} chunk in the middle of the stream
  | "truncated" // content, then the response ends without finish_reason or [DONE]
  | "drop" // content, then the connection is destroyed
  | "html" // 200 with an HTML page (a wrong base URL hitting a website)
  | "research" // a structured research answer (JSON) citing the first product record it was sent, with its price
  | "research-bad" // the same, plus a citation of a record it was not sent and a number no record holds
  | "no-schema" // refuses response_format with OpenAI's 400; without it, answers in markdown sections
  | "nothing" // a structured answer that found nothing (foundNothing: true)
  | "project"; // a structured answer quoting the first project passage it was sent, citing it, in the canon's brand voice

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** Base URL including /v1. */
  url: string;
  /** Bodies of the chat requests it accepted (also served at GET /__received). */
  received: ChatRequestBody[];
  /** Headers of every chat request, accepted or not. */
  headers: http.IncomingHttpHeaders[];
  /** The last user message of each request the client hung up on before the answer was complete. */
  hangUps: string[];
  close(): Promise<void>;
}

const CREATED = 1_700_000_000;

/** The records the adapter sent in its system turn: "[n] product P-0001 ... price $15.99, ...". */
function sentRecords(body: ChatRequestBody): { n: number; kind: string; id: string; price?: string; name?: string }[] {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  return [...system.matchAll(/^\[(\d+)\] (product|ad|store|niche) (\S+)(?: "([^"]+)")?(.*)$/gm)].map((m) => ({
    n: Number(m[1]),
    kind: m[2],
    id: m[3],
    name: m[4],
    price: /price (\$[\d,]*\d(?:\.\d+)?)/.exec(m[5])?.[1],
  }));
}

/**
 * A page builder request (response_format named "page_sections"): sections written from the
 * product data it was sent, plus claims the data does not hold (a rating, a customer count, free
 * shipping) that the adapter's grounding must drop. A product titled with "fake-model-down"
 * makes it answer 500, so the built-in fallback can be tested.
 */
function pageSectionsAnswer(body: ChatRequestBody): { status: number; content: string } | null {
  const format = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (format !== "page_sections") return null;
  const user = body.messages.find((m) => m.role === "user")?.content ?? "";
  const data = JSON.parse(user.slice(user.indexOf("{"), user.lastIndexOf("}") + 1)) as { product: { title: string; description: string } };
  if (data.product.title.includes("fake-model-down")) return { status: 500, content: "" };
  const sentences = data.product.description.split(/(?<=[.!?])\s+/).filter(Boolean);
  const hidden = (kind: string) => ({ kind, hidden: true, heading: "", body: "", items: [], buttonLabel: null });
  return {
    status: 200,
    content: JSON.stringify({
      sections: [
        { kind: "hero", hidden: false, heading: data.product.title, body: `${sentences[0] ?? ""} Rated 5 stars by 10,000 happy customers.`, items: [], buttonLabel: "Get yours" },
        {
          kind: "benefits",
          hidden: false,
          heading: "Why it works",
          body: "",
          items: [...sentences.slice(1).map((t) => ({ title: t.replace(/[.!?]$/, ""), text: t })), { title: "Free shipping worldwide", text: "Delivered in 2 days." }],
          buttonLabel: null,
        },
        hidden("how-it-works"),
        hidden("specs"),
        hidden("in-the-box"),
        hidden("faq"),
        hidden("guarantee"),
        { kind: "cta", hidden: false, heading: `Order the ${data.product.title}`, body: "", items: [], buttonLabel: "Buy now" },
      ],
      missing: ["No steps in the description: add how it is used in Product → Description."],
    }),
  };
}

/** The research modes' answers, written from the records the adapter sent (null for the other modes). */
function researchAnswer(behaviour: FakeBehaviour, body: ChatRequestBody): string | null {
  if (behaviour === "project") return projectAnswer(body);
  if (!["research", "research-bad", "no-schema", "nothing"].includes(behaviour)) return null;
  const product = sentRecords(body).find((r) => r.kind === "product");
  if (behaviour === "nothing" || !product) {
    return JSON.stringify({ executiveSummary: "The records hold no such product.", fullAnalysis: "I found nothing about that product in the records.", citations: [], foundNothing: true, refusal: "" });
  }
  const summary = `${product.name} sells at ${product.price} [${product.n}].`;
  const analysis = `## Findings\n\nThe "${product.name}" (${product.id}) sells at ${product.price} [${product.n}].`;
  if (behaviour === "no-schema") {
    return `## Executive summary\n${summary}\n\n## Full analysis\n${analysis}\n\n## Sources\n[${product.n}] ${product.id}\n`;
  }
  const bad = behaviour === "research-bad";
  return JSON.stringify({
    executiveSummary: summary,
    fullAnalysis: bad ? `${analysis}\nIt sold 98,765 units last quarter [9].` : analysis,
    citations: [{ n: product.n, recordId: product.id }, ...(bad ? [{ n: 9, recordId: "P-9999" }] : [])],
    foundNothing: false,
    refusal: "",
  });
}

/** Quotes the first passage record sent ("[n] passage k of the merchant's file "F": "text""), in the brand voice the canon names. */
function projectAnswer(body: ChatRequestBody): string {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  const passage = /^\[(\d+)\] passage \d+ of the merchant's file "([^"]+)": "(.*)"$/m.exec(system);
  const voice = /^\[\d+\] canon entry brand\.voice = "([^"]*)"/m.exec(system)?.[1] ?? "neutral";
  if (!passage) {
    return JSON.stringify({ executiveSummary: "Your files do not cover this.", fullAnalysis: "No passage was sent.", citations: [], foundNothing: true, refusal: "" });
  }
  const [, n, file, text] = passage;
  return JSON.stringify({
    executiveSummary: `(${voice} voice) Your file ${file} says: ${text.slice(0, 120)} [${n}]`,
    fullAnalysis: `From ${file}: "${text}" [${n}]`,
    citations: [{ n: Number(n), recordId: "" }],
    foundNothing: false,
    refusal: "",
  });
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

/** Splits text into `parts` pieces on code point boundaries (the last ones may be empty). */
function pieces(text: string, parts: number): string[] {
  const chars = Array.from(text);
  const size = Math.ceil(chars.length / parts);
  return Array.from({ length: parts }, (_, i) => chars.slice(i * size, (i + 1) * size).join(""));
}

/**
 * A local HTTP server that speaks OpenAI's chat completions API (`POST /v1/chat/completions`),
 * checking the bearer key and the request body like the real API does and streaming
 * `chat.completion.chunk` events over SSE. With `apiKey: ""` it accepts any request without
 * Authorization, like Ollama.
 */
export async function startFakeOpenAi(options: { apiKey?: string; port?: number } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? FAKE_OPENAI_KEY;
  const received: ChatRequestBody[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const hangUps: string[] = [];
  let nextId = 1;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...extra });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? "/").replace(/^\/v1(?=\/)/, "");
      if (req.method === "GET" && path === "/__received") return reply(200, received);
      if (req.method !== "POST" || path !== "/chat/completions") {
        return reply(404, openAiError(`Invalid URL (${req.method} ${req.url})`, "invalid_request_error", null));
      }
      headers.push(req.headers);
      if (apiKey) {
        const auth = req.headers.authorization;
        if (!auth) {
          return reply(
            401,
            openAiError(
              "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
              "invalid_request_error",
              null,
            ),
          );
        }
        if (auth !== `Bearer ${apiKey}`) {
          // OpenAI masks the middle of the key here; this fake echoes it whole, the worst case,
          // so tests can prove the adapter never passes the key on.
          const given = auth.replace(/^Bearer\s+/i, "");
          return reply(
            401,
            openAiError(
              `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
              "invalid_request_error",
              "invalid_api_key",
            ),
          );
        }
      }
      if (!String(req.headers["content-type"]).startsWith("application/json")) {
        return reply(400, openAiError("Unsupported content type. Use application/json.", "invalid_request_error", null));
      }
      let body: ChatRequestBody;
      try {
        body = JSON.parse(raw) as ChatRequestBody;
      } catch {
        return reply(
          400,
          openAiError(
            "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
            "invalid_request_error",
            null,
          ),
        );
      }
      if (typeof body.model !== "string" || !body.model) {
        return reply(400, openAiError("you must provide a model parameter", "invalid_request_error", null));
      }
      const roles = new Set(["system", "developer", "user", "assistant"]);
      if (
        !Array.isArray(body.messages) ||
        !body.messages.length ||
        !body.messages.every((m) => m && roles.has(m.role) && typeof m.content === "string")
      ) {
        return reply(400, openAiError("Invalid value for 'messages'.", "invalid_request_error", "invalid_value"));
      }
      if (body.stream !== undefined && typeof body.stream !== "boolean") {
        return reply(400, openAiError("Invalid type for 'stream': expected a boolean.", "invalid_request_error", "invalid_type"));
      }
      received.push(body);

      const lastUser = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
      const match = /^\[fake:([a-z-]+)\]\s*/.exec(lastUser);
      const behaviour = (match?.[1] ?? "echo") as FakeBehaviour;
      const question = match ? lastUser.slice(match[0].length) : lastUser;
      const answer = researchAnswer(behaviour, body) ?? `You asked: ${question}`;
      const id = `chatcmpl-${nextId++}`;
      res.on("close", () => {
        if (!res.writableFinished && behaviour !== "drop") hangUps.push(lastUser);
      });

      const page = pageSectionsAnswer(body);
      if (page?.status === 500) {
        return reply(500, openAiError("The server had an error while processing your request. Sorry about that!", "server_error", null));
      }
      if (page) {
        return reply(200, {
          id,
          object: "chat.completion",
          created: CREATED,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: page.content }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
      }
      if (behaviour === "rate-limit") {
        return reply(
          429,
          openAiError(
            `Rate limit reached for ${body.model} in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
            "requests",
            "rate_limit_exceeded",
          ),
          { "retry-after": "20" },
        );
      }
      if (behaviour === "server-error") {
        return reply(
          500,
          openAiError("The server had an error while processing your request. Sorry about that!", "server_error", null),
        );
      }
      if (behaviour === "no-schema" && body.response_format) {
        return reply(
          400,
          openAiError("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", "invalid_request_error", null),
        );
      }
      if (behaviour === "hang") return; // keeps the request open until the client gives up
      if (behaviour === "html") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end("<!doctype html><html><body><h1>Welcome</h1></body></html>");
      }
      if (behaviour === "json" || body.stream !== true) {
        return reply(200, {
          id,
          object: "chat.completion",
          created: CREATED,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: answer }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
      }

      const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created: CREATED,
          model: body.model,
          system_fingerprint: "fp_fake",
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        })}\n\n`;
      const roleChunk = chunk({ role: "assistant", content: "", refusal: null });
      const contentChunks = (behaviour === "slow" ? Array.from({ length: 20 }, (_, i) => `word${i} `) : pieces(answer, 3)).map(
        (text) => chunk({ content: text }),
      );
      const stopChunk = chunk({}, "stop");
      const done = "data: [DONE]\n\n";

      let script: (string | Uint8Array | { wait: number } | "hang" | "destroy")[];
      switch (behaviour) {
        case "keepalive":
          script = [": OPENROUTER PROCESSING\n\n", ": OPENROUTER PROCESSING\n\n", roleChunk, ...contentChunks, stopChunk, done];
          break;
        case "no-done":
          script = [roleChunk, ...contentChunks, stopChunk];
          break;
        case "slow":
          script = [roleChunk, ...contentChunks.flatMap((c) => [c, { wait: 25 }]), stopChunk, done];
          break;
        case "stall":
          script = [roleChunk, contentChunks[0], "hang"];
          break;
        case "malformed":
          script = [roleChunk, `data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel\n\n`, done];
          break;
        case "error-chunk":
          script = [roleChunk, contentChunks[0], `data: ${JSON.stringify({ error: { message: "The model is overloaded. Please try again later.", type: "server_error", code: 502 } })}\n\n`];
          break;
        case "truncated":
          script = [roleChunk, contentChunks[0]];
          break;
        case "drop":
          script = [roleChunk, contentChunks[0], { wait: 10 }, "destroy"];
          break;
        case "split": {
          // 5-byte writes with a pause between them, so the client really reads them separately.
          const bytes = Buffer.from([roleChunk, ...contentChunks, stopChunk, done].join(""), "utf8");
          script = [];
          for (let i = 0; i < bytes.length; i += 5) script.push(bytes.subarray(i, i + 5), { wait: 2 });
          break;
        }
        default:
          script = [roleChunk, ...contentChunks, stopChunk, done];
      }

      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
      const run = async () => {
        for (const step of script) {
          if (res.destroyed) return;
          if (step === "hang") return;
          if (step === "destroy") return void res.socket?.destroy();
          if (typeof step === "string" || step instanceof Uint8Array) res.write(step);
          else await new Promise((r) => setTimeout(r, step.wait));
        }
        res.end();
      };
      void run();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    headers,
    hangUps,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * vitest globalSetup: one fake OpenAI for the workerd integration tests, which is also the
 * Worker's configured AI provider there. Tests read its address
 * with `inject("openaiUrl")` and its key with `inject("openaiKey")`; GET `<origin>/__received`
 * (or `<openaiUrl>/__received`) returns the request bodies it accepted.
 */
export default async function setup(project: TestProject) {
  // vitest.workers.config.ts points the Worker's AI_BASE_URL at this port, so the chat API runs
  // through the real adapter against this server.
  const port = Number(process.env.FAKE_OPENAI_PORT) || 0;
  const fake = await startFakeOpenAi({ apiKey: FAKE_OPENAI_KEY, port });
  project.provide("openaiUrl", fake.url);
  project.provide("openaiKey", FAKE_OPENAI_KEY);
  return () => fake.close();
}

import http from "node:http";
import zlib from "node:zlib";
import type OpenAI from "openai";
import type { TestProject } from "vitest/node";
import { adCopyAnswer, pieces, pageSectionsAnswer, researchAnswer, type ChatRequestBody, type FakeBehaviour } from "./fake-model-answers";

export type { ChatRequestBody, FakeBehaviour };

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake, ending in /v1 like https://api.openai.com/v1. */
    openaiUrl: string;
    /** The bearer key the fake accepts. */
    openaiKey: string;
  }
}

export const FAKE_OPENAI_KEY = "sk-test-dropcraft-fake-openai";

export interface FakeOpenAi {
  /** Base URL including /v1. */
  url: string;
  /** Bodies of the chat requests it accepted (also served at GET /__received). */
  received: ChatRequestBody[];
  /** Headers of every chat request, accepted or not. */
  headers: http.IncomingHttpHeaders[];
  /** The last user message of each request the client hung up on before the answer was complete. */
  hangUps: string[];
  /** Every Images API request, accepted or not (also served at GET /__images/received and /__images/last). */
  images: ImageRequestRecord[];
  close(): Promise<void>;
}

const CREATED = 1_700_000_000;
/** What the `refusal` behaviour's model says instead of answering. */
export const REFUSAL = "I'm sorry, I can't help with that request.";

/** One non-streamed chat.completion, typed as the `openai` package's ChatCompletion so the fake cannot drift. */
function completion(id: string, model: string, message: OpenAI.Chat.ChatCompletionMessage): OpenAI.Chat.ChatCompletion {
  return {
    id,
    object: "chat.completion",
    created: CREATED,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}


/** OpenAI's 401 body when `authorization` does not carry `apiKey` (null when it does, or when no key is required). */
function authFailure(apiKey: string, authorization: string | undefined) {
  if (!apiKey) return null;
  if (!authorization) {
    return openAiError(
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      "invalid_request_error",
      null,
    );
  }
  if (authorization !== `Bearer ${apiKey}`) {
    // OpenAI masks the middle of the key here; this fake echoes it whole, the worst case,
    // so tests can prove the adapter never passes the key on.
    const given = authorization.replace(/^Bearer\s+/i, "");
    return openAiError(
      `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      "invalid_request_error",
      "invalid_api_key",
    );
  }
  return null;
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

  const images = createImagesApi(apiKey);
  let port = 0;

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...extra });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? "/").replace(/^\/v1(?=\/)/, "");
      if (req.method === "GET" && path === "/__received") return reply(200, received);
      if (images.handles(req.method ?? "GET", path)) return void images.handle(req, res, path, Buffer.concat(parts), port);
      const raw = Buffer.concat(parts).toString("utf8");
      if (req.method !== "POST" || path !== "/chat/completions") {
        return reply(404, openAiError(`Invalid URL (${req.method} ${req.url})`, "invalid_request_error", null));
      }
      headers.push(req.headers);
      const denied = authFailure(apiKey, req.headers.authorization);
      if (denied) return reply(401, denied);
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
      const answer = researchAnswer(behaviour, body) ?? `You asked: ${question}${behaviour === "varied" ? ` (take ${nextId})` : ""}`;
      const id = `chatcmpl-${nextId++}`;
      res.on("close", () => {
        if (!res.writableFinished && behaviour !== "drop") hangUps.push(lastUser);
      });

      const page = pageSectionsAnswer(body);
      if (page?.status === 500) {
        return reply(500, openAiError("The server had an error while processing your request. Sorry about that!", "server_error", null));
      }
      if (page) {
        return reply(200, completion(id, body.model, { role: "assistant", content: page.content, refusal: null }));
      }
      const adCopy = adCopyAnswer(body);
      if (adCopy) return reply(200, completion(id, body.model, { role: "assistant", content: adCopy, refusal: null }));
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
      if (behaviour === "bad-schema" && body.response_format) {
        return reply(
          400,
          {
            error: {
              message: `Invalid schema for response_format '${String((body.response_format as { json_schema?: { name?: string } }).json_schema?.name)}': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'refusal'.`,
              type: "invalid_request_error",
              param: "response_format",
              code: null,
            },
          },
        );
      }
      if (behaviour === "hang") return; // keeps the request open until the client gives up
      if (behaviour === "html") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end("<!doctype html><html><body><h1>Welcome</h1></body></html>");
      }
      if ((behaviour === "refusal" && body.stream !== true) || behaviour === "refusal-json") {
        return reply(200, completion(id, body.model, { role: "assistant", content: null, refusal: REFUSAL }));
      }
      if (behaviour === "json" || body.stream !== true) {
        return reply(200, completion(id, body.model, { role: "assistant", content: answer, refusal: null }));
      }

      const chunk = (delta: OpenAI.Chat.ChatCompletionChunk.Choice.Delta, finishReason: OpenAI.Chat.ChatCompletionChunk.Choice["finish_reason"] = null) => {
        // Typed as the `openai` package's chunk, so the fake cannot drift from OpenAI's protocol.
        const event: OpenAI.Chat.ChatCompletionChunk = {
          id,
          object: "chat.completion.chunk",
          created: CREATED,
          model: body.model,
          system_fingerprint: "fp_fake",
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        };
        return `data: ${JSON.stringify(event)}\n\n`;
      };
      const roleChunk = chunk({ role: "assistant", content: "", refusal: null });
      const contentChunks = (behaviour === "slow" ? Array.from({ length: 20 }, (_, i) => `word${i} `) : pieces(answer, 3)).map(
        (text) => chunk({ content: text }),
      );
      const stopChunk = chunk({}, "stop");
      const done = "data: [DONE]\n\n";

      let script: (string | Uint8Array | { wait: number } | "hang" | "destroy")[];
      switch (behaviour) {
        case "refusal":
          script = [roleChunk, ...pieces(REFUSAL, 3).map((text) => chunk({ refusal: text })), stopChunk, done];
          break;
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
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    headers,
    hangUps,
    images: images.received,
    close: () =>
      new Promise<void>((resolve) => {
        images.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The Images API: POST /v1/images/generations (JSON) and POST /v1/images/edits (multipart)
// ---------------------------------------------------------------------------------------------

/**
 * What the Images API fake does, chosen by a marker anywhere in the prompt (several may be
 * combined, e.g. "[slow][url]"). Without a marker it answers `n` real PNGs as `b64_json`, each a
 * solid colour at the requested size ("auto" or no size: 1024x1024).
 */
export const FAKE_IMAGE_MARKERS = {
  refuse: "[refuse]", // 400 content_policy_violation with OpenAI's safety-system message
  busy: "[busy]", // 429 rate_limit_exceeded with `retry-after: 7`
  quota: "[quota]", // 429 insufficient_quota (the account is out of credit), no retry-after
  slow: "[slow]", // answers normally after 2 s (a client timeout below that fires first)
  url: "[url]", // data[].url = http://127.0.0.1:<port>/files/<name>.png, which the fake serves (image/png)
  urlHtml: "[url-html]", // data[].url pointing at a file the fake serves as text/html
  jpeg: "[jpeg]", // b64 JPEG bytes: JFIF and frame headers of a 1x1 picture, no scan (enough to sniff, not to decode)
  garbage: "[garbage]", // b64 of bytes that are no picture at all
  empty: "[empty]", // 200 with data: []
  serverError: "[server-error]", // 500 with OpenAI's server_error body
  noFormat: "[no-format]", // 400 "Unknown parameter: 'response_format'." while response_format is sent (gpt-image-1 does this)
  revised: "[revised]", // each item carries revised_prompt "Revised: <prompt>"
} as const;

/** One Images API request as the fake saw it (GET /__images/received lists them, GET /__images/last?prompt=<text> finds one). */
export interface ImageRequestRecord {
  path: "/images/generations" | "/images/edits";
  status: number;
  authorization: string | null;
  contentType: string | null;
  /** generations: the JSON body as sent. edits: the text fields, and `image` described (never its bytes). */
  body: Record<string, unknown>;
}

/** The sizes OpenAI's image models accept. */
const IMAGE_SIZES = new Set(["256x256", "512x512", "1024x1024", "1024x1536", "1536x1024", "1024x1792", "1792x1024", "auto"]);
const SLOW_IMAGE_MS = 2000;

/**
 * OpenAI's image models' own rules, as its API reference gives them (the openai-openapi spec and
 * the `openai` package's ImageGenerateParams / ImageEditParams docs): GPT image models refuse
 * response_format (they always answer base64); dall-e-3 makes one picture per call in its own
 * sizes and does not edit; dall-e-2 edits a square PNG under 4 MB.
 */
function imageModelRules(model: string): { sizes: string[]; maxN: number; responseFormat: boolean; edits: false | "yes" | "square-png" } | null {
  if (/^(gpt-image|chatgpt-image)/.test(model)) return { sizes: ["1024x1024", "1536x1024", "1024x1536", "auto"], maxN: 10, responseFormat: false, edits: "yes" };
  if (/^dall-e-3/.test(model)) return { sizes: ["1024x1024", "1792x1024", "1024x1792"], maxN: 1, responseFormat: true, edits: false };
  if (/^dall-e-2/.test(model)) return { sizes: ["256x256", "512x512", "1024x1024"], maxN: 10, responseFormat: true, edits: "square-png" };
  return null;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real PNG (8-bit RGB, no interlace) of one solid colour. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  // The first row filtered None, every next row "Up" (all zeros): fast to compress at any size.
  const rowBytes = 1 + width * 3;
  const raw = Buffer.alloc(rowBytes * height);
  for (let x = 0; x < width; x++) raw.set([r, g, b], 1 + x * 3);
  for (let y = 1; y < height; y++) raw[y * rowBytes] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * SOI, a JFIF APP0 segment, a baseline frame header (SOF0: 1x1, three components) and EOI: read as
 * a 1x1 JPEG by the size sniffing (app/server/images/sniff.ts), but holds no scan data to decode.
 */
const JPEG_HEADER_ONLY = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  0xff, 0xd9,
]);

/** A colour per prompt and picture, so the n pictures of one answer differ. */
function colourFor(prompt: string, index: number): [number, number, number] {
  let h = 2166136261;
  for (const ch of `${prompt}#${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return [h & 255, (h >>> 8) & 255, (h >>> 16) & 255];
}

function createImagesApi(apiKey: string) {
  const received: ImageRequestRecord[] = [];
  const files = new Map<string, { type: string; bytes: Buffer }>();
  const timers = new Set<NodeJS.Timeout>();
  let nextFile = 1;

  const send = (res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...extra });
    res.end(JSON.stringify(body));
  };

  /** The request's fields: the JSON body, or the multipart form read with undici's parser. */
  async function readFields(req: http.IncomingMessage, raw: Buffer, multipart: boolean) {
    const fields: Record<string, unknown> = {};
    let image: { name: string; type: string; size: number; head: string } | null = null;
    if (!multipart) {
      const body = JSON.parse(raw.toString("utf8")) as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body)) throw new Error("not an object");
      return { fields: body as Record<string, unknown>, image };
    }
    const form = await new Request("http://fake.invalid/", { method: "POST", headers: { "content-type": String(req.headers["content-type"]) }, body: new Uint8Array(raw) }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "image" || name === "image[]") {
        const bytes = Buffer.from(await value.arrayBuffer());
        image = { name: value.name, type: value.type, size: bytes.length, head: bytes.subarray(0, 8).toString("hex") };
        fields.image = image;
      }
    }
    return { fields, image };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, raw: Buffer, port: number) {
    const url = new URL(rawPath, "http://fake.invalid");
    const path = url.pathname;
    if (req.method === "GET" && path === "/__images/received") return send(res, 200, received);
    if (req.method === "GET" && path === "/__images/last") {
      const part = url.searchParams.get("prompt");
      const hit = [...received].reverse().find((r) => part === null || String(r.body.prompt ?? "").includes(part));
      return hit ? send(res, 200, hit) : send(res, 404, { error: `no images request${part ? ` whose prompt holds ${part}` : ""}` });
    }
    if (req.method === "GET" && path.startsWith("/files/")) {
      const file = files.get(path.slice("/files/".length));
      if (!file) return send(res, 404, { error: "no such file" });
      res.writeHead(200, { "content-type": file.type, "content-length": String(file.bytes.length) });
      return res.end(file.bytes);
    }

    const edits = path === "/images/edits";
    const contentType = req.headers["content-type"] ?? null;
    const record: ImageRequestRecord = { path: edits ? "/images/edits" : "/images/generations", status: 0, authorization: req.headers.authorization ?? null, contentType, body: {} };
    received.push(record);
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, extra);
    };
    const invalid = (message: string, param: string | null = null, code: string | null = null) =>
      reply(400, { error: { message, type: "invalid_request_error", param, code } });

    // The body is read first so that even a refused request is recorded with its prompt.
    const multipart = String(contentType).startsWith("multipart/form-data");
    const parsed = await readFields(req, raw, multipart).catch(() => null);
    if (parsed) record.body = parsed.fields;
    const denied = authFailure(apiKey, req.headers.authorization);
    if (denied) return reply(401, denied);
    if (edits ? !multipart : !String(contentType).startsWith("application/json")) {
      return invalid(edits ? "Invalid Content-Type header, expected multipart/form-data." : "Unsupported content type. Use application/json.");
    }
    if (!parsed) return invalid("We could not parse the body of your request.");
    const { fields, image } = parsed;

    const { model, prompt } = fields;
    const n = fields.n === undefined ? 1 : Number(fields.n);
    const size = fields.size === undefined ? "auto" : String(fields.size);
    if (typeof model !== "string" || !model) return invalid("you must provide a model parameter", "model");
    if (typeof prompt !== "string" || !prompt) return invalid("Missing required parameter: 'prompt'.", "prompt", "missing_required_parameter");
    if (!Number.isInteger(n) || n < 1 || n > 10) return invalid(`Invalid 'n': expected an integer from 1 to 10, got ${String(fields.n)}.`, "n", "invalid_value");
    if (!IMAGE_SIZES.has(size)) return invalid(`Invalid value: '${size}'. Supported values are: ${[...IMAGE_SIZES].join(", ")}.`, "size", "invalid_value");
    if (edits && !image) return invalid("Missing required parameter: 'image'.", "image", "missing_required_parameter");
    // OpenAI's own models keep their own rules (IMAGE_MODEL_RULES); any other name is a server that takes anything above.
    const rules = imageModelRules(model);
    if (rules) {
      if (fields.response_format !== undefined && !rules.responseFormat) {
        return invalid("Unknown parameter: 'response_format'.", "response_format", "unknown_parameter");
      }
      if (edits && !rules.edits) {
        return invalid(`Invalid value: '${model}'. Value must be 'dall-e-2' or a GPT image model.`, "model", "invalid_value");
      }
      if (!rules.sizes.includes(size)) {
        return invalid(`Invalid value: '${size}'. Supported values for ${model} are: ${rules.sizes.map((s) => `'${s}'`).join(", ")}.`, "size", "invalid_value");
      }
      if (n > rules.maxN) {
        return invalid(`Invalid 'n': integer above maximum value. Expected a value <= ${rules.maxN}, but got ${n} instead.`, "n", "integer_above_max_value");
      }
      if (edits && rules.edits === "square-png" && image && (image.head !== "89504e470d0a1a0a" || image.size >= 4 * 1024 * 1024)) {
        return invalid("Uploaded image must be a PNG and less than 4 MB.", "image", "invalid_value");
      }
    }
    const has = (marker: string) => prompt.includes(marker);
    const M = FAKE_IMAGE_MARKERS;
    if (fields.response_format !== undefined) {
      if (has(M.noFormat)) return invalid("Unknown parameter: 'response_format'.", "response_format", "unknown_parameter");
      if (fields.response_format !== "b64_json" && fields.response_format !== "url") {
        return invalid(`Invalid value: '${String(fields.response_format)}'. Supported values are: 'url' and 'b64_json'.`, "response_format", "invalid_value");
      }
    }
    if (has(M.refuse)) {
      return invalid("Your request was rejected as a result of our safety system.", null, "content_policy_violation");
    }
    if (has(M.busy)) {
      return reply(
        429,
        { error: { message: `Rate limit reached for ${model} in organization org-test on images per min (IPM): Limit 5, Used 5, Requested ${n}. Please try again in 7s.`, type: "requests", param: null, code: "rate_limit_exceeded" } },
        { "retry-after": "7" },
      );
    }
    if (has(M.quota)) {
      return reply(429, { error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", param: null, code: "insufficient_quota" } });
    }
    if (has(M.serverError)) {
      return reply(500, { error: { message: "The server had an error while processing your request. Sorry about that!", type: "server_error", param: null, code: null } });
    }

    const answer = () => {
      if (res.destroyed) return;
      const [w, h] = size === "auto" ? [1024, 1024] : size.split("x").map(Number);
      const data: OpenAI.Images.Image[] = has(M.empty)
        ? []
        : Array.from({ length: n }, (_, i) => {
            const bytes = has(M.garbage) ? Buffer.from("this is not a picture, just text") : has(M.jpeg) ? JPEG_HEADER_ONLY : solidPng(w, h, colourFor(prompt, i));
            const item: OpenAI.Images.Image = {};
            if (has(M.url) || has(M.urlHtml)) {
              const html = has(M.urlHtml);
              const name = `img-${nextFile++}.${html ? "html" : "png"}`;
              files.set(name, html ? { type: "text/html; charset=utf-8", bytes: Buffer.from("<!doctype html><p>Not a picture</p>") } : { type: "image/png", bytes });
              item.url = `http://127.0.0.1:${port}/files/${name}`;
            } else {
              item.b64_json = bytes.toString("base64");
            }
            if (has(M.revised)) item.revised_prompt = `Revised: ${prompt}`;
            return item;
          });
      // Typed as the `openai` package's ImagesResponse, so the fake cannot drift from OpenAI's protocol.
      const images: OpenAI.Images.ImagesResponse = {
        created: CREATED,
        data,
        usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50, input_tokens_details: { image_tokens: 0, text_tokens: 50 } },
      };
      reply(200, images);
    };
    if (!has(M.slow)) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, SLOW_IMAGE_MS);
    timer.unref(); // never holds the test run open
    timers.add(timer);
    res.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  }

  return {
    received,
    handles: (method: string, rawPath: string) => {
      const path = rawPath.split("?")[0];
      return (
        (method === "POST" && (path === "/images/generations" || path === "/images/edits")) ||
        (method === "GET" && (path === "/__images/received" || path === "/__images/last" || path.startsWith("/files/")))
      );
    },
    handle: (req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: Buffer, port: number) =>
      handle(req, res, path, raw, port).catch(() => {
        if (!res.headersSent) send(res, 500, { error: { message: "The fake failed.", type: "server_error", param: null, code: null } });
      }),
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
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

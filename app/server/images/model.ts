/**
 * The real image-model adapter: OpenAI's Images API as OpenAI, Azure-style gateways, OpenRouter,
 * LocalAI and similar servers speak it.
 *
 * - `generate`: `POST {baseUrl}/images/generations`, JSON `{ model, prompt, n, size }`, plus
 *   `response_format: "b64_json"` for the models that take it (DALL·E; never the GPT image models,
 *   which always answer base64 and refuse the parameter). A server of another model that refuses
 *   it as unsupported is asked once more without it, and the isolate remembers that for its base
 *   URL and model (`~/server/ai/endpoint-memo`).
 * - `edit`: `POST {baseUrl}/images/edits`, multipart `image` (the file), `prompt`, `n`, `size`,
 *   `model`.
 * - Each OpenAI model's own rules (`rulesFor`): its sizes (the nearest in shape is asked for),
 *   its most pictures per call (dall-e-3 makes one: several are several calls), and whether and
 *   how it edits (dall-e-2: a square PNG under 4 MB; dall-e-3 cannot).
 *
 * Either answer may carry `data[].b64_json` (decoded here) or `data[].url`: a URL the outside world
 * chose, so it is fetched through the URL guard (ADR 012) with a 20 MB cap and an image/* type.
 * Every picture is checked by its bytes (`sniffImage`: a PNG, JPEG or WebP with a readable size),
 * whatever the server called it.
 *
 * One clock (`timeoutMs`, 2 minutes by default) covers the whole call: the request, the answer and
 * any downloads. Every failure is an AppError whose message says what happened in words a
 * merchant can act on: a content-policy refusal is VALIDATION (reword the prompt), a provider 429
 * is RATE_LIMITED with its Retry-After (never USAGE_LIMIT: that is the merchant's own plan), a
 * rejected key, a timeout, a 5xx or a malformed answer is UNAVAILABLE. The API key never appears
 * in a message.
 */
import { AppError } from "~/domain/errors";
import { isUnsupported, markUnsupported, refusesParameter } from "~/server/ai/endpoint-memo";
import { createGuardedFetcher, guardRefusalOf, type GuardRefusal } from "~/server/web/url-guard";
import { sniffImage } from "./sniff";

export const DEFAULT_IMAGE_TIMEOUT_MS = 120_000;
/** The largest picture accepted, decoded or downloaded (and the largest picture sent to edit). */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** OpenAI's ceiling for `n`. */
export const MAX_PICTURES_PER_CALL = 10;

/** A size an OpenAI image model takes (OpenAI.Images.ImageGenerateParams["size"], less "auto"). */
export type ModelSize = "1024x1024" | "1024x1536" | "1536x1024" | "1792x1024" | "1024x1792" | "256x256" | "512x512";

export interface GeneratedPicture {
  bytes: Uint8Array;
  mimeType: "image/png" | "image/jpeg" | "image/webp";
  /** The prompt as the model rewrote it (DALL·E 3 does), or null. */
  revisedPrompt: string | null;
}

export interface ImageModelOptions {
  /** The API root, e.g. https://api.openai.com/v1. Operator configuration: not guarded. */
  baseUrl: string;
  /** Sent as a bearer token when set. */
  apiKey?: string;
  model: string;
  /** One limit for the whole call (request, answer and downloads); default 120 000 ms. */
  timeoutMs?: number;
  /** Lets picture URLs on 127.0.0.1 through the guard (test suites only; see `checkUrl`). */
  allowLoopbackForTests?: boolean;
  /** The fetch to use for the API and the downloads (tests inject one); the global fetch by default. */
  fetch?: typeof fetch;
}

export interface ImageModel {
  /** The model name. */
  id: string;
  generate(req: { prompt: string; width: number; height: number; count: number; style?: string; signal?: AbortSignal }): Promise<GeneratedPicture[]>;
  /** Variations/edits of an existing image (POST /images/edits, multipart). */
  edit(req: {
    image: Uint8Array;
    mimeType: string;
    prompt: string;
    width: number;
    height: number;
    count: number;
    signal?: AbortSignal;
  }): Promise<GeneratedPicture[]>;
}

// ---------------------------------------------------------------------------------------------
// Pure parts
// ---------------------------------------------------------------------------------------------

/**
 * What an image model takes. Written from OpenAI's API reference for the Images API (the
 * openai-openapi spec and the `openai` package's ImageGenerateParams / ImageEditParams docs):
 * - GPT image models (gpt-image-*, chatgpt-image-*): 1024x1024, 1536x1024, 1024x1536; n 1-10;
 *   no response_format (always base64); edits in the same sizes.
 * - dall-e-3: 1024x1024, 1792x1024, 1024x1792; n must be 1; no edits.
 * - dall-e-2: 256x256, 512x512, 1024x1024; n 1-10; edits of a square PNG under 4 MB.
 * Any other model (LocalAI, a gateway's own names) is asked like a GPT image model, with
 * response_format until its server says it does not take it.
 */
export interface ModelRules {
  family: "gpt-image" | "dall-e-3" | "dall-e-2" | "other";
  sizes: readonly ModelSize[];
  /** The most pictures one call may ask for. */
  maxPerCall: number;
  /** Send response_format "b64_json": always, never, or until the server refuses it. */
  responseFormat: "always" | "never" | "until-refused";
  /** How it edits: with the generate rules, a square PNG under 4 MB, or not at all. */
  edits: "yes" | "square-png" | "no";
}

const GPT_IMAGE_SIZES = ["1024x1024", "1024x1536", "1536x1024"] as const satisfies readonly ModelSize[];
const RULES: Record<ModelRules["family"], ModelRules> = {
  "gpt-image": { family: "gpt-image", sizes: GPT_IMAGE_SIZES, maxPerCall: MAX_PICTURES_PER_CALL, responseFormat: "never", edits: "yes" },
  "dall-e-3": { family: "dall-e-3", sizes: ["1024x1024", "1792x1024", "1024x1792"], maxPerCall: 1, responseFormat: "always", edits: "no" },
  "dall-e-2": { family: "dall-e-2", sizes: ["256x256", "512x512", "1024x1024"], maxPerCall: MAX_PICTURES_PER_CALL, responseFormat: "always", edits: "square-png" },
  other: { family: "other", sizes: GPT_IMAGE_SIZES, maxPerCall: MAX_PICTURES_PER_CALL, responseFormat: "until-refused", edits: "yes" },
};

/** dall-e-2's limit for the picture it edits. */
export const DALL_E_2_EDIT_MAX_BYTES = 4 * 1024 * 1024;

/** The rules of `model`, by its name (a dated snapshot, e.g. gpt-image-1-2025-04-15, is its model's). */
export function rulesFor(model: string): ModelRules {
  const name = model.trim().toLowerCase().replace(/^openai\//, "");
  if (/^(gpt-image|chatgpt-image)/.test(name)) return RULES["gpt-image"];
  if (/^dall-e-3\b/.test(name)) return RULES["dall-e-3"];
  if (/^dall-e-2\b/.test(name)) return RULES["dall-e-2"];
  return RULES.other;
}

/**
 * The size of `sizes` (a GPT image model's by default) nearest in aspect to `width` x `height`
 * (compared on a log scale, so 2:3 and 3:2 are equally far from square); among sizes of the same
 * shape (dall-e-2's squares), the smallest that covers the longer side, else the largest. The
 * caller crops or pads the picture to its canvas.
 */
export function modelSizeFor(width: number, height: number, sizes: readonly ModelSize[] = GPT_IMAGE_SIZES): ModelSize {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) {
    throw new AppError("VALIDATION", `A picture needs a positive width and height (got ${width} x ${height}).`);
  }
  const aspect = Math.log(width / height);
  const longer = Math.max(width, height);
  const dims = (size: ModelSize) => size.split("x").map(Number) as [number, number];
  const distance = (size: ModelSize) => {
    const [w, h] = dims(size);
    return Math.abs(aspect - Math.log(w / h));
  };
  const nearest = Math.min(...sizes.map(distance));
  const shaped = sizes.filter((size) => distance(size) - nearest < 1e-9).sort((a, b) => Math.max(...dims(a)) - Math.max(...dims(b)));
  return shaped.find((size) => Math.max(...dims(size)) >= longer) ?? shaped[shaped.length - 1];
}

const EXTENSION: Record<GeneratedPicture["mimeType"], string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** Standard or URL-safe base64, whitespace and padding tolerated; null when it is not base64. */
function decodeBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!clean || !/^[A-Za-z0-9+/]+$/.test(clean) || clean.length % 4 === 1) return null;
  try {
    const binary = atob(clean.padEnd(clean.length + ((4 - (clean.length % 4)) % 4), "="));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** `{error:{message}}` (OpenAI and most servers), `{error:"..."}` or `{message}`. */
function providerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "string" && error) return error;
  if (error && typeof error === "object") {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === "string" && inner) return inner;
  }
  return typeof message === "string" && message ? message : undefined;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host; // never the userinfo part
  } catch {
    return "the configured base URL";
  }
}

function seconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return `${s} ${s === 1 ? "second" : "seconds"}`;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

const MAX_PROVIDER_MESSAGE = 300;
/** A content-policy refusal's `error.code` (DALL·E: content_policy_violation; gpt-image-1: moderation_blocked). */
const POLICY_CODES = new Set(["content_policy_violation", "moderation_blocked"]);
const POLICY_WORDS = /safety|content polic|usage polic|moderation|policy violation/i;

// ---------------------------------------------------------------------------------------------
// The clock for one call
// ---------------------------------------------------------------------------------------------

/**
 * One call's clock and cancellation: `signal` aborts a pending request when the time runs out or
 * the caller gives up; while an answer's body streams, `stopped` rejects instead (workerd reports
 * an abort that lands on a pending read as an unhandled rejection; a released lock it does not).
 */
interface Call {
  signal: AbortSignal;
  stopped: Promise<never>;
  remainingMs(): number;
  /** Runs `read` with the clock stopping reads instead of aborting the request. */
  inBody<T>(read: () => Promise<T>): Promise<T>;
  /** The caller's abort, the timeout error, an AppError as it is, or UNAVAILABLE with `message`. */
  failure(error: unknown, message: string): unknown;
  end(): void;
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

export function createImageModel(options: ImageModelOptions): ImageModel {
  const { model } = options;
  const apiKey = options.apiKey ?? "";
  const root = options.baseUrl.replace(/\/+$/, "");
  const host = safeHost(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const download = createGuardedFetcher({ allowLoopbackForTests: options.allowLoopbackForTests, fetchImpl: options.fetch });
  const rules = rulesFor(model);
  // Learnt per isolate (adapters are built per request): once this server and model refuse response_format, it is not sent again.
  const sendResponseFormat = () =>
    rules.responseFormat === "always" || (rules.responseFormat === "until-refused" && !isUnsupported(root, model, "response_format"));

  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[redacted]") : text);
  const unavailable = (message: string, details?: Record<string, unknown>, cause?: unknown) =>
    new AppError("UNAVAILABLE", message, { details: { provider: "openai-images", model, ...details }, cause });
  const timeoutError = () =>
    unavailable(`The image model did not answer within ${seconds(timeoutMs)}. Try again, or ask for fewer pictures at once.`, { timeoutMs });

  function startCall(callerSignal: AbortSignal | undefined): Call {
    const controller = new AbortController();
    const deadline = Date.now() + timeoutMs;
    let timedOut = false;
    let reading = false;
    let rejectStopped: (reason: Error) => void = () => {};
    const stopped = new Promise<never>((_, reject) => {
      rejectStopped = reject;
    });
    stopped.catch(() => {});
    const stop = (reason: unknown) => {
      rejectStopped(new Error("stopped"));
      if (!reading) controller.abort(reason);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop(new DOMException("The image model timed out", "TimeoutError"));
    }, timeoutMs);
    const onCallerAbort = () => stop(abortReason(callerSignal!));
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    return {
      signal: controller.signal,
      stopped,
      remainingMs: () => Math.max(1, deadline - Date.now()),
      async inBody(read) {
        reading = true;
        try {
          return await read();
        } finally {
          reading = false;
        }
      },
      failure(error, message) {
        if (callerSignal?.aborted) return abortReason(callerSignal);
        if (timedOut) return timeoutError();
        if (error instanceof AppError) return error;
        return unavailable(message, undefined, error);
      },
      end() {
        clearTimeout(timer);
        callerSignal?.removeEventListener("abort", onCallerAbort);
        // Drops any connection still open; a no-op after complete answers.
        controller.abort();
      },
    };
  }

  /** The answer's body as text, at most `maxBytes`, read under the call's clock. */
  async function readText(res: Response, call: Call, maxBytes: number): Promise<string> {
    const body = res.body;
    if (!body) return "";
    return await call.inBody(async () => {
      const reader = body.getReader();
      reader.closed.catch(() => {});
      const chunks: Uint8Array[] = [];
      let total = 0;
      try {
        for (;;) {
          const read = reader.read();
          read.catch(() => {});
          const { done, value } = await Promise.race([read, call.stopped]);
          if (done) break;
          total += value.byteLength;
          if (total > maxBytes) {
            await reader.cancel().catch(() => {});
            throw unavailable(`The image model's answer is over the ${Math.round(maxBytes / (1024 * 1024))} MB limit`);
          }
          chunks.push(value);
        }
      } catch (error) {
        if (!(error instanceof AppError)) {
          try {
            reader.releaseLock();
          } catch {
            // already released
          }
          body.cancel().catch(() => {});
        }
        throw call.failure(error, "The image model closed the connection before its answer was complete");
      }
      const all = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.byteLength;
      }
      return new TextDecoder().decode(all);
    });
  }

  /** The AppError for a non-2xx answer (see the file comment). */
  function statusError(status: number, text: string, retryAfter: string | null): AppError {
    let said: string | undefined;
    let code: string | undefined;
    try {
      const body = JSON.parse(text) as unknown;
      const message = providerMessage(body);
      said = message ? redact(message).slice(0, MAX_PROVIDER_MESSAGE) : undefined;
      const rawCode = (body as { error?: { code?: unknown } } | null)?.error?.code;
      if (typeof rawCode === "string" || typeof rawCode === "number") code = String(rawCode);
    } catch {
      // Not JSON: a short plain-text body is still worth showing, an HTML error page is not.
      const plain = text.trim();
      if (plain && !plain.startsWith("<")) said = redact(plain).slice(0, MAX_PROVIDER_MESSAGE);
    }
    const details = { status, ...(code ? { code } : {}) };

    if ((status === 400 || status === 422) && ((code && POLICY_CODES.has(code)) || (said && POLICY_WORDS.test(said)))) {
      const reason = said ? said.replace(/[.\s]+$/, "") : "no reason given";
      return new AppError("VALIDATION", `The image model refused this prompt (content policy): ${reason}. Reword the prompt and try again.`, {
        details: { provider: "openai-images", model, reason: "content_policy", ...details },
      });
    }
    if (status === 429) {
      if (code === "insufficient_quota" || code === "billing_hard_limit_reached" || (said && /exceeded your current quota|billing/i.test(said))) {
        // Not busy: the operator's provider account is out of credit. Nothing the merchant can wait out.
        return unavailable("The image model's provider account has run out of credit (429). The operator needs to check its billing; please try again later.", details);
      }
      const wait = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
      const when = wait === null ? "in a minute" : wait <= 1 ? "in a second" : `in ${wait} seconds`;
      return new AppError("RATE_LIMITED", `The image model is busy (rate limited). Try again ${when}.`, {
        details: { provider: "openai-images", model, ...details, ...(retryAfter ? { retryAfter } : {}) },
        ...(retryAfter ? { headers: { "retry-after": retryAfter.trim() } } : {}),
      });
    }
    if (status === 401 || status === 403) {
      // The provider's own words are left out: some echo part of the key.
      return unavailable(
        `The image model at ${host} rejected the server's API key (${status}). This is a server setting, not your request: the operator needs to check the image model's API key.`,
        details,
      );
    }
    if (status === 404) {
      return unavailable(`The image model answered 404 (check the base URL and the model name "${model}")${said ? `: ${said}` : ""}`, details);
    }
    return unavailable(`The image model returned an error (${status})${said ? `: ${said}` : ""}`, details);
  }

  /** POSTs to the API and returns its parsed 2xx JSON answer; every failure becomes an AppError. */
  async function post(call: Call, path: string, body: BodyInit, json: boolean, count: number): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${root}${path}`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          ...(json ? { "Content-Type": "application/json" } : {}),
          ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        },
        body,
        signal: call.signal,
      });
    } catch (error) {
      throw call.failure(error, `Could not reach the image model at ${host}`);
    }
    // Base64 grows pictures by a third; the JSON around them is small.
    const text = await readText(res, call, Math.ceil((MAX_PICTURE_BYTES * 4) / 3) * count + 1024 * 1024);
    if (!res.ok) throw new HttpFailure(res.status, text, res.headers.get("retry-after"));
    if ((res.headers.get("content-type") ?? "").includes("text/html")) {
      throw unavailable("The image model answered with an HTML page instead of pictures (check the base URL)");
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw unavailable("The image model returned a malformed answer (not JSON)", undefined, error);
    }
  }

  /** A picture's bytes from an answer's `url`: downloaded through the URL guard (or a data: URL decoded). */
  async function fetchPicture(call: Call, url: string): Promise<Uint8Array> {
    const dataUrl = /^data:image\/[a-z+.-]+;base64,/i.exec(url);
    if (dataUrl) {
      const bytes = decodeBase64(url.slice(dataUrl[0].length));
      if (!bytes) throw unavailable("The image model answered with a picture whose data cannot be read (bad base64)");
      return bytes;
    }
    const from = safeHost(url);
    let got;
    try {
      got = await download(url, {
        responseType: "bytes",
        maxBytes: MAX_PICTURE_BYTES,
        timeoutMs: call.remainingMs(),
        signal: call.signal,
        headers: { accept: "image/png, image/jpeg, image/webp, image/*;q=0.8" },
      });
    } catch (error) {
      const refusal = guardRefusalOf(error);
      if (refusal?.code === "timeout") throw timeoutError();
      const failed = call.failure(error, `The picture the image model made could not be downloaded from ${from}`);
      if (!refusal || failed !== error) throw failed;
      throw unavailable(`The picture the image model made could not be downloaded from ${from}: ${refusalWords(refusal)}`, { refusal }, error);
    }
    if (got.status < 200 || got.status >= 300) {
      throw unavailable(`The picture the image model made could not be downloaded from ${from} (it answered ${got.status})`, { status: got.status });
    }
    if (!got.contentType?.startsWith("image/")) {
      throw unavailable(`The picture the image model made could not be downloaded from ${from}: it answered ${got.contentType ?? "without a content type"}, not a picture`);
    }
    return got.data;
  }

  /** The pictures of a 2xx answer, at most `count`, each checked by its first bytes. */
  async function picturesOf(call: Call, answer: unknown, count: number): Promise<GeneratedPicture[]> {
    if (!answer || typeof answer !== "object") throw unavailable("The image model returned a malformed answer");
    const said = providerMessage(answer);
    if ((answer as { error?: unknown }).error) {
      throw unavailable(`The image model reported an error${said ? `: ${redact(said).slice(0, MAX_PROVIDER_MESSAGE)}` : ""}`);
    }
    const data = (answer as { data?: unknown }).data;
    if (!Array.isArray(data)) throw unavailable("The image model returned a malformed answer (no data list)");
    if (!data.length) throw unavailable("The image model answered without any picture. Try again, or reword the prompt.");
    const items = data.slice(0, count) as { b64_json?: unknown; url?: unknown; revised_prompt?: unknown }[];
    return await Promise.all(
      items.map(async (item, i) => {
        const where = items.length > 1 ? ` (picture ${i + 1})` : "";
        let bytes: Uint8Array | null;
        if (item && typeof item.b64_json === "string" && item.b64_json) {
          bytes = decodeBase64(item.b64_json);
          if (!bytes) throw unavailable(`The image model answered with picture data that cannot be read (bad base64)${where}`);
        } else if (item && typeof item.url === "string" && item.url) {
          bytes = await fetchPicture(call, item.url);
        } else {
          throw unavailable(`The image model answered with an entry holding neither picture data nor a picture address${where}`);
        }
        if (bytes.byteLength > MAX_PICTURE_BYTES) {
          throw unavailable(`The image model answered with a picture over the ${MAX_PICTURE_BYTES / (1024 * 1024)} MB limit${where}`);
        }
        const mimeType = sniffImage(bytes)?.mimeType;
        if (!mimeType) throw unavailable(`The image model answered with a file that is not a PNG, JPEG or WebP picture${where}`);
        const revised = item.revised_prompt;
        return { bytes, mimeType, revisedPrompt: typeof revised === "string" && revised ? revised : null };
      }),
    );
  }

  /** Runs one call under its clock, turning the protocol's failures into AppErrors. */
  async function run(signal: AbortSignal | undefined, work: (call: Call) => Promise<GeneratedPicture[]>): Promise<GeneratedPicture[]> {
    if (signal?.aborted) throw abortReason(signal);
    const call = startCall(signal);
    try {
      return await work(call);
    } catch (error) {
      if (error instanceof HttpFailure) throw statusError(error.status, error.text, error.retryAfter);
      throw call.failure(error, "The image model failed");
    } finally {
      call.end();
    }
  }

  async function generate(req: Parameters<ImageModel["generate"]>[0]): Promise<GeneratedPicture[]> {
    const prompt = checkPrompt(req.prompt);
    const count = checkCount(req.count);
    const size = modelSizeFor(req.width, req.height, rules.sizes);
    const style = req.style?.trim();
    const fullPrompt = style ? `${prompt}\n\nStyle: ${style}` : prompt;
    // `return await`: a promise rejected before it is returned is reported as unhandled by workerd.
    return await run(req.signal, async (call) => {
      const once = async (n: number) => {
        const withFormat = sendResponseFormat();
        let answer: unknown;
        try {
          answer = await post(call, "/images/generations", JSON.stringify(generationBody(model, fullPrompt, n, size, withFormat)), true, n);
        } catch (error) {
          // Only the server saying it does not take the parameter; any other 400 is reported as it is.
          if (!(withFormat && rules.responseFormat === "until-refused" && error instanceof HttpFailure && error.status === 400)) throw error;
          if (!refusesParameter(error.text, "response_format")) throw error;
          markUnsupported(root, model, "response_format");
          answer = await post(call, "/images/generations", JSON.stringify(generationBody(model, fullPrompt, n, size, false)), true, n);
        }
        return await picturesOf(call, answer, n);
      };
      // A model that makes fewer pictures per call (dall-e-3: one) is called as often as needed, at once.
      const calls = splitCount(count, rules.maxPerCall);
      return (await Promise.all(calls.map(once))).flat();
    });
  }

  async function edit(req: Parameters<ImageModel["edit"]>[0]): Promise<GeneratedPicture[]> {
    const prompt = checkPrompt(req.prompt);
    const n = checkCount(req.count);
    if (rules.edits === "no") {
      throw unavailable(`The image model ${model} cannot edit pictures (OpenAI edits with dall-e-2 and the GPT image models). The operator needs to configure one of those.`, {
        reason: "edits_unsupported",
      });
    }
    const size = modelSizeFor(req.width, req.height, rules.sizes);
    const sniffed = sniffImage(req.image);
    const type = sniffed?.mimeType;
    if (!type) {
      throw new AppError("VALIDATION", `The picture to edit is not a PNG, JPEG or WebP image (it was given as ${req.mimeType || "an unknown type"}).`);
    }
    if (req.image.byteLength > MAX_PICTURE_BYTES) {
      throw new AppError("VALIDATION", `The picture to edit is over the ${MAX_PICTURE_BYTES / (1024 * 1024)} MB limit.`);
    }
    if (rules.edits === "square-png" && (type !== "image/png" || sniffed.width !== sniffed.height || req.image.byteLength >= DALL_E_2_EDIT_MAX_BYTES)) {
      throw new AppError(
        "VALIDATION",
        `The image model ${model} edits only a square PNG under ${DALL_E_2_EDIT_MAX_BYTES / (1024 * 1024)} MB (this is a ${sniffed.width} x ${sniffed.height} ${type.slice("image/".length).toUpperCase()} of ${(req.image.byteLength / (1024 * 1024)).toFixed(1)} MB).`,
      );
    }
    return await run(req.signal, async (call) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(editFields(model, prompt, n, size, sendResponseFormat() && rules.responseFormat === "always"))) {
        form.append(key, String(value));
      }
      form.append("image", new Blob([new Uint8Array(req.image)], { type }), `image.${EXTENSION[type]}`);
      const answer = await post(call, "/images/edits", form, false, n);
      return await picturesOf(call, answer, n);
    });
  }

  return { id: model, generate, edit };
}

/** The JSON body of one `POST /images/generations` (tests check it against OpenAI's ImageGenerateParams). */
export function generationBody(model: string, prompt: string, n: number, size: ModelSize, withResponseFormat: boolean) {
  return { model, prompt, n, size, ...(withResponseFormat ? { response_format: "b64_json" as const } : {}) };
}

/** The text fields of one `POST /images/edits` (the `image` file is added beside them; tests check them against ImageEditParams). */
export function editFields(model: string, prompt: string, n: number, size: ModelSize, withResponseFormat: boolean) {
  return { model, prompt, n, size, ...(withResponseFormat ? { response_format: "b64_json" as const } : {}) };
}

/** `count` pictures as calls of at most `perCall` each. */
export function splitCount(count: number, perCall: number): number[] {
  const calls: number[] = [];
  for (let left = count; left > 0; left -= perCall) calls.push(Math.min(left, perCall));
  return calls;
}

/** A non-2xx answer, turned into its AppError by `run` (kept raw so the response_format retry can read it). */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly retryAfter: string | null,
  ) {
    super(`HTTP ${status}`);
  }
}

function checkPrompt(prompt: string): string {
  const text = typeof prompt === "string" ? prompt.trim() : "";
  if (!text) throw new AppError("VALIDATION", "Write a prompt describing the picture.");
  return text;
}

function checkCount(count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PICTURES_PER_CALL) {
    throw new AppError("VALIDATION", `Ask for 1 to ${MAX_PICTURES_PER_CALL} pictures at a time (got ${count}).`);
  }
  return count;
}

/** A guard refusal in words for the merchant (the refused URL itself is left out: it may carry a signed token). */
function refusalWords(refusal: GuardRefusal): string {
  switch (refusal.code) {
    case "too_large":
      return `the picture is over the ${MAX_PICTURE_BYTES / (1024 * 1024)} MB limit`;
    case "content_type":
      return "it did not answer with a picture";
    case "network":
      return "the connection failed";
    case "too_many_redirects":
    case "redirect_loop":
    case "bad_redirect":
      return "its redirects could not be followed";
    default:
      return `the address it gave is not allowed (${refusal.code.replace(/_/g, " ")})`;
  }
}

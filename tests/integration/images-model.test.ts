/**
 * The image-model adapter (app/server/images/model.ts) in workerd, over HTTP, against the fake
 * Images API of tests/integration/fake-openai.ts: the request bodies and headers it sends, the
 * pictures it reads back (base64 and URL answers, the URL fetched through the guard) and the
 * AppError each failure becomes. A marker in the prompt ("[refuse]", "[busy]", "[slow]", "[url]"…)
 * picks what the fake does; a unique tag in each prompt finds that request in its record.
 */
import { describe, expect, inject, it } from "vitest";
import { AppError } from "~/domain/errors";
import { createImageModel, type ImageModelOptions } from "~/server/images/model";

const BASE = inject("openaiUrl");
const KEY = inject("openaiKey");
const ORIGIN = new URL(BASE).origin;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const imageModel = (overrides: Partial<ImageModelOptions> = {}) =>
  createImageModel({ baseUrl: BASE, apiKey: KEY, model: "gpt-image-1", allowLoopbackForTests: true, timeoutMs: 20_000, ...overrides });

/** A prompt no other test sends, so its request can be found in the fake's record. */
const tagged = (text: string) => `${text} {${crypto.randomUUID().slice(0, 8)}}`;
const tagOf = (prompt: string) => /\{[0-9a-f]{8}\}/.exec(prompt)![0];

interface Recorded {
  path: string;
  status: number;
  authorization: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

async function requestsFor(prompt: string): Promise<Recorded[]> {
  const all = (await (await fetch(`${ORIGIN}/__images/received`)).json()) as Recorded[];
  return all.filter((r) => String(r.body.prompt ?? "").includes(tagOf(prompt)));
}

async function lastFor(prompt: string): Promise<Recorded> {
  const res = await fetch(`${ORIGIN}/__images/last?prompt=${encodeURIComponent(tagOf(prompt))}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Recorded;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A fetch that sends the API request with `extra` merged into its JSON body (to send what the adapter never would). */
function withBody(extra: Record<string, unknown>): typeof fetch {
  return (input, init) => {
    if (typeof init?.body !== "string") return fetch(input, init);
    return fetch(input, { ...init, body: JSON.stringify({ ...(JSON.parse(init.body) as object), ...extra }) });
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the image model over HTTP", () => {
  it("generates base64 PNGs: n, size, model and the bearer key are sent (no response_format to a GPT image model); the answer is decoded", async () => {
    const prompt = tagged("A ceramic mug on a wooden table");
    const pictures = await imageModel().generate({ prompt, width: 1080, height: 1920, count: 3, style: "lifestyle photo" });

    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect([...picture.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
      expect(picture.mimeType).toBe("image/png");
      expect(picture.revisedPrompt).toBeNull();
      // 1080x1920 is a tall canvas: the nearest model size is 1024x1536, and the fake draws at that size.
      expect(pngSize(picture.bytes)).toEqual({ width: 1024, height: 1536 });
    }
    // The fake colours each picture differently: three pictures, not one repeated.
    expect(new Set(pictures.map((p) => [...p.bytes].join(","))).size).toBe(3);

    const sent = await lastFor(prompt);
    expect(sent).toMatchObject({ path: "/images/generations", status: 200, authorization: `Bearer ${KEY}` });
    expect(sent.contentType).toMatch(/^application\/json/);
    // Sent once, without response_format: GPT image models refuse it (they always answer base64).
    expect((await requestsFor(prompt)).map((r) => r.status)).toEqual([200]);
    expect(sent.body).toEqual({ model: "gpt-image-1", prompt: `${prompt}\n\nStyle: lifestyle photo`, n: 3, size: "1024x1536" });
  });

  it("maps a wide canvas to 1536x1024, sends no Authorization without a key, and passes revised prompts on", async () => {
    const prompt = tagged("[revised] A lamp");
    // Without a key no Authorization header goes out (the fake requires one, so it answers 401).
    const error = await failure(imageModel({ apiKey: undefined }).generate({ prompt, width: 1200, height: 628, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    const keyless = await lastFor(prompt);
    expect(keyless.authorization).toBeNull();
    expect(keyless.body.size).toBe("1536x1024");

    const pictures = await imageModel().generate({ prompt, width: 1200, height: 628, count: 1 });
    expect(pictures[0].revisedPrompt).toBe(`Revised: ${prompt}`);
    expect(pngSize(pictures[0].bytes)).toEqual({ width: 1536, height: 1024 });
  });

  it("downloads URL answers through the URL guard", async () => {
    const prompt = tagged("[url] A backpack");
    const pictures = await imageModel().generate({ prompt, width: 1000, height: 1000, count: 2 });
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      expect(picture.mimeType).toBe("image/png");
      expect([...picture.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
      expect(pngSize(picture.bytes)).toEqual({ width: 1024, height: 1024 });
    }
  });

  it("refuses a URL answer on loopback when the guard's test allowance is off", async () => {
    const prompt = tagged("[url] A backpack");
    const error = await failure(imageModel({ allowLoopbackForTests: false }).generate({ prompt, width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/could not be downloaded from 127\.0\.0\.1:\d+: the address it gave is not allowed \(loopback\)/);
    expect(error.details?.refusal).toMatchObject({ code: "loopback" });
  });

  it("refuses a URL answer that is not a picture", async () => {
    const error = await failure(imageModel().generate({ prompt: tagged("[url-html] A hat"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/answered text\/html, not a picture/);
  });

  it("sniffs JPEG bytes and refuses bytes that are no picture", async () => {
    const [jpeg] = await imageModel().generate({ prompt: tagged("[jpeg] A shoe"), width: 1000, height: 1000, count: 1 });
    expect(jpeg.mimeType).toBe("image/jpeg");
    expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const error = await failure(imageModel().generate({ prompt: tagged("[garbage] A shoe"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toBe("The image model answered with a file that is not a PNG, JPEG or WebP picture");
  });

  it("turns a content-policy refusal into VALIDATION with the model's reason", async () => {
    const error = await failure(imageModel().generate({ prompt: tagged("[refuse] Something"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("VALIDATION");
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "The image model refused this prompt (content policy): Your request was rejected as a result of our safety system. Reword the prompt and try again.",
    );
    expect(error.details).toMatchObject({ code: "content_policy_violation", status: 400 });
  });

  it("turns a provider 429 into RATE_LIMITED with its Retry-After, never USAGE_LIMIT", async () => {
    const error = await failure(imageModel().generate({ prompt: tagged("[busy] A chair"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("RATE_LIMITED");
    expect(error.status).toBe(429);
    expect(error.message).toBe("The image model is busy (rate limited). Try again in 7 seconds.");
    expect(error.headers).toEqual({ "retry-after": "7" });
  });

  it("tells an account out of credit apart from a busy model", async () => {
    const error = await failure(imageModel().generate({ prompt: tagged("[quota] A chair"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/run out of credit/);
    expect(error.headers).toBeUndefined();
  });

  it("gives up after timeoutMs with a message naming the wait", async () => {
    const started = Date.now();
    const error = await failure(imageModel({ timeoutMs: 300 }).generate({ prompt: tagged("[slow] A clock"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toBe("The image model did not answer within 0.3 seconds. Try again, or ask for fewer pictures at once.");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("passes the caller's abort on as it is", async () => {
    const controller = new AbortController();
    const pending = imageModel().generate({ prompt: tagged("[slow] A clock"), width: 1000, height: 1000, count: 1, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("merchant left")), 50);
    await expect(pending).rejects.toThrow("merchant left");
  });

  it("names a rejected key without repeating it", async () => {
    const wrongKey = "sk-wrong-0123456789abcdef";
    const error = await failure(imageModel({ apiKey: wrongKey }).generate({ prompt: tagged("A vase"), width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/^The image model at 127\.0\.0\.1:\d+ rejected the server's API key \(401\)\./);
    expect(error.message).toMatch(/operator needs to check the image model's API key/);
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(wrongKey);
    expect(error.details).toMatchObject({ status: 401, code: "invalid_api_key" });
  });

  it("asks another server's model again without response_format when it refuses it, and remembers that for the isolate", async () => {
    const model = `local-image-model-${crypto.randomUUID().slice(0, 8)}`;
    const prompt = tagged("[no-format] A kettle");
    const pictures = await imageModel({ model }).generate({ prompt, width: 1000, height: 1000, count: 1 });
    expect(pictures[0].mimeType).toBe("image/png");
    const sent = await requestsFor(prompt);
    expect(sent.map((r) => [r.status, r.body.response_format])).toEqual([
      [400, "b64_json"],
      [200, undefined],
    ]);

    // A new adapter (one is built per request) for the same server and model does not send it again.
    const again = tagged("A kettle");
    await imageModel({ model }).generate({ prompt: again, width: 1000, height: 1000, count: 1 });
    expect("response_format" in (await lastFor(again)).body).toBe(false);
    // Another model on the same server still gets it.
    const other = tagged("A kettle");
    await imageModel({ model: `${model}-other` }).generate({ prompt: other, width: 1000, height: 1000, count: 1 });
    expect((await lastFor(other)).body.response_format).toBe("b64_json");
  });

  it("does not take another 400 that names response_format for a refusal of it", async () => {
    // The fake refuses an unknown response_format value: our bug, reported as it is, not retried.
    const prompt = tagged("A kettle");
    const error = await failure(
      createImageModel({ baseUrl: BASE, apiKey: KEY, model: "local-image-model", allowLoopbackForTests: true, fetch: withBody({ response_format: "b64" }) }).generate({
        prompt,
        width: 1000,
        height: 1000,
        count: 1,
      }),
    );
    expect(error.message).toMatch(/^The image model returned an error \(400\): Invalid value: 'b64'/);
    expect((await requestsFor(prompt)).map((r) => r.status)).toEqual([400]);
  });

  it("dall-e-3: its own sizes, and one picture per call (several pictures are several calls)", async () => {
    const prompt = tagged("A teapot");
    const pictures = await imageModel({ model: "dall-e-3" }).generate({ prompt, width: 1080, height: 1920, count: 3 });
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) expect(pngSize(picture.bytes)).toEqual({ width: 1024, height: 1792 });
    const sent = await requestsFor(prompt);
    expect(sent.map((r) => [r.status, r.body.n, r.body.size, r.body.response_format])).toEqual([
      [200, 1, "1024x1792", "b64_json"],
      [200, 1, "1024x1792", "b64_json"],
      [200, 1, "1024x1792", "b64_json"],
    ]);
    const wide = tagged("A teapot");
    await imageModel({ model: "dall-e-3" }).generate({ prompt: wide, width: 1200, height: 628, count: 1 });
    expect((await lastFor(wide)).body.size).toBe("1792x1024");
  });

  it("dall-e-3 cannot edit: said before anything is sent", async () => {
    const source = (await imageModel().generate({ prompt: tagged("A source picture"), width: 1000, height: 1000, count: 1 }))[0].bytes;
    const prompt = tagged("Put the mug on a beach");
    const error = await failure(imageModel({ model: "dall-e-3" }).edit({ image: source, mimeType: "image/png", prompt, width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/^The image model dall-e-3 cannot edit pictures/);
    expect(await requestsFor(prompt)).toEqual([]);
  });

  it("dall-e-2: square sizes, edits of a square PNG with its own size, and refuses any other picture to edit", async () => {
    const prompt = tagged("A vase");
    const pictures = await imageModel({ model: "dall-e-2" }).generate({ prompt, width: 400, height: 500, count: 2 });
    expect(pictures.map((p) => pngSize(p.bytes))).toEqual([
      { width: 512, height: 512 },
      { width: 512, height: 512 },
    ]);
    expect((await lastFor(prompt)).body).toEqual({ model: "dall-e-2", prompt, n: 2, size: "512x512", response_format: "b64_json" });

    const square = pictures[0].bytes;
    const editPrompt = tagged("Make it blue");
    const edited = await imageModel({ model: "dall-e-2" }).edit({ image: square, mimeType: "image/png", prompt: editPrompt, width: 2000, height: 1000, count: 1 });
    expect(pngSize(edited[0].bytes)).toEqual({ width: 1024, height: 1024 });
    expect((await lastFor(editPrompt)).body).toMatchObject({ model: "dall-e-2", n: "1", size: "1024x1024", response_format: "b64_json" });

    const tall = (await imageModel().generate({ prompt: tagged("A tall source"), width: 1000, height: 1500, count: 1 }))[0].bytes;
    const refused = await failure(imageModel({ model: "dall-e-2" }).edit({ image: tall, mimeType: "image/png", prompt: tagged("x"), width: 1000, height: 1000, count: 1 }));
    expect(refused.type).toBe("VALIDATION");
    expect(refused.message).toMatch(/^The image model dall-e-2 edits only a square PNG under 4 MB \(this is a 1024 x 1536 PNG/);
  });

  it("reports a 5xx and an answer without pictures as UNAVAILABLE", async () => {
    const down = await failure(imageModel().generate({ prompt: tagged("[server-error] A rug"), width: 1000, height: 1000, count: 1 }));
    expect(down.type).toBe("UNAVAILABLE");
    expect(down.message).toBe("The image model returned an error (500): The server had an error while processing your request. Sorry about that!");

    const empty = await failure(imageModel().generate({ prompt: tagged("[empty] A rug"), width: 1000, height: 1000, count: 1 }));
    expect(empty.type).toBe("UNAVAILABLE");
    expect(empty.message).toMatch(/without any picture/);
  });

  it("reports an unreachable server as UNAVAILABLE naming its host", async () => {
    const error = await failure(imageModel({ baseUrl: "http://127.0.0.1:9/v1" }).generate({ prompt: "A rug", width: 1000, height: 1000, count: 1 }));
    expect(error.type).toBe("UNAVAILABLE");
    expect(error.message).toBe("Could not reach the image model at 127.0.0.1:9");
  });

  it("edits: sends the picture as a multipart file with prompt, n, size and model", async () => {
    const source = (await imageModel().generate({ prompt: tagged("A source picture"), width: 1000, height: 1000, count: 1 }))[0].bytes;
    const prompt = tagged("Put the mug on a beach");
    const pictures = await imageModel().edit({ image: source, mimeType: "image/png", prompt, width: 1000, height: 1500, count: 2 });
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      expect(picture.mimeType).toBe("image/png");
      expect(pngSize(picture.bytes)).toEqual({ width: 1024, height: 1536 });
    }

    const sent = await lastFor(prompt);
    expect(sent.path).toBe("/images/edits");
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toEqual({
      model: "gpt-image-1",
      prompt,
      n: "2",
      size: "1024x1536",
      image: { name: "image.png", type: "image/png", size: source.byteLength, head: "89504e470d0a1a0a" },
    });
  });

  it("edits: a refusal and a picture that is not an image", async () => {
    const source = (await imageModel().generate({ prompt: tagged("A source picture"), width: 1000, height: 1000, count: 1 }))[0].bytes;
    const refused = await failure(imageModel().edit({ image: source, mimeType: "image/png", prompt: tagged("[refuse] x"), width: 1000, height: 1000, count: 1 }));
    expect(refused.type).toBe("VALIDATION");
    expect(refused.message).toMatch(/^The image model refused this prompt \(content policy\)/);

    const notImage = await failure(
      imageModel().edit({ image: new TextEncoder().encode("GIF89a not supported"), mimeType: "image/gif", prompt: "x", width: 1000, height: 1000, count: 1 }),
    );
    expect(notImage.type).toBe("VALIDATION");
    expect(notImage.message).toBe("The picture to edit is not a PNG, JPEG or WebP image (it was given as image/gif).");
  });
});

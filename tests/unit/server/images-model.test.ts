/**
 * The pure parts of the image-model adapter (app/server/images/model.ts): the size chosen for a
 * canvas, the checks made before anything is sent, and the fake's PNG encoder
 * (tests/integration/fake-openai.ts) that the workerd protocol tests read back. The protocol
 * itself is tested in tests/integration/images-model.test.ts.
 */
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { VISUAL_PRESETS } from "~/domain/images";
import { createImageModel, modelSizeFor, rulesFor, splitCount } from "~/server/images/model";
import { sniffImage } from "~/server/images/sniff";
import { solidPng } from "../../integration/fake-openai";

describe("each OpenAI image model's own rules", () => {
  it.each([
    ["gpt-image-1", "gpt-image", "never", 10, "yes"],
    ["gpt-image-1-mini", "gpt-image", "never", 10, "yes"],
    ["gpt-image-2.5-flare-2026-09-08", "gpt-image", "never", 10, "yes"],
    ["chatgpt-image-latest", "gpt-image", "never", 10, "yes"],
    ["dall-e-3", "dall-e-3", "always", 1, "no"],
    ["dall-e-2", "dall-e-2", "always", 10, "square-png"],
    ["stable-diffusion-xl", "other", "until-refused", 10, "yes"],
  ] as const)("%s", (model, family, responseFormat, maxPerCall, edits) => {
    expect(rulesFor(model)).toMatchObject({ family, responseFormat, maxPerCall, edits });
  });

  it.each([
    ["dall-e-3", 1080, 1920, "1024x1792"],
    ["dall-e-3", 1200, 628, "1792x1024"],
    ["dall-e-3", 1100, 1000, "1024x1024"],
    ["dall-e-2", 200, 200, "256x256"],
    ["dall-e-2", 400, 500, "512x512"], // squares only: the smallest that covers the longer side
    ["dall-e-2", 1080, 1920, "1024x1024"],
    ["gpt-image-1", 1080, 1920, "1024x1536"],
  ] as const)("%s: %i x %i -> %s", (model, w, h, size) => {
    expect(modelSizeFor(w, h, rulesFor(model).sizes)).toBe(size);
  });

  it("splits a count into calls of the model's most per call", () => {
    expect(splitCount(3, 1)).toEqual([1, 1, 1]);
    expect(splitCount(10, 10)).toEqual([10]);
    expect(splitCount(7, 3)).toEqual([3, 3, 1]);
  });
});

describe("modelSizeFor", () => {
  it.each([
    [1024, 1024, "1024x1024"],
    [2048, 2048, "1024x1024"],
    [1080, 1920, "1024x1536"], // a story: 9:16 is nearest 2:3
    [1000, 1500, "1024x1536"], // a pin: exactly 2:3
    [1200, 628, "1536x1024"], // a feed ad: 1.91:1 is nearest 3:2
    [1536, 1024, "1536x1024"],
    [1100, 1000, "1024x1024"], // 1.1 is nearer square than 3:2
    [1300, 1000, "1536x1024"], // 1.3 is past the midpoint (sqrt 1.5 = 1.2247)
    [1000, 1300, "1024x1536"],
    [1, 100, "1024x1536"],
    [100, 1, "1536x1024"],
  ] as const)("%i x %i -> %s", (w, h, size) => {
    expect(modelSizeFor(w, h)).toBe(size);
  });

  it("is symmetric: swapping width and height swaps the answer", () => {
    for (const p of VISUAL_PRESETS) {
      const across = modelSizeFor(p.width, p.height);
      const down = modelSizeFor(p.height, p.width);
      expect(down).toBe(across.split("x").reverse().join("x"));
    }
  });

  it.each([
    [0, 100],
    [100, -1],
    [Number.NaN, 100],
    [100, Number.POSITIVE_INFINITY],
  ])("refuses %s x %s as VALIDATION", (w, h) => {
    expect(() => modelSizeFor(w, h)).toThrow(AppError);
    try {
      modelSizeFor(w, h);
    } catch (e) {
      expect((e as AppError).type).toBe("VALIDATION");
    }
  });
});

describe("checks made before anything is sent", () => {
  const calls: string[] = [];
  const model = createImageModel({
    baseUrl: "https://images.example.com/v1",
    apiKey: "sk-unit",
    model: "gpt-image-1",
    fetch: async (input) => {
      calls.push(String(input));
      return new Response("{}", { status: 500 });
    },
  });

  it("refuses to edit a picture that is not a PNG, JPEG or WebP", async () => {
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
    const error = await model.edit({ image: gif, mimeType: "image/gif", prompt: "A mug", width: 100, height: 100, count: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: "VALIDATION", message: "The picture to edit is not a PNG, JPEG or WebP image (it was given as image/gif)." });
    expect(calls).toEqual([]);
  });

  it.each([
    [{ prompt: "  ", count: 1 }, "Write a prompt describing the picture."],
    [{ prompt: "A mug", count: 0 }, "Ask for 1 to 10 pictures at a time (got 0)."],
    [{ prompt: "A mug", count: 11 }, "Ask for 1 to 10 pictures at a time (got 11)."],
    [{ prompt: "A mug", count: 1.5 }, "Ask for 1 to 10 pictures at a time (got 1.5)."],
  ])("refuses %o as VALIDATION", async (req, message) => {
    const error = await model.generate({ ...req, width: 100, height: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ type: "VALIDATION", message });
    expect(calls).toEqual([]);
  });

  it("names itself after the model", () => {
    expect(model.id).toBe("gpt-image-1");
  });
});

describe("the fake's PNG encoder", () => {
  it("writes a PNG whose pixels are the colour asked for", () => {
    const png = solidPng(3, 2, [10, 20, 30]);
    expect(sniffImage(png)).toEqual({ mimeType: "image/png", width: 3, height: 2 });
    const idatAt = png.indexOf("IDAT");
    const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    // Row 0: filter None then the pixels; row 1: filter Up and zero differences.
    expect([...raw]).toEqual([0, 10, 20, 30, 10, 20, 30, 10, 20, 30, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

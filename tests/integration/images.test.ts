/**
 * Images inside workerd with the real rendering Worker (IMAGES), D1, R2 and the usage meter:
 * every preset renders at its size, uploads are checked by their bytes, files leave R2 with their
 * image, generation is metered and refunded on failure, the free plan may preview and keep its
 * uploads but neither generate nor download generated images, and published images are public.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { VISUAL_PRESETS, type VisualDesignInput } from "~/domain/contracts/images";
import { createImageModel } from "~/server/images/model";
import { createRenderer } from "~/server/images/renderer";
import { createImages } from "~/server/images/service";
import { sniffImage } from "~/server/images/sniff";
import { createDb } from "../../db/client";
import { BASE, call, seedSampleCatalog, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;

// Each generation renders real PNGs (about 0.1-0.5 s each on this machine's two cores, more when busy).
vi.setConfig({ testTimeout: 60_000 });

// 320x240 WebP and 300x200 JPEG, made with sharp.
const WEBP = "UklGRuwAAABXRUJQVlA4IOAAAACwEwCdASpAAfAAPtFosVMoJiSioCgBABoJaW7hd1lwAABPYB77ZOQ99snIe/F9D94DfX/S28A99snIe+2TkPfbJyHvtk5EQPJyHvtk5D32ych77ZOQ99snIe+2TkPfbJziIuTkPfbJyHvtk5D32ych77ZOQ99snIe+2Yy09snIe+2TkPfbJyHvtk5D32ych77ZOQ9+AIB77ZOQ99snIe+2TkPfbJiAAP7/cuf/+HKn07ex/67xaUA7V9n45GtkcjWyORrZHI2Q0PjgGvCA5x6ECByD0IEDkHoQIHIPQgQAAA==";
const JPEG =
  "/9j/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHz/wAARCADIASwDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AACeqgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z";
const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** A real product-like PNG of the given size, drawn by the rendering Worker itself. */
async function productPng(width = 800, height = 800): Promise<Uint8Array<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6f97"/></svg>`;
  const res = await env.IMAGES.fetch("https://images.internal/render", { method: "POST", body: svg });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function upload(u: User, bytes: Uint8Array<ArrayBuffer>, name = "photo.png", fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await WORKER.fetch(`${BASE}/api/uploads/images`, { method: "POST", headers: { authorization: `Bearer ${u.token}` }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
}

async function subscribe(u: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}
async function downgrade(u: User) {
  await env.DB.prepare("DELETE FROM subscriptions WHERE user_id = ?").bind(u.user.id).run();
}

const used = async (u: User, counter: "images" | "marketingVisuals") => (await call("/api/usage/summary", { token: u.token })).json.data.usage[counter] as number;

const design = (over: Partial<VisualDesignInput> = {}): VisualDesignInput => ({
  template: "studio",
  headline: "Cedar Wick Candle",
  subheadline: "Hand-poured soy wax",
  bullets: ["45-hour burn", "Crackling wood wick"],
  priceCents: 2400,
  compareAtPriceCents: 3000,
  currency: "USD",
  cta: "Shop now",
  palette: { background: "#f6f3ee", surface: "#ffffff", text: "#1b1d26", accent: "#e8553d" },
  font: "system",
  ...over,
});

async function fileBytes(u: User, id: string, which = "download") {
  const res = await WORKER.fetch(`${BASE}/api/images/${id}/${which}`, { headers: { authorization: `Bearer ${u.token}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

let paid: User;
let photoId: string;
beforeAll(async () => {
  await seedSampleCatalog();
  paid = await verifiedUser();
  await subscribe(paid);
  const up = await upload(paid, await productPng());
  expect(up.status).toBe(201);
  photoId = up.json.data.id;
}, 120_000);

describe("rendering every preset", () => {
  it("renders each template's PNG at its preset's exact size, with a 480 px thumbnail", async () => {
    const sizes = VISUAL_PRESETS.map((p) => p.id);
    const { status, json } = await call("/api/images", { method: "POST", token: paid.token, body: { template: "sale", design: design({ template: "sale", photoImageId: photoId }), sizes, count: 1 } });
    expect(status).toBe(201);
    expect(json.data).toHaveLength(sizes.length);
    for (const image of json.data) {
      const preset = VISUAL_PRESETS.find((p) => p.id === image.presetId)!;
      const { res, bytes } = await fileBytes(paid, image.id);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(sniffImage(bytes)).toEqual({ mimeType: "image/png", width: preset.width, height: preset.height });
      expect([image.width, image.height]).toEqual([preset.width, preset.height]);
      const thumb = sniffImage((await fileBytes(paid, image.id, "thumbnail")).bytes);
      expect(thumb?.width).toBe(480);
      expect(thumb?.height).toBe(Math.round((480 * preset.height) / preset.width));
    }
  }, 60_000);

  it("makes marketing visuals in three presets, one visual each, with the design and its photo recorded", async () => {
    const before = await used(paid, "marketingVisuals");
    const { status, json } = await call("/api/marketing-visuals", { method: "POST", token: paid.token, body: { design: design({ photoImageId: photoId }), presets: ["instagram-post", "instagram-story", "facebook-feed"] } });
    expect(status).toBe(201);
    expect(json.charged).toMatchObject({ counter: "marketingVisuals", count: 3 });
    expect(json.data.map((i: { width: number; height: number }) => `${i.width}x${i.height}`)).toEqual(["1080x1080", "1080x1920", "1200x628"]);
    expect(json.data[0]).toMatchObject({ kind: "visual", provider: "compositor", sourceImageIds: [photoId] });
    expect(json.data[0].batchId).toBe(json.data[2].batchId);
    expect(await used(paid, "marketingVisuals")).toBe(before + 3);
  });
});

describe("uploads", () => {
  it("keeps a PNG with its size, converts a WebP to PNG, and keeps a JPEG as it is", async () => {
    const webp = await upload(paid, bytesOf(WEBP), "mug.webp");
    expect(webp.status).toBe(201);
    expect(webp.json.data).toMatchObject({ kind: "upload", mimeType: "image/png", width: 320, height: 240, fileName: "mug.png" });
    expect(webp.json.data.notes.join(" ")).toMatch(/Converted from WebP/);
    expect(sniffImage((await fileBytes(paid, webp.json.data.id)).bytes)).toEqual({ mimeType: "image/png", width: 320, height: 240 });

    const jpeg = await upload(paid, bytesOf(JPEG), "lamp.jpg");
    expect(jpeg.status).toBe(201);
    expect(jpeg.json.data).toMatchObject({ mimeType: "image/jpeg", width: 300, height: 200 });
  });

  it("refuses empty, oversized, non-image, too-small and too-large photos, naming the file and the limit", async () => {
    const empty = await upload(paid, new Uint8Array(), "blank.png");
    expect([empty.status, empty.json.message]).toEqual([400, "blank.png is empty."]);

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await productPng(300, 300));
    const huge = await upload(paid, big, "huge.png");
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe("huge.png is 10.0 MB; photos can be 10.0 MB at most.");

    const text = await upload(paid, new TextEncoder().encode("not an image"), "notes.png");
    expect(text.status).toBe(415);
    expect(text.json.message).toBe("notes.png is not a PNG, JPEG or WebP image.");

    const tiny = await upload(paid, await productPng(120, 80), "tiny.png");
    expect(tiny.status).toBe(400);
    expect(tiny.json.message).toBe("tiny.png is 120×80 px; photos need at least 200 px on each side.");

    // A PNG header that claims 7000 px: refused from the header, before anything is decoded.
    const header = (await productPng(300, 300)).slice();
    new DataView(header.buffer).setUint32(16, 7000);
    const wide = await upload(paid, header, "wide.png");
    expect(wide.status).toBe(400);
    expect(wide.json.message).toBe("wide.png is 7000×300 px; photos can be 6000 px on a side at most.");

    const list = await call("/api/images?kind=upload", { token: paid.token });
    expect(list.json.data.map((i: { fileName: string }) => i.fileName)).not.toContain("tiny.png");
  });
});

describe("storage and deletion", () => {
  it("removes the PNG and the thumbnail from R2 with the image", async () => {
    const up = await upload(paid, await productPng(400, 400), "gone.png");
    const id = up.json.data.id as string;
    const keys = await env.DB.prepare("SELECT r2_key, thumb_key FROM images WHERE id = ?").bind(id).first<{ r2_key: string; thumb_key: string }>();
    expect(await env.FILES.head(keys!.r2_key)).not.toBeNull();
    expect(await env.FILES.head(keys!.thumb_key)).not.toBeNull();

    const del = await call(`/api/images/${id}`, { method: "DELETE", token: paid.token });
    expect(del.status).toBe(200);
    expect(await env.FILES.head(keys!.r2_key)).toBeNull();
    expect(await env.FILES.head(keys!.thumb_key)).toBeNull();
    expect((await call(`/api/images/${id}`, { token: paid.token })).status).toBe(404);
  });

  it("filters the gallery by kind, size and date, and pages through it", async () => {
    const visuals = await call("/api/images?kind=visual&presetId=instagram-story", { token: paid.token });
    expect(visuals.json.data.length).toBeGreaterThan(0);
    expect(visuals.json.data.every((i: { kind: string; presetId: string }) => i.kind === "visual" && i.presetId === "instagram-story")).toBe(true);
    expect((await call("/api/images?from=2001-01-01&to=2001-01-02", { token: paid.token })).json.data).toEqual([]);

    const first = await call("/api/images?limit=2", { token: paid.token });
    expect(first.json.data).toHaveLength(2);
    const second = await call(`/api/images?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`, { token: paid.token });
    expect(second.json.data[0].id).not.toBe(first.json.data[1].id);
    expect(Date.parse(second.json.data[0].createdAt)).toBeLessThanOrEqual(Date.parse(first.json.data[1].createdAt));
  });
});

describe("metering", () => {
  it("charges sizes × count images and says so", async () => {
    const before = await used(paid, "images");
    const { status, json } = await call("/api/images", { method: "POST", token: paid.token, body: { template: "studio", design: design({ photoImageId: photoId }), sizes: ["instagram-post", "pinterest"], count: 2 } });
    expect(status).toBe(201);
    expect(json.data).toHaveLength(4);
    expect(json.charged).toEqual({ counter: "images", count: 4, remaining: 100 - before - 4 });
    expect(await used(paid, "images")).toBe(before + 4);
    // Two variations of one size are two different layouts.
    const [a, b] = json.data.filter((i: { presetId: string }) => i.presetId === "instagram-post");
    expect((await fileBytes(paid, a.id)).bytes).not.toEqual((await fileBytes(paid, b.id)).bytes);
  });

  it("checks everything before reserving: another user's photo, a count above the plan's, an unknown product", async () => {
    const before = await used(paid, "images");
    const stranger = await verifiedUser();
    const theirs = (await upload(stranger, await productPng(300, 300))).json.data.id;
    const foreign = await call("/api/images", { method: "POST", token: paid.token, body: { template: "studio", design: design({ photoImageId: theirs }), sizes: ["instagram-post"], count: 1 } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toMatch(/not in your gallery/);
    const many = await call("/api/images", { method: "POST", token: paid.token, body: { template: "studio", design: design(), sizes: ["instagram-post"], count: 5 } });
    expect([many.status, many.json.message]).toEqual([400, "count is 5, but your plan makes 4 variations per request at most."]);
    const product = await call("/api/images", { method: "POST", token: paid.token, body: { template: "studio", design: design(), productId: "P-NOPE", sizes: ["instagram-post"], count: 1 } });
    expect(product.status).toBe(404);
    expect(await used(paid, "images")).toBe(before);
  });

  it("refunds the whole reservation and keeps nothing when the image model fails", async () => {
    const db = createDb(env.DB);
    const before = await used(paid, "images");
    const rowsBefore = await env.DB.prepare("SELECT count(*) AS n FROM images WHERE user_id = ?").bind(paid.user.id).first<{ n: number }>();
    const deps = {
      db,
      env,
      files: env.FILES,
      renderer: createRenderer(env.IMAGES),
      model: createImageModel({ baseUrl: inject("openaiUrl"), apiKey: inject("openaiKey"), model: "fake-image-model", allowLoopbackForTests: true }),
      origin: "https://app.dropcraft.test",
      allowLoopbackForTests: true,
    };
    const err = await createImages(deps, paid.user.id, { prompt: "a pastel studio backdrop [busy]", sizes: ["instagram-post", "pinterest"], count: 2, sourceImageIds: [] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: "RATE_LIMITED" });
    expect(await used(paid, "images")).toBe(before);
    const rowsAfter = await env.DB.prepare("SELECT count(*) AS n FROM images WHERE user_id = ?").bind(paid.user.id).first<{ n: number }>();
    expect(rowsAfter!.n).toBe(rowsBefore!.n);

    // The same model, answering: the scene is fitted to the preset and says who made it.
    const made = await createImages(deps, paid.user.id, { prompt: "a pastel studio backdrop", sizes: ["facebook-feed"], count: 1, sourceImageIds: [photoId] });
    expect(made.charged.count).toBe(1);
    expect(made.images[0]).toMatchObject({ provider: "model", model: "fake-image-model", width: 1200, height: 628, sourceImageIds: [photoId] });
    expect(made.images[0].notes[0]).toBe("Made by fake-image-model and fitted to 1200×628.");
  });

  it("answers USAGE_LIMIT when the day's marketing visuals are spent, without drawing anything", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const presets = ["instagram-post", "instagram-story", "facebook-feed", "tiktok", "pinterest"];
    for (let i = 0; i < 10; i++) {
      const { status } = await call("/api/marketing-visuals", { method: "POST", token: u.token, body: { design: design({ headline: `Batch ${i}` }), presets } });
      expect(status).toBe(201);
    }
    const over = await call("/api/marketing-visuals", { method: "POST", token: u.token, body: { design: design(), presets: ["instagram-post"] } });
    expect(over.status).toBe(429);
    expect(over.json.type).toBe("USAGE_LIMIT");
    expect((await call("/api/images?kind=visual&limit=100", { token: u.token })).json.data).toHaveLength(50);
  }, 120_000);
});

describe("the free plan", () => {
  let free: User;
  let generatedId: string;
  let uploadId: string;
  beforeAll(async () => {
    free = await verifiedUser();
    uploadId = (await upload(free, await productPng(400, 400), "mine.png")).json.data.id;
    await subscribe(free);
    generatedId = (await call("/api/images", { method: "POST", token: free.token, body: { template: "studio", design: design({ photoImageId: uploadId }), sizes: ["instagram-post"], count: 1 } })).json.data[0].id;
    await downgrade(free);
  });

  it("cannot generate images or visuals (FORBIDDEN, feature generate) and nothing is counted", async () => {
    const before = await used(free, "images");
    const images = await call("/api/images", { method: "POST", token: free.token, body: { template: "studio", design: design(), sizes: ["instagram-post"], count: 1 } });
    expect(images.status).toBe(403);
    expect(images.json.details).toMatchObject({ feature: "generate", upgrade: true });
    const visuals = await call("/api/marketing-visuals", { method: "POST", token: free.token, body: { design: design(), presets: ["tiktok"] } });
    expect(visuals.status).toBe(403);
    expect(visuals.json.details).toMatchObject({ feature: "generate", upgrade: true });
    expect(await used(free, "images")).toBe(before);
  });

  it("can preview a design (small, watermarked PNG)", async () => {
    const res = await WORKER.fetch(`${BASE}/api/images/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${free.token}`, "content-type": "application/json" },
      body: JSON.stringify({ design: design({ photoImageId: uploadId }), presetId: "instagram-story" }),
    });
    expect(res.status).toBe(200);
    expect(sniffImage(new Uint8Array(await res.arrayBuffer()))).toEqual({ mimeType: "image/png", width: 540, height: 960 });
  });

  it("is refused the full file, the download, the zip and publishing of a generated image, but keeps its own upload", async () => {
    for (const which of ["download", "file"]) {
      const { res } = await fileBytes(free, generatedId, which);
      expect(res.status).toBe(403);
      expect(((await call(`/api/images/${generatedId}/${which}`, { token: free.token })).json.details as Record<string, unknown>).feature).toBe("download");
    }
    expect((await fileBytes(free, generatedId, "thumbnail")).res.status).toBe(200);
    const zip = await call("/api/images/download-zip", { method: "POST", token: free.token, body: { ids: [uploadId, generatedId] } });
    expect(zip.status).toBe(403);
    expect(zip.json.details).toMatchObject({ feature: "download", upgrade: true });
    expect((await call(`/api/images/${generatedId}/publish`, { method: "POST", token: free.token })).status).toBe(403);

    const own = await fileBytes(free, uploadId);
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get("content-disposition")).toBe('attachment; filename="mine.png"');
    const ownZip = await WORKER.fetch(`${BASE}/api/images/download-zip`, { method: "POST", headers: { authorization: `Bearer ${free.token}`, "content-type": "application/json" }, body: JSON.stringify({ ids: [uploadId] }) });
    expect(ownZip.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await ownZip.arrayBuffer()).slice(0, 2))).toBe("PK");
  });
});

describe("design defaults and social proof", () => {
  it("fills a social-proof design from a catalog record, with each figure's source, and names what it could not fill", async () => {
    const product = (await call("/api/catalog/products?pageSize=1", { token: paid.token })).json.data[0];
    expect(product?.id).toBeTruthy();
    const { status, json } = await call(`/api/images/design-defaults?template=social-proof&productId=${product.id}`, { token: paid.token });
    expect(status).toBe(200);
    expect(json.data.design.headline).toBe(product.name);
    expect(json.data.design.proof.length).toBeGreaterThan(0);
    expect(json.data.proofFacts.length).toBeGreaterThan(0);
    for (const fact of json.data.proofFacts) expect(fact.source).toContain("Sample catalog (sample data)");
    expect(json.data.missing).toContain("No benefits in the product data: add up to 4 in your own words");

    const bare = await call("/api/images/design-defaults?template=social-proof", { token: paid.token });
    expect(bare.json.data.proofFacts).toEqual([]);
    expect(bare.json.data.missing).toContain("No figures from a catalog record: pick a catalog product for social proof");
  });
});

describe("publishing for pages", () => {
  it("serves a published image to anyone at /media/{id}.png, and nothing unpublished", async () => {
    const up = await upload(paid, await productPng(300, 300), "public.png");
    const id = up.json.data.id as string;
    const hidden = await WORKER.fetch(`${BASE}/media/${id}.png`);
    expect(hidden.status).toBe(404);
    await hidden.arrayBuffer();
    const { status, json } = await call(`/api/images/${id}/publish`, { method: "POST", token: paid.token });
    expect(status).toBe(200);
    expect(json.data.url).toBe(`https://app.dropcraft.test/media/${id}.png`);
    const shown = await WORKER.fetch(`${BASE}/media/${id}.png`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(sniffImage(new Uint8Array(await shown.arrayBuffer()))?.width).toBe(300);
  });
});

describe("importing a photo by its address", () => {
  it("names a malformed address instead of failing", async () => {
    const { status, json } = await call("/api/uploads/images/import", { method: "POST", token: paid.token, body: { sourceUrl: "a" } });
    expect(status).toBe(400);
    expect(json.message).toBe('sourceUrl "a" is not a web address; use a full http(s) URL.');
  });

  it("refuses a private address through the URL guard", async () => {
    const { status, json } = await call("/api/uploads/images/import", { method: "POST", token: paid.token, body: { sourceUrl: "http://169.254.169.254/latest/meta-data/photo.png" } });
    expect(status).toBe(400);
    expect(json.message).toMatch(/169\.254\.169\.254/);
  });

  it("copies one of the caller's own published images from storage", async () => {
    const url = (await call(`/api/images/${photoId}/publish`, { method: "POST", token: paid.token })).json.data.url as string;
    const { status, json } = await call("/api/uploads/images/import", { method: "POST", token: paid.token, body: { sourceUrl: new URL(url).pathname } });
    expect(status).toBe(201);
    expect(json.data).toMatchObject({ kind: "upload", width: 800, height: 800 });
    expect(json.data.id).not.toBe(photoId);
  });
});

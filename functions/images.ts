/**
 * Images and marketing visuals: generate (metered, paid plans), the gallery, downloads (gated on
 * the free plan for generated images), uploads and design previews. Thin: validate with the
 * contract, call app/server/images/service.ts, answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  BatchImagesBodySchema,
  ChargedSchema,
  CreateImagesBodySchema,
  DesignDefaultsQuerySchema,
  DesignDefaultsSchema,
  ImageListQuerySchema,
  ImageSchema,
  ImagesAnswerSchema,
  ImportImageBodySchema,
  MarketingVisualsBodySchema,
  UpscaleBodySchema,
  VariationsBodySchema,
  VisualDesignSchema,
  VISUAL_PRESET_IDS,
} from "~/domain/contracts/images";
import { designDefaults } from "~/server/images/design-defaults";
import { createImageModel } from "~/server/images/model";
import { createRenderer } from "~/server/images/renderer";
import {
  createBatch,
  createImages,
  createMarketingVisuals,
  createVariations,
  deleteImage,
  getImage,
  imageCapabilities,
  imageFile,
  importImage,
  listImages,
  previewDesign,
  publishImage,
  upscaleImage,
  uploadImage,
  zipImages,
  type ImageDeps,
} from "~/server/images/service";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, downloadHeaders, json } from "./schemas";
import { appUrl, enforceRateLimit } from "./services";
import { requireCaller } from "./session";
import { multipartFile, readUpload } from "./uploads";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const ImageAnswer = z.object({ data: ImageSchema }).meta({ id: "ImageAnswer" });
const png = { content: { "image/png": { schema: z.string().meta({ format: "binary" }) } } };

const errors = {
  400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such image (or not yours), or an image, product, page or project the request names", ...json(ErrorSchema) },
};
const generateErrors = {
  403: { description: "The free plan cannot generate (type FORBIDDEN, details.feature generate, details.upgrade true)", ...json(ErrorSchema) },
  429: { description: "Today's allowance is used up (USAGE_LIMIT), or the image model is rate limited (RATE_LIMITED, nothing charged)", ...json(ErrorSchema) },
  503: { description: "The renderer or the image model failed (nothing charged)", ...json(ErrorSchema) },
};
const downloadErrors = { 403: { description: "Generated images are downloadable on paid plans (FORBIDDEN, details.feature download)", ...json(ErrorSchema) } };

export function imageDeps(c: Context<ApiEnv>): ImageDeps {
  const config = c.var.config;
  return {
    db: c.var.db,
    env: c.env,
    files: c.env.FILES,
    renderer: createRenderer(c.env.IMAGES),
    model: config.IMAGE_BASE_URL && config.IMAGE_MODEL
      ? createImageModel({ baseUrl: config.IMAGE_BASE_URL, apiKey: config.IMAGE_API_KEY, model: config.IMAGE_MODEL, allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on" })
      : undefined,
    origin: appUrl(c),
    allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on",
  };
}

const userId = (c: Context<ApiEnv>) => requireCaller(c).user.id;
const pngResponse = (bytes: Uint8Array<ArrayBuffer>, mimeType = "image/png") =>
  new Response(bytes, { headers: { "content-type": mimeType, "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" } });

export const images = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/images",
      summary: "The caller's images, newest first, filtered by kind, project, product, size and date",
      request: { query: ImageListQuerySchema },
      responses: { 200: { description: "A page of images", ...json(z.object({ data: z.array(ImageSchema), nextCursor: z.string().nullable() })) }, ...errors },
    }),
    async (c) => c.json(await listImages(imageDeps(c), userId(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images",
      summary: "Generate images: a template design in each size and variation, or a scene from a prompt (metered: sizes × count images)",
      description: "Usage is reserved before any work and refunded in full when anything fails; nothing half-made is kept.",
      request: body(CreateImagesBodySchema),
      responses: { 201: { description: "The images made and what was counted", ...json(ImagesAnswerSchema) }, ...generateErrors, ...errors },
    }),
    async (c) => {
      const made = await createImages(imageDeps(c), userId(c), c.req.valid("json"));
      return c.json({ data: made.images, charged: made.charged }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/capabilities",
      summary: "What the configured image provider can do, and the caller's per-request maximum",
      responses: {
        200: {
          description: "Capabilities",
          ...json(z.object({ data: z.object({ provider: z.enum(["compositor", "model"]), model: z.string().nullable(), canUpscale: z.boolean(), canVary: z.boolean(), maxImagesPerRequest: z.number().int() }) })),
        },
        ...errors,
      },
    }),
    async (c) => c.json({ data: await imageCapabilities(imageDeps(c), userId(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/design-defaults",
      summary: "A design filled in from a catalog product or a page and the project's canon, with what it could not fill",
      request: { query: DesignDefaultsQuerySchema },
      responses: { 200: { description: "The design", ...json(z.object({ data: DesignDefaultsSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: await designDefaults(c.var.db, userId(c), c.req.valid("query")) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/preview",
      summary: "A small watermarked PNG of a design in one size (not metered; any plan)",
      request: body(z.object({ design: VisualDesignSchema, presetId: z.enum(VISUAL_PRESET_IDS), variant: z.number().int().min(0).max(7).optional(), productId: z.string().max(64).optional() }).meta({ id: "ImagePreviewBody" })),
      responses: { 200: { description: "The preview", ...png }, 429: { description: "Too many previews in a minute", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => {
      const id = userId(c);
      await enforceRateLimit(c, "imagePreviewByUser", String(id));
      return pngResponse(await previewDesign(imageDeps(c), id, c.req.valid("json"))) as never;
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/batch",
      summary: "One template across several catalog products and sizes (metered: products × sizes images)",
      request: body(BatchImagesBodySchema),
      responses: { 201: { description: "The images made and what was counted", ...json(ImagesAnswerSchema) }, ...generateErrors, ...errors },
    }),
    async (c) => {
      const made = await createBatch(imageDeps(c), userId(c), c.req.valid("json"));
      return c.json({ data: made.images, charged: made.charged }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/download-zip",
      summary: "Several images in one zip (generated images: paid plans)",
      request: body(z.object({ ids: z.array(z.string().min(1).max(64)).min(1, { message: "pick at least one image" }).max(100, { message: "100 images at most per zip" }) }).meta({ id: "ImagesZipBody" })),
      responses: { 200: { description: "The zip", content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } } }, ...downloadErrors, ...errors },
    }),
    async (c) => {
      const zip = await zipImages(imageDeps(c), userId(c), c.req.valid("json").ids);
      return new Response(zip, { headers: downloadHeaders("application/zip", `dropcraft-images-${new Date().toISOString().slice(0, 10)}.zip`) }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/{id}",
      summary: "One of the caller's images",
      request: { params: IdParam },
      responses: { 200: { description: "The image", ...json(ImageAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await getImage(imageDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/images/{id}",
      summary: "Delete an image and its files",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) })) }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await deleteImage(imageDeps(c), userId(c), id);
      return c.json({ data: { id, deleted: true as const } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/{id}/thumbnail",
      summary: "The image's thumbnail (480 px wide PNG; any plan)",
      request: { params: IdParam },
      responses: { 200: { description: "The thumbnail", ...png }, ...errors },
    }),
    async (c) => {
      const file = await imageFile(imageDeps(c), userId(c), c.req.valid("param").id, "thumbnail");
      return pngResponse(file.bytes) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/{id}/file",
      summary: "The full image, shown inline (generated images: paid plans)",
      request: { params: IdParam },
      responses: { 200: { description: "The image", ...png }, ...downloadErrors, ...errors },
    }),
    async (c) => {
      const file = await imageFile(imageDeps(c), userId(c), c.req.valid("param").id, "file");
      return pngResponse(file.bytes, file.mimeType) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/images/{id}/download",
      summary: "The image as a file to save (generated images: paid plans)",
      request: { params: IdParam },
      responses: { 200: { description: "The PNG", ...png }, ...downloadErrors, ...errors },
    }),
    async (c) => {
      const file = await imageFile(imageDeps(c), userId(c), c.req.valid("param").id, "file");
      return new Response(file.bytes, { headers: downloadHeaders(file.mimeType, file.fileName) }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/{id}/variations",
      summary: "More layouts of a design (the compositor) or variations of a picture (an image model); metered",
      request: { params: IdParam, ...body(VariationsBodySchema) },
      responses: { 201: { description: "The variations and what was counted", ...json(ImagesAnswerSchema) }, ...generateErrors, ...errors },
    }),
    async (c) => {
      const made = await createVariations(imageDeps(c), userId(c), c.req.valid("param").id, c.req.valid("json").count);
      return c.json({ data: made.images, charged: made.charged }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/{id}/upscale",
      summary: "Redraw a compositor design at twice the size (one image)",
      request: { params: IdParam, ...body(UpscaleBodySchema) },
      responses: { 201: { description: "The larger image and what was counted", ...json(ImagesAnswerSchema) }, ...generateErrors, ...errors },
    }),
    async (c) => {
      const made = await upscaleImage(imageDeps(c), userId(c), c.req.valid("param").id);
      return c.json({ data: made.images, charged: made.charged }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/images/{id}/publish",
      summary: "Serve the image at a public address, for drop pages and store export (generated images: paid plans)",
      request: { params: IdParam },
      responses: { 200: { description: "Its public address", ...json(z.object({ data: z.object({ url: z.string() }) })) }, ...downloadErrors, ...errors },
    }),
    async (c) => c.json({ data: await publishImage(imageDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/uploads/images",
      summary: "Upload a product photo: PNG, JPEG or WebP, up to 10 MB, 200 to 6000 px a side (not metered)",
      request: multipartFile("One PNG, JPEG or WebP photo, up to 10 MB", { projectId: "The project it belongs to (optional)" }),
      responses: {
        201: { description: "The uploaded image", ...json(ImageAnswer) },
        413: { description: "Larger than 10 MB", ...json(ErrorSchema) },
        415: { description: "Not a PNG, JPEG or WebP", ...json(ErrorSchema) },
        429: { description: "Too many uploads in a few minutes", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const id = userId(c);
      await enforceRateLimit(c, "imageUploadByUser", String(id));
      const upload = await readUpload(c);
      return c.json({ data: await uploadImage(imageDeps(c), id, upload.file, { projectId: upload.field("projectId") }) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/uploads/images/import",
      summary: "Import a catalog product's or a page's photo by its URL (through the URL guard)",
      request: body(ImportImageBodySchema),
      responses: { 201: { description: "The imported image", ...json(ImageAnswer) }, 429: { description: "Too many uploads in a few minutes", ...json(ErrorSchema) }, ...errors },
    }),
    async (c) => {
      const id = userId(c);
      await enforceRateLimit(c, "imageUploadByUser", String(id));
      return c.json({ data: await importImage(imageDeps(c), id, c.req.valid("json")) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/marketing-visuals",
      summary: "One design as ad creatives in platform presets (metered per day: one visual per preset)",
      request: body(MarketingVisualsBodySchema),
      responses: { 201: { description: "The visuals and what was counted", ...json(z.object({ data: z.array(ImageSchema), charged: ChargedSchema }).meta({ id: "MarketingVisualsAnswer" })) }, ...generateErrors, ...errors },
    }),
    async (c) => {
      const made = await createMarketingVisuals(imageDeps(c), userId(c), c.req.valid("json"));
      return c.json({ data: made.images, charged: made.charged }, 201);
    },
  );

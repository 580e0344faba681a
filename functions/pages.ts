/**
 * Store pages (ADR 014): drafts from a URL, an Explorer product or typed fields; edits with
 * revisions and versions; generation (metered, paid plans); publish as a drop page at /p/{slug};
 * exports (Shopify CSV, a standalone HTML zip, the connected store); preview links. Another
 * user's page is a 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  PageCreateBodySchema,
  PageCreatedSchema,
  PageGenerateBodySchema,
  PageGeneratedSchema,
  PageImageBodySchema,
  PageListSchema,
  PagePublishBodySchema,
  PagePublishedSchema,
  PagePatchBodySchema,
  PageSchema,
  PageVersionListSchema,
  ShopifyExportBodySchema,
  ShopifyExportRecordListSchema,
  ShopifyExportResultSchema,
} from "~/domain/contracts/pages";
import { exportPageCsv, exportPageHtmlZip, exportPageToStore, listShopifyExports, type ExportDeps } from "~/server/pages/exports";
import { dropPageCache, previewLink, purgeDropPage } from "~/server/pages/public-pages";
import {
  addPageImage,
  createPage,
  deletePage,
  duplicatePage,
  generatePage,
  getPage,
  listPages,
  listVersions,
  publishPage,
  restoreVersion,
  unpublishPage,
  updatePage,
} from "~/server/pages/service";
import { modelSectionWriter } from "~/server/pages/writers";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, downloadHeaders, json } from "./schemas";
import { appUrl } from "./services";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const VersionParam = IdParam.extend({ versionId: z.coerce.number().int().positive() });

const PageAnswer = z.object({ data: PageSchema }).meta({ id: "PageAnswer" });

const errors = {
  400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such page (or not yours)", ...json(ErrorSchema) },
};
const paidErrors = {
  403: { description: "The free plan cannot do this (type FORBIDDEN, details.feature generate/export/download, details.upgrade true)", ...json(ErrorSchema) },
  429: { description: "This month's allowance is used up (type USAGE_LIMIT)", ...json(ErrorSchema) },
};

export function pageDeps(c: Context<ApiEnv>): ExportDeps {
  const origin = appUrl(c);
  return {
    storeTokenKey: c.var.config.STORE_TOKEN_KEY,
    shopifyAdminBaseUrl: c.var.config.SHOPIFY_ADMIN_BASE_URL,
    files: c.env.FILES,
    db: c.var.db,
    env: c.env,
    origin,
    allowLoopbackForTests: c.var.config.URL_GUARD_ALLOW_LOOPBACK === "on",
    modelWriter: modelSectionWriter(c.var.config, c.var.log),
    purgePublicPage: (slug) => purgeDropPage(dropPageCache(), origin, slug),
  };
}

const userId = (c: Context<ApiEnv>) => requireCaller(c).user.id;

export const pages = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/pages",
      summary: "The caller's pages, most recently edited first, with status, views and buy clicks",
      responses: { 200: { description: "Pages", ...json(z.object({ data: PageListSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: { pages: await listPages(pageDeps(c), userId(c)) } }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages",
      summary: "Make a draft from a product URL (read through the URL guard), an Explorer product, or typed fields",
      description: "Free on every plan. The answer lists which product fields the extractor found and which it left empty.",
      request: body(PageCreateBodySchema),
      responses: { 201: { description: "The draft", ...json(z.object({ data: PageCreatedSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: await createPage(pageDeps(c), userId(c), c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pages/{id}",
      summary: "A page with its product, sections, theme and SEO fields",
      request: { params: IdParam },
      responses: { 200: { description: "The page", ...json(PageAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await getPage(pageDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/pages/{id}",
      summary: "Save edits (the editor's autosave); send baseRevision to refuse overwriting a newer save",
      request: { params: IdParam, ...body(PagePatchBodySchema) },
      responses: {
        200: { description: "Saved", ...json(PageAnswer) },
        409: { description: "A newer revision was saved, or the slug is taken (type CONFLICT)", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => c.json({ data: await updatePage(pageDeps(c), userId(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/pages/{id}",
      summary: "Delete a page (a published one stops answering at once)",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(z.object({ data: z.object({ id: z.string() }) })) }, ...errors },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      await deletePage(pageDeps(c), userId(c), id);
      return c.json({ data: { id } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/generate",
      summary: "Write the page's sections from its product and its project's canon (one page generation; paid plans)",
      description:
        "Refunded when the writer fails or the product data holds nothing to write from. Sections the merchant edited by hand (the page's editedSections) are kept unless replaceEdited names them; the answer's generation says what was written, kept, replaced and hidden.",
      request: { params: IdParam, ...body(PageGenerateBodySchema) },
      responses: { 200: { description: "The page with its new sections, and what the generation did", ...json(z.object({ data: PageGeneratedSchema })) }, ...paidErrors, ...errors },
    }),
    async (c) => {
      const { sections, replaceEdited } = c.req.valid("json");
      return c.json({ data: await generatePage(pageDeps(c), userId(c), c.req.valid("param").id, { sections, replaceEdited }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/publish",
      summary: "Publish (or republish) the page as a drop page at /p/{slug}",
      description:
        "Each image is checked through the URL guard first: one that does not load refuses the publish (400, details.brokenImages names each image and where the page uses it) unless acceptBrokenImages is true. Images that could not be checked are listed in imageProblems.",
      request: { params: IdParam, body: { required: false, ...json(PagePublishBodySchema) } },
      responses: { 200: { description: "Published", ...json(z.object({ data: PagePublishedSchema })) }, ...errors },
    }),
    async (c) => {
      const options = (c.req.valid("json") as { acceptBrokenImages?: boolean } | undefined) ?? {};
      return c.json({ data: await publishPage(pageDeps(c), userId(c), c.req.valid("param").id, { acceptBrokenImages: options.acceptBrokenImages === true }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/images",
      summary: "Put an image on the page: as its main image (first product image and the hero's picture) or added after the others",
      request: { params: IdParam, ...body(PageImageBodySchema) },
      responses: { 200: { description: "The page with the image placed", ...json(PageAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await addPageImage(pageDeps(c), userId(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/unpublish",
      summary: "Take the drop page down; the draft stays",
      request: { params: IdParam },
      responses: { 200: { description: "Unpublished", ...json(PageAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await unpublishPage(pageDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/duplicate",
      summary: "Copy a page as a new draft",
      request: { params: IdParam },
      responses: { 201: { description: "The copy", ...json(PageAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await duplicatePage(pageDeps(c), userId(c), c.req.valid("param").id) }, 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pages/{id}/versions",
      summary: "The page's saved versions, newest first",
      request: { params: IdParam },
      responses: { 200: { description: "Versions", ...json(z.object({ data: PageVersionListSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: { versions: await listVersions(c.var.db, userId(c), c.req.valid("param").id) } }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/versions/{versionId}/restore",
      summary: "Go back to a version (saved as a new revision, so nothing is lost)",
      request: { params: VersionParam },
      responses: { 200: { description: "The page as restored", ...json(PageAnswer) }, ...errors },
    }),
    async (c) => {
      const { id, versionId } = c.req.valid("param");
      return c.json({ data: await restoreVersion(pageDeps(c), userId(c), id, versionId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/preview-link",
      summary: "A short-lived link that shows the current draft as the drop page would (for the builder's preview frame)",
      request: { params: IdParam },
      responses: { 200: { description: "The link", ...json(z.object({ data: z.object({ url: z.string(), expiresAt: z.string() }) })) }, ...errors },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      const uid = userId(c);
      await getPage(pageDeps(c), uid, id);
      return c.json({ data: await previewLink(c.var.config.AUTH_SECRET, id, uid) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pages/{id}/export/shopify-csv",
      summary: "The page's product as a Shopify product CSV (one export; paid plans)",
      description: "Refused (400, details.brokenImages) when an image does not load, unless acceptBrokenImages=true.",
      request: { params: IdParam, query: z.object({ acceptBrokenImages: z.enum(["true", "false"]).optional() }) },
      responses: { 200: { description: "The CSV", content: { "text/csv": { schema: z.string() } } }, ...paidErrors, ...errors },
    }),
    async (c) => {
      const file = await exportPageCsv(pageDeps(c), userId(c), c.req.valid("param").id, { acceptBrokenImages: c.req.valid("query").acceptBrokenImages === "true" });
      return new Response(file.csv, { headers: downloadHeaders("text/csv; charset=utf-8", file.fileName) }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pages/{id}/export/html",
      summary: "The page as a standalone HTML zip (one export; paid plans)",
      request: { params: IdParam },
      responses: { 200: { description: "The zip", content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } } }, ...paidErrors, ...errors },
    }),
    async (c) => {
      const file = await exportPageHtmlZip(pageDeps(c), userId(c), c.req.valid("param").id);
      return new Response(new Uint8Array(file.zip), { headers: downloadHeaders("application/zip", file.fileName) }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pages/{id}/export/shopify",
      summary:
        "Create the page's product (and optionally its landing page) in the connected Shopify store, or update the ones an earlier export of this page made in that shop (one export; paid plans)",
      request: { params: IdParam, ...body(ShopifyExportBodySchema) },
      responses: {
        200: { description: "Created or updated (action, pageAction); links to the store admin", ...json(z.object({ data: ShopifyExportResultSchema })) },
        409: { description: "No store is connected, or several are and none was chosen", ...json(ErrorSchema) },
        503: { description: "Shopify is unreachable or throttling (not counted)", ...json(ErrorSchema) },
        ...paidErrors,
        ...errors,
      },
    }),
    async (c) => c.json({ data: await exportPageToStore(pageDeps(c), userId(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pages/{id}/export/shopify",
      summary: "Where this page was exported before: its latest Shopify export per shop, which exporting to that shop again updates",
      request: { params: IdParam },
      responses: { 200: { description: "Newest first", ...json(z.object({ data: ShopifyExportRecordListSchema })) }, ...errors },
    }),
    async (c) => c.json({ data: { exports: await listShopifyExports(c.var.db, userId(c), c.req.valid("param").id) } }, 200),
  );

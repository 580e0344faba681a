/**
 * Store pages: make a draft (from a URL, an Explorer product or typed fields), edit it with
 * optimistic revisions and versions to go back to, generate its sections (metered), publish it as
 * a drop page, and audit and fix its SEO. Every read and write is scoped to the signed-in user.
 *
 * Plan rules (spec: free users can extract, edit and preview; generate, export and download open
 * the upgrade modal): the server refuses them on the free plan with FORBIDDEN and
 * details { feature, upgrade: true }, the feature being the modal's (generate, export, download).
 */
import type {
  BrokenImage,
  Page,
  PageCreateBody,
  PageGenerated,
  PagePatchBody,
  PageProduct,
  PagePublished,
  PageSection,
  PageSeo,
  PageSummary,
  PageTheme,
  SeoAudit,
  SeoCheckId,
} from "~/domain/contracts/pages";
import { PAGE_IMAGES_MAX } from "~/domain/contracts/pages";
import type { Canon } from "~/domain/contracts/projects";
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { findCatalogProduct } from "../../../db/catalog";
import {
  deletePage as deletePageRow,
  findPage,
  findPageVersion,
  insertPage,
  insertPageVersion,
  latestPageVersion,
  listFullPages,
  listPages as listPageRows,
  listPageVersions,
  setPagePublication,
  slugExists,
  updatePageFields,
  type PageRow,
} from "../../../db/pages";
import { findProject } from "../../../db/projects";
import { planFor } from "../billing/plan";
import { reserveUsage, type MeterBindings } from "../usage/meter";
import { extractProduct } from "../web/product-extractor";
import { createGuardedFetcher, checkUrl } from "../web/url-guard";
import { draftSections, productFromCatalog, productFromExtraction, productFromHand, slugFor, slugWithSuffix } from "./drafts";
import { mergeGeneration, protectedKinds } from "./edits";
import { writePageSections, canonFactsFrom, type CanonFacts } from "./generate-builtin";
import { checkPageImages, createImageProbe, describeImageProblem, probeAll, type ImageProbe } from "./image-check";
import { renderDropPage } from "./render";
import { applySeoFixes, auditPage } from "./seo-audit";
import { themeFor } from "./theme";

export interface PageDeps {
  db: Database;
  env: MeterBindings;
  /** The app's public origin (APP_URL): drop pages' canonical addresses. */
  origin: string;
  /** URL_GUARD_ALLOW_LOOPBACK (test suites only). */
  allowLoopbackForTests: boolean;
  /** Writes sections with the configured AI model; absent: the built-in writer. */
  modelWriter?: SectionWriter;
  /** Drops a slug's cached drop page (publish, unpublish, delete). */
  purgePublicPage?(slug: string): Promise<void>;
  /** Does an image load? Absent: the URL guard's probe (image-check.ts). */
  imageProbe?: ImageProbe;
}

/** The probe that tells whether a page's images load (through the URL guard; our own media from D1). */
export const imageProbeOf = (deps: Pick<PageDeps, "db" | "origin" | "allowLoopbackForTests" | "imageProbe">): ImageProbe =>
  deps.imageProbe ?? createImageProbe({ db: deps.db, origin: deps.origin, allowLoopbackForTests: deps.allowLoopbackForTests });

export interface SectionWriterResult {
  sections: PageSection[];
  missing: string[];
  /** Stored with the page: "builtin" or the model id. */
  writer: string;
  /** A palette matched to the canon's brand colours, when it names any. */
  theme?: PageTheme;
}
export type SectionWriter = (product: PageProduct, canon: CanonFacts, only: PageSection["kind"][] | undefined) => Promise<SectionWriterResult>;

/** Autosaves closer together than this share one version (a typing burst is one step back). */
export const AUTOSAVE_VERSION_GAP_MS = 2 * 60_000;

/** What an autosaved version holds: everything the editor changes. */
type PageSnapshot = Pick<Page, "product" | "sections" | "theme" | "seo" | "buyUrl" | "missing">;

export const publicPath = (slug: string) => `/p/${slug}`;

/** The sections as last generated (or drafted): what "edited by the merchant" is measured against. */
function baselineOf(row: Pick<PageRow, "generatedSections" | "product">): PageSection[] {
  return (row.generatedSections as PageSection[] | null) ?? draftSections(row.product as PageProduct);
}

function toPage(row: PageRow, origin: string): Page {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    sourceUrl: row.sourceUrl,
    catalogProductId: row.catalogProductId,
    projectId: row.projectId,
    product: row.product as PageProduct,
    sections: row.sections as PageSection[],
    theme: row.theme as PageTheme,
    seo: row.seo as PageSeo,
    buyUrl: row.buyUrl,
    missing: row.missing,
    generatedBy: row.generatedBy,
    generatedAt: row.generatedAt,
    editedSections: protectedKinds(row.sections as PageSection[], baselineOf(row)),
    revision: row.revision,
    publishedAt: row.publishedAt,
    publicUrl: row.status === "published" ? `${origin}${publicPath(row.slug)}` : null,
    views: row.views,
    buyClicks: row.buyClicks,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const snapshotOf = (page: Pick<PageRow, "product" | "sections" | "theme" | "seo" | "buyUrl" | "missing">): PageSnapshot => ({
  product: page.product as PageProduct,
  sections: page.sections as PageSection[],
  theme: page.theme as PageTheme,
  seo: page.seo as PageSeo,
  buyUrl: page.buyUrl,
  missing: page.missing,
});

async function pageRow(db: Database, userId: number, id: string): Promise<PageRow> {
  const row = await findPage(db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such page.");
  return row;
}

/** The plan gate of a paid page action, named by the upgrade modal's feature. */
async function requirePaidPages(db: Database, userId: number, feature: "generate" | "export" | "download"): Promise<void> {
  const plan = await planFor(db, userId);
  if (plan.tier !== "free") return;
  const what = { generate: "Writing a page with AI", export: "Exporting to your store", download: "Downloading a page for your store" }[feature];
  throw new AppError("FORBIDDEN", `${what} is part of the Growth and Elite plans. On the free plan you can extract, edit and preview pages.`, {
    details: { feature, plan: plan.id, upgrade: true },
  });
}

/** The canon facts a page is written with: its project's, or none. */
async function canonOf(db: Database, userId: number, projectId: string | null): Promise<CanonFacts> {
  if (!projectId) return canonFactsFrom([]);
  const project = await findProject(db, userId, projectId);
  const canon = (project?.canonContext ?? {}) as Canon;
  return canonFactsFrom(Object.entries(canon).map(([path, entry]) => ({ path, value: entry.value })));
}

async function requireProject(db: Database, userId: number, projectId: string | null | undefined): Promise<void> {
  if (projectId && !(await findProject(db, userId, projectId))) {
    throw new AppError("NOT_FOUND", "No such project: pick one of your projects for the page's brand facts.", {
      details: { fields: [{ path: "projectId", message: "no such project" }] },
    });
  }
}

const defaultSeo = (product: PageProduct): PageSeo => ({
  title: product.title.slice(0, 60),
  description: product.description.replace(/\s+/g, " ").trim().slice(0, 155),
  imageAlts: {},
});

export interface CreatedPage {
  page: Page;
  extraction: { found: string[]; missing: string[] } | null;
}

/** A new draft from a URL, an Explorer product or typed fields. */
export async function createPage(deps: PageDeps, userId: number, body: PageCreateBody): Promise<CreatedPage> {
  const { db } = deps;
  await requireProject(db, userId, body.projectId);
  let product: PageProduct;
  let extraction: CreatedPage["extraction"] = null;
  let sourceUrl: string | null = null;
  let catalogProductId: string | null = null;
  if (body.sourceUrl !== undefined) {
    const check = checkUrl(body.sourceUrl, { allowLoopbackForTests: deps.allowLoopbackForTests });
    if (!check.allowed) throw new AppError("VALIDATION", check.message, { details: { code: check.code, fields: [{ path: "sourceUrl", message: check.message }] } });
    const found = await extractProduct(check.url.href, createGuardedFetcher({ allowLoopbackForTests: deps.allowLoopbackForTests }));
    product = productFromExtraction(found);
    sourceUrl = found.productUrl ?? found.url;
    extraction = { found: Object.entries(found.fields).filter(([, v]) => v !== null).map(([k]) => k), missing: found.missing };
  } else if (body.productId !== undefined) {
    const row = await findCatalogProduct(db, userId, body.productId);
    if (!row) throw new AppError("NOT_FOUND", `No product ${body.productId} in your Explorer catalog.`);
    product = productFromCatalog(row.product);
    catalogProductId = row.product.id;
  } else {
    product = productFromHand(body.product!);
  }
  const canon = await canonOf(db, userId, body.projectId ?? null);
  const fields = {
    userId,
    status: "draft" as const,
    sourceUrl,
    catalogProductId,
    projectId: body.projectId ?? null,
    product,
    sections: draftSections(product),
    generatedSections: draftSections(product),
    theme: themeFor(canon.colours.length ? canon.colours : null),
    seo: defaultSeo(product),
    buyUrl: sourceUrl,
    missing: [],
  };
  const base = slugFor(product.title);
  let row: PageRow | "slug_taken" = "slug_taken";
  for (let attempt = 0; attempt < 4 && row === "slug_taken"; attempt++) {
    const slug = attempt === 0 && !(await slugExists(db, base)) ? base : slugWithSuffix(base);
    row = await insertPage(db, { ...fields, id: crypto.randomUUID(), slug });
  }
  if (row === "slug_taken") throw new AppError("CONFLICT", "Could not find a free address for this page; try again.");
  await insertPageVersion(db, { pageId: row.id, revision: row.revision, reason: "created", snapshot: snapshotOf(row) });
  return { page: toPage(row, deps.origin), extraction };
}

export async function listPages(deps: Pick<PageDeps, "db" | "origin">, userId: number): Promise<PageSummary[]> {
  const rows = await listPageRows(deps.db, userId);
  return rows.map((r) => {
    const product = r.product as PageProduct;
    return {
      id: r.id,
      slug: r.slug,
      status: r.status,
      sourceUrl: r.sourceUrl,
      publishedAt: r.publishedAt,
      publicUrl: r.status === "published" ? `${deps.origin}${publicPath(r.slug)}` : null,
      views: r.views,
      buyClicks: r.buyClicks,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      generatedAt: r.generatedAt,
      title: product.title,
      imageUrl: product.images[0] ?? null,
      priceCents: product.priceCents,
      currency: product.currency,
    };
  });
}

export async function getPage(deps: Pick<PageDeps, "db" | "origin">, userId: number, id: string): Promise<Page> {
  return toPage(await pageRow(deps.db, userId, id), deps.origin);
}

/**
 * Saves an edit. With `baseRevision`, a newer save refuses it (CONFLICT naming both revisions, so
 * the editor can reload without losing the merchant's text). A version is kept per burst of edits.
 */
export async function updatePage(deps: PageDeps, userId: number, id: string, patch: PagePatchBody, reason: "autosave" | "restored" | "seo-fix" = "autosave"): Promise<Page> {
  const { db } = deps;
  const current = await pageRow(db, userId, id);
  if (patch.baseRevision !== undefined && patch.baseRevision !== current.revision) {
    throw new AppError("CONFLICT", `This page was saved elsewhere (revision ${current.revision}; your edit was made on ${patch.baseRevision}). Reload it to continue from the newest version.`, {
      details: { revision: current.revision },
    });
  }
  if (patch.projectId !== undefined) await requireProject(db, userId, patch.projectId);
  const { baseRevision: _base, ...fields } = patch;
  const saved = await updatePageFields(db, userId, id, current.revision, fields);
  if (saved === "missing") throw new AppError("NOT_FOUND", "No such page.");
  if (saved === "stale") throw new AppError("CONFLICT", "This page was saved elsewhere at the same moment. Reload it to continue from the newest version.");
  if (saved === "slug_taken") {
    throw new AppError("CONFLICT", `The address /p/${patch.slug} is taken: choose another.`, { details: { fields: [{ path: "slug", message: "address taken" }] } });
  }
  const latest = await latestPageVersion(db, id);
  const sameBurst = reason === "autosave" && latest?.reason === "autosave" && Date.now() - Date.parse(latest.createdAt) < AUTOSAVE_VERSION_GAP_MS;
  if (!sameBurst) await insertPageVersion(db, { pageId: id, revision: saved.revision, reason, snapshot: snapshotOf(saved) });
  if (patch.slug !== undefined && patch.slug !== current.slug && current.status === "published") {
    // The old address stops answering; the new one serves once republished.
    await setPagePublication(db, userId, id, null);
    await deps.purgePublicPage?.(current.slug);
    return toPage((await findPage(db, userId, id))!, deps.origin);
  }
  return toPage(saved, deps.origin);
}

export async function listVersions(db: Database, userId: number, pageId: string) {
  await pageRow(db, userId, pageId);
  return listPageVersions(db, userId, pageId);
}

/** Goes back to a version: its fields become the page's (as a new revision, so nothing is lost). */
export async function restoreVersion(deps: PageDeps, userId: number, pageId: string, versionId: number): Promise<Page> {
  const version = await findPageVersion(deps.db, userId, pageId, versionId);
  if (!version) throw new AppError("NOT_FOUND", "No such version of this page.");
  const snapshot = version.snapshot as PageSnapshot;
  const current = await pageRow(deps.db, userId, pageId);
  return updatePage(deps, userId, pageId, { ...snapshot, baseRevision: current.revision }, "restored");
}

/**
 * Writes the page's sections from its product and its project's canon: one page generation,
 * reserved before writing and refunded when the writer fails or finds nothing to write.
 *
 * The merchant's work is kept: a section they edited by hand (and that holds words) is left as it
 * is unless `replaceEdited` names its kind; the answer's `generation` says what was written, kept,
 * replaced and hidden (edits.ts).
 */
export async function generatePage(
  deps: PageDeps,
  userId: number,
  id: string,
  request: { sections?: PageSection["kind"][]; replaceEdited?: PageSection["kind"][] } = {},
): Promise<PageGenerated> {
  const { db } = deps;
  const only = request.sections;
  const current = await pageRow(db, userId, id);
  await requirePaidPages(db, userId, "generate");
  const reservation = await reserveUsage(deps.env, userId, "pageGenerations", 1, db);
  try {
    const product = current.product as PageProduct;
    const canon = await canonOf(db, userId, current.projectId);
    const written = deps.modelWriter ? await deps.modelWriter(product, canon, only) : builtinWriter(product, canon, only);
    const previous = current.sections as PageSection[];
    const merged = mergeGeneration(previous, baselineOf(current), written.sections, { only, replaceEdited: request.replaceEdited });
    const wroteSomething = merged.report.wrote.some((k) => k !== "cta" && k !== "hero");
    if (!wroteSomething) {
      if (merged.report.kept.length) {
        throw new AppError(
          "VALIDATION",
          `Nothing was written: ${merged.report.summary} Choose the sections whose edits may be replaced. This generation was not counted.`,
          { details: { editedSections: merged.report.kept, missing: written.missing } },
        );
      }
      throw new AppError(
        "VALIDATION",
        `There is not enough product data to write from: ${written.missing.join(" ") || "add a description, specs or box contents."} This generation was not counted.`,
        { details: { missing: written.missing } },
      );
    }
    const saved = await updatePageFields(db, userId, id, current.revision, {
      sections: merged.sections,
      generatedSections: merged.baseline,
      missing: written.missing,
      ...(written.theme ? { theme: written.theme } : {}),
      generatedBy: written.writer,
      generatedAt: new Date().toISOString(),
    });
    if (typeof saved === "string") throw new AppError("CONFLICT", "This page changed while it was being written. Reload it and generate again; this generation was not counted.");
    await insertPageVersion(db, { pageId: id, revision: saved.revision, reason: "generated", snapshot: snapshotOf(saved) });
    await reservation.commit();
    return { ...toPage(saved, deps.origin), generation: merged.report };
  } catch (err) {
    await reservation.refund();
    throw err;
  }
}

export function builtinWriter(product: PageProduct, canon: CanonFacts, only?: PageSection["kind"][]): SectionWriterResult {
  const { sections, missing, theme } = writePageSections(product, canon);
  return { sections: only ? sections.filter((s) => only.includes(s.kind)) : sections, missing, writer: "builtin", ...(theme ? { theme } : {}) };
}

/** The drop page's HTML as published now: canonical address, buy link through the click counter. */
export function pageHtml(page: Page, origin: string): string {
  // The merchant's brand heads their page (the vendor the product data names), never ours.
  const siteName = page.product.vendor ?? page.product.title;
  return renderDropPage(page, { canonicalUrl: `${origin}${publicPath(page.slug)}`, buyHref: `${publicPath(page.slug)}/buy`, siteName });
}

/** Why a page cannot be published yet, or null. */
function publishBlocker(page: Page): string | null {
  if (!page.buyUrl) return "Set where the buy button goes (your checkout or product page address) before publishing.";
  if (!page.sections.some((s) => !s.hidden)) return "Every section is hidden: show at least one before publishing.";
  return null;
}

/**
 * The images of a page that do not load, checked before it goes out (publish, export). A broken
 * one refuses the action (VALIDATION, details.brokenImages naming each image and where the page
 * uses it) unless the merchant said to go ahead (`acceptBrokenImages`); images that could not be
 * checked never refuse, and are answered with the page so the screen can say so.
 */
export async function requireLoadingImages(deps: PageDeps, page: Page, action: "publishing" | "exporting", acceptBrokenImages = false): Promise<BrokenImage[]> {
  const problems = await checkPageImages(page, imageProbeOf(deps));
  const broken = problems.filter((p) => p.kind === "broken");
  if (broken.length && !acceptBrokenImages) {
    const named = broken.map(describeImageProblem).join(" ");
    throw new AppError("VALIDATION", `${broken.length === 1 ? "An image does not load" : `${broken.length} images do not load`}: ${named} Replace or remove ${broken.length === 1 ? "it" : "them"} before ${action}, or confirm to go ahead anyway.`, {
      details: { brokenImages: broken, confirm: "acceptBrokenImages", fields: broken.map((b) => ({ path: "product.images", message: `${b.where.join(", ")} does not load` })) },
    });
  }
  return problems;
}

export async function publishPage(deps: PageDeps, userId: number, id: string, options: { acceptBrokenImages?: boolean } = {}): Promise<PagePublished> {
  const page = toPage(await pageRow(deps.db, userId, id), deps.origin);
  const blocker = publishBlocker(page);
  if (blocker) throw new AppError("VALIDATION", blocker, { details: { fields: [{ path: page.buyUrl ? "sections" : "buyUrl", message: blocker }] } });
  const imageProblems = await requireLoadingImages(deps, page, "publishing", options.acceptBrokenImages);
  const row = await setPagePublication(deps.db, userId, id, { html: pageHtml({ ...page, status: "published" }, deps.origin), at: new Date().toISOString() });
  await insertPageVersion(deps.db, { pageId: id, revision: row!.revision, reason: "published", snapshot: snapshotOf(row!) });
  await deps.purgePublicPage?.(page.slug);
  return { ...toPage(row!, deps.origin), imageProblems };
}

/**
 * Puts an image on the page (the images gallery's "Use in page builder"): as the main image (first
 * product image and the hero's picture; a broken main image is what the merchant replaces) or
 * added after the others. Saved on the newest revision, so no edit is overwritten.
 */
export async function addPageImage(deps: PageDeps, userId: number, id: string, body: { url: string; placement: "main" | "gallery" }): Promise<Page> {
  for (let attempt = 0; ; attempt++) {
    const current = await pageRow(deps.db, userId, id);
    const product = current.product as PageProduct;
    const sections = current.sections as PageSection[];
    const others = product.images.filter((u) => u !== body.url);
    if (body.placement === "gallery" && product.images.includes(body.url)) return toPage(current, deps.origin);
    if (others.length >= PAGE_IMAGES_MAX) {
      throw new AppError("VALIDATION", `This page already holds ${PAGE_IMAGES_MAX} images, the most a page can have. Remove one in the page builder first.`);
    }
    const images = body.placement === "main" ? [body.url, ...others] : [...others, body.url];
    const oldMain = product.images[0] ?? null;
    // The hero shows the main image: it follows when it showed the old one (or none).
    // Choosing a picture is not a text edit: the baseline's hero follows too, so generation still treats the hero as untouched.
    const follow = (list: PageSection[]) => list.map((s) => (s.kind === "hero" && (s.imageUrl === null || s.imageUrl === oldMain) ? { ...s, imageUrl: body.url } : s));
    const heroChanged = body.placement === "main" && sections.some((s) => s.kind === "hero" && (s.imageUrl === null || s.imageUrl === oldMain));
    const saved = await updatePageFields(deps.db, userId, id, current.revision, {
      product: { ...product, images },
      ...(heroChanged ? { sections: follow(sections), generatedSections: follow(baselineOf(current)) } : {}),
    });
    if (saved === "stale" && attempt < 2) continue;
    if (typeof saved === "string") throw new AppError("CONFLICT", "This page is being saved elsewhere; try again in a moment.");
    await insertPageVersion(deps.db, { pageId: id, revision: saved.revision, reason: "autosave", snapshot: snapshotOf(saved) });
    return toPage(saved, deps.origin);
  }
}

export async function unpublishPage(deps: PageDeps, userId: number, id: string): Promise<Page> {
  const current = await pageRow(deps.db, userId, id);
  const row = await setPagePublication(deps.db, userId, id, null);
  await deps.purgePublicPage?.(current.slug);
  return toPage(row!, deps.origin);
}

/** A copy as a new draft (not published, counters at zero). */
export async function duplicatePage(deps: PageDeps, userId: number, id: string): Promise<Page> {
  const source = await pageRow(deps.db, userId, id);
  let row: PageRow | "slug_taken" = "slug_taken";
  for (let attempt = 0; attempt < 4 && row === "slug_taken"; attempt++) {
    row = await insertPage(deps.db, {
      id: crypto.randomUUID(),
      userId,
      slug: slugWithSuffix(source.slug.replace(/-[a-z0-9]{5}$/, "")),
      status: "draft",
      sourceUrl: source.sourceUrl,
      catalogProductId: source.catalogProductId,
      projectId: source.projectId,
      ...snapshotOf(source),
      generatedBy: source.generatedBy,
      generatedAt: source.generatedAt,
      generatedSections: source.generatedSections,
    });
  }
  if (row === "slug_taken") throw new AppError("CONFLICT", "Could not find a free address for the copy; try again.");
  await insertPageVersion(deps.db, { pageId: row.id, revision: row.revision, reason: "created", snapshot: snapshotOf(row) });
  return toPage(row, deps.origin);
}

export async function deletePage(deps: PageDeps, userId: number, id: string): Promise<void> {
  const row = await deletePageRow(deps.db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such page.");
  if (row.status === "published") await deps.purgePublicPage?.(row.slug);
}

export { requirePaidPages, toPage, pageRow, canonOf };

// ---------------------------------------------------------------------------------------------
// SEO

function auditOf(page: Page, origin: string, imageVerdicts: Awaited<ReturnType<typeof probeAll>>): SeoAudit {
  // Drafts and published pages alike are audited as they would be served now (a fix republishes).
  const result = auditPage(pageHtml(page, origin), page, { origin, imageVerdicts });
  return { pageId: page.id, title: page.product.title, status: page.status, ...result };
}

/** Whether each image of these pages loads (each address probed once). */
const verdictsFor = (deps: Pick<PageDeps, "db" | "origin" | "allowLoopbackForTests" | "imageProbe">, pages: readonly Page[]) =>
  probeAll(
    pages.flatMap((p) => [...p.product.images, ...p.sections.filter((s) => !s.hidden && s.imageUrl).map((s) => s.imageUrl!)]),
    imageProbeOf(deps),
  );

/** Every page of the user, audited as it would be served now (with whether each image loads). */
export async function listAudits(deps: Pick<PageDeps, "db" | "origin" | "allowLoopbackForTests" | "imageProbe">, userId: number): Promise<SeoAudit[]> {
  const pages = (await listFullPages(deps.db, userId)).map((r) => toPage(r, deps.origin));
  const verdicts = await verdictsFor(deps, pages);
  return pages.map((p) => auditOf(p, deps.origin, verdicts));
}

/** Applies the fixes that can be applied automatically, saves (a version named seo-fix) and audits again. */
export async function applyAuditFixes(deps: PageDeps, userId: number, pageId: string, checks?: SeoCheckId[]) {
  const page = toPage(await pageRow(deps.db, userId, pageId), deps.origin);
  const verdicts = await verdictsFor(deps, [page]);
  const before = auditOf(page, deps.origin, verdicts);
  const wanted = (checks ?? before.checks.filter((c) => !c.passed && c.fixable).map((c) => c.id)).filter((id) => before.checks.some((c) => c.id === id && !c.passed && c.fixable));
  if (wanted.length === 0) return { applied: [] as SeoCheckId[], audit: before, page };
  const fixed = applySeoFixes(page, wanted);
  const saved = await updatePage(deps, userId, pageId, { seo: fixed.page.seo, product: fixed.page.product, baseRevision: page.revision }, "seo-fix");
  // The page is live already: an SEO fix republishes it whatever its images (the audit names a broken one).
  const republished = saved.status === "published" ? await publishPage(deps, userId, pageId, { acceptBrokenImages: true }) : saved;
  const { imageProblems: _checked, ...republishedPage } = republished as PagePublished;
  return { applied: fixed.applied, audit: auditOf(republishedPage, deps.origin, verdicts), page: republishedPage };
}

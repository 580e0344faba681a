/**
 * The AI Launcher's preparation (issue 28): what the merchant can advertise, whether the place an
 * ad leads to answers, and ad copy written from the product record and the project canon only.
 * Plain functions taking their dependencies; the router is functions/ad-launcher-prepare.ts.
 *
 * - Products: catalog products the user saved (or one named by ref), their imports, their pages'
 *   products. Price, cost and shipping come from the record and are null when it has none; the
 *   destinations are the page's live drop page and the product exported to a connected store.
 * - Destination check: through the one URL guard (ADR 012). Our own drop pages and the offline dev
 *   store answer from D1 (a Worker does not fetch its own origin), everything else is fetched.
 * - Copy: three variants from the configured model, each field held to the page builder's
 *   grounding (no figure, review, rating, guarantee or shipping promise the record and the canon
 *   do not state); the built-in writer otherwise, or for any field the model could not write true.
 */
import type { Canon } from "~/domain/contracts/projects";
import type { PageProduct } from "~/domain/contracts/pages";
import {
  AD_COPY_LIMITS,
  AD_COPY_VARIANTS,
  type AdCopyField,
  type AdCopyVariant,
  type LaunchProduct,
} from "~/domain/contracts/ad-launcher";
import { AppError } from "~/domain/errors";
import type { JsonSchemaFormat } from "~/server/ai/model-provider";
import type { ChatTurn } from "~/server/ai/types";
import { DEFAULT_CURRENCY, productFromCatalog } from "~/server/pages/drafts";
import { canonFactsFrom, offerSentence, type CanonFacts } from "~/server/pages/generate-builtin";
import { sourcesOf, unbackedClaims, type PageCompleter, type Sources } from "~/server/pages/generate-model";
import { formatMoney, offerOf } from "~/server/pages/offer";
import { cutAtWord, oneLine, sentencesOf } from "~/server/pages/text";
import { stripHtml } from "~/server/web/html";
import { DEV_STORE_PATH, d1DevStoreStorage, devStoreNumericId, isDevStoreDomain, loadDevStore } from "~/server/store-export/dev-store";
import { checkUrl, guardedFetch, guardRefusalOf } from "~/server/web/url-guard";
import type { Database } from "../../../db/client";
import {
  importedCatalogProducts,
  latestStoreProductExports,
  pagesOfUser,
  publishedSlugExists,
  savedCatalogProducts,
  visibleCatalogProduct,
  visibleCatalogProducts,
  type LaunchCatalogRow,
  type StoreProductExport,
} from "../../../db/launch-products";
import type { PageRow } from "../../../db/schema";
import { findProject } from "../../../db/projects";

export interface PrepareDeps {
  db: Database;
  /** The app's public origin (APP_URL): drop pages live at `${origin}/p/{slug}`. */
  origin: string;
  /** URL_GUARD_ALLOW_LOOPBACK=on (test suites only). */
  allowLoopbackForTests: boolean;
  /** DEV_TOOLS=on: the offline dev store's products are real destinations. */
  devTools: boolean;
  fetchImpl?: typeof fetch;
  /** The configured text model; undefined when none is set (the built-in writer answers). */
  completer?: PageCompleter;
  log?: { warn(message: string, fields?: Record<string, unknown>): void };
}

type Destination = LaunchProduct["destinations"][number];

// ── Products ───────────────────────────────────────────────────────────────────────────────

const dropPageUrl = (origin: string, slug: string) => `${origin}/p/${slug}`;

/** Where an exported product is seen: the dev store's product screen, or the store's own /products/{handle} (the page's slug is the handle). */
function storeProductUrl(exported: StoreProductExport, slug: string): string {
  if (isDevStoreDomain(exported.shopDomain)) return exported.productAdminUrl;
  return `https://${exported.shopDomain}/products/${slug}`;
}

function destinationsOfPage(page: PageRow, exports: readonly StoreProductExport[], origin: string): Destination[] {
  const out: Destination[] = [];
  if (page.status === "published") out.push({ kind: "drop_page", url: dropPageUrl(origin, page.slug), label: `Drop page /p/${page.slug}` });
  for (const exported of exports.filter((e) => e.pageId === page.id)) {
    out.push({ kind: "store_product", url: storeProductUrl(exported, page.slug), label: `Product in ${exported.shopDomain}` });
  }
  return out;
}

function fromCatalog(row: LaunchCatalogRow, userId: number, destinations: Destination[]): LaunchProduct {
  return {
    ref: `catalog:${row.id}`,
    source: row.ownerUserId === userId ? "import" : "catalog",
    title: row.name,
    imageUrl: row.imageUrl ?? null,
    currency: DEFAULT_CURRENCY,
    priceCents: row.priceCents,
    costCents: row.costCents ?? null,
    shippingCents: row.shippingCostCents ?? null,
    destinations,
  };
}

function fromPage(page: PageRow, record: LaunchCatalogRow | undefined, destinations: Destination[]): LaunchProduct {
  const product = page.product as PageProduct;
  return {
    ref: `page:${page.id}`,
    source: "page",
    title: product.title,
    imageUrl: product.images[0] ?? null,
    currency: product.currency,
    priceCents: product.priceCents,
    // The page's own cost per item, else its catalog record's; shipping only the record states.
    costCents: product.costCents ?? record?.costCents ?? null,
    shippingCents: record && product.currency === DEFAULT_CURRENCY ? (record.shippingCostCents ?? null) : null,
    destinations,
  };
}

/**
 * Everything the user can advertise: pages' products first (they have somewhere to lead), then
 * imports, then saved catalog products, and the catalog product `ref` names when it is none of those.
 */
export async function listLaunchProducts(deps: PrepareDeps, userId: number, options: { ref?: string } = {}): Promise<LaunchProduct[]> {
  const { db } = deps;
  const [pageRows, imports, saved] = await Promise.all([pagesOfUser(db, userId), importedCatalogProducts(db, userId), savedCatalogProducts(db, userId)]);
  const exports = await latestStoreProductExports(db, userId, pageRows.map((p) => p.id));
  const linked = pageRows.map((p) => p.catalogProductId).filter((id): id is string => Boolean(id));
  const records = new Map((await visibleCatalogProducts(db, userId, [...new Set(linked)])).map((r) => [r.id, r]));

  const destinationsOfCatalog = (id: string) => pageRows.filter((p) => p.catalogProductId === id).flatMap((p) => destinationsOfPage(p, exports, deps.origin));
  const out: LaunchProduct[] = pageRows.map((p) => fromPage(p, p.catalogProductId ? records.get(p.catalogProductId) : undefined, destinationsOfPage(p, exports, deps.origin)));
  const seen = new Set<string>();
  for (const row of [...imports, ...saved]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(fromCatalog(row, userId, destinationsOfCatalog(row.id)));
  }
  const wanted = options.ref ? catalogIdOf(options.ref) : null;
  if (wanted && !seen.has(wanted.toUpperCase())) {
    const row = await visibleCatalogProduct(db, userId, wanted);
    if (row) out.unshift(fromCatalog(row, userId, destinationsOfCatalog(row.id)));
  }
  return out;
}

function catalogIdOf(ref: string): string | null {
  const m = /^catalog:([A-Za-z0-9_-]{1,64})$/.exec(ref.trim());
  return m ? m[1] : null;
}

interface ResolvedProduct {
  product: LaunchProduct;
  /** The record as the copy writers and the grounding read it. */
  record: PageProduct;
  /** Where the record came from, as the facts list names it. */
  sourceLabel: string;
  projectId: string | null;
}

/** One product by ref ("catalog:<id>", "import:<id>", "page:<id>"), the user's own or the shared catalog's; NOT_FOUND otherwise. */
export async function resolveLaunchProduct(deps: PrepareDeps, userId: number, ref: string): Promise<ResolvedProduct> {
  const m = /^(catalog|import|page):(.{1,100})$/.exec(ref.trim());
  const notFound = () => new AppError("NOT_FOUND", `No product ${ref} among your catalog products, imports or pages.`);
  if (!m) throw notFound();
  const [, kind, id] = m;
  if (kind === "page") {
    const page = (await pagesOfUser(deps.db, userId)).find((p) => p.id === id);
    if (!page) throw notFound();
    const record = page.catalogProductId ? await visibleCatalogProduct(deps.db, userId, page.catalogProductId) : undefined;
    const exports = await latestStoreProductExports(deps.db, userId, [page.id]);
    return {
      product: fromPage(page, record, destinationsOfPage(page, exports, deps.origin)),
      record: page.product as PageProduct,
      sourceLabel: `Your page /p/${page.slug}`,
      projectId: page.projectId,
    };
  }
  const row = await visibleCatalogProduct(deps.db, userId, id);
  if (!row || (kind === "import" && row.ownerUserId !== userId)) throw notFound();
  return {
    product: fromCatalog(row, userId, []),
    record: productFromCatalog(row),
    sourceLabel: row.ownerUserId === userId ? `Your import ${row.id}` : `Catalog record ${row.id}`,
    projectId: null,
  };
}

// ── Destination check ──────────────────────────────────────────────────────────────────────

export interface DestinationCheck {
  url: string;
  ok: boolean;
  status: number | null;
  message: string;
}

const STATUS_WORDS: Record<number, string> = {
  401: "it asks for a password, so people clicking the ad cannot see it",
  403: "it refuses visitors (403 Forbidden)",
  404: "nothing is at that address (404 Not Found): check it is published and spelled right",
  410: "the page was removed (410 Gone)",
  429: "the site is turning visitors away for now (429 Too Many Requests)",
};

/** Whether people clicking the ad would reach a page, with why not in plain words. */
export async function checkDestination(deps: PrepareDeps, input: string): Promise<DestinationCheck> {
  const check = checkUrl(input.trim(), { allowLoopbackForTests: deps.allowLoopbackForTests });
  if (!check.allowed) {
    return { url: check.display, ok: false, status: null, message: `This address cannot be used for an ad: ${check.reason}.` };
  }
  const url = check.url;
  const own = ownDestination(deps, url);
  if (own) return own.then((found) => found ?? { url: url.href, ok: false, status: 404, message: `Nothing is at ${url.href}: ${STATUS_WORDS[404]}.` });
  try {
    const answer = await guardedFetch(url.href, {
      allowLoopbackForTests: deps.allowLoopbackForTests,
      fetchImpl: deps.fetchImpl,
      responseType: "bytes",
      timeoutMs: 8_000,
    });
    const final = answer.finalUrl !== url.href ? ` (after redirects, at ${answer.finalUrl})` : "";
    if (answer.status >= 200 && answer.status < 300) {
      return { url: url.href, ok: true, status: answer.status, message: `The page answers${final}: people clicking the ad will see it.` };
    }
    const why = STATUS_WORDS[answer.status] ?? (answer.status >= 500 ? `the site is failing (${answer.status} server error)` : `it answered ${answer.status} instead of a page`);
    return { url: url.href, ok: false, status: answer.status, message: `The page does not answer${final}: ${why}.` };
  } catch (err) {
    const refusal = guardRefusalOf(err);
    if (!refusal) throw err;
    const why =
      refusal.code === "timeout"
        ? "it took longer than 8 seconds to answer"
        : refusal.code === "network"
          ? refusal.message
          : refusal.message.replace(/^Refused [^:]+:\s*/, "");
    return { url: url.href, ok: false, status: null, message: `The page does not answer: ${why}.` };
  }
}

/** Our own drop pages and the dev store's products, answered from D1; null for any other address. */
function ownDestination(deps: PrepareDeps, url: URL): Promise<DestinationCheck | null> | null {
  let origin: string;
  try {
    origin = new URL(deps.origin).origin;
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const drop = /^\/p\/([a-z0-9-]{1,120})\/?$/i.exec(url.pathname);
  if (drop) {
    return publishedSlugExists(deps.db, drop[1]).then((live) =>
      live
        ? { url: url.href, ok: true, status: 200, message: "Your drop page is published: people clicking the ad will see it." }
        : { url: url.href, ok: false, status: 404, message: "This drop page is not published: publish it in the page builder first." },
    );
  }
  const devProduct = new RegExp(`^${DEV_STORE_PATH}/products/(\\d+)/?$`).exec(url.pathname);
  if (devProduct && deps.devTools) {
    return loadDevStore(d1DevStoreStorage(deps.db)).then((state) => {
      const shop = [...state.shops.values()][0];
      const found = [...state.shops.values()].some((s) => s.products.some((p) => devStoreNumericId(p.id) === devProduct[1]));
      return found
        ? { url: url.href, ok: true, status: 200, message: `The product is in ${shop?.name ?? "the dev store"}: people clicking the ad will see it.` }
        : { url: url.href, ok: false, status: 404, message: "This product is no longer in the dev store: export the page again." };
    });
  }
  return null;
}

// ── Copy ───────────────────────────────────────────────────────────────────────────────────

export interface CopyFact {
  label: string;
  value: string;
  source: string;
}

export interface WrittenCopy {
  variants: AdCopyVariant[];
  facts: CopyFact[];
  writer: "model" | "built-in";
}

async function canonOfProject(db: Database, userId: number, projectId: string | null): Promise<{ canon: CanonFacts; entries: { path: string; value: unknown }[] }> {
  if (!projectId) return { canon: canonFactsFrom([]), entries: [] };
  const project = await findProject(db, userId, projectId);
  if (!project) throw new AppError("NOT_FOUND", `No project ${projectId} on your account.`);
  const entries = Object.entries((project.canonContext ?? {}) as Canon).map(([path, entry]) => ({ path, value: entry.value }));
  return { canon: canonFactsFrom(entries), entries };
}

/** The record facts copy may use, each with where it came from (shown to the merchant beside the copy). */
export function copyFacts(record: PageProduct, canon: CanonFacts, sourceLabel: string): CopyFact[] {
  const facts: CopyFact[] = [{ label: "Product", value: record.title, source: sourceLabel }];
  const offer = offerOf(record);
  if (offer) {
    facts.push({ label: "Price", value: formatMoney(offer.priceCents, record.currency), source: sourceLabel });
    if (offer.compareAtCents !== null) facts.push({ label: "Compare-at price", value: formatMoney(offer.compareAtCents, record.currency), source: sourceLabel });
  }
  if (record.vendor) facts.push({ label: "Vendor", value: record.vendor, source: sourceLabel });
  if (record.productType) facts.push({ label: "Product type", value: record.productType, source: sourceLabel });
  const description = sentencesOf(stripHtml(record.description ?? ""))[0];
  if (description) facts.push({ label: "Description", value: description, source: sourceLabel });
  const canonFact = (label: string, value: string | null, path: string) => value && facts.push({ label, value, source: `Project canon (${path})` });
  canonFact("Brand", canon.brandName, "brand.name");
  canonFact("Brand voice", canon.voice, "brand.voice");
  canonFact("Audience", canon.audience, "audience.primary");
  canonFact("Shipping", canon.shippingPromise, "shipping.promise");
  canonFact("Guarantee", canon.guarantee, "guarantee");
  return facts;
}

/** Whole sentences while they fit the recommended length; one long sentence is cut at a word. */
function fitSentences(sentences: readonly string[], max: number): string {
  let out = "";
  for (const sentence of sentences.map(oneLine).filter(Boolean)) {
    const next = out ? `${out} ${sentence}` : sentence;
    if ([...next].length > max) break;
    out = next;
  }
  return out || cutAtWord(sentences.map(oneLine).filter(Boolean).join(" "), max);
}

const fit = (field: AdCopyField, text: string) => cutAtWord(text, AD_COPY_LIMITS[field].recommended);
const ensureStop = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * Three variants from the record and the canon alone: the product and what its description says
 * first; who it is for (the canon's audience) and the brand's promises; the offer. Every figure
 * in them is the record's price.
 */
export function writeBuiltInCopy(record: PageProduct, canon: CanonFacts): AdCopyVariant[] {
  const title = oneLine(record.title);
  const offer = offerOf(record);
  const price = offer ? formatMoney(offer.priceCents, record.currency) : null;
  const sentences = sentencesOf(stripHtml(record.description ?? ""));
  const brand = canon.brandName;
  const promise = [canon.shippingPromise, canon.guarantee].filter((t): t is string => Boolean(t)).map(ensureStop);
  const offerWords = offerSentence(record);

  const first: AdCopyVariant = {
    primaryText: fitSentences([`Meet the ${title}${brand ? ` from ${brand}` : ""}.`, ...sentences.slice(0, 2), ...(price ? [`${offer?.from ? "From" : "Now"} ${price}.`] : [])], AD_COPY_LIMITS.primaryText.recommended),
    headline: fit("headline", title),
    description: fit("description", price ? `${offer?.from ? "From" : "Now"} ${price}` : record.productType || "See it today"),
  };
  const second: AdCopyVariant = {
    primaryText: fitSentences(
      [canon.audience ? `Made for ${canon.audience}: the ${title}.` : `Take a closer look at the ${title}.`, ...promise, ...sentences.slice(0, 1)],
      AD_COPY_LIMITS.primaryText.recommended,
    ),
    headline: fit("headline", brand ? `${brand}: ${title}` : `Discover the ${title}`),
    description: fit("description", canon.guarantee ?? canon.shippingPromise ?? (record.vendor ? `By ${record.vendor}` : "Tap to see more")),
  };
  const third: AdCopyVariant = {
    primaryText: fitSentences(
      [offerWords ? `${title}: ${offerWords}` : `${title}.`, ...sentences.slice(1, 3), "See every detail on our page."],
      AD_COPY_LIMITS.primaryText.recommended,
    ),
    headline: fit("headline", price ? `${title} · ${price}` : title),
    description: fit("description", "See the details"),
  };
  return [first, second, third].map((v) => ({ primaryText: v.primaryText || title, headline: v.headline || title, description: v.description || "Shop now" }));
}

export const AD_COPY_FORMAT: JsonSchemaFormat = {
  name: "ad_copy",
  strict: true,
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["variants"],
    properties: {
      variants: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["primaryText", "headline", "description"],
          properties: { primaryText: { type: "string" }, headline: { type: "string" }, description: { type: "string" } },
        },
      },
    },
  },
};

function copyPrompt(record: PageProduct, canon: CanonFacts): ChatTurn[] {
  const offer = offerOf(record);
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, record.currency));
  const data = {
    product: { title: record.title, description: stripHtml(record.description ?? ""), vendor: record.vendor, productType: record.productType, specs: record.specs, options: record.options },
    offer: offer ? { price: money(offer.priceCents), compareAt: money(offer.compareAtCents) } : null,
    canon: { brandName: canon.brandName, voice: canon.voice, audience: canon.audience, shippingPromise: canon.shippingPromise, guarantee: canon.guarantee },
  };
  const limits = AD_COPY_LIMITS;
  const system = [
    `You write ${AD_COPY_VARIANTS} variants of a Meta (Facebook and Instagram) ad as JSON: primary text, headline and description.`,
    "The rule that outranks every other: use ONLY facts in the data below. Never invent reviews, ratings, customer numbers, certifications, guarantees, shipping promises, materials, numbers, percentages or discounts the data does not state.",
    `Keep primary text within ${limits.primaryText.recommended} characters, the headline within ${limits.headline.recommended} and the description within ${limits.description.recommended}.`,
    "Make the variants differ in angle (the product, who it is for, the offer). Write in the brand voice when the canon gives one. Plain text, no emoji, no hashtags.",
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `The data, as JSON:\n${JSON.stringify(data)}\n\nAnswer with the JSON object only.` },
  ];
}

function parseModelCopy(text: string): { primaryText: string; headline: string; description: string }[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const start = fenced.indexOf("{");
  const end = fenced.lastIndexOf("}");
  let raw: unknown;
  try {
    raw = JSON.parse(start >= 0 && end > start ? fenced.slice(start, end + 1) : fenced);
  } catch {
    throw new AppError("UNAVAILABLE", "The model's ad copy was not JSON.");
  }
  const variants = (raw as { variants?: unknown }).variants;
  if (!Array.isArray(variants)) throw new AppError("UNAVAILABLE", "The model's ad copy had no variants.");
  return variants
    .filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null)
    .map((v) => ({ primaryText: String(v.primaryText ?? ""), headline: String(v.headline ?? ""), description: String(v.description ?? "") }));
}

/** The sentences of `text` that every figure and claim of is backed, or "" when none is. */
function groundedText(text: string, sources: Sources): string {
  return sentencesOf(oneLine(text))
    .filter((sentence) => unbackedClaims(sentence, sources).length === 0)
    .join(" ");
}

/** A model variant held to the record: each field grounded and fitted, else the built-in writer's. */
function groundVariant(written: { primaryText: string; headline: string; description: string }, fallback: AdCopyVariant, sources: Sources): AdCopyVariant {
  const primary = groundedText(written.primaryText, sources);
  const headline = oneLine(written.headline);
  const description = oneLine(written.description);
  const backed = (text: string) => text !== "" && unbackedClaims(text, sources).length === 0;
  return {
    primaryText: primary ? fitSentences(sentencesOf(primary), AD_COPY_LIMITS.primaryText.recommended) : fallback.primaryText,
    headline: backed(headline) ? fit("headline", headline) : fallback.headline,
    description: backed(description) ? fit("description", description) : fallback.description,
  };
}

/** Three variants of ad copy for a product (see the module comment), with the facts they used. */
export async function writeAdCopy(deps: PrepareDeps, userId: number, body: { productRef: string; projectId?: string }): Promise<WrittenCopy> {
  const resolved = await resolveLaunchProduct(deps, userId, body.productRef);
  const { canon } = await canonOfProject(deps.db, userId, body.projectId ?? resolved.projectId);
  const record = resolved.record;
  const facts = copyFacts(record, canon, resolved.sourceLabel);
  const builtIn = writeBuiltInCopy(record, canon);
  if (!deps.completer) return { variants: builtIn, facts, writer: "built-in" };
  try {
    const answer = parseModelCopy(await deps.completer.completeJson(copyPrompt(record, canon), AD_COPY_FORMAT));
    const sources = sourcesOf(record, canon);
    const variants = builtIn.map((fallback, i) => (answer[i] ? groundVariant(answer[i], fallback, sources) : fallback));
    return { variants, facts, writer: "model" };
  } catch (err) {
    deps.log?.warn("ad copy fell back to the built-in writer", { err: err instanceof Error ? err.message : String(err) });
    return { variants: builtIn, facts, writer: "built-in" };
  }
}

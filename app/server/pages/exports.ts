/**
 * A page's ways into the merchant's store: a Shopify product CSV, a standalone HTML zip, and a
 * product (optionally with its landing page) created in a connected Shopify store through the
 * Admin GraphQL API; plus the store connections themselves.
 *
 * Only an export into a connected store is one `exports` (reserved before the work, refunded when
 * it fails): a CSV or HTML download is the merchant's own file and counts nothing. Both are paid
 * features; the free plan gets the upgrade modal's "download" or "export".
 */
import type { Page, PageSection, ShopifyExportRecord, ShopifyExportResult, StoreConnection } from "~/domain/contracts/pages";
import { grantsPageScope, SHOPIFY_PAGE_SCOPES, SHOPIFY_REQUIRED_SCOPES } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { findPublishedImage } from "../../../db/images";
import { deleteStoreConnection, findStoreConnection, listShopifyExportTrails, listStoreConnections, recordPageExport, upsertStoreConnection, type StoreConnectionRow } from "../../../db/pages";
import { publicMediaId } from "../images/public-media";
import { d1DevStoreStorage, devStoreClientOptions, usesDevStore } from "../store-export/dev-store";
import { standalonePageZip } from "../store-export/html-zip";
import { createShopifyAdminClient, exportPageToShopify, normalizeShopDomain, type OwnImage } from "../store-export/shopify-admin";
import { shopifyProductCsv } from "../store-export/shopify-csv";
import { maskToken, openToken, sealToken, tokenContext } from "../store-export/token-crypto";
import { reserveUsage } from "../usage/meter";
import { createGuardedFetcher } from "../web/url-guard";
import { offerSentence } from "./generate-builtin";
import { describeImageProblem } from "./image-check";
import { escapeHtml, renderStandaloneHtml } from "./render";
import { canonOf, pageRow, publicPath, requireLoadingImages, requirePaidPages, toPage, type PageDeps } from "./service";

export interface ExportDeps extends PageDeps {
  /** STORE_TOKEN_KEY: store tokens are sealed with it. */
  storeTokenKey: string;
  /** Test and dev override of Shopify's Admin API origin (SHOPIFY_ADMIN_BASE_URL). */
  shopifyAdminBaseUrl?: string;
  /** The FILES bucket: the app's own images (/media/...) are read from it for a staged upload to Shopify. */
  files?: R2Bucket;
}

/**
 * The bytes of one of the app's own published images (`/media/<id>.png`, relative or under the
 * app's origin), for a staged upload: Shopify cannot download a relative address. Null when it is
 * not one of ours or no longer published.
 */
export function ownImageReader(deps: Pick<ExportDeps, "db" | "files" | "origin">) {
  return async (url: string): Promise<OwnImage | null> => {
    if (!deps.files) return null;
    let parsed: URL;
    try {
      parsed = new URL(url, deps.origin);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(deps.origin).origin) return null;
    const id = publicMediaId(parsed.pathname);
    const row = id ? await findPublishedImage(deps.db, id) : undefined;
    const object = row ? await deps.files.get(row.r2Key) : null;
    if (!row || !object) return null;
    return { bytes: new Uint8Array(await object.arrayBuffer()), mimeType: row.mimeType };
  };
}

// ---------------------------------------------------------------------------------------------
// The product description a store shows: the page's visible sections as plain semantic HTML

const BODY_KINDS: PageSection["kind"][] = ["benefits", "how-it-works", "specs", "in-the-box", "faq", "guarantee"];

/**
 * The offer sentences the page writer puts in its text ("Now $34.99, was $49.99: you save $15.00
 * (30%)."): in a store, prices belong in its price fields, which stay current; a sentence in the
 * description would repeat them and go stale at the first price change.
 */
const OFFER_SENTENCE = /(?:From |Now )?\S+, was [^:\n]+: you save [^)\n]+\)\.?/g;

function withoutOffer(text: string, offer: string | null): string {
  const cut = offer ? text.split(offer).join(" ") : text;
  return cut.replace(OFFER_SENTENCE, " ").replace(/[ \t]{2,}/g, " ").trim();
}

/** An item about the price ("How much is it?" answered with the offer) says nothing once the offer is cut: it goes. */
const PRICE_QUESTION = /^(?:how much|what(?:'s| is) the price|price\b)/i;

function sectionHtml(s: PageSection, offer: string | null): string {
  const parts = [`<h2>${escapeHtml(s.heading)}</h2>`];
  for (const p of withoutOffer(s.body, offer).split(/\n{2,}/).filter((t) => t.trim())) parts.push(`<p>${escapeHtml(p.trim())}</p>`);
  const kept = s.items
    .map((i) => ({ title: withoutOffer(i.title, offer), text: withoutOffer(i.text, offer), hadText: Boolean(i.text.trim()) }))
    .filter((i) => i.title && !(i.hadText && !i.text) && !(PRICE_QUESTION.test(i.title) && i.hadText && i.text !== i.title));
  if (kept.length) {
    const items = kept.map((i) => (i.text ? `<li><strong>${escapeHtml(i.title)}</strong>: ${escapeHtml(i.text)}</li>` : `<li>${escapeHtml(i.title)}</li>`));
    parts.push(s.kind === "how-it-works" ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
  }
  return parts.join("\n");
}

/** The product's description HTML: the hero's text, then the visible body sections in page order, without offer sentences. */
export function productDescriptionHtml(page: Pick<Page, "sections" | "product">): string {
  const offer = offerSentence(page.product);
  const visible = page.sections.filter((s) => !s.hidden);
  const hero = visible.find((s) => s.kind === "hero");
  const heroText = hero ? withoutOffer(hero.body, offer) : "";
  const intro = heroText ? [`<p>${escapeHtml(heroText)}</p>`] : [];
  return [...intro, ...visible.filter((s) => BODY_KINDS.includes(s.kind)).map((s) => sectionHtml(s, offer))].join("\n");
}

const fileStem = (page: Page) => page.slug.replace(/[^a-z0-9-]/g, "") || "page";

/** Spends one export around `work`: reserved first, committed on success, refunded on failure. */
async function asOneExport<T>(deps: PageDeps, userId: number, work: () => Promise<T>): Promise<T> {
  const reservation = await reserveUsage(deps.env, userId, "exports", 1, deps.db);
  try {
    const result = await work();
    await reservation.commit();
    return result;
  } catch (err) {
    await reservation.refund();
    throw err;
  }
}

/**
 * The Vendor a store shows: the brand the product record names, else the merchant's own store or
 * brand name (the page's project canon, then the connected store's name); never one made up.
 */
export async function vendorFor(deps: Pick<PageDeps, "db">, userId: number, page: Pick<Page, "product" | "projectId">): Promise<string | null> {
  if (page.product.vendor?.trim()) return page.product.vendor.trim();
  const brand = (await canonOf(deps.db, userId, page.projectId)).brandName;
  if (brand) return brand;
  const stores = await listStoreConnections(deps.db, userId);
  return stores.length === 1 ? (stores[0].shopName?.trim() || null) : null;
}

export async function exportPageCsv(deps: PageDeps, userId: number, pageId: string, options: { acceptBrokenImages?: boolean } = {}): Promise<{ csv: string; fileName: string }> {
  const page = toPage(await pageRow(deps.db, userId, pageId), deps.origin);
  await requirePaidPages(deps.db, userId, "download");
  await requireLoadingImages(deps, page, "exporting", options.acceptBrokenImages);
  const vendor = await vendorFor(deps, userId, page);
  const csv = shopifyProductCsv({
    handle: page.slug,
    product: { ...page.product, vendor },
    descriptionHtml: productDescriptionHtml(page),
    seo: { title: page.seo.title, description: page.seo.description },
    imageAlts: page.seo.imageAlts,
    published: page.status === "published",
  });
  await recordPageExport(deps.db, { pageId, userId, kind: "shopify-csv" });
  return { csv, fileName: `${fileStem(page)}-shopify.csv` };
}

export async function exportPageHtmlZip(deps: PageDeps, userId: number, pageId: string): Promise<{ zip: Uint8Array; fileName: string }> {
  const page = toPage(await pageRow(deps.db, userId, pageId), deps.origin);
  await requirePaidPages(deps.db, userId, "download");
  // The standalone copy buys straight from the merchant's checkout (no click counter to reach).
  const html = renderStandaloneHtml(page, { canonicalUrl: `${deps.origin}${publicPath(page.slug)}`, buyHref: page.buyUrl ?? "#", siteName: page.product.vendor ?? page.product.title });
  const zip = standalonePageZip({ html, slug: page.slug });
  await recordPageExport(deps.db, { pageId, userId, kind: "html" });
  return { zip, fileName: `${fileStem(page)}-page.zip` };
}

// ---------------------------------------------------------------------------------------------
// Store connections

function toConnection(row: StoreConnectionRow): StoreConnection {
  const scopes = row.scopes ?? [];
  return {
    id: row.id,
    platform: row.platform,
    shopDomain: row.shopDomain,
    shopName: row.shopName,
    tokenMasked: row.tokenMasked,
    scopes,
    // The page needs either scope: without both, the one named is write_content (the one the help page asks for).
    missingScopes: [...SHOPIFY_REQUIRED_SCOPES.filter((s) => !scopes.includes(s)), ...(grantsPageScope(scopes) ? [] : [SHOPIFY_PAGE_SCOPES[0]])],
    createdAt: row.createdAt,
  };
}

function adminClient(deps: ExportDeps, shopDomain: string, accessToken: string) {
  return createShopifyAdminClient({
    shopDomain,
    accessToken,
    // With DEV_TOOLS on, the reserved dev store answers in process (the embedded default, offline).
    ...(usesDevStore(shopDomain, deps.env)
      ? devStoreClientOptions({ storage: d1DevStoreStorage(deps.db), origin: deps.origin })
      : { fetcher: createGuardedFetcher({ allowLoopbackForTests: deps.allowLoopbackForTests, timeoutMs: 20_000 }), adminBaseUrl: deps.shopifyAdminBaseUrl }),
    readOwnImage: ownImageReader(deps),
  });
}

export async function listConnections(db: Database, userId: number): Promise<StoreConnection[]> {
  return (await listStoreConnections(db, userId)).map(toConnection);
}

/** Checks the token against the shop (its name and scopes), then keeps it sealed. */
export async function connectStore(deps: ExportDeps, userId: number, body: { shopDomain: string; accessToken: string }): Promise<StoreConnection> {
  const shopDomain = normalizeShopDomain(body.shopDomain);
  const check = await adminClient(deps, shopDomain, body.accessToken).verifyConnection();
  const missing = SHOPIFY_REQUIRED_SCOPES.filter((s) => !check.scopes.includes(s));
  if (missing.length) {
    throw new AppError(
      "VALIDATION",
      `The token for ${shopDomain} lacks the ${missing.join(", ")} scope, which export needs. In the custom app's Admin API scopes, tick ${missing.join(", ")}, save, reinstall the app and paste the new token.`,
      { details: { missingScopes: missing, fields: [{ path: "accessToken", message: `missing scope ${missing.join(", ")}` }] } },
    );
  }
  const row = await upsertStoreConnection(deps.db, {
    id: crypto.randomUUID(),
    userId,
    platform: "shopify",
    shopDomain,
    shopName: check.shopName,
    tokenSealed: await sealToken(body.accessToken, deps.storeTokenKey, tokenContext(String(userId), shopDomain)),
    tokenMasked: maskToken(body.accessToken),
    scopes: check.scopes,
  });
  return toConnection(row);
}

export async function disconnectStore(db: Database, userId: number, id: string): Promise<void> {
  if (!(await deleteStoreConnection(db, userId, id))) throw new AppError("NOT_FOUND", "No such store connection.");
}

async function chooseConnection(db: Database, userId: number, connectionId: string | undefined): Promise<StoreConnectionRow> {
  if (connectionId) {
    const row = await findStoreConnection(db, userId, connectionId);
    if (!row) throw new AppError("NOT_FOUND", "No such store connection.");
    return row;
  }
  const rows = await listStoreConnections(db, userId);
  if (rows.length === 0) {
    throw new AppError("CONFLICT", "Connect your Shopify store first: its myshopify.com domain and an Admin API access token from a custom app.", { details: { needsConnection: true } });
  }
  if (rows.length > 1) throw new AppError("CONFLICT", "You have several stores connected: choose which one to export to.", { details: { fields: [{ path: "connectionId", message: "choose a store" }] } });
  return rows[0];
}

/** Where the page was exported to before, per shop (newest first): the export dialog says what exporting again updates. */
export async function listShopifyExports(db: Database, userId: number, pageId: string): Promise<ShopifyExportRecord[]> {
  await pageRow(db, userId, pageId);
  return (await listShopifyExportTrails(db, userId, pageId)).map((t) => ({
    shopDomain: t.shopDomain,
    productId: t.productGid,
    productAdminUrl: t.productAdminUrl,
    pageAdminUrl: t.pageAdminUrl,
    exportedAt: t.exportedAt,
  }));
}

/**
 * Creates the page's product (and, with includePage, its landing page) in the connected store,
 * or, when this page was exported to that shop before, updates what that export created.
 */
export async function exportPageToStore(
  deps: ExportDeps,
  userId: number,
  pageId: string,
  body: { connectionId?: string; includePage?: boolean; acceptBrokenImages?: boolean },
): Promise<ShopifyExportResult> {
  const page = toPage(await pageRow(deps.db, userId, pageId), deps.origin);
  await requirePaidPages(deps.db, userId, "export");
  const connection = await chooseConnection(deps.db, userId, body.connectionId);
  const imageProblems = await requireLoadingImages(deps, page, "exporting", body.acceptBrokenImages);
  const imageWarnings = imageProblems.map(describeImageProblem);
  const vendor = page.product.vendor?.trim() || (await canonOf(deps.db, userId, page.projectId)).brandName || connection.shopName?.trim() || null;
  const includePage = body.includePage ?? false;
  if (includePage && !grantsPageScope(connection.scopes ?? [])) {
    throw new AppError(
      "VALIDATION",
      `The token for ${connection.shopDomain} lacks the ${SHOPIFY_PAGE_SCOPES.join(" or ")} scope that creating a store page needs. Export the product alone, or add the scope and reconnect.`,
    );
  }
  const token = await openToken(connection.tokenSealed, deps.storeTokenKey, tokenContext(String(userId), connection.shopDomain));
  const earlier = (await listShopifyExportTrails(deps.db, userId, pageId)).find((t) => t.shopDomain === connection.shopDomain);
  // An update is an export like any other: one export, refunded when it fails.
  return asOneExport(deps, userId, async () => {
    const descriptionHtml = productDescriptionHtml(page);
    const result = await exportPageToShopify(
      adminClient(deps, connection.shopDomain, token),
      {
        product: { product: { ...page.product, vendor }, descriptionHtml, seo: { title: page.seo.title, description: page.seo.description }, imageAlts: page.seo.imageAlts, handle: page.slug },
        page: { title: page.product.title, bodyHtml: descriptionHtml, handle: page.slug },
        existing: earlier ? { productId: earlier.productGid, pageId: earlier.pageGid } : null,
      },
      { includePage },
    );
    await recordPageExport(deps.db, {
      pageId,
      userId,
      kind: "shopify",
      shopDomain: connection.shopDomain,
      productGid: result.productId,
      productAdminUrl: result.productAdminUrl,
      pageGid: result.pageId,
      pageAdminUrl: result.pageAdminUrl,
    });
    return { ...result, warnings: [...imageWarnings, ...result.warnings] };
  });
}

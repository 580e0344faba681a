/**
 * The Shopify Admin GraphQL adapter: check a store connection, create the page's product with
 * `productSet`, create the landing page with `pageCreate` (issue 14, "Export to the merchant's
 * store"). A page exported before updates what it created: `productSet(identifier: {id})` and
 * `pageUpdate`; one deleted in the store meanwhile is created anew.
 *
 * A re-export keeps the merchant's work (issue 27): `productSet` deletes every list entry it is not
 * sent, so the product's current options, variants and media are read first (`product(id:)`) and
 * sent back with their ids. The page owns the variants whose option values it lists (their prices,
 * compare-at prices and SKUs) and the images it sent (named `dropcraft-<hash>.<ext>` when created,
 * so they are recognised again); every other variant, option value and image is the merchant's
 * and is kept as it is. An image already in the store is not sent again.
 *
 * The app's own images (`/media/...`, the merchant's uploads and generated images) are not on the
 * public web for Shopify to download from a relative address: they go through a staged upload
 * (`stagedUploadsCreate`, then a multipart POST of the bytes to the target) and productSet
 * references the target's `resourceUrl`.
 *
 * Every request goes through the URL guard (ADR 012): the shop domain is typed by a merchant, so
 * the client takes a `GuardedFetcher` and POSTs through it. Tests and the offline dev store point
 * `adminBaseUrl` at a server speaking the same protocol (`fake-admin-api.ts`).
 *
 * Throttling is cost-based: a THROTTLED answer (HTTP 200) says how many points the query asked
 * for and how many the bucket holds, and the client waits for the difference at the restore rate;
 * an HTTP 429 says how long in Retry-After. Both are retried (Shopify did nothing), at most
 * `maxRetries` times. Nothing else is retried: a mutation that failed half-way on Shopify's side
 * may have created the product, so a second attempt could create it twice.
 *
 * The access token goes into one request header and nowhere else: no message, detail or log
 * line carries it.
 */
import type { PageProduct, ShopifyExportResult } from "~/domain/contracts/pages";
import { AppError, toAppError } from "~/domain/errors";
import { guardRefusalOf, isFetchFailure, type GuardedFetcher, type GuardedResponse } from "../web/url-guard";

/**
 * The Admin API version every request names. Shopify releases one a quarter (YYYY-01/04/07/10) and
 * supports each for twelve months; a request for an older one is served by the oldest supported
 * version instead. 2026-10 is supported until October 2027. Bump it together with the schema the
 * contract test validates every document against (tests/contracts/shopify/admin_<version>.json.gz,
 * Shopify's file from `@shopify/dev-mcp`; its README says how to update it).
 */
export const SHOPIFY_ADMIN_API_VERSION = "2026-10";
export const DEFAULT_MAX_RETRIES = 4;
/** A synchronous productSet that downloads images can take a while; reads are quick. */
const MUTATION_TIMEOUT_MS = 30_000;
const QUERY_TIMEOUT_MS = 10_000;
/** No single wait longer than this: past it the merchant is better served by "try again in a minute". */
const MAX_WAIT_MS = 60_000;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

const SHOP_HANDLE = /^[a-z0-9][a-z0-9-]{0,59}$/;

/**
 * "my-shop", "my-shop.myshopify.com", "https://my-shop.myshopify.com/admin/products" → "my-shop.myshopify.com".
 * A custom domain (shop.example.com) or admin.shopify.com/store/… is refused: the Admin API
 * answers on the myshopify.com name only.
 */
export function normalizeShopDomain(input: string): string {
  const raw = input.trim();
  const refuse = (why: string) =>
    new AppError(
      "VALIDATION",
      `${raw ? `"${raw.length > 80 ? `${raw.slice(0, 79)}…` : raw}"` : "The store address"} ${why}: use the store's my-shop.myshopify.com domain, shown in Settings → Domains`,
      { details: { field: "shopDomain" } },
    );
  if (!raw) throw refuse("is empty");
  let host = raw.toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host) || host.includes("/")) {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(host) ? host : `https://${host}`);
    } catch {
      throw refuse("is not a myshopify.com address");
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("is not a myshopify.com address");
    if (url.username || url.password || url.port) throw refuse("is not a myshopify.com address");
    host = url.hostname;
  }
  host = host.replace(/\.$/, "");
  const handle = host.endsWith(".myshopify.com") ? host.slice(0, -".myshopify.com".length) : host.includes(".") ? null : host;
  if (handle === null || !SHOP_HANDLE.test(handle) || handle.endsWith("-")) throw refuse("is not a myshopify.com address");
  return `${handle}.myshopify.com`;
}

/** "my-shop" of "my-shop.myshopify.com": the store's handle in admin.shopify.com links. */
function shopHandle(shopDomain: string): string {
  return shopDomain.replace(/\.myshopify\.com$/, "");
}

/** The numeric id of a gid ("gid://shopify/Product/123" → "123"). */
function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

export function productAdminUrl(shopDomain: string, productGid: string): string {
  return `https://admin.shopify.com/store/${shopHandle(shopDomain)}/products/${numericId(productGid)}`;
}

export function pageAdminUrl(shopDomain: string, pageGid: string): string {
  return `https://admin.shopify.com/store/${shopHandle(shopDomain)}/pages/${numericId(pageGid)}`;
}

/** Cents as Shopify's Money scalar: a decimal string ("19.99"). */
export function centsToMoney(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

export interface ShopifyAdminClientOptions {
  shopDomain: string;
  accessToken: string;
  /** The URL guard's fetcher (ADR 012): every request of the client goes through it. */
  fetcher: GuardedFetcher;
  apiVersion?: string;
  /** Tests and the dev store: requests go to `${adminBaseUrl}/${shopDomain}/admin/api/${version}/graphql.json`. */
  adminBaseUrl?: string;
  /** Waits between throttled attempts (tests inject one that only records). */
  sleep?: (ms: number) => Promise<void>;
  maxRetries?: number;
  /** Where the merchant sees a created product or page; default Shopify's admin (the dev store links to its local screens). */
  adminUrlFor?: (kind: "product" | "page", gid: string) => string;
  /** The bytes of one of the app's own images (a relative /media/... address), for a staged upload; absent or null: the image is left out, with a warning. */
  readOwnImage?: (url: string) => Promise<OwnImage | null>;
}

/** One of the app's own images, as the staged upload sends it. */
export interface OwnImage {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
}

/** What the store holds of a product now (`product(id:)`), read before a re-export so productSet keeps it. */
export interface CurrentProduct {
  id: string;
  options: { id: string; name: string; position: number; optionValues: { id: string; name: string }[] }[];
  variants: { id: string; title: string; price: string; compareAtPrice: string | null; sku: string | null; selectedOptions: { name: string; value: string }[] }[];
  media: { id: string; alt: string | null; mediaContentType: string; image?: { url: string } | null }[];
}

/** The address Shopify fetches each page image from when it is not the image's own (a staged upload's resourceUrl). */
export type ImageSources = Record<string, string>;

export interface ShopifyConnectionCheck {
  shopName: string;
  /** ISO currency the store sells in: prices are stored as amounts of it. */
  currencyCode: string | null;
  scopes: string[];
}

export interface ShopifyProductInput {
  product: PageProduct;
  descriptionHtml: string;
  seo: { title: string; description: string };
  /** Alt text per image URL; an image without one gets the product title. */
  imageAlts: Record<string, string>;
  /** The product's URL handle in the store (/products/<handle>). */
  handle: string;
  /** The store's currency (from `verifyConnection`), to warn when the page's prices are in another. */
  shopCurrency?: string | null;
}

export interface ShopifyProductExport {
  productId: string;
  productAdminUrl: string;
  /** "updated" when the product of an earlier export was found and changed in place. */
  action: "created" | "updated";
  warnings: string[];
}

export interface ShopifyPageInput {
  title: string;
  bodyHtml: string;
  handle: string;
}

export interface ShopifyPageExport {
  pageId: string;
  pageAdminUrl: string;
  action: "created" | "updated";
  warnings: string[];
}

/** What an earlier export of the same page created in this shop (ids as Shopify gave them). */
export interface ShopifyExistingExport {
  productId: string;
  pageId: string | null;
}

/** Said in the result when the earlier product or page was gone, so the merchant knows why there is a new one. */
export const PRODUCT_RECREATED_NOTE = "The product was deleted in your store, so a new one was created.";
export const PAGE_RECREATED_NOTE = "The landing page was deleted in your store, so a new one was created.";

export interface ShopifyAdminClient {
  readonly shopDomain: string;
  verifyConnection(): Promise<ShopifyConnectionCheck>;
  /** Creates the product, or with `existingId` updates that product (created anew, with a note, when the store no longer has it). */
  exportProduct(input: ShopifyProductInput, existingId?: string): Promise<ShopifyProductExport>;
  createPage(input: ShopifyPageInput): Promise<ShopifyPageExport>;
  /** Updates the store page; "gone" when the store no longer has it (deleted by the merchant). */
  updatePage(pageId: string, input: ShopifyPageInput): Promise<ShopifyPageExport | "gone">;
}

interface GraphqlError {
  message?: string;
  path?: (string | number)[];
  extensions?: { code?: string; problems?: { path?: (string | number)[]; explanation?: string }[]; requiredAccess?: string };
}
interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}
interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: GraphqlError[] | string | Record<string, unknown>;
  extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } };
}
interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

const VERIFY_QUERY = `query DropcraftConnectionCheck {
  shop { name currencyCode }
  currentAppInstallation { accessScopes { handle } }
}`;

/** `identifier` names the product to update (null: create); `input.id` is deprecated since 2025-10. */
const PRODUCT_SET_MUTATION = `mutation DropcraftProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!, $synchronous: Boolean!) {
  productSet(identifier: $identifier, input: $input, synchronous: $synchronous) {
    product { id handle status }
    userErrors { field message code }
  }
}`;

/** What a re-export must send back so productSet keeps it: options and values, variants and media, with their ids. */
const PRODUCT_READ_QUERY = `query DropcraftProductRead($id: ID!) {
  product(id: $id) {
    id
    options { id name position optionValues { id name } }
    variants(first: ${250}) {
      nodes { id title price compareAtPrice sku selectedOptions { name value } }
      pageInfo { hasNextPage }
    }
    media(first: ${250}) {
      nodes { id alt mediaContentType ... on MediaImage { image { url } } }
      pageInfo { hasNextPage }
    }
  }
}`;

const STAGED_UPLOADS_MUTATION = `mutation DropcraftStagedUploads($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;

const PAGE_CREATE_MUTATION = `mutation DropcraftPageCreate($page: PageCreateInput!) {
  pageCreate(page: $page) {
    page { id handle }
    userErrors { field message code }
  }
}`;

const PAGE_UPDATE_MUTATION = `mutation DropcraftPageUpdate($id: ID!, $page: PageUpdateInput!) {
  pageUpdate(id: $id, page: $page) {
    page { id handle }
    userErrors { field message code }
  }
}`;

/** Every GraphQL document the client sends, by operation name: the contract test validates each against Shopify's schema. */
export const SHOPIFY_ADMIN_DOCUMENTS = {
  DropcraftConnectionCheck: VERIFY_QUERY,
  DropcraftProductRead: PRODUCT_READ_QUERY,
  DropcraftStagedUploads: STAGED_UPLOADS_MUTATION,
  DropcraftProductSet: PRODUCT_SET_MUTATION,
  DropcraftPageCreate: PAGE_CREATE_MUTATION,
  DropcraftPageUpdate: PAGE_UPDATE_MUTATION,
} as const;

/** productSet's answers for an id the store does not have (ProductSetUserErrorCode). */
const PRODUCT_GONE = ["PRODUCT_DOES_NOT_EXIST", "NOT_FOUND"];
/** pageUpdate's answer for an id the store does not have (PageUpdateUserErrorCode). */
const PAGE_GONE = "NOT_FOUND";

/** What a request is, in words for messages ("creating the product"). */
type Operation = { name: string; doing: string; action: string; mutation: boolean };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShopifyAdminClient(options: ShopifyAdminClientOptions): ShopifyAdminClient {
  const shopDomain = normalizeShopDomain(options.shopDomain);
  const version = options.apiVersion ?? SHOPIFY_ADMIN_API_VERSION;
  const endpoint = options.adminBaseUrl
    ? `${options.adminBaseUrl.replace(/\/+$/, "")}/${shopDomain}/admin/api/${version}/graphql.json`
    : `https://${shopDomain}/admin/api/${version}/graphql.json`;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const token = options.accessToken.trim();
  const adminUrlFor = options.adminUrlFor ?? ((kind: "product" | "page", gid: string) => (kind === "product" ? productAdminUrl(shopDomain, gid) : pageAdminUrl(shopDomain, gid)));

  async function post(body: string, operation: Operation): Promise<GuardedResponse> {
    try {
      return await options.fetcher(endpoint, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", accept: "application/json", "x-shopify-access-token": token },
        timeoutMs: operation.mutation ? MUTATION_TIMEOUT_MS : QUERY_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
    } catch (err) {
      const refusal = guardRefusalOf(err);
      if (refusal && (isFetchFailure(refusal) || refusal.code === "timeout")) {
        // A mutation may have reached Shopify before the answer was lost.
        const maybeDone = operation.mutation ? ` It may have gone through: check your Shopify admin before trying again.` : " Try again in a minute.";
        throw new AppError("UNAVAILABLE", `Could not reach Shopify at ${shopDomain} while ${operation.doing} (${refusal.code === "timeout" ? "no answer in time" : "the connection failed"}).${maybeDone}`, {
          details: { shopDomain, refusal: refusal.code },
          cause: err,
        });
      }
      // Any other refusal is the guard's decision about the address (its message names it, never the token).
      throw err;
    }
  }

  /** One GraphQL request, throttling retried; answers `data` or throws an AppError. */
  async function request(query: string, variables: Record<string, unknown>, operation: Operation): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ query, variables });
    for (let attempt = 0; ; attempt++) {
      const res = await post(body, operation);
      const answer = parseAnswer(res);
      const throttled = res.status === 429 || (res.status === 200 && Array.isArray(answer?.errors) && answer.errors.some((e) => e.extensions?.code === "THROTTLED"));
      if (throttled) {
        if (attempt >= maxRetries) {
          throw new AppError("UNAVAILABLE", `Shopify is throttling requests to ${shopDomain}; try again in a minute.`, {
            details: { shopDomain, attempts: attempt + 1 },
            headers: { "retry-after": "60" },
          });
        }
        await sleep(throttleWaitMs(res, answer, attempt));
        continue;
      }
      if (res.status !== 200) throw httpError(res, answer, operation);
      if (!answer) throw new AppError("UNAVAILABLE", `Shopify's answer for ${shopDomain} could not be read while ${operation.doing}. Try again in a minute.`, { details: { shopDomain } });
      if (Array.isArray(answer.errors) && answer.errors.length > 0) throw graphqlError(answer.errors, operation);
      if (!answer.data) throw new AppError("UNAVAILABLE", `Shopify answered without data for ${shopDomain} while ${operation.doing}. Try again in a minute.`, { details: { shopDomain } });
      return answer.data;
    }
  }

  function throttleWaitMs(res: GuardedResponse, answer: GraphqlAnswer | null, attempt: number): number {
    const backoff = 250 * 2 ** attempt;
    if (res.status === 429) {
      const seconds = Number(res.headers?.["retry-after"]);
      return Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : 1000 * 2 ** attempt);
    }
    const cost = answer?.extensions?.cost;
    const status = cost?.throttleStatus;
    if (status && typeof cost?.requestedQueryCost === "number" && status.restoreRate > 0) {
      // The bucket must hold the requested points again; the backoff covers other calls spending from it meanwhile.
      const deficit = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
      return Math.min(MAX_WAIT_MS, Math.ceil((deficit / status.restoreRate) * 1000) + backoff);
    }
    return Math.min(MAX_WAIT_MS, 1000 * 2 ** attempt);
  }

  function httpError(res: GuardedResponse, answer: GraphqlAnswer | null, operation: Operation): AppError {
    const details = { shopDomain, shopifyStatus: res.status };
    switch (res.status) {
      case 401:
        // FORBIDDEN, not UNAUTHENTICATED: our client signs the merchant out on UNAUTHENTICATED, and
        // it is the store's token that failed, not their Dropcraft session.
        return new AppError("FORBIDDEN", `Shopify refused the access token for ${shopDomain} (401): it was revoked or mistyped. Reconnect the store with a new token.`, {
          details: { ...details, reconnect: true },
        });
      case 403:
        return new AppError("FORBIDDEN", `Shopify refused ${operation.doing} for ${shopDomain} (403): the app may have been uninstalled or its API access restricted. Reconnect the store with a new token.`, {
          details: { ...details, reconnect: true },
        });
      case 404:
        return new AppError("VALIDATION", `Shopify has no store at ${shopDomain} (404): check the store's my-shop.myshopify.com domain in Settings → Domains.`, {
          details: { ...details, field: "shopDomain" },
        });
      case 402:
        return new AppError("FORBIDDEN", `Shopify has frozen ${shopDomain} (402 Payment Required): the store owner must settle the Shopify bill in the store's admin before apps can change it.`, { details });
      case 423:
        return new AppError("FORBIDDEN", `Shopify has locked ${shopDomain} (423): apps cannot change it until Shopify support unlocks the store.`, { details });
      default: {
        const maybeDone = operation.mutation && res.status >= 500 ? " It may have gone through: check your Shopify admin before trying again." : " Try again in a few minutes.";
        if (res.status >= 300 && res.status < 400) {
          return new AppError("VALIDATION", `Shopify redirected the API request for ${shopDomain} (${res.status}) instead of answering: check the store's myshopify.com domain.`, { details });
        }
        const said = answer && typeof answer.errors === "string" ? ` ("${answer.errors.slice(0, 200)}")` : "";
        return new AppError(res.status >= 500 ? "UNAVAILABLE" : "VALIDATION", `Shopify answered ${res.status} for ${shopDomain} while ${operation.doing}${said}.${maybeDone}`, { details });
      }
    }
  }

  function graphqlError(errors: GraphqlError[], operation: Operation): AppError {
    const denied = errors.find((e) => e.extensions?.code === "ACCESS_DENIED");
    if (denied) {
      const scope = /`([a-z_]+)`/.exec(denied.extensions?.requiredAccess ?? denied.message ?? "")?.[1];
      return new AppError(
        "FORBIDDEN",
        `The access token for ${shopDomain} is not allowed to ${operation.action}${scope ? ` (it needs the ${scope} scope)` : ""}: add the scope to the custom app's Admin API access in Shopify, then reconnect the store with the new token.`,
        { details: { shopDomain, missingScope: scope ?? null } },
      );
    }
    // Variables Shopify could not read (a value of the wrong shape), each with its path.
    const problems = errors.flatMap((e) =>
      (e.extensions?.problems ?? []).map((p) => ({ field: (p.path ?? []).map(String).join("."), message: p.explanation ?? e.message ?? "invalid value" })),
    );
    const messages = errors.map((e) => e.message ?? "unknown error");
    if (problems.length > 0) {
      return new AppError("VALIDATION", `Shopify could not read the data sent while ${operation.doing}: ${problems.map((p) => `${p.field || "input"}: ${p.message}`).join("; ")}.`, {
        details: { shopDomain, errors: problems },
      });
    }
    return new AppError("INTERNAL", `Shopify did not accept the request for ${operation.doing}: ${messages.join("; ").slice(0, 300)}.`, { details: { shopDomain, errors: messages } });
  }

  function userErrorsToAppError(userErrors: UserError[], what: string): AppError {
    const fields = userErrors.map((e) => ({ field: (e.field ?? []).join("."), message: e.message, code: e.code ?? null }));
    return new AppError("VALIDATION", `Shopify refused ${what} for ${shopDomain}: ${fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join("; ")}.`, {
      details: { shopDomain, userErrors: fields },
    });
  }

  /** The product as the store holds it now; null when the store has no such product (the merchant deleted it). */
  async function readProduct(id: string): Promise<CurrentProduct | null> {
    const data = await request(PRODUCT_READ_QUERY, productReadVariables(id), { name: "product", doing: "reading the product in the store", action: "read products", mutation: false });
    type Connection<T> = { nodes?: T[]; pageInfo?: { hasNextPage?: boolean } } | null | undefined;
    const product = data.product as { id: string; options?: CurrentProduct["options"]; variants?: Connection<CurrentProduct["variants"][number]>; media?: Connection<CurrentProduct["media"][number]> } | null;
    if (!product) return null;
    if (product.variants?.pageInfo?.hasNextPage || product.media?.pageInfo?.hasNextPage) {
      // productSet deletes what it is not sent: with some of them unread, exporting again would delete those.
      throw new AppError(
        "VALIDATION",
        `The product in ${shopDomain} has more than ${READ_LIMIT} variants or images, more than an export reads back: exporting again could delete the rest, so nothing was changed. Change the page's slug to export it as a new product.`,
        { details: { shopDomain, productId: id } },
      );
    }
    return { id: product.id, options: product.options ?? [], variants: product.variants?.nodes ?? [], media: product.media?.nodes ?? [] };
  }

  /** Staged uploads of the app's own images the product needs and the store does not have yet: page URL → resourceUrl. */
  async function uploadOwnImages(urls: string[]): Promise<ImageSources> {
    const sources: ImageSources = {};
    const files: { url: string; image: OwnImage; filename: string }[] = [];
    for (const url of urls) {
      // One that cannot be read is left out; productSetVariables says so.
      const image = options.readOwnImage ? await options.readOwnImage(url) : null;
      if (image) files.push({ url, image, filename: imageFilename(url) });
    }
    if (files.length === 0) return sources;
    const data = await request(STAGED_UPLOADS_MUTATION, stagedUploadVariables(files.map((f) => ({ filename: f.filename, mimeType: f.image.mimeType, fileSize: f.image.bytes.byteLength }))), {
      name: "stagedUploadsCreate",
      doing: "preparing the image uploads",
      action: "upload files",
      mutation: true,
    });
    const payload = data.stagedUploadsCreate as { stagedTargets?: { url: string; resourceUrl: string; parameters: { name: string; value: string }[] }[] | null; userErrors?: UserError[] } | null;
    if (payload?.userErrors?.length) throw userErrorsToAppError(payload.userErrors, "the image uploads");
    const targets = payload?.stagedTargets ?? [];
    if (targets.length !== files.length) throw new AppError("UNAVAILABLE", `Shopify answered ${targets.length} upload target(s) for ${files.length} image(s) for ${shopDomain}. Try again in a minute.`, { details: { shopDomain } });
    for (const [i, file] of files.entries()) {
      const target = targets[i]!;
      // The target's parameters first, in order, then the file: the storage's signed policy covers them.
      const form = new FormData();
      for (const p of target.parameters) form.append(p.name, p.value);
      form.append("file", new Blob([file.image.bytes], { type: file.image.mimeType }), file.filename);
      let res: GuardedResponse;
      try {
        res = await options.fetcher(target.url, { method: "POST", body: form, timeoutMs: MUTATION_TIMEOUT_MS, maxBytes: 64 * 1024 });
      } catch (err) {
        const refusal = guardRefusalOf(err);
        if (refusal && (isFetchFailure(refusal) || refusal.code === "timeout")) {
          throw new AppError("UNAVAILABLE", `Could not upload the image ${file.url} to Shopify for ${shopDomain} (${refusal.code === "timeout" ? "no answer in time" : "the connection failed"}). Try again in a minute.`, {
            details: { shopDomain, refusal: refusal.code },
            cause: err,
          });
        }
        throw err;
      }
      if (res.status < 200 || res.status >= 300) {
        throw new AppError("UNAVAILABLE", `Shopify's storage refused the upload of ${file.url} for ${shopDomain} (${res.status}). Try again in a minute.`, { details: { shopDomain, uploadStatus: res.status } });
      }
      sources[file.url] = target.resourceUrl;
    }
    return sources;
  }

  /** One productSet: a create without `current`, an update of that product with it; "gone" when the store has no such product. */
  async function runProductSet(input: ShopifyProductInput, current: CurrentProduct | null): Promise<ShopifyProductExport | "gone"> {
    const sources = await uploadOwnImages(imagesToUpload(input, current));
    const { variables, warnings } = productSetVariables(input, current, sources);
    const existingId = current?.id;
    const doing = existingId ? "updating the product" : "creating the product";
    const data = await request(PRODUCT_SET_MUTATION, variables, { name: "productSet", doing, action: existingId ? "update products" : "create products", mutation: true });
    const payload = data.productSet as { product?: { id: string; handle?: string } | null; userErrors?: UserError[] } | null;
    const userErrors = payload?.userErrors ?? [];
    if (existingId && userErrors.some((e) => PRODUCT_GONE.includes(e.code ?? ""))) return "gone";
    if (userErrors.length > 0) {
      const taken = userErrors.find((e) => e.code === "HANDLE_NOT_UNIQUE");
      if (taken) {
        throw new AppError(
          "VALIDATION",
          `${shopDomain} already has a product at /products/${input.handle} (perhaps from an earlier export): change the page's slug, or delete that product in Shopify, then export again.`,
          { details: { shopDomain, field: "handle", userErrors: userErrors.map((e) => ({ field: (e.field ?? []).join("."), message: e.message, code: e.code ?? null })) } },
        );
      }
      throw userErrorsToAppError(userErrors, `the product "${input.product.title}"`);
    }
    const id = payload?.product?.id;
    if (!id) {
      // An update answered with neither a product nor an error: the id named nothing in this store.
      if (existingId) return "gone";
      throw new AppError("UNAVAILABLE", `Shopify answered without the new product's id for ${shopDomain}: check Products in your Shopify admin before exporting again.`, { details: { shopDomain } });
    }
    return { productId: id, productAdminUrl: adminUrlFor("product", id), action: existingId ? "updated" : "created", warnings };
  }

  return {
    shopDomain,

    async verifyConnection() {
      const data = await request(VERIFY_QUERY, {}, { name: "connection check", doing: "checking the connection", action: "read the store", mutation: false });
      const shop = data.shop as { name?: string; currencyCode?: string } | null;
      const installation = data.currentAppInstallation as { accessScopes?: { handle: string }[] } | null;
      return {
        shopName: shop?.name ?? shopDomain,
        currencyCode: shop?.currencyCode ?? null,
        scopes: (installation?.accessScopes ?? []).map((s) => s.handle),
      };
    },

    async exportProduct(input, existingId) {
      if (existingId) {
        const current = await readProduct(existingId);
        const updated = current ? await runProductSet(input, current) : "gone";
        if (updated !== "gone") return updated;
        const created = await runProductSet(input, null);
        if (created === "gone") throw new AppError("INTERNAL", `Shopify answered "product does not exist" to creating a product in ${shopDomain}.`, { details: { shopDomain } });
        return { ...created, warnings: [PRODUCT_RECREATED_NOTE, ...created.warnings] };
      }
      const created = await runProductSet(input, null);
      if (created === "gone") throw new AppError("INTERNAL", `Shopify answered "product does not exist" to creating a product in ${shopDomain}.`, { details: { shopDomain } });
      return created;
    },

    async createPage(input) {
      const variables = pageCreateVariables(input);
      const data = await request(PAGE_CREATE_MUTATION, variables, { name: "pageCreate", doing: "creating the page", action: "create store pages", mutation: true });
      const payload = data.pageCreate as { page?: { id: string } | null; userErrors?: UserError[] } | null;
      const userErrors = payload?.userErrors ?? [];
      if (userErrors.length > 0) throw userErrorsToAppError(userErrors, `the page "${input.title}"`);
      const id = payload?.page?.id;
      if (!id) throw new AppError("UNAVAILABLE", `Shopify answered without the new page's id for ${shopDomain}: check Online Store → Pages before exporting again.`, { details: { shopDomain } });
      return {
        pageId: id,
        pageAdminUrl: adminUrlFor("page", id),
        action: "created",
        warnings: ["The page is hidden in your store: publish it in Online Store → Pages when it is ready."],
      };
    },

    async updatePage(pageId, input) {
      // isPublished is left as the merchant set it in the store: an update never hides a live page.
      const variables = pageUpdateVariables(pageId, input);
      const data = await request(PAGE_UPDATE_MUTATION, variables, { name: "pageUpdate", doing: "updating the page", action: "update store pages", mutation: true });
      const payload = data.pageUpdate as { page?: { id: string } | null; userErrors?: UserError[] } | null;
      const userErrors = payload?.userErrors ?? [];
      if (userErrors.some((e) => e.code === PAGE_GONE)) return "gone";
      if (userErrors.length > 0) throw userErrorsToAppError(userErrors, `the page "${input.title}"`);
      const id = payload?.page?.id;
      if (!id) return "gone";
      return { pageId: id, pageAdminUrl: adminUrlFor("page", id), action: "updated", warnings: [] };
    },
  };
}

function parseAnswer(res: GuardedResponse): GraphqlAnswer | null {
  try {
    const value: unknown = JSON.parse(res.body);
    return value && typeof value === "object" ? (value as GraphqlAnswer) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// productSet input
// ---------------------------------------------------------------------------------------------

/** Shopify's name for the one option of a product without options, and its one value. */
const DEFAULT_OPTION = "Title";
const DEFAULT_VALUE = "Default Title";
const MAX_VARIANTS = 100;
/** Variants and media a re-export reads back (one page of each). */
const READ_LIMIT = 250;

interface VariantPlan {
  values: string[];
  priceCents: number | null;
  compareAtPriceCents: number | null;
  sku: string | null;
}

export const productReadVariables = (id: string) => ({ id });

export const stagedUploadVariables = (files: { filename: string; mimeType: string; fileSize: number }[]) => ({
  input: files.map((f) => ({ resource: "IMAGE", filename: f.filename, mimeType: f.mimeType, httpMethod: "POST", fileSize: String(f.fileSize) })),
});

export const pageCreateVariables = (input: ShopifyPageInput) => ({ page: { title: input.title, body: input.bodyHtml, handle: input.handle, isPublished: false } });

/** isPublished is left as the merchant set it in the store: an update never hides a live page. */
export const pageUpdateVariables = (pageId: string, input: ShopifyPageInput) => ({ id: pageId, page: { title: input.title, body: input.bodyHtml, handle: input.handle } });

/** An address Shopify cannot download itself: the app's own /media/... images, written relative. */
export const isOwnImage = (url: string) => !/^https?:\/\//i.test(url);

/** 32-bit FNV-1a of the text, as 8 hex digits: a stable short name for an image address. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

const IMAGE_EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif" };
const OUR_FILENAME = /dropcraft-([0-9a-f]{8})\.[a-z]+/;

/**
 * The file name an exported image gets in the store: `dropcraft-<hash of the page's address>.<ext>`.
 * Shopify keeps it in the image's CDN address, which is how a re-export tells the page's images
 * (already there, or dropped from the page) from the ones the merchant added.
 */
export function imageFilename(url: string, mimeType?: string): string {
  const ext = (mimeType && IMAGE_EXTENSIONS[mimeType]) || /\.(jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase().replace("jpeg", "jpg") || "jpg";
  return `dropcraft-${shortHash(url)}.${ext}`;
}

/** The page image a store media item was exported from (by its file name); null for the merchant's own media. */
function ourImageHash(media: CurrentProduct["media"][number]): string | null {
  return OUR_FILENAME.exec(media.image?.url ?? "")?.[1] ?? null;
}

/** The page's images the store does not hold yet. */
function imagesToAdd(product: PageProduct, current: CurrentProduct | null): string[] {
  const held = new Set((current?.media ?? []).map(ourImageHash).filter(Boolean));
  return [...new Set(product.images)].filter((url) => !held.has(shortHash(url)));
}

/** The app's own images a productSet needs uploaded first (the ones the store does not hold yet). */
export function imagesToUpload(input: ShopifyProductInput, current: CurrentProduct | null): string[] {
  return imagesToAdd(input.product, current).filter(isOwnImage);
}

const optionKey = (pairs: { name: string; value: string }[]) =>
  pairs
    .map((p) => `${p.name.trim().toLowerCase()}=${p.value.trim().toLowerCase()}`)
    .sort()
    .join("|");

/**
 * The productSet variables for a page's product, and what the merchant should know about it.
 * Without `current` it creates the product; with it (read just before) it updates that product by
 * `identifier`, sending back every option value, variant and media item the store holds that the
 * page does not own, with their ids, so productSet keeps them.
 */
export function productSetVariables(
  input: ShopifyProductInput,
  current?: CurrentProduct | null,
  sources: ImageSources = {},
): { variables: { identifier?: { id: string }; input: Record<string, unknown>; synchronous: true }; warnings: string[] } {
  const { product } = input;
  // An update leaves the status as the merchant set it in the store: re-exporting never takes a live product off sale.
  const warnings = current ? [] : ["The product was created as a draft: review it in Shopify and set it to Active to start selling."];

  let options = product.options.map((o) => ({ name: o.name, values: o.values }));
  let plans: VariantPlan[];
  const named = product.variants.filter((v) => v.title.trim() !== "");
  if (options.length > 0) {
    plans = product.variants.length > 0 ? product.variants.map((v) => ({ values: v.optionValues, priceCents: v.priceCents, compareAtPriceCents: v.compareAtPriceCents, sku: v.sku })) : combinations(options.map((o) => o.values)).map((values) => ({ values, priceCents: null, compareAtPriceCents: null, sku: null }));
  } else if (named.length > 1 && new Set(named.map((v) => v.title)).size === named.length) {
    // Variants told apart only by their titles: Shopify's own shape for that is one "Title" option.
    options = [{ name: DEFAULT_OPTION, values: named.map((v) => v.title) }];
    plans = named.map((v) => ({ values: [v.title], priceCents: v.priceCents, compareAtPriceCents: v.compareAtPriceCents, sku: v.sku }));
  } else {
    // No options: the product's single variant is Shopify's "Default Title" under the "Title" option.
    const only = product.variants[0];
    options = [{ name: DEFAULT_OPTION, values: [DEFAULT_VALUE] }];
    plans = [{ values: [DEFAULT_VALUE], priceCents: only?.priceCents ?? null, compareAtPriceCents: only?.compareAtPriceCents ?? null, sku: only?.sku ?? null }];
    if (product.variants.length > 1) warnings.push(`The page lists ${product.variants.length} variants without options to tell them apart: only one variant was created; add options in Shopify.`);
  }
  if (plans.length > MAX_VARIANTS) {
    throw new AppError("VALIDATION", `The product has ${plans.length} variants; an export creates ${MAX_VARIANTS} at most. Remove some option values, then export again.`, {
      details: { field: "product.variants" },
    });
  }

  let unpriced = false;
  const unitCost = product.costCents !== null && product.costCents !== undefined && product.costCents > 0 ? centsToMoney(product.costCents) : null;
  const ours = plans.map((plan) => {
    const priceCents = plan.priceCents ?? product.priceCents;
    if (priceCents === null) unpriced = true;
    const compareAt = plan.compareAtPriceCents ?? product.compareAtPriceCents;
    const optionValues = plan.values.map((name, i) => ({ optionName: options[i]?.name ?? `Option ${i + 1}`, name }));
    return {
      key: optionKey(optionValues.map((v) => ({ name: v.optionName, value: v.name }))),
      title: plan.values.join(" / "),
      variant: {
        optionValues,
        price: centsToMoney(priceCents ?? 0),
        // A compare-at price at or under the price would show no saving: leave it out.
        ...(compareAt !== null && priceCents !== null && compareAt > priceCents ? { compareAtPrice: centsToMoney(compareAt) } : {}),
        // What one unit costs the merchant (Shopify's "Cost per item", never shown to shoppers).
        ...(plan.sku || unitCost ? { inventoryItem: { ...(plan.sku ? { sku: plan.sku } : {}), ...(unitCost ? { cost: unitCost } : {}) } } : {}),
        // The page's barcode names one item: it goes on the product's only variant, never on several.
        ...(product.gtin && plans.length === 1 ? { barcode: product.gtin } : {}),
      } as Record<string, unknown>,
    };
  });
  if (unpriced) warnings.push("No price was known for every variant: those were created at 0.00; set their prices in Shopify before selling.");
  if (input.shopCurrency && input.shopCurrency !== product.currency) {
    warnings.push(`The page's prices are in ${product.currency} but the store sells in ${input.shopCurrency}: Shopify keeps the same numbers as ${input.shopCurrency}; check them before selling.`);
  }

  let productOptions: Record<string, unknown>[] = options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values.map((name) => ({ name })) }));
  let variants: Record<string, unknown>[] = ours.map((o) => o.variant);
  if (current && current.options.length > 0) {
    const merged = mergeWithStore(current, options, ours);
    productOptions = merged.productOptions;
    variants = merged.variants;
    warnings.push(...merged.warnings);
  }

  // Images: the store's media are sent back by id (the merchant's as they are, ours still on the
  // page); the page's images the store lacks are added; ours the page dropped are not sent, so they go.
  const pageHashes = new Set(product.images.map(shortHash));
  const keptMedia = (current?.media ?? []).filter((m) => {
    const ours = ourImageHash(m);
    return ours === null || pageHashes.has(ours);
  });
  const added = imagesToAdd(product, current ?? null);
  const sendable = added.filter((url) => !isOwnImage(url) || sources[url]);
  const leftOut = added.filter((url) => !sendable.includes(url));
  if (leftOut.length > 0) warnings.push(`${leftOut.length} image(s) were left out (${leftOut.join(", ")}): they are no longer in your image gallery, so they could not be uploaded to Shopify.`);
  if (sendable.some((url) => !isOwnImage(url))) warnings.push("Shopify downloads the images in the background: one it cannot download shows as failed in the product's media.");
  const files = [
    ...keptMedia.map((m) => ({ id: m.id })),
    ...sendable.map((url) => ({ originalSource: sources[url] ?? url, alt: input.imageAlts[url]?.trim() || product.title, filename: imageFilename(url), contentType: "IMAGE" })),
  ];

  const seo: Record<string, string> = {};
  if (input.seo.title.trim()) seo.title = input.seo.title.trim();
  if (input.seo.description.trim()) seo.description = input.seo.description.trim();

  return {
    variables: {
      ...(current ? { identifier: { id: current.id } } : {}),
      synchronous: true,
      input: {
        title: product.title,
        descriptionHtml: input.descriptionHtml,
        handle: input.handle,
        ...(current ? {} : { status: "DRAFT" }),
        ...(product.vendor ? { vendor: product.vendor } : {}),
        ...(product.productType ? { productType: product.productType } : {}),
        ...(Object.keys(seo).length > 0 ? { seo } : {}),
        productOptions,
        variants,
        ...(files.length > 0 || (current?.media.length ?? 0) > 0 ? { files } : {}),
      },
    },
    warnings,
  };
}

/**
 * A re-export's options and variants: the store's, with their ids, and the page's merged in.
 * The page owns the variants whose option values it lists (their price, compare-at price and SKU
 * are set from the page); every other variant is the merchant's and is sent back untouched, as is
 * every option value. When the store's options are no longer the page's (the merchant renamed or
 * added one), the store's variants are all left as they are.
 */
function mergeWithStore(
  current: CurrentProduct,
  options: { name: string; values: string[] }[],
  ours: { key: string; title: string; variant: Record<string, unknown> }[],
): { productOptions: Record<string, unknown>[]; variants: Record<string, unknown>[]; warnings: string[] } {
  const warnings: string[] = [];
  const lower = (names: string[]) => names.map((n) => n.trim().toLowerCase()).sort().join("|");
  const storeOptions = current.options.map((o) => ({ id: o.id, name: o.name, position: o.position, values: o.optionValues.map((v) => ({ id: v.id, name: v.name })) }));
  const keep = (v: CurrentProduct["variants"][number]) => ({ id: v.id, optionValues: v.selectedOptions.map((s) => ({ optionName: s.name, name: s.value })) });
  const onlyDefault = current.options.length === 1 && current.options[0]!.name === DEFAULT_OPTION && current.options[0]!.optionValues.every((v) => v.name === DEFAULT_VALUE) && current.variants.length <= 1;
  const sameOptions = lower(current.options.map((o) => o.name)) === lower(options.map((o) => o.name));

  if (!sameOptions && onlyDefault) {
    // Shopify's placeholder "Default Title" variant: nothing of the merchant's to keep.
    return { productOptions: options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values.map((name) => ({ name })) })), variants: ours.map((o) => o.variant), warnings };
  }
  if (!sameOptions) {
    warnings.push(
      `The product's options in Shopify (${current.options.map((o) => o.name).join(", ")}) are not the page's (${options.map((o) => o.name).join(", ")}): its variants and prices were left as they are in Shopify; change them there.`,
    );
    return { productOptions: storeOptions, variants: current.variants.map(keep), warnings };
  }

  const productOptions = storeOptions.map((o) => {
    const page = options.find((p) => p.name.trim().toLowerCase() === o.name.trim().toLowerCase());
    const have = new Set(o.values.map((v) => v.name.trim().toLowerCase()));
    const extra = (page?.values ?? []).filter((v) => !have.has(v.trim().toLowerCase())).map((name) => ({ name }));
    return { ...o, values: [...o.values, ...extra] };
  });
  const byKey = new Map(ours.map((o) => [o.key, o]));
  const used = new Set<string>();
  const kept: string[] = [];
  const repriced: string[] = [];
  const variants: Record<string, unknown>[] = current.variants.map((v) => {
    const key = optionKey(v.selectedOptions);
    const page = byKey.get(key);
    if (!page || used.has(key)) {
      kept.push(v.title);
      return keep(v);
    }
    used.add(key);
    const price = page.variant.price as string;
    if (Number(v.price) !== Number(price)) repriced.push(`${v.title} ${v.price} → ${price}`);
    return { id: v.id, ...page.variant, optionValues: keep(v).optionValues };
  });
  for (const o of ours) if (!used.has(o.key)) variants.push(o.variant);
  if (kept.length > 0) warnings.push(`Kept ${kept.length} variant(s) that are in Shopify but not on the page (${kept.join(", ")}): delete them in Shopify if they should go.`);
  if (repriced.length > 0) warnings.push(`Prices set from the page: ${repriced.join("; ")}.`);
  return { productOptions, variants, warnings };
}

/** Every combination of one value per option, in option order (capped a little past the variant limit). */
function combinations(lists: string[][]): string[][] {
  let out: string[][] = [[]];
  for (const list of lists) {
    out = out.flatMap((prefix) => list.map((value) => [...prefix, value]));
    if (out.length > MAX_VARIANTS) return out;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The export
// ---------------------------------------------------------------------------------------------

export interface ShopifyPageExportInput {
  product: ShopifyProductInput;
  /** The landing page as a store page; needed when `includePage`. */
  page?: ShopifyPageInput;
  /** What an earlier export of this page created in this shop: updated in place instead of created twice. */
  existing?: ShopifyExistingExport | null;
}

/**
 * Creates the product (or updates the one an earlier export created), then (with `includePage`)
 * the landing page likewise. Nothing half-done goes unreported: once the product exists, a
 * failure with the page does not throw: the result carries the product's id and admin link,
 * `pageId: null`, and a warning naming what failed and why, so the merchant is never told
 * "export failed" about a product that is in their store. A failure before the product exists
 * throws the AppError as it is.
 */
export async function exportPageToShopify(client: ShopifyAdminClient, input: ShopifyPageExportInput, options: { includePage: boolean }): Promise<ShopifyExportResult> {
  if (options.includePage && !input.page) {
    throw new AppError("VALIDATION", "There is no landing page to create: export the product alone, or generate the page first.", { details: { field: "includePage" } });
  }
  const product = await client.exportProduct(input.product, input.existing?.productId);
  const result: ShopifyExportResult = {
    productId: product.productId,
    productAdminUrl: product.productAdminUrl,
    action: product.action,
    pageId: null,
    pageAdminUrl: null,
    pageAction: null,
    shopDomain: client.shopDomain,
    warnings: [...product.warnings],
  };
  if (!options.includePage || !input.page) return result;
  try {
    const earlier = input.existing?.pageId;
    const updated = earlier ? await client.updatePage(earlier, input.page) : "gone";
    const page = updated === "gone" ? await client.createPage(input.page) : updated;
    if (earlier && updated === "gone") result.warnings.push(PAGE_RECREATED_NOTE);
    result.pageId = page.pageId;
    result.pageAdminUrl = page.pageAdminUrl;
    result.pageAction = page.action;
    result.warnings.push(...page.warnings);
  } catch (err) {
    result.warnings.push(`The product was ${product.action} (${product.productAdminUrl}), but the landing page was not: ${toAppError(err).message}`);
  }
  return result;
}

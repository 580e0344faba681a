/**
 * A Shopify store's Admin GraphQL endpoint, for the operations the export uses (the connection
 * check, `product(id:)`, `stagedUploadsCreate` and the upload POST to its target, `productSet`
 * creating or, with `identifier: {id}` (or the deprecated `input.id`), updating a product,
 * `pageCreate`, `pageUpdate`), as one pure async handler over a small state. productSet works on
 * lists as Shopify documents it: an option, option value, variant or file sent with its id is
 * updated (the fields left out stay), one sent without an id is created, and one the product had
 * that is not sent is deleted. An id the shop does not have (the merchant deleted the product or
 * page) gets Shopify's userError for it: PRODUCT_DOES_NOT_EXIST, NOT_FOUND on pageUpdate's `id`.
 * A request for an API version past its support window is served by the oldest supported one,
 * named in the X-Shopify-API-Version answer header, as Shopify does. It answers
 * what Shopify answers: `data` with `userErrors`; top-level `errors` with `extensions.code`
 * (THROTTLED, ACCESS_DENIED) or, for variables of the wrong shape, `extensions.problems`;
 * `extensions.cost` with the requested and actual cost and the leaky bucket's `throttleStatus`;
 * HTTP 401 with Shopify's text for a bad token, 404 for an unknown shop or API version, 402 for
 * a frozen shop, 423 for a locked one, 429 with Retry-After when a test asks for it.
 *
 * Operations are recognised by what the query text contains (no GraphQL parser); the variables
 * are checked the way Shopify coerces and validates the fields the export sends. The selection
 * set is ignored: each operation answers a fixed set of fields.
 *
 * No Node API here: the Node test server (tests/integration/fake-shopify-admin.ts) wraps it, and
 * the Worker can run it as an offline dev store.
 *
 * The bucket has the documented Standard-plan figures by default (restore 100 points/s; a bucket of
 * 2,000 points, 20 times the restore rate as Shopify sizes them); mutations ask for 10 points,
 * the connection check for 3. Both figures can be set per shop (older shops answered 1,000/50).
 */

export type FakeShopStatus = "active" | "frozen" | "locked";

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  descriptionHtml: string | null;
  vendor: string | null;
  productType: string | null;
  seo: { title: string | null; description: string | null };
  options: { id: string; name: string; position: number; values: string[]; optionValues: { id: string; name: string }[] }[];
  variants: { id: string; title: string; selectedOptions: { name: string; value: string }[]; price: string; compareAtPrice: string | null; sku: string | null; cost?: string | null }[];
  /** `url` is where Shopify's CDN serves the image: it keeps the file name (`filename`, else the source's). */
  media: { id: string; originalSource: string; alt: string | null; contentType: string; filename: string; url: string; status: "READY" | "FAILED" }[];
}

/** A staged upload target handed out by stagedUploadsCreate, and whether the bytes arrived. */
export interface FakeStagedUpload {
  key: string;
  /** The signed policy the upload POST must carry back. */
  policy: string;
  resourceUrl: string;
  filename: string;
  mimeType: string;
  fileSize: number | null;
  uploadedBytes: number | null;
}

export interface FakePage {
  id: string;
  title: string;
  handle: string;
  body: string;
  isPublished: boolean;
}

export interface FakeRequestLog {
  at: number;
  operation: string;
  status: number;
  /** True when the answer was a throttle (THROTTLED or 429). */
  throttled: boolean;
}

export interface FakeShop {
  domain: string;
  name: string;
  currencyCode: string;
  status: FakeShopStatus;
  /** Access token → the scopes granted with it. */
  tokens: Map<string, string[]>;
  bucket: { maximumAvailable: number; restoreRate: number; available: number; at: number };
  /** Throttles the next requests will meet, in order (test hook). */
  forced: { kind: "throttled" | "http429"; retryAfterSeconds: number }[];
  products: FakeProduct[];
  pages: FakePage[];
  requests: FakeRequestLog[];
  uploads?: FakeStagedUpload[];
  /** The API versions asked for, and the one that answered (the oldest supported for one past its window). */
  versions?: { requested: string; served: string }[];
}

export interface FakeStoreState {
  shops: Map<string, FakeShop>;
  /** Where staged upload targets point (the Node test server sets its own origin). */
  uploadOrigin?: string;
  /** Milliseconds; the bucket refills by it (tests advance it with their injected sleep). */
  now: () => number;
  nextId: number;
}

export interface FakeAdminRequest {
  method: string;
  /** The path (query string allowed): `/admin/api/<version>/graphql.json` with the shop in the Host header, or `/<shop>/admin/api/<version>/graphql.json`. */
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface FakeAdminResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const FAKE_BUCKET_SIZE = 2000;
export const FAKE_RESTORE_RATE = 100;
const MUTATION_COST = 10;
const CONNECTION_CHECK_COST = 3;
const MAX_OPTIONS = 3;
const MAX_OPTION_VALUES = 100;
const MAX_VARIANTS = 2048;
const FIRST_ID = 8_123_456_000;

export function createFakeStoreState(options: { now?: () => number; uploadOrigin?: string } = {}): FakeStoreState {
  return { shops: new Map(), now: options.now ?? (() => Date.now()), nextId: FIRST_ID, uploadOrigin: options.uploadOrigin };
}

/** Google Cloud Storage, where Shopify's staged upload targets point. */
export const STAGED_UPLOAD_ORIGIN = "https://shopify-staged-uploads.storage.googleapis.com";
/** The versions Shopify supports on 2026-11-28 (each for twelve months from its release). */
export const FAKE_SUPPORTED_VERSIONS = ["2026-01", "2026-04", "2026-07", "2026-10"] as const;

export interface FakeShopSeed {
  domain: string;
  token: string;
  scopes?: string[];
  name?: string;
  currencyCode?: string;
  status?: FakeShopStatus;
  maximumAvailable?: number;
  restoreRate?: number;
}

/** Adds a shop (or another token to one): the default scopes are the ones export needs. */
export function seedShop(state: FakeStoreState, seed: FakeShopSeed): FakeShop {
  const domain = seed.domain.toLowerCase();
  let shop = state.shops.get(domain);
  if (!shop) {
    const maximumAvailable = seed.maximumAvailable ?? FAKE_BUCKET_SIZE;
    shop = {
      domain,
      name: seed.name ?? domain.replace(/\.myshopify\.com$/, ""),
      currencyCode: seed.currencyCode ?? "USD",
      status: seed.status ?? "active",
      tokens: new Map(),
      bucket: { maximumAvailable, restoreRate: seed.restoreRate ?? FAKE_RESTORE_RATE, available: maximumAvailable, at: state.now() },
      forced: [],
      products: [],
      pages: [],
      requests: [],
    };
    state.shops.set(domain, shop);
  } else if (seed.status) {
    shop.status = seed.status;
  }
  shop.tokens.set(seed.token, seed.scopes ?? ["write_products", "read_products", "write_content", "read_content"]);
  return shop;
}

function shopOf(state: FakeStoreState, domain: string): FakeShop {
  const shop = state.shops.get(domain.toLowerCase());
  if (!shop) throw new Error(`No fake shop ${domain}`);
  return shop;
}

/** The next `count` requests to the shop are throttled: THROTTLED (the bucket found empty) or HTTP 429 with Retry-After. */
export function throttleNext(state: FakeStoreState, domain: string, count: number, options: { kind?: "throttled" | "http429"; retryAfterSeconds?: number } = {}): void {
  const shop = shopOf(state, domain);
  for (let i = 0; i < count; i++) shop.forced.push({ kind: options.kind ?? "throttled", retryAfterSeconds: options.retryAfterSeconds ?? 2 });
}

/** The token stops working (the merchant uninstalled the app or rotated the token). */
export function revokeToken(state: FakeStoreState, domain: string, token: string): void {
  shopOf(state, domain).tokens.delete(token);
}

/** The merchant deletes a product in the Shopify admin. False when the shop has no such product. */
export function deleteProduct(state: FakeStoreState, domain: string, id: string): boolean {
  const shop = shopOf(state, domain);
  const before = shop.products.length;
  shop.products = shop.products.filter((p) => p.id !== id);
  return shop.products.length < before;
}

/** The merchant changes a product's status in the Shopify admin (sets it Active to sell it). */
export function setProductStatus(state: FakeStoreState, domain: string, id: string, status: "ACTIVE" | "ARCHIVED" | "DRAFT"): boolean {
  const product = shopOf(state, domain).products.find((p) => p.id === id);
  if (product) product.status = status;
  return !!product;
}

/** The merchant deletes a store page in the Shopify admin. */
export function deletePage(state: FakeStoreState, domain: string, id: string): boolean {
  const shop = shopOf(state, domain);
  const before = shop.pages.length;
  shop.pages = shop.pages.filter((p) => p.id !== id);
  return shop.pages.length < before;
}

/** A product the merchant made themselves (not through an export), e.g. one holding a handle. */
export function addProduct(state: FakeStoreState, domain: string, fields: { title: string; handle: string }): FakeProduct {
  const shop = shopOf(state, domain);
  const product: FakeProduct = {
    id: nextGid(state, "Product"),
    title: fields.title,
    handle: fields.handle,
    status: "ACTIVE",
    descriptionHtml: null,
    vendor: null,
    productType: null,
    seo: { title: null, description: null },
    options: [defaultOption(state)],
    variants: [{ id: nextGid(state, "ProductVariant"), title: "Default Title", selectedOptions: [{ name: "Title", value: "Default Title" }], price: "0.00", compareAtPrice: null, sku: null }],
    media: [],
  };
  shop.products.push(product);
  return product;
}

function defaultOption(state: FakeStoreState): FakeProduct["options"][number] {
  return { id: nextGid(state, "ProductOption"), name: "Title", position: 1, values: ["Default Title"], optionValues: [{ id: nextGid(state, "ProductOptionValue"), name: "Default Title" }] };
}

/** The merchant edits the product in the Shopify admin: adds a variant (with a new option value if needed), an image, or changes a price. */
export function merchantEdit(
  state: FakeStoreState,
  domain: string,
  id: string,
  edit: { addVariant?: { options: Record<string, string>; price: string }; addImage?: { url: string; alt?: string }; setPrice?: { title: string; price: string } },
): FakeProduct | null {
  const product = shopOf(state, domain).products.find((p) => p.id === id);
  if (!product) return null;
  if (edit.addVariant) {
    const selectedOptions = product.options.map((o) => ({ name: o.name, value: edit.addVariant!.options[o.name] ?? o.values[0] ?? "" }));
    for (const o of product.options) {
      const value = selectedOptions.find((s) => s.name === o.name)!.value;
      if (!o.values.includes(value)) {
        o.values.push(value);
        o.optionValues.push({ id: nextGid(state, "ProductOptionValue"), name: value });
      }
    }
    product.variants.push({ id: nextGid(state, "ProductVariant"), title: selectedOptions.map((s) => s.value).join(" / "), selectedOptions, price: edit.addVariant.price, compareAtPrice: null, sku: null });
  }
  if (edit.addImage) {
    const filename = edit.addImage.url.split("/").pop()!.split("?")[0]!;
    product.media.push({ id: nextGid(state, "MediaImage"), originalSource: edit.addImage.url, alt: edit.addImage.alt ?? null, contentType: "IMAGE", filename, url: cdnUrl(filename), status: "READY" });
  }
  if (edit.setPrice) {
    const variant = product.variants.find((v) => v.title === edit.setPrice!.title);
    if (variant) variant.price = edit.setPrice.price;
  }
  return product;
}

function cdnUrl(filename: string): string {
  return `https://cdn.shopify.com/s/files/1/0000/0001/files/${encodeURIComponent(filename)}?v=1`;
}

/** Sets how many points the bucket holds now. */
export function drainBucket(state: FakeStoreState, domain: string, available: number): void {
  const shop = shopOf(state, domain);
  shop.bucket.available = Math.max(0, Math.min(available, shop.bucket.maximumAvailable));
  shop.bucket.at = state.now();
}

export function setShopStatus(state: FakeStoreState, domain: string, status: FakeShopStatus): void {
  shopOf(state, domain).status = status;
}

/** What a test reads back: the shop's products, pages, request log and bucket (never its tokens). */
export function shopSnapshot(state: FakeStoreState, domain: string) {
  const shop = shopOf(state, domain);
  refill(shop, state.now());
  return {
    domain: shop.domain,
    name: shop.name,
    status: shop.status,
    tokenCount: shop.tokens.size,
    products: shop.products,
    pages: shop.pages,
    requests: shop.requests,
    uploads: (shop.uploads ?? []).map(({ policy: _policy, ...u }) => u),
    versions: shop.versions ?? [],
    throttleStatus: throttleStatus(shop),
  };
}

// ---------------------------------------------------------------------------------------------
// The handler
// ---------------------------------------------------------------------------------------------

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

function json(status: number, value: unknown, extra: Record<string, string> = {}): FakeAdminResponse {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...extra }, body: JSON.stringify(value) };
}

function header(headers: FakeAdminRequest["headers"], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function refill(shop: FakeShop, now: number): void {
  const b = shop.bucket;
  b.available = Math.min(b.maximumAvailable, b.available + (Math.max(0, now - b.at) / 1000) * b.restoreRate);
  b.at = now;
}

function throttleStatus(shop: FakeShop) {
  return { maximumAvailable: shop.bucket.maximumAvailable, currentlyAvailable: Math.floor(shop.bucket.available), restoreRate: shop.bucket.restoreRate };
}

type Operation = "connectionCheck" | "productRead" | "stagedUploadsCreate" | "productSet" | "pageCreate" | "pageUpdate";

function operationOf(query: string): Operation | null {
  if (/\bproductSet\s*\(/.test(query)) return "productSet";
  if (/\bstagedUploadsCreate\s*\(/.test(query)) return "stagedUploadsCreate";
  if (/\bproduct\s*\(\s*id\s*:/.test(query)) return "productRead";
  if (/\bpageCreate\s*\(/.test(query)) return "pageCreate";
  if (/\bpageUpdate\s*\(/.test(query)) return "pageUpdate";
  if (/\bshop\s*\{/.test(query) || /\bcurrentAppInstallation\b/.test(query)) return "connectionCheck";
  return null;
}

const REQUIRED_SCOPES: Record<Operation, string[] | null> = {
  connectionCheck: null,
  productRead: ["read_products", "write_products"],
  stagedUploadsCreate: ["write_products", "write_files"],
  productSet: ["write_products"],
  pageCreate: ["write_content", "write_online_store_pages"],
  pageUpdate: ["write_content", "write_online_store_pages"],
};

export async function handleAdminGraphql(req: FakeAdminRequest, state: FakeStoreState): Promise<FakeAdminResponse> {
  const pathname = req.path.split("?")[0];
  const match = /^\/(?:([^/]+)\/)?admin\/api\/([^/]+)\/graphql\.json$/.exec(pathname);
  const domain = (match?.[1] ?? header(req.headers, "host") ?? "").toLowerCase().replace(/:\d+$/, "");
  const shop = state.shops.get(domain);
  if (!shop) return json(404, { errors: "Not Found" });
  const now = state.now();
  const log = (operation: string, response: FakeAdminResponse, throttled = false) => {
    shop.requests.push({ at: now, operation, status: response.status, throttled });
    return response;
  };
  if (shop.status === "frozen") return log("-", json(402, { errors: "Unavailable Shop" }));
  if (shop.status === "locked") return log("-", json(423, { errors: "This shop is unavailable" }));
  if (!match || !/^(\d{4}-(01|04|07|10)|unstable)$/.test(match[2])) return log("-", json(404, { errors: "Not Found" }));
  const requested = match[2];
  const served = requested === "unstable" || (FAKE_SUPPORTED_VERSIONS as readonly string[]).includes(requested) ? requested : requested < FAKE_SUPPORTED_VERSIONS[0] ? FAKE_SUPPORTED_VERSIONS[0] : requested;
  shop.versions = [...(shop.versions ?? []), { requested, served }].slice(-20);
  const answered = handleShopGraphql(req, state, shop, now, log);
  return answered.then((a) => ({ ...a, headers: { ...a.headers, "x-shopify-api-version": served } }));
}

async function handleShopGraphql(req: FakeAdminRequest, state: FakeStoreState, shop: FakeShop, now: number, log: (operation: string, response: FakeAdminResponse, throttled?: boolean) => FakeAdminResponse): Promise<FakeAdminResponse> {

  const token = header(req.headers, "x-shopify-access-token");
  const scopes = token ? shop.tokens.get(token) : undefined;
  if (!scopes) return log("-", json(401, { errors: INVALID_TOKEN }));

  if (req.method.toUpperCase() !== "POST") return log("-", json(400, { errors: { query: "Required parameter missing or invalid" } }));
  let parsed: { query?: unknown; variables?: unknown };
  try {
    parsed = JSON.parse(req.body) as typeof parsed;
  } catch {
    return log("-", json(400, { errors: { query: "Required parameter missing or invalid" } }));
  }
  if (typeof parsed?.query !== "string" || !parsed.query.trim()) return log("-", json(400, { errors: { query: "Required parameter missing or invalid" } }));
  const operation = operationOf(parsed.query);
  const variables = (parsed.variables && typeof parsed.variables === "object" ? parsed.variables : {}) as Record<string, unknown>;

  const forced = shop.forced.shift();
  if (forced?.kind === "http429") {
    return log(operation ?? "-", json(429, { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." }, { "retry-after": forced.retryAfterSeconds.toFixed(1) }), true);
  }
  if (!operation) {
    return log("-", json(200, { errors: [{ message: "This fake store answers the connection check, product(id:), stagedUploadsCreate, productSet, pageCreate and pageUpdate only.", extensions: { code: "undefinedField" } }] }));
  }

  // Variables of the wrong shape are refused before anything runs or costs.
  const problems =
    operation === "productSet"
      ? productSetProblems(variables)
      : operation === "pageCreate"
        ? pageCreateProblems(variables)
        : operation === "pageUpdate"
          ? pageUpdateProblems(variables)
          : operation === "stagedUploadsCreate"
            ? stagedUploadsProblems(variables)
            : operation === "productRead"
              ? idProblems(variables)
              : [];
  if (problems.length > 0) {
    const [first] = problems;
    const variableName = String(first.path[0]);
    const variable =
      operation === "productSet"
        ? variableName === "identifier"
          ? "$identifier of type ProductSetIdentifiers"
          : "$input of type ProductSetInput!"
        : operation === "pageCreate"
          ? "$page of type PageCreateInput!"
          : operation === "stagedUploadsCreate"
            ? "$input of type [StagedUploadInput!]!"
            : variableName === "id"
              ? "$id of type ID!"
              : "$page of type PageUpdateInput!";
    const paths = problems.map((p) => `${p.path.slice(1).join(".")} (${p.explanation})`).join(", ");
    return log(operation, json(200, { errors: [{ message: `Variable ${variable} was provided invalid value for ${paths}`, locations: [{ line: 1, column: 1 }], extensions: { value: variables[variableName] ?? null, problems: problems.map((p) => ({ path: p.path.slice(1), explanation: p.explanation })) } }] }));
  }

  const cost = operation === "connectionCheck" ? CONNECTION_CHECK_COST : MUTATION_COST;
  refill(shop, now);
  // A forced THROTTLED is the bucket found empty (spent by earlier calls), so its throttleStatus stays true.
  if (forced?.kind === "throttled") shop.bucket.available = 0;
  if (shop.bucket.available < cost) {
    return log(
      operation,
      json(200, {
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
        extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttleStatus(shop) } },
      }),
      true,
    );
  }
  shop.bucket.available -= cost;
  const extensions = { cost: { requestedQueryCost: cost, actualQueryCost: cost, throttleStatus: throttleStatus(shop) } };

  const required = REQUIRED_SCOPES[operation];
  if (required && !required.some((s) => scopes.includes(s))) {
    const needed = required.map((s) => `\`${s}\``).join(" or ");
    return log(
      operation,
      json(200, {
        data: { [operation]: null },
        errors: [
          {
            message: `Access denied for ${operation} field. Required access: ${needed} access scope.`,
            locations: [{ line: 2, column: 3 }],
            path: [operation],
            extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes", requiredAccess: `${needed} access scope.` },
          },
        ],
        extensions,
      }),
    );
  }

  if (operation === "connectionCheck") {
    return log(operation, json(200, { data: { shop: { name: shop.name, currencyCode: shop.currencyCode }, currentAppInstallation: { accessScopes: scopes.map((handle) => ({ handle })) } }, extensions }));
  }
  if (operation === "productRead") {
    const product = shop.products.find((p) => p.id === variables.id);
    return log(operation, json(200, { data: { product: product ? productAnswer(product, String(parsed.query)) : null }, extensions }));
  }
  if (operation === "stagedUploadsCreate") {
    return log(operation, json(200, { data: { stagedUploadsCreate: runStagedUploadsCreate(state, shop, variables.input as Record<string, unknown>[]) }, extensions }));
  }
  if (operation === "productSet") {
    const { product, userErrors } = runProductSet(state, shop, variables.input as Record<string, unknown>, variables.identifier as { id?: string } | null | undefined);
    return log(operation, json(200, { data: { productSet: { product: product ? { id: product.id, handle: product.handle, status: product.status, title: product.title } : null, userErrors } }, extensions }));
  }
  const { page, userErrors } = operation === "pageUpdate" ? runPageUpdate(shop, String(variables.id), variables.page as Record<string, unknown>) : runPageCreate(state, shop, variables.page as Record<string, unknown>);
  return log(operation, json(200, { data: { [operation]: { page: page ? { id: page.id, handle: page.handle, title: page.title } : null, userErrors } }, extensions }));
}

// ---------------------------------------------------------------------------------------------
// Variable coercion (the shapes of the fields the export sends)
// ---------------------------------------------------------------------------------------------

interface Problem {
  path: (string | number)[];
  explanation: string;
}

type FieldType = "String" | "String!" | "Boolean" | "Int" | "Money" | { enum: string[] };

function checkScalar(value: unknown, type: FieldType, path: (string | number)[], out: Problem[]): void {
  if (value === undefined || value === null) {
    if (type === "String!") out.push({ path, explanation: "Expected value to not be null" });
    return;
  }
  if (typeof type === "object") {
    if (typeof value !== "string" || !type.enum.includes(value)) out.push({ path, explanation: `Expected ${JSON.stringify(value)} to be one of: ${type.enum.join(", ")}` });
    return;
  }
  const ok =
    type === "String" || type === "String!"
      ? typeof value === "string"
      : type === "Boolean"
        ? typeof value === "boolean"
        : type === "Int"
          ? Number.isInteger(value)
          : (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) || (typeof value === "number" && Number.isFinite(value));
  if (!ok) out.push({ path, explanation: type === "Money" ? `invalid decimal '${String(value)}'` : `Could not coerce value ${JSON.stringify(value)} to ${type.replace("!", "")}` });
}

function checkObject(value: unknown, fields: Record<string, (v: unknown, path: (string | number)[], out: Problem[]) => void>, path: (string | number)[], out: Problem[], typeName: string): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    out.push({ path, explanation: `Expected value to be a ${typeName} object` });
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    const check = fields[key];
    if (!check) out.push({ path: [...path, key], explanation: `Field is not defined on ${typeName}` });
    else check(v, [...path, key], out);
  }
  for (const [key, check] of Object.entries(fields)) if (!(key in value)) check(undefined, [...path, key], out);
}

const scalar = (type: FieldType) => (v: unknown, path: (string | number)[], out: Problem[]) => checkScalar(v, type, path, out);
const list =
  (item: (v: unknown, path: (string | number)[], out: Problem[]) => void, required = false) =>
  (v: unknown, path: (string | number)[], out: Problem[]) => {
    if (v === undefined || v === null) {
      if (required) out.push({ path, explanation: "Expected value to not be null" });
      return;
    }
    if (!Array.isArray(v)) return out.push({ path, explanation: "Expected value to be a list" });
    v.forEach((entry, i) => item(entry, [...path, i], out));
  };
const object =
  (typeName: string, fields: Record<string, (v: unknown, path: (string | number)[], out: Problem[]) => void>, required = false) =>
  (v: unknown, path: (string | number)[], out: Problem[]) => {
    if (v === undefined || v === null) {
      if (required) out.push({ path, explanation: "Expected value to not be null" });
      return;
    }
    checkObject(v, fields, path, out, typeName);
  };

const PRODUCT_SET_INPUT = object(
  "ProductSetInput",
  {
    id: scalar("String"),
    title: scalar("String"),
    descriptionHtml: scalar("String"),
    handle: scalar("String"),
    vendor: scalar("String"),
    productType: scalar("String"),
    status: scalar({ enum: ["ACTIVE", "ARCHIVED", "DRAFT"] }),
    tags: list(scalar("String!")),
    seo: object("SEOInput", { title: scalar("String"), description: scalar("String") }),
    productOptions: list(
      object("OptionSetInput", { id: scalar("String"), name: scalar("String"), position: scalar("Int"), values: list(object("OptionValueSetInput", { id: scalar("String"), name: scalar("String") }, true)) }, true),
    ),
    variants: list(
      object(
        "ProductVariantSetInput",
        {
          id: scalar("String"),
          optionValues: list(object("VariantOptionValueInput", { optionName: scalar("String"), name: scalar("String"), optionId: scalar("String"), id: scalar("String") }, true), true),
          price: scalar("Money"),
          compareAtPrice: scalar("Money"),
          sku: scalar("String"),
          barcode: scalar("String"),
          position: scalar("Int"),
          taxable: scalar("Boolean"),
          inventoryPolicy: scalar({ enum: ["DENY", "CONTINUE"] }),
          // cost is a Decimal, a decimal string checked as Money is.
          inventoryItem: object("InventoryItemInput", { sku: scalar("String"), cost: scalar("Money"), tracked: scalar("Boolean"), requiresShipping: scalar("Boolean") }),
        },
        true,
      ),
    ),
    files: list(
      object(
        "FileSetInput",
        {
          id: scalar("String"),
          originalSource: scalar("String"),
          alt: scalar("String"),
          filename: scalar("String"),
          duplicateResolutionMode: scalar({ enum: ["APPEND_UUID", "RAISE_ERROR", "REPLACE"] }),
          contentType: scalar({ enum: ["FILE", "IMAGE", "VIDEO", "EXTERNAL_VIDEO", "MODEL_3D"] }),
        },
        true,
      ),
    ),
  },
  true,
);

const PRODUCT_SET_IDENTIFIERS = object("ProductSetIdentifiers", { id: scalar("String"), handle: scalar("String"), customId: object("UniqueMetafieldValueInput", { namespace: scalar("String"), key: scalar("String!"), value: scalar("String!") }) });

function productSetProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  PRODUCT_SET_IDENTIFIERS(variables.identifier, ["identifier"], out);
  PRODUCT_SET_INPUT(variables.input, ["input"], out);
  return out;
}

const STAGED_UPLOAD_INPUT = object(
  "StagedUploadInput",
  {
    resource: scalar({ enum: ["BULK_MUTATION_VARIABLES", "COLLECTION_IMAGE", "FILE", "IMAGE", "MODEL_3D", "PRODUCT_IMAGE", "RETURN_LABEL", "SHOP_IMAGE", "URL_REDIRECT_IMPORT", "VIDEO"] }),
    filename: scalar("String!"),
    mimeType: scalar("String!"),
    httpMethod: scalar({ enum: ["POST", "PUT"] }),
    // UnsignedInt64 travels as a string of digits.
    fileSize: (v, path, out) => {
      if (v !== undefined && v !== null && !(typeof v === "string" && /^\d+$/.test(v))) out.push({ path, explanation: `Could not coerce value ${JSON.stringify(v)} to UnsignedInt64` });
    },
  },
  true,
);

function stagedUploadsProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  list(STAGED_UPLOAD_INPUT, true)(variables.input, ["input"], out);
  return out;
}

function idProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  checkScalar(variables.id, "String!", ["id"], out);
  return out;
}

const PAGE_CREATE_INPUT = object(
  "PageCreateInput",
  { title: scalar("String!"), body: scalar("String"), handle: scalar("String"), isPublished: scalar("Boolean"), publishDate: scalar("String"), templateSuffix: scalar("String") },
  true,
);

function pageCreateProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  PAGE_CREATE_INPUT(variables.page, ["page"], out);
  return out;
}

const PAGE_UPDATE_INPUT = object(
  "PageUpdateInput",
  { title: scalar("String"), body: scalar("String"), handle: scalar("String"), isPublished: scalar("Boolean"), publishDate: scalar("String"), templateSuffix: scalar("String"), redirectNewHandle: scalar("Boolean") },
  true,
);

function pageUpdateProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  checkScalar(variables.id, "String!", ["id"], out);
  PAGE_UPDATE_INPUT(variables.page, ["page"], out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The mutations
// ---------------------------------------------------------------------------------------------

interface UserError {
  field: string[] | null;
  message: string;
  code: string;
}

/** Shopify's handle from a title: lower case, runs of anything else as one dash. */
function handleize(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "product"
  );
}

function money(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return Number(value).toFixed(2);
}

function nextGid(state: FakeStoreState, type: string): string {
  state.nextId += 1;
  return `gid://shopify/${type}/${state.nextId}`;
}

type OptionIn = { id?: string; name?: string; position?: number; values?: { id?: string; name?: string }[] };
type VariantIn = { id?: string; optionValues: { optionName?: string; name?: string }[]; price?: unknown; compareAtPrice?: unknown; sku?: string; inventoryItem?: { sku?: string; cost?: unknown } };
type FileIn = { id?: string; originalSource?: string; alt?: string; contentType?: string; filename?: string };

/** A connection's first page, as `first: n` asks (Shopify caps n at 250). */
function firstPage<T>(items: T[], first: number): { nodes: T[]; pageInfo: { hasNextPage: boolean } } {
  return { nodes: items.slice(0, first), pageInfo: { hasNextPage: items.length > first } };
}

/** The product as `product(id:)` answers the export's read: options with value ids, variant and media connections. */
function productAnswer(product: FakeProduct, query: string) {
  const first = (field: string) => Math.min(250, Number(new RegExp(`\\b${field}\\s*\\(\\s*first\\s*:\\s*(\\d+)`).exec(query)?.[1] ?? 250));
  return {
    id: product.id,
    options: product.options.map((o) => ({ id: o.id, name: o.name, position: o.position, optionValues: o.optionValues })),
    variants: firstPage(
      product.variants.map((v) => ({ id: v.id, title: v.title, price: v.price, compareAtPrice: v.compareAtPrice, sku: v.sku, selectedOptions: v.selectedOptions })),
      first("variants"),
    ),
    media: firstPage(
      product.media.map((m) => ({ id: m.id, alt: m.alt, mediaContentType: m.contentType, image: m.status === "READY" ? { url: m.url } : null })),
      first("media"),
    ),
  };
}

function runStagedUploadsCreate(state: FakeStoreState, shop: FakeShop, input: Record<string, unknown>[]) {
  const origin = (state.uploadOrigin ?? STAGED_UPLOAD_ORIGIN).replace(/\/+$/, "");
  const userErrors: { field: string[]; message: string }[] = [];
  input.forEach((entry, i) => {
    if (entry.httpMethod !== "POST") userErrors.push({ field: ["input", String(i), "httpMethod"], message: "This fake store hands out POST targets only." });
    if (!/^image\//.test(String(entry.mimeType))) userErrors.push({ field: ["input", String(i), "mimeType"], message: "Mime type is not an image type" });
  });
  if (userErrors.length > 0) return { stagedTargets: null, userErrors };
  const stagedTargets = input.map((entry) => {
    state.nextId += 1;
    const folder = `tmp/${state.nextId}/products/${crypto.randomUUID()}`;
    const filename = String(entry.filename);
    const upload: FakeStagedUpload = {
      key: `${folder}/${filename}`,
      policy: crypto.randomUUID(),
      resourceUrl: `${STAGED_UPLOAD_ORIGIN}/${folder}/${encodeURIComponent(filename)}`,
      filename,
      mimeType: String(entry.mimeType),
      fileSize: entry.fileSize ? Number(entry.fileSize) : null,
      uploadedBytes: null,
    };
    shop.uploads = [...(shop.uploads ?? []), upload];
    return {
      url: `${origin}/__staged-uploads/${shop.domain}`,
      resourceUrl: upload.resourceUrl,
      parameters: [
        { name: "Content-Type", value: upload.mimeType },
        { name: "success_action_status", value: "201" },
        { name: "acl", value: "private" },
        { name: "key", value: upload.key },
        { name: "policy", value: upload.policy },
      ],
    };
  });
  return { stagedTargets, userErrors: [] };
}

/**
 * The upload POST to a staged target: a multipart form with the target's parameters, then `file`.
 * Answers 201 with the storage's XML, as Google Cloud Storage does for success_action_status 201;
 * 400 for a form without the file, 403 for a key or policy the shop never handed out.
 */
export function handleStagedUpload(state: FakeStoreState, domain: string, form: { fields: Record<string, string>; file: { name: string; type: string; size: number } | null }): FakeAdminResponse {
  const xml = (status: number, body: string): FakeAdminResponse => ({ status, headers: { "content-type": "application/xml; charset=utf-8" }, body });
  const shop = state.shops.get(domain.toLowerCase());
  const upload = shop?.uploads?.find((u) => u.key === form.fields.key);
  if (!upload || upload.policy !== form.fields.policy) return xml(403, "<Error><Code>AccessDenied</Code><Message>Invalid according to Policy</Message></Error>");
  if (!form.file) return xml(400, "<Error><Code>InvalidArgument</Code><Message>Cannot find the file in the form</Message></Error>");
  if (form.fields["Content-Type"] !== upload.mimeType) return xml(403, "<Error><Code>AccessDenied</Code><Message>Policy condition failed: Content-Type</Message></Error>");
  if (upload.fileSize !== null && form.file.size !== upload.fileSize) return xml(400, "<Error><Code>EntityTooLarge</Code><Message>Your proposed upload size does not match the declared size</Message></Error>");
  upload.uploadedBytes = form.file.size;
  return xml(201, `<?xml version="1.0" encoding="UTF-8"?><PostResponse><Location>${upload.resourceUrl}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${upload.key}</Key></PostResponse>`);
}

function runProductSet(state: FakeStoreState, shop: FakeShop, input: Record<string, unknown>, identifier?: { id?: string } | null): { product: FakeProduct | null; userErrors: UserError[] } {
  const errors: UserError[] = [];
  const err = (field: (string | number)[], message: string, code: string) => errors.push({ field: field.map(String), message, code });
  // `identifier: {id}` names the product to update; API versions before 2025-04 read `input.id` (deprecated in 2025-10).
  const byIdentifier = typeof identifier?.id === "string" ? identifier.id : null;
  const updateId = byIdentifier ?? (typeof input.id === "string" ? input.id : null);
  const existing = updateId ? shop.products.find((p) => p.id === updateId) : undefined;
  if (updateId && !existing) return { product: null, userErrors: [{ field: byIdentifier ? ["identifier", "id"] : ["input", "id"], message: "Product does not exist", code: "PRODUCT_DOES_NOT_EXIST" }] };
  const title = typeof input.title === "string" ? input.title.trim() : (existing?.title ?? "");
  if (!title) err(["input", "title"], "Title can't be blank", "INVALID_PRODUCT");
  else if (title.length > 255) err(["input", "title"], "Title is too long (maximum is 255 characters)", "INVALID_PRODUCT");

  const options = (input.productOptions as OptionIn[] | undefined) ?? [];
  const variants = (input.variants as VariantIn[] | undefined) ?? [];
  if (variants.length > 0 && options.length === 0) err(["input", "productOptions"], "Product options input is required when updating variants.", "PRODUCT_OPTIONS_INPUT_MISSING");
  if (options.length > 0 && variants.length === 0) err(["input", "variants"], "Variants input is required when updating product options.", "VARIANTS_INPUT_MISSING");
  if (options.length > MAX_OPTIONS) err(["input", "productOptions"], `Can only specify a maximum of ${MAX_OPTIONS} options`, "OPTIONS_OVER_LIMIT");
  if (variants.length > MAX_VARIANTS) err(["input", "variants"], `Can only specify a maximum of ${MAX_VARIANTS} variants`, "VARIANTS_OVER_LIMIT");

  const seenOptions = new Set<string>();
  options.forEach((option, i) => {
    const old = option.id ? existing?.options.find((o) => o.id === option.id) : undefined;
    if (option.id && !old) err(["input", "productOptions", i, "id"], `Option does not exist`, "OPTION_DOES_NOT_EXIST");
    const name = (option.name ?? old?.name ?? "").trim();
    if (!name) err(["input", "productOptions", i, "name"], "Option name can't be blank", "INVALID_INPUT");
    if (seenOptions.has(name.toLowerCase())) err(["input", "productOptions", i, "name"], `Duplicated option name '${name}'.`, "DUPLICATED_OPTION_NAME");
    seenOptions.add(name.toLowerCase());
    const values = (option.values ?? []).map((v, j) => {
      const oldValue = v.id ? old?.optionValues.find((x) => x.id === v.id) : undefined;
      if (v.id && !oldValue) err(["input", "productOptions", i, "values", j, "id"], "Option value does not exist", "OPTION_VALUE_DOES_NOT_EXIST");
      return (v.name ?? oldValue?.name ?? "").trim();
    });
    if (values.length === 0) err(["input", "productOptions", i, "values"], `Option '${name}' must have at least one option value.`, "OPTION_VALUES_MISSING");
    if (values.length > MAX_OPTION_VALUES) err(["input", "productOptions", i, "values"], `Option '${name}' can have at most ${MAX_OPTION_VALUES} values.`, "OPTION_VALUES_OVER_LIMIT");
    const seenValues = new Set<string>();
    values.forEach((value, j) => {
      if (seenValues.has(value.toLowerCase())) err(["input", "productOptions", i, "values", j, "name"], `Duplicated option value '${value}'.`, "DUPLICATED_OPTION_VALUE");
      seenValues.add(value.toLowerCase());
    });
  });
  const optionName = (o: OptionIn) => (o.name ?? existing?.options.find((x) => x.id === o.id)?.name ?? "").trim();
  const valueName = (o: OptionIn, v: { id?: string; name?: string }) => (v.name ?? existing?.options.find((x) => x.id === o.id)?.optionValues.find((x) => x.id === v.id)?.name ?? "").trim();

  const seenCombinations = new Set<string>();
  variants.forEach((variant, i) => {
    const field = ["input", "variants", i];
    if (variant.id && !existing?.variants.some((v) => v.id === variant.id)) err([...field, "id"], "Product variant does not exist", "PRODUCT_VARIANT_DOES_NOT_EXIST");
    const chosen = variant.optionValues ?? [];
    if (chosen.length !== options.length) {
      err([...field, "optionValues"], `The variant must have exactly one value for each of the product's ${options.length} option(s).`, "INVALID_VARIANT");
    }
    chosen.forEach((choice, j) => {
      const option = options.find((o) => optionName(o).toLowerCase() === (choice.optionName ?? "").trim().toLowerCase());
      if (!option) return err([...field, "optionValues", j, "optionName"], `Option '${choice.optionName ?? ""}' does not exist.`, "OPTION_DOES_NOT_EXIST");
      const known = (option.values ?? []).some((v) => valueName(option, v).toLowerCase() === (choice.name ?? "").trim().toLowerCase());
      if (!known) err([...field, "optionValues", j, "name"], `Option value '${choice.name ?? ""}' does not exist for option '${optionName(option)}'.`, "OPTION_VALUE_DOES_NOT_EXIST");
    });
    const key = options.map((o) => chosen.find((c) => (c.optionName ?? "").trim().toLowerCase() === optionName(o).toLowerCase())?.name?.trim().toLowerCase() ?? "").join(" / ");
    if (seenCombinations.has(key)) err(field, `The variant '${chosen.map((c) => c.name).join(" / ")}' already exists. Please change at least one option value.`, "INVALID_VARIANT");
    seenCombinations.add(key);
    if (variant.price !== undefined && variant.price !== null && Number(variant.price) < 0) err([...field, "price"], "Price must be greater than or equal to 0", "INVALID_VARIANT");
  });

  const files = (input.files as FileIn[] | undefined) ?? [];
  files.forEach((file, i) => {
    if (file.id && !existing?.media.some((m) => m.id === file.id)) err(["input", "files", i, "id"], "File does not exist", "INVALID_INPUT");
    if (!file.id && !file.originalSource) err(["input", "files", i, "originalSource"], "Original source can't be blank", "INVALID_INPUT");
  });

  const handle = typeof input.handle === "string" && input.handle.trim() ? input.handle.trim() : null;
  if (handle && shop.products.some((p) => p.handle === handle && p.id !== existing?.id)) err(["input", "handle"], `Handle '${handle}' already in use. Please provide a new handle.`, "HANDLE_NOT_UNIQUE");
  if (errors.length > 0) return { product: null, userErrors: errors };

  let finalHandle = handle ?? existing?.handle ?? handleize(title);
  // A generated handle that is taken gets a number, as Shopify does.
  for (let n = 1; !handle && !existing && shop.products.some((p) => p.handle === finalHandle); n++) finalHandle = `${handleize(title)}-${n}`;

  const seo = (input.seo as { title?: string; description?: string } | undefined) ?? {};
  // Lists: an entry with an id is that entry updated, one without is created, one not sent is deleted.
  const storedOptions: FakeProduct["options"] = options.map((o, i) => {
    const old = o.id ? existing?.options.find((x) => x.id === o.id) : undefined;
    const optionValues = (o.values ?? []).map((v) => ({ id: (v.id && old?.optionValues.find((x) => x.id === v.id)?.id) || nextGid(state, "ProductOptionValue"), name: valueName(o, v) }));
    return { id: old?.id ?? nextGid(state, "ProductOption"), name: optionName(o), position: o.position ?? old?.position ?? i + 1, values: optionValues.map((v) => v.name), optionValues };
  });
  // An update keeps what the input leaves out (status, vendor...); the lists it sends replace the old ones.
  const kept = <T>(field: string, value: T, old: T | undefined, fallback: T): T => (field in input ? value : (old ?? fallback));
  const product: FakeProduct = {
    id: existing?.id ?? nextGid(state, "Product"),
    title,
    handle: finalHandle,
    status: kept("status", typeof input.status === "string" ? input.status : "ACTIVE", existing?.status, "ACTIVE"),
    descriptionHtml: kept("descriptionHtml", typeof input.descriptionHtml === "string" ? input.descriptionHtml : null, existing?.descriptionHtml, null),
    vendor: kept("vendor", typeof input.vendor === "string" ? input.vendor : null, existing?.vendor, null),
    productType: kept("productType", typeof input.productType === "string" ? input.productType : null, existing?.productType, null),
    seo: kept("seo", { title: seo.title ?? null, description: seo.description ?? null }, existing?.seo, { title: null, description: null }),
    options: storedOptions,
    variants: variants.map((v) => {
      const old = v.id ? existing?.variants.find((x) => x.id === v.id) : undefined;
      const selectedOptions = storedOptions.map((o) => ({ name: o.name, value: v.optionValues.find((c) => (c.optionName ?? "").trim().toLowerCase() === o.name.toLowerCase())?.name?.trim() ?? "" }));
      // A variant sent with its id is updated: the fields left out stay as they were.
      return {
        id: old?.id ?? nextGid(state, "ProductVariant"),
        title: selectedOptions.map((s) => s.value).join(" / "),
        selectedOptions,
        price: "price" in v ? (money(v.price) ?? "0.00") : (old?.price ?? "0.00"),
        compareAtPrice: "compareAtPrice" in v ? money(v.compareAtPrice) : (old?.compareAtPrice ?? null),
        sku: v.inventoryItem && "sku" in v.inventoryItem ? (v.inventoryItem.sku ?? null) : "sku" in v ? (v.sku ?? null) : (old?.sku ?? null),
        cost: v.inventoryItem && "cost" in v.inventoryItem ? money(v.inventoryItem.cost) : (old?.cost ?? null),
      };
    }),
    media: kept(
      "files",
      files.map((f) => {
        const old = f.id ? existing?.media.find((m) => m.id === f.id) : undefined;
        if (old) return { ...old, alt: "alt" in f ? (f.alt ?? null) : old.alt };
        const source = f.originalSource ?? "";
        const staged = (shop.uploads ?? []).find((u) => u.resourceUrl === source);
        // A staged resourceUrl whose bytes never arrived fails processing, as an unreachable address does.
        const failed = (source.startsWith(STAGED_UPLOAD_ORIGIN) && (!staged || staged.uploadedBytes === null)) || !/^https?:\/\//.test(source);
        const filename = f.filename ?? decodeURIComponent(source.split("/").pop()!.split("?")[0]!);
        return { id: nextGid(state, "MediaImage"), originalSource: source, alt: f.alt ?? null, contentType: f.contentType ?? "IMAGE", filename, url: cdnUrl(filename), status: failed ? ("FAILED" as const) : ("READY" as const) };
      }),
      existing?.media,
      [],
    ),
  };
  // Without options Shopify gives the product its one "Default Title" variant.
  if (product.variants.length === 0) {
    if (existing && !("variants" in input) && !("productOptions" in input)) {
      product.options = existing.options;
      product.variants = existing.variants;
    } else {
      product.options = [defaultOption(state)];
      product.variants = [{ id: nextGid(state, "ProductVariant"), title: "Default Title", selectedOptions: [{ name: "Title", value: "Default Title" }], price: "0.00", compareAtPrice: null, sku: null }];
    }
  }
  if (existing) shop.products[shop.products.indexOf(existing)] = product;
  else shop.products.push(product);
  return { product, userErrors: [] };
}

function runPageCreate(state: FakeStoreState, shop: FakeShop, input: Record<string, unknown>): { page: FakePage | null; userErrors: UserError[] } {
  const errors: UserError[] = [];
  const title = typeof input.title === "string" ? input.title.trim() : "";
  if (!title) errors.push({ field: ["page", "title"], message: "Title can't be blank", code: "BLANK" });
  else if (title.length > 255) errors.push({ field: ["page", "title"], message: "Title is too long (maximum is 255 characters)", code: "TOO_LONG" });
  const body = typeof input.body === "string" ? input.body : "";
  if (body.length > 512 * 1024) errors.push({ field: ["page", "body"], message: "Body is too big (maximum is 512 KB)", code: "TOO_BIG" });
  const handle = typeof input.handle === "string" && input.handle.trim() ? input.handle.trim() : handleize(title);
  if (shop.pages.some((p) => p.handle === handle)) errors.push({ field: ["page", "handle"], message: "Handle has already been taken", code: "TAKEN" });
  if (errors.length > 0) return { page: null, userErrors: errors };
  const page: FakePage = { id: nextGid(state, "Page"), title, handle, body, isPublished: input.isPublished !== false };
  shop.pages.push(page);
  return { page, userErrors: [] };
}

function runPageUpdate(shop: FakeShop, id: string, input: Record<string, unknown>): { page: FakePage | null; userErrors: UserError[] } {
  const page = shop.pages.find((p) => p.id === id);
  if (!page) return { page: null, userErrors: [{ field: ["id"], message: "Page does not exist", code: "NOT_FOUND" }] };
  const errors: UserError[] = [];
  const title = typeof input.title === "string" ? input.title.trim() : page.title;
  if (!title) errors.push({ field: ["page", "title"], message: "Title can't be blank", code: "BLANK" });
  else if (title.length > 255) errors.push({ field: ["page", "title"], message: "Title is too long (maximum is 255 characters)", code: "TOO_LONG" });
  const body = typeof input.body === "string" ? input.body : page.body;
  if (body.length > 512 * 1024) errors.push({ field: ["page", "body"], message: "Body is too big (maximum is 512 KB)", code: "TOO_BIG" });
  const handle = typeof input.handle === "string" && input.handle.trim() ? input.handle.trim() : page.handle;
  if (shop.pages.some((p) => p.handle === handle && p.id !== page.id)) errors.push({ field: ["page", "handle"], message: "Handle has already been taken", code: "TAKEN" });
  if (errors.length > 0) return { page: null, userErrors: errors };
  // Fields the input leaves out (isPublished when the export updates) stay as the merchant set them.
  Object.assign(page, { title, body, handle, isPublished: typeof input.isPublished === "boolean" ? input.isPublished : page.isPublished });
  return { page, userErrors: [] };
}

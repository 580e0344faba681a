/**
 * A Shopify store's Admin GraphQL endpoint, for the operations the export uses (the connection
 * check, `productSet` creating or, with `input.id`, updating a product, `pageCreate`,
 * `pageUpdate`), as one pure async handler over a small state. An id the shop does not have
 * (the merchant deleted the product or page) gets Shopify's userError for it:
 * PRODUCT_DOES_NOT_EXIST on `input.id`, NOT_FOUND on pageUpdate's `id`. It answers
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
  options: { name: string; position: number; values: string[] }[];
  variants: { id: string; title: string; selectedOptions: { name: string; value: string }[]; price: string; compareAtPrice: string | null; sku: string | null }[];
  media: { originalSource: string; alt: string | null; contentType: string }[];
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
}

export interface FakeStoreState {
  shops: Map<string, FakeShop>;
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

export function createFakeStoreState(options: { now?: () => number } = {}): FakeStoreState {
  return { shops: new Map(), now: options.now ?? (() => Date.now()), nextId: FIRST_ID };
}

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
    options: [{ name: "Title", position: 1, values: ["Default Title"] }],
    variants: [{ id: nextGid(state, "ProductVariant"), title: "Default Title", selectedOptions: [{ name: "Title", value: "Default Title" }], price: "0.00", compareAtPrice: null, sku: null }],
    media: [],
  };
  shop.products.push(product);
  return product;
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

type Operation = "connectionCheck" | "productSet" | "pageCreate" | "pageUpdate";

function operationOf(query: string): Operation | null {
  if (/\bproductSet\s*\(/.test(query)) return "productSet";
  if (/\bpageCreate\s*\(/.test(query)) return "pageCreate";
  if (/\bpageUpdate\s*\(/.test(query)) return "pageUpdate";
  if (/\bshop\s*\{/.test(query) || /\bcurrentAppInstallation\b/.test(query)) return "connectionCheck";
  return null;
}

const REQUIRED_SCOPES: Record<Operation, string[] | null> = {
  connectionCheck: null,
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
    return log("-", json(200, { errors: [{ message: "This fake store answers the connection check, productSet, pageCreate and pageUpdate only.", extensions: { code: "undefinedField" } }] }));
  }

  // Variables of the wrong shape are refused before anything runs or costs.
  const problems = operation === "productSet" ? productSetProblems(variables) : operation === "pageCreate" ? pageCreateProblems(variables) : operation === "pageUpdate" ? pageUpdateProblems(variables) : [];
  if (problems.length > 0) {
    const [first] = problems;
    const variableName = String(first.path[0]);
    const variable =
      operation === "productSet" ? "$input of type ProductSetInput!" : operation === "pageCreate" ? "$page of type PageCreateInput!" : variableName === "id" ? "$id of type ID!" : "$page of type PageUpdateInput!";
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
  if (operation === "productSet") {
    const { product, userErrors } = runProductSet(state, shop, variables.input as Record<string, unknown>);
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
          inventoryItem: object("InventoryItemInput", { sku: scalar("String"), tracked: scalar("Boolean"), requiresShipping: scalar("Boolean") }),
        },
        true,
      ),
    ),
    files: list(
      object(
        "FileSetInput",
        { id: scalar("String"), originalSource: scalar("String"), alt: scalar("String"), filename: scalar("String"), contentType: scalar({ enum: ["FILE", "IMAGE", "VIDEO", "EXTERNAL_VIDEO", "MODEL_3D"] }) },
        true,
      ),
    ),
  },
  true,
);

function productSetProblems(variables: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  PRODUCT_SET_INPUT(variables.input, ["input"], out);
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

type OptionIn = { name?: string; position?: number; values?: { name?: string }[] };
type VariantIn = { optionValues: { optionName?: string; name?: string }[]; price?: unknown; compareAtPrice?: unknown; sku?: string; inventoryItem?: { sku?: string } };
type FileIn = { originalSource?: string; alt?: string; contentType?: string };

function runProductSet(state: FakeStoreState, shop: FakeShop, input: Record<string, unknown>): { product: FakeProduct | null; userErrors: UserError[] } {
  const errors: UserError[] = [];
  const err = (field: (string | number)[], message: string, code: string) => errors.push({ field: field.map(String), message, code });
  // With input.id productSet updates that product (API versions before 2025-04; later ones also take `identifier`).
  const updateId = typeof input.id === "string" ? input.id : null;
  const existing = updateId ? shop.products.find((p) => p.id === updateId) : undefined;
  if (updateId && !existing) return { product: null, userErrors: [{ field: ["input", "id"], message: "Product does not exist", code: "PRODUCT_DOES_NOT_EXIST" }] };
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
    const name = (option.name ?? "").trim();
    if (!name) err(["input", "productOptions", i, "name"], "Option name can't be blank", "INVALID_INPUT");
    if (seenOptions.has(name.toLowerCase())) err(["input", "productOptions", i, "name"], `Duplicated option name '${name}'.`, "DUPLICATED_OPTION_NAME");
    seenOptions.add(name.toLowerCase());
    const values = (option.values ?? []).map((v) => (v.name ?? "").trim());
    if (values.length === 0) err(["input", "productOptions", i, "values"], `Option '${name}' must have at least one option value.`, "OPTION_VALUES_MISSING");
    if (values.length > MAX_OPTION_VALUES) err(["input", "productOptions", i, "values"], `Option '${name}' can have at most ${MAX_OPTION_VALUES} values.`, "OPTION_VALUES_OVER_LIMIT");
    const seenValues = new Set<string>();
    values.forEach((value, j) => {
      if (seenValues.has(value.toLowerCase())) err(["input", "productOptions", i, "values", j, "name"], `Duplicated option value '${value}'.`, "DUPLICATED_OPTION_VALUE");
      seenValues.add(value.toLowerCase());
    });
  });

  const seenCombinations = new Set<string>();
  variants.forEach((variant, i) => {
    const field = ["input", "variants", i];
    const chosen = variant.optionValues ?? [];
    if (chosen.length !== options.length) {
      err([...field, "optionValues"], `The variant must have exactly one value for each of the product's ${options.length} option(s).`, "INVALID_VARIANT");
    }
    chosen.forEach((choice, j) => {
      const option = options.find((o) => (o.name ?? "").trim().toLowerCase() === (choice.optionName ?? "").trim().toLowerCase());
      if (!option) return err([...field, "optionValues", j, "optionName"], `Option '${choice.optionName ?? ""}' does not exist.`, "OPTION_DOES_NOT_EXIST");
      const known = (option.values ?? []).some((v) => (v.name ?? "").trim().toLowerCase() === (choice.name ?? "").trim().toLowerCase());
      if (!known) err([...field, "optionValues", j, "name"], `Option value '${choice.name ?? ""}' does not exist for option '${option.name}'.`, "OPTION_VALUE_DOES_NOT_EXIST");
    });
    const key = options.map((o) => chosen.find((c) => (c.optionName ?? "").trim().toLowerCase() === (o.name ?? "").trim().toLowerCase())?.name?.trim().toLowerCase() ?? "").join(" / ");
    if (seenCombinations.has(key)) err(field, `The variant '${chosen.map((c) => c.name).join(" / ")}' already exists. Please change at least one option value.`, "INVALID_VARIANT");
    seenCombinations.add(key);
    if (variant.price !== undefined && variant.price !== null && Number(variant.price) < 0) err([...field, "price"], "Price must be greater than or equal to 0", "INVALID_VARIANT");
  });

  const handle = typeof input.handle === "string" && input.handle.trim() ? input.handle.trim() : null;
  if (handle && shop.products.some((p) => p.handle === handle && p.id !== existing?.id)) err(["input", "handle"], `Handle '${handle}' already in use. Please provide a new handle.`, "HANDLE_NOT_UNIQUE");
  if (errors.length > 0) return { product: null, userErrors: errors };

  let finalHandle = handle ?? existing?.handle ?? handleize(title);
  // A generated handle that is taken gets a number, as Shopify does.
  for (let n = 1; !handle && !existing && shop.products.some((p) => p.handle === finalHandle); n++) finalHandle = `${handleize(title)}-${n}`;

  const seo = (input.seo as { title?: string; description?: string } | undefined) ?? {};
  const storedOptions = options.map((o, i) => ({ name: (o.name ?? "").trim(), position: o.position ?? i + 1, values: (o.values ?? []).map((v) => (v.name ?? "").trim()) }));
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
      const selectedOptions = storedOptions.map((o) => ({ name: o.name, value: v.optionValues.find((c) => (c.optionName ?? "").trim().toLowerCase() === o.name.toLowerCase())?.name?.trim() ?? "" }));
      // A variant with the same option values as one the product had keeps its id.
      const same = existing?.variants.find((old) => old.selectedOptions.map((o) => `${o.name}=${o.value}`.toLowerCase()).join("|") === selectedOptions.map((o) => `${o.name}=${o.value}`.toLowerCase()).join("|"));
      return {
        id: same?.id ?? nextGid(state, "ProductVariant"),
        title: selectedOptions.map((s) => s.value).join(" / "),
        selectedOptions,
        price: money(v.price) ?? "0.00",
        compareAtPrice: money(v.compareAtPrice),
        sku: v.inventoryItem?.sku ?? v.sku ?? null,
      };
    }),
    media: kept("files", ((input.files as FileIn[] | undefined) ?? []).map((f) => ({ originalSource: f.originalSource ?? "", alt: f.alt ?? null, contentType: f.contentType ?? "IMAGE" })), existing?.media, []),
  };
  // Without options Shopify gives the product its one "Default Title" variant.
  if (product.variants.length === 0) {
    if (existing && !("variants" in input) && !("productOptions" in input)) {
      product.options = existing.options;
      product.variants = existing.variants;
    } else {
      product.options = [{ name: "Title", position: 1, values: ["Default Title"] }];
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

/**
 * The offline dev store: the embedded default of "Export to Shopify". With DEV_TOOLS on (npm start,
 * npm run dev, the test suites; production refuses it), a reserved myshopify.com domain is answered
 * in process by the same Admin GraphQL handler the tests run as a server (`fake-admin-api.ts`),
 * over state kept in D1, so connect and export really happen with no key and no network.
 *
 * Each GraphQL request loads the shop's state, runs the handler and saves the state before it
 * answers, so every write of one export (productSet, then pageCreate) is kept. Two exports at the
 * same instant could overwrite each other's product; that is acceptable for a single developer.
 *
 * The admin links of what it creates lead to the local screens (/dev/store), not admin.shopify.com.
 */
import type { Database } from "../../../db/client";
import { readDevStoreState, writeDevStoreState } from "../../../db/dev-store";
import { devToolsEnabled, getEnv } from "../platform/env";
import type { GuardedFetcher, GuardedResponse } from "../web/url-guard";
import { createFakeStoreState, handleAdminGraphql, handleStagedUpload, seedShop, type FakePage, type FakeProduct, type FakeShop, type FakeStoreState } from "./fake-admin-api";
import type { ShopifyAdminClientOptions } from "./shopify-admin";

/** The reserved shop domain: only ever answered in process, and only with DEV_TOOLS on. */
export const DEV_STORE_SHOP_DOMAIN = "dropcraft-dev-store.myshopify.com";
/** The dev store's published access token (not a secret: the store exists only on a local run). */
export const DEV_STORE_ACCESS_TOKEN = "shpat_dropcraft_dev_store_offline";
/** What the token may do: everything export needs, the landing page included. */
export const DEV_STORE_SCOPES = ["write_products", "write_content"] as const;
export const DEV_STORE_NAME = "Dropcraft dev store";
/** The local screens that stand in for the store's admin. */
export const DEV_STORE_PATH = "/dev/store";

/** Requests kept in the saved log: enough to see what happened, bounded so the row stays small. */
const KEPT_REQUESTS = 50;

export function isDevStoreDomain(shopDomain: string): boolean {
  return shopDomain.trim().toLowerCase() === DEV_STORE_SHOP_DOMAIN;
}

/**
 * The routing decision: the dev store's domain goes to the in-process store only when the
 * bindings turn DEV_TOOLS on. Otherwise it is an ordinary myshopify.com domain, fetched through the
 * URL guard like any merchant's (and unreachable). The env is parsed only for that one domain.
 */
export function usesDevStore(shopDomain: string, bindings: object): boolean {
  return isDevStoreDomain(shopDomain) && devToolsEnabled(getEnv(bindings));
}

// ---------------------------------------------------------------------------------------------
// Persistence: FakeStoreState as JSON (Maps as entry arrays; the clock is not state)

interface SavedShop extends Omit<FakeShop, "tokens"> {
  tokens: [string, string[]][];
}
interface SavedState {
  nextId: number;
  shops: SavedShop[];
}

export function serializeDevStore(state: FakeStoreState): string {
  const saved: SavedState = {
    nextId: state.nextId,
    shops: [...state.shops.values()].map((shop) => ({ ...shop, tokens: [...shop.tokens.entries()], requests: shop.requests.slice(-KEPT_REQUESTS) })),
  };
  return JSON.stringify(saved);
}

export function deserializeDevStore(text: string, now: () => number = Date.now): FakeStoreState {
  const saved = JSON.parse(text) as SavedState;
  const state = createFakeStoreState({ now });
  state.nextId = saved.nextId;
  for (const shop of saved.shops) state.shops.set(shop.domain, { ...shop, tokens: new Map(shop.tokens) });
  return state;
}

/** Where the state lives: a D1 row per shop, or a Map in unit tests. */
export interface DevStoreStorage {
  read(shop: string): Promise<string | null>;
  write(shop: string, state: string): Promise<void>;
}

export function d1DevStoreStorage(db: Database): DevStoreStorage {
  return { read: (shop) => readDevStoreState(db, shop), write: (shop, state) => writeDevStoreState(db, shop, state) };
}

/** The dev store's state, seeded with its token and scopes on first use. */
export async function loadDevStore(storage: DevStoreStorage, now: () => number = Date.now): Promise<FakeStoreState> {
  const text = await storage.read(DEV_STORE_SHOP_DOMAIN);
  const state = text ? deserializeDevStore(text, now) : createFakeStoreState({ now });
  if (!state.shops.has(DEV_STORE_SHOP_DOMAIN)) {
    seedShop(state, { domain: DEV_STORE_SHOP_DOMAIN, token: DEV_STORE_ACCESS_TOKEN, scopes: [...DEV_STORE_SCOPES], name: DEV_STORE_NAME });
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// The transport: a GuardedFetcher that answers in process

/**
 * A GuardedFetcher for the dev store's Admin API: no HTTP, so no loopback allowance. A request for
 * any other host answers 404 as Shopify does for an unknown shop, without touching the state.
 */
export function createDevStoreFetcher(storage: DevStoreStorage, now: () => number = Date.now): GuardedFetcher {
  return async (url, init = {}) => {
    const started = Date.now();
    const target = new URL(url);
    // The upload POST of a staged target (stagedUploadsCreate) names the shop in its path.
    const uploadShop = init.body instanceof FormData ? /^\/__staged-uploads\/([^/]+)$/.exec(target.pathname)?.[1] : undefined;
    const ours = isDevStoreDomain(uploadShop ?? target.hostname);
    const state = ours ? await loadDevStore(storage, now) : createFakeStoreState({ now });
    const answer =
      init.body instanceof FormData
        ? handleStagedUpload(state, uploadShop ?? "", await formOf(init.body))
        : await handleAdminGraphql({ method: init.method ?? "GET", path: `${target.pathname}${target.search}`, headers: { ...init.headers, host: target.hostname }, body: init.body ?? "" }, state);
    if (ours) await storage.write(DEV_STORE_SHOP_DOMAIN, serializeDevStore(state));
    const data = new TextEncoder().encode(answer.body);
    const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const response: GuardedResponse = {
      finalUrl: url,
      status: answer.status,
      contentType: headers["content-type"]?.split(";")[0].trim().toLowerCase() ?? null,
      body: answer.body,
      data,
      bytes: data.byteLength,
      hops: [{ url, status: answer.status }],
      timings: { totalMs: Date.now() - started },
      headers,
    };
    return response;
  };
}

/** A staged upload's form as the fake reads it: the text fields, and the file's name, type and size. */
export async function formOf(form: FormData): Promise<Parameters<typeof handleStagedUpload>[2]> {
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; size: number } | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = { name: (value as File).name, type: value.type, size: value.size };
  }
  return { fields, file };
}

/** The numeric id of a gid ("gid://shopify/Product/123" → "123"). */
export function devStoreNumericId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

export function devStoreProductPath(gid: string): string {
  return `${DEV_STORE_PATH}/products/${devStoreNumericId(gid)}`;
}

export function devStorePagePath(gid: string): string {
  return `${DEV_STORE_PATH}/pages/${devStoreNumericId(gid)}`;
}

/**
 * What the Shopify client needs to export to the dev store: the in-process transport, Shopify's
 * own URL shape (never SHOPIFY_ADMIN_BASE_URL: the dev store is not the tests' fake server), and
 * links to the local screens under the app's origin.
 */
export function devStoreClientOptions(deps: { storage: DevStoreStorage; origin: string }): Pick<ShopifyAdminClientOptions, "fetcher" | "adminBaseUrl" | "adminUrlFor"> {
  const origin = deps.origin.replace(/\/+$/, "");
  return {
    fetcher: createDevStoreFetcher(deps.storage),
    adminBaseUrl: undefined,
    adminUrlFor: (kind, gid) => `${origin}${kind === "product" ? devStoreProductPath(gid) : devStorePagePath(gid)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// What the local screens show and change

export interface DevStoreView {
  domain: string;
  name: string;
  currencyCode: string;
  accessToken: string;
  scopes: string[];
  products: (FakeProduct & { numericId: string })[];
  pages: (FakePage & { numericId: string })[];
}

function shopOf(state: FakeStoreState): FakeShop {
  // loadDevStore always seeds it.
  return state.shops.get(DEV_STORE_SHOP_DOMAIN)!;
}

/** Every product and page the dev store holds, newest first. */
export async function readDevStore(storage: DevStoreStorage): Promise<DevStoreView> {
  const shop = shopOf(await loadDevStore(storage));
  return {
    domain: shop.domain,
    name: shop.name,
    currencyCode: shop.currencyCode,
    accessToken: DEV_STORE_ACCESS_TOKEN,
    scopes: shop.tokens.get(DEV_STORE_ACCESS_TOKEN) ?? [],
    products: shop.products.map((p) => ({ ...p, numericId: devStoreNumericId(p.id) })).reverse(),
    pages: shop.pages.map((p) => ({ ...p, numericId: devStoreNumericId(p.id) })).reverse(),
  };
}

/**
 * Deletes a product or page, as the merchant would in Shopify's admin: an export to a handle
 * already taken is refused (HANDLE_NOT_UNIQUE), and this is how to free it. False when absent.
 */
export async function deleteFromDevStore(storage: DevStoreStorage, kind: "product" | "page", numericId: string): Promise<boolean> {
  const state = await loadDevStore(storage);
  const shop = shopOf(state);
  const before = shop.products.length + shop.pages.length;
  if (kind === "product") shop.products = shop.products.filter((p) => devStoreNumericId(p.id) !== numericId);
  else shop.pages = shop.pages.filter((p) => devStoreNumericId(p.id) !== numericId);
  if (shop.products.length + shop.pages.length === before) return false;
  await storage.write(DEV_STORE_SHOP_DOMAIN, serializeDevStore(state));
  return true;
}

/**
 * The offline dev store: when the reserved domain is routed in process, the in-process transport
 * speaking the Admin GraphQL protocol through the real Shopify client, its state surviving from one
 * client to the next through the storage, and the local admin links.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import { EnvError } from "~/server/platform/env";
import {
  createDevStoreFetcher,
  deleteFromDevStore,
  deserializeDevStore,
  DEV_STORE_ACCESS_TOKEN,
  DEV_STORE_SHOP_DOMAIN,
  devStoreClientOptions,
  loadDevStore,
  readDevStore,
  serializeDevStore,
  usesDevStore,
  type DevStoreStorage,
} from "~/server/store-export/dev-store";
import { createShopifyAdminClient, exportPageToShopify, normalizeShopDomain } from "~/server/store-export/shopify-admin";

let rows: Map<string, string>;
let writes: number;
const storage: DevStoreStorage = {
  read: async (shop) => rows.get(shop) ?? null,
  write: async (shop, state) => {
    writes += 1;
    rows.set(shop, state);
  },
};

beforeEach(() => {
  rows = new Map();
  writes = 0;
});

const ORIGIN = "http://localhost:8787";

/** A fresh client each time, as each API request builds one: only the storage carries state. */
function client(accessToken = DEV_STORE_ACCESS_TOKEN) {
  return createShopifyAdminClient({ shopDomain: DEV_STORE_SHOP_DOMAIN, accessToken, ...devStoreClientOptions({ storage, origin: `${ORIGIN}/` }) });
}

const product: PageProduct = {
  title: "Tide Mug",
  description: "A stoneware mug.",
  images: ["https://cdn.example.com/mug.jpg"],
  priceCents: 1800,
  compareAtPriceCents: 2400,
  currency: "USD",
  options: [{ name: "Size", values: ["Small", "Large"] }],
  variants: [
    { title: "Small", optionValues: ["Small"], priceCents: 1800, compareAtPriceCents: null, sku: "TM-S", available: true },
    { title: "Large", optionValues: ["Large"], priceCents: 2200, compareAtPriceCents: null, sku: "TM-L", available: true },
  ],
  specs: [],
  inTheBox: [],
  vendor: null,
  productType: null,
};

const exportInput = (handle: string) => ({
  product: { product, descriptionHtml: "<p>Glazed in sea green.</p>", seo: { title: "Tide Mug", description: "A mug." }, imageAlts: {}, handle },
  page: { title: "Tide Mug", bodyHtml: "<p>Glazed in sea green.</p>", handle },
});

describe("routing the dev store's domain", () => {
  it("goes in process only with DEV_TOOLS on, and only for the reserved domain", () => {
    expect(normalizeShopDomain(DEV_STORE_SHOP_DOMAIN)).toBe(DEV_STORE_SHOP_DOMAIN);
    expect(usesDevStore(DEV_STORE_SHOP_DOMAIN, { DEV_TOOLS: "on" })).toBe(true);
    expect(usesDevStore("harbor-candles.myshopify.com", { DEV_TOOLS: "on" })).toBe(false);
    // Without dev tools it is an ordinary myshopify.com domain, fetched through the URL guard.
    expect(usesDevStore(DEV_STORE_SHOP_DOMAIN, { DEV_TOOLS: "off", APP_URL: "https://app.dropcraft.ai" })).toBe(false);
    expect(usesDevStore(DEV_STORE_SHOP_DOMAIN, { APP_URL: "https://app.dropcraft.ai" })).toBe(false);
  });

  it("cannot be turned on in production: the environment itself is refused", () => {
    const production = { APP_ENV: "production", AI_BASE_URL: "https://api.openai.com/v1", AI_MODEL: "gpt-4o-mini", APP_URL: "https://app.dropcraft.ai", AUTH_SECRET: "s".repeat(40), STORE_TOKEN_KEY: "k".repeat(40), STRIPE_WEBHOOK_SECRET: "whsec_production_secret" };
    expect(usesDevStore(DEV_STORE_SHOP_DOMAIN, production)).toBe(false);
    expect(() => usesDevStore(DEV_STORE_SHOP_DOMAIN, { ...production, DEV_TOOLS: "on" })).toThrow(EnvError);
  });
});

describe("the in-process transport", () => {
  it("checks the published token: the dev store's name and the scopes export needs", async () => {
    const check = await client().verifyConnection();
    expect(check).toMatchObject({ shopName: "Dropcraft dev store", currencyCode: "USD" });
    expect(check.scopes).toEqual(["write_products", "write_content"]);
  });

  it("refuses a wrong token the way Shopify does (401, reconnect)", async () => {
    let err: unknown;
    try {
      await client("shpat_not_the_dev_store_token").verifyConnection();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).type).toBe("FORBIDDEN");
    expect((err as AppError).message).toMatch(/refused the access token for dropcraft-dev-store\.myshopify\.com \(401\)/);
    expect((err as AppError).details).toMatchObject({ reconnect: true, shopifyStatus: 401 });
  });

  it("keeps what one export created for the next client, and links to the local screens", async () => {
    const result = await exportPageToShopify(client(), exportInput("tide-mug"), { includePage: true });
    const productId = result.productId.split("/").pop();
    const pageId = result.pageId?.split("/").pop();
    expect(result.productAdminUrl).toBe(`${ORIGIN}/dev/store/products/${productId}`);
    expect(result.pageAdminUrl).toBe(`${ORIGIN}/dev/store/pages/${pageId}`);
    // Each GraphQL request (productSet, then pageCreate) was saved before it answered.
    expect(writes).toBe(2);

    // A second client reads the stored state: the handle is taken, as in a real store.
    await expect(client().exportProduct(exportInput("tide-mug").product)).rejects.toThrow(/already has a product at \/products\/tide-mug/);

    const view = await readDevStore(storage);
    expect(view.products).toHaveLength(1);
    expect(view.products[0]).toMatchObject({ numericId: productId, title: "Tide Mug", handle: "tide-mug", status: "DRAFT" });
    expect(view.products[0].variants.map((v) => v.price)).toEqual(["18.00", "22.00"]);
    expect(view.pages).toMatchObject([{ numericId: pageId, handle: "tide-mug", isPublished: false }]);

    // Deleting frees the handle for the next export.
    expect(await deleteFromDevStore(storage, "product", productId!)).toBe(true);
    expect(await deleteFromDevStore(storage, "product", productId!)).toBe(false);
    await expect(client().exportProduct(exportInput("tide-mug").product)).resolves.toMatchObject({ productAdminUrl: expect.stringContaining("/dev/store/products/") });
  });

  it("takes the staged upload of one of the app's own images in process, and the product's media references it", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]);
    const shopify = createShopifyAdminClient({
      shopDomain: DEV_STORE_SHOP_DOMAIN,
      accessToken: DEV_STORE_ACCESS_TOKEN,
      ...devStoreClientOptions({ storage, origin: ORIGIN }),
      readOwnImage: async () => ({ bytes: png, mimeType: "image/png" }),
    });
    const result = await shopify.exportProduct({ ...exportInput("tide-mug-own").product, product: { ...product, images: ["/media/0b7c2a9e-1111-4222-8333-944445555666.png"] } });
    const shop = (await loadDevStore(storage)).shops.get(DEV_STORE_SHOP_DOMAIN)!;
    expect(shop.uploads).toMatchObject([{ mimeType: "image/png", uploadedBytes: png.byteLength }]);
    expect(shop.products.find((p) => p.id === result.productId)!.media).toMatchObject([{ originalSource: shop.uploads![0]!.resourceUrl, status: "READY" }]);
  });

  it("answers 404 for any other shop without touching the state", async () => {
    const fetcher = createDevStoreFetcher(storage);
    const res = await fetcher("https://other-shop.myshopify.com/admin/api/2025-01/graphql.json", {
      method: "POST",
      headers: { "x-shopify-access-token": DEV_STORE_ACCESS_TOKEN },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(res.status).toBe(404);
    expect(writes).toBe(0);
  });
});

describe("the saved state", () => {
  it("round-trips tokens, products, ids and the bucket, and keeps the request log bounded", async () => {
    const state = await loadDevStore(storage);
    const shop = state.shops.get(DEV_STORE_SHOP_DOMAIN)!;
    for (let i = 0; i < 80; i++) shop.requests.push({ at: i, operation: "connectionCheck", status: 200, throttled: false });
    state.nextId = 8_123_456_789;
    const again = deserializeDevStore(serializeDevStore(state));
    const shopAgain = again.shops.get(DEV_STORE_SHOP_DOMAIN)!;
    expect(shopAgain.tokens).toBeInstanceOf(Map);
    expect(shopAgain.tokens.get(DEV_STORE_ACCESS_TOKEN)).toEqual(["write_products", "write_content"]);
    expect(again.nextId).toBe(8_123_456_789);
    expect(shopAgain.bucket).toEqual(shop.bucket);
    expect(shopAgain.requests).toHaveLength(50);
    expect(shopAgain.requests.at(-1)?.at).toBe(79);
  });
});

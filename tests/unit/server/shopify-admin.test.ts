import { beforeEach, describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import {
  createFakeStoreState,
  drainBucket,
  handleAdminGraphql,
  revokeToken,
  seedShop,
  setShopStatus,
  shopSnapshot,
  throttleNext,
  type FakeStoreState,
} from "~/server/store-export/fake-admin-api";
import {
  centsToMoney,
  createShopifyAdminClient,
  exportPageToShopify,
  normalizeShopDomain,
  type ShopifyAdminClientOptions,
  type ShopifyProductInput,
} from "~/server/store-export/shopify-admin";
import { parseEnv } from "~/server/platform/env";
import { createGuardedFetcher, guardRefusalOf } from "~/server/web/url-guard";

const SHOP = "harbor-candles.myshopify.com";
const TOKEN = "shpat_0123456789abcdef0123456789abcdef";

let clock: number;
let state: FakeStoreState;
let sleeps: number[];
let fetchCount: number;
/** When set, the transport fails like a dropped connection instead of reaching the fake. */
let dropConnection: boolean;
/** When set, the transport answers this instead of the fake (a redirect, say). */
let answerWith: (() => Response) | null;

/** The real URL guard over an in-memory transport that hands each request to the fake store. */
const fetcher = createGuardedFetcher({
  fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
    fetchCount += 1;
    if (dropConnection) throw new TypeError("fetch failed");
    if (answerWith) return answerWith();
    const url = new URL(String(input));
    const headers: Record<string, string> = { host: url.host, ...(init?.headers as Record<string, string>) };
    const answer = await handleAdminGraphql({ method: init?.method ?? "GET", path: url.pathname, headers, body: String(init?.body ?? "") }, state);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch,
});

function client(overrides: Partial<ShopifyAdminClientOptions> = {}) {
  return createShopifyAdminClient({
    shopDomain: SHOP,
    accessToken: TOKEN,
    fetcher,
    sleep: async (ms) => {
      sleeps.push(ms);
      // The fake's bucket refills by this clock, so a wait really restores points.
      clock += ms;
    },
    ...overrides,
  });
}

function product(overrides: Partial<PageProduct> = {}): PageProduct {
  return {
    title: "Sea Salt Candle",
    description: "Hand-poured soy wax.",
    images: ["https://cdn.example.com/candle-1.jpg", "https://cdn.example.com/candle-2.jpg"],
    priceCents: 2400,
    compareAtPriceCents: 3200,
    currency: "USD",
    options: [
      { name: "Size", values: ["Small", "Large"] },
      { name: "Scent", values: ["Sea Salt", "Cedar"] },
    ],
    variants: [
      { title: "Small / Sea Salt", optionValues: ["Small", "Sea Salt"], priceCents: 1999, compareAtPriceCents: 2999, sku: "CND-S-SS", available: true },
      { title: "Large / Sea Salt", optionValues: ["Large", "Sea Salt"], priceCents: 2999, compareAtPriceCents: null, sku: "CND-L-SS", available: true },
      { title: "Large / Cedar", optionValues: ["Large", "Cedar"], priceCents: null, compareAtPriceCents: null, sku: null, available: false },
    ],
    specs: [],
    inTheBox: [],
    vendor: "Harbor",
    productType: "Candles",
    ...overrides,
  };
}

function exportInput(overrides: Partial<ShopifyProductInput> = {}): ShopifyProductInput {
  return {
    product: product(),
    descriptionHtml: "<p>Hand-poured soy wax that smells like the sea.</p>",
    seo: { title: "Sea Salt Candle | Harbor", description: "A soy candle that smells like the sea." },
    imageAlts: { "https://cdn.example.com/candle-1.jpg": "A lit candle in a glass jar" },
    handle: "sea-salt-candle",
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error("expected the promise to reject");
}

/** Everything an error shows or carries, to prove the token is in none of it. */
function everythingIn(err: AppError): string {
  return `${err.message} ${JSON.stringify(err.details ?? {})} ${JSON.stringify(err.headers ?? {})}`;
}

beforeEach(() => {
  clock = 1_700_000_000_000;
  state = createFakeStoreState({ now: () => clock });
  seedShop(state, { domain: SHOP, token: TOKEN, name: "Harbor Candles", currencyCode: "USD" });
  sleeps = [];
  fetchCount = 0;
  dropConnection = false;
  answerWith = null;
});

describe("normalizeShopDomain", () => {
  it.each([
    ["my-shop", "my-shop.myshopify.com"],
    ["my-shop.myshopify.com", "my-shop.myshopify.com"],
    ["  My-Shop.MyShopify.com. ", "my-shop.myshopify.com"],
    ["https://my-shop.myshopify.com/admin/products?selectedView=all", "my-shop.myshopify.com"],
    ["my-shop.myshopify.com/admin", "my-shop.myshopify.com"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizeShopDomain(input)).toBe(expected);
  });

  it.each([
    "shop.example.com",
    "https://admin.shopify.com/store/my-shop",
    "my-shop.myshopify.com.evil.example",
    "https://evil.example/my-shop.myshopify.com",
    "http://my-shop.myshopify.com:8080/",
    "https://user:pass@my-shop.myshopify.com/",
    "my shop",
    "-shop",
  ])("refuses %j, saying which domain to use", (input) => {
    let error: unknown;
    try {
      normalizeShopDomain(input);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).type).toBe("VALIDATION");
    expect((error as AppError).message).toContain("is not a myshopify.com address: use the store's my-shop.myshopify.com domain, shown in Settings → Domains");
  });

  it("refuses an empty address", () => {
    expect(() => normalizeShopDomain("  ")).toThrow(/is empty: use the store's my-shop\.myshopify\.com domain/);
  });
});

describe("centsToMoney", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1999, "19.99"],
    [100000, "1000.00"],
  ])("writes %d cents as %s", (cents, money) => {
    expect(centsToMoney(cents)).toBe(money);
  });
});

describe("the connection check", () => {
  it("answers the shop's name, currency and the token's scopes", async () => {
    seedShop(state, { domain: SHOP, token: "shpat_readonly", scopes: ["read_products"] });
    await expect(client().verifyConnection()).resolves.toEqual({
      shopName: "Harbor Candles",
      currencyCode: "USD",
      scopes: ["write_products", "read_products", "write_content", "read_content"],
    });
    await expect(client({ accessToken: "shpat_readonly" }).verifyConnection()).resolves.toMatchObject({ scopes: ["read_products"] });
  });

  it("sends the request through the URL guard: a private admin address is refused before any request", async () => {
    const err = await caught(client({ adminBaseUrl: "http://10.0.0.7:8080" }).verifyConnection());
    expect(guardRefusalOf(err)?.code).toBe("private");
    expect(fetchCount).toBe(0);
  });
});

describe("exportProduct (productSet)", () => {
  it("creates a draft with the options, variants, prices, SKUs, images with alt text and SEO", async () => {
    const result = await client().exportProduct(exportInput());
    const [stored] = shopSnapshot(state, SHOP).products;
    expect(stored).toMatchObject({
      title: "Sea Salt Candle",
      handle: "sea-salt-candle",
      status: "DRAFT",
      descriptionHtml: "<p>Hand-poured soy wax that smells like the sea.</p>",
      vendor: "Harbor",
      productType: "Candles",
      seo: { title: "Sea Salt Candle | Harbor", description: "A soy candle that smells like the sea." },
      options: [
        { name: "Size", position: 1, values: ["Small", "Large"] },
        { name: "Scent", position: 2, values: ["Sea Salt", "Cedar"] },
      ],
      media: [
        { originalSource: "https://cdn.example.com/candle-1.jpg", alt: "A lit candle in a glass jar", contentType: "IMAGE" },
        // No alt written for it: the product title stands in.
        { originalSource: "https://cdn.example.com/candle-2.jpg", alt: "Sea Salt Candle", contentType: "IMAGE" },
      ],
    });
    expect(stored.variants.map(({ title, price, compareAtPrice, sku }) => ({ title, price, compareAtPrice, sku }))).toEqual([
      { title: "Small / Sea Salt", price: "19.99", compareAtPrice: "29.99", sku: "CND-S-SS" },
      // No compare-at of its own: the product's 32.00 is above its price, so it shows the saving.
      { title: "Large / Sea Salt", price: "29.99", compareAtPrice: "32.00", sku: "CND-L-SS" },
      // No price of its own: the product's.
      { title: "Large / Cedar", price: "24.00", compareAtPrice: "32.00", sku: null },
    ]);
    const numeric = stored.id.split("/").pop();
    expect(result).toEqual({
      productId: stored.id,
      productAdminUrl: `https://admin.shopify.com/store/harbor-candles/products/${numeric}`,
      action: "created",
      warnings: expect.arrayContaining([expect.stringContaining("created as a draft: review it in Shopify and set it to Active")]),
    });
  });

  it("gives a product without options Shopify's one Title / Default Title variant, at the product's price", async () => {
    const input = exportInput({ product: product({ options: [], variants: [], compareAtPriceCents: null }), handle: "plain-candle" });
    await client().exportProduct(input);
    const [stored] = shopSnapshot(state, SHOP).products;
    expect(stored.options).toMatchObject([{ name: "Title", position: 1, values: ["Default Title"] }]);
    expect(stored.variants).toMatchObject([{ title: "Default Title", price: "24.00", compareAtPrice: null }]);
  });

  it("turns variants told apart only by title into one Title option", async () => {
    const variants = ["Blue", "Green"].map((title, i) => ({ title, optionValues: [], priceCents: 1000 + i, compareAtPriceCents: null, sku: null, available: true }));
    await client().exportProduct(exportInput({ product: product({ options: [], variants }) }));
    const [stored] = shopSnapshot(state, SHOP).products;
    expect(stored.options).toMatchObject([{ name: "Title", position: 1, values: ["Blue", "Green"] }]);
    expect(stored.variants.map((v) => [v.title, v.price])).toEqual([
      ["Blue", "10.00"],
      ["Green", "10.01"],
    ]);
  });

  it("warns when no price is known and when the store sells in another currency", async () => {
    const result = await client().exportProduct(
      exportInput({ product: product({ options: [], variants: [], priceCents: null, compareAtPriceCents: null, currency: "GBP" }), shopCurrency: "USD" }),
    );
    expect(shopSnapshot(state, SHOP).products[0].variants[0].price).toBe("0.00");
    expect(result.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining("created at 0.00; set their prices"), expect.stringContaining("prices are in GBP but the store sells in USD")]),
    );
  });

  it("reports Shopify's userErrors as VALIDATION with each field path and message", async () => {
    const broken = product({
      variants: [
        { title: "Small / Sea Salt", optionValues: ["Small", "Sea Salt"], priceCents: 1999, compareAtPriceCents: null, sku: null, available: true },
        { title: "Small / Sea Salt", optionValues: ["Small", "Sea Salt"], priceCents: 1999, compareAtPriceCents: null, sku: null, available: true },
        { title: "Huge / Cedar", optionValues: ["Huge", "Cedar"], priceCents: 1999, compareAtPriceCents: null, sku: null, available: true },
      ],
    });
    const err = await caught(client().exportProduct(exportInput({ product: broken })));
    expect(err.type).toBe("VALIDATION");
    expect(err.message).toMatch(/^Shopify refused the product "Sea Salt Candle" for harbor-candles\.myshopify\.com: /);
    expect(err.details?.userErrors).toEqual([
      { field: "input.variants.1", message: "The variant 'Small / Sea Salt' already exists. Please change at least one option value.", code: "INVALID_VARIANT" },
      { field: "input.variants.2.optionValues.0.name", message: "Option value 'Huge' does not exist for option 'Size'.", code: "OPTION_VALUE_DOES_NOT_EXIST" },
    ]);
    expect(err.message).toContain("input.variants.2.optionValues.0.name: Option value 'Huge' does not exist for option 'Size'.");
    expect(shopSnapshot(state, SHOP).products).toEqual([]);
  });

  it("says which product already holds the handle (an earlier export) instead of creating a second one", async () => {
    await client().exportProduct(exportInput());
    const err = await caught(client().exportProduct(exportInput()));
    expect(err.type).toBe("VALIDATION");
    expect(err.message).toBe(
      "harbor-candles.myshopify.com already has a product at /products/sea-salt-candle (perhaps from an earlier export): change the page's slug, or delete that product in Shopify, then export again.",
    );
    expect(shopSnapshot(state, SHOP).products).toHaveLength(1);
  });

  it("refuses more variants than one export creates, before asking Shopify", async () => {
    const values = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`);
    const big = product({ options: [{ name: "A", values: values(10, "a") }, { name: "B", values: values(11, "b") }], variants: [] });
    const err = await caught(client().exportProduct(exportInput({ product: big })));
    expect(err.message).toContain("The product has 110 variants; an export creates 100 at most");
    expect(fetchCount).toBe(0);
  });
});

describe("throttling", () => {
  it("waits on THROTTLED for the missing points at the restore rate, then succeeds", async () => {
    // 4 points left; productSet asks for 10; the bucket restores 100 a second: 60 ms short, plus the first backoff.
    drainBucket(state, SHOP, 4);
    const result = await client().exportProduct(exportInput());
    expect(sleeps).toEqual([60 + 250]);
    const { requests, products } = shopSnapshot(state, SHOP);
    expect(requests.map((r) => [r.operation, r.throttled])).toEqual([
      ["productSet", true],
      ["productSet", false],
    ]);
    expect(products.map((p) => p.id)).toEqual([result.productId]);
  });

  it("backs off further on each throttled attempt", async () => {
    throttleNext(state, SHOP, 2);
    await client().verifyConnection();
    // The bucket is found empty: 3 points at 100/s is 30 ms, plus 250 then 500 ms of backoff.
    expect(sleeps).toEqual([280, 530]);
  });

  it("waits for Retry-After on HTTP 429", async () => {
    throttleNext(state, SHOP, 1, { kind: "http429", retryAfterSeconds: 1.5 });
    await expect(client().verifyConnection()).resolves.toMatchObject({ shopName: "Harbor Candles" });
    expect(sleeps).toEqual([1500]);
  });

  it("gives up after maxRetries with UNAVAILABLE, having created nothing", async () => {
    throttleNext(state, SHOP, 10);
    const err = await caught(client({ maxRetries: 4 }).exportProduct(exportInput()));
    expect(err.type).toBe("UNAVAILABLE");
    expect(err.message).toBe("Shopify is throttling requests to harbor-candles.myshopify.com; try again in a minute.");
    expect(err.headers).toEqual({ "retry-after": "60" });
    expect(sleeps).toHaveLength(4);
    expect(shopSnapshot(state, SHOP).requests).toHaveLength(5);
    expect(shopSnapshot(state, SHOP).products).toEqual([]);
  });
});

describe("refusals", () => {
  it("401: a revoked token is FORBIDDEN (not UNAUTHENTICATED, which would sign the merchant out), and the token is never echoed", async () => {
    revokeToken(state, SHOP, TOKEN);
    const err = await caught(client().verifyConnection());
    expect(err.type).toBe("FORBIDDEN");
    expect(err.message).toBe("Shopify refused the access token for harbor-candles.myshopify.com (401): it was revoked or mistyped. Reconnect the store with a new token.");
    expect(err.details).toMatchObject({ shopifyStatus: 401, reconnect: true });
    expect(everythingIn(err)).not.toContain(TOKEN);
  });

  it("404: no such shop", async () => {
    const err = await caught(client({ shopDomain: "no-such-shop" }).verifyConnection());
    expect(err.type).toBe("VALIDATION");
    expect(err.message).toBe("Shopify has no store at no-such-shop.myshopify.com (404): check the store's my-shop.myshopify.com domain in Settings → Domains.");
  });

  it("402 and 423: a frozen or locked shop", async () => {
    setShopStatus(state, SHOP, "frozen");
    const frozen = await caught(client().verifyConnection());
    expect([frozen.type, frozen.message]).toEqual(["FORBIDDEN", expect.stringContaining("Shopify has frozen harbor-candles.myshopify.com (402 Payment Required)")]);
    setShopStatus(state, SHOP, "locked");
    const locked = await caught(client().verifyConnection());
    expect([locked.type, locked.message]).toEqual(["FORBIDDEN", expect.stringContaining("Shopify has locked harbor-candles.myshopify.com (423)")]);
  });

  it("ACCESS_DENIED: names the missing scope", async () => {
    seedShop(state, { domain: SHOP, token: "shpat_readonly", scopes: ["read_products"] });
    const err = await caught(client({ accessToken: "shpat_readonly" }).exportProduct(exportInput()));
    expect(err.type).toBe("FORBIDDEN");
    expect(err.message).toContain("is not allowed to create products (it needs the write_products scope)");
    expect(err.details).toMatchObject({ missingScope: "write_products" });
  });

  it("a redirect is reported, never followed with the token and body", async () => {
    answerWith = () => new Response(null, { status: 301, headers: { location: "https://elsewhere.example/admin/api/2025-01/graphql.json" } });
    const err = await caught(client().exportProduct(exportInput()));
    expect(err.type).toBe("VALIDATION");
    expect(err.message).toBe("Shopify redirected the API request for harbor-candles.myshopify.com (301) instead of answering: check the store's myshopify.com domain.");
    expect(fetchCount).toBe(1);
  });

  it("a dropped connection during a mutation is UNAVAILABLE and says the product may exist", async () => {
    dropConnection = true;
    const err = await caught(client().exportProduct(exportInput()));
    expect(err.type).toBe("UNAVAILABLE");
    expect(err.message).toBe(
      "Could not reach Shopify at harbor-candles.myshopify.com while creating the product (the connection failed). It may have gone through: check your Shopify admin before trying again.",
    );
    expect(everythingIn(err)).not.toContain(TOKEN);
  });
});

describe("exportPageToShopify", () => {
  const page = { title: "Sea Salt Candle", bodyHtml: "<section><h1>Sea Salt Candle</h1></section>", handle: "sea-salt-candle" };

  it("creates the product, then the landing page as a hidden store page", async () => {
    const result = await exportPageToShopify(client(), { product: exportInput(), page }, { includePage: true });
    const { products, pages } = shopSnapshot(state, SHOP);
    expect(pages).toEqual([{ id: result.pageId, title: "Sea Salt Candle", handle: "sea-salt-candle", body: page.bodyHtml, isPublished: false }]);
    expect(result).toMatchObject({
      productId: products[0].id,
      shopDomain: SHOP,
      pageAdminUrl: `https://admin.shopify.com/store/harbor-candles/pages/${result.pageId?.split("/").pop()}`,
    });
    expect(result.warnings).toEqual(expect.arrayContaining([expect.stringContaining("The page is hidden in your store")]));
  });

  it("without includePage creates the product only", async () => {
    const result = await exportPageToShopify(client(), { product: exportInput(), page }, { includePage: false });
    expect(result).toMatchObject({ pageId: null, pageAdminUrl: null });
    expect(shopSnapshot(state, SHOP).pages).toEqual([]);
  });

  it("reports a page that failed after the product was created: the product's link, no page, a warning saying why", async () => {
    seedShop(state, { domain: SHOP, token: "shpat_products_only", scopes: ["write_products"] });
    const result = await exportPageToShopify(client({ accessToken: "shpat_products_only" }), { product: exportInput(), page }, { includePage: true });
    const [stored] = shopSnapshot(state, SHOP).products;
    expect(result.productId).toBe(stored.id);
    expect(result.productAdminUrl).toMatch(/^https:\/\/admin\.shopify\.com\/store\/harbor-candles\/products\/\d+$/);
    expect(result.pageId).toBeNull();
    expect(result.warnings.at(-1)).toBe(
      `The product was created (${result.productAdminUrl}), but the landing page was not: The access token for harbor-candles.myshopify.com is not allowed to create store pages (it needs the write_content scope): add the scope to the custom app's Admin API access in Shopify, then reconnect the store with the new token.`,
    );
  });

  it("reports pageCreate's userErrors the same way", async () => {
    await client().createPage(page);
    const result = await exportPageToShopify(client(), { product: exportInput(), page }, { includePage: true });
    expect(result.pageId).toBeNull();
    expect(result.warnings.at(-1)).toContain("but the landing page was not: Shopify refused the page \"Sea Salt Candle\" for harbor-candles.myshopify.com: page.handle: Handle has already been taken.");
  });

  it("a failure before the product exists is thrown as it is", async () => {
    revokeToken(state, SHOP, TOKEN);
    const err = await caught(exportPageToShopify(client(), { product: exportInput(), page }, { includePage: true }));
    expect(err.details).toMatchObject({ shopifyStatus: 401 });
  });
});

describe("the fake Admin API's protocol", () => {
  const post = (body: unknown, headers: Record<string, string> = { "x-shopify-access-token": TOKEN }) =>
    handleAdminGraphql({ method: "POST", path: `/${SHOP}/admin/api/2025-01/graphql.json`, headers, body: JSON.stringify(body) }, state);
  const productSet = (input: Record<string, unknown>) => post({ query: "mutation P($input: ProductSetInput!, $synchronous: Boolean!) { productSet(input: $input, synchronous: $synchronous) { product { id } userErrors { field message code } } }", variables: { input, synchronous: true } });

  it("answers 401 with Shopify's text for a wrong token and 404 for an unknown shop", async () => {
    const wrong = await post({ query: "{ shop { name } }" }, { "x-shopify-access-token": "shpat_wrong" });
    expect([wrong.status, JSON.parse(wrong.body)]).toEqual([401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" }]);
    const unknown = await handleAdminGraphql({ method: "POST", path: "/admin/api/2025-01/graphql.json", headers: { host: "nobody.myshopify.com", "x-shopify-access-token": TOKEN }, body: "{}" }, state);
    expect(unknown.status).toBe(404);
  });

  it("reports the cost and the bucket on every answer", async () => {
    const answer = JSON.parse((await post({ query: "{ shop { name } currentAppInstallation { accessScopes { handle } } }" })).body);
    expect(answer.extensions.cost).toEqual({ requestedQueryCost: 3, actualQueryCost: 3, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1997, restoreRate: 100 } });
  });

  it("refuses a price that is not a decimal as a variable problem, before running anything", async () => {
    const answer = JSON.parse(
      (await productSet({ title: "X", productOptions: [{ name: "Title", values: [{ name: "Default Title" }] }], variants: [{ optionValues: [{ optionName: "Title", name: "Default Title" }], price: "12,99" }] })).body,
    );
    expect(answer.data).toBeUndefined();
    expect(answer.errors[0].message).toMatch(/^Variable \$input of type ProductSetInput! was provided invalid value for variants\.0\.price/);
    expect(answer.errors[0].extensions.problems).toEqual([{ path: ["variants", 0, "price"], explanation: "invalid decimal '12,99'" }]);
    expect(shopSnapshot(state, SHOP).products).toEqual([]);
  });

  it("answers userErrors for a blank title and more than 3 options", async () => {
    const options = ["A", "B", "C", "D"].map((name) => ({ name, values: [{ name: "x" }] }));
    const variants = [{ optionValues: options.map((o) => ({ optionName: o.name, name: "x" })), price: "1.00" }];
    const answer = JSON.parse((await productSet({ title: "  ", productOptions: options, variants })).body);
    expect(answer.data.productSet.product).toBeNull();
    expect(answer.data.productSet.userErrors).toEqual([
      { field: ["input", "title"], message: "Title can't be blank", code: "INVALID_PRODUCT" },
      { field: ["input", "productOptions"], message: "Can only specify a maximum of 3 options", code: "OPTIONS_OVER_LIMIT" },
    ]);
  });
});

describe("SHOPIFY_ADMIN_BASE_URL", () => {
  it("is read in tests and refused in production", () => {
    expect(parseEnv({ DEV_TOOLS: "on", SHOPIFY_ADMIN_BASE_URL: "http://127.0.0.1:9999" }).SHOPIFY_ADMIN_BASE_URL).toBe("http://127.0.0.1:9999");
    expect(() => parseEnv({ APP_ENV: "production", APP_URL: "https://app.dropcraft.ai", SHOPIFY_ADMIN_BASE_URL: "http://127.0.0.1:9999" })).toThrow(
      /SHOPIFY_ADMIN_BASE_URL: store export must reach the merchant's real store in production; unset it/,
    );
  });
});

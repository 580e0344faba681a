/**
 * Exporting a page again (issue 14): the productSet input of an update and exportPageToShopify's
 * choice between update and create, with the in-process fake Admin API behind the real client and
 * URL guard. The page gid an export records (page_exports.page_gid) and its backfill from the
 * admin link are tested in workerd: tests/integration/store-export.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import { createFakeStoreState, deletePage, deleteProduct, handleAdminGraphql, merchantEdit, seedShop, shopSnapshot, type FakeStoreState } from "~/server/store-export/fake-admin-api";
import {
  createShopifyAdminClient,
  exportPageToShopify,
  PAGE_RECREATED_NOTE,
  PRODUCT_RECREATED_NOTE,
  productSetVariables,
  type ShopifyProductInput,
} from "~/server/store-export/shopify-admin";
import { createGuardedFetcher } from "~/server/web/url-guard";

const SHOP = "tide-goods.myshopify.com";
const TOKEN = "shpat_reexport_0123456789";
let state: FakeStoreState;

const fetcher = createGuardedFetcher({
  fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = { host: url.host, ...(init?.headers as Record<string, string>) };
    const answer = await handleAdminGraphql({ method: init?.method ?? "GET", path: url.pathname, headers, body: String(init?.body ?? "") }, state);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch,
});

const client = () => createShopifyAdminClient({ shopDomain: SHOP, accessToken: TOKEN, fetcher, sleep: async () => undefined });

function product(title: string): PageProduct {
  return { title, description: "", images: [], priceCents: 1800, compareAtPriceCents: null, currency: "USD", options: [], variants: [], specs: [], inTheBox: [], vendor: null, productType: null };
}
const productInput = (title: string): ShopifyProductInput => ({ product: product(title), descriptionHtml: `<p>${title}</p>`, seo: { title, description: "" }, imageAlts: {}, handle: "tide-mug" });
const pageInput = (title: string) => ({ title, bodyHtml: `<p>${title}</p>`, handle: "tide-mug" });

beforeEach(() => {
  state = createFakeStoreState({ now: () => 0 });
  seedShop(state, { domain: SHOP, token: TOKEN });
});

const requests = () => shopSnapshot(state, SHOP).requests.map((r) => r.operation);

describe("productSetVariables for an update", () => {
  it("names the product by identifier (not the deprecated input.id) and sends no status (the merchant's Active stays), with no draft warning", () => {
    const current = { id: "gid://shopify/Product/42", options: [], variants: [], media: [] };
    const update = productSetVariables(productInput("Tide Mug"), current);
    expect(update.variables.identifier).toEqual({ id: "gid://shopify/Product/42" });
    expect("id" in update.variables.input).toBe(false);
    expect("status" in update.variables.input).toBe(false);
    expect(update.warnings.join(" ")).not.toMatch(/draft/);
    const create = productSetVariables(productInput("Tide Mug"));
    expect("id" in create.variables.input).toBe(false);
    expect(create.variables.identifier).toBeUndefined();
    expect(create.variables.input.status).toBe("DRAFT");
    expect(create.warnings.join(" ")).toMatch(/created as a draft/);
  });
});

describe("exportPageToShopify with an earlier export", () => {
  it("updates the product and page in place", async () => {
    const first = await exportPageToShopify(client(), { product: productInput("Tide Mug"), page: pageInput("Tide Mug") }, { includePage: true });
    const second = await exportPageToShopify(
      client(),
      { product: productInput("Tide Mug, Sea Green"), page: pageInput("Tide Mug, Sea Green"), existing: { productId: first.productId, pageId: first.pageId } },
      { includePage: true },
    );
    expect(second).toMatchObject({ action: "updated", pageAction: "updated", productId: first.productId, pageId: first.pageId });
    const shop = shopSnapshot(state, SHOP);
    expect(shop.products.map((p) => [p.id, p.title])).toEqual([[first.productId, "Tide Mug, Sea Green"]]);
    expect(shop.pages.map((p) => [p.id, p.title])).toEqual([[first.pageId, "Tide Mug, Sea Green"]]);
    // The product is read first, so productSet can send back what the store holds.
    expect(requests()).toEqual(["productSet", "pageCreate", "productRead", "productSet", "pageUpdate"]);
  });

  it("creates anew what the merchant deleted, saying so once for each", async () => {
    const first = await exportPageToShopify(client(), { product: productInput("Tide Mug"), page: pageInput("Tide Mug") }, { includePage: true });
    deleteProduct(state, SHOP, first.productId);
    deletePage(state, SHOP, first.pageId!);
    const again = await exportPageToShopify(client(), { product: productInput("Tide Mug"), page: pageInput("Tide Mug"), existing: { productId: first.productId, pageId: first.pageId } }, { includePage: true });
    expect(again).toMatchObject({ action: "created", pageAction: "created" });
    expect(again.warnings.filter((w) => w === PRODUCT_RECREATED_NOTE)).toHaveLength(1);
    expect(again.warnings.filter((w) => w === PAGE_RECREATED_NOTE)).toHaveLength(1);
    // The read finds no product, so it is created without a productSet that names the gone one.
    expect(requests()).toEqual(["productSet", "pageCreate", "productRead", "productSet", "pageUpdate", "pageCreate"]);
  });

  it("an earlier export without a page creates the page, and a refused page update is a warning naming the updated product", async () => {
    const first = await exportPageToShopify(client(), { product: productInput("Tide Mug") }, { includePage: false });
    const withPage = await exportPageToShopify(client(), { product: productInput("Tide Mug"), page: pageInput("Tide Mug"), existing: { productId: first.productId, pageId: null } }, { includePage: true });
    expect(withPage).toMatchObject({ action: "updated", pageAction: "created" });
    expect(withPage.warnings).not.toContain(PAGE_RECREATED_NOTE);

    const blank = await exportPageToShopify(client(), { product: productInput("Tide Mug"), page: pageInput(""), existing: { productId: first.productId, pageId: withPage.pageId } }, { includePage: true });
    expect(blank).toMatchObject({ action: "updated", pageId: null, pageAction: null });
    expect(blank.warnings.join(" ")).toMatch(/^The product was updated \(https:\/\/admin\.shopify\.com\/store\/tide-goods\/products\/\d+\), but the landing page was not: Shopify refused the page/m);
    expect(shopSnapshot(state, SHOP).pages.map((p) => p.title)).toEqual(["Tide Mug"]);
  });
});

describe("a re-export keeps the merchant's work (issue 27)", () => {
  const sized = (title: string, images: string[], prices: [number, number] = [1800, 2200]): ShopifyProductInput => ({
    ...productInput(title),
    product: {
      ...product(title),
      images,
      options: [{ name: "Size", values: ["Small", "Large"] }],
      variants: [
        { title: "Small", optionValues: ["Small"], priceCents: prices[0], compareAtPriceCents: null, sku: "TM-S", available: true },
        { title: "Large", optionValues: ["Large"], priceCents: prices[1], compareAtPriceCents: null, sku: "TM-L", available: true },
      ],
    },
  });

  it("says which prices the page set over the store's, keeps the merchant's image and removes the one the page dropped", async () => {
    const first = await client().exportProduct(sized("Tide Mug", ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg"]));
    merchantEdit(state, SHOP, first.productId, { setPrice: { title: "Small", price: "17.00" }, addImage: { url: "https://cdn.shopify.com/s/files/1/own.jpg" } });
    const before = shopSnapshot(state, SHOP).products[0]!.media;
    const again = await client().exportProduct(sized("Tide Mug", ["https://cdn.example.com/a.jpg"]), first.productId);
    expect(again.warnings).toContain("Prices set from the page: Small 17.00 → 18.00.");
    const after = shopSnapshot(state, SHOP).products[0]!;
    // a.jpg is the same media as before (not downloaded again), b.jpg (ours, dropped from the page) is gone, the merchant's stays.
    expect(after.media.map((m) => m.id)).toEqual([before[0]!.id, before[2]!.id]);
    expect(after.media.map((m) => m.originalSource)).toEqual(["https://cdn.example.com/a.jpg", "https://cdn.shopify.com/s/files/1/own.jpg"]);
    // Ours are named so they are recognised again.
    expect(after.media[0]!.filename).toMatch(/^dropcraft-[0-9a-f]{8}\.jpg$/);
  });

  it("leaves the store's variants alone when the merchant changed the options, and says so", async () => {
    const first = await client().exportProduct(sized("Tide Mug", []));
    const stored = shopSnapshot(state, SHOP).products[0]!;
    stored.options[0]!.name = "Volume";
    stored.variants.forEach((v) => (v.selectedOptions[0]!.name = "Volume"));
    const again = await client().exportProduct(sized("Tide Mug, Sea Green", [], [1900, 2300]), first.productId);
    expect(again.warnings.join(" ")).toMatch(/options in Shopify \(Volume\) are not the page's \(Size\): its variants and prices were left as they are/);
    const after = shopSnapshot(state, SHOP).products[0]!;
    expect(after.title).toBe("Tide Mug, Sea Green");
    expect(after.variants.map((v) => [v.id, v.title, v.price])).toEqual(stored.variants.map((v) => [v.id, v.title, v.price]));
  });

  it("a product whose variants or images do not fit one read is refused before anything is sent", async () => {
    const first = await client().exportProduct(productInput("Tide Mug"));
    const big = shopSnapshot(state, SHOP).products[0]!;
    for (let i = 0; i < 251; i++) big.media.push({ id: `gid://shopify/MediaImage/${i}`, originalSource: "x", alt: null, contentType: "IMAGE", filename: `m${i}.jpg`, url: `https://cdn.shopify.com/m${i}.jpg`, status: "READY" });
    // The read asks for 250 of each; with more, productSet would delete the ones not read back.
    const err = await client()
      .exportProduct(productInput("Tide Mug"), first.productId)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/more than 250 variants or images.*nothing was changed/);
    expect(requests()).toEqual(["productSet", "productRead"]);
    expect(shopSnapshot(state, SHOP).products[0]!.media).toHaveLength(251);
  });
});


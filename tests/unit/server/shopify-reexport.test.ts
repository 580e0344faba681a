/**
 * Exporting a page again (issue 14): the productSet input of an update and exportPageToShopify's
 * choice between update and create, with the in-process fake Admin API behind the real client and
 * URL guard. The page gid an export records (page_exports.page_gid) and its backfill from the
 * admin link are tested in workerd: tests/integration/store-export.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import { createFakeStoreState, deletePage, deleteProduct, handleAdminGraphql, seedShop, shopSnapshot, type FakeStoreState } from "~/server/store-export/fake-admin-api";
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

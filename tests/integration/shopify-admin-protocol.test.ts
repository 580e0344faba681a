/**
 * The Shopify Admin adapter in workerd, over HTTP, through the URL guard, against the fake Admin
 * API server (tests/integration/fake-shopify-admin.ts). The adapter's behaviour is covered in
 * tests/unit/server/shopify-admin.test.ts; this proves the wire: POST bodies, the token header,
 * status codes and Retry-After reach the client as they do from Shopify; updates (productSet with
 * `identifier`, pageUpdate) and the userErrors of an id the store no longer has; the API version
 * the store serves; the staged upload's multipart POST.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { createShopifyAdminClient } from "~/server/store-export/shopify-admin";
import { createGuardedFetcher } from "~/server/web/url-guard";

const admin = env.SHOPIFY_ADMIN_TEST_URL;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- control answers are read loosely, as in the other suites
type Answer = Record<string, any>;

async function control(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${admin}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
}

async function shopState(domain: string): Promise<Answer> {
  return (await (await fetch(`${admin}/__admin/state?domain=${domain}`)).json()) as Answer;
}

/** A shop of this test's own, so parallel files never share one. */
async function newShop(token: string): Promise<string> {
  const domain = `proto-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
  await control("shops", { domain, token, name: "Protocol Test Shop" });
  return domain;
}

function client(shopDomain: string, accessToken: string, sleeps: number[] = []) {
  return createShopifyAdminClient({
    shopDomain,
    accessToken,
    fetcher: createGuardedFetcher({ allowLoopbackForTests: true }),
    adminBaseUrl: admin,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}

describe("the Shopify Admin adapter over HTTP", () => {
  it("checks the connection and creates a draft product the server stored", async () => {
    const domain = await newShop("shpat_protocol_ok");
    const shopify = client(domain, "shpat_protocol_ok");
    await expect(shopify.verifyConnection()).resolves.toMatchObject({ shopName: "Protocol Test Shop", scopes: expect.arrayContaining(["write_products"]) });
    const result = await shopify.exportProduct({
      product: {
        title: "Tide Mug",
        description: "",
        images: ["https://cdn.example.com/mug.jpg"],
        priceCents: 1800,
        compareAtPriceCents: null,
        currency: "USD",
        options: [],
        variants: [],
        specs: [],
        inTheBox: [],
        vendor: null,
        productType: null,
      },
      descriptionHtml: "<p>Stoneware.</p>",
      seo: { title: "Tide Mug", description: "A stoneware mug." },
      imageAlts: {},
      handle: "tide-mug",
    });
    const state = await shopState(domain);
    expect(state.products).toMatchObject([{ id: result.productId, handle: "tide-mug", status: "DRAFT", variants: [{ title: "Default Title", price: "18.00" }], media: [{ alt: "Tide Mug" }] }]);
  });

  it("productSet with the product's id updates it in place; an unknown id is Shopify's PRODUCT_DOES_NOT_EXIST, and the client creates the product anew", async () => {
    const domain = await newShop("shpat_protocol_update");
    const shopify = client(domain, "shpat_protocol_update");
    const input = (title: string, priceCents: number) => ({
      product: { title, description: "", images: [], priceCents, compareAtPriceCents: null, currency: "USD", options: [], variants: [], specs: [], inTheBox: [], vendor: null, productType: null },
      descriptionHtml: `<p>${title}</p>`,
      seo: { title, description: "" },
      imageAlts: {},
      handle: "tide-mug",
    });
    const created = await shopify.exportProduct(input("Tide Mug", 1800));
    expect(created.action).toBe("created");
    const updated = await shopify.exportProduct(input("Tide Mug, Sea Green", 1900), created.productId);
    expect(updated).toMatchObject({ productId: created.productId, action: "updated" });
    expect((await shopState(domain)).products).toMatchObject([{ id: created.productId, title: "Tide Mug, Sea Green", descriptionHtml: "<p>Tide Mug, Sea Green</p>", variants: [{ price: "19.00" }] }]);

    // The wire shape of an unknown identifier, as Shopify answers it.
    const raw = await fetch(`${admin}/${domain}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": "shpat_protocol_update" },
      body: JSON.stringify({
        query: "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) { productSet(identifier: $identifier, input: $input) { product { id } userErrors { field message code } } }",
        variables: { identifier: { id: "gid://shopify/Product/1" }, input: { title: "Gone" } },
      }),
    });
    expect(((await raw.json()) as Answer).data.productSet).toEqual({ product: null, userErrors: [{ field: ["identifier", "id"], message: "Product does not exist", code: "PRODUCT_DOES_NOT_EXIST" }] });

    await control("delete-product", { domain, id: created.productId });
    const recreated = await shopify.exportProduct(input("Tide Mug", 1800), created.productId);
    expect(recreated.action).toBe("created");
    expect(recreated.productId).not.toBe(created.productId);
    expect(recreated.warnings[0]).toBe("The product was deleted in your store, so a new one was created.");
    expect((await shopState(domain)).products.map((p: Answer) => p.id)).toEqual([recreated.productId]);
  });

  it("pageUpdate changes the page and keeps it as published as the merchant left it; an unknown id is NOT_FOUND", async () => {
    const domain = await newShop("shpat_protocol_page");
    const shopify = client(domain, "shpat_protocol_page");
    const page = await shopify.createPage({ title: "Tide Mug", bodyHtml: "<p>One</p>", handle: "tide-mug" });
    expect(page.action).toBe("created");
    await expect(shopify.updatePage(page.pageId, { title: "Tide Mug, Sea Green", bodyHtml: "<p>Two</p>", handle: "tide-mug" })).resolves.toMatchObject({ pageId: page.pageId, action: "updated" });
    expect((await shopState(domain)).pages).toEqual([{ id: page.pageId, title: "Tide Mug, Sea Green", handle: "tide-mug", body: "<p>Two</p>", isPublished: false }]);

    const raw = await fetch(`${admin}/${domain}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": "shpat_protocol_page" },
      body: JSON.stringify({ query: "mutation($id: ID!, $page: PageUpdateInput!) { pageUpdate(id: $id, page: $page) { page { id } userErrors { field message code } } }", variables: { id: "gid://shopify/Page/1", page: { title: "Gone" } } }),
    });
    expect(((await raw.json()) as Answer).data.pageUpdate).toEqual({ page: null, userErrors: [{ field: ["id"], message: "Page does not exist", code: "NOT_FOUND" }] });
    await control("delete-page", { domain, id: page.pageId });
    await expect(shopify.updatePage(page.pageId, { title: "Tide Mug", bodyHtml: "", handle: "tide-mug" })).resolves.toBe("gone");
  });

  it("asks for an API version the store serves as itself; one past Shopify's support window is served by the oldest supported", async () => {
    const domain = await newShop("shpat_protocol_version");
    await client(domain, "shpat_protocol_version").verifyConnection();
    expect((await shopState(domain)).versions).toEqual([{ requested: "2026-10", served: "2026-10" }]);
    const old = await fetch(`${admin}/${domain}/admin/api/2025-01/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": "shpat_protocol_version" },
      body: JSON.stringify({ query: "query { shop { name } }" }),
    });
    expect(old.headers.get("x-shopify-api-version")).toBe("2026-01");
  });

  it("a staged upload: stagedUploadsCreate's target takes the multipart POST of the bytes, and productSet's media references its resourceUrl", async () => {
    const domain = await newShop("shpat_protocol_upload");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
    const shopify = createShopifyAdminClient({
      shopDomain: domain,
      accessToken: "shpat_protocol_upload",
      fetcher: createGuardedFetcher({ allowLoopbackForTests: true }),
      adminBaseUrl: admin,
      readOwnImage: async (url) => (url === "/media/own.png" ? { bytes: png, mimeType: "image/png" } : null),
    });
    const result = await shopify.exportProduct({
      product: { title: "Tide Mug", description: "", images: ["/media/own.png", "/media/gone.png"], priceCents: 1800, compareAtPriceCents: null, currency: "USD", options: [], variants: [], specs: [], inTheBox: [], vendor: null, productType: null },
      descriptionHtml: "",
      seo: { title: "", description: "" },
      imageAlts: {},
      handle: "tide-mug",
    });
    expect(result.warnings.join(" ")).toMatch(/1 image\(s\) were left out \(\/media\/gone\.png\)/);
    const state = await shopState(domain);
    expect(state.uploads).toMatchObject([{ filename: expect.stringMatching(/^dropcraft-[0-9a-f]{8}\.png$/), mimeType: "image/png", fileSize: 9, uploadedBytes: 9 }]);
    expect(state.products[0].media).toMatchObject([{ originalSource: state.uploads[0].resourceUrl, status: "READY" }]);

    // A POST that does not carry the policy the target was handed out with is refused, as the storage does.
    const form = new FormData();
    form.append("key", state.uploads[0].key);
    form.append("policy", "forged");
    form.append("file", new Blob([png], { type: "image/png" }), "x.png");
    expect((await fetch(`${admin}/__staged-uploads/${domain}`, { method: "POST", body: form })).status).toBe(403);
  });

  it("a revoked token answers 401 and comes back as FORBIDDEN", async () => {
    const domain = await newShop("shpat_protocol_revoked");
    await control("revoke", { domain, token: "shpat_protocol_revoked" });
    const err = await client(domain, "shpat_protocol_revoked")
      .verifyConnection()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).type).toBe("FORBIDDEN");
    expect((err as AppError).message).toContain("(401): it was revoked or mistyped");
  });

  it("reads Retry-After from an HTTP 429 through the guard, then succeeds", async () => {
    const domain = await newShop("shpat_protocol_429");
    await control("throttle", { domain, count: 1, kind: "http429", retryAfterSeconds: 2 });
    const sleeps: number[] = [];
    await expect(client(domain, "shpat_protocol_429", sleeps).verifyConnection()).resolves.toMatchObject({ shopName: "Protocol Test Shop" });
    expect(sleeps).toEqual([2000]);
    expect((await shopState(domain)).requests.map((r: Answer) => r.status)).toEqual([429, 200]);
  });
});

/**
 * Store connections and the Shopify export through the API, against the local server that speaks
 * Shopify's Admin GraphQL (tests/integration/fake-shopify-admin.ts): token checks, sealing,
 * productSet and pageCreate, userErrors, throttling and a revoked token, and the export counter;
 * a second export of the same page updates what the first created (productSet with the product's
 * id, pageUpdate), and creates it anew when the merchant deleted it in the store; the page's gid
 * is recorded with the export (page_exports.page_gid, backfilled by migration 0021 from the admin
 * link earlier exports recorded) and exporting again updates the page by it.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, verifiedUser } from "./helpers";

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fake's state is read loosely
type Answer = Record<string, any>;

const admin = env.SHOPIFY_ADMIN_TEST_URL;
let free: User;
let paid: User;

async function control(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${admin}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
}
const shopState = async (domain: string): Promise<Answer> => (await (await fetch(`${admin}/__admin/state?domain=${domain}`)).json()) as Answer;

/** A shop of this test's own. */
async function newShop(token: string, scopes?: string[]): Promise<string> {
  const domain = `export-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
  await control("shops", { domain, token, name: "Harbor Test Shop", ...(scopes ? { scopes } : {}) });
  return domain;
}

async function subscribe(u: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}

const exportsUsed = async (u: User) => (await call("/api/usage/summary", { token: u.token })).json.data.monthly.exports.used as number;

async function page(u: User) {
  const { json } = await call("/api/pages", {
    method: "POST",
    token: u.token,
    body: {
      product: {
        title: "Tide Mug",
        description: "A stoneware mug glazed in sea green.\n\nDishwasher safe.",
        images: ["https://cdn.example.com/mug-1.jpg", "https://cdn.example.com/mug-2.jpg"],
        priceCents: 1800,
        compareAtPriceCents: 2400,
        costCents: 640,
        options: [{ name: "Size", values: ["Small", "Large"] }],
        variants: [
          { title: "Small", optionValues: ["Small"], priceCents: 1800, compareAtPriceCents: null, sku: "TM-S", available: true },
          { title: "Large", optionValues: ["Large"], priceCents: 2200, compareAtPriceCents: null, sku: "TM-L", available: true },
        ],
      },
    },
  });
  return json.data.page as Answer;
}

async function connect(u: User, token: string, scopes?: string[]) {
  const domain = await newShop(token, scopes);
  const res = await call("/api/store-connections", { method: "POST", token: u.token, body: { shopDomain: domain, accessToken: token } });
  return { domain, ...res };
}

beforeAll(async () => {
  [free, paid] = await Promise.all([verifiedUser(), verifiedUser()]);
  await subscribe(paid);
});

describe("store connections", () => {
  it("checks the token against the shop, keeps it sealed and shows it masked", async () => {
    const token = `shpat_${crypto.randomUUID().replace(/-/g, "")}`;
    const { status, json, domain } = await connect(free, token);
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.data).toMatchObject({ platform: "shopify", shopDomain: domain, shopName: "Harbor Test Shop", missingScopes: [] });
    expect(json.data.tokenMasked).toMatch(/^shpat_…[0-9a-f]{4}$/);
    expect(JSON.stringify(json)).not.toContain(token);
    const row = await env.DB.prepare("SELECT token_sealed FROM store_connections WHERE id = ?").bind(json.data.id).first<{ token_sealed: string }>();
    expect(row!.token_sealed).not.toBe(token);
    expect(row!.token_sealed).not.toContain(token.slice(6, 18));
    const listed = await call("/api/store-connections", { token: free.token });
    expect(listed.json.data.connections.map((c: Answer) => c.id)).toContain(json.data.id);
    expect(JSON.stringify(listed.json)).not.toContain(token);
    // Another user sees none of it and cannot remove it.
    expect((await call("/api/store-connections", { token: paid.token })).json.data.connections.some((c: Answer) => c.id === json.data.id)).toBe(false);
    expect((await call(`/api/store-connections/${json.data.id}`, { method: "DELETE", token: paid.token })).status).toBe(404);
    expect((await call(`/api/store-connections/${json.data.id}`, { method: "DELETE", token: free.token })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM store_connections WHERE id = ?").bind(json.data.id).first("n")).toBe(0);
  });

  it("refuses a wrong domain, a wrong token and a token without write_products, each saying so", async () => {
    const notShopify = await call("/api/store-connections", { method: "POST", token: free.token, body: { shopDomain: "example.com", accessToken: "shpat_x" } });
    expect(notShopify.status).toBe(400);
    expect(notShopify.json.message).toMatch(/myshopify\.com/);
    const domain = await newShop("shpat_right_token_0000");
    const wrong = await call("/api/store-connections", { method: "POST", token: free.token, body: { shopDomain: domain, accessToken: "shpat_wrong_token_0000" } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toMatch(/refused the access token/);
    const readOnly = await connect(free, "shpat_read_only_token_000", ["read_products"]);
    expect(readOnly.status).toBe(400);
    expect(readOnly.json.message).toMatch(/write_products/);
  });
});

describe("export to Shopify", () => {
  it("is refused on the free plan with the export feature, and asks for a store when none is connected", async () => {
    const p = await page(free);
    const refused = await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: free.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.json.details).toMatchObject({ feature: "export", upgrade: true });
    const u = await verifiedUser();
    await subscribe(u);
    const none = await call(`/api/pages/${(await page(u)).id}/export/shopify`, { method: "POST", token: u.token, body: {} });
    expect(none.status).toBe(409);
    expect(none.json.message).toMatch(/Connect your Shopify store/);
  });

  it("creates the product with its options, variants, images and SEO, and the landing page; counts one export", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_ok_token_01");
    const p = await page(u);
    const { status, json } = await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: u.token, body: { includePage: true } });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.data.productId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(json.data.productAdminUrl).toMatch(/^https:\/\/admin\.shopify\.com\/store\/.+\/products\/\d+$/);
    expect(json.data.pageId).toMatch(/^gid:\/\/shopify\/Page\/\d+$/);
    expect(json.data.warnings.join(" ")).toMatch(/draft/i);
    const state = await shopState(domain);
    expect(state.products).toHaveLength(1);
    const product = state.products[0];
    expect(product.title).toBe("Tide Mug");
    expect(product.handle).toBe(p.slug);
    expect(product.variants.map((v: Answer) => v.price)).toEqual(["18.00", "22.00"]);
    expect(product.media ?? product.files ?? product.images).toHaveLength(2);
    expect(product.descriptionHtml).toContain("Dishwasher safe.");
    expect(state.pages).toHaveLength(1);
    expect(await exportsUsed(u)).toBe(1);
  });

  it("reports Shopify's userErrors and does not count the refused export", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_dup_token_1");
    const p = await page(u);
    // The merchant already has a product of their own at the page's handle: Shopify refuses a second.
    await control("products", { domain, title: "Their own mug", handle: p.slug });
    const refused = await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: u.token, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.json.type).toBe("VALIDATION");
    expect(refused.json.message).toMatch(/already has a product at \/products\//);
    expect(await exportsUsed(u)).toBe(0);
    expect((await shopState(domain)).products.map((x: Answer) => x.title)).toEqual(["Their own mug"]);
  });

  it("waits out throttling and succeeds", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_throttle_01");
    await control("throttle", { domain, count: 2 });
    const { status, json } = await call(`/api/pages/${(await page(u)).id}/export/shopify`, { method: "POST", token: u.token, body: {} });
    expect(status, JSON.stringify(json)).toBe(200);
    expect((await shopState(domain)).products).toHaveLength(1);
  });

  it("says a revoked token must be reconnected, and refunds the export", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_revoked_01");
    await control("revoke", { domain, token: "shpat_export_revoked_01" });
    const { status, json } = await call(`/api/pages/${(await page(u)).id}/export/shopify`, { method: "POST", token: u.token, body: {} });
    expect(status).toBe(403);
    expect(json.message).toMatch(/Reconnect the store/);
    expect(JSON.stringify(json)).not.toContain("shpat_export_revoked_01");
    expect(await exportsUsed(u)).toBe(0);
    expect((await shopState(domain)).products).toHaveLength(0);
  });
});

describe("exporting a page again", () => {
  const exportPage = (u: User, id: string, body: Answer = { includePage: true }) => call(`/api/pages/${id}/export/shopify`, { method: "POST", token: u.token, body });

  it("updates the product and the landing page the first export created: one of each in the store, the new fields, action updated", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_again_tok_1");
    const p = await page(u);
    expect((await call(`/api/pages/${p.id}/export/shopify`, { token: u.token })).json.data.exports).toEqual([]);
    const first = await exportPage(u, p.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toMatchObject({ action: "created", pageAction: "created" });
    const firstVariants = (await shopState(domain)).products[0].variants as Answer[];
    await control("product-status", { domain, id: first.json.data.productId, status: "ACTIVE" });

    // The merchant sets the product live in Shopify, then edits the page: new title, prices, one more size, one image fewer.
    const edited = await call(`/api/pages/${p.id}`, {
      method: "PATCH",
      token: u.token,
      body: {
        baseRevision: p.revision,
        product: {
          ...p.product,
          title: "Tide Mug, Sea Green",
          images: ["https://cdn.example.com/mug-1.jpg"],
          options: [{ name: "Size", values: ["Small", "Large", "Jumbo"] }],
          variants: [
            { title: "Small", optionValues: ["Small"], priceCents: 1900, compareAtPriceCents: null, sku: "TM-S", available: true },
            { title: "Large", optionValues: ["Large"], priceCents: 2300, compareAtPriceCents: null, sku: "TM-L", available: true },
            { title: "Jumbo", optionValues: ["Jumbo"], priceCents: 2700, compareAtPriceCents: null, sku: "TM-J", available: true },
          ],
        },
      },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);

    const second = await exportPage(u, p.id);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.data).toMatchObject({ action: "updated", pageAction: "updated", productId: first.json.data.productId, pageId: first.json.data.pageId, productAdminUrl: first.json.data.productAdminUrl });
    // An update sends no status, so the product the merchant set live stays on sale (and no "created as a draft" warning).
    expect(second.json.data.warnings.join(" ")).not.toMatch(/created as a draft/);

    const state = await shopState(domain);
    expect(state.products).toHaveLength(1);
    const product = state.products[0];
    expect(product).toMatchObject({ id: first.json.data.productId, title: "Tide Mug, Sea Green", handle: p.slug, status: "ACTIVE" });
    expect(product.options).toMatchObject([{ name: "Size", position: 1, values: ["Small", "Large", "Jumbo"] }]);
    expect(product.variants.map((v: Answer) => [v.title, v.price, v.sku])).toEqual([
      ["Small", "19.00", "TM-S"],
      ["Large", "23.00", "TM-L"],
      ["Jumbo", "27.00", "TM-J"],
    ]);
    // The record's cost goes to each variant's inventory item (Shopify's "Cost per item"), as the CSV's column does.
    expect(product.variants.map((v: Answer) => v.cost)).toEqual(["6.40", "6.40", "6.40"]);
    // The variants that were there keep their ids (orders and inventory stay attached).
    expect(product.variants.slice(0, 2).map((v: Answer) => v.id)).toEqual(firstVariants.map((v) => v.id));
    expect(product.media.map((m: Answer) => m.originalSource)).toEqual(["https://cdn.example.com/mug-1.jpg"]);
    expect(state.pages).toHaveLength(1);
    expect(state.pages[0]).toMatchObject({ id: first.json.data.pageId, title: "Tide Mug, Sea Green" });
    // The product read back, productSet with the product's identifier, pageUpdate with the page's.
    expect(state.requests.map((r: Answer) => r.operation)).toEqual(["connectionCheck", "productSet", "pageCreate", "productRead", "productSet", "pageUpdate"]);

    // Each export is one export.
    expect(await exportsUsed(u)).toBe(2);
    const listed = (await call(`/api/pages/${p.id}/export/shopify`, { token: u.token })).json.data.exports;
    expect(listed).toMatchObject([{ shopDomain: domain, productId: first.json.data.productId, productAdminUrl: first.json.data.productAdminUrl, pageAdminUrl: first.json.data.pageAdminUrl }]);
    expect(Date.parse(listed[0].exportedAt)).not.toBeNaN();
  });

  it("creates the product and page anew when the merchant deleted them in the store, and says so", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_again_tok_3");
    const p = await page(u);
    const first = (await exportPage(u, p.id)).json.data;
    await control("delete-product", { domain, id: first.productId });
    await control("delete-page", { domain, id: first.pageId });

    const again = await exportPage(u, p.id);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data).toMatchObject({ action: "created", pageAction: "created" });
    expect(again.json.data.productId).not.toBe(first.productId);
    expect(again.json.data.pageId).not.toBe(first.pageId);
    expect(again.json.data.warnings).toContain("The product was deleted in your store, so a new one was created.");
    expect(again.json.data.warnings).toContain("The landing page was deleted in your store, so a new one was created.");
    const state = await shopState(domain);
    expect(state.products.map((x: Answer) => x.id)).toEqual([again.json.data.productId]);
    expect(state.pages.map((x: Answer) => x.id)).toEqual([again.json.data.pageId]);
    expect(await exportsUsed(u)).toBe(2);

    // The next export updates the new ones.
    const third = await exportPage(u, p.id);
    expect(third.json.data).toMatchObject({ action: "updated", pageAction: "updated", productId: again.json.data.productId });
    expect((await shopState(domain)).products).toHaveLength(1);
  });

  it("exports to another shop as a new product there", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const one = await connect(u, "shpat_export_two_shops_1");
    const two = await connect(u, "shpat_export_two_shops_2");
    const p = await page(u);
    expect((await exportPage(u, p.id, { connectionId: one.json.data.id })).json.data.action).toBe("created");
    const other = await exportPage(u, p.id, { connectionId: two.json.data.id });
    expect(other.json.data.action).toBe("created");
    expect((await shopState(one.domain)).products).toHaveLength(1);
    expect((await shopState(two.domain)).products).toHaveLength(1);
    const listed = (await call(`/api/pages/${p.id}/export/shopify`, { token: u.token })).json.data.exports;
    expect(listed.map((e: Answer) => e.shopDomain)).toEqual([two.domain, one.domain]);
  });

  it("refunds a failed update", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_again_tok_4");
    const p = await page(u);
    expect((await exportPage(u, p.id, {})).status).toBe(200);
    await control("revoke", { domain, token: "shpat_export_again_tok_4" });
    const failed = await exportPage(u, p.id, {});
    expect(failed.status).toBe(403);
    expect(await exportsUsed(u)).toBe(1);
  });

  it("another user's page is a 404, for the export and for its history", async () => {
    const owner = await verifiedUser();
    await subscribe(owner);
    const { domain } = await connect(owner, "shpat_export_other_user_1");
    const p = await page(owner);
    expect((await exportPage(owner, p.id, {})).status).toBe(200);
    const intruder = await verifiedUser();
    await subscribe(intruder);
    await connect(intruder, "shpat_export_other_user_2");
    const refused = await exportPage(intruder, p.id, {});
    expect(refused.status).toBe(404);
    expect((await call(`/api/pages/${p.id}/export/shopify`, { token: intruder.token })).status).toBe(404);
    expect((await shopState(domain)).products).toHaveLength(1);
    expect(await exportsUsed(intruder)).toBe(0);
  });
});

describe("the merchant's work in the store (issue 27)", () => {
  const exportPage = (u: User, id: string, body: Answer = { includePage: true }) => call(`/api/pages/${id}/export/shopify`, { method: "POST", token: u.token, body });

  it("a re-export keeps the variant and the image the merchant added in Shopify, and does not send the page's images again", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_merchant_work_tok_1");
    const p = await page(u);
    const first = await exportPage(u, p.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const productId = first.json.data.productId as string;
    const before = (await shopState(domain)).products[0];
    const mediaIds = before.media.map((m: Answer) => m.id);

    // In the Shopify admin the merchant adds a size the page does not have, and a photo of their own.
    await control("merchant-edit", { domain, id: productId, addVariant: { options: { Size: "Huge" }, price: "31.00" }, addImage: { url: "https://cdn.shopify.com/s/files/1/merchant-photo.jpg", alt: "On the shelf" } });

    const again = await exportPage(u, p.id);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data.action).toBe("updated");
    expect(again.json.data.warnings.join(" ")).toMatch(/Kept 1 variant\(s\) that are in Shopify but not on the page \(Huge\)/);

    const product = (await shopState(domain)).products[0];
    expect(product.variants.map((v: Answer) => [v.title, v.price])).toEqual([
      ["Small", "18.00"],
      ["Large", "22.00"],
      ["Huge", "31.00"],
    ]);
    expect(product.options[0].values).toEqual(["Small", "Large", "Huge"]);
    // The page's two images are the same media (not downloaded again); the merchant's photo is still there.
    expect(product.media.map((m: Answer) => m.id)).toEqual([...mediaIds, expect.any(String)]);
    expect(product.media.at(-1)).toMatchObject({ originalSource: "https://cdn.shopify.com/s/files/1/merchant-photo.jpg", alt: "On the shelf" });
  });

  it("sends the app's own image (a relative /media address) through a staged upload, and references its resourceUrl", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_merchant_work_tok_2");
    const imageId = crypto.randomUUID();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    await env.FILES.put(`test/${imageId}.png`, png);
    await env.DB.prepare(
      "INSERT INTO images (id, user_id, kind, file_name, mime_type, width, height, bytes, provider, r2_key, thumb_key, published_at) VALUES (?, ?, 'upload', 'mug.png', 'image/png', 1, 1, ?, 'upload', ?, ?, datetime('now'))",
    )
      .bind(imageId, u.user.id, png.byteLength, `test/${imageId}.png`, `test/${imageId}.png`)
      .run();
    const p = await page(u);
    const patched = await call(`/api/pages/${p.id}`, { method: "PATCH", token: u.token, body: { baseRevision: p.revision, product: { ...p.product, images: [`/media/${imageId}.png`] } } });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);

    const res = await exportPage(u, p.id, {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.warnings.join(" ")).not.toMatch(/left out/);
    const state = await shopState(domain);
    expect(state.requests.map((r: Answer) => r.operation)).toEqual(["connectionCheck", "stagedUploadsCreate", "productSet"]);
    expect(state.uploads).toMatchObject([{ mimeType: "image/png", fileSize: png.byteLength, uploadedBytes: png.byteLength }]);
    expect(state.products[0].media).toMatchObject([{ originalSource: state.uploads[0].resourceUrl, status: "READY", contentType: "IMAGE" }]);
  });

  it("a token with write_online_store_pages (and not write_content) creates the landing page", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const connected = await connect(u, "shpat_merchant_work_tok_3", ["write_products", "read_products", "write_online_store_pages"]);
    expect(connected.status, JSON.stringify(connected.json)).toBe(201);
    expect(connected.json.data.missingScopes).toEqual([]);
    const p = await page(u);
    const res = await exportPage(u, p.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.pageAction).toBe("created");
    expect((await shopState(connected.domain)).pages).toHaveLength(1);
  });
});

describe("the page gid an export records", () => {
  const exportPage = (u: User, id: string, body: Answer = { includePage: true }) => call(`/api/pages/${id}/export/shopify`, { method: "POST", token: u.token, body });
  const recorded = (pageId: string) =>
    env.DB.prepare("SELECT page_gid, page_admin_url FROM page_exports WHERE page_id = ? AND kind = 'shopify' ORDER BY id DESC").bind(pageId).all<{ page_gid: string | null; page_admin_url: string | null }>();

  it("is the page Shopify created, and exporting again updates that page by it whatever the admin link says", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_page_gid_01");
    const p = await page(u);
    const first = await exportPage(u, p.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const created = (await shopState(domain)).pages as Answer[];
    expect(created).toHaveLength(1);
    expect((await recorded(p.id)).results).toEqual([{ page_gid: created[0].id, page_admin_url: first.json.data.pageAdminUrl }]);
    expect(first.json.data.pageId).toBe(created[0].id);

    // The admin link is only a link now: exporting again does not read the page's id out of it.
    await env.DB.prepare("UPDATE page_exports SET page_admin_url = 'https://admin.example.test/not-a-page-link' WHERE page_id = ?").bind(p.id).run();
    const second = await exportPage(u, p.id);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.data).toMatchObject({ pageAction: "updated", pageId: created[0].id });
    expect(second.json.data.warnings).not.toContain("The landing page was deleted in your store, so a new one was created.");
    let state = await shopState(domain);
    expect(state.pages.map((x: Answer) => x.id)).toEqual([created[0].id]);
    expect(state.requests.map((r: Answer) => r.operation).slice(-2)).toEqual(["productSet", "pageUpdate"]);
    expect((await recorded(p.id)).results[0]).toEqual({ page_gid: created[0].id, page_admin_url: second.json.data.pageAdminUrl });

    // An export of the product alone records no page, and the next export with the page still updates the earlier one.
    const productOnly = await exportPage(u, p.id, {});
    expect(productOnly.json.data).toMatchObject({ action: "updated", pageId: null, pageAction: null });
    expect((await recorded(p.id)).results[0]).toEqual({ page_gid: null, page_admin_url: null });
    const third = await exportPage(u, p.id);
    expect(third.json.data).toMatchObject({ pageAction: "updated", pageId: created[0].id });
    state = await shopState(domain);
    expect(state.pages.map((x: Answer) => x.id)).toEqual([created[0].id]);
    // Each update reads the product first (productRead), so productSet sends back what the store holds.
    expect(state.requests.map((r: Answer) => r.operation)).toEqual([
      "connectionCheck",
      "productSet",
      "pageCreate",
      "productRead",
      "productSet",
      "pageUpdate",
      "productRead",
      "productSet",
      "productRead",
      "productSet",
      "pageUpdate",
    ]);
  });

  it("is backfilled by migration 0021 from the admin link of earlier rows, by the rule exporting again used before", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0021_page_gid.sql");
    const backfill = migration?.queries.find((q) => /^UPDATE `page_exports`/.test(q.trim()));
    expect(backfill, "0021_page_gid.sql has the backfill UPDATE").toBeDefined();
    // The rule pageGidFromAdminUrl applied to a recorded link before page_gid existed.
    const earlierRule = (url: string | null) => {
      const id = url ? /\/pages\/(\d+)$/.exec(url)?.[1] : undefined;
      return id ? `gid://shopify/Page/${id}` : null;
    };

    const u = await verifiedUser();
    await subscribe(u);
    const { domain } = await connect(u, "shpat_export_page_gid_02");
    const p = await page(u);
    const first = await exportPage(u, p.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // The row as an export before page_gid wrote it: the admin link only.
    await env.DB.prepare("UPDATE page_exports SET page_gid = NULL WHERE page_id = ?").bind(p.id).run();

    const links = [
      "https://admin.shopify.com/store/tide-goods/pages/123456",
      "https://tide-goods.myshopify.com/admin/pages/77",
      "https://app.dropcraft.test/dev/store/pages/8123456003",
      "http://localhost:8787/dev/store/pages/007",
      "https://admin.shopify.com/store/tide-goods/products/1",
      "https://admin.shopify.com/store/tide-goods/pages/abc",
      "https://admin.shopify.com/store/tide-goods/pages/12a",
      "https://admin.shopify.com/store/tide-goods/pages/12/",
      "https://admin.shopify.com/store/tide-goods/PAGES/12",
      "https://admin.shopify.com/store/tide-goods/pages/",
      "https://admin.shopify.com/store/tide-goods/mypages/9",
      "not a link 42",
      null,
    ];
    // Other shops, so the export below reads only the real row.
    const insert = (shop: string, link: string | null, gid: string | null = null) =>
      env.DB.prepare("INSERT INTO page_exports (page_id, user_id, kind, shop_domain, product_gid, product_admin_url, page_gid, page_admin_url) VALUES (?, ?, 'shopify', ?, 'gid://shopify/Product/1', 'https://admin.shopify.com/store/x/products/1', ?, ?) RETURNING id")
        .bind(p.id, u.user.id, shop, gid, link)
        .first<{ id: number }>();
    const rows = await Promise.all(links.map(async (link, i) => ({ link, id: (await insert(`backfill-${i}.myshopify.com`, link))!.id })));
    const kept = (await insert("backfill-kept.myshopify.com", "https://admin.shopify.com/store/x/pages/2", "gid://shopify/Page/1"))!.id;

    await env.DB.prepare(backfill!).run();

    const gidOf = async (id: number) => (await env.DB.prepare("SELECT page_gid FROM page_exports WHERE id = ?").bind(id).first<{ page_gid: string | null }>())!.page_gid;
    const got = await Promise.all(rows.map(async (r) => [r.link, await gidOf(r.id)]));
    expect(got).toEqual(rows.map((r) => [r.link, earlierRule(r.link)]));
    expect(got.slice(0, 4).map(([, gid]) => gid)).toEqual(["gid://shopify/Page/123456", "gid://shopify/Page/77", "gid://shopify/Page/8123456003", "gid://shopify/Page/007"]);
    // A row that already has its gid keeps it.
    expect(await gidOf(kept)).toBe("gid://shopify/Page/1");
    // The real export's row gets its page back, and exporting again updates that page.
    expect((await recorded(p.id)).results.find((r) => r.page_admin_url === first.json.data.pageAdminUrl)?.page_gid).toBe(first.json.data.pageId);
    const again = await exportPage(u, p.id);
    expect(again.json.data).toMatchObject({ pageAction: "updated", pageId: first.json.data.pageId });
    expect((await shopState(domain)).pages.map((x: Answer) => x.id)).toEqual([first.json.data.pageId]);
  });
});

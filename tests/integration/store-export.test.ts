/**
 * Store connections and the Shopify export through the API, against the local server that speaks
 * Shopify's Admin GraphQL (tests/integration/fake-shopify-admin.ts): token checks, sealing,
 * productSet and pageCreate, userErrors, throttling and a revoked token, and the export counter.
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
    await connect(u, "shpat_export_dup_token_1");
    const p = await page(u);
    expect((await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: u.token, body: {} })).status).toBe(200);
    // The same handle again: Shopify refuses a second product with it.
    const again = await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: u.token, body: {} });
    expect(again.status).toBe(400);
    expect(again.json.type).toBe("VALIDATION");
    expect(again.json.message).toMatch(/already has a product at \/products\//);
    expect(await exportsUsed(u)).toBe(1);
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

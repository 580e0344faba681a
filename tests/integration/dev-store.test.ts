/**
 * The offline dev store, end to end in workerd: with DEV_TOOLS on its reserved domain is answered
 * in process from D1, even though SHOPIFY_ADMIN_BASE_URL points every other shop at the fake
 * server (which has no such shop, so reaching it would fail); connect, export, local admin links
 * and the /dev/store screens. With DEV_TOOLS off the domain is an ordinary myshopify.com one.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_STORE_ACCESS_TOKEN, DEV_STORE_SHOP_DOMAIN } from "~/server/store-export/dev-store";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read loosely
type Answer = Record<string, any>;

let paid: User;

async function subscribe(u: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}

async function page(u: User, title: string) {
  const { json } = await call("/api/pages", {
    method: "POST",
    token: u.token,
    body: {
      product: {
        title,
        description: "A stoneware mug glazed in sea green.\n\nDishwasher safe.",
        images: ["https://cdn.example.com/mug-1.jpg"],
        priceCents: 1800,
        compareAtPriceCents: 2400,
        options: [{ name: "Size", values: ["Small", "Large"] }],
        variants: [
          { title: "Small", optionValues: ["Small"], priceCents: 1800, compareAtPriceCents: null, sku: "DS-S", available: true },
          { title: "Large", optionValues: ["Large"], priceCents: 2200, compareAtPriceCents: null, sku: "DS-L", available: true },
        ],
      },
    },
  });
  return json.data.page as Answer;
}

/** A screen as the browser gets it: the Remix document. */
async function screen(path: string, bindings?: Record<string, unknown>) {
  if (!bindings) {
    const res = await WORKER.fetch(`${BASE}${path}`);
    return { status: res.status, html: await res.text() };
  }
  const { default: worker } = await import("../../workers/app");
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`), { ...env, ...bindings } as typeof env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, html };
}

beforeAll(async () => {
  paid = await verifiedUser();
  await subscribe(paid);
});

describe("the offline dev store (DEV_TOOLS on)", () => {
  it("connects with its published token, exports product and page, and links to local screens showing them", async () => {
    const connected = await call("/api/store-connections", { method: "POST", token: paid.token, body: { shopDomain: DEV_STORE_SHOP_DOMAIN, accessToken: DEV_STORE_ACCESS_TOKEN } });
    expect(connected.status, JSON.stringify(connected.json)).toBe(201);
    expect(connected.json.data).toMatchObject({ shopDomain: DEV_STORE_SHOP_DOMAIN, shopName: "Dropcraft dev store", scopes: ["write_products", "write_content"], missingScopes: [] });

    const p = await page(paid, "Dev Store Tide Mug");
    const { status, json } = await call(`/api/pages/${p.id}/export/shopify`, { method: "POST", token: paid.token, body: { includePage: true } });
    expect(status, JSON.stringify(json)).toBe(200);
    const productId = String(json.data.productId).split("/").pop();
    const pageId = String(json.data.pageId).split("/").pop();
    expect(json.data.productAdminUrl).toBe(`https://app.dropcraft.test/dev/store/products/${productId}`);
    expect(json.data.pageAdminUrl).toBe(`https://app.dropcraft.test/dev/store/pages/${pageId}`);
    expect(json.data.shopDomain).toBe(DEV_STORE_SHOP_DOMAIN);

    // The state is in D1, and the export was recorded with the local links.
    const row = await env.DB.prepare("SELECT state FROM dev_store_state WHERE shop = ?").bind(DEV_STORE_SHOP_DOMAIN).first<{ state: string }>();
    expect(row?.state).toContain("Dev Store Tide Mug");
    const recorded = await env.DB.prepare("SELECT product_admin_url, page_gid, page_admin_url FROM page_exports WHERE page_id = ? AND kind = 'shopify'")
      .bind(p.id)
      .first<{ product_admin_url: string; page_gid: string; page_admin_url: string }>();
    expect(recorded).toEqual({ product_admin_url: json.data.productAdminUrl, page_gid: json.data.pageId, page_admin_url: json.data.pageAdminUrl });

    const product = await screen(new URL(json.data.productAdminUrl).pathname);
    expect(product.status).toBe(200);
    expect(product.html).toContain('data-testid="dev-store-product"');
    expect(product.html).toContain("Dev Store Tide Mug");
    expect(product.html).toContain(`/products/${p.slug}`);
    expect(product.html).toMatch(/18\.00 USD/);
    expect(product.html).toMatch(/22\.00 USD/);
    expect(product.html).toContain("https://cdn.example.com/mug-1.jpg");

    const storePage = await screen(new URL(json.data.pageAdminUrl).pathname);
    expect(storePage.status).toBe(200);
    expect(storePage.html).toContain('data-testid="dev-store-page"');

    const list = await screen("/dev/store");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/dev/store/products/${productId}`);
    expect(list.html).toContain(DEV_STORE_ACCESS_TOKEN);

    expect((await screen("/dev/store/products/1")).status).toBe(404);

    // Deleting from the screen frees the page, as in Shopify's admin.
    const deleted = await WORKER.fetch(`${BASE}/dev/store?index`, { method: "POST", body: new URLSearchParams({ kind: "page", id: pageId! }) });
    expect(deleted.status).toBe(200);
    await deleted.text();
    expect((await screen(new URL(json.data.pageAdminUrl).pathname)).status).toBe(404);
    expect((await screen(new URL(json.data.productAdminUrl).pathname)).status).toBe(200);
  });

  it("refuses a wrong token the way Shopify refuses it", async () => {
    const u = await verifiedUser();
    const wrong = await call("/api/store-connections", { method: "POST", token: u.token, body: { shopDomain: DEV_STORE_SHOP_DOMAIN, accessToken: "shpat_not_the_dev_store_token" } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toMatch(/refused the access token for dropcraft-dev-store\.myshopify\.com \(401\)/);
    expect(wrong.json.details).toMatchObject({ reconnect: true });
    expect((await call("/api/store-connections", { token: u.token })).json.data.connections).toHaveLength(0);
  });
});

describe("without DEV_TOOLS", () => {
  const off = { DEV_TOOLS: "off", APP_ENV: "development" };

  it("the dev store's domain is an ordinary myshopify.com domain, sent out like any other", async () => {
    const { createApi } = await import("../../functions");
    const ctx = createExecutionContext();
    const res = await createApi().fetch(
      new Request(`${BASE}/api/store-connections`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${paid.token}` },
        body: JSON.stringify({ shopDomain: DEV_STORE_SHOP_DOMAIN, accessToken: DEV_STORE_ACCESS_TOKEN }),
      }),
      { ...env, ...off },
      ctx,
    );
    const body = (await res.json()) as Answer;
    await waitOnExecutionContext(ctx);
    // It went to SHOPIFY_ADMIN_BASE_URL (the fake server), which has no such shop.
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/Shopify has no store at dropcraft-dev-store\.myshopify\.com \(404\)/);
  });

  it("the dev store's screens answer 404", async () => {
    expect((await screen("/dev/store", off)).status).toBe(404);
  });
});

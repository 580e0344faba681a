/**
 * The AI Launcher's preparation routes in workerd (issue 28): who may call them (401 signed out,
 * 403 without the launcher flag, before any body is read), what can be advertised and where it
 * leads (another user's pages never), the destination check through the URL guard, and ad copy
 * that states no figure or claim the record does not hold, even when the model invents them.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { AD_COPY_LIMITS } from "~/domain/ad-launcher";
import { call, seedSampleCatalog, verifiedUser } from "./helpers";

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as in the other suites
type Answer = Record<string, any>;

const { harbor, web } = env.FAKE_SHOPIFY;

async function grantLauncher(u: User) {
  await env.DB.prepare("UPDATE users SET launcher_access = 1 WHERE id = ?").bind(u.user.id).run();
}

async function pageFromCatalog(u: User, productId: string): Promise<Answer> {
  const { status, json } = await call("/api/pages", { method: "POST", token: u.token, body: { productId } });
  expect(status, JSON.stringify(json)).toBe(201);
  return json.data.page;
}

/** Marks a page published as publishing leaves it (the drop page's HTML stored). */
async function markPublished(pageId: string) {
  await env.DB.prepare("UPDATE pages SET status = 'published', published_html = '<html></html>', published_at = ? WHERE id = ?").bind(new Date().toISOString(), pageId).run();
}

let launcher: User;
let other: User;
let noAccess: User;

beforeAll(async () => {
  await seedSampleCatalog();
  [launcher, other, noAccess] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
  await Promise.all([grantLauncher(launcher), grantLauncher(other)]);
});

describe("who may prepare a launch", () => {
  const routes: [string, string, unknown][] = [
    ["GET", "/api/ad-launcher/products", undefined],
    ["POST", "/api/ad-launcher/destination-check", { url: `${harbor}/products.json` }],
    ["POST", "/api/ad-launcher/copy", { productRef: "catalog:P-0001" }],
  ];

  it("answers 401 signed out", async () => {
    for (const [method, path, body] of routes) {
      const { status, json } = await call(path, { method, body });
      expect(status, path).toBe(401);
      expect(json.type).toBe("UNAUTHENTICATED");
    }
  });

  it("answers 403 without the launcher flag, saying how to ask, even for a body it would refuse", async () => {
    for (const [method, path, body] of routes) {
      const { status, json } = await call(path, { method, body, token: noAccess.token });
      expect(status, path).toBe(403);
      expect(json.type).toBe("FORBIDDEN");
      expect(json.message).toMatch(/AI Launcher is not open on this account/);
      if (method === "POST") expect((await call(path, { method, body: { nonsense: 1 }, token: noAccess.token })).status, path).toBe(403);
    }
  });
});

describe("GET /api/ad-launcher/products", () => {
  let page: Answer;

  beforeAll(async () => {
    page = await pageFromCatalog(launcher, "P-0001");
    await markPublished(page.id);
    await env.DB.prepare("INSERT INTO saved_products (user_id, list_name, product_id) VALUES (?, 'Ideas', 'P-0002')").bind(launcher.user.id).run();
    await pageFromCatalog(other, "P-0003");
  });

  it("lists the caller's pages with their live drop page, and their saved catalog products, with the record's figures", async () => {
    const { status, json } = await call("/api/ad-launcher/products", { token: launcher.token });
    expect(status, JSON.stringify(json)).toBe(200);
    const products = json.data as Answer[];
    const fromPage = products.find((p) => p.ref === `page:${page.id}`);
    const record = await env.DB.prepare("SELECT name, price_cents, cost_cents, shipping_cost_cents FROM catalog_products WHERE id = 'P-0001'").first<Answer>();
    expect(fromPage).toMatchObject({
      source: "page",
      title: record!.name,
      priceCents: record!.price_cents,
      costCents: record!.cost_cents,
      shippingCents: record!.shipping_cost_cents,
      destinations: [{ kind: "drop_page", url: `https://app.dropcraft.test/p/${page.slug}` }],
    });
    const saved = products.find((p) => p.ref === "catalog:P-0002");
    expect(saved).toMatchObject({ source: "catalog", currency: "USD", destinations: [] });
    // The catalog record P-0001 leads to the page made from it.
    expect(products.some((p) => p.ref === "catalog:P-0001")).toBe(false);
  });

  it("adds a catalog product named by ref, and never another user's pages", async () => {
    const { json } = await call("/api/ad-launcher/products?ref=catalog:P-0004", { token: launcher.token });
    const refs = (json.data as Answer[]).map((p) => p.ref);
    expect(refs[0]).toBe("catalog:P-0004");
    const others = (await call("/api/ad-launcher/products", { token: other.token })).json.data as Answer[];
    expect(others.every((p) => p.ref !== `page:${page.id}`)).toBe(true);
    expect(others.some((p) => p.source === "page")).toBe(true);
  });

  it("says null, not a guess, where the record has no figure", async () => {
    await env.DB.prepare("UPDATE pages SET product = json_set(product, '$.costCents', NULL), catalog_product_id = NULL WHERE id = ?").bind(page.id).run();
    const { json } = await call("/api/ad-launcher/products", { token: launcher.token });
    const fromPage = (json.data as Answer[]).find((p) => p.ref === `page:${page.id}`);
    expect(fromPage).toMatchObject({ costCents: null, shippingCents: null });
  });
});

describe("POST /api/ad-launcher/destination-check", () => {
  const check = async (url: string, u: User = launcher) => (await call("/api/ad-launcher/destination-check", { method: "POST", token: u.token, body: { url } })).json.data as Answer;

  it("says a page that answers is live", async () => {
    expect(await check(`${harbor}/products.json`)).toMatchObject({ ok: true, status: 200, message: expect.stringMatching(/people clicking the ad will see it/) });
  });

  it("says plainly why an address does not answer", async () => {
    expect(await check(`${web}/products.json`)).toMatchObject({ ok: false, status: 404, message: expect.stringMatching(/404 Not Found/) });
    expect(await check("http://10.0.0.1/shop")).toMatchObject({ ok: false, status: null, message: expect.stringMatching(/cannot be used for an ad: private network address/) });
    expect(await check("ftp://example.com/x")).toMatchObject({ ok: false, message: expect.stringMatching(/only http and https/) });
  });

  it("answers our own drop pages from D1: published is live, a draft is not", async () => {
    const draft = await pageFromCatalog(launcher, "P-0005");
    expect(await check(`https://app.dropcraft.test/p/${draft.slug}`)).toMatchObject({ ok: false, message: expect.stringMatching(/not published/) });
    await markPublished(draft.id);
    expect(await check(`https://app.dropcraft.test/p/${draft.slug}`)).toMatchObject({ ok: true, status: 200 });
  });
});

describe("POST /api/ad-launcher/copy", () => {
  const write = (body: unknown, u: User = launcher) => call("/api/ad-launcher/copy", { method: "POST", token: u.token, body });
  const numbersIn = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));

  it("writes three variants from the record: the model's invented ratings, counts, discounts and shipping promises are gone", async () => {
    const { status, json } = await write({ productRef: "catalog:P-0002" });
    expect(status, JSON.stringify(json)).toBe(200);
    const { variants, facts, writer } = json.data as Answer;
    expect(writer).toBe("model");
    expect(variants).toHaveLength(3);
    const record = await env.DB.prepare("SELECT name, price_cents, compare_at_price_cents FROM catalog_products WHERE id = 'P-0002'").first<Answer>();
    const allowed = [...numbersIn(record!.name), record!.price_cents / 100, ...(record!.compare_at_price_cents ? [record!.compare_at_price_cents / 100] : [])];
    const text = (variants as Answer[]).flatMap((v) => [v.primaryText, v.headline, v.description]).join("\n");
    for (const n of numbersIn(text)) expect(allowed, `the figure ${n} in:\n${text}`).toContainEqual(n);
    expect(text).not.toMatch(/stars?|customers|50%|free shipping|24 hours|best seller|limited stock/i);
    for (const v of variants as Answer[]) {
      expect([...v.primaryText].length).toBeLessThanOrEqual(AD_COPY_LIMITS.primaryText.recommended);
      expect([...v.headline].length).toBeLessThanOrEqual(AD_COPY_LIMITS.headline.recommended);
      expect([...v.description].length).toBeLessThanOrEqual(AD_COPY_LIMITS.description.recommended);
    }
    expect(facts).toEqual(expect.arrayContaining([{ label: "Product", value: record!.name, source: "Catalog record P-0002" }, expect.objectContaining({ label: "Price", source: "Catalog record P-0002" })]));
  });

  it("uses the project canon's brand and promises, named as the source", async () => {
    const project = await call("/api/projects", { method: "POST", token: launcher.token, body: { name: `Ads ${crypto.randomUUID().slice(0, 6)}` } });
    expect(project.status, JSON.stringify(project.json)).toBe(201);
    const projectId = project.json.data.id as string;
    const canon = await call(`/api/projects/${projectId}/canon`, { method: "PUT", token: launcher.token, body: { canon: { "brand.name": "Lumen & Co", "shipping.promise": "Ships from our studio" } } });
    expect(canon.status, JSON.stringify(canon.json)).toBeLessThan(300);
    const { json } = await write({ productRef: "catalog:P-0002", projectId });
    expect(json.data.facts).toEqual(expect.arrayContaining([{ label: "Brand", value: "Lumen & Co", source: "Project canon (brand.name)" }]));
  });

  it("answers 404 for another user's page or an unknown product, and 400 naming a missing field", async () => {
    const theirs = await pageFromCatalog(other, "P-0006");
    expect((await write({ productRef: `page:${theirs.id}` })).status).toBe(404);
    expect((await write({ productRef: "catalog:NOPE-1" })).status).toBe(404);
    const bad = await write({});
    expect(bad.status).toBe(400);
    expect(bad.json.details.fields[0].path).toBe("productRef");
  });
});

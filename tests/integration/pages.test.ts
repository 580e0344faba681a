import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { validateProductJsonLd } from "~/server/pages/seo-audit";
import { checkShopifyProductCsv, parseCsv } from "~/server/store-export/shopify-csv";
import { parseHtmlTree, walkElements } from "~/server/web/html";
import { call, seedSampleCatalog, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;
let free: User;
let paid: User;

const { harbor } = env.FAKE_SHOPIFY;

async function subscribe(u: User) {
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
}

const used = async (u: User, counter: "pageGenerations" | "exports") => (await call("/api/usage/summary", { token: u.token })).json.data.monthly[counter].used as number;

/** A script element's raw text (textContent leaves scripts out on purpose). */
const scriptText = (el: { children: unknown[] }) => el.children.filter((c): c is string => typeof c === "string").join("");

/** A harbor product with its variants, for a URL-made draft. */
async function harborProduct() {
  const state = (await (await fetch(`${harbor}/__admin/state`)).json()) as { products: { handle: string; title: string; variants: unknown[] }[] };
  return state.products.find((p) => p.variants.length > 1) ?? state.products[0];
}

const RICH_PRODUCT = {
  title: "Cedar Wick Candle",
  description:
    "A slow-burning soy candle with a cedar wood wick that crackles as it burns.\n\nHand-poured in small batches.\n\nLight the wick and let the top melt evenly on the first burn.",
  images: ["https://cdn.example.com/candle-1.jpg", "https://cdn.example.com/candle-2.jpg"],
  priceCents: 2400,
  compareAtPriceCents: 3000,
  currency: "USD",
  options: [{ name: "Scent", values: ["Cedar", "Amber"] }],
  variants: [
    { title: "Cedar", optionValues: ["Cedar"], priceCents: 2400, compareAtPriceCents: 3000, sku: "CW-CEDAR", available: true },
    { title: "Amber", optionValues: ["Amber"], priceCents: 2600, compareAtPriceCents: null, sku: "CW-AMBER", available: true },
  ],
  specs: [
    { name: "Wax", value: "Soy" },
    { name: "Burn time", value: "45 hours" },
  ],
  inTheBox: ["1 candle", "Cotton dust bag"],
  vendor: "Harbor Candles",
  productType: "Candle",
};

async function handMadePage(u: User, extra: Record<string, unknown> = {}) {
  const { status, json } = await call("/api/pages", { method: "POST", token: u.token, body: { product: { ...RICH_PRODUCT, ...extra } } });
  expect(status, JSON.stringify(json)).toBe(201);
  return json.data.page;
}

beforeAll(async () => {
  await seedSampleCatalog();
  [free, paid] = await Promise.all([verifiedUser(), verifiedUser()]);
  await subscribe(paid);
}, 120_000);

describe("making a draft", () => {
  it("reads a product URL through the guard and the extractor into the builder, saying what it found", async () => {
    const product = await harborProduct();
    const { status, json } = await call("/api/pages", { method: "POST", token: free.token, body: { sourceUrl: `${harbor}/products/${product.handle}` } });
    expect(status, JSON.stringify(json)).toBe(201);
    const { page, extraction } = json.data;
    expect(page.product.title).toBe(product.title);
    expect(page.product.priceCents).toBeGreaterThan(0);
    expect(page.product.images.length).toBeGreaterThan(0);
    expect(extraction.found).toEqual(expect.arrayContaining(["title", "priceCents", "images"]));
    expect(page.sourceUrl).toContain(`/products/${product.handle}`);
    expect(page.buyUrl).toBe(page.sourceUrl);
    expect(page.status).toBe("draft");
    expect(page.sections.map((s: { kind: string }) => s.kind)).toEqual(["hero", "benefits", "how-it-works", "specs", "in-the-box", "faq", "guarantee", "cta"]);
    expect(page.sections[0].heading).toBe(product.title);
    // The draft shows only what the data holds: nothing generated yet.
    expect(page.generatedBy).toBeNull();
  });

  it("refuses a private address with the guard's reason, and names a missing or doubled source", async () => {
    const privateUrl = await call("/api/pages", { method: "POST", token: free.token, body: { sourceUrl: "http://169.254.169.254/latest/meta-data" } });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.json.message).toMatch(/169\.254\.169\.254/);
    const none = await call("/api/pages", { method: "POST", token: free.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/exactly one of sourceUrl/);
    const two = await call("/api/pages", { method: "POST", token: free.token, body: { sourceUrl: `${harbor}/`, product: { title: "x" } } });
    expect(two.status).toBe(400);
    const badPrice = await call("/api/pages", { method: "POST", token: free.token, body: { product: { title: "Lamp", priceCents: 19.99 } } });
    expect(badPrice.status).toBe(400);
    expect(badPrice.json.message).toMatch(/whole cents/);
  });

  it("starts from an Explorer product with its record's name and price, and 404s an unknown one", async () => {
    const { status, json } = await call("/api/pages", { method: "POST", token: free.token, body: { productId: "P-0001" } });
    expect(status, JSON.stringify(json)).toBe(201);
    const row = await env.DB.prepare("SELECT name, price_cents FROM catalog_products WHERE id = 'P-0001'").first<{ name: string; price_cents: number }>();
    expect(json.data.page.product.title).toBe(row!.name);
    expect(json.data.page.product.priceCents).toBe(row!.price_cents);
    expect(json.data.page.catalogProductId).toBe("P-0001");
    const missing = await call("/api/pages", { method: "POST", token: free.token, body: { productId: "P-9999999" } });
    expect(missing.status).toBe(404);
  });

  it("gives each page its own address, even with the same title", async () => {
    const a = await handMadePage(free);
    const b = await handMadePage(free);
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug).toMatch(/^cedar-wick-candle/);
  });
});

describe("the page's address and alt texts (the editor's Edit address and alt fields)", () => {
  it("refuses an address another page holds with a 409 naming it, and a malformed one with a 400 naming the field", async () => {
    const mine = await handMadePage(free);
    const theirs = await handMadePage(paid);
    const taken = await call(`/api/pages/${mine.id}`, { method: "PATCH", token: free.token, body: { slug: theirs.slug, baseRevision: mine.revision } });
    expect(taken.status).toBe(409);
    expect(taken.json.type).toBe("CONFLICT");
    expect(taken.json.message).toBe(`The address /p/${theirs.slug} is taken: choose another.`);
    expect(taken.json.details.fields).toEqual([{ path: "slug", message: "address taken" }]);
    // Nothing was saved: the page keeps its address and revision.
    const after = (await call(`/api/pages/${mine.id}`, { token: free.token })).json.data;
    expect(after).toMatchObject({ slug: mine.slug, revision: mine.revision });

    const bad = await call(`/api/pages/${mine.id}`, { method: "PATCH", token: free.token, body: { slug: "ends-with-" } });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toBe("VALIDATION");
    expect(JSON.stringify(bad.json)).toMatch(/slug must be 1–64 lowercase letters/);

    const fresh = `candle-${crypto.randomUUID().slice(0, 8)}`;
    const ok = await call(`/api/pages/${mine.id}`, { method: "PATCH", token: free.token, body: { slug: ` ${fresh.toUpperCase()} ` } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.slug).toBe(fresh);
  });

  it("a live page's new address takes it offline at the old one; republished, it answers at the new one with the merchant's alt text, and the image-alt check passes", async () => {
    const page = await handMadePage(free, { images: ["https://cdn.example.com/candle-1.jpg"] });
    await call(`/api/pages/${page.id}`, {
      method: "PATCH",
      token: free.token,
      body: { buyUrl: "https://shop.example/buy", seo: { ...page.seo, imageAlts: { "https://cdn.example.com/candle-1.jpg": "candle-1.jpg" } } },
    });
    const altCheck = async () =>
      (await call("/api/seo/audits", { token: free.token })).json.data.audits
        .find((a: { pageId: string }) => a.pageId === page.id)
        .checks.find((c: { id: string }) => c.id === "image-alt") as { passed: boolean };
    expect((await altCheck()).passed).toBe(false);

    expect((await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token })).status).toBe(200);
    expect((await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).status).toBe(200);
    const fresh = `cedar-${crypto.randomUUID().slice(0, 8)}`;
    const moved = await call(`/api/pages/${page.id}`, {
      method: "PATCH",
      token: free.token,
      body: { slug: fresh, seo: { ...page.seo, imageAlts: { "https://cdn.example.com/candle-1.jpg": "Cedar candle lit on an oak table" } } },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.data).toMatchObject({ slug: fresh, status: "draft", publicUrl: null });
    expect((await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).status).toBe(404);
    expect((await altCheck()).passed).toBe(true);

    expect((await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token })).status).toBe(200);
    const res = await WORKER.fetch(`http://127.0.0.1/p/${fresh}`);
    expect(res.status).toBe(200);
    const imgs = [...walkElements(parseHtmlTree(await res.text()))].filter((e) => e.name === "img");
    expect(imgs.length).toBeGreaterThan(0);
    expect(imgs.every((i) => i.attrs.alt === "Cedar candle lit on an oak table")).toBe(true);
  });
});

describe("editing, revisions and versions", () => {
  it("saves edits, refuses a stale revision without losing the newer save, and restores a version", async () => {
    const page = await handMadePage(free);
    const first = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { product: { ...page.product, title: "Cedar Candle, edited" }, baseRevision: page.revision } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.revision).toBe(page.revision + 1);
    const stale = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { product: { ...page.product, title: "From an old tab" }, baseRevision: page.revision } });
    expect(stale.status).toBe(409);
    expect(stale.json.type).toBe("CONFLICT");
    expect((await call(`/api/pages/${page.id}`, { token: free.token })).json.data.product.title).toBe("Cedar Candle, edited");

    const versions = await call(`/api/pages/${page.id}/versions`, { token: free.token });
    const created = versions.json.data.versions.find((v: { reason: string }) => v.reason === "created");
    expect(created).toBeDefined();
    const restored = await call(`/api/pages/${page.id}/versions/${created.id}/restore`, { method: "POST", token: free.token });
    expect(restored.status).toBe(200);
    expect(restored.json.data.product.title).toBe("Cedar Wick Candle");
    expect(restored.json.data.revision).toBe(page.revision + 2);
    const after = await call(`/api/pages/${page.id}/versions`, { token: free.token });
    expect(after.json.data.versions[0].reason).toBe("restored");
  });

  it("refuses an invalid edit naming the field, and keeps what was saved", async () => {
    const page = await handMadePage(free);
    const bad = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { theme: { ...page.theme, primary: "red" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/primary colour must be a colour like/);
    const badUrl = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { buyUrl: "javascript:alert(1)" } });
    expect(badUrl.status).toBe(400);
    expect((await call(`/api/pages/${page.id}`, { token: free.token })).json.data.theme).toEqual(page.theme);
  });
});

describe("generation", () => {
  it("is refused on the free plan by the server, with the upgrade modal's feature, and counts nothing", async () => {
    const page = await handMadePage(free);
    const { status, json } = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: free.token, body: {} });
    expect(status).toBe(403);
    expect(json.type).toBe("FORBIDDEN");
    expect(json.details).toMatchObject({ feature: "generate", upgrade: true });
    expect(await used(free, "pageGenerations")).toBe(0);
  });

  it("writes the sections with the configured model, drops the claims the data does not hold, and counts one page generation", async () => {
    const page = await handMadePage(paid);
    const before = await used(paid, "pageGenerations");
    const { status, json } = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(status, JSON.stringify(json)).toBe(200);
    // The workerd suite points AI_BASE_URL at the fake OpenAI server (tests/integration/fake-openai.ts).
    expect(json.data.generatedBy).toBe("openai:fake-model");
    expect(json.data.generatedAt).toBeTruthy();
    const copy = JSON.stringify(json.data.sections);
    expect(copy).toContain("A slow-burning soy candle");
    // The fake model added a rating, a customer count and a shipping promise: none survive.
    expect(copy).not.toMatch(/5 stars|10,000|Free shipping|2 days/);
    expect(json.data.missing.join(" ")).toMatch(/rating|review|shipping/i);
    expect(json.data.sections.find((s: { kind: string }) => s.kind === "guarantee").hidden).toBe(true);
    expect(await used(paid, "pageGenerations")).toBe(before + 1);
    const versions = await call(`/api/pages/${page.id}/versions`, { token: paid.token });
    expect(versions.json.data.versions[0].reason).toBe("generated");
  });

  it("falls back to the built-in writer when the model fails, and says so", async () => {
    const page = await handMadePage(paid, { title: "Cedar candle fake-model-down" });
    const { status, json } = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.data.generatedBy).toBe("builtin");
    const visible = json.data.sections.filter((s: { hidden: boolean }) => !s.hidden).map((s: { kind: string }) => s.kind);
    expect(visible).toEqual(expect.arrayContaining(["hero", "benefits", "specs", "in-the-box", "cta"]));
    // No guarantee without a canon to take it from: hidden and named as missing.
    expect(visible).not.toContain("guarantee");
    expect(json.data.missing.join(" ")).toMatch(/guarantee/i);
  });

  it("writes with the page's project canon: its guarantee and shipping promise verbatim, a palette from its brand colour", async () => {
    const project = await call("/api/projects", { method: "POST", token: paid.token, body: { name: `Harbor ${Date.now()}` } });
    expect(project.status, JSON.stringify(project.json)).toBe(201);
    const projectId = (project.json.data ?? project.json).id as string;
    const canon = { guarantee: "Return it within 30 days for a full refund.", "shipping.promise": "Ships from our Ohio studio in 2 business days.", "brand.colors": "#1d4ed8" };
    expect((await call(`/api/projects/${projectId}/canon`, { method: "PUT", token: paid.token, body: { canon, source: "user" } })).status).toBe(200);
    // A title the fake model refuses to answer for: the built-in writer, whose copy is fully predictable, writes it.
    const page = await handMadePage(paid, { title: "Cedar candle fake-model-down" });
    const other = await verifiedUser();
    const foreign = await call(`/api/pages/${page.id}`, { method: "PATCH", token: paid.token, body: { projectId: "not-a-project" } });
    expect(foreign.status).toBe(404);
    expect((await call(`/api/pages/${page.id}`, { method: "PATCH", token: other.token, body: { projectId } })).status).toBe(404);
    expect((await call(`/api/pages/${page.id}`, { method: "PATCH", token: paid.token, body: { projectId } })).status).toBe(200);
    const { status, json } = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(status, JSON.stringify(json)).toBe(200);
    const guarantee = json.data.sections.find((s: { kind: string }) => s.kind === "guarantee");
    expect(guarantee.hidden).toBe(false);
    expect(JSON.stringify(guarantee)).toContain("Return it within 30 days for a full refund.");
    expect(JSON.stringify(json.data.sections)).toContain("Ships from our Ohio studio in 2 business days.");
    expect(json.data.missing.join(" ")).not.toMatch(/guarantee/i);
    expect(json.data.theme.primary.toLowerCase()).toBe("#1d4ed8");
  });

  it("refunds a generation that had nothing to write from", async () => {
    const bare = await call("/api/pages", { method: "POST", token: paid.token, body: { product: { title: "Mystery item" } } });
    const before = await used(paid, "pageGenerations");
    const { status, json } = await call(`/api/pages/${bare.json.data.page.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(status).toBe(400);
    expect(json.message).toMatch(/not counted/);
    expect(await used(paid, "pageGenerations")).toBe(before);
  });

  it("answers USAGE_LIMIT after the month's 10 generations", async () => {
    const u = await verifiedUser();
    await subscribe(u);
    const page = await handMadePage(u);
    for (let i = 0; i < 10; i++) {
      const { status } = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: u.token, body: {} });
      expect(status).toBe(200);
    }
    const over = await call(`/api/pages/${page.id}/generate`, { method: "POST", token: u.token, body: {} });
    expect(over.status).toBe(429);
    expect(over.json.type).toBe("USAGE_LIMIT");
    expect(await used(u, "pageGenerations")).toBe(10);
  });
});

describe("drop pages", () => {
  it("states the merchant's condition, barcode, shipping and returns in the structured data, and names a bad barcode", async () => {
    const page = await handMadePage(free, { variants: [], options: [] });
    const bad = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { product: { ...page.product, gtin: "4006381333932" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/product\.gtin: barcode \(GTIN\) must be 8, 12, 13 or 14 digits with a correct check digit/);
    const listing = {
      condition: "new",
      gtin: "4006381333931",
      mpn: "CWC-8",
      shipping: { rateCents: 495, countries: ["US"], handlingDays: { min: 1, max: 2 }, transitDays: { min: 3, max: 6 } },
      returns: { days: 30, fees: "customer", countries: ["US"] },
    };
    const saved = await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { product: { ...page.product, ...listing }, buyUrl: "https://harbor-candles.example/cart" } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.product).toMatchObject(listing);
    const published = await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const html = await (await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).text();
    const script = [...walkElements(parseHtmlTree(html))].find((e) => e.name === "script")!;
    const jsonLd = JSON.parse(scriptText(script));
    expect(validateProductJsonLd(jsonLd)).toEqual([]);
    expect(jsonLd).toMatchObject({ "@type": "Product", gtin: "4006381333931", mpn: "CWC-8" });
    expect(jsonLd.offers).toMatchObject({
      itemCondition: "https://schema.org/NewCondition",
      shippingDetails: { shippingRate: { value: 4.95, currency: "USD" }, shippingDestination: [{ addressCountry: "US" }] },
      hasMerchantReturnPolicy: { merchantReturnDays: 30, returnFees: "https://schema.org/ReturnFeesCustomerResponsibility" },
    });
  });

  it("publishes HTML with valid Product JSON-LD, OG and canonical tags and no script to run; counts views and buy clicks without cookies", async () => {
    const page = await handMadePage(free, {});
    const noBuy = await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token });
    expect(noBuy.status).toBe(400);
    expect(noBuy.json.message).toMatch(/buy button/);
    await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { buyUrl: "https://harbor-candles.example/cart/add?id=1" } });
    const published = await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(published.json.data.publicUrl).toBe(`https://app.dropcraft.test/p/${page.slug}`);

    const res = await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`, { headers: { "user-agent": "Mozilla/5.0" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await res.text();
    const tree = parseHtmlTree(html);
    const elements = [...walkElements(tree)];
    const scripts = elements.filter((e) => e.name === "script");
    expect(scripts.map((s) => s.attrs.type)).toEqual(["application/ld+json"]);
    const jsonLd = JSON.parse(scriptText(scripts[0]));
    expect(validateProductJsonLd(jsonLd)).toEqual([]);
    expect(jsonLd.name).toBe("Cedar Wick Candle");
    // The candle's sizes cost differently: a ProductGroup whose variants carry their own offers.
    expect(jsonLd["@type"]).toBe("ProductGroup");
    for (const variant of jsonLd.hasVariant) expect(variant.offers).toMatchObject({ priceCurrency: "USD", price: expect.stringMatching(/^[1-9]\d*\.\d{2}$/) });
    expect(jsonLd.aggregateRating).toBeUndefined();
    expect(jsonLd.review).toBeUndefined();
    expect(elements.filter((e) => e.name === "h1")).toHaveLength(1);
    const meta = (property: string) => elements.find((e) => e.name === "meta" && (e.attrs.property === property || e.attrs.name === property))?.attrs.content;
    expect(meta("og:title")).toBeTruthy();
    expect(meta("og:image")).toBe("https://cdn.example.com/candle-1.jpg");
    expect(meta("twitter:card")).toBeTruthy();
    expect(elements.find((e) => e.name === "link" && e.attrs.rel === "canonical")?.attrs.href).toBe(`https://app.dropcraft.test/p/${page.slug}`);
    expect(elements.some((e) => Object.keys(e.attrs).some((a) => a.startsWith("on")))).toBe(false);

    await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`, { headers: { "user-agent": "Googlebot/2.1" } });
    const buy = await WORKER.fetch(`http://127.0.0.1/p/${page.slug}/buy`, { redirect: "manual", headers: { "user-agent": "Mozilla/5.0" } });
    expect(buy.status).toBe(302);
    expect(buy.headers.get("location")).toBe("https://harbor-candles.example/cart/add?id=1");
    // Counts are written in a batch a second after the first (waitUntil): give it a moment.
    let listed: { views: number; buyClicks: number } | undefined;
    for (let i = 0; i < 150; i++) {
      listed = (await call("/api/pages", { token: free.token })).json.data.pages.find((p: { id: string }) => p.id === page.id);
      if (listed && listed.views >= 1 && listed.buyClicks >= 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(listed).toMatchObject({ views: 1, buyClicks: 1, status: "published" });

    const down = await call(`/api/pages/${page.id}/unpublish`, { method: "POST", token: free.token });
    expect(down.json.data.status).toBe("draft");
    expect((await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).status).toBe(404);
  });

  it("escapes hostile text into the page and never lets it run", async () => {
    const page = await handMadePage(free, { title: '</script><script>alert(1)</script> Candle', description: '<img src=x onerror="alert(2)">' });
    await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { buyUrl: "https://shop.example/buy" } });
    await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token });
    const html = await (await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).text();
    const elements = [...walkElements(parseHtmlTree(html))];
    expect(elements.filter((e) => e.name === "script").map((s) => s.attrs.type)).toEqual(["application/ld+json"]);
    expect(elements.some((e) => e.name === "img" && e.attrs.src === "x")).toBe(false);
    expect(JSON.parse(scriptText(elements.find((e) => e.name === "script")!)).name).toContain("</script>");
  });

  it("duplicates as a draft and deletes (the public address stops answering)", async () => {
    const page = await handMadePage(free);
    await call(`/api/pages/${page.id}`, { method: "PATCH", token: free.token, body: { buyUrl: "https://shop.example/buy" } });
    await call(`/api/pages/${page.id}/publish`, { method: "POST", token: free.token });
    const copy = await call(`/api/pages/${page.id}/duplicate`, { method: "POST", token: free.token });
    expect(copy.status).toBe(201);
    expect(copy.json.data).toMatchObject({ status: "draft", views: 0, buyClicks: 0 });
    expect(copy.json.data.slug).not.toBe(page.slug);
    expect((await call(`/api/pages/${page.id}`, { method: "DELETE", token: free.token })).status).toBe(200);
    expect((await WORKER.fetch(`http://127.0.0.1/p/${page.slug}`)).status).toBe(404);
    expect((await call(`/api/pages/${page.id}`, { token: free.token })).status).toBe(404);
  });

  it("shows a draft through a signed preview link only", async () => {
    const page = await handMadePage(free);
    const link = await call(`/api/pages/${page.id}/preview-link`, { method: "POST", token: free.token });
    expect(link.status).toBe(200);
    const ok = await WORKER.fetch(`http://127.0.0.1${link.json.data.url}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'/);
    expect(await ok.text()).toContain("Cedar Wick Candle");
    const forged = await WORKER.fetch(`http://127.0.0.1${link.json.data.url.replace(/s=[^&]+/, "s=forged")}`);
    expect(forged.status).toBe(403);
  });
});

describe("downloads", () => {
  it("are refused on the free plan with the download feature", async () => {
    const page = await handMadePage(free);
    for (const kind of ["shopify-csv", "html"]) {
      const { status, json } = await call(`/api/pages/${page.id}/export/${kind}`, { token: free.token });
      expect(status).toBe(403);
      expect(json.details).toMatchObject({ feature: "download", upgrade: true });
    }
    expect(await used(free, "exports")).toBe(0);
  });

  it("give a Shopify CSV that passes Shopify's column rules row by row, and count no store export", async () => {
    const page = await handMadePage(paid);
    const before = await used(paid, "exports");
    const { status, text, res } = await call(`/api/pages/${page.id}/export/shopify-csv`, { token: paid.token });
    expect(status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".+\.csv"/);
    expect(checkShopifyProductCsv(text)).toEqual([]);
    const { rows } = parseCsv(text);
    const header = rows[0];
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(col(rows[1], "URL handle")).toBe(page.slug);
    expect(col(rows[1], "Title")).toBe("Cedar Wick Candle");
    expect(col(rows[1], "Option1 name")).toBe("Scent");
    expect(rows.slice(1).filter((r) => col(r, "Price")).map((r) => col(r, "Price"))).toEqual(["24.00", "26.00"]);
    expect(rows.slice(1).filter((r) => col(r, "Product image URL")).map((r) => col(r, "Product image URL"))).toEqual(RICH_PRODUCT.images);
    // Only an export into a connected store counts; a download is the merchant's own file.
    expect(await used(paid, "exports")).toBe(before);
  });

  it("give a standalone HTML zip", async () => {
    const page = await handMadePage(paid);
    const res = await WORKER.fetch(`http://127.0.0.1/api/pages/${page.id}/export/html`, { headers: { authorization: `Bearer ${paid.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
  });
});

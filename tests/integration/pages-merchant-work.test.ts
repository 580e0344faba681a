/**
 * Issue 26, "the merchant's work is kept": generation keeps hand-edited sections unless the
 * request names them; publishing and exporting check that each image loads (through the URL
 * guard) and name the one that does not; the SEO audit fails it; the gallery's image can be made
 * the main image; the CSV carries the record's cost and a vendor, and no offer sentence.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { checkShopifyProductCsv, parseCsv, SHOPIFY_CSV_COLUMNS } from "~/server/store-export/shopify-csv";
import { call, seedSampleCatalog, verifiedUser } from "./helpers";

type User = Awaited<ReturnType<typeof verifiedUser>>;
type Section = { id: string; kind: string; hidden: boolean; heading: string; body: string; items: { title: string; text: string }[]; imageUrl: string | null };
let paid: User;

const { web } = env.FAKE_SHOPIFY;
const GOOD = `${web}/images/dot.png`;
const MISSING = `${web}/images/gone-hero.png`;
const NOT_AN_IMAGE = `${web}/`;

// "fake-model-down" makes the suite's fake model fail, so generation falls back to the built-in writer (deterministic copy).
const PRODUCT = {
  title: "Cedar Wick Candle fake-model-down",
  description: "A slow-burning soy candle with a cedar wood wick that crackles as it burns.\n\nFeatures:\n- Hand-poured in small batches\n- Cedar wood wick that crackles softly\n- Soy wax burns clean and slow\nSize 8x10cm.",
  images: [GOOD],
  priceCents: 3499,
  compareAtPriceCents: 4999,
  currency: "USD",
  options: [],
  variants: [],
  specs: [{ name: "Burn time", value: "45 hours" }],
  inTheBox: ["1 candle", "Cotton dust bag"],
  vendor: null,
  productType: "Candle",
  costCents: 1250,
};

async function page(extra: Record<string, unknown> = {}) {
  const { status, json } = await call("/api/pages", { method: "POST", token: paid.token, body: { product: { ...PRODUCT, ...extra } } });
  expect(status, JSON.stringify(json)).toBe(201);
  return json.data.page;
}
const kind = (sections: Section[], k: string) => sections.find((s) => s.kind === k)!;

beforeAll(async () => {
  await seedSampleCatalog();
  paid = await verifiedUser();
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(paid.user.id).run();
});

describe("generation keeps the merchant's edits", () => {
  it("writes untouched sections, keeps a hand-edited hero and benefit, says so, and replaces them only when asked", async () => {
    const p = await page();
    const first = await call(`/api/pages/${p.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.editedSections).toEqual([]);
    expect(first.json.data.generation.kept).toEqual([]);

    // The merchant rewrites the hero's text and one benefit by hand.
    const sections = (first.json.data.sections as Section[]).map((s) =>
      s.kind === "hero" ? { ...s, body: "My own words about this candle." } : s.kind === "benefits" ? { ...s, items: [{ title: "Smells like a forest cabin", text: "" }, ...s.items.slice(1)] } : s,
    );
    const edited = await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { sections, baseRevision: first.json.data.revision } });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.editedSections).toEqual(["hero", "benefits"]);

    // Generating again (the API called directly, no flag) keeps both and says what it did.
    const again = await call(`/api/pages/${p.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(kind(again.json.data.sections, "hero").body).toBe("My own words about this candle.");
    expect(kind(again.json.data.sections, "benefits").items[0].title).toBe("Smells like a forest cabin");
    expect(again.json.data.generation).toMatchObject({ kept: ["hero", "benefits"], replaced: [] });
    expect(again.json.data.generation.wrote).toContain("faq");
    expect(again.json.data.generation.summary).toMatch(/kept your edits in Hero and Benefits/);
    expect(again.json.data.editedSections).toEqual(["hero", "benefits"]);

    // Named explicitly, the hero is replaced; the benefit is still kept.
    const replaced = await call(`/api/pages/${p.id}/generate`, { method: "POST", token: paid.token, body: { replaceEdited: ["hero"] } });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    expect(kind(replaced.json.data.sections, "hero").body).not.toContain("My own words");
    expect(kind(replaced.json.data.sections, "benefits").items[0].title).toBe("Smells like a forest cabin");
    expect(replaced.json.data.generation).toMatchObject({ kept: ["benefits"], replaced: ["hero"] });
    expect(replaced.json.data.editedSections).toEqual(["benefits"]);
  });

  it("the draft counts as untouched: a first generation fills an edited but empty section and keeps its heading", async () => {
    const p = await page();
    const sections = (p.sections as Section[]).map((s) => (s.kind === "faq" ? { ...s, heading: "Your questions" } : s));
    await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { sections } });
    const gen = await call(`/api/pages/${p.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(gen.status, JSON.stringify(gen.json)).toBe(200);
    const faq = kind(gen.json.data.sections, "faq");
    expect(faq.heading).toBe("Your questions");
    expect(faq.items.length).toBeGreaterThanOrEqual(3);
    // The spec line in the description is a spec, not a benefit.
    expect(JSON.stringify(kind(gen.json.data.sections, "benefits").items)).not.toContain("8x10");
  });
});

describe("images that do not load", () => {
  it("publishing refuses a page whose hero image does not load, names it, and publishes when told to go ahead", async () => {
    const p = await page({ images: [MISSING, GOOD] });
    await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { buyUrl: "https://shop.example/buy" } });
    const refused = await call(`/api/pages/${p.id}/publish`, { method: "POST", token: paid.token });
    expect(refused.status, JSON.stringify(refused.json)).toBe(400);
    expect(refused.json.message).toContain("Hero image, Main product image");
    expect(refused.json.message).toContain(MISSING);
    expect(refused.json.message).toContain("404");
    expect(refused.json.details.brokenImages).toEqual([{ url: MISSING, where: ["Hero image", "Main product image"], reason: "its server answered 404", kind: "broken" }]);
    expect((await call(`/api/pages/${p.id}`, { token: paid.token })).json.data.status).toBe("draft");

    const audit = (await call("/api/seo/audits", { token: paid.token })).json.data.audits.find((a: { pageId: string }) => a.pageId === p.id);
    const load = audit.checks.find((c: { id: string }) => c.id === "images-load");
    expect(load.passed).toBe(false);
    expect(load.message).toContain(`Hero image, Main product image (${MISSING})`);
    expect(audit.score).toBeLessThan(90);

    const anyway = await call(`/api/pages/${p.id}/publish`, { method: "POST", token: paid.token, body: { acceptBrokenImages: true } });
    expect(anyway.status, JSON.stringify(anyway.json)).toBe(200);
    expect(anyway.json.data.status).toBe("published");
    expect(anyway.json.data.imageProblems.map((i: { url: string }) => i.url)).toEqual([MISSING]);
  });

  it("a page whose images load publishes at once, and its audit passes the check", async () => {
    const p = await page({ images: [GOOD] });
    await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { buyUrl: "https://shop.example/buy" } });
    const ok = await call(`/api/pages/${p.id}/publish`, { method: "POST", token: paid.token });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.imageProblems).toEqual([]);
    const audit = (await call("/api/seo/audits", { token: paid.token })).json.data.audits.find((a: { pageId: string }) => a.pageId === p.id);
    expect(audit.checks.find((c: { id: string }) => c.id === "images-load").passed).toBe(true);
  });

  it("the CSV export refuses a section image that is not a picture, naming the section, unless told to go ahead", async () => {
    const p = await page();
    const sections = (p.sections as Section[]).map((s) => (s.kind === "benefits" ? { ...s, hidden: false, body: "Lovely.", imageUrl: NOT_AN_IMAGE } : s));
    await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { sections } });
    const refused = await call(`/api/pages/${p.id}/export/shopify-csv`, { token: paid.token });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain(`Benefits image (${NOT_AN_IMAGE}) does not load`);
    const anyway = await call(`/api/pages/${p.id}/export/shopify-csv?acceptBrokenImages=true`, { token: paid.token });
    expect(anyway.status).toBe(200);
  });
});

describe("the gallery's image as the main image", () => {
  it("placement main puts it first and in the hero; gallery adds it last; another user's page is a 404", async () => {
    const p = await page({ images: [MISSING, GOOD] });
    const NEW = `${web}/images/dot.png?v=2`;
    const main = await call(`/api/pages/${p.id}/images`, { method: "POST", token: paid.token, body: { url: NEW, placement: "main" } });
    expect(main.status, JSON.stringify(main.json)).toBe(200);
    expect(main.json.data.product.images).toEqual([NEW, MISSING, GOOD]);
    expect(kind(main.json.data.sections, "hero").imageUrl).toBe(NEW);
    // Choosing a picture is not a text edit: generation still treats the hero as untouched.
    expect(main.json.data.editedSections).toEqual([]);

    const added = await call(`/api/pages/${p.id}/images`, { method: "POST", token: paid.token, body: { url: `${web}/images/dot.png?v=3`, placement: "gallery" } });
    expect(added.json.data.product.images).toEqual([NEW, MISSING, GOOD, `${web}/images/dot.png?v=3`]);
    expect(kind(added.json.data.sections, "hero").imageUrl).toBe(NEW);

    const other = await verifiedUser();
    expect((await call(`/api/pages/${p.id}/images`, { method: "POST", token: other.token, body: { url: NEW, placement: "main" } })).status).toBe(404);
  });
});

describe("the Shopify CSV", () => {
  it("fills Cost per item from the record's cost and Vendor from the project's brand, with no offer sentence in the description", async () => {
    const project = await call("/api/projects", { method: "POST", token: paid.token, body: { name: "Candles" } });
    expect(project.status, JSON.stringify(project.json)).toBeLessThan(300);
    const projectId = project.json.data.id ?? project.json.data.project?.id;
    await env.DB.prepare("UPDATE projects SET canon_context = ? WHERE id = ?").bind(JSON.stringify({ "brand.name": { value: "Harbor Light Co" } }), projectId).run();
    const p = await page();
    await call(`/api/pages/${p.id}`, { method: "PATCH", token: paid.token, body: { projectId } });
    const gen = await call(`/api/pages/${p.id}/generate`, { method: "POST", token: paid.token, body: {} });
    expect(gen.status, JSON.stringify(gen.json)).toBe(200);
    expect(JSON.stringify(gen.json.data.sections)).toContain("you save");

    const res = await call(`/api/pages/${p.id}/export/shopify-csv`, { token: paid.token });
    expect(res.status).toBe(200);
    expect(checkShopifyProductCsv(res.text)).toEqual([]);
    const [header, first] = parseCsv(res.text).rows;
    const at = (c: (typeof SHOPIFY_CSV_COLUMNS)[number]) => first[header.indexOf(c)];
    expect(at("Cost per item")).toBe("12.50");
    expect(at("Vendor")).toBe("Harbor Light Co");
    expect(at("Description")).not.toMatch(/you save|was \$49\.99|\$34\.99|How much is it/);
  });
});

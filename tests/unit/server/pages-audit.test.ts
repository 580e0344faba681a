import { describe, expect, it } from "vitest";
import { SEO_CHECK_IDS, type Page, type SeoCheckId } from "~/domain/contracts/pages";
import { canonFactsFrom, writePageSections } from "~/server/pages/generate-builtin";
import { renderDropPage } from "~/server/pages/render";
import { applySeoFixes, auditPage, PAGE_BYTES_BUDGET, validateProductJsonLd } from "~/server/pages/seo-audit";
import { CANON_ENTRIES, pageOf, RICH_PRODUCT } from "./pages-fixtures";

const ORIGIN = "https://pages.example.com";
const OPTIONS = { canonicalUrl: `${ORIGIN}/p/lumo-lamp`, buyHref: "/p/lumo-lamp/buy", siteName: "Lumo Home", homeHref: "https://shop.example.com/" };

function goodPage(): Page {
  const { sections } = writePageSections(RICH_PRODUCT, canonFactsFrom(CANON_ENTRIES));
  return pageOf(RICH_PRODUCT, sections, {
    seo: {
      title: "Lumo Cordless Desk Lamp – warm light without a cord",
      description: "A warm, glare-free light for late work sessions, with a touch dimmer that remembers your last setting and USB-C charging.",
      imageAlts: {
        [RICH_PRODUCT.images[0]]: "Lumo Cordless Desk Lamp, lit, on a desk",
        [RICH_PRODUCT.images[1]]: "Finger on the lamp's touch dimmer",
      },
    },
  });
}

const failing = (html: string, page: Page, imageBytes?: Map<string, number>) =>
  auditPage(html, page, { origin: ORIGIN, imageBytes })
    .checks.filter((c) => !c.passed)
    .map((c) => c.id);

describe("auditPage", () => {
  const page = goodPage();
  const html = renderDropPage(page, OPTIONS);

  it("scores a good rendered page 100 with every check passed, and measures its bytes", () => {
    const audit = auditPage(html, page, { origin: ORIGIN, imageBytes: new Map([[RICH_PRODUCT.images[0], 120_000]]) });
    expect(audit.checks.map((c) => c.id)).toEqual([...SEO_CHECK_IDS]);
    expect(audit.checks.filter((c) => !c.passed)).toEqual([]);
    expect(audit.score).toBe(100);
    expect(audit.pageBytes).toBe(new TextEncoder().encode(html).length);
    expect(audit.pageBytes).toBeLessThan(PAGE_BYTES_BUDGET / 2);
    expect(audit.checks.find((c) => c.id === "image-weight")!.message).toMatch(/^Weighed 1 of 3 images: 120 KB in all\./);
    for (const c of audit.checks) {
      expect(c.why.length).toBeGreaterThan(20);
      expect(c.fixable).toBe(false);
    }
  });

  const bad: [SeoCheckId, string, (h: string) => string, Map<string, number>?][] = [
    ["title-length", "a 4-character title", (h) => h.replace(/<title>[^<]*<\/title>/, "<title>Lamp</title>")],
    ["meta-description", "no meta description", (h) => h.replace(/<meta name="description"[^>]*>/, "")],
    ["single-h1", "a second H1", (h) => h.replace("</main>", "<h1>Another</h1></main>")],
    ["heading-order", "an h4 straight after the h1", (h) => h.replace("</h1>", "</h1><h4>Skipped</h4>")],
    ["image-alt", "a file name as alt text", (h) => h.replace(/alt="Lumo Cordless Desk Lamp, lit, on a desk"/, 'alt="IMG_0001.jpg"')],
    ["image-weight", "an image without width and height", (h) => h.replace(' width="800" height="800"', "")],
    ["image-weight", "a 900 KB image", (h) => h, new Map([[RICH_PRODUCT.images[1], 900_000]])],
    ["json-ld-product", "an offer without a currency", (h) => h.replace('"priceCurrency":"USD",', "")],
    ["json-ld-product", "an invented rating", (h) => h.replace('"@type":"Product",', '"@type":"Product","aggregateRating":{"@type":"AggregateRating","ratingValue":"4.9"},')],
    ["json-ld-product", "JSON-LD that does not parse", (h) => h.replace('"@type":"Product",', '"@type":"Product",,')],
    ["canonical", "a relative canonical", (h) => h.replace(`<link rel="canonical" href="${OPTIONS.canonicalUrl}">`, '<link rel="canonical" href="/p/lumo-lamp">')],
    ["open-graph", "no og:image", (h) => h.replace(/<meta property="og:image" [^>]*>/, "")],
    ["internal-links", "no buy link", (h) => h.replaceAll(" data-buy", "").replaceAll('href="/p/lumo-lamp/buy"', 'href="https://elsewhere.example.org/"')],
    ["internal-links", "no link to the store", (h) => h.replaceAll('href="https://shop.example.com/"', 'href="https://elsewhere.example.org/"')],
    ["page-weight", "60 KB of HTML", (h) => h.replace("</body>", `<!--${"x".repeat(60_000)}--></body>`)],
  ];

  it.each(bad)("fails %s (and only it) on a page with %s", (id, _what, spoil, imageBytes) => {
    const spoiled = spoil(html);
    expect(spoiled).not.toBe(imageBytes ? "" : html);
    expect(failing(spoiled, page, imageBytes)).toEqual([id]);
  });

  it("weighs failures by severity and reports numbers in its messages", () => {
    const twoH1 = auditPage(html.replace("</main>", "<h1>Again</h1></main>"), page, { origin: ORIGIN });
    expect(twoH1.score).toBe(87); // high: 3 of 23 points
    expect(twoH1.checks.find((c) => c.id === "single-h1")!.message).toBe("The page has 2 H1s; it needs exactly one.");
    const short = auditPage(html.replace(/<title>[^<]*<\/title>/, "<title>Lamp</title>"), page, { origin: ORIGIN });
    expect(short.score).toBe(91); // medium: 2 of 23 points
    expect(short.checks[0].message).toBe('The title is 4 characters ("Lamp"); 30–60 is ideal.');
  });

  it("fails the JSON-LD and OpenGraph checks of a page without a price or images", () => {
    const bare = { ...RICH_PRODUCT, priceCents: null, compareAtPriceCents: null, variants: [], images: [] };
    const p = pageOf(bare, goodPage().sections.map((s) => ({ ...s, imageUrl: null })), { seo: goodPage().seo });
    const failed = failing(renderDropPage(p, OPTIONS), p);
    expect(failed).toEqual(["json-ld-product", "open-graph"]);
  });
});

describe("validateProductJsonLd", () => {
  const valid = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Lamp",
    image: ["https://cdn.example.com/a.jpg"],
    offers: { "@type": "Offer", price: "39.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  };
  it("accepts a complete Product and names each problem of an incomplete one", () => {
    expect(validateProductJsonLd(valid)).toEqual([]);
    expect(validateProductJsonLd(null)).toEqual(["The JSON-LD is not an object."]);
    expect(validateProductJsonLd({ ...valid, "@type": "Thing", name: " ", image: "/a.jpg" })).toEqual([
      '"@type" is not Product.',
      "The product has no name.",
      "Every image must be an absolute http(s) URL.",
    ]);
    expect(validateProductJsonLd({ ...valid, offers: { price: "$39.99", availability: "in stock" } })).toEqual([
      'The offer has no price as a plain decimal above zero (like "24.99").',
      "The offer has no three-letter priceCurrency.",
      "The offer has no schema.org availability (like https://schema.org/InStock).",
    ]);
    expect(validateProductJsonLd({ ...valid, offers: undefined, review: [] })).toEqual([
      "The product has no offer (price, currency, availability).",
      "review is present, but the product data holds no reviews.",
    ]);
  });
});

describe("applySeoFixes", () => {
  it("fixes an over-long title, a short meta description and file-name alt text, and the re-audit passes them", () => {
    const page = goodPage();
    page.seo = {
      title: "Lumo Cordless Desk Lamp – warm light without a cord, for every desk in the house and the office",
      description: "A lamp.",
      imageAlts: { [RICH_PRODUCT.images[0]]: "IMG_0001.jpg" },
    };
    const before = auditPage(renderDropPage(page, OPTIONS), page, { origin: ORIGIN });
    const fixable = before.checks.filter((c) => c.fixable).map((c) => c.id);
    expect(fixable).toEqual(["title-length", "meta-description", "image-alt"]);

    const { page: fixed, applied } = applySeoFixes(page, fixable);
    expect(applied).toEqual(["title-length", "meta-description", "image-alt"]);
    expect(fixed.seo.title).toBe("Lumo Cordless Desk Lamp – warm light without a cord, for");
    expect(fixed.seo.title.length).toBeLessThanOrEqual(60);
    expect(fixed.seo.description.length).toBeGreaterThanOrEqual(70);
    expect(fixed.seo.description.length).toBeLessThanOrEqual(155);
    expect(fixed.seo.description.startsWith("A warm, glare-free light for late work sessions. Now $39.99")).toBe(true);
    expect(fixed.seo.imageAlts[RICH_PRODUCT.images[0]]).toBe(RICH_PRODUCT.title);
    expect(fixed.seo.imageAlts[RICH_PRODUCT.images[2]]).toBe(`${RICH_PRODUCT.title}, photo 3 of 3`);
    expect(fixed.sections).toBe(page.sections);
    expect(page.seo.description).toBe("A lamp.");

    const after = auditPage(renderDropPage(fixed, OPTIONS), fixed, { origin: ORIGIN });
    expect(after.checks.filter((c) => !c.passed)).toEqual([]);
    expect(after.score).toBe(100);
  });

  it("extends a short title with the product type and vendor, and applies nothing that was not asked for or not needed", () => {
    const product = { ...RICH_PRODUCT, title: "Lumo Lamp", productType: "Cordless desk lamp", vendor: "Brightwork" };
    const page = pageOf(product, goodPage().sections, { seo: { title: "", description: goodPage().seo.description, imageAlts: {} } });
    expect(applySeoFixes(page, ["title-length"]).page.seo.title).toBe("Lumo Lamp – Cordless desk lamp");
    expect(applySeoFixes(page, ["meta-description"]).applied).toEqual([]);
    expect(applySeoFixes(goodPage(), ["title-length", "meta-description"]).applied).toEqual([]);
  });

  it("keeps a title check unfixable when the page's words cannot make a 30-character title", () => {
    const product = { ...RICH_PRODUCT, title: "Lamp", productType: null, vendor: null };
    const sections = goodPage().sections.map((s) => (s.kind === "hero" ? { ...s, heading: "Lamp" } : s));
    const page = pageOf(product, sections, { seo: goodPage().seo });
    page.seo = { ...page.seo, title: "" };
    const audit = auditPage(renderDropPage(page, OPTIONS), page, { origin: ORIGIN });
    const title = audit.checks.find((c) => c.id === "title-length")!;
    expect(title.passed).toBe(false);
    expect(title.fixable).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseHtmlTree, textContent, walkElements, type HtmlElement } from "~/server/web/html";
import { escapeHtml, jsonForScript, renderDropPage, renderStandaloneHtml } from "~/server/pages/render";
import { validateProductJsonLd } from "~/server/pages/seo-audit";
import { BARE_PRODUCT, pageOf, RICH_PRODUCT, section } from "./pages-fixtures";

const OPTIONS = {
  canonicalUrl: "https://pages.example.com/p/lumo-lamp",
  buyHref: "/p/lumo-lamp/buy",
  siteName: "Lumo Home",
  homeHref: "https://shop.example.com/",
};

const SECTIONS = [
  section("hero", { heading: "Light that follows your evening", body: "A warm, glare-free light for late work sessions.", imageUrl: RICH_PRODUCT.images[0], buttonLabel: "Get the lamp" }),
  section("benefits", { heading: "Why it helps", items: [{ title: "Touch dimmer", text: "Slide a finger along the base." }], imageUrl: RICH_PRODUCT.images[1] }),
  section("how-it-works", { heading: "How it works", hidden: true, items: [{ title: "Secret hidden step", text: "" }] }),
  section("specs", { heading: "Specs", items: [{ title: "Battery", text: "4000 mAh" }] }),
  section("faq", { heading: "Questions", items: [{ title: "Which colours?", text: "Black or White." }] }),
  section("cta", { heading: "Ready when you are", buttonLabel: "Buy now" }),
];

function parse(html: string) {
  const root = parseHtmlTree(html);
  const all = [...walkElements(root)];
  const find = (pred: (el: HtmlElement) => boolean) => all.filter(pred);
  const meta = (key: string) => find((el) => el.name === "meta" && (el.attrs.property === key || el.attrs.name === key)).map((el) => el.attrs.content);
  return { root, all, find, meta };
}

describe("renderDropPage", () => {
  const page = pageOf(RICH_PRODUCT, SECTIONS, { seo: { title: "Lumo Cordless Desk Lamp: warm light, no cord", description: "", imageAlts: { [RICH_PRODUCT.images[1]]: "The lamp's touch strip" } } });
  const html = renderDropPage(page, { ...OPTIONS, imageSrc: (url, w) => `/img/${w}/${encodeURIComponent(url)}` });
  const { find, meta } = parse(html);

  it("has one H1 (the hero's heading), an h2 per visible section and lang, viewport, title and description", () => {
    const h1 = find((el) => el.name === "h1");
    expect(h1).toHaveLength(1);
    expect(textContent(h1[0])).toBe("Light that follows your evening");
    expect(find((el) => el.name === "h2").map((el) => textContent(el))).toEqual(["Why it helps", "Specs", "Questions", "Ready when you are"]);
    expect(find((el) => el.name === "html")[0].attrs.lang).toBe("en");
    expect(meta("viewport")).toEqual(["width=device-width, initial-scale=1"]);
    expect(textContent(find((el) => el.name === "title")[0])).toBe("Lumo Cordless Desk Lamp: warm light, no cord");
    expect(meta("description")[0].length).toBeGreaterThan(20);
  });

  it("leaves hidden sections out", () => {
    expect(html).not.toContain("Secret hidden step");
    expect(html).not.toContain('id="how-it-works-1"');
  });

  it("carries the canonical link, OpenGraph product tags and the Twitter card", () => {
    expect(find((el) => el.name === "link" && el.attrs.rel === "canonical").map((el) => el.attrs.href)).toEqual([OPTIONS.canonicalUrl]);
    expect(meta("og:type")).toEqual(["product"]);
    expect(meta("og:url")).toEqual([OPTIONS.canonicalUrl]);
    expect(meta("og:image")).toEqual([RICH_PRODUCT.images[0]]);
    expect(meta("og:title")).toEqual([page.seo.title]);
    expect(meta("product:price:amount")).toEqual(["39.99"]);
    expect(meta("product:price:currency")).toEqual(["USD"]);
    expect(meta("twitter:card")).toEqual(["summary_large_image"]);
  });

  it("runs no JavaScript: its only script is one JSON-LD Product that validates, with no rating or review", () => {
    const scripts = find((el) => el.name === "script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0].attrs.type).toBe("application/ld+json");
    const ld = JSON.parse(textContent({ ...scripts[0], name: "div" })) as Record<string, unknown>;
    expect(validateProductJsonLd(ld)).toEqual([]);
    expect(ld.offers).toEqual({
      "@type": "Offer",
      price: "39.99",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: OPTIONS.canonicalUrl,
    });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    expect(find((el) => Object.keys(el.attrs).some((a) => a.startsWith("on")))).toEqual([]);
    expect(html).not.toMatch(/javascript:/i);
  });

  it("sizes images: width and height, srcset through imageSrc, the hero eager with high priority, the rest lazy, alt from the SEO fields or the title", () => {
    const images = find((el) => el.name === "img");
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect(img.attrs.width).toBe("800");
      expect(img.attrs.height).toBe("800");
      expect(img.attrs.srcset).toMatch(/ 400w, .* 800w, .* 1200w$/);
      expect(img.attrs.sizes).toBeTruthy();
    }
    expect(images[0].attrs.fetchpriority).toBe("high");
    expect(images[0].attrs.loading).toBeUndefined();
    expect(images[0].attrs.alt).toBe(RICH_PRODUCT.title);
    expect(images[1].attrs.loading).toBe("lazy");
    expect(images[1].attrs.alt).toBe("The lamp's touch strip");
  });

  it("links the buy buttons to buyHref and the merchant's store, every link with words", () => {
    const links = find((el) => el.name === "a");
    expect(links.filter((a) => "data-buy" in a.attrs).map((a) => a.attrs.href)).toEqual(["/p/lumo-lamp/buy", "/p/lumo-lamp/buy"]);
    expect(links.filter((a) => a.attrs.href === OPTIONS.homeHref)).toHaveLength(2);
    for (const a of links) expect(textContent(a).trim()).not.toBe("");
  });

  it("shows the offer in the call to action from the product's prices", () => {
    const cta = find((el) => el.name === "section" && el.attrs.id === "cta-1")[0];
    expect(textContent(cta)).toContain("$39.99 was $59.99 Save $20.00 (33%)");
  });

  it("escapes hostile text in the title, headings, attributes and the JSON-LD", () => {
    const hostile = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const evil = pageOf({ ...RICH_PRODUCT, title: hostile, vendor: hostile }, [section("hero", { heading: hostile, body: hostile, buttonLabel: hostile }), section("faq", { heading: "Q", items: [{ title: hostile, text: hostile }] })], {
      seo: { title: hostile, description: hostile, imageAlts: { [RICH_PRODUCT.images[0]]: hostile } },
    });
    const out = renderDropPage(evil, { ...OPTIONS, siteName: hostile });
    const parsed = parse(out);
    expect(parsed.find((el) => el.name === "script")).toHaveLength(1);
    expect(parsed.find((el) => el.name === "img").map((el) => el.attrs.onerror)).toEqual([undefined]);
    expect(parsed.find((el) => Object.keys(el.attrs).some((a) => a.startsWith("on")))).toEqual([]);
    expect(textContent(parsed.find((el) => el.name === "h1")[0])).toBe(hostile);
    expect(textContent(parsed.find((el) => el.name === "title")[0])).toBe(hostile);
    const ld = JSON.parse(textContent({ ...parsed.find((el) => el.name === "script")[0], name: "div" })) as { name: string };
    expect(ld.name).toBe(hostile);
  });

  it("refuses script URLs as links and images", () => {
    const out = renderDropPage(pageOf(RICH_PRODUCT, [section("hero", { imageUrl: "javascript:alert(1)" })]), { ...OPTIONS, buyHref: "javascript:alert(1)" });
    expect(out).not.toMatch(/javascript:/i);
  });

  it("still has its one H1 when the hero is hidden", () => {
    const out = renderDropPage(pageOf(RICH_PRODUCT, [section("hero", { hidden: true, heading: "Hidden hero" }), section("cta", { heading: "Buy" })]), OPTIONS);
    const h1 = parse(out).find((el) => el.name === "h1");
    expect(h1.map((el) => textContent(el))).toEqual([RICH_PRODUCT.title]);
  });

  it("says out of stock when every variant says so, and writes no Product markup without a price", () => {
    const soldOut = { ...RICH_PRODUCT, variants: RICH_PRODUCT.variants.map((v) => ({ ...v, available: false })) };
    const ld = (p: typeof RICH_PRODUCT) => {
      const parsed = parse(renderDropPage(pageOf(p, SECTIONS), OPTIONS));
      const script = parsed.find((el) => el.name === "script")[0];
      return script ? (JSON.parse(textContent({ ...script, name: "div" })) as { offers?: { availability: string } }) : null;
    };
    expect(ld(soldOut)?.offers?.availability).toBe("https://schema.org/OutOfStock");
    const unpriced = { ...RICH_PRODUCT, priceCents: null, compareAtPriceCents: null, variants: [] };
    expect(ld(unpriced)).toBeNull();
  });
});

describe("the store link", () => {
  it("goes to the site of the page's buyUrl when the options name no home", () => {
    const { homeHref: _home, ...withoutHome } = OPTIONS;
    const out = renderDropPage({ ...pageOf(RICH_PRODUCT, SECTIONS), buyUrl: "https://shop.example.com/cart/1:1" }, withoutHome);
    expect(parse(out).find((el) => el.name === "a" && !("data-buy" in el.attrs)).map((a) => a.attrs.href)).toEqual(["https://shop.example.com/", "https://shop.example.com/"]);
    const noBuyUrl = renderDropPage({ ...pageOf(RICH_PRODUCT, SECTIONS), buyUrl: null }, withoutHome);
    expect(parse(noBuyUrl).find((el) => el.name === "a" && !("data-buy" in el.attrs))[0].attrs.href).toBe("https://pages.example.com/");
  });
});

describe("renderStandaloneHtml", () => {
  it("makes relative images, the buy link and the home link absolute and uses no resizer", () => {
    const product = { ...RICH_PRODUCT, images: ["/media/lamp.jpg"] };
    const out = renderStandaloneHtml(pageOf(product, [section("hero", { heading: "Lamp" })]), { ...OPTIONS, homeHref: "/" });
    const { find } = parse(out);
    expect(find((el) => el.name === "img").map((el) => [el.attrs.src, el.attrs.srcset])).toEqual([["https://pages.example.com/media/lamp.jpg", undefined]]);
    expect(find((el) => el.name === "a").map((el) => el.attrs.href)).toEqual([
      "https://pages.example.com/",
      "https://pages.example.com/p/lumo-lamp/buy",
      "https://pages.example.com/",
    ]);
  });
});

describe("escaping helpers", () => {
  it("escapes the five HTML characters and keeps JSON parseable without '<'", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const json = jsonForScript({ a: "</script>\u2028&" });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ a: "</script>\u2028&" });
  });
});

describe("the drop page's structured data in every data state (Google's Product snippet and merchant listing requirements)", () => {
  const ldOf = (product: typeof RICH_PRODUCT) => {
    const { find } = parse(renderDropPage(pageOf(product, SECTIONS), OPTIONS));
    const scripts = find((el) => el.name === "script");
    return scripts.length ? (JSON.parse(textContent({ ...scripts[0], name: "div" })) as Record<string, unknown>) : null;
  };

  it("has no Product markup without a price above zero, instead of a Product with no offer or a 0.00 one", () => {
    expect(ldOf(BARE_PRODUCT)).toBeNull();
    expect(ldOf({ ...BARE_PRODUCT, priceCents: 0 })).toBeNull();
    expect(ldOf({ ...RICH_PRODUCT, priceCents: null, variants: RICH_PRODUCT.variants.map((v) => ({ ...v, priceCents: null })) })).toBeNull();
  });

  it("leaves image out rather than writing an empty list, and the validator says what a merchant listing then lacks", () => {
    const ld = ldOf({ ...RICH_PRODUCT, images: [] })!;
    expect(ld).not.toHaveProperty("image");
    expect(ld.offers).toMatchObject({ price: "39.99" });
    expect(validateProductJsonLd(ld)).toEqual(["The product has no image."]);
  });

  it("describes variants at several prices as a ProductGroup whose variants each carry their own offer", () => {
    const ld = ldOf({
      ...RICH_PRODUCT,
      priceCents: null,
      options: [{ name: "Size", values: ["S", "L"] }],
      variants: [
        { title: "S", optionValues: ["S"], priceCents: 2999, compareAtPriceCents: null, sku: "LUMO-S", available: true },
        { title: "L", optionValues: ["L"], priceCents: 4999, compareAtPriceCents: null, sku: "LUMO-L", available: false },
      ],
    })!;
    expect(ld["@type"]).toBe("ProductGroup");
    expect(ld.variesBy).toEqual(["https://schema.org/size"]);
    expect(ld.hasVariant).toEqual([
      expect.objectContaining({ "@type": "Product", name: "Lumo Cordless Desk Lamp – S", sku: "LUMO-S", offers: expect.objectContaining({ price: "29.99", availability: "https://schema.org/InStock" }) }),
      expect.objectContaining({ "@type": "Product", name: "Lumo Cordless Desk Lamp – L", sku: "LUMO-L", offers: expect.objectContaining({ price: "49.99", availability: "https://schema.org/OutOfStock" }) }),
    ]);
    expect(validateProductJsonLd(ld)).toEqual([]);
  });

  it("keeps one Product and one Offer when every variant costs the same", () => {
    const ld = ldOf(RICH_PRODUCT)!;
    expect(ld["@type"]).toBe("Product");
    expect(validateProductJsonLd(ld)).toEqual([]);
  });

  it("states condition, barcode, part number, shipping and returns only when the merchant set them", () => {
    const plain = ldOf(RICH_PRODUCT)!;
    for (const key of ["gtin", "mpn"]) expect(plain).not.toHaveProperty(key);
    for (const key of ["itemCondition", "shippingDetails", "hasMerchantReturnPolicy"]) expect(plain.offers).not.toHaveProperty(key);

    const ld = ldOf({
      ...RICH_PRODUCT,
      condition: "new",
      gtin: "4006381333931",
      mpn: "LUMO-2",
      shipping: { rateCents: 0, countries: ["US", "CA"], handlingDays: { min: 1, max: 2 }, transitDays: { min: 3, max: 7 } },
      returns: { days: 30, fees: "free", countries: ["US"] },
    })!;
    expect(ld).toMatchObject({ gtin: "4006381333931", mpn: "LUMO-2" });
    expect(ld.offers).toMatchObject({
      itemCondition: "https://schema.org/NewCondition",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: 0, currency: "USD" },
        shippingDestination: [
          { "@type": "DefinedRegion", addressCountry: "US" },
          { "@type": "DefinedRegion", addressCountry: "CA" },
        ],
        deliveryTime: {
          handlingTime: { minValue: 1, maxValue: 2, unitCode: "DAY" },
          transitTime: { minValue: 3, maxValue: 7, unitCode: "DAY" },
        },
      },
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: ["US"],
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 30,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/FreeReturn",
      },
    });
    expect(validateProductJsonLd(ld)).toEqual([]);

    const noReturns = ldOf({ ...RICH_PRODUCT, returns: { days: 0, fees: "customer", countries: ["GB"] } })!;
    expect((noReturns.offers as Record<string, unknown>).hasMerchantReturnPolicy).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["GB"],
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
    expect(validateProductJsonLd(noReturns)).toEqual([]);
  });

  it("the validator refuses a bad barcode, a condition that is not schema.org's, and shipping or returns missing their parts", () => {
    const base = ldOf(RICH_PRODUCT)!;
    const offer = base.offers as Record<string, unknown>;
    expect(validateProductJsonLd({ ...base, gtin: "4006381333932" }).join(" ")).toMatch(/gtin is not .* correct check digit/);
    expect(validateProductJsonLd({ ...base, offers: { ...offer, itemCondition: "new" } }).join(" ")).toMatch(/itemCondition is not a schema.org condition/);
    expect(validateProductJsonLd({ ...base, offers: { ...offer, shippingDetails: { "@type": "OfferShippingDetails" } } })).toEqual([
      "The offer's shippingDetails has no shippingRate (value and currency).",
      "The offer's shippingDetails has no shippingDestination country.",
      "The offer's shippingDetails has no deliveryTime with handling and transit days.",
    ]);
    expect(
      validateProductJsonLd({ ...base, offers: { ...offer, hasMerchantReturnPolicy: { returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", applicableCountry: "US" } } }),
    ).toEqual(["The offer's return policy has a finite window but no merchantReturnDays."]);
  });

  it("the validator refuses a zero price, a group without variants and an invented rating", () => {
    const base = ldOf(RICH_PRODUCT)!;
    expect(validateProductJsonLd({ ...base, offers: { ...(base.offers as object), price: "0.00" } }).join(" ")).toMatch(/price as a plain decimal above zero/);
    expect(validateProductJsonLd({ "@context": "https://schema.org", "@type": "ProductGroup", name: "X", image: ["https://a.example/x.jpg"] })).toContain("The product group has no variants (hasVariant).");
    expect(validateProductJsonLd({ ...base, aggregateRating: { ratingValue: 5 } })).toContain("aggregateRating is present, but the product data holds no ratings.");
  });
});

import { describe, expect, it } from "vitest";
import type { Canon, CanonValue } from "~/domain/contracts/projects";
import {
  applyAutoRules,
  deriveCanonEntries,
  EXCERPT_MAX_CHARS,
  type AutoRuleInput,
} from "~/server/projects/auto-rules";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const STAMP = NOW.toISOString();
const input = (over: Partial<AutoRuleInput>): AutoRuleInput => ({
  businessInstructions: "",
  researchData: null,
  files: [],
  ...over,
});
/** The values derived from instructions alone, by path. */
const valuesFrom = (businessInstructions: string): Record<string, CanonValue> =>
  Object.fromEntries(
    Object.entries(deriveCanonEntries(input({ businessInstructions }), NOW)).map(([path, entry]) => [
      path,
      entry.value,
    ]),
  );
const fromInstructions = (excerpt: string) => ({ kind: "instructions" as const, excerpt });

describe("deriveCanonEntries: a merchant's instructions", () => {
  it("derives each fact with the sentence it came from", () => {
    const instructions = [
      "About us",
      "We sell eco-friendly yoga mats for busy parents.",
      "Our mats cost $30-$60, and we offer free shipping over $50.",
      "Our tone is warm and playful.",
      "Competitors: Manduka, Lululemon",
    ].join("\n");
    expect(deriveCanonEntries(input({ businessInstructions: instructions }), NOW)).toEqual({
      "audience.primary": {
        value: "busy parents",
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("We sell eco-friendly yoga mats for busy parents."),
      },
      "brand.voice": {
        value: "warm and playful",
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("Our tone is warm and playful."),
      },
      "business.niche": {
        value: "eco-friendly yoga mats",
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("We sell eco-friendly yoga mats for busy parents."),
      },
      competitors: {
        value: ["Manduka", "Lululemon"],
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("Competitors: Manduka, Lululemon"),
      },
      "pricing.band": {
        value: "$30-$60",
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("Our mats cost $30-$60, and we offer free shipping over $50."),
      },
      "shipping.promise": {
        value: "free shipping over $50",
        source: "ai",
        timestamp: STAMP,
        origin: fromInstructions("Our mats cost $30-$60, and we offer free shipping over $50."),
      },
    });
  });

  it.each([
    ["We sell eco-friendly yoga mats.", "eco-friendly yoga mats"],
    ["Our store sells pet grooming tools.", "pet grooming tools"],
    ["niche: minimalist leather wallets", "minimalist leather wallets"],
    ["Our niche is sustainable baby clothing.", "sustainable baby clothing"],
    ["We're selling handmade soy candles online.", "handmade soy candles"],
    ["I sell handmade dog collars for $25 each.", "handmade dog collars"],
    ["We specialize in a wide range of vintage vinyl records.", "vintage vinyl records"],
    ["Our shop mainly sells LED desk lamps in the UK.", "LED desk lamps"],
  ])("reads the niche from %j", (text, niche) => {
    expect(valuesFrom(text)["business.niche"]).toBe(niche);
  });

  it.each([
    ["Our mats cost $30-$60.", "$30-$60"],
    ["Most products are priced between $25 and $40.", "$25-$40"],
    ["Prices range from €15 to €35.", "€15-€35"],
    ["Everything is priced around $49.", "around $49"],
    ["We sell luxury silk pillowcases at $89.", "$89"],
    ["Ad spend is $5-$10 a day, and our mats cost $30-$60.", "$30-$60"],
    ["Bundles retail under £20.", "under £20"],
    ["We are a premium brand.", "premium"],
    ["Our pricing is affordable.", "budget"],
    ["Budget-friendly products only.", "budget"],
  ])("reads the price band from %j", (text, band) => {
    expect(valuesFrom(text)["pricing.band"]).toBe(band);
  });

  it.each([
    ["Our target audience is women aged 25-40.", "women", "25-40"],
    ["Target audience: new moms in their 30s", "new moms", "30s"],
    ["Our customers are mostly dads aged 30 to 45 who work from home.", "dads who work from home", "30-45"],
    [
      "The mats are made for busy parents who want a quick workout.",
      "busy parents who want a quick workout",
      undefined,
    ],
    ["We target Gen Z gamers.", "Gen Z gamers", undefined],
    ["Most buyers are 25-34 years old.", undefined, "25-34"],
    ["Designed for runners aged 50+.", "runners", "50+"],
  ])("reads the audience from %j", (text, primary, age) => {
    const values = valuesFrom(text);
    expect(values["audience.primary"]).toBe(primary);
    expect(values["audience.primary.age"]).toBe(age);
  });

  it.each([
    ["Our tone is warm and playful.", "warm and playful"],
    ["Brand voice: friendly, expert, never pushy", "friendly, expert, never pushy"],
    ["Write in a friendly, upbeat voice.", "friendly, upbeat"],
    ["Tone of voice: calm and reassuring; avoid slang.", "calm and reassuring"],
    ["Our brand should sound like a knowledgeable friend.", "like a knowledgeable friend"],
  ])("reads the brand voice from %j", (text, voice) => {
    expect(valuesFrom(text)["brand.voice"]).toBe(voice);
  });

  it.each([
    ["Free shipping over $50.", "free shipping over $50"],
    [
      "We offer free shipping on orders over $75 and ship in 3-5 business days.",
      "free shipping on orders over $75; ship in 3-5 business days",
    ],
    ["Orders ship in 3-5 business days.", "orders ship in 3-5 business days"],
    ["Delivery within 7 days anywhere in the EU.", "delivery within 7 days"],
    ["Next-day delivery in London.", "next-day delivery"],
    ["Shipping: 5-8 business days via USPS", "5-8 business days via USPS"],
  ])("reads the shipping promise from %j", (text, promise) => {
    expect(valuesFrom(text)["shipping.promise"]).toBe(promise);
  });

  it.each([
    ["Competitors: Manduka, Lululemon", ["Manduka", "Lululemon"]],
    ["Our main competitors include Manduka, Lululemon and The Body Shop.", ["Manduka", "Lululemon", "The Body Shop"]],
    ["We compete with Manduka and Gaiam on price.", ["Manduka", "Gaiam"]],
    ["Unlike Lululemon, our mats are plastic-free.", ["Lululemon"]],
    ["Our rivals are Marks & Spencer and Next.", ["Marks & Spencer", "Next"]],
    [
      "We sell on marketplaces, next to competing brands like Gaiam, eBay sellers and 99designs.",
      ["Gaiam", "99designs"],
    ],
  ])("reads the competitors from %j", (text, names) => {
    expect(valuesFrom(text).competitors).toEqual(names);
  });

  it("derives nothing from text that states nothing, denies or only wishes", () => {
    for (const text of [
      "",
      "Hello! Please help me write product descriptions. Thanks.",
      "We don't sell refurbished phones.",
      "We sell mostly online and on Etsy.",
      "We offer free returns.",
      "We don't offer free shipping.",
      "Shoppers want free shipping over $50.",
      "We might start selling candles next year.",
      "Do you offer free shipping?",
      "We have a $500 ad budget per month.",
      "We make sure every order is packed with care.",
      "Our shoppers love brands like Apple.",
      "We spend $20-$40 a day on ads.",
      "Our competition is fierce.",
      "Unlike cheap PVC mats, ours last for years.",
      "Our customers are happy.",
      "Niche: not decided yet",
      "Target audience: TBD",
      "Shipping: none for now",
      "We feel strongly about quality.",
      "Perfect for 30 days of practice.",
      "Our brand is 5-10 years old.",
      "We offer premium quality cotton towels.",
    ]) {
      const derived = valuesFrom(text);
      // "premium quality" names the goods, not a price band; the niche is stated, the band is not.
      if (text.startsWith("We offer premium"))
        expect(derived).toEqual({ "business.niche": "premium quality cotton towels" });
      else expect(derived, text).toEqual({});
    }
  });

  it("cuts a long sentence's excerpt to the limit", () => {
    const sentence = `We sell eco-friendly yoga mats ${"made with care ".repeat(30)}in Portugal.`;
    const origin = deriveCanonEntries(input({ businessInstructions: sentence }), NOW)["business.niche"].origin!;
    expect(origin.excerpt).toHaveLength(EXCERPT_MAX_CHARS);
    expect(origin.excerpt.endsWith("…")).toBe(true);
    expect(sentence.startsWith(origin.excerpt.slice(0, -1))).toBe(true);
  });

  it("gives the same entries for the same words", () => {
    const text = "We sell eco-friendly yoga mats for busy parents. Free shipping over $50.";
    expect(JSON.stringify(deriveCanonEntries(input({ businessInstructions: text }), NOW))).toBe(
      JSON.stringify(deriveCanonEntries(input({ businessInstructions: text }), NOW)),
    );
  });
});

describe("deriveCanonEntries: research data and files", () => {
  it("reads named keys at any depth and the free text of research data", () => {
    const researchData = {
      market: { niche: "eco-friendly yoga mats", priceRange: { min: 30, max: 60, currency: "USD" } },
      audience: { primary: "women who practice yoga at home" },
      competitors: [{ name: "Manduka" }, { name: "Gaiam" }],
      notes: ["Shoppers in this niche are mostly women aged 25-40.", "Shoppers want free shipping over $50."],
    };
    const research = (excerpt: string) => ({ kind: "researchData" as const, excerpt });
    expect(deriveCanonEntries(input({ researchData }), NOW)).toEqual({
      "audience.primary": {
        value: "women who practice yoga at home",
        source: "ai",
        timestamp: STAMP,
        origin: research('audience: {"primary":"women who practice yoga at home"}'),
      },
      "audience.primary.age": {
        value: "25-40",
        source: "ai",
        timestamp: STAMP,
        origin: research("Shoppers in this niche are mostly women aged 25-40."),
      },
      "business.niche": {
        value: "eco-friendly yoga mats",
        source: "ai",
        timestamp: STAMP,
        origin: research("market.niche: eco-friendly yoga mats"),
      },
      competitors: {
        value: ["Manduka", "Gaiam"],
        source: "ai",
        timestamp: STAMP,
        origin: research('competitors: [{"name":"Manduka"},{"name":"Gaiam"}]'),
      },
      "pricing.band": {
        value: "$30-$60",
        source: "ai",
        timestamp: STAMP,
        origin: research('market.priceRange: {"min":30,"max":60,"currency":"USD"}'),
      },
    });
  });

  it("reads other shapes of research data: strings, lists and snake_case keys", () => {
    const values = (researchData: unknown) =>
      Object.fromEntries(
        Object.entries(deriveCanonEntries(input({ researchData }), NOW)).map(([path, entry]) => [path, entry.value]),
      );
    expect(
      values({
        target_audience: "Busy parents aged 30-45",
        price_range: "$20 - $35",
        competitors: "Manduka, Gaiam and Jade",
      }),
    ).toEqual({
      "audience.primary": "Busy parents",
      "audience.primary.age": "30-45",
      "pricing.band": "$20-$35",
      competitors: ["Manduka", "Gaiam", "Jade"],
    });
    expect(values("We sell bamboo toothbrushes. Our tone is cheeky.")).toEqual({
      "business.niche": "bamboo toothbrushes",
      "brand.voice": "cheeky",
    });
    expect(values({ visits: 1200, conversion: 0.02, notes: "n/a", tags: [] })).toEqual({});
  });

  it("stops reading research data past a bounded depth", () => {
    let deep: unknown = { niche: "hidden niche" };
    for (let i = 0; i < 20; i += 1) deep = { level: deep };
    expect(deriveCanonEntries(input({ researchData: deep }), NOW)).toEqual({});
  });

  it("reads file passages, naming the file, and skips the questions of an FAQ", () => {
    const files = [
      {
        id: "f1",
        name: "brand-guide.md",
        passages: ["Brand guide\nWrite in a friendly, upbeat voice. Never use slang."],
      },
      {
        id: "f2",
        name: "shipping-faq.txt",
        passages: [
          "How fast do you ship?\nOrders ship within 24 hours and delivery takes 3-5 business days.",
          "Do you offer free shipping?",
        ],
      },
    ];
    expect(deriveCanonEntries(input({ files }), NOW)).toEqual({
      "brand.voice": {
        value: "friendly, upbeat",
        source: "ai",
        timestamp: STAMP,
        origin: {
          kind: "file",
          fileId: "f1",
          fileName: "brand-guide.md",
          excerpt: "Write in a friendly, upbeat voice.",
        },
      },
      "shipping.promise": {
        value: "orders ship within 24 hours; delivery takes 3-5 business days",
        source: "ai",
        timestamp: STAMP,
        origin: {
          kind: "file",
          fileId: "f2",
          fileName: "shipping-faq.txt",
          excerpt: "Orders ship within 24 hours and delivery takes 3-5 business days.",
        },
      },
    });
  });

  it("takes the instructions first, then research data, then files in their order", () => {
    const canon = deriveCanonEntries(
      {
        businessInstructions: "We sell yoga mats.",
        researchData: { niche: "fitness gear", tone: "expert" },
        files: [
          { id: "f1", name: "a.txt", passages: ["Our tone is casual. Competitors: Gaiam"] },
          { id: "f2", name: "b.txt", passages: ["Competitors: Manduka"] },
        ],
      },
      NOW,
    );
    expect(canon["business.niche"].value).toBe("yoga mats");
    expect(canon["brand.voice"]).toMatchObject({ value: "expert", origin: { kind: "researchData" } });
    expect(canon.competitors).toMatchObject({ value: ["Gaiam"], origin: { kind: "file", fileId: "f1" } });
  });
});

describe("applyAutoRules", () => {
  const project = input({
    businessInstructions:
      "We sell eco-friendly yoga mats for busy parents. Our tone is warm and playful. Free shipping over $50.",
    files: [{ id: "f1", name: "pricing.md", passages: ["Our mats cost $30-$60."] }],
  });

  it("adds the derived entries and reports them; a second run changes nothing", () => {
    const first = applyAutoRules({}, project, NOW);
    expect(first.changed).toEqual([
      "audience.primary",
      "brand.voice",
      "business.niche",
      "pricing.band",
      "shipping.promise",
    ]);
    expect(first.canon["pricing.band"]).toMatchObject({
      value: "$30-$60",
      source: "ai",
      origin: { kind: "file", fileName: "pricing.md" },
    });

    const second = applyAutoRules(first.canon, project, new Date("2026-03-02T10:00:00.000Z"));
    expect(second.changed).toEqual([]);
    expect(second.canon).toEqual(first.canon); // the existing entries are kept, timestamps included
  });

  it("never overrides a user or research entry, and keeps paths the rules do not touch", () => {
    const canon: Canon = {
      "brand.voice": { value: "formal and precise", source: "user", timestamp: "2026-01-01T00:00:00.000Z" },
      "business.niche": { value: "yoga equipment", source: "research", timestamp: "2026-01-01T00:00:00.000Z" },
      "brand.colors": { value: ["#111"], source: "user", timestamp: "2026-01-01T00:00:00.000Z" },
    };
    const result = applyAutoRules(canon, project, NOW);
    expect(result.canon["brand.voice"]).toEqual(canon["brand.voice"]);
    expect(result.canon["business.niche"]).toEqual(canon["business.niche"]);
    expect(result.canon["brand.colors"]).toEqual(canon["brand.colors"]);
    expect(result.changed).toEqual(["audience.primary", "pricing.band", "shipping.promise"]);
  });

  it("replaces an older derived entry when the merchant's words change, and keeps one they no longer state", () => {
    const before = applyAutoRules(
      {},
      input({ businessInstructions: "We sell soy candles. Competitors: Yankee Candle" }),
      NOW,
    ).canon;
    const later = new Date("2026-03-05T10:00:00.000Z");
    const after = applyAutoRules(before, input({ businessInstructions: "We sell beeswax candles." }), later);
    expect(after.changed).toEqual(["business.niche"]);
    expect(after.canon["business.niche"]).toMatchObject({ value: "beeswax candles", timestamp: later.toISOString() });
    expect(after.canon.competitors).toEqual(before.competitors);
  });
});

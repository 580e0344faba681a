import { describe, expect, it } from "vitest";
import { PAGE_SECTION_KINDS, PageSectionSchema, type PageSection } from "~/domain/contracts/pages";
import { canonFactsFrom, readDescription, writePageSections, type CanonFacts } from "~/server/pages/generate-builtin";
import { groundSections } from "~/server/pages/generate-model";
import { themeFor } from "~/server/pages/theme";
import { BARE_PRODUCT, CANON_ENTRIES, RICH_PRODUCT } from "./pages-fixtures";

const NO_CANON = canonFactsFrom([]);
const CANON = canonFactsFrom(CANON_ENTRIES);

/** Every word a shopper would read on the page, hidden sections left out. */
function copyOf(sections: PageSection[]): string {
  return sections
    .filter((s) => !s.hidden)
    .flatMap((s) => [s.heading, s.body, s.buttonLabel ?? "", ...s.items.flatMap((i) => [i.title, i.text])])
    .join("\n");
}

const numbersIn = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));
const INVENTED_CLAIMS = /\b(?:reviews?|rated|ratings?|stars?|certified|certification|FDA|CE|clinically|dermatologists?|awards?|guarantee[ds]?|warranty|money[- ]back|free shipping|free delivery|best[- ]?seller)\b/i;

describe("canonFactsFrom", () => {
  it("reads the paths the auto-rules and the merchant write", () => {
    expect(CANON).toEqual({
      brandName: "Lumo Home",
      voice: "warm and friendly",
      audience: "remote workers",
      shippingPromise: "free shipping over $50, delivered in 3 to 5 business days",
      guarantee: "Not happy? Send it back within 30 days for a full refund.",
      colours: ["#ffcc00", "#1a1a2e"],
    });
  });

  it("falls back along each path list, adds the audience's age and reads colours from any brand colour path", () => {
    const facts = canonFactsFrom([
      { path: "brand.tone", value: "playful" },
      { path: "audience.primary", value: "dog owners" },
      { path: "audience.primary.age", value: "25-44" },
      { path: "returns.policy", value: "Returns accepted within 14 days." },
      { path: "brand.colors.secondary", value: "#EEE" },
      { path: "brand.colors.main", value: "#123456" },
      { path: "brand.palette", value: "#abcdef, navy" },
      { path: "shipping.promise", value: null },
    ]);
    expect(facts.voice).toBe("playful");
    expect(facts.audience).toBe("dog owners (25-44)");
    expect(facts.guarantee).toBe("Returns accepted within 14 days.");
    expect(facts.shippingPromise).toBeNull();
    expect(facts.colours).toEqual(["#123456", "#abcdef", "#eeeeee"]);
    expect(NO_CANON).toEqual({ brandName: null, voice: null, audience: null, shippingPromise: null, guarantee: null, colours: [] });
  });
});

describe("readDescription", () => {
  it("tells prose, feature lines, steps and spec lines apart", () => {
    const parts = readDescription(RICH_PRODUCT.description);
    expect(parts.prose).toEqual(["A warm, glare-free light for late work sessions.", "The dimmer remembers your last setting."]);
    expect(parts.bullets).toHaveLength(3);
    expect(parts.steps).toEqual(["Charge the lamp with the USB-C cable.", "Touch the base to switch it on.", "Hold the base to dim."]);
    expect(parts.specs).toEqual([
      { name: "Battery", value: "4000 mAh" },
      { name: "Height", value: "38 cm" },
    ]);
  });

  it("reads an HTML description as text", () => {
    const parts = readDescription("<p>Soft and light.</p><h3>Features</h3><ul><li>Folds flat</li><li>Machine washable</li></ul>");
    expect(parts.prose).toEqual(["Soft and light."]);
    expect(parts.bullets).toEqual(["Folds flat", "Machine washable"]);
  });
});

describe("writePageSections (built-in)", () => {
  const rich = writePageSections(RICH_PRODUCT, CANON);
  const kind = (k: PageSection["kind"]) => rich.sections.find((s) => s.kind === k)!;

  it("writes all eight kinds in order, valid by the contract, with stable kind-based ids", () => {
    expect(rich.sections.map((s) => s.kind)).toEqual([...PAGE_SECTION_KINDS]);
    expect(rich.sections.map((s) => s.id)).toEqual(PAGE_SECTION_KINDS.map((k) => `${k}-1`));
    for (const s of rich.sections) expect(PageSectionSchema.safeParse(s).success).toBe(true);
  });

  it("fills every section of a rich product from its own fields", () => {
    expect(rich.sections.filter((s) => s.hidden)).toEqual([]);
    expect(kind("hero").heading).toBe(RICH_PRODUCT.title);
    expect(kind("hero").body).toBe("A warm, glare-free light for late work sessions. Now $39.99, was $59.99: you save $20.00 (33%).");
    expect(kind("hero").imageUrl).toBe(RICH_PRODUCT.images[0]);
    expect(kind("benefits").items[1]).toEqual({ title: "Touch dimmer", text: "Slide a finger along the base to set the brightness" });
    expect(kind("benefits").imageUrl).toBe(RICH_PRODUCT.images[1]);
    expect(kind("how-it-works").items.map((i) => i.title)).toEqual(["Charge the lamp with the USB-C cable.", "Touch the base to switch it on.", "Hold the base to dim."]);
    expect(kind("specs").items).toEqual([
      { title: "Weight", text: "0.8 kg" },
      { title: "Battery", text: "4000 mAh" },
      { title: "Height", text: "38 cm" },
      { title: "Colour", text: "Black, White" },
    ]);
    expect(kind("in-the-box").items.map((i) => i.title)).toEqual(RICH_PRODUCT.inTheBox);
    // Several questions the record answers (size, weight, power, options, box, use, shipping, returns); the price is on the page already.
    expect(kind("faq").items.map((i) => i.title)).toEqual([
      "How big is it?",
      "How much does it weigh?",
      "How is it powered?",
      "Which colours can I choose?",
      "What's in the box?",
      "How do I use it?",
      "What are the shipping terms?",
      "Can I send it back?",
    ]);
    expect(kind("faq").items[0].text).toBe("Height: 38 cm.");
  });

  it("uses the canon's shipping promise and guarantee verbatim, and its voice only to choose phrasings", () => {
    expect(kind("guarantee").body).toBe(CANON.guarantee);
    expect(kind("faq").items.find((i) => i.title === "What are the shipping terms?")!.text).toBe(CANON.shippingPromise);
    expect(kind("cta").body).toContain(CANON.shippingPromise!);
    expect(kind("cta").body).toContain("for remote workers");
    // warm voice
    expect(kind("cta").buttonLabel).toBe("Get yours");
    const expert = writePageSections(RICH_PRODUCT, { ...CANON, voice: "technical and precise" });
    expect(expert.sections.find((s) => s.kind === "specs")!.heading).toBe("Technical specifications");
    expect(rich.theme).toEqual(themeFor(CANON.colours));
  });

  it("says nothing about shipping or a guarantee without them in the canon", () => {
    const out = writePageSections(RICH_PRODUCT, NO_CANON);
    const copy = copyOf(out.sections);
    expect(copy).not.toMatch(/ship|deliver|guarantee|refund|return|send it back/i);
    expect(out.sections.find((s) => s.kind === "guarantee")!.hidden).toBe(true);
    expect(out.missing.some((m) => m.includes("No guarantee"))).toBe(true);
    expect(out.missing.some((m) => m.includes("No shipping promise"))).toBe(true);
    expect(out.theme).toBeUndefined();
  });

  it("writes no figure the input does not hold (the offer's saving is computed from its two prices)", () => {
    const allowed = [...numbersIn(JSON.stringify(RICH_PRODUCT)), ...numbersIn(JSON.stringify(CANON_ENTRIES)), 39.99, 59.99, 20, 33];
    for (const n of numbersIn(copyOf(rich.sections))) expect(allowed.some((a) => Math.abs(a - n) < 0.005), `figure ${n}`).toBe(true);
    expect(copyOf(writePageSections(RICH_PRODUCT, NO_CANON).sections)).not.toMatch(INVENTED_CLAIMS);
  });

  it("shows no saving when there is no compare-at price, or it is not higher", () => {
    const noCompare = { ...RICH_PRODUCT, compareAtPriceCents: null, variants: [] };
    expect(writePageSections(noCompare, NO_CANON).sections[0].body).toBe("A warm, glare-free light for late work sessions. $39.99.");
    const lower = { ...noCompare, compareAtPriceCents: 1999 };
    expect(writePageSections(lower, NO_CANON).sections[0].body).not.toMatch(/save|was/i);
  });

  it("hides what a bare product cannot fill, says what to add, and invents nothing", () => {
    const bare = writePageSections(BARE_PRODUCT, NO_CANON);
    expect(bare.sections.map((s) => [s.kind, s.hidden])).toEqual([
      ["hero", false],
      ["benefits", true],
      ["how-it-works", true],
      ["specs", true],
      ["in-the-box", true],
      ["faq", true],
      ["guarantee", true],
      ["cta", false],
    ]);
    const copy = copyOf(bare.sections);
    expect(copy).not.toMatch(/\d/);
    expect(copy).not.toMatch(INVENTED_CLAIMS);
    expect(bare.sections[0].heading).toBe("Mystery Gadget");
    expect(bare.sections[0].body).toBe("");
    expect(bare.missing).toEqual(
      expect.arrayContaining([
        expect.stringContaining("No price"),
        expect.stringContaining("No product images"),
        expect.stringContaining("No product description"),
        expect.stringContaining("No steps"),
        "No 'what's in the box' list in the product data: add the box contents in Product → What's in the box.",
        expect.stringContaining("No guarantee"),
      ]),
    );
  });

  it("is deterministic: the same input gives the same output", () => {
    expect(writePageSections(RICH_PRODUCT, CANON)).toEqual(writePageSections(structuredClone(RICH_PRODUCT), canonFactsFrom(structuredClone(CANON_ENTRIES))));
    expect(JSON.stringify(writePageSections(BARE_PRODUCT, NO_CANON))).toBe(JSON.stringify(writePageSections(BARE_PRODUCT, NO_CANON)));
  });

  it("passes the grounding filter unchanged, with and without a canon", () => {
    for (const [product, canon] of [
      [RICH_PRODUCT, CANON],
      [RICH_PRODUCT, NO_CANON],
      [BARE_PRODUCT, NO_CANON],
      [RICH_PRODUCT, { ...CANON, voice: "playful" } satisfies CanonFacts],
      [RICH_PRODUCT, { ...CANON, voice: "premium", guarantee: "Lifetime support by email." } satisfies CanonFacts],
    ] as const) {
      const { sections } = writePageSections(product, canon);
      const grounded = groundSections(sections, product, canon);
      expect(grounded.missing).toEqual([]);
      expect(grounded.sections).toEqual(sections);
    }
  });
});

/**
 * Issue 26: the built-in writer's copy must be publishable. Benefits are whole statements built
 * from the record (never "Size 45x25cm." cut out of the description), specs are grouped apart, the
 * FAQ answers several questions from the record, and no figure appears that the record lacks.
 */
import { describe, expect, it } from "vitest";
import type { PageProduct, PageSection } from "~/domain/contracts/pages";
import { generateCatalog } from "~/server/market/catalog";
import { productFromCatalog } from "~/server/pages/drafts";
import { canonFactsFrom, specFromLine, writePageSections } from "~/server/pages/generate-builtin";
import type { CatalogProductRow } from "../../../db/catalog";
import { CANON_ENTRIES } from "./pages-fixtures";

const NO_CANON = canonFactsFrom([]);
const CANON = canonFactsFrom(CANON_ENTRIES);
const catalog = generateCatalog();

/** Three sample-catalog records as the Explorer hands them to the page builder, each with the supplier's description a merchant pastes. */
const DESCRIPTIONS = [
  "Keeps your pet's coat shiny and tangle-free in minutes. One click retracts the bristles so the hair drops straight into the bin. Size 45x25cm. Material: stainless steel and ABS.\n\nPackage includes:\n- 1 x brush",
  "Features:\n- Whisper-quiet motor that will not wake the baby\n- Soft silicone cups shaped to fit comfortably\nWeight 320 g\nBattery: 1200 mAh\nCharging time: 2 hours",
  "A bright, even light that clips onto any desk or shelf. Bend the neck to point the light where you read. Dimensions: 30 x 12 x 8 cm. Colour: white.",
];

function productOf(index: number): PageProduct {
  const p = catalog.products[index * 97];
  const row = {
    name: p.name,
    imageUrl: `https://cdn.example.com/${p.id}.jpg`,
    priceCents: p.priceCents,
    compareAtPriceCents: null,
    vendor: null,
    productType: p.productType,
    costCents: p.costCents,
    shippingDays: p.shippingDays,
  } as unknown as CatalogProductRow;
  return { ...productFromCatalog(row), description: DESCRIPTIONS[index], inTheBox: index === 1 ? ["Pump", "USB-C cable", "Carry pouch"] : [] };
}

const visible = (sections: PageSection[], kind: PageSection["kind"]) => sections.find((s) => s.kind === kind && !s.hidden);
const copyOf = (sections: PageSection[]) =>
  sections
    .filter((s) => !s.hidden)
    .flatMap((s) => [s.heading, s.body, s.buttonLabel ?? "", ...s.items.flatMap((i) => [i.title, i.text])])
    .join("\n");
const numbersIn = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));

describe("the built-in writer on sample-catalog products", () => {
  for (const index of [0, 1, 2]) {
    const product = productOf(index);
    for (const [canonName, canon] of [["no canon", NO_CANON], ["a canon", CANON]] as const) {
      const out = writePageSections(product, canon);

      it(`product ${index + 1} (${product.title}), ${canonName}: no benefit is a spec line or a sentence fragment`, () => {
        const benefits = visible(out.sections, "benefits")!;
        expect(benefits.items.length).toBeGreaterThanOrEqual(2);
        for (const item of benefits.items) {
          expect(specFromLine(item.title), item.title).toBeNull();
          expect(item.title.split(/\s+/).length, item.title).toBeGreaterThanOrEqual(3);
          expect(item.title).not.toMatch(/^(?:size|weight|dimensions|battery|material|colou?r)\b/i);
        }
        // The attributes the description stated as specs are grouped in the specs section instead.
        expect(visible(out.sections, "specs")!.items.length).toBeGreaterThanOrEqual(2);
      });

      it(`product ${index + 1}, ${canonName}: writes no figure the record and canon do not hold`, () => {
        const allowed = [...numbersIn(JSON.stringify(product)), ...numbersIn(JSON.stringify(canon)), product.priceCents! / 100];
        for (const n of numbersIn(copyOf(out.sections))) expect(allowed.some((a) => Math.abs(a - n) < 0.005), `figure ${n}`).toBe(true);
        expect(copyOf(out.sections)).not.toMatch(/\b(?:reviews?|rated|ratings?|stars?|certified|bestsellers?|award)\b/i);
      });

      it(`product ${index + 1}, ${canonName}: answers at least three questions from the record, returns only with a policy`, () => {
        const faq = visible(out.sections, "faq")!;
        expect(faq.items.length).toBeGreaterThanOrEqual(3);
        const titles = faq.items.map((i) => i.title);
        expect(titles).toContain(canon.shippingPromise ? "What are the shipping terms?" : "How long does delivery take?");
        expect(titles.includes("Can I send it back?")).toBe(Boolean(canon.guarantee));
        for (const item of faq.items) expect(item.text.trim().length, item.title).toBeGreaterThan(0);
        // A headline and a subhead.
        const hero = visible(out.sections, "hero")!;
        expect(hero.heading).toBe(product.title);
        expect(hero.body.split(/\s+/).length).toBeGreaterThanOrEqual(4);
      });
    }
  }

  it('turns "Size 45x25cm." into a spec line, never a benefit, and answers "How big is it?" with it', () => {
    const out = writePageSections(productOf(0), NO_CANON);
    expect(copyOf([visible(out.sections, "benefits")!])).not.toContain("45x25");
    expect(visible(out.sections, "specs")!.items).toContainEqual({ title: "Size", text: "45x25cm" });
    expect(visible(out.sections, "faq")!.items).toContainEqual({ title: "How big is it?", text: "Size: 45x25cm." });
    expect(visible(out.sections, "faq")!.items).toContainEqual({ title: "What is it made of?", text: "Material: stainless steel and ABS." });
  });

  it("answers delivery from the record's shipping days when the canon has no promise", () => {
    const product = productOf(2);
    const out = writePageSections(product, NO_CANON);
    expect(visible(out.sections, "faq")!.items).toContainEqual({ title: "How long does delivery take?", text: `The supplier ships in about ${product.shippingDays} days.` });
  });

  it("reads attribute lines as specs and leaves benefit lines alone", () => {
    expect(specFromLine("Size 45x25cm.")).toEqual({ name: "Size", value: "45x25cm" });
    expect(specFromLine("Battery: 1200 mAh")).toEqual({ name: "Battery", value: "1200 mAh" });
    expect(specFromLine("45 x 25 cm")).toEqual({ name: "Size", value: "45 x 25 cm" });
    expect(specFromLine("Touch dimmer: slide a finger along the base to set the brightness")).toBeNull();
    expect(specFromLine("Size matters when you pack a small carry-on bag")).toBeNull();
    expect(specFromLine("Powerful suction lifts hair from every carpet")).toBeNull();
  });
});

/** The launcher's built-in copy writer: three variants from the record's facts, within Meta's guidance, nothing invented. */
import { describe, expect, it } from "vitest";
import { AD_COPY_LIMITS, copyLengthState } from "~/domain/ad-launcher";
import { CreateLaunchBodySchema } from "~/domain/contracts/ad-launcher";
import { fit, sentencesOf, writeVariants, type CopyFacts } from "~/server/ad-launcher/copy";

const facts = (overrides: Partial<CopyFacts> = {}): CopyFacts => ({
  title: "Sea-green stoneware mug with a wide handle for cold mornings",
  sentences: sentencesOf("Hand-glazed stoneware that keeps coffee hot. Dishwasher and microwave safe. Ok."),
  currency: "USD",
  priceCents: 1800,
  compareAtPriceCents: 2400,
  options: [{ name: "Size", values: ["Small", "Large"] }],
  shippingDays: 5,
  inTheBox: [],
  source: "your page's product",
  ...overrides,
});

describe("built-in ad copy", () => {
  it("writes three variants, each field within Meta's recommended length", () => {
    const variants = writeVariants(facts());
    expect(variants).toHaveLength(3);
    for (const v of variants) {
      for (const field of Object.keys(AD_COPY_LIMITS) as (keyof typeof AD_COPY_LIMITS)[]) expect(copyLengthState(field, v[field]), `${field}: ${v[field]}`).toBe("ok");
    }
    expect(variants[0]).toEqual({ primaryText: "Hand-glazed stoneware that keeps coffee hot. Now $18.00, was $24.00.", headline: "Sea-green stoneware mug with a wide…", description: "Save 25%" });
    expect(variants[1]!.primaryText).toContain("Choose your size: Small, Large.");
    expect(variants[1]!.description).toBe("Ships in 5 days");
  });

  it("uses only figures the record holds: no price, no saving, no shipping time when it has none", () => {
    const variants = writeVariants(facts({ priceCents: null, compareAtPriceCents: null, shippingDays: null, sentences: [], options: [] }));
    const all = variants.map((v) => `${v.primaryText} ${v.headline} ${v.description}`).join(" ");
    expect(all).not.toMatch(/\$|\d|%|review|rated|guarantee|best/i);
    for (const v of variants) expect(CreateLaunchBodySchema.shape.copy.element.safeParse(v).success).toBe(true);
  });

  it("cuts at a word boundary and marks the cut", () => {
    expect(fit("headline", "a ".repeat(30))).toBe(`${"a ".repeat(18)}a…`);
    expect(fit("description", "short")).toBe("short");
    expect([...fit("description", "word ".repeat(20))].length).toBeLessThanOrEqual(30);
  });
});

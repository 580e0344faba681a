/**
 * The launcher's built-in copy writer (app/server/ad-launcher/prepare.ts): three variants within
 * Meta's recommended lengths, every figure one the record holds, and the canon's words only where
 * the canon states them.
 */
import { describe, expect, it } from "vitest";
import { AD_COPY_LIMITS } from "~/domain/ad-launcher";
import type { PageProduct } from "~/domain/contracts/pages";
import { copyFacts, writeBuiltInCopy } from "~/server/ad-launcher/prepare";
import { canonFactsFrom } from "~/server/pages/generate-builtin";

const product: PageProduct = {
  title: "Adjustable LED desk lamp with a weighted base for reading and crafts",
  description: "Three brightness settings. The arm bends to any angle. Charges over USB-C in 2 hours.",
  images: [],
  priceCents: 3999,
  compareAtPriceCents: 5999,
  currency: "USD",
  options: [],
  variants: [],
  specs: [],
  inTheBox: [],
  vendor: "Lumen & Co",
  productType: "Lamps",
};

const numbers = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));

describe("the built-in ad copy writer", () => {
  it("writes three variants within Meta's recommended lengths", () => {
    const variants = writeBuiltInCopy(product, canonFactsFrom([]));
    expect(variants).toHaveLength(3);
    for (const v of variants) {
      for (const field of ["primaryText", "headline", "description"] as const) {
        expect(v[field].trim().length, `${field}: ${v[field]}`).toBeGreaterThan(0);
        expect([...v[field]].length, `${field}: ${v[field]}`).toBeLessThanOrEqual(AD_COPY_LIMITS[field].recommended);
      }
    }
  });

  it("states no figure the record does not hold", () => {
    const allowed = [39.99, 59.99, 20, 33, 2, ...numbers(product.title), ...numbers(product.description)];
    for (const v of writeBuiltInCopy(product, canonFactsFrom([]))) {
      for (const n of numbers(`${v.primaryText} ${v.headline} ${v.description}`)) expect(allowed).toContainEqual(n);
    }
  });

  it("names the canon's audience and promises only when the canon has them, and lists them as facts with their source", () => {
    const plain = writeBuiltInCopy(product, canonFactsFrom([])).map((v) => `${v.primaryText} ${v.description}`).join(" ");
    expect(plain).not.toMatch(/ship|guarantee|made for/i);
    const canon = canonFactsFrom([
      { path: "audience.primary", value: "makers who work late" },
      { path: "shipping.promise", value: "Ships from Ohio in 2 days" },
    ]);
    const [, second] = writeBuiltInCopy(product, canon);
    expect(second.primaryText).toMatch(/^Made for makers who work late/);
    expect(copyFacts(product, canon, "Your page /p/lamp")).toEqual(
      expect.arrayContaining([
        { label: "Price", value: "$39.99", source: "Your page /p/lamp" },
        { label: "Audience", value: "makers who work late", source: "Project canon (audience.primary)" },
        { label: "Shipping", value: "Ships from Ohio in 2 days", source: "Project canon (shipping.promise)" },
      ]),
    );
  });
});

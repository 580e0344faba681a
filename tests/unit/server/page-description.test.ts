/**
 * The description a page exports to a store (Shopify CSV and the Admin API): its words only. The
 * offer sentence the page shows ("Now $34.99, was $49.99: you save $15.00 (30%).") stays out:
 * the store's price fields say it and stay current.
 */
import { describe, expect, it } from "vitest";
import type { PageSection } from "~/domain/contracts/pages";
import { productDescriptionHtml } from "~/server/pages/exports";
import { offerSentence } from "~/server/pages/generate-builtin";
import { RICH_PRODUCT } from "./pages-fixtures";

const section = (kind: PageSection["kind"], body: string): PageSection => ({ id: `${kind}-1`, kind, hidden: false, heading: kind, body, items: [], imageUrl: null, buttonLabel: null });

describe("the exported description", () => {
  const product = { ...RICH_PRODUCT, priceCents: 3499, compareAtPriceCents: 4999 };

  it("leaves out the offer sentence wherever the page wrote it, and keeps every other word", () => {
    const offer = offerSentence(product)!;
    expect(offer).toBe("Now $34.99, was $49.99: you save $15.00 (30%).");
    const html = productDescriptionHtml({
      product,
      sections: [section("hero", `Hand-poured cedar candle. ${offer}`), section("guarantee", `Returns within 30 days. ${offer}`)],
    });
    expect(html).not.toMatch(/\$34\.99|you save/);
    expect(html).toContain("<p>Hand-poured cedar candle.</p>");
    expect(html).toContain("<p>Returns within 30 days.</p>");
  });

  it("also drops an offer sentence left from an earlier price", () => {
    const html = productDescriptionHtml({ product, sections: [section("hero", "Warm light. Now $29.99, was $39.99: you save $10.00 (25%).")] });
    expect(html).toBe("<p>Warm light.</p>");
  });
});

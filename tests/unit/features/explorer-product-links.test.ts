import { describe, expect, it } from "vitest";
import { chatQuestion } from "~/features/explorer/explorer-query";
import { flowHref, flowIdOf, productTool, productTools } from "~/features/explorer/product-links";

const product = { id: "P-0042", name: "Heated “cozy” blanket & throw", niche: { name: "Home & living" } };

describe("a product's own page", () => {
  it("is /flows/<id>, the id escaped", () => {
    expect(flowHref("P-0042")).toBe("/flows/P-0042");
    expect(flowHref("a b/c")).toBe("/flows/a%20b%2Fc");
  });

  it("reads catalog and import ids from the address and refuses anything else", () => {
    expect(flowIdOf("P-0042")).toBe("P-0042");
    expect(flowIdOf(" I-3F2A9C1B ")).toBe("I-3F2A9C1B");
    for (const bad of [undefined, "", "   ", "-P1", "P 1", "P/1", "<script>", "x".repeat(65)]) expect(flowIdOf(bad)).toBeNull();
  });
});

describe("the tools a product starts", () => {
  it("lists each tool once, in the page's order", () => {
    expect(productTools(product).map((t) => t.id)).toEqual(["page", "visuals", "creatives", "ads", "chat", "analysis"]);
  });

  it("starts each tool with the product's id in the query each screen reads", () => {
    const href = Object.fromEntries(productTools(product).map((t) => [t.id, t.href]));
    expect(href.page).toBe("/ai-page-builder?product=P-0042");
    expect(href.visuals).toBe("/image-maker?product=P-0042");
    expect(href.creatives).toBe("/marketing-visuals?product=P-0042");
    // The launcher's own notation for a catalog product.
    expect(href.ads).toBe("/ad-launcher?product=catalog:P-0042");
    expect(new URL(href.ads, "https://x.test").searchParams.get("product")).toBe("catalog:P-0042");
    expect(href.analysis).toBe("/market-analysis?product=P-0042");
  });

  it("puts the Explorer's question about the product in the chat's address, whole", () => {
    const chat = productTool(product, "chat");
    expect(chat.label).toBe("Ask in chat");
    expect(new URL(chat.href, "https://x.test").searchParams.get("q")).toBe(chatQuestion(product));
  });

  it("escapes an id that is not URL-safe in every link", () => {
    for (const t of productTools({ ...product, id: "I-1&x=2" })) {
      expect(t.href).not.toContain("&x=2");
    }
  });
});

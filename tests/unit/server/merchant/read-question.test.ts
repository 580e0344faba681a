import { beforeAll, describe, expect, it } from "vitest";
import { loadLanguageModel, readQuestion } from "~/server/ai/merchant/read-question";
import { generateCatalog, installCatalog } from "~/server/market/catalog";

installCatalog(generateCatalog());
beforeAll(() => loadLanguageModel());

const amounts = (text: string) => readQuestion(text).amounts.map((a) => [a.role, a.value, a.kind]);

describe("reading the merchant's numbers", () => {
  it("reads amounts in the ways merchants write them", () => {
    for (const text of ["it costs $9", "it costs 9 dollars", "it costs 9.00 USD", "it costs nine bucks"]) {
      expect(amounts(text), text).toEqual([["cost", 9, "money"]]);
    }
    expect(amounts("I pay 6.40 and shipping is 2.10 USD")).toEqual([
      ["cost", 6.4, "money"],
      ["shipping", 2.1, "money"],
    ]);
  });

  it("gives each figure its role from the words around it", () => {
    expect(amounts("What ROAS do I need to break even on a $39 product with $12 cost and $5 shipping?")).toEqual([
      ["price", 39, "money"],
      ["cost", 12, "money"],
      ["shipping", 5, "money"],
    ]);
    expect(amounts("What's a good selling price for a posture corrector if my landed cost is $9?")).toEqual([["landedCost", 9, "money"]]);
    expect(amounts("I have $300 to start")).toEqual([["budget", 300, "money"]]);
    expect(amounts("I can spend $20 a day")).toEqual([["dailyBudget", 20, "money"]]);
    expect(amounts("I want a 40% margin")).toEqual([["targetMarginPct", 40, "percent"]]);
    // What the supplier charges is the merchant's cost, not their price.
    expect(amounts("My supplier charges $6.40 and I sell at $24.99")).toEqual([
      ["cost", 6.4, "money"],
      ["price", 24.99, "money"],
    ]);
  });

  it("does not take counts, ordinals or ids for money", () => {
    expect(amounts("Give me 5 TikTok hooks for a portable blender")).toEqual([]);
    expect(readQuestion("Give me 5 TikTok hooks for a portable blender").count).toBe(5);
    expect(readQuestion("Compare the top two kitchen gadgets by margin").count).toBe(2);
    expect(amounts("which pet product should I test first?")).toEqual([]);
  });
});

describe("reading the task and the subject", () => {
  it.each([
    ["I have $300 to start. Which pet product should I test first, and why?", "pick", "pet"],
    ["What's a good selling price for a posture corrector if my landed cost is $9?", "price", "posture corrector"],
    ["Compare the top two kitchen gadgets by margin", "compare", "kitchen gadgets"],
    ["Is the LED strip light market saturated?", "saturation", "led strip light"],
    ["What ROAS do I need to break even on a $39 product with $12 cost and $5 shipping?", "break-even", ""],
    ["Give me 5 TikTok hooks for a portable blender", "hooks", "portable blender"],
    ["Write a Facebook ad for a neck pillow", "ad-copy", "neck pillow"],
    ["write a product description for a dog sweater", "description", "dog sweater"],
    ["is there demand for posture correctors", "demand", "posture correctors"],
    ["whats a gud price for a posture correcter if it costs me nine bucks", "price", "posture correcter"],
    ["What should I sell a phone tripod for if my landed cost is $5?", "price", "phone tripod"],
    ["With a $500 budget, what pet product should I start with?", "pick", "pet"],
  ])("%s", (text, task, subject) => {
    const reading = readQuestion(text);
    expect(reading.tasks[0]).toBe(task);
    expect(reading.subjectText).toBe(subject);
  });

  it("fixes typos of the words that decide the task", () => {
    expect(readQuestion("what budjet for it?").tasks[0]).toBe("budget");
    expect(readQuestion("brek even roas for a $50 product").tasks[0]).toBe("break-even");
    expect(readQuestion("is the yoga mat market saturatd").tasks[0]).toBe("saturation");
  });

  it("reads the platform", () => {
    expect(readQuestion("What daily test budget would you suggest for it on TikTok?").platform).toBe("TikTok");
    expect(readQuestion("an insta ad for it").platform).toBe("Instagram");
  });
});

describe("reading what a follow-up points at", () => {
  it.each([
    ["Write a Facebook ad for that one", { kind: "it" }],
    ["What daily test budget would you suggest for it on TikTok?", { kind: "it" }],
    ["Which of those two has fewer competitors?", { kind: "those", count: 2 }],
    ["budget for the second one?", { kind: "ordinal", index: 2 }],
    ["what about the last one", { kind: "ordinal", index: -1 }],
    ["the cheaper one", { kind: "extreme", criterion: "price", direction: "min" }],
  ])("%s", (text, reference) => {
    expect(readQuestion(text).reference).toEqual(reference);
  });

  it("does not take 'test first' for a row of a list", () => {
    expect(readQuestion("Which pet product should I test first?").reference).toBeNull();
  });

  it("reads the figure a comparison turns on", () => {
    expect(readQuestion("Which of those two has fewer competitors?").criterion).toEqual({ criterion: "competition", direction: "min" });
    expect(readQuestion("Compare the top two kitchen gadgets by margin").criterion).toEqual({ criterion: "margin", direction: "max" });
  });
});

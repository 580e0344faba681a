/**
 * The merchant's imported products in the analyst: a question naming one is read from the import
 * (its figures cited as theirs, the import cited and openable), never from a sample-catalog product
 * of the same kind, and a figure typed in the chat still wins.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { checkGrounding } from "~/server/ai/grounding";
import { answerMerchantConversation, type MerchantAnswer } from "~/server/ai/merchant/answer";
import { ownProductNamed, type OwnProduct } from "~/server/ai/merchant/own-products";
import { loadLanguageModel } from "~/server/ai/merchant/read-question";
import type { ChatTurn } from "~/server/ai/types";
import { generateCatalog, getCatalog, installCatalog } from "~/server/market/catalog";

installCatalog(generateCatalog());
beforeAll(() => loadLanguageModel());

const corrector: OwnProduct = { id: "F-7001", name: "Adjustable Posture Corrector for Men and Women", priceCents: 3499, costCents: 720, shippingCostCents: 210 };
const lamp: OwnProduct = { id: "F-7002", name: "Sunset Projection Lamp", priceCents: 2999, costCents: null, shippingCostCents: null };
const own = [corrector, lamp];

/** Asks each question in turn, carrying the answers (and their memories) as the chat does. */
function converse(questions: string[], ownProducts: OwnProduct[] = own): MerchantAnswer[] {
  const turns: ChatTurn[] = [];
  const answers: MerchantAnswer[] = [];
  for (const q of questions) {
    turns.push({ role: "user", content: q });
    const a = answerMerchantConversation(turns, { ownProducts });
    answers.push(a);
    turns.push({ role: "assistant", content: a.markdown, memory: JSON.parse(JSON.stringify(a.memory)) });
  }
  return answers;
}

describe("which import a question names", () => {
  it("needs two of its name words (or its one word), and prefers the closer match", () => {
    expect(ownProductNamed("What margin do I make on my posture corrector?", own)).toBe(corrector);
    expect(ownProductNamed("how's my sunset lamp doing", own)).toBe(lamp);
    expect(ownProductNamed("Is posture a good niche?", own)).toBeUndefined();
    expect(ownProductNamed("Write hooks for a portable blender", own)).toBeUndefined();
    expect(ownProductNamed("anything", [])).toBeUndefined();
  });
});

describe("answers about an imported product", () => {
  it("works out the margin from the import's own price, cost and shipping, cited as the merchant's", () => {
    // The sample catalog sells posture correctors too: the answer must not use one.
    expect(getCatalog().products.some((p) => /posture corrector/i.test(p.name))).toBe(true);
    const [a] = converse(["What margin do I make on my posture corrector?"]);
    const report = checkGrounding(`${a.markdown}\n${a.summary ?? ""}`, a.citations ?? [], ["$34.99", "$7.20", "$2.10"]);
    expect(report.ungrounded).toEqual([]);
    expect(a.markdown).toContain("This is your imported product Adjustable Posture Corrector for Men and Women (F-7001)");
    expect(a.markdown).toContain("| Selling price | $34.99 | your import F-7001 |");
    expect(a.markdown).toContain("| Product cost | $7.20 | your import F-7001 |");
    expect(a.markdown).toContain("| Shipping | $2.10 | your import F-7001 |");
    expect(a.markdown).toContain("$25.69"); // 34.99 − (7.20 + 2.10)
    expect(a.markdown).not.toMatch(/sample catalog, P-\d{4}/);
    expect(a.citations?.[0]).toEqual({ title: "Your import · F-7001 Adjustable Posture Corrector for Men and Women", source: "your-import", record: { kind: "product", id: "F-7001" } });
    expect(a.citations?.some((c) => c.source === "sample-catalog")).toBe(false);
    expect(a.unanswered).toBeUndefined();
  });

  it("keeps the import as the subject of a follow-up, and a figure typed in the chat wins over the import's", () => {
    const [, budget, typed] = converse([
      "Tell me about my posture corrector",
      "What daily test budget would you suggest for it on TikTok?",
      "What if I sell it at $29.99 instead, what's the break-even ROAS?",
    ]);
    expect(budget.memory.focus[0]).toEqual({ kind: "named", name: corrector.name });
    expect(budget.markdown).toContain("your import F-7001");
    expect(typed.markdown).toContain("| Selling price | $29.99 | you said |");
    expect(typed.markdown).toContain("| Product cost | $7.20 | your import F-7001 |");
    expect(typed.markdown).toContain("1.45"); // 29.99 / (29.99 − 9.30)
  });

  it("asks for the cost an import does not hold instead of borrowing a sample product's", () => {
    const [a] = converse(["What's my margin on the sunset projection lamp?"]);
    expect(a.markdown).toContain("This is your imported product Sunset Projection Lamp (F-7002): its price comes from your import.");
    expect(a.markdown).not.toMatch(/sample catalog, P-\d{4}/);
    expect(a.markdown).toContain("Tell me your product cost, shipping cost");
    expect(a.unanswered).toBe("empty");
  });

  it("writes an ad from the import's name and price, inventing no social proof", () => {
    const [a] = converse(["Write a Facebook ad for my posture corrector"]);
    expect(a.markdown).toContain("Written from your imported product F-7001");
    expect(a.markdown).toContain("**Primary text**");
    expect(a.markdown).toContain("_The price is your import's._");
    expect(a.markdown).not.toMatch(/\d+(,\d{3})* (customers|reviews|sold)|\d(\.\d)? stars?/i);
  });

  it("answers exactly as before for a merchant with no imports", () => {
    const [withNone] = converse(["What margin do I make on my posture corrector?"], []);
    expect(withNone.markdown).not.toContain("your import");
  });
});

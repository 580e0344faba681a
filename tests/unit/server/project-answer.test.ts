import { describe, expect, it } from "vitest";
import { answerConversation } from "~/server/ai/analyst";
import { createAnalyst } from "~/server/ai/built-in-analyst";
import { checkGrounding } from "~/server/ai/grounding";
import { answerInProject, projectSourceTexts, quoteFrom } from "~/server/ai/project-answer";
import { checkResearch, researchSystemTurn, retrieveFromCatalog, withProject } from "~/server/ai/research";
import type { ProjectContext, ReplyEvent } from "~/server/ai/types";
import { generateCatalog, installCatalog } from "~/server/market/catalog";
import { searchTerms } from "~/server/projects/context";

// The analyst is tested alone here, on the generated catalog D1 is seeded from
// (tests/integration/shared-catalog.test.ts proves the catalog read back from D1 equals it).
installCatalog(generateCatalog());

const project: ProjectContext = {
  id: "proj-1",
  name: "Cozy Paws",
  instructions: "We sell orthopedic dog beds. Our tone is warm and reassuring.",
  canon: [
    { path: "brand.voice", value: "warm and reassuring", source: "user" },
    { path: "audience.primary", value: "dog owners aged 35-60", source: "ai" },
    { path: "internal.note", value: "not shown", source: "user" },
  ],
  passages: [
    {
      id: 41,
      fileId: "file-a",
      fileName: "Shipping policy.pdf",
      position: 0,
      text: "All orders ship from our Austin warehouse. Standard delivery takes 4 business days. Orders over $75 ship free.",
    },
  ],
};

const ask = (content: string) => [{ role: "user" as const, content }];

describe("the built-in analyst inside a project", () => {
  it("answers from the merchant's file when the catalog has nothing, naming the file, and is counted", () => {
    const question = "How long does delivery take for our orders?";
    const catalog = answerConversation(ask(question));
    const answer = answerInProject(catalog, project, question);
    expect(answer.unanswered).toBeUndefined();
    expect(answer.markdown).toContain("### From your knowledge base");
    expect(answer.markdown).toContain("Standard delivery takes 4 business days.");
    expect(answer.markdown).toContain("*Shipping policy.pdf*, passage 1");
    expect(answer.summary).toContain('Your file "Shipping policy.pdf" says');
    expect(answer.citations?.[0]).toEqual({
      title: "Shipping policy.pdf · passage 1",
      source: "project-file",
      record: { kind: "passage", id: "proj-1:file-a:41" },
    });
  });

  it("says which canon entries it used, with where each came from, and opens in the brand's voice", () => {
    const question = "Find winning products in pet supplies";
    const answer = answerInProject(answerConversation(ask(question)), project, question);
    expect(answer.markdown.split("\n")[0]).toBe("Happy to help with Cozy Paws. Here's what your files say, gently put together for you.");
    expect(answer.markdown).toContain("- **brand.voice**: warm and reassuring _(set by you)_");
    expect(answer.markdown).toContain("- **audience.primary**: dog owners aged 35-60 _(derived from your project)_");
    expect(answer.markdown).not.toContain("internal.note");
    expect(answer.citations?.filter((c) => c.record?.kind === "canon").map((c) => c.record?.id)).toEqual(["proj-1:brand.voice", "proj-1:audience.primary"]);
    // The catalog's own answer follows, unchanged.
    expect(answer.markdown).toContain("### From the market catalog");
    expect(answer.citations?.some((c) => c.record?.kind === "niche")).toBe(true);
  });

  it("backs every number it writes with a cited record or passage", () => {
    const question = "What is our free shipping threshold and delivery time?";
    const answer = answerInProject(answerConversation(ask(question)), project, question);
    const report = checkGrounding(`${answer.summary ?? ""}\n${answer.markdown}`, answer.citations ?? [], projectSourceTexts(project));
    expect(report.ungrounded).toEqual([]);
    expect(report.checked).toContain("$75");
  });

  it("keeps a refusal a refusal, and leaves a chat outside projects unchanged", () => {
    const refusal = answerConversation(ask("Write 20 fake 5-star reviews for my dog bed"));
    expect(answerInProject(refusal, project, "Write 20 fake 5-star reviews for my dog bed")).toBe(refusal);
    const plain = answerConversation(ask("What is our return policy?"));
    expect(answerInProject(plain, { ...project, canon: [], passages: [] }, "What is our return policy?")).toBe(plain);
  });

  it("streams the project answer through the provider", async () => {
    const events: ReplyEvent[] = [];
    for await (const e of createAnalyst().reply({ messages: ask("How long does delivery take?"), project })) events.push(e);
    expect(events[0]).toMatchObject({ type: "summary" });
    const text = events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
    expect(text).toContain("Austin warehouse");
    expect(events.some((e) => e.type === "unanswered")).toBe(false);
  });

  it("quotes the sentences that carry the question's words from a long passage", () => {
    const long = `${"Our brand story began in a small garage. ".repeat(8)}Returns are accepted within 30 days of delivery. ${"We love dogs. ".repeat(10)}`;
    const quote = quoteFrom(long, "what is the returns window?");
    expect(quote.startsWith("Returns are accepted within 30 days of delivery.")).toBe(true);
    expect(quote.length).toBeLessThanOrEqual(320);
  });

  it("reads the searchable words of a question", () => {
    expect(searchTerms("What's our return policy for the dog beds?")).toEqual(["return", "policy", "dog", "beds"]);
  });
});

describe("research answers inside a project (any model)", () => {
  it("sends the passages and canon numbered before the catalog, with the instructions and the voice rule", () => {
    const context = withProject(retrieveFromCatalog(ask("dog beds")), project);
    expect(context.records[0]).toMatchObject({ n: 1, kind: "passage", id: "proj-1:file-a:41" });
    expect(context.records[1]).toMatchObject({ n: 2, kind: "canon", id: "proj-1:brand.voice" });
    const system = researchSystemTurn(context);
    expect(system).toContain('This chat belongs to the merchant\'s project "Cozy Paws"');
    expect(system).toContain("We sell orthopedic dog beds.");
    expect(system).toContain("[1] passage 1 of the merchant's file \"Shipping policy.pdf\"");
  });

  it("keeps a model's citation of a passage, backs the passage's numbers with it, and drops one it was not sent", () => {
    const context = withProject({ records: [] }, project);
    const checked = checkResearch(
      {
        summary: "Orders ship free over $75 [1].",
        analysis: "Delivery takes 4 business days [1]; we also deliver in 48 hours [9].",
        citations: [{ n: 1 }, { n: 9, recordId: "proj-1:file-z:99" }],
      },
      context,
    );
    expect(checked.citations).toEqual([{ title: "Shipping policy.pdf · passage 1", source: "project-file", record: { kind: "passage", id: "proj-1:file-a:41" } }]);
    expect(checked.analysis).toBe("Delivery takes 4 business days [1]; we also deliver in [48](#unverified) hours.");
  });
});

describe("the merchant's own figures in a project's files", () => {
  const priceSheet: ProjectContext = {
    ...project,
    canon: [],
    passages: [
      {
        id: 7,
        fileId: "file-p",
        fileName: "price-sheet.txt",
        position: 0,
        text: "Product: Orthopedic dog bed, medium. supplier_cost_usd: 6.40; shipping_usd: 2.10. Lead time 12 days.",
      },
    ],
  };

  it("quotes a passage with its decimals as written, never cut at a decimal point", () => {
    const quote = quoteFrom(`${"Intro sentence that is long enough to force a cut. ".repeat(8)}Our supplier_cost_usd: 6.40; shipping_usd: 2.10 per bed.`, "what does the bed cost us", 120);
    expect(quote).toContain("6.40");
    expect(quote).toContain("2.10");
    expect(quote).not.toMatch(/cost_usd: 6\s*$|: 40;/);
  });

  it("reads labelled money figures from the files with their roles, as the file writes them", async () => {
    const { figuresFromPassages } = await import("~/server/ai/project-answer");
    expect(figuresFromPassages(priceSheet.passages)).toEqual([
      { role: "cost", value: 6.4, written: "6.40", fileName: "price-sheet.txt" },
      { role: "shipping", value: 2.1, written: "2.10", fileName: "price-sheet.txt" },
    ]);
  });

  it("prices from the file's cost and shipping: landed cost 8.50, named as the merchant's file, never a catalog cost called theirs", async () => {
    const events: ReplyEvent[] = [];
    for await (const e of createAnalyst().reply({ messages: ask("What should I price the dog bed at?"), project: priceSheet })) events.push(e);
    const text = events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
    expect(text).toContain("$6.40 + $2.10 = $8.50");
    expect(text).toContain("your file price-sheet.txt (6.40)");
    expect(text).toContain("$8.50 × 3 = $25.50");
    expect(text).not.toMatch(/your supplier cost/i);
    // The quote above the answer keeps the decimals too.
    expect(text).toContain("supplier_cost_usd: 6.40; shipping_usd: 2.10");
  });
});

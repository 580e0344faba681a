import { describe, expect, it } from "vitest";
import { checkResearch, parseJsonResearch, parseMarkdownResearch, retrieveFromCatalog, streamedJsonString, type ResearchContext } from "~/server/ai/research";
import { generateCatalog, getProduct, installCatalog } from "~/server/market/catalog";
import { formatCents } from "~/server/market/format";

// The analyst is tested alone here, on the generated catalog D1 is seeded from
// (tests/integration/shared-catalog.test.ts proves the catalog read back from D1 equals it).
installCatalog(generateCatalog());

const product = getProduct("P-0001")!;
const context: ResearchContext = {
  records: [
    { n: 1, kind: "niche", id: "pet-supplies", title: "Niche: Pet supplies", text: "niche pet-supplies" },
    { n: 2, kind: "product", id: product.id, title: `${product.id} ${product.name}`, text: "product P-0001" },
  ],
};

describe("reading a JSON string as it streams", () => {
  it("decodes escapes split across pieces and holds back a half escape", () => {
    const read = streamedJsonString("fullAnalysis");
    const whole = JSON.stringify({ executiveSummary: "S", fullAnalysis: 'Line "one"\nTab\there \u00e9 done' });
    const seen: string[] = [];
    for (let i = 1; i <= whole.length; i++) {
      const got = read(whole.slice(0, i));
      if (got) seen.push(got.value);
    }
    // Every prefix is a prefix of the final value: nothing half-decoded was ever shown.
    const final = read(whole)!;
    expect(final).toEqual({ value: 'Line "one"\nTab\there é done', complete: true });
    for (const value of seen) expect(final.value.startsWith(value)).toBe(true);
    expect(read('{"fullAnalysis": "ab\\')).toEqual({ value: "ab", complete: false });
    expect(read('{"fullAnalysis": "ab\\u00')).toEqual({ value: "ab", complete: false });
    expect(read('{"other": 1')).toBeNull();
  });
});

describe("parsing answers", () => {
  it("reads the JSON answer, also inside a ```json fence, and refuses what is not one", () => {
    const json = JSON.stringify({ executiveSummary: "S", fullAnalysis: "A [2]", citations: [{ n: 2, recordId: "P-0001" }], foundNothing: false, refusal: "" });
    expect(parseJsonResearch(json)).toEqual({ summary: "S", analysis: "A [2]", citations: [{ n: 2, recordId: "P-0001" }], foundNothing: false, refusal: undefined });
    expect(parseJsonResearch("```json\n" + json + "\n```")?.analysis).toBe("A [2]");
    expect(parseJsonResearch("Just prose")).toBeNull();
    expect(parseJsonResearch('{"fullAnalysis": ')).toBeNull();
  });

  it("reads markdown sections tolerantly, or the whole text with its [n] markers", () => {
    const md = "## Executive Summary\nShort.\n\n### Full analysis:\nLong [2].\n\n## Sources\n[2] P-0001\n";
    expect(parseMarkdownResearch(md)).toEqual({ summary: "Short.", analysis: "Long [2].", citations: [{ n: 2, recordId: "P-0001" }] });
    expect(parseMarkdownResearch("Plain answer [1] and [2], see [link](https://x.example) ")).toEqual({
      analysis: "Plain answer [1] and [2], see [link](https://x.example) ",
      citations: [{ n: 1 }, { n: 2 }],
    });
  });
});

describe("checking an answer against what was retrieved", () => {
  it("keeps citations to sent records (renumbered), drops others with their markers, and marks unbacked numbers", () => {
    const checked = checkResearch(
      {
        summary: `Sells at ${formatCents(product.priceCents)} [2].`,
        analysis: `It sells at ${formatCents(product.priceCents)} [2]. It sold 98,765 units [7]. In ${product.shippingDays} days.`,
        citations: [{ n: 2, recordId: "P-0001" }, { n: 7, recordId: "P-9999" }],
      },
      context,
    );
    expect(checked.citations).toEqual([{ title: `P-0001 ${product.name}`, source: "sample-catalog", record: { kind: "product", id: "P-0001" } }]);
    expect(checked.summary).toBe(`Sells at ${formatCents(product.priceCents)} [1].`);
    expect(checked.analysis).toBe(`It sells at ${formatCents(product.priceCents)} [1]. It sold [98,765](#unverified) units. In ${product.shippingDays} days.`);
    expect(checked.changed).toBe(true);
  });

  it("leaves an answer it cannot fault unchanged", () => {
    const analysis = `In pet supplies [1] it sells at ${formatCents(product.priceCents)} [2].`;
    expect(checkResearch({ analysis, citations: [{ n: 1 }, { n: 2 }] }, context)).toMatchObject({ analysis, changed: false });
  });

  it("retrieves with the turn before, so a follow-up keeps its subject", () => {
    const follow = retrieveFromCatalog([
      { role: "user", content: "Find winning products in pet supplies" },
      { role: "assistant", content: "..." },
      { role: "user", content: "what about their ads?" },
    ]);
    expect(follow.records[0]).toMatchObject({ n: 1, kind: "niche", id: "pet-supplies" });
    expect(follow.records.some((r) => r.kind === "product")).toBe(true);
    expect(follow.records.map((r) => r.n)).toEqual(follow.records.map((_, i) => i + 1));
  });

  it("tells the model the trend's window: the last 4 weeks against the 4 before", () => {
    const { records } = retrieveFromCatalog([{ role: "user", content: "How should I price the pro yoga mat?" }]);
    const product = records.find((r) => r.kind === "product")!;
    const niche = records.find((r) => r.kind === "niche")!;
    // The product named in full leads the products sent.
    expect(product.title).toMatch(/ Pro yoga mat$/);
    expect(product.text).toMatch(/orders in the last 4 weeks, 4-week trend [+-]?\d+% \(against the 4 weeks before\)/);
    expect(niche.text).toMatch(/median 4-week trend/);
    for (const r of records) expect(r.text).not.toMatch(/30-day|30 days/);
  });
});

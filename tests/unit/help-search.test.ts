import { describe, expect, it } from "vitest";
import { HELP_ARTICLES, helpSearchIndex } from "~/server/help/catalog";
import { buildSearchIndex, editDistance, plainText, searchHelp } from "~/server/help/search";

const top = (q: string) => searchHelp(helpSearchIndex(), q).hits[0]?.article.key;

describe("help search over the real articles", () => {
  it("finds the Shopify export article through typos", () => {
    expect(top("shopfiy export")).toBe("page-builder-and-export/export-to-shopify");
    expect(top("shopify exprot")).toBe("page-builder-and-export/export-to-shopify");
    expect(searchHelp(helpSearchIndex(), "shopfiy export").correctedQuery).toBe("shopify export");
  });

  it("understands other real misspellings", () => {
    expect(top("verifcation email")).toBe("getting-started/verify-your-email");
    expect(top("knowlege base")).toBe("projects/knowledge-base-files");
    expect(top("recipts")).toBe("billing-and-account/manage-billing-and-receipts");
    expect(top("watermrk")).toBe("images/downloads-and-watermarks");
  });

  it("matches word beginnings", () => {
    expect(top("canon")).toBe("projects/the-canon");
    expect(searchHelp(helpSearchIndex(), "compet").hits.map((h) => h.article.key)).toContain("winning-products/research-competitor-stores");
  });

  it("needs every meaningful word to match, and finds nothing for nonsense", () => {
    expect(searchHelp(helpSearchIndex(), "zzqxv").hits).toEqual([]);
    expect(searchHelp(helpSearchIndex(), "shopify zzqxv").hits).toEqual([]);
    expect(searchHelp(helpSearchIndex(), "how do I").hits).toEqual([]);
    expect(searchHelp(helpSearchIndex(), "").hits).toEqual([]);
  });

  it("gives a snippet around the match", () => {
    const hit = searchHelp(helpSearchIndex(), "shpat").hits[0]!;
    expect(hit.article.key).toBe("page-builder-and-export/export-to-shopify");
    expect(hit.snippet).toMatch(/shpat_/);
    expect(hit.snippet.length).toBeLessThanOrEqual(165);
    expect(hit.matched).toContain("shpat");
  });

  it("searches every article", () => {
    expect(helpSearchIndex().articles.length).toBe(HELP_ARTICLES.length);
  });
});

describe("ranking", () => {
  const articles = [
    { category: "a", slug: "body-only", title: "Other things", summary: "Nothing", body: "You can export pages. Export export export." },
    { category: "a", slug: "in-title", title: "Export pages", summary: "How", body: "Some text." },
    { category: "a", slug: "in-summary", title: "Pages", summary: "Export them", body: "Text." },
  ];
  it("ranks title hits before summary hits before body hits", () => {
    expect(searchHelp(buildSearchIndex(articles), "export").hits.map((h) => h.article.slug)).toEqual(["in-title", "in-summary", "body-only"]);
  });
});

describe("edit distance", () => {
  it("counts a swapped pair of letters as one edit", () => {
    expect(editDistance("shopfiy", "shopify", 2)).toBe(1);
    expect(editDistance("exprot", "export", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
    expect(editDistance("abc", "abcdefgh", 2)).toBe(3);
  });

  it("reads Markdown as plain text", () => {
    expect(plainText("## Title\n- **Bold** [link](/x) `code`")).toBe("Title Bold link code");
  });
});

describe("merchant shorthand", () => {
  it("never reads ROAS, CPA, AOV, COGS, SKU, CTR or UGC as a typo of another word", () => {
    const index = buildSearchIndex([
      { category: "a", slug: "rows", title: "Table rows", summary: "Rows and columns", body: "Each row of the table." },
      { category: "a", slug: "cap", title: "Caps", summary: "The cap", body: "A cap on usage, on a cop or a cup." },
    ]);
    for (const term of ["ROAS", "roas", "CPA", "AOV", "COGS", "SKU", "CTR", "UGC"]) {
      const result = searchHelp(index, term);
      expect(result.correctedQuery, term).toBeNull();
      expect(result.hits, term).toEqual([]);
    }
    // A real typo is still corrected.
    expect(searchHelp(index, "rowz").correctedQuery).toBe("row");
    // Shorthand matches itself.
    const withRoas = buildSearchIndex([{ category: "a", slug: "roas", title: "Break-even ROAS", summary: "ROAS explained", body: "ROAS is revenue over ad spend." }]);
    expect(searchHelp(withRoas, "roas").hits.map((h) => h.article.slug)).toEqual(["roas"]);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HELP_CATEGORIES, articleHeadings, headingId } from "~/domain/help";
import { HELP_ARTICLES } from "~/server/help/catalog";
import { GENERATED_FILE, parseArticle, readArticles, renderModule } from "../../scripts/help-articles.mjs";

describe("the generated help articles module", () => {
  it("is up to date with the Markdown files (run `node scripts/help-articles.mjs` when this fails)", () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(renderModule(readArticles()));
  });

  it("would notice an edited article", () => {
    const articles = readArticles();
    const edited = articles.map((a, i) => (i === 0 ? { ...a, body: a.body + "One more line.\n" } : a));
    expect(renderModule(edited)).not.toBe(readFileSync(GENERATED_FILE, "utf8"));
  });

  it("refuses an article without front matter, naming the file", () => {
    expect(() => parseArticle("images", "broken.md", "# No front matter")).toThrow(/images\/broken\.md: missing the front matter/);
    expect(() => parseArticle("images", "x.md", "---\ntitle: T\nsummary: S\n---\nbody")).toThrow(/needs "order"/);
  });
});

describe("the article set", () => {
  const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

  it("has at least 25 articles across every category, 150 to 400 words each, with sections", () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(25);
    for (const category of HELP_CATEGORIES) expect(HELP_ARTICLES.filter((a) => a.category === category.id).length).toBeGreaterThanOrEqual(3);
    for (const a of HELP_ARTICLES) {
      expect(wordCount(a.body), a.key).toBeGreaterThanOrEqual(150);
      expect(wordCount(a.body), a.key).toBeLessThanOrEqual(400);
      expect(a.headings.length, a.key).toBeGreaterThanOrEqual(2);
    }
  });

  it("only links to help articles that exist", () => {
    const keys = new Set(HELP_ARTICLES.map((a) => a.key));
    for (const a of HELP_ARTICLES) {
      for (const [, target] of a.body.matchAll(/\]\(\/help\/articles\/([^)#]+)\)/g)) expect(keys.has(target!), `${a.key} links to ${target}`).toBe(true);
    }
  });

  it("states plan limits as the counter catalogue has them", async () => {
    const { COUNTERS, ALLOWANCES } = await import("~/domain/counters");
    const plans = HELP_ARTICLES.find((a) => a.key === "billing-and-account/plans-and-limits")!.body;
    const n = (v: number) => v.toLocaleString("en-US");
    expect(plans).toContain(`| AI queries | ${n(COUNTERS.queries.limits.free)} | ${n(COUNTERS.queries.limits.growth)} | ${n(COUNTERS.queries.limits.elite)} |`);
    expect(plans).toContain(`| Image generations | ${COUNTERS.images.limits.free} | ${COUNTERS.images.limits.growth} | ${COUNTERS.images.limits.elite} |`);
    expect(plans).toContain(`| Exports to your store (CSV and HTML downloads are not counted) | 0 | ${COUNTERS.exports.limits.growth} | ${COUNTERS.exports.limits.elite} |`);
    expect(plans).toContain(`| Projects | ${ALLOWANCES.projects.limits.free} | ${ALLOWANCES.projects.limits.growth} | ${ALLOWANCES.projects.limits.elite} |`);
  });
});

describe("headings", () => {
  it("lists ## headings with stable anchors, ignoring fenced code", () => {
    expect(articleHeadings("Intro\n## Connect your store\ntext\n```\n## not a heading\n```\n## What `write_content` does\n")).toEqual([
      { id: "connect-your-store", text: "Connect your store" },
      { id: "what-write-content-does", text: "What write_content does" },
    ]);
    expect(headingId("1. Product")).toBe("1-product");
    expect(headingId("!!!")).toBe("section");
  });
});

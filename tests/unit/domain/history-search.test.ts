import { describe, expect, it } from "vitest";
import { findHit, leadSnippet, messageSnippet, plainText, snippetAround, SNIPPET_LENGTH } from "~/domain/chat/search";

describe("plainText", () => {
  it("drops markdown marks a reader does not see", () => {
    const md = [
      "## Top niches",
      "",
      "> Based on **sample data**.",
      "",
      "- *Pet* beds",
      "1. [Kitchen gadgets](https://example.com/k) and `code`",
      "",
      "| Niche | Margin |",
      "|---|:---:|",
      "| Pets | 42% |",
      "",
      "```ts",
      "const x = 1;",
      "```",
    ].join("\n");
    expect(plainText(md)).toBe(
      "Top niches Based on sample data. Pet beds Kitchen gadgets and code Niche · Margin Pets · 42% const x = 1;",
    );
  });

  it("keeps snake_case words and lone symbols", () => {
    expect(plainText("utm_source and a * b and 5 * 3")).toBe("utm_source and a * b and 5 * 3");
  });
});

describe("findHit", () => {
  it("ignores case and matches any run of whitespace in the text", () => {
    expect(findHit("Best Pet  Beds", "pet beds")).toEqual({ index: 5, length: 9 });
    expect(findHit("50% margin", "50%")).toEqual({ index: 0, length: 3 });
    expect(findHit("a.b", ".")).toEqual({ index: 1, length: 1 });
    expect(findHit("abc", "x")).toBeNull();
    expect(findHit("abc", "   ")).toBeNull();
  });
});

describe("snippetAround", () => {
  const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(" ");

  it("returns a short text whole, whitespace collapsed", () => {
    expect(snippetAround("  Pet\n\nbeds sell  ", "beds")).toBe("Pet beds sell");
  });

  it("cuts a long text to about 120 characters around the hit, at word boundaries, with ellipses", () => {
    const text = `${words(40, "alpha")} NEEDLE ${words(40, "omega")}`;
    const s = snippetAround(text, "needle")!;
    expect(s.startsWith("…")).toBe(true);
    expect(s.endsWith("…")).toBe(true);
    expect(s).toContain("NEEDLE");
    expect(s.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(s.length).toBeGreaterThan(SNIPPET_LENGTH - 20);
    // Whole words only.
    expect(
      s
        .slice(1, -1)
        .split(" ")
        .every((w) => ["alpha", "omega", "NEEDLE"].includes(w)),
    ).toBe(true);
    // More context after the hit than before it.
    expect(s.indexOf("NEEDLE")).toBeLessThan(s.length / 2);
  });

  it("starts at the beginning for an early hit and ends at the end for a late one", () => {
    const early = snippetAround(`needle ${words(60, "word")}`, "needle")!;
    expect(early.startsWith("needle")).toBe(true);
    expect(early.endsWith("…")).toBe(true);
    const late = snippetAround(`${words(60, "word")} needle`, "needle")!;
    expect(late.startsWith("…")).toBe(true);
    expect(late.endsWith("needle")).toBe(true);
  });

  it("shows the start of a hit longer than the snippet", () => {
    const query = words(40, "abc");
    const s = snippetAround(`x ${query} y`, query)!;
    expect(s).toBe(`…${query.slice(0, SNIPPET_LENGTH).trim()}…`);
  });

  it("is null when the text does not contain the query", () => {
    expect(snippetAround("pet beds", "cats")).toBeNull();
  });
});

describe("messageSnippet", () => {
  it("prefers a hit in prose to one in a table's header row", () => {
    const md = "| Product | Margin |\n|---|---|\n| Mirror | 40% |\n\nThe margin on mirrors is high.";
    expect(messageSnippet({ content: md }, "margin")).toBe("The margin on mirrors is high.");
    expect(messageSnippet({ content: "| Product | Margin |\n|---|---|\n| Mirror | 40% |" }, "margin")).toBe(
      "Product · Margin Mirror · 40%",
    );
    expect(plainText(md, { tables: false })).toBe("The margin on mirrors is high.");
  });

  it("prefers the plain text, then the markdown, then the summary, then the opening", () => {
    expect(messageSnippet({ content: "**Pet beds** lead" }, "pet beds")).toBe("Pet beds lead");
    expect(messageSnippet({ content: "use **bold** text" }, "**bold**")).toBe("use **bold** text");
    expect(messageSnippet({ content: "Table", summary: "Demand for *beds* rises" }, "beds")).toBe(
      "Demand for beds rises",
    );
    expect(messageSnippet({ content: "see [the shop](https://beds.example)" }, "beds.example")).toBe(
      "see [the shop](https://beds.example)",
    );
    expect(messageSnippet({ content: "" }, "x")).toBe("");
  });
});

describe("leadSnippet", () => {
  it("cuts at a word near the limit", () => {
    const text = "word ".repeat(60);
    const s = leadSnippet(text);
    expect(s.endsWith("word…")).toBe(true);
    expect(s.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 1);
    expect(leadSnippet("short")).toBe("short");
  });
});

import { describe, expect, it } from "vitest";
import {
  MAX_PASSAGES,
  PASSAGE_MAX_CHARS,
  PASSAGE_MIN_CHARS,
  normaliseText,
  sentences,
  splitIntoPassages,
} from "~/server/projects/passages";

/** Prose with distinct, numbered words, so a cut word would show as a token the source lacks. */
function prose(paragraphs: number, sentencesPerParagraph: number, seed = 0): string {
  let n = seed;
  const sentence = () => {
    const words = Array.from({ length: 8 + (n % 7) }, (_, i) => `w${n}x${i}`);
    n += 1;
    return `Fact${n} ${words.join(" ")}.`;
  };
  return Array.from({ length: paragraphs }, () =>
    Array.from({ length: sentencesPerParagraph }, sentence).join(" "),
  ).join("\n\n");
}

const tokens = (text: string) => text.split(/\s+/).filter(Boolean);

describe("splitIntoPassages", () => {
  it("gives no passages for empty or blank text", () => {
    expect(splitIntoPassages("")).toEqual([]);
    expect(splitIntoPassages("   \n\n\t \r\n  ")).toEqual([]);
  });

  it("keeps a short text as one passage", () => {
    expect(splitIntoPassages("Ships in 3 days.\nFree returns for 30 days.")).toEqual([
      "Ships in 3 days.\nFree returns for 30 days.",
    ]);
  });

  it("makes passages of about 600 to 1,000 characters", () => {
    const passages = splitIntoPassages(prose(40, 6));
    expect(passages.length).toBeGreaterThan(10);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    for (const p of passages.slice(0, -1)) expect(p.length).toBeGreaterThanOrEqual(PASSAGE_MIN_CHARS);
  });

  it("never cuts a word", () => {
    const text = prose(12, 25); // paragraphs of ~2,000 characters: cut between sentences
    const vocabulary = new Set(tokens(text));
    const passages = splitIntoPassages(text);
    for (const p of passages) for (const t of tokens(p)) expect(vocabulary.has(t), `"${t}" is a cut word`).toBe(true);
    // One sentence with no full stop, far longer than a passage: cut between words.
    const run = Array.from({ length: 600 }, (_, i) => `token${i}`).join(" ");
    const runPassages = splitIntoPassages(run);
    expect(runPassages.length).toBeGreaterThan(3);
    expect(runPassages.flatMap(tokens).every((t) => /^token\d+$/.test(t))).toBe(true);
    expect(new Set(runPassages.flatMap(tokens)).size).toBe(600);
  });

  it("splits a very long paragraph at sentence boundaries", () => {
    const paragraph = prose(1, 60);
    const passages = splitIntoPassages(paragraph);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) {
      expect(p).toMatch(/^Fact\d+ /);
      expect(p).toMatch(/\.$/);
    }
  });

  it("starts each passage with the last sentence of the one before", () => {
    const passages = splitIntoPassages(prose(30, 5));
    expect(passages.length).toBeGreaterThan(5);
    for (let i = 1; i < passages.length; i++) {
      const previousSentences = sentences(passages[i - 1].replace(/\n/g, " "));
      const last = previousSentences[previousSentences.length - 1];
      expect(passages[i].startsWith(last), `passage ${i} does not start with "${last}"`).toBe(true);
    }
  });

  it("keeps every sentence whole in at least one passage, even at a boundary", () => {
    const text = prose(20, 9, 1000);
    const passages = splitIntoPassages(text).map((p) => p.replace(/\s+/g, " "));
    for (const sentence of sentences(text.replace(/\n+/g, " "))) {
      expect(
        passages.some((p) => p.includes(sentence)),
        `"${sentence}" is split`,
      ).toBe(true);
    }
  });

  it("can turn the overlap off", () => {
    const text = prose(30, 5);
    const passages = splitIntoPassages(text, { overlapMaxChars: 0 });
    expect(passages.join(" ").length).toBeLessThanOrEqual(text.length);
    expect(tokens(passages.join(" "))).toEqual(tokens(text));
  });

  it("keeps lines (CSV rows) whole and in order", () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Product: Item ${i}; Price: ${i}.99; Stock: ${i * 3}`);
    const passages = splitIntoPassages(rows.join("\n"));
    const seen = passages.flatMap((p) => p.split("\n"));
    for (const row of rows) expect(seen).toContain(row);
    for (const line of seen) expect(rows).toContain(line);
  });

  it("caps the number of passages", () => {
    expect(splitIntoPassages(prose(50, 6), { maxPassages: 5 })).toHaveLength(5);
    // About 10 MB of text: stops at the cap instead of making ~12,000 passages, and quickly.
    const big = prose(2000, 60);
    expect(big.length).toBeGreaterThan(8_000_000);
    const started = Date.now();
    const passages = splitIntoPassages(big);
    expect(passages).toHaveLength(MAX_PASSAGES);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("cuts a single word longer than a passage (the one exception)", () => {
    const blob = "x".repeat(2500);
    const passages = splitIntoPassages(`See ${blob} here.`);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(passages.join("").replace(/[^x]/g, "")).toHaveLength(2500);
  });

  it("respects smaller sizes given as options", () => {
    const passages = splitIntoPassages(prose(10, 6), { minChars: 100, maxChars: 200 });
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(200);
  });
});

describe("normaliseText", () => {
  it("spells whitespace one way", () => {
    expect(
      normaliseText("\uFEFFTitle\r\n\r\n\r\n\r\nBody\u00A0 text\t here  \r\nnext\u200B line\f page two\u0000"),
    ).toBe("Title\n\nBody text here\nnext line\n\npage two");
  });
});

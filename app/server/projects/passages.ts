/**
 * Splits a knowledge-base file's text into the passages retrieval indexes and cites. Pure.
 *
 * - Passages are about 600 to 1,000 characters, cut at paragraph and line boundaries (a
 *   passage that has reached 600 ends at the next paragraph break); a line that does not fit is
 *   cut between sentences, a sentence longer than a passage between words. A word is never cut
 *   (a single "word" over the maximum, a long URL or base64 blob, is the only exception).
 * - Each passage after the first starts with the last sentence of the one before (when it is
 *   short), so a fact that straddles a boundary is found whole in one of them.
 * - At most `maxPassages` (2,000, about 2 MB of text) are made: a 10 MB file cannot flood the
 *   database. A result of that many passages may have left the rest of the text out.
 */

export const PASSAGE_MIN_CHARS = 600;
export const PASSAGE_MAX_CHARS = 1000;
export const MAX_PASSAGES = 2000;
/** The overlap is the previous passage's last sentence, when it is this short or shorter. */
export const PASSAGE_OVERLAP_MAX_CHARS = 250;

export interface PassageOptions {
  /** Once a passage is this long it ends at the next paragraph break. */
  minChars?: number;
  /** No passage is longer (but for a single word longer than this). */
  maxChars?: number;
  maxPassages?: number;
  /** 0 turns the overlap off. */
  overlapMaxChars?: number;
}

/** A line, sentence or run of words, and what joins it to the unit before it. */
interface Unit {
  text: string;
  sep: "\n\n" | "\n" | " ";
  /** Already one sentence (or a run of words): never split again. */
  whole?: boolean;
}

export function splitIntoPassages(text: string, opts: PassageOptions = {}): string[] {
  const maxChars = Math.max(20, opts.maxChars ?? PASSAGE_MAX_CHARS);
  const minChars = Math.min(opts.minChars ?? PASSAGE_MIN_CHARS, maxChars);
  const maxPassages = Math.max(0, opts.maxPassages ?? MAX_PASSAGES);
  const overlapMax = Math.max(0, opts.overlapMaxChars ?? PASSAGE_OVERLAP_MAX_CHARS);

  const passages: string[] = [];
  if (maxPassages === 0) return passages;
  let parts: Unit[] = [];
  let length = 0;
  /** Characters of `parts` that repeat the previous passage. */
  let overlapLength = 0;

  const joinedLength = (unit: Unit) => length + (parts.length > 0 ? unit.sep.length : 0) + unit.text.length;
  const flush = () => {
    passages.push(parts.map((p, i) => (i === 0 ? p.text : p.sep + p.text)).join(""));
  };

  const source = units(normaliseText(text), maxChars);
  const pending: Unit[] = [];
  for (;;) {
    const unit = pending.shift() ?? source.next().value;
    if (!unit) break;
    if (!unit.whole && parts.length > 0 && length < minChars && joinedLength(unit) > maxChars) {
      // A line that does not fit a passage still short of the minimum: fill it by sentences.
      const pieces = sentences(unit.text);
      if (pieces.length > 1) {
        pending.unshift(
          ...pieces.map((piece, i): Unit => ({ text: piece, sep: i === 0 ? unit.sep : " ", whole: true })),
        );
        continue;
      }
    }
    const newParagraph = unit.sep === "\n\n";
    if (parts.length > 0 && (joinedLength(unit) > maxChars || (newParagraph && length >= minChars))) {
      flush();
      if (passages.length >= maxPassages) return passages;
      const overlap = overlapMax > 0 ? lastSentence(parts[parts.length - 1].text) : "";
      if (overlap && overlap.length <= overlapMax && overlap.length + unit.sep.length + unit.text.length <= maxChars) {
        parts = [{ text: overlap, sep: " " }];
        length = overlapLength = overlap.length;
      } else {
        parts = [];
        length = overlapLength = 0;
      }
    }
    length = joinedLength(unit);
    parts.push(unit);
  }
  if (parts.length === 0) return passages;
  // A short tail (a closing line after a long paragraph) joins the passage before when it fits.
  const previous = passages[passages.length - 1];
  const tail = overlapLength > 0 ? parts.slice(1) : parts;
  if (previous !== undefined && tail.length > 0) {
    const tailText = tail.map((p, i) => (i === 0 ? p.text : p.sep + p.text)).join("");
    if (tailText.length < minChars / 4 && previous.length + tail[0].sep.length + tailText.length <= maxChars) {
      passages[passages.length - 1] = previous + tail[0].sep + tailText;
      return passages;
    }
  }
  flush();
  return passages;
}

/**
 * One spelling of whitespace: LF line ends, single spaces, no control or zero-width
 * characters, no spaces at line ends, at most one blank line in a row; a form feed (a page
 * break) becomes a paragraph break.
 */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u2028\u0085]/g, "\n")
      .replace(/[\f\u2029]/g, "\n\n")
      .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g, "")
      .replace(/[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** The text as units no longer than `maxChars`, in order (lazily: a capped split stops early). */
function* units(text: string, maxChars: number): Generator<Unit> {
  if (!text) return;
  let first = true;
  for (const paragraph of text.split("\n\n")) {
    let lineSep: Unit["sep"] = "\n\n";
    for (const line of paragraph.split("\n")) {
      if (!line) continue;
      const sep: Unit["sep"] = first ? "\n" : lineSep;
      first = false;
      lineSep = "\n";
      if (line.length <= maxChars) {
        yield { text: line, sep };
        continue;
      }
      let pieceSep: Unit["sep"] = sep;
      for (const sentence of sentences(line)) {
        for (const piece of sentence.length <= maxChars ? [sentence] : wordRuns(sentence, maxChars)) {
          yield { text: piece, sep: pieceSep, whole: true };
          pieceSep = " ";
        }
      }
    }
  }
}

/** A long sentence cut between words into runs no longer than `maxChars`. */
function wordRuns(sentence: string, maxChars: number): string[] {
  const runs: string[] = [];
  let run = "";
  for (const word of sentence.split(" ")) {
    if (!word) continue;
    if (run && run.length + 1 + word.length > maxChars) {
      runs.push(run);
      run = "";
    }
    if (word.length > maxChars) {
      // No space to cut at: the one place a "word" (a URL, a blob) is cut.
      for (let i = 0; i < word.length; i += maxChars) runs.push(word.slice(i, i + maxChars));
      continue;
    }
    run = run ? `${run} ${word}` : word;
  }
  if (run) runs.push(run);
  return runs;
}

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("en", { granularity: "sentence" }) : null;

/** A line's sentences, trimmed (Intl.Segmenter's rules; a punctuation split where it is missing). */
export function sentences(line: string): string[] {
  const found = segmenter
    ? Array.from(segmenter.segment(line), (s) => s.segment.trim())
    : (line.match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g) ?? [line]).map((s) => s.trim());
  return found.filter((s) => s !== "");
}

function lastSentence(text: string): string {
  const all = sentences(text.length > 2000 ? text.slice(-2000) : text);
  return all[all.length - 1] ?? "";
}

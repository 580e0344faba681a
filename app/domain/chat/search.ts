/**
 * Search over chat history, free of HTTP and storage: the query's limits and the short snippet
 * of a message that shows where a search hit (`GET /api/chats?q=`). The SQL that finds the hits
 * lives in db/chats.ts; this module only works on decoded message text.
 */

export const SEARCH_QUERY_MAX = 200;
/** About how long a snippet is, in characters (plus an ellipsis at a cut end). */
export const SNIPPET_LENGTH = 120;
/** Of the room left around a hit, the share shown before it. */
const LEAD_SHARE = 0.3;

/** Collapses runs of whitespace (newlines included) to single spaces and trims. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A table's header rule (`|---|:---:|`) or a horizontal rule (`---`). */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/**
 * Markdown as the plain words a reader sees, for a snippet: no heading, list, quote or emphasis
 * marks, table pipes and rules, code fences or link targets. Not a parser; good enough for a
 * one-line preview, and a query the stripping removes is still found in the raw text.
 */
export function plainText(markdown: string, { tables = true }: { tables?: boolean } = {}): string {
  const lines = markdown
    .replace(/```[^\n]*/g, " ") // code fences (the code itself stays)
    .split("\n")
    .map((line) => {
      if (TABLE_RULE.test(line)) return "";
      const row = /^\s*\|(.*)\|\s*$/.exec(line);
      if (row && !tables) return "";
      const text = row
        ? row[1]
            .split("|")
            .map((cell) => cell.trim())
            .filter(Boolean)
            .join(" · ")
        : line;
      return text
        .replace(/^\s{0,3}#{1,6}\s+/, "") // headings
        .replace(/^\s{0,3}>\s?/, "") // quotes
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ""); // list markers
    });
  return collapseSpaces(
    lines
      .join("\n")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // images: their alt text
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") // links: their text
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2") // bold
      .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?!\w)/g, "$1$3") // italics
      .replace(/`([^`]+)`/g, "$1"), // inline code
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A regular expression finding `query` in text: literal, ignoring case, any run of whitespace in
 * the query matching any run in the text. Null for a blank query. `global` finds every hit.
 */
export function searchPattern(query: string, { global = false }: { global?: boolean } = {}): RegExp | null {
  const needle = collapseSpaces(query);
  if (!needle) return null;
  return new RegExp(needle.split(" ").map(escapeRegExp).join("\\s+"), global ? "gi" : "i");
}

/** Where `query` first occurs in `text`, ignoring case (and how long the hit is there). */
export function findHit(text: string, query: string): { index: number; length: number } | null {
  const found = searchPattern(query)?.exec(text);
  return found ? { index: found.index, length: found[0].length } : null;
}

/**
 * About `length` characters of `text` around the first hit of `query`, cut at word boundaries,
 * with "…" where text was left out. Null when the text does not contain the query.
 */
export function snippetAround(text: string, query: string, length: number = SNIPPET_LENGTH): string | null {
  const flat = collapseSpaces(text);
  const hit = findHit(flat, query);
  if (!hit) return null;
  const hitEnd = hit.index + hit.length;
  if (flat.length <= length) return flat;

  let start: number;
  let end: number;
  if (hit.length >= length) {
    start = hit.index;
    end = hit.index + length;
  } else {
    const room = length - hit.length;
    start = Math.max(0, hit.index - Math.floor(room * LEAD_SHARE));
    end = Math.min(flat.length, start + length);
    start = Math.max(0, end - length);
    // Cut at spaces, never inside the hit, and only when a word boundary is near.
    if (start > 0) {
      const space = flat.indexOf(" ", start);
      if (space !== -1 && space < hit.index && space - start <= 15) start = space + 1;
    }
    if (end < flat.length) {
      const space = flat.lastIndexOf(" ", end);
      if (space >= hitEnd && end - space <= 15) end = space;
    }
  }
  const body = flat.slice(start, end).trim();
  return `${start > 0 ? "…" : ""}${body}${end < flat.length ? "…" : ""}`;
}

/** The opening of a text as a snippet (for a hit that lies only in markup the preview strips). */
export function leadSnippet(text: string, length: number = SNIPPET_LENGTH): string {
  const flat = collapseSpaces(text);
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length - 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The snippet of a matching message: around the hit in its prose (a sentence tells more than a
 * table's header row), else in its plain text with tables, else in its markdown, else in its
 * executive summary; the message's opening when the hit is only in hidden markup.
 */
export function messageSnippet(message: { content: string; summary?: string; fullResearch?: string }, query: string): string {
  // A research answer's content is the spec's fallback line; what the merchant reads is its analysis.
  const text = message.fullResearch ?? message.content;
  return (
    snippetAround(plainText(text, { tables: false }), query) ??
    snippetAround(plainText(text), query) ??
    snippetAround(text, query) ??
    (message.summary ? snippetAround(plainText(message.summary), query) : null) ??
    leadSnippet(plainText(text) || message.summary || "")
  );
}

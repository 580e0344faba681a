/**
 * Help Center search (issue 16): pure full text over the articles' titles, summaries and bodies.
 * Title hits rank first, then summary, then body. Each query word also matches the articles'
 * words that start with it, and words within a small edit distance (a swapped pair of letters
 * counts as one edit), so "shopfiy export" still finds the Shopify export article.
 */

export interface SearchableArticle {
  category: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export interface HelpSearchHit<A extends SearchableArticle = SearchableArticle> {
  article: A;
  score: number;
  /** About 160 characters of the article around the first match, plain text. */
  snippet: string;
  /** The article words the query matched (after typo correction), for highlighting. */
  matched: string[];
}

export interface HelpSearchResult<A extends SearchableArticle = SearchableArticle> {
  hits: HelpSearchHit<A>[];
  /** The query as it was understood when a word was corrected ("shopify export"), else null. */
  correctedQuery: string | null;
}

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from get how i if in into is it its me my of on or so the their there this to was what when where which who why will with you your".split(" "),
);

const FIELD_WEIGHT = { title: 20, summary: 8, body: 1 } as const;
/** Body hits count up to this many times: a long article must not outrank a precise title or summary. */
const BODY_HIT_CAP = 5;
const SNIPPET_LENGTH = 160;

export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").match(/[a-z0-9]+/g) ?? []).filter((t) => !STOP_WORDS.has(t));
}

/** Markdown to the words a reader sees: links keep their text, markup goes. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[a-z]*\n?/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
    .replace(/^>\s?/gm, "")
    .replace(/[*`|]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a query word may be from an article word: none under 4 letters, 1 up to 6, 2 from 7. */
export function allowedEdits(term: string): number {
  if (term.length < 4) return 0;
  return term.length < 7 ? 1 : 2;
}

interface IndexedArticle<A> {
  article: A;
  text: string;
  counts: { title: Map<string, number>; summary: Map<string, number>; body: Map<string, number> };
}

function countTokens(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokenize(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

export interface HelpSearchIndex<A extends SearchableArticle> {
  articles: IndexedArticle<A>[];
  vocabulary: string[];
}

export function buildSearchIndex<A extends SearchableArticle>(articles: readonly A[]): HelpSearchIndex<A> {
  const indexed = articles.map((article) => {
    const text = plainText(article.body);
    return { article, text, counts: { title: countTokens(article.title), summary: countTokens(article.summary), body: countTokens(text) } };
  });
  const vocabulary = new Set<string>();
  for (const a of indexed) for (const field of Object.values(a.counts)) for (const t of field.keys()) vocabulary.add(t);
  return { articles: indexed, vocabulary: [...vocabulary].sort() };
}

/**
 * Merchant shorthand is a word in its own right, never a typo of a nearby one ("roas" is not
 * "rows"): it matches only itself or a longer word it starts.
 */
export const MERCHANT_TERMS: ReadonlySet<string> = new Set(["roas", "cpa", "cpc", "cpm", "aov", "cog", "cogs", "sku", "ctr", "ugc", "ltv", "moq", "gmv", "cvr"]);

/** The article words a query word stands for, each with how much a hit on it is worth. */
function expandTerm(term: string, vocabulary: string[]): Map<string, number> {
  const out = new Map<string, number>();
  const max = MERCHANT_TERMS.has(term) ? 0 : allowedEdits(term);
  for (const word of vocabulary) {
    if (word === term) out.set(word, 1);
    else if (term.length >= 3 && word.startsWith(term)) out.set(word, 0.8);
    else if (max > 0) {
      const d = editDistance(term, word, max);
      if (d <= max) out.set(word, d === 1 ? 0.7 : 0.5);
    }
  }
  return out;
}

function makeSnippet(text: string, words: string[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    const re = new RegExp(`\\b${w}`, "i");
    const found = re.exec(lower);
    if (found && (at === -1 || found.index < at)) at = found.index;
  }
  if (text.length <= SNIPPET_LENGTH) return text;
  if (at === -1) return text.slice(0, SNIPPET_LENGTH).replace(/\s+\S*$/, "") + "…";
  let start = Math.max(0, at - 50);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

export function searchHelp<A extends SearchableArticle>(index: HelpSearchIndex<A>, query: string, limit = 20): HelpSearchResult<A> {
  const terms = [...new Set(tokenize(query))];
  const expansions = terms.map((term) => ({ term, words: expandTerm(term, index.vocabulary) }));
  // A word no article has (even allowing for a typo) means no article answers the query.
  if (expansions.length === 0 || expansions.some((e) => e.words.size === 0)) return { hits: [], correctedQuery: null };

  // A word with no exact or prefix match is a typo: say what it was read as.
  let corrected = false;
  const understood = expansions.map(({ term, words }) => {
    if ([...words.values()].some((w) => w >= 0.8)) return term;
    corrected = true;
    return [...words.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
  });

  const phrase = query.trim().toLowerCase();
  const hits: HelpSearchHit<A>[] = [];
  for (const entry of index.articles) {
    let score = 0;
    let everyTerm = true;
    const matched: string[] = [];
    for (const { words } of expansions) {
      let best = 0;
      for (const [word, weight] of words) {
        const value =
          weight *
          ((entry.counts.title.get(word) ?? 0) * FIELD_WEIGHT.title +
            (entry.counts.summary.get(word) ?? 0) * FIELD_WEIGHT.summary +
            Math.min(entry.counts.body.get(word) ?? 0, BODY_HIT_CAP) * FIELD_WEIGHT.body);
        if (value > 0) matched.push(word);
        best = Math.max(best, value);
      }
      if (best === 0) everyTerm = false;
      score += best;
    }
    if (!everyTerm || score === 0) continue;
    if (phrase.length >= 3 && entry.article.title.toLowerCase().includes(phrase)) score += 50;
    hits.push({ article: entry.article, score, snippet: makeSnippet(entry.text, matched), matched: [...new Set(matched)] });
  }
  hits.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title));
  return { hits: hits.slice(0, limit), correctedQuery: corrected ? understood.join(" ") : null };
}

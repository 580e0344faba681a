/**
 * Turning free text into comparable terms, shared by catalog retrieval and the analyst's intent
 * detection so both agree on what a word is.
 */

/** Words that carry no subject: filler, pronouns and question words. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but of to in on at for from by with about into over than as is are was were be been being am " +
    "do does did doing have has had can could should would will shall may might must " +
    "i me my mine we us our you your yours he she it its they them their theirs this that these those there here " +
    "what which who whom whose when where why how whats " +
    "some any all more most much many few each other another same such only also just very really too so then now " +
    "please pls thanks thank ok okay yes no not hi hello hey help " +
    "give show tell list get let lets make want need like know think see look looking go going " +
    "one ones thing things stuff something anything good great nice new"
  ).split(" "),
);

/** Reduces simple English plurals so "mats", "brushes" and "accessories" meet their singulars. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Lowercased, stemmed terms in order; hyphenated words also split ("self-cleaning" → "self", "cleaning"). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

/** Terms with filler words removed. */
export function contentTerms(text: string): string[] {
  return tokenize(text).filter((term) => !FILLER_WORDS.has(term));
}

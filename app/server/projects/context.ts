/**
 * What a project chat's answer knows about the business: the instructions, the canon, and the
 * knowledge-base passages that best match the question (FTS5 with BM25, porter-stemmed).
 */
import type { Canon } from "~/domain/contracts/projects";
import type { Database } from "../../../db/client";
import { findProject, searchPassages } from "../../../db/projects";
import type { ProjectContext } from "../ai/types";

/** Passages sent with each question: enough to answer from, few enough to read. */
export const PASSAGES_PER_QUESTION = 4;

// Words that say nothing about what the merchant is asking for.
const STOPWORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its me my of on or our " +
    "should so that the their them then there these they this those to us was we were what when where which who why will with " +
    "would you your about any some tell give show please want need much many more most also just than too very get got make " +
    "let lets know think say said write use using one two it's i'm we're what's " +
    // Chat filler: "does it have to go…", "can they still…", "what do people…", "leave stuff in".
    "go goes going take takes took still actually really ok okay people someone anyone something stuff thing things " +
    "up out"
  ).split(" "),
);

/**
 * Question phrases and what the documents say instead: "how long" asks for days, "send back"
 * is a return. Applied before the words are read, in order; the phrase is replaced by the words.
 */
const PHRASES: [RegExp, string][] = [
  [/\bhow (?:long|soon|quickly|fast)\b/g, "days time"],
  [/\bhow (?:heavy|much (?:does|do|can|will) (?:\w+ ){1,3}weigh)\b/g, "weight"],
  [/\bhow much\b/g, "price"],
  [/\bhow (?:big|large|wide)\b/g, "size dimensions"],
  [/\bhow (thick|tall|high|deep)\b/g, "$1 inches"],
  [
    /\b(?:send|sends|sent|sending|bring|brings|brought|ship|ships|shipped|mail|mails|mailed|give|take|takes)(?: [\p{L}\p{N}'-]+){0,2} back\b/gu,
    "return",
  ],
  [/\bmoney back\b/g, "refund"],
  [/\b(?:show|shows|showed|shown|turn|turns|turned) up\b/g, "arrived"],
  [/\bsplit (?:the |their |a |my )?(?:cost|price|payment|payments|bill|purchase|total)\b/g, "installments payments"],
  [/\bpay (?:later|over time|in parts)\b/g, "installments"],
  [/\bother (?:brands|companies|stores|shops|sellers)\b/g, "competitors"],
];

/**
 * Merchant words and the words policies, spec sheets and contracts use for the same thing.
 * A group is one idea: a question word of a group also searches the group's other words. Kept
 * small and general (no store's own product names); porter stemming already joins "ship",
 * "ships" and "shipping", so a group lists one form per stem.
 */
const SYNONYM_GROUPS: string[][] = [
  ["ship", "delivery", "deliver"],
  ["damaged", "defective"],
  ["fee", "charge", "surcharge"],
  ["discount", "coupon", "promo"],
  ["installments", "instalments"],
  ["slogan", "tagline", "motto"],
  ["supplier", "manufacturer", "factory", "vendor"],
  ["contract", "agreement"],
  ["cancel", "terminate"],
  ["stock", "inventory"],
  ["duties", "customs", "import", "tariff"],
  ["competitor", "rival"],
  ["color", "colour"],
];

/**
 * Words that point at others but not back: a merchant's "guarantee" is the documents'
 * "warranty", while "warranty" should not pull in every "money-back guarantee".
 */
const ONE_WAY: Record<string, string[]> = {
  arrive: ["delivery", "ship"],
  arrival: ["delivery", "ship"],
  send: ["ship", "delivery"],
  dispatch: ["ship"],
  guarantee: ["warranty"],
  cost: ["price"],
  expensive: ["price"],
  cheap: ["price"],
  ripped: ["damaged", "torn"],
  torn: ["damaged"],
  broken: ["damaged", "defective"],
  faulty: ["defective"],
  heavy: ["weight"],
  weigh: ["weight"],
  pounds: ["lb"],
  freezer: ["refrigeration", "fridge"],
  fridge: ["refrigeration"],
  stuffed: ["fill"],
  stuffing: ["fill"],
  try: ["trial"],
  weekend: ["saturday", "sunday"],
  open: ["hours"],
  support: ["customer care", "customer service"],
  shopper: ["customer"],
  client: ["customer"],
  buyer: ["customer"],
};

const SYNONYMS: Map<string, string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (word: string, others: string[]) => map.set(word, [...new Set([...(map.get(word) ?? []), ...others])]);
  for (const group of SYNONYM_GROUPS)
    for (const word of group)
      add(
        word,
        group.filter((w) => w !== word),
      );
  for (const [word, others] of Object.entries(ONE_WAY)) add(word, others);
  return map;
})();

/** The table entry for a word as asked ("arrives", "shipped", "weekends", "guaranteed"). */
function synonymsOf(word: string): string[] {
  for (const form of wordForms(word)) {
    const found = SYNONYMS.get(form);
    if (found) return found;
  }
  return [];
}

/** A word and the base forms it may come from: "arrives" arrive, "shipped" ship, "tries" try. */
export function wordForms(word: string): string[] {
  const forms = [word];
  const strip = (suffix: string, add = "") => {
    if (word.length - suffix.length >= 2 && word.endsWith(suffix)) forms.push(word.slice(0, -suffix.length) + add);
  };
  strip("ies", "y");
  strip("ied", "y");
  strip("es");
  strip("s");
  strip("ed");
  strip("ed", "e");
  strip("d");
  strip("ing");
  strip("ing", "e");
  for (const f of forms.slice(1)) if (/([^aeiouls])\1$/.test(f)) forms.push(f.slice(0, -1)); // shipped → shipp → ship
  return forms;
}

/** Most words a search sends (the question's own come first, then the words they stand for). */
export const MAX_SEARCH_TERMS = 24;

/**
 * The searchable words of a question: lower case, no stopwords, question phrases replaced by
 * what documents say ("how long" → days, "send back" → return), each once; then the merchant
 * synonyms of those words ("guarantee" also searches "warranty"). The question's own words
 * come first: at most 16 of them, 24 terms in all.
 */
export function searchTerms(text: string): string[] {
  let lower = text.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  for (const [pattern, replacement] of PHRASES) lower = lower.replace(pattern, ` ${replacement} `);
  const words = lower.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const terms = words
    .map((w) => w.replace(/'s$/, "").replace(/^-+|-+$/g, ""))
    .filter((w) => w.length >= 2 && !STOPWORDS.has(w));
  const own = [...new Set(terms)].slice(0, 16);
  const all = new Set(own);
  for (const word of own) for (const synonym of synonymsOf(word)) all.add(synonym);
  return [...all].slice(0, MAX_SEARCH_TERMS);
}

/**
 * The context of the chat's project for a question (and the question before it, so "and how
 * fast does it ship?" keeps its subject). Null when the project is gone.
 */
export async function projectContextFor(
  db: Database,
  userId: number,
  projectId: string,
  question: string,
  previousQuestion?: string,
): Promise<ProjectContext | null> {
  const project = await findProject(db, userId, projectId);
  if (!project) return null;
  const terms = searchTerms(question);
  let passages = await searchPassages(db, userId, projectId, terms, PASSAGES_PER_QUESTION);
  if (passages.length === 0 && previousQuestion) {
    passages = await searchPassages(db, userId, projectId, searchTerms(`${question} ${previousQuestion}`), PASSAGES_PER_QUESTION);
  }
  const canon = (project.canonContext ?? {}) as Canon;
  return {
    id: project.id,
    name: project.name,
    instructions: project.businessInstructions,
    canon: Object.entries(canon)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, entry]) => ({ path, value: entry.value, source: entry.source })),
    passages: passages.map(({ id, fileId, fileName, position, text }) => ({ id, fileId, fileName, position, text })),
  };
}

/**
 * The canon's auto-rules (issue 12, ADR 010): read the merchant's own words (business
 * instructions, research data, knowledge-base passages) and derive the few facts every answer
 * needs: niche, price band, audience and its age, brand voice, shipping promise, competitors.
 *
 * Deterministic keyword and pattern rules, no network and no model: the same text always gives
 * the same entries, each marked `source: "ai"` with the sentence it was read from. They only
 * take what a sentence states; a rule that is not sure derives nothing, and neither does a denied,
 * wished-for or planned statement ("we don't offer free shipping", "shoppers want free shipping").
 *
 * Precedence: the instructions, then the research data (its named keys before its free text),
 * then the files in knowledge-base order; within each, the first sentence that states a fact
 * gives it.
 */
import { canonValuesEqual, changedCanonPaths, mergeCanon } from "~/domain/canon";
import type { Canon, CanonEntry, CanonOrigin, CanonValue } from "~/domain/contracts/projects";

export interface AutoRuleInput {
  businessInstructions: string;
  /** Any JSON the merchant saved as research data. */
  researchData: unknown;
  /** Indexed knowledge-base files with their passages, in knowledge-base order. */
  files: { id: string; name: string; passages: string[] }[];
}

export const DERIVED_PATHS = [
  "business.niche",
  "pricing.band",
  "audience.primary",
  "audience.primary.age",
  "brand.voice",
  "shipping.promise",
  "competitors",
] as const;
export type DerivedPath = (typeof DERIVED_PATHS)[number];

export const EXCERPT_MAX_CHARS = 240;
/** Longer "sentences" are table rows or extraction noise; only their start is read. */
const SENTENCE_READ_CHARS = 1_000;
/** Bounds the work on a large knowledge base (the rules stop early once every path is found). */
const MAX_SENTENCES = 20_000;
const RESEARCH_MAX_DEPTH = 6;
const RESEARCH_MAX_NODES = 2_000;

interface Finding {
  path: DerivedPath;
  value: CanonValue;
}
type OriginPlace = Omit<CanonOrigin, "excerpt">;

// ── Text helpers ──────────────────────────────────────────────────────────────────────────

/** Sentences of a text: split at line breaks and at . ! ? before a space (not after "e.g."). */
function sentencesOf(text: string): string[] {
  return text
    .split(/\r?\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e|vs|etc|approx|incl|Mr|Mrs|Ms|Dr|St)\.)\s+/i))
    .map((sentence) => sentence.replace(/^\s*(?:[-*•–]|\d{1,2}[.)])\s+/, "").trim())
    .filter((sentence) => /[A-Za-z]/.test(sentence));
}

function excerptOf(sentence: string): string {
  return sentence.length <= EXCERPT_MAX_CHARS ? sentence : `${sentence.slice(0, EXCERPT_MAX_CHARS - 1).trimEnd()}…`;
}

/** The phrase up to the first match of `end`, without trailing punctuation or a dangling "and". */
function cutAt(phrase: string, end: RegExp): string {
  const stop = phrase.search(end);
  const cut = stop < 0 ? phrase : phrase.slice(0, stop);
  return cut
    .replace(/[\s.,;:!?'"”’)-]+$/, "")
    .replace(/\s+(?:and|or|&)$/i, "")
    .trim();
}

/** Words that make what follows something other than a fact: denied, wished for, planned, asked about. */
const NOT_ASSERTED =
  /\b(?:not|never|no|no longer|without|avoid|instead of|rather than|nor|want|wants|wanted|expect|expects|prefer|prefers|looking for|ask for|asks for|would like|if|whether|plan to|plans to|planning to|might|maybe|may|considering|consider|hope to|hoping to|could|should we)\b|n't\b|\bdont\b/i;

/** The clause of `sentence` before `index` (from the last , ; or :). */
function clauseBefore(sentence: string, index: number): string {
  const before = sentence.slice(0, index);
  return before.slice(Math.max(before.lastIndexOf(","), before.lastIndexOf(";"), before.lastIndexOf(":")) + 1);
}

/** Whether what starts at `index` is stated as a fact ("we don't offer free shipping" is not). */
function assertedAt(sentence: string, index: number): boolean {
  return !NOT_ASSERTED.test(clauseBefore(sentence, index));
}

/** The first match of any pattern that is stated as a fact. */
function firstMatch(sentence: string, patterns: readonly RegExp[]): RegExpExecArray | null {
  for (const pattern of patterns) {
    const match = pattern.exec(sentence);
    if (match && assertedAt(sentence, match.index)) return match;
  }
  return null;
}

/** A labelled phrase that says there is nothing ("Niche: not decided yet", "Shipping: TBD"). */
const EMPTY_PHRASE = /^(?:not|no|never|none|n\/a|tbd|tba|unknown|undecided)\b/i;
const words = (phrase: string) => phrase.split(/\s+/).filter(Boolean).length;
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

// ── Audience ──────────────────────────────────────────────────────────────────────────────

/** Nouns that name who buys; the generic ones say something only with a modifier ("dog lovers"). */
const AUDIENCE_NOUNS =
  "people|women|men|moms|mums|mothers|dads|fathers|parents|families|couples|students|teens|teenagers|millennials|gen z|" +
  "seniors|retirees|professionals|athletes|runners|cyclists|hikers|climbers|gamers|travell?ers|homeowners|gardeners|" +
  "beginners|yogis|creators|entrepreneurs|brides|nurses|teachers|kids|children|babies|toddlers|shoppers|buyers|" +
  "customers|consumers|clients|adults|owners|workers|commuters|enthusiasts|lovers|fans|ladies|guys|girls|boys";
const GENERIC_AUDIENCE =
  /^(?:people|shoppers|buyers|customers|consumers|clients|adults|owners|workers|enthusiasts|lovers|fans)$/i;
const AUDIENCE_NOUN = new RegExp(String.raw`\b(?:${AUDIENCE_NOUNS})\b`, "i");
const AUDIENCE_HEAD = new RegExp(String.raw`^(?:[\w'-]+\s+){0,3}?(?:${AUDIENCE_NOUNS})\b`, "i");

const AUDIENCE_LABELLED = [
  /\b(?:target audience|target market|target customers?|target demographic|ideal customers?|customer base|our audience|audience)\s*(?:is|are|includes?|consists of|:|=|–|—|-)\s+(?<phrase>.+)/i,
];
const AUDIENCE_CUES = [
  new RegExp(
    String.raw`\bour\s+(?:customers|buyers|shoppers|clients)\s+are\s+(?:(?:mostly|mainly|primarily|largely|typically|usually)\s+)?(?<phrase>(?:[\w'-]+\s+){0,3}?(?:${AUDIENCE_NOUNS})\b.*)`,
    "i",
  ),
  new RegExp(
    String.raw`\b(?:for|targeting|targets|target|aimed at|aimed towards|serving|serve|sell to|selling to|market to|cater to|caters to|catering to)\s+(?<phrase>(?:[\w'-]+\s+){0,3}?(?:${AUDIENCE_NOUNS})\b.*)`,
    "i",
  ),
];
const AUDIENCE_END =
  /[,;:()!?]|\.(?:\s|$)|\s[-–—]\s|\s+(?:and|but|so|because|while|since|to)\s+(?:we|our|they|it|ship|sell|buy|us)\b|\s+(?:but|because|so that|so they|although)\b/i;

const AGE_PATTERNS: readonly { pattern: RegExp; value: (g: Record<string, string>) => string }[] = [
  {
    pattern:
      /\b(?:aged|ages|age|age range|between the ages of)\s*:?\s*(?<low>\d{1,2})\s*(?:-|–|to|and)\s*(?<high>\d{1,2})\b/i,
    value: (g) => `${g.low}-${g.high}`,
  },
  {
    pattern: /\b(?<low>\d{1,2})\s*(?:-|–|to)\s*(?<high>\d{1,2})[- ]?(?:year[- ]olds?|years?[- ]old|yo)\b/i,
    value: (g) => `${g.low}-${g.high}`,
  },
  {
    pattern: /\bin\s+their\s+(?<low>[1-9]0)s(?:\s+(?:and|to|or)\s+(?<high>[1-9]0)s)?/i,
    value: (g) => (g.high ? `${g.low}s-${g.high}s` : `${g.low}s`),
  },
  {
    pattern: /\b(?:aged|age)\s+(?<low>\d{1,2})\s*(?:\+|and (?:over|up|older)|or older)/i,
    value: (g) => `${g.low}+`,
  },
  { pattern: /\b(?<low>\d{1,2})\+\s*(?:year[- ]olds?|years?\b)/i, value: (g) => `${g.low}+` },
];

function ageIn(text: string): { age: string; match: string } | null {
  for (const { pattern, value } of AGE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match?.groups) continue;
    const low = Number.parseInt(match.groups.low, 10);
    const high = match.groups.high ? Number.parseInt(match.groups.high, 10) : undefined;
    if (high !== undefined && high <= low) continue; // "3-5" and "20-10" are not age ranges
    return { age: value(match.groups), match: match[0] };
  }
  return null;
}

/** The audience phrase without its age ("women aged 25-40" → "women"), and the age. */
function splitAudience(phrase: string): { primary: string | null; age: string | null } {
  const age = ageIn(phrase);
  let primary = age ? phrase.replace(age.match, " ") : phrase;
  primary = primary
    .replace(/\b(?:who are|that are|aged|ages)\s*$/i, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^(?:(?:the|our|your|all|a|an|any|every|those|these|mostly|mainly|primarily|of)\s+)+/i, "")
    .replace(/[\s,;:-]+$/, "")
    .trim();
  const informative =
    primary.length > 0 && primary.length <= 100 && !GENERIC_AUDIENCE.test(primary) && !EMPTY_PHRASE.test(primary);
  return { primary: informative ? primary : null, age: age?.age ?? null };
}

function audienceIn(sentence: string): Finding[] {
  if (!AUDIENCE_NOUN.test(sentence) && !/audience|market|demographic|customer/i.test(sentence)) return [];
  const labelled = firstMatch(sentence, AUDIENCE_LABELLED);
  const cue = labelled ?? firstMatch(sentence, AUDIENCE_CUES);
  const findings: Finding[] = [];
  let age: string | null = null;
  if (cue?.groups) {
    const phrase = cutAt(cue.groups.phrase, AUDIENCE_END);
    // An unlabelled cue must lead with a noun that names people ("for busy parents", not "for 30 days").
    if (labelled || AUDIENCE_HEAD.test(phrase)) {
      const split = splitAudience(phrase);
      if (split.primary) findings.push({ path: "audience.primary", value: split.primary });
      age = split.age;
    }
  }
  // An age alone counts in a sentence about people ("most buyers are 25-34 years old").
  if (!age && AUDIENCE_NOUN.test(sentence)) {
    const found = ageIn(sentence);
    if (found && assertedAt(sentence, sentence.indexOf(found.match))) age = found.age;
  }
  if (age) findings.push({ path: "audience.primary.age", value: age });
  return findings;
}

// ── Niche ─────────────────────────────────────────────────────────────────────────────────

const SELL_ADVERB = String.raw`(?:(?:mainly|mostly|only|primarily|currently|now|also|exclusively)\s+)?`;
const NICHE_PATTERNS = [
  /\b(?:niche|product category|store category|vertical)\s*(?:is|:|=|–|—|-)\s+(?<phrase>.+)/i,
  /^(?:(?:our|my)\s+)?(?:category|industry)\s*(?:is|:|=|–|—|-)\s+(?<phrase>.+)/i,
  new RegExp(
    String.raw`\b(?:we|i)\s+${SELL_ADVERB}(?:sell|offer|make|design|create|stock|carry|retail|import|produce|handcraft|craft|manufacture)\s+${SELL_ADVERB}(?<phrase>.+)`,
    "i",
  ),
  new RegExp(
    String.raw`\b(?:we|i)(?:'re|'m|\s+are|\s+am)\s+${SELL_ADVERB}(?:selling|offering|making|designing|stocking|importing|handcrafting|manufacturing)\s+${SELL_ADVERB}(?<phrase>.+)`,
    "i",
  ),
  new RegExp(
    String.raw`\b(?:our|my|the|this)\s+(?:online\s+)?(?:store|shop|brand|business|company|boutique)\s+${SELL_ADVERB}(?:sells|offers|makes|carries|stocks|designs|is selling)\s+${SELL_ADVERB}(?<phrase>.+)`,
    "i",
  ),
  /\b(?:we|i|our (?:store|shop|brand|business|company))\s+speciali[sz]es?\s+in\s+(?<phrase>.+)/i,
];
const NICHE_END =
  /[,;:()!?]|\.(?:\s|$)|\s[-–—]\s|\s+(?:to|at|through|via|on|online|in|from|across|worldwide|internationally|with|that|which|who|because|since|but|while|so|starting|priced|under|over|and (?:we|our|they|it|ship))\b/i;
/** What follows "we sell / make" that is not a product: "we sell online", "we make sure", "we sell 300 a day". */
const NOT_A_PRODUCT =
  /^(?:on|in|at|to|through|via|online|worldwide|internationally|globally|directly|it|it's|them|this|that|these|those|out|up|more|less|for|from|with|about|around|over|under|well|fast|quickly|lots|a lot|sure|certain|every|each|everything|anything|something|things|money|sales|content|use|time|changes|[$£€\d])\b/i;

/** "We offer free shipping / 30-day returns": what a store promises, not what it sells. */
const A_SERVICE =
  /\b(?:shipping|delivery|returns?|refunds?|warranty|guarantee|discounts?|coupons?|support|customer service|gift wrapping)\b/i;

function nicheIn(sentence: string): Finding[] {
  const match = firstMatch(sentence, NICHE_PATTERNS);
  if (!match?.groups) return [];
  let phrase = cutAt(match.groups.phrase, NICHE_END);
  // "yoga mats for busy parents": the audience is its own fact; "toys for dogs" stays the niche.
  const forAt = phrase.search(/\s+for\s+/i);
  if (forAt >= 0) {
    const after = phrase.slice(forAt).replace(/^\s+for\s+/i, "");
    if (AUDIENCE_HEAD.test(after) || /^[$£€\d]/.test(after)) phrase = phrase.slice(0, forAt);
  }
  phrase = phrase
    .replace(
      /^(?:a\s+(?:wide\s+|broad\s+|curated\s+)?(?:range|variety|selection|collection)\s+of|all kinds of|various|different)\s+/i,
      "",
    )
    .replace(/^(?:the|a|an|our)\s+/i, "")
    .trim();
  if (
    !phrase ||
    EMPTY_PHRASE.test(phrase) ||
    NOT_A_PRODUCT.test(phrase) ||
    A_SERVICE.test(phrase) ||
    phrase.length > 80 ||
    words(phrase) > 10
  )
    return [];
  return [{ path: "business.niche", value: phrase }];
}

// ── Price band ────────────────────────────────────────────────────────────────────────────

const AMOUNT = String.raw`\d+(?:,\d{3})*(?:\.\d{1,2})?`;
// Global, for matchAll: a sentence's first money may be ad spend and its second the price.
const PRICE_RANGE = new RegExp(
  String.raw`(?<low>[$£€])\s?(?<lowAmount>${AMOUNT})\s*(?:-|–|—|to)\s*(?<high>[$£€])?\s?(?<highAmount>${AMOUNT})(?!\s*%)`,
  "gi",
);
const PRICE_BETWEEN = new RegExp(
  String.raw`\bbetween\s+(?<low>[$£€])\s?(?<lowAmount>${AMOUNT})\s+and\s+(?<high>[$£€])?\s?(?<highAmount>${AMOUNT})`,
  "gi",
);
const PRICE_QUALIFIER = String.raw`(?:(?<qualifier>around|about|approximately|roughly|~|under|below|less than|up to|over|above|from|starting at)\s+)?`;
const PRICE_MONEY = String.raw`(?<symbol>[$£€])\s?(?<amount>${AMOUNT})`;
const PRICE_SINGLE = [
  // "priced around $49", "prices from $15", "retails at $80"
  new RegExp(
    String.raw`\b(?:priced|price(?:\s+point)?s?|retail(?:s|ing)?|sells?\s+for|selling\s+for|costs?)\s+(?:(?:is|are|of|at|for)\s+)?${PRICE_QUALIFIER}${PRICE_MONEY}`,
    "gi",
  ),
  // "we sell luxury pillowcases at $89"
  new RegExp(
    String.raw`\b(?:sell|sells|selling|sold|list|listed)\b[^.,;$£€]{0,60}?\s(?:at|for)\s+${PRICE_QUALIFIER}${PRICE_MONEY}`,
    "gi",
  ),
  // "about $25 each"
  new RegExp(String.raw`${PRICE_QUALIFIER}${PRICE_MONEY}\s+(?:each|apiece|per\s+(?:item|unit|piece|pair))\b`, "gi"),
];
/** Money in these clauses is not what the products sell for (shipping thresholds, ad spend, revenue). */
const NOT_A_PRICE =
  /\b(?:ship(?:s|ping|ped)?|deliver(?:y|ed|s)?|postage|ads?|advertising|spend|spending|budget of|budget is|cpc|cpm|cpa|roas|cac|revenue|turnover|sales of|profits?|margins?|salary|funding|raised|rent|fees?|subscription)\b/i;
const BAND_WORDS = String.raw`premium|luxury|high-end|upscale|mid-range|mid-priced|budget-friendly|budget|affordable|low-cost|inexpensive|cheap`;
const PRICE_WORD_PATTERNS = [
  new RegExp(
    String.raw`\b(?<word>${BAND_WORDS})(?:[- ]priced)?\s+(?:[\w-]+\s+)?(?:brand|prices|price|pricing|price point|products?|positioning|segment|market|tier|range|line|store|shop|goods|items)\b`,
    "i",
  ),
  new RegExp(
    String.raw`\b(?:prices?|pricing|price point|price band|positioning|positioned|position ourselves)\s+(?:is\s+|are\s+|as\s+|:\s*)?(?:an?\s+)?(?:(?:very|fairly|quite|firmly|clearly)\s+)?(?<word>${BAND_WORDS})\b`,
    "i",
  ),
  new RegExp(
    String.raw`\b(?:we(?:'re|\s+are)|our\s+(?:brand|store|shop)\s+is)\s+(?:an?\s+)?(?<word>${BAND_WORDS})\b`,
    "i",
  ),
];

function bandOfWord(word: string): string {
  const lower = word.toLowerCase();
  if (/^(?:premium|luxury|high-end|upscale)$/.test(lower)) return "premium";
  if (/^mid-(?:range|priced)$/.test(lower)) return "mid-range";
  return "budget";
}

/** A money match that a shipping, ad-spend or revenue word earlier in its clause disqualifies. */
function moneyIsPrice(sentence: string, match: RegExpExecArray): boolean {
  return !NOT_A_PRICE.test(clauseBefore(sentence, match.index)) && assertedAt(sentence, match.index);
}

/** The first match of `pattern` anywhere in the sentence that is a product price. */
function priceMatch(sentence: string, pattern: RegExp): RegExpExecArray | null {
  for (const match of sentence.matchAll(pattern)) if (moneyIsPrice(sentence, match)) return match;
  return null;
}

const MAY_STATE_A_PRICE = new RegExp(String.raw`[$£€]|\b(?:${BAND_WORDS})\b`, "i");

function priceBandIn(sentence: string): Finding[] {
  if (!MAY_STATE_A_PRICE.test(sentence)) return []; // most sentences: one cheap test instead of eight patterns
  for (const pattern of [PRICE_BETWEEN, PRICE_RANGE]) {
    const match = priceMatch(sentence, pattern);
    if (match?.groups) {
      const { low, lowAmount, high, highAmount } = match.groups;
      return [{ path: "pricing.band", value: `${low}${lowAmount}-${high ?? low}${highAmount}` }];
    }
  }
  const single = PRICE_SINGLE.map((pattern) => priceMatch(sentence, pattern)).find((match) => match !== null);
  if (single?.groups) {
    const { qualifier, symbol, amount } = single.groups;
    const price = `${symbol}${amount}`;
    const q = qualifier?.toLowerCase();
    const band = !q
      ? price
      : /^(?:around|about|approximately|roughly|~)$/.test(q)
        ? `around ${price}`
        : /^(?:under|below|less than|up to)$/.test(q)
          ? `under ${price}`
          : q === "over" || q === "above"
            ? `over ${price}`
            : `from ${price}`;
    return [{ path: "pricing.band", value: band }];
  }
  const word = firstMatch(sentence, PRICE_WORD_PATTERNS);
  return word?.groups ? [{ path: "pricing.band", value: bandOfWord(word.groups.word) }] : [];
}

// ── Brand voice ───────────────────────────────────────────────────────────────────────────

const VOICE_PATTERNS = [
  /\b(?:brand voice|tone of voice|brand tone|writing style|copy style|voice|tone)\s*(?:is|should be|must be|=|:|–|—|-)\s+(?<phrase>.+)/i,
  /\b(?:write|speak|talk|communicate|sound)\s+(?:in|with|using)\s+(?:an?\s+|our\s+)?(?<phrase>[\w ,'-]+?)\s+(?:voice|tone|style|manner|way)\b/i,
  /\b(?:our brand|the brand|our copy|our writing)\s+(?:should\s+|must\s+|always\s+)?sounds?\s+(?<phrase>.+)/i,
  /\bkeep\s+(?:the\s+|our\s+)?(?:tone|voice|copy)\s+(?<phrase>.+)/i,
];
const VOICE_END =
  /[;()!?]|\.(?:\s|$)|\s[-–—]\s|,?\s+(?:and|but|so|because)\s+(?:we|our|they|it|ship|sell|customers|orders)\b|,\s+(?:but|so)\b/i;

function voiceIn(sentence: string): Finding[] {
  const match = firstMatch(sentence, VOICE_PATTERNS);
  if (!match?.groups) return [];
  const phrase = cutAt(match.groups.phrase, VOICE_END).replace(/^(?:always|very)\s+/i, "");
  if (!phrase || phrase.length > 120 || /^[$£€\d]/.test(phrase)) return [];
  return [{ path: "brand.voice", value: phrase }];
}

// ── Shipping promise ──────────────────────────────────────────────────────────────────────

const SHIPPING_PATTERNS = [
  new RegExp(
    String.raw`\bfree\s+(?:(?:standard|express|worldwide|international|domestic|uk|us|eu|tracked)\s+)?(?:shipping|delivery)(?:\s+(?:on\s+)?(?:all\s+)?(?:orders?\s+|purchases?\s+)?(?:over|above|of|from)\s+[$£€]\s?${AMOUNT}\+?|\s+on\s+(?:all|every)\s+(?:orders?|purchases?))?`,
    "gi",
  ),
  /\b(?:(?:orders?|everything|it)\s+)?(?:ships?|shipped|dispatch(?:es|ed)?|delivered|arrives?|(?:shipping|delivery|dispatch)(?:\s+(?:takes|is))?)\s+(?:with)?in\s+(?:about\s+|around\s+)?\d{1,2}(?:\s*(?:-|–|to)\s*\d{1,2})?\s+(?:business\s+|working\s+)?(?:days?|weeks?|hours?)\b/gi,
  /\b(?:shipping|delivery)\s+takes\s+(?:about\s+|around\s+)?\d{1,2}(?:\s*(?:-|–|to)\s*\d{1,2})?\s+(?:business\s+|working\s+)?(?:days?|weeks?)\b/gi,
  /\b(?:same|next|one|two|\d{1,2})[- ]day\s+(?:shipping|delivery|dispatch)\b/gi,
];
const SHIPPING_LABELLED = /^(?:shipping(?:\s+policy|\s+promise)?|delivery(?:\s+promise)?)\s*[:=–—]\s*(?<phrase>.+)/i;

function shippingIn(sentence: string): Finding[] {
  if (!/ship|deliver|dispatch|arriv/i.test(sentence)) return [];
  const labelled = SHIPPING_LABELLED.exec(sentence);
  if (labelled?.groups) {
    const phrase = cutAt(labelled.groups.phrase, /[;]|\.(?:\s|$)/);
    if (phrase && phrase.length <= 160 && !EMPTY_PHRASE.test(phrase))
      return [{ path: "shipping.promise", value: phrase }];
  }
  const spans: { at: number; text: string }[] = [];
  for (const pattern of SHIPPING_PATTERNS) {
    for (const match of sentence.matchAll(pattern)) {
      const overlaps = spans.some((s) => match.index < s.at + s.text.length && s.at < match.index + match[0].length);
      if (!overlaps && assertedAt(sentence, match.index)) spans.push({ at: match.index, text: match[0].trim() });
    }
  }
  if (spans.length === 0) return [];
  const value = spans
    .sort((a, b) => a.at - b.at)
    .map((s) => lowerFirst(s.text))
    .join("; ");
  return [{ path: "shipping.promise", value }];
}

// ── Competitors ───────────────────────────────────────────────────────────────────────────

const COMPETITOR_PATTERNS = [
  /\b(?:(?:main|key|biggest|direct|closest)\s+)?(?:competitors?|competition|rivals?)\s*(?:are|is|include|includes|:|=|–|—|-)\s+(?<list>.+)/i,
  /\bcompet(?:e|es|ing)\s+(?:directly\s+|mainly\s+|mostly\s+|head-on\s+)?(?:with|against)\s+(?<list>.+)/i,
  /\b(?:competitors|rivals|competing (?:brands|stores|shops|sellers)|other (?:brands|stores|shops|sellers))\s+(?:like|such as)\s+(?<list>.+)/i,
  /\bunlike\s+(?<list>[^,;]+)/i,
];
const COMPETITOR_LIST_END =
  /[;:()!?]|\.(?:\s|$)|\s[-–—]\s|\s+(?:on|in|for|by|at|but|because|who|which|that|we|when|since|with)\s/i;
const NOT_A_NAME = /^(?:i|we|our|us|they|them|others?|many|most|all|none|n\/a|etc|everyone|anyone|some)$/i;
const NAME_CONNECTOR = /^(?:of|de|la|le|du|von|van|and|the|&)$/;

/** A brand name: every word capitalized, a digit, or camel-cased ("Manduka", "Body Shop", "eBay", "99designs"). */
function looksLikeName(name: string): boolean {
  const parts = name.split(/\s+/);
  if (parts.length > 4 || name.length > 40 || NOT_A_NAME.test(name) || NAME_CONNECTOR.test(parts[0])) return false;
  return parts.every((part) => /^[A-Z0-9]/.test(part) || /^[a-z]+[A-Z]/.test(part) || NAME_CONNECTOR.test(part));
}

function competitorsIn(sentence: string): Finding[] {
  const match = firstMatch(sentence, COMPETITOR_PATTERNS);
  if (!match?.groups) return [];
  const names = cutAt(match.groups.list, COMPETITOR_LIST_END)
    .split(/,|\band\b|\bor\b|\//i)
    .map((item) =>
      item
        .replace(/^\s*(?:and|or|also|even|the(?=\s+[a-z]))\s+/, "")
        .replace(/[\s.'"”’]+$/, "")
        .trim(),
    )
    .filter(looksLikeName);
  const unique = names.filter(
    (name, i) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i,
  );
  return unique.length > 0 ? [{ path: "competitors", value: unique }] : [];
}

// ── Reading sources ───────────────────────────────────────────────────────────────────────

const TEXT_RULES: readonly ((sentence: string) => Finding[])[] = [
  nicheIn,
  priceBandIn,
  audienceIn,
  voiceIn,
  shippingIn,
  competitorsIn,
];

/** Collects entries in precedence order: the first finding for a path is the one kept. */
class Derivation {
  readonly entries = new Map<DerivedPath, CanonEntry>();
  private sentencesRead = 0;

  constructor(private readonly timestamp: string) {}

  get complete(): boolean {
    return this.entries.size === DERIVED_PATHS.length || this.sentencesRead >= MAX_SENTENCES;
  }

  add(findings: Finding[], place: OriginPlace, excerpt: string): void {
    for (const { path, value } of findings) {
      if (this.entries.has(path)) continue;
      const origin: CanonOrigin = { ...place, excerpt: excerptOf(excerpt) };
      this.entries.set(path, { value, source: "ai", timestamp: this.timestamp, origin });
    }
  }

  readText(text: string, place: OriginPlace): void {
    for (const sentence of sentencesOf(text)) {
      if (this.complete) return;
      this.sentencesRead += 1;
      // A question states nothing ("Do you offer free shipping?" in an FAQ).
      if (sentence.endsWith("?")) continue;
      const read = sentence.slice(0, SENTENCE_READ_CHARS);
      for (const rule of TEXT_RULES) this.add(rule(read), place, sentence);
    }
  }
}

/** Research-data keys (lower-cased, letters and digits only) that name a canon path outright. */
const RESEARCH_KEYS: Record<string, DerivedPath> = {
  niche: "business.niche",
  productniche: "business.niche",
  category: "business.niche",
  productcategory: "business.niche",
  industry: "business.niche",
  vertical: "business.niche",
  audience: "audience.primary",
  targetaudience: "audience.primary",
  targetmarket: "audience.primary",
  targetcustomer: "audience.primary",
  targetcustomers: "audience.primary",
  idealcustomer: "audience.primary",
  demographic: "audience.primary",
  persona: "audience.primary",
  age: "audience.primary.age",
  agerange: "audience.primary.age",
  ages: "audience.primary.age",
  pricerange: "pricing.band",
  priceband: "pricing.band",
  pricepoint: "pricing.band",
  pricing: "pricing.band",
  averageprice: "pricing.band",
  brandvoice: "brand.voice",
  voice: "brand.voice",
  tone: "brand.voice",
  toneofvoice: "brand.voice",
  shipping: "shipping.promise",
  shippingpromise: "shipping.promise",
  shippingpolicy: "shipping.promise",
  delivery: "shipping.promise",
  competitors: "competitors",
  competition: "competitors",
  competitorbrands: "competitors",
  maincompetitors: "competitors",
  rivals: "competitors",
};
const CURRENCY_SYMBOLS: Record<string, string> = { usd: "$", eur: "€", gbp: "£" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const shortText = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim().length > 0 && value.trim().length <= max ? value.trim() : null;

/** `{min, max}` / `[min, max]` as "30-60" ("$30-$60" when a currency is named). */
function rangeText(value: unknown): string | null {
  const pair = Array.isArray(value)
    ? value
    : isRecord(value)
      ? [value.min ?? value.low ?? value.from, value.max ?? value.high ?? value.to]
      : null;
  if (!pair || pair.length !== 2 || !pair.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
  const named = isRecord(value) ? value.currency : undefined;
  const symbol =
    typeof named === "string" ? (CURRENCY_SYMBOLS[named.toLowerCase()] ?? (/^[$£€]$/.test(named) ? named : "")) : "";
  return `${symbol}${pair[0]}-${symbol}${pair[1]}`;
}

/** What a named research key's value says for its path, read as strictly as the text rules. */
function researchValue(path: DerivedPath, value: unknown): Finding[] {
  switch (path) {
    case "business.niche": {
      const text = shortText(value, 80);
      return text ? [{ path, value: text }] : [];
    }
    case "audience.primary": {
      if (isRecord(value)) {
        const primary = shortText(value.primary ?? value.description ?? value.segment ?? value.name, 100);
        const age = shortText(value.age ?? value.ageRange, 20) ?? rangeText(value.age ?? value.ageRange);
        return [
          ...(primary ? [{ path, value: primary }] : []),
          ...(age ? [{ path: "audience.primary.age" as const, value: age }] : []),
        ];
      }
      const text = shortText(value, 160);
      if (!text) return [];
      const split = splitAudience(text);
      return [
        ...(split.primary ? [{ path, value: split.primary }] : []),
        ...(split.age ? [{ path: "audience.primary.age" as const, value: split.age }] : []),
      ];
    }
    case "audience.primary.age": {
      const age = shortText(value, 20) ?? rangeText(value);
      return age ? [{ path, value: age }] : [];
    }
    case "pricing.band": {
      const range = rangeText(value);
      if (range) return [{ path, value: range }];
      const text = shortText(value, 60);
      if (!text) return [];
      const read = priceBandIn(text);
      return read.length > 0 ? read : [{ path, value: text }];
    }
    case "brand.voice": {
      const text = shortText(value, 120);
      return text ? [{ path, value: text }] : [];
    }
    case "shipping.promise": {
      const text = shortText(value, 160);
      return text ? [{ path, value: text }] : [];
    }
    case "competitors": {
      const items = typeof value === "string" ? value.split(/,|;|\band\b/) : Array.isArray(value) ? value : [];
      const names = items
        .map((item) => (isRecord(item) ? item.name : item))
        .map((name) => shortText(name, 40))
        .filter((name): name is string => name !== null);
      const unique = names.filter(
        (name, i) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i,
      );
      return unique.length > 0 ? [{ path, value: unique }] : [];
    }
  }
}

/** The research data's keyed values and strings, in document order (bounded in depth and size). */
function walkResearch(data: unknown): { keyed: { keyPath: string; key: string; value: unknown }[]; texts: string[] } {
  const keyed: { keyPath: string; key: string; value: unknown }[] = [];
  const texts: string[] = [];
  let nodes = 0;
  const walk = (value: unknown, keyPath: string, depth: number) => {
    if (nodes++ >= RESEARCH_MAX_NODES || depth > RESEARCH_MAX_DEPTH) return;
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${keyPath}[${i}]`, depth + 1));
    else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = keyPath ? `${keyPath}.${key}` : key;
        keyed.push({ keyPath: childPath, key, value: child });
        walk(child, childPath, depth + 1);
      }
    }
  };
  walk(data, "", 0);
  return { keyed, texts };
}

/** Named keys first (`priceRange`, `target_audience`), then every string as text. */
function readResearchData(derivation: Derivation, data: unknown): void {
  const place: OriginPlace = { kind: "researchData" };
  const { keyed, texts } = walkResearch(data);
  for (const { keyPath, key, value } of keyed) {
    const path = RESEARCH_KEYS[key.toLowerCase().replace(/[^a-z0-9]/g, "")];
    if (!path) continue;
    const shown = typeof value === "string" ? value : JSON.stringify(value);
    derivation.add(researchValue(path, value), place, `${keyPath}: ${shown}`);
  }
  for (const text of texts) derivation.readText(text, place);
}

// ── Entry points ──────────────────────────────────────────────────────────────────────────

/**
 * The canon entries the merchant's own words state, each `source: "ai"` with `timestamp: now`
 * and the sentence (or research-data key) it was read from. Derives nothing from text that
 * states nothing.
 */
export function deriveCanonEntries(input: AutoRuleInput, now: Date): Canon {
  const derivation = new Derivation(now.toISOString());
  derivation.readText(input.businessInstructions, { kind: "instructions" });
  if (input.researchData !== null && input.researchData !== undefined) readResearchData(derivation, input.researchData);
  for (const file of input.files) {
    for (const passage of file.passages) {
      if (derivation.complete) break;
      derivation.readText(passage, { kind: "file", fileId: file.id, fileName: file.name });
    }
  }
  return mergeCanon({}, Object.fromEntries(derivation.entries));
}

/**
 * Merges the derived entries into the canon. A derived value equal to the entry already there
 * keeps that entry (its time and origin), so a second run changes nothing; user and research
 * entries are never overridden (the merge ranks them above "ai"). A path the rules no longer
 * derive keeps its entry: removing takes an explicit delete.
 */
export function applyAutoRules(canon: Canon, input: AutoRuleInput, now: Date): { canon: Canon; changed: string[] } {
  const derived = Object.entries(deriveCanonEntries(input, now)).filter(([path, entry]) => {
    const existing = Object.hasOwn(canon, path) ? canon[path] : undefined;
    return !existing || !canonValuesEqual(existing.value, entry.value);
  });
  const merged = mergeCanon(canon, Object.fromEntries(derived));
  return { canon: merged, changed: changedCanonPaths(canon, merged) };
}

/**
 * Reading a merchant's question the way they mean it: the task, the things it is about, the
 * numbers they stated with the role each plays (cost, landed cost, shipping, price, budget,
 * target margin), the platform, a count ("5 hooks", "top two") and what a follow-up points back
 * at ("it", "those two", "the second", "the cheaper one").
 *
 * compromise does the language work (tokens, part-of-speech tags, lemmas, number words, money);
 * this module only maps lemmas to the tasks a merchant asks for (ADR 017). The model is loaded
 * on first use, not at Worker start-up: it takes a few hundred milliseconds to build.
 */
import type nlpType from "compromise";
import { listNiches } from "~/server/market/catalog";
import { stem } from "~/server/market/tokens";

type Nlp = typeof nlpType;
let nlpLoaded: Nlp | undefined;
let nlpLoading: Promise<Nlp> | undefined;

/** Loads compromise once per isolate; `readQuestion` needs it loaded. */
export function loadLanguageModel(): Promise<Nlp> {
  if (nlpLoaded) return Promise.resolve(nlpLoaded);
  nlpLoading ??= import("compromise").then((m) => (nlpLoaded = m.default));
  return nlpLoading;
}

export type MerchantTask =
  | "pick"
  | "price"
  | "margin"
  | "break-even"
  | "budget"
  | "compare"
  | "saturation"
  | "competition"
  | "demand"
  | "verdict"
  | "ad-copy"
  | "hooks"
  | "description"
  | "research";

export type AmountRole = "cost" | "landedCost" | "shipping" | "price" | "budget" | "dailyBudget" | "targetMarginPct" | "fees";

export interface StatedAmount {
  /** What the figure is, from the words around it; null when nothing says. */
  role: AmountRole | null;
  /** Dollars (money) or percent points (percent). */
  value: number;
  kind: "money" | "percent";
  /** As the merchant wrote it ("$9", "nine bucks", "9.00 USD"). */
  written: string;
}

export type Criterion = "margin" | "price" | "competition" | "orders" | "trend";

export type Reference =
  /** "it", "that one", "this product": the conversation's subject. */
  | { kind: "it" }
  /** "those two", "both", "them": the list the last answer gave. */
  | { kind: "those"; count: number | null }
  /** "the second", "number 3": a row of the last list. */
  | { kind: "ordinal"; index: number }
  /** "the cheaper one", "the one with fewer ads": picked from the last list by a figure. */
  | { kind: "extreme"; criterion: Criterion; direction: "min" | "max" };

export interface QuestionReading {
  text: string;
  /** Every task the words ask for, the main one first. */
  tasks: MerchantTask[];
  amounts: StatedAmount[];
  /** "5 hooks", "top two", "three ideas": how many of something the merchant wants. */
  count: number | null;
  platform: Platform | null;
  /** The words naming what the question is about, task words and numbers taken out ("posture corrector"). */
  subjectText: string;
  reference: Reference | null;
  /** "by margin", "fewer competitors", "cheapest": the figure a comparison or pick turns on. */
  criterion: { criterion: Criterion; direction: "min" | "max" } | null;
  /** The merchant wrote a question mark or a question word; "thanks" and "ok" are not questions. */
  isQuestion: boolean;
}

export type Platform = "TikTok" | "Facebook" | "Instagram" | "Meta" | "Pinterest" | "Google" | "YouTube" | "Snapchat" | "Amazon" | "Shopify";

const PLATFORMS: Record<string, Platform> = {
  tiktok: "TikTok",
  "tik tok": "TikTok",
  facebook: "Facebook",
  fb: "Facebook",
  instagram: "Instagram",
  insta: "Instagram",
  ig: "Instagram",
  meta: "Meta",
  pinterest: "Pinterest",
  google: "Google",
  youtube: "YouTube",
  snapchat: "Snapchat",
  amazon: "Amazon",
  shopify: "Shopify",
};

/**
 * The task vocabulary: lemmas a merchant uses for each task. Words here never name a subject.
 * Kept small on purpose: the language model supplies the forms ("hooks", "priced", "cheaper").
 */
const WRITE_VERBS = new Set(["write", "draft", "create", "make", "give", "need", "generate", "come", "craft", "suggest", "rewrite", "want", "help", "brainstorm", "send"]);
const TASK_WORDS = new Set([
  // asking
  "what", "which", "how", "why", "should", "could", "would", "can", "do", "does", "is", "are", "tell", "show", "find", "get", "know", "think",
  "good", "best", "top", "great", "right", "ideal", "fair", "decent", "solid", "first", "please", "me", "idea", "ideas", "recommend", "recommendation",
  "pick", "choose", "test", "testing", "start", "launch", "sell", "selling", "sale", "seller", "sellers", "try", "worth", "bad",
  // money
  "price", "pricing", "priced", "charge", "cost", "costs", "landed", "shipping", "ship", "ships", "delivery", "postage", "freight", "margin", "margins",
  "profit", "profitable", "markup", "markups", "roas", "cpa", "break", "even", "breakeven", "budget", "budgets", "spend", "spending", "daily",
  "day", "per", "a", "week", "month", "money", "dollar", "dollars", "buck", "bucks", "usd", "eur", "euro", "euros", "gbp", "pound", "pounds",
  "percent", "target", "fee", "fees", "supplier", "wholesale", "retail", "unit", "each", "total", "need", "have", "got", "only", "about",
  // comparing and judging
  "compare", "comparison", "versus", "vs", "better", "worse", "more", "less", "fewer", "most", "least", "cheap", "cheaper", "cheapest",
  "expensive", "pricier", "saturate", "saturated", "saturation", "oversaturated", "crowded", "competitive", "competition", "competitor",
  "competitors", "rival", "rivals", "demand", "trend", "trending", "popular", "order", "orders", "high", "higher", "highest", "low",
  "lower", "lowest", "big", "bigger", "biggest", "grow", "growing", "fast", "fastest", "verdict", "market", "markets", "niche", "niches",
  "space", "category", "categories", "winning", "winner", "winners", "opportunity", "opportunities",
  // writing
  "write", "draft", "create", "make", "give", "generate", "craft", "suggest", "rewrite", "ad", "ads", "advert", "adverts", "caption",
  "captions", "copy", "hook", "hooks", "headline", "headlines", "description", "descriptions", "page", "landing", "listing", "title",
  "titles", "bullet", "bullets", "script", "scripts", "angle", "angles", "post", "campaign", "primary", "text", "call", "action", "cta",
  // things in general
  "product", "products", "item", "items", "thing", "things", "one", "ones", "stuff", "kind", "type", "store", "shop", "brand",
  "also", "then", "and", "or", "but", "so", "for", "with", "of", "to", "in", "on", "at", "my", "i", "we", "our", "you", "your",
  "up", "there", "here", "now", "just", "really", "very", "any", "some", "this", "that", "these", "those", "it", "its", "them", "they",
  "their", "both", "two", "why", "when", "where", "will", "if", "yes", "no", "ok", "okay", "thanks", "thank", "hi", "hello", "hey",
]);

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, dozen: 12, couple: 2, pair: 2 };
const ORDINAL_WORDS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, last: -1 };
const CURRENCY_WORDS = new Set(["usd", "dollar", "dollars", "buck", "bucks", "eur", "euro", "euros", "gbp", "pound", "pounds", "$", "€", "£", "aud", "cad"]);

/** Role cues, by lemma: the nearest cue to a figure names its role. */
const ROLE_CUES: Record<string, AmountRole> = {
  landed: "landedCost",
  cost: "cost",
  costs: "cost",
  supplier: "cost",
  wholesale: "cost",
  cogs: "cost",
  buy: "cost",
  bought: "cost",
  pay: "cost",
  source: "cost",
  sourcing: "cost",
  unit: "cost",
  shipping: "shipping",
  ship: "shipping",
  ships: "shipping",
  delivery: "shipping",
  postage: "shipping",
  freight: "shipping",
  price: "price",
  priced: "price",
  sell: "price",
  selling: "price",
  sells: "price",
  retail: "price",
  charge: "price",
  product: "price",
  item: "price",
  budget: "budget",
  have: "budget",
  got: "budget",
  start: "budget",
  starting: "budget",
  capital: "budget",
  invest: "budget",
  spend: "budget",
  saved: "budget",
  fee: "fees",
  fees: "fees",
  margin: "targetMarginPct",
};

interface Term {
  text: string;
  normal: string;
  root: string;
  tags: ReadonlySet<string>;
  start: number;
  /** Punctuation after the term ("," "." "?"): a clause boundary. */
  post: string;
  /** compromise's phrase chunk: "Noun" for a word inside a noun phrase ("LED strip light"). */
  chunk: string;
}

/** Edit distance up to 2 (Damerau: a swap is one edit), for typos of the task vocabulary. */
function closeEnough(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  const limit = b.length >= 8 ? 2 : 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length] <= limit;
}

/** Words a merchant mistypes that decide the task ("budjet", "descripton", "competiton"). */
const TYPO_TARGETS = [
  "price", "pricing", "margin", "budget", "shipping", "competitors", "competition", "saturated", "description", "compare", "profit",
  "landed", "break", "selling", "product", "products", "hooks", "headline", "suggest", "recommend", "expensive", "cheaper", "cheapest",
  "facebook", "instagram", "tiktok", "pinterest", "write", "daily", "supplier", "versus", "worth", "demand", "trending",
];

/** Short words merchants abbreviate or mistype, too short for an edit distance to be safe. */
const SHORT_FORMS: Record<string, string> = { gud: "good", wat: "what", wht: "what", whats: "what is", u: "you", ur: "your", r: "are", pls: "please", plz: "please", thx: "thanks", w: "with", abt: "about", prod: "product", prods: "products" };

/** Fixes a typo of a task word the language model does not know; other words are left alone (a product name may be odd). */
function corrected(word: string, lexicon: Record<string, unknown>): string {
  if (word.length < 4 || TASK_WORDS.has(word) || word in lexicon || /\d/.test(word)) return word;
  const hits = TYPO_TARGETS.filter((t) => closeEnough(word, t));
  return hits.length === 1 ? hits[0] : word;
}

function termsOf(nlp: Nlp, text: string): Term[] {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, unknown> } }).one.lexicon;
  // "tik tok" and "break-even" are one word to a merchant.
  const fixed = text
    .replace(/\btik\s+tok\b/gi, "tiktok")
    .replace(/\bbreak[\s-]*even\b/gi, "breakeven")
    .replace(/[a-z]+/gi, (w) => {
      const lower = w.toLowerCase();
      if (SHORT_FORMS[lower]) return SHORT_FORMS[lower];
      const c = corrected(lower, lexicon);
      return c === lower ? w : c;
    });
  const doc = nlp(fixed);
  doc.compute("root");
  const out: Term[] = [];
  for (const sentence of doc.json({ offset: true }) as { terms: { text: string; normal: string; root?: string; tags: string[]; post: string; chunk?: string; offset: { start: number } }[] }[]) {
    for (const t of sentence.terms) {
      if (!t.text && !t.normal) continue;
      out.push({ text: t.text, normal: t.normal, root: t.root ?? t.normal, tags: new Set(t.tags), start: t.offset.start, post: t.post ?? "", chunk: t.chunk ?? "" });
    }
  }
  return out;
}

function moneyValue(written: string): number | null {
  const m = written.replace(/,/g, "").match(/-?\d+(?:\.\d+)?/);
  return m ? Number(m[0]) : null;
}

/** The figures the merchant wrote, with their roles. */
function readAmounts(terms: Term[], wordValues: Map<number, number>): StatedAmount[] {
  const amounts: StatedAmount[] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (t.tags.has("Ordinal")) continue;
    const next = terms[i + 1];
    const prev = terms[i - 1];
    const digits = moneyValue(t.text);
    const value = digits ?? wordValues.get(t.start) ?? null;
    if (value === null || !t.tags.has("Value")) continue;
    const percent = /%$/.test(t.text) || next?.normal === "percent" || next?.normal === "%";
    const money =
      /[$€£]/.test(t.text) ||
      t.tags.has("Money") ||
      (next !== undefined && CURRENCY_WORDS.has(next.normal)) ||
      (prev !== undefined && CURRENCY_WORDS.has(prev.normal)) ||
      /\d(k)$/i.test(t.text);
    // "I pay 6.40": cents written out next to a money word are money too.
    const centsWithCue = !money && !percent && /^\d+\.\d{2}[?!,.;:]*$/.test(t.text) && moneyRole(terms, i) !== null;
    if (!money && !percent && !centsWithCue) continue;
    const kValue = /\dk$/i.test(t.text) ? value * 1000 : value;
    const written = [t.text, next && CURRENCY_WORDS.has(next.normal) ? next.text : "", percent && next?.normal === "percent" ? next.text : ""]
      .filter(Boolean)
      .join(" ")
      .replace(/[?!,.;:]+$/, "");
    amounts.push({ role: percent ? percentRole(terms, i) : moneyRole(terms, i), value: kValue, kind: percent ? "percent" : "money", written });
  }
  return amounts;
}

/** Cues that name a role only when nothing stronger is near: "at $26.99" is a price, "cost at $9" a cost. */
const WEAK_CUES: Record<string, AmountRole> = { at: "price", for: "price" };

/** A cue within the figure's clause, nearest first; a cue after the figure ("$12 cost") ties with one before ("cost is $12"). */
function nearestCue(terms: Term[], i: number, cues: Record<string, AmountRole>): AmountRole | null {
  for (const table of [cues, WEAK_CUES]) {
    for (let distance = 1; distance <= 7; distance++) {
      for (const j of [i + distance, i - distance]) {
        const t = terms[j];
        if (!t) continue;
        // Do not cross a clause: "..., and $5 shipping" keeps shipping with $5 only.
        const between = j > i ? terms.slice(i, j) : terms.slice(j, i);
        if (between.some((b) => /[,;.?!]/.test(b.post)) || between.slice(1).some((b) => b.tags.has("Value") && b !== t)) continue;
        // Weak cues only right before the figure.
        if (table === WEAK_CUES && j !== i - 1) continue;
        const cue = table[t.root] ?? table[t.normal];
        if (!cue) continue;
        // "landed cost": landed wins over cost.
        if (cue === "cost" && terms[j - 1]?.normal === "landed") return "landedCost";
        // "my supplier charges $6.40": what the merchant pays, not what they charge.
        if (cue === "price" && (t.root === "charge" || t.normal === "charges") && terms.slice(Math.max(0, j - 3), j).some((b) => ["supplier", "factory", "manufacturer", "vendor", "they", "it", "agent"].includes(b.normal))) return "cost";
        return cue;
      }
    }
  }
  return null;
}

function moneyRole(terms: Term[], i: number): AmountRole | null {
  const role = nearestCue(terms, i, ROLE_CUES);
  const after = terms.slice(i + 1, i + 4).map((t) => t.normal);
  const daily = after.some((w) => w === "daily") || /\b(a|per) day\b|\bdaily\b|\/day/.test(after.join(" ")) || terms[i - 1]?.normal === "daily";
  if ((role === "budget" || role === null) && daily) return "dailyBudget";
  if (role === "targetMarginPct") return null;
  return role;
}

function percentRole(terms: Term[], i: number): AmountRole | null {
  const near = terms.slice(Math.max(0, i - 4), i + 4).map((t) => t.root);
  if (near.includes("fee") || near.includes("fees")) return "fees";
  if (near.includes("margin") || near.includes("profit")) return "targetMarginPct";
  return null;
}

const has = (words: ReadonlySet<string>, ...any: string[]) => any.some((w) => words.has(w));

/** Which task leads when a question asks for several ("compare ... by margin" is a comparison). */
const TASK_PRIORITY: readonly MerchantTask[] = [
  "hooks", "ad-copy", "description", "break-even", "pick", "compare", "budget", "price", "margin", "saturation", "competition", "demand", "verdict", "research",
];

/** The tasks the words ask for, main first. */
function readTasks(terms: Term[], amounts: StatedAmount[], platform: Platform | null): MerchantTask[] {
  const w = new Set(terms.flatMap((t) => [t.root, t.normal]));
  const joined = ` ${terms.map((t) => t.normal.replace(/[?!,.;:]+$/, "")).join(" ")} `;
  const writing = has(w, ...WRITE_VERBS);
  const tasks = new Set<MerchantTask>();
  if (has(w, "hook")) tasks.add("hooks");
  if (/ ad copy\b| ad text\b| ad script\b/.test(joined)) tasks.add("ad-copy");
  if (has(w, "ad", "ads", "advert", "caption", "script", "headline") && (writing || (/ (an?|the|my) (\w+ )?(ad|advert|caption|script)\b/.test(joined) && !/\bhow many\b/.test(joined))))
    tasks.add("ad-copy");
  if ((has(w, "description", "listing", "bullet") || / product (page|title)| landing page/.test(joined)) && (writing || /description (for|of)/.test(joined)))
    tasks.add("description");
  if (has(w, "roas", "cpa", "breakeven")) tasks.add("break-even");
  const pickWords = / (which|what) (\w+ ){0,3}(product|one|item|thing|niche)s? (\w+ ){0,3}(should|would|do|to|could|is best)\b| (recommend|pick|choose)\b|what should i (sell|test|start|launch)\b|(where|what) (do|should) i start\b/;
  const sellFor = / (sell|price) (\w+ ){0,4}(for|at)\b(?! (a|my|the) \$?\d)/.test(joined) && / (what|how much|should)\b/.test(joined) && !pickWords.test(joined.replace(/what should i sell (\w+ ){1,4}for\b/, ""));
  const adBudget = / (daily|test|ad|ads|advertising|marketing) budget\b| budget (per|a) day\b| spend (per|a) day\b| (a|per) day\b/.test(joined);
  if (pickWords.test(joined) && !sellFor && !adBudget) tasks.add("pick");
  if (has(w, "budget", "spend", "spending") && !tasks.has("pick")) tasks.add("budget");
  if (sellFor) tasks.add("price");
  if (
    (has(w, "price", "pricing", "charge", "markup") && / (what|how|good|should|suggest|right|ideal|fair|which|best|much)\b/.test(joined)) ||
    /how much (should|could|can|do) (i|we) (charge|sell)|sell (it|this|them) for/.test(joined)
  )
    tasks.add("price");
  if (has(w, "margin", "profit", "landed")) tasks.add("margin");
  if (has(w, "compare", "comparison", "versus", "vs") || / which of | (better|worse) (than|for|one)\b/.test(joined)) tasks.add("compare");
  if (has(w, "saturate", "saturated", "saturation", "oversaturated", "crowded") || / (how|too) competitive\b| competitive (market|niche)\b/.test(joined)) tasks.add("saturation");
  if (has(w, "competitor", "competitors", "competition", "competitive", "rival", "rivals")) tasks.add("competition");
  if (has(w, "demand") || / (trending|popular|selling well|sell well)\b/.test(joined)) tasks.add("demand");
  if (has(w, "worth", "verdict") || / (good|bad) (product|idea|pick|choice|bet|one)\b| should i (sell|test|try|launch)\b/.test(joined)) tasks.add("verdict");
  if (has(w, "winning", "winner", "winners", "opportunity", "opportunities") || / (top|best|trending|hot|popular) (\w+ ){0,3}(products?|ideas?|items?)\b| find (me )?(\w+ ){0,3}products?\b| (\w+ )?(product )?ideas?\b/.test(joined))
    tasks.add("research");
  // A stated budget with a question about what to start with is a pick.
  if (!tasks.size && amounts.some((a) => a.role === "budget") && / (start|test|sell|launch)\b/.test(joined)) tasks.add("pick");
  // Cost and price figures with nothing else asked ("I pay $9 and sell at $25?") is margin math.
  if (!tasks.size && amounts.filter((a) => a.kind === "money").length >= 2) tasks.add("margin");
  if (!tasks.size && platform && writing) tasks.add("ad-copy");
  // The price of a break-even or margin question is a given, not the question.
  if (tasks.has("price") && (tasks.has("break-even") || amounts.some((a) => a.role === "price"))) tasks.delete("price");
  if (tasks.has("margin") && (tasks.has("price") || tasks.has("break-even") || tasks.has("compare") || tasks.has("pick"))) tasks.delete("margin");
  if (tasks.has("competition") && (tasks.has("saturation") || tasks.has("compare"))) tasks.delete("competition");
  return TASK_PRIORITY.filter((t) => tasks.has(t));
}

function readPlatform(terms: Term[]): Platform | null {
  for (const t of terms) {
    const p = PLATFORMS[t.normal.replace(/[^a-z ]/g, "")];
    if (p) return p;
  }
  return null;
}

/** "5 hooks", "top two", "three ideas", "a couple of". */
function readCount(terms: Term[], wordValues: Map<number, number>, amounts: StatedAmount[]): number | null {
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (!t.tags.has("Value") || t.tags.has("Ordinal") || t.tags.has("Money") || /[$%€£]/.test(t.text)) continue;
    if (amounts.some((a) => a.written.startsWith(t.text))) continue;
    const next = terms[i + 1];
    if (next && (CURRENCY_WORDS.has(next.normal) || next.normal === "percent")) continue;
    // "that one", "the cheaper one": a pointer, not a count.
    if (t.normal === "one" && (terms[i - 1]?.tags.has("Determiner") || terms[i - 1]?.tags.has("Adjective"))) continue;
    // "those two" is a reference, not a count.
    if (["those", "these", "the"].includes(terms[i - 1]?.normal ?? "") && terms[i - 2]?.normal === "of") continue;
    const value = moneyValue(t.text) ?? wordValues.get(t.start) ?? NUMBER_WORDS[t.normal];
    if (value !== undefined && value !== null && value >= 1 && value <= 50 && Number.isInteger(value)) return value;
  }
  return null;
}

const CRITERIA: readonly [RegExp, Criterion, "min" | "max"][] = [
  [/\b(fewer|less|least|fewest|lower|lowest) (\w+ )?(competitors?|competition|ads|rivals|sellers|stores)\b|\bless (crowded|competitive|saturated)\b|\bleast (crowded|competitive|saturated)\b/, "competition", "min"],
  [/\b(more|most) (\w+ )?(competitors?|competition|ads|crowded|competitive|saturated)\b/, "competition", "max"],
  [/\b(cheaper|cheapest|lower price|lowest price|less expensive|least expensive)\b/, "price", "min"],
  [/\b(pricier|priciest|more expensive|most expensive|higher price|highest price)\b/, "price", "max"],
  [/\b(by|highest|higher|best|better|bigger|biggest|more|most) (\w+ )?(margins?|profit|profitable)\b|\bmore profitable\b|\bmost profitable\b/, "margin", "max"],
  [/\b(lower|lowest|worst|smaller) (\w+ )?margins?\b/, "margin", "min"],
  [/\b(more|most|best|higher|highest) (\w+ )?(orders|demand|sales|selling|sells)\b|\bbest[- ]?sell(ing|er)\b|\bby (orders|demand|sales)\b/, "orders", "max"],
  [/\b(fastest|faster) (growing|rising)\b|\b(more|most) trending\b|\bby trend\b|\bgrowing (fastest|faster)\b/, "trend", "max"],
];

function readCriterion(text: string): QuestionReading["criterion"] {
  const lower = text.toLowerCase();
  for (const [pattern, criterion, direction] of CRITERIA) if (pattern.test(lower)) return { criterion, direction };
  return null;
}

function readReference(text: string, criterion: QuestionReading["criterion"]): Reference | null {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9#' ]+/g, " ").replace(/\s+/g, " ")} `;
  const ordinal = lower.match(/ the (first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)( (one|product|item|pick|row|option|store))?\b| (?:number|no|#|row|option) ?(\d{1,2})\b| the (\d{1,2})(?:st|nd|rd|th)\b/);
  if (ordinal && !/ the first (time|step|thing)\b/.test(lower) && !/ (test|sell|launch|start|try) first\b/.test(lower)) {
    // "which should I test first" is not a row.
    const word = ordinal[1];
    if (word === undefined || ordinal[2] !== undefined || / (of|from) (those|these|them|the list|your list)\b/.test(lower) || /^ (the|and|what about|how about|ok|okay|so) /.test(lower) || lower.trim().split(" ").length <= 6) {
      const index = word ? ORDINAL_WORDS[word] : Number(ordinal[4] ?? ordinal[5]);
      return { kind: "ordinal", index };
    }
  }
  if (criterion && / the (\w+ )?one\b| (which|what) (one|of (those|these|them|the two|both))\b| of (those|these|them|the two|both)\b/.test(lower)) {
    if (/ (which|what) (one|of)\b| of (those|these|them|the two|both)\b/.test(lower)) return { kind: "those", count: countAfterThose(lower) };
    return { kind: "extreme", ...criterion };
  }
  if (/ (those|these|both|them|the two|the three|all of them|either)\b/.test(lower)) return { kind: "those", count: countAfterThose(lower) };
  if (/ (it|its|it's|that one|this one|that product|this product|the product|that item|the same one|that|this)\b/.test(lower)) {
    // "that" before a noun the merchant names ("that posture corrector") is the named thing, read as a subject.
    return { kind: "it" };
  }
  return null;
}

function countAfterThose(lower: string): number | null {
  const m = lower.match(/ (?:those|these|the) (two|three|four|five|2|3|4|5)\b/);
  if (!m) return / both\b/.test(lower) ? 2 : null;
  return NUMBER_WORDS[m[1]] ?? Number(m[1]);
}

/** Words of the catalog's product types and niche keywords: a product word even where the tagger reads a verb ("LED strip lights"). */
let vocabulary: { niches: unknown; words: Set<string> } | undefined;
function productWords(): Set<string> {
  const niches = listNiches();
  if (vocabulary?.niches !== niches) {
    const words = new Set<string>();
    for (const n of niches) for (const phrase of [...n.productTypes, ...n.keywords]) for (const w of phrase.toLowerCase().match(/[a-z0-9]+/g) ?? []) words.add(stem(w));
    for (const w of TASK_WORDS) words.delete(stem(w));
    vocabulary = { niches, words };
  }
  return vocabulary.words;
}

/** "should I set", "we pack": a verb after a pronoun or a modal, whatever the catalog calls a "set". */
function inVerbPosition(terms: Term[], i: number): boolean {
  const prev = terms[i - 1];
  return Boolean(prev && (prev.tags.has("Pronoun") || prev.tags.has("Modal") || prev.normal === "to"));
}

/** Nouns that need a word before them to name anything: "pet product", "kitchen niche", "LED strip light market". */
const GENERIC_NOUNS = new Set(["product", "products", "item", "items", "market", "niche", "stuff", "thing", "things", "gadget", "gadgets", "space", "category"]);

/** The words left when task words, numbers, platforms and pointers are taken out: what the question is about. */
function readSubjectText(terms: Term[]): string {
  const kept: string[] = [];
  // Right to left, so a word the tagger calls a verb ("LED strip light", "pet product") is kept
  // when it modifies the noun after it.
  // Left to right first: content words after "for", "a", "the", "my"… up to the clause's end form a phrase ("for LED strip lights").
  const inPhrase: boolean[] = [];
  let open = false;
  for (const t of terms) {
    const word = t.normal.replace(/[^a-z0-9&'-]/g, "");
    const opener = t.tags.has("Preposition") || t.tags.has("Determiner") || t.tags.has("Possessive") || ["my", "our", "a", "an", "the", "for"].includes(word);
    inPhrase.push(open && !opener && !TASK_WORDS.has(word) && !WRITE_VERBS.has(t.root));
    if (opener) open = true;
    else if (TASK_WORDS.has(word) || t.tags.has("Value") || t.tags.has("Modal") || t.tags.has("Copula")) open = false;
    if (/[,;.?!]/.test(t.post)) open = false;
  }
  let beforeNoun = false;
  for (let i = terms.length - 1; i >= 0; i--) {
    const t = terms[i];
    const word = t.normal.replace(/[^a-z0-9&'-]/g, "");
    const boundary = /[,;.?!]/.test(t.post);
    if (boundary) beforeNoun = false;
    const generic = GENERIC_NOUNS.has(t.root) || GENERIC_NOUNS.has(word);
    const functionWord =
      !word ||
      t.tags.has("Value") ||
      t.tags.has("Money") ||
      t.tags.has("Pronoun") ||
      t.tags.has("Determiner") ||
      t.tags.has("QuestionWord") ||
      t.tags.has("Preposition") ||
      t.tags.has("Conjunction") ||
      t.tags.has("Modal") ||
      t.tags.has("Copula") ||
      t.tags.has("Auxiliary");
    const taskWord = TASK_WORDS.has(word) || TASK_WORDS.has(t.root) || WRITE_VERBS.has(t.root) || CURRENCY_WORDS.has(word) || Boolean(PLATFORMS[word]);
    const verbOnly = t.tags.has("Verb") && !t.tags.has("Noun") && !t.tags.has("Adjective");
    const adverbOnly = t.tags.has("Adverb") && !t.tags.has("Adjective");
    const keep: boolean = !functionWord && !taskWord && (!(verbOnly || adverbOnly) || beforeNoun || inPhrase[i] || (productWords().has(stem(word)) && !inVerbPosition(terms, i)));
    if (keep) kept.unshift(word);
    beforeNoun = keep || (generic && !functionWord);
  }
  return kept.join(" ");
}

/** Reads one question. `loadLanguageModel()` must have resolved first. */
export function readQuestion(text: string): QuestionReading {
  const nlp = nlpLoaded;
  if (!nlp) throw new Error("readQuestion needs loadLanguageModel() first");
  const terms = termsOf(nlp, text);
  const wordValues = new Map<number, number>();
  for (const n of nlp(text).numbers().json({ offset: true }) as { offset: { start: number }; number?: { num?: number } }[]) {
    if (typeof n.number?.num === "number") wordValues.set(n.offset.start, n.number.num);
  }
  // "nine bucks": the number word's own offset within the corrected text can differ; read words too.
  for (const t of terms) if (NUMBER_WORDS[t.normal] !== undefined && !wordValues.has(t.start)) wordValues.set(t.start, NUMBER_WORDS[t.normal]);
  const amounts = readAmounts(terms, wordValues);
  const platform = readPlatform(terms);
  const criterion = readCriterion(text);
  const tasks = readTasks(terms, amounts, platform);
  if (criterion && !tasks.includes("compare") && / (which|what) (one|of)\b/.test(` ${text.toLowerCase()} `)) tasks.unshift("compare");
  return {
    text,
    tasks,
    amounts,
    count: readCount(terms, wordValues, amounts),
    platform,
    subjectText: readSubjectText(terms),
    reference: readReference(text, criterion),
    criterion,
    isQuestion: /\?/.test(text) || /^\s*(what|which|how|why|is|are|should|can|could|would|do|does|give|write|find|compare|tell|show)\b/i.test(text),
  };
}

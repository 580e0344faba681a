/**
 * The built-in analyst: the offline default AI text provider. It reads the question, finds what
 * it is about in the sample market catalog, and answers from templates filled with catalog
 * figures only. It says that it runs offline on sample data, and when the catalog does not hold
 * what was asked it says so instead of guessing.
 */
import { ANGLE_LABELS } from "~/domain/market-labels";
import {
  AD_ANGLES,
  adsForProduct,
  adsInNiche,
  getCatalog,
  getNiche,
  getProduct,
  getStore,
  listNiches,
  marginOf,
  nameInSentence,
  nicheStats,
  productsInNiche,
  rankWinningProducts,
  storesInNiche,
  writeHook,
  type Ad,
  type Niche,
  type NicheStats,
  type Product,
  type Store,
} from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatDollars, formatPercent } from "~/server/market/format";
import { nameParts, searchCatalog, type ProductHit } from "~/server/market/search";
import { contentTerms, stem, tokenize } from "~/server/market/tokens";
import { budgetLines, verdictLines } from "./analyst-money";
import type { ChatTurn, Citation, UnansweredReason } from "./types";

export const ANALYST_ID = "analyst";
export const ANALYST_LABEL = "Built-in analyst (offline, sample data)";
export const CATALOG_SOURCE = "sample-catalog";

export type AnalystIntent =
  | "products"
  | "compare"
  | "pricing"
  | "budget"
  | "verdict"
  | "ads"
  | "stores"
  | "copy"
  | "help"
  | "no-match"
  | "refusal"
  | "out-of-scope";

/** Intents read from the words of a question (the others are outcomes). */
type AskedIntent = Exclude<AnalystIntent, "help" | "no-match" | "refusal" | "out-of-scope">;


/** A complete answer before streaming; exported so tests and callers can inspect it whole. */
export interface AnalystAnswer {
  intent: AnalystIntent;
  markdown: string;
  summary?: string;
  citations?: Citation[];
  /** Set when the answer found nothing to answer with: it is shown but not counted. */
  unanswered?: UnansweredReason;
}

// ---------------------------------------------------------------------------------------------
// Reading the question
// ---------------------------------------------------------------------------------------------

const PRODUCTS_PATTERN =
  /\b(products?|winning|winners?|trending|bestsellers?|best[- ]sellers?|ideas?|sell|selling|find|research|opportunit\w*|items?)\b/;

/** Checked in this order: the first that matches wins ("write ad hooks" is about ads, not copy). */
const INTENT_PATTERNS: readonly (readonly [AskedIntent, RegExp])[] = [
  [
    "budget",
    /\b(budgets?|roas|cpa|break[- ]?even|ad ?spend|how much (should|do|can|to) (i|we) spend|spend on (ads|meta|facebook|tiktok|google))\b/,
  ],
  [
    "verdict",
    /\b(good (product|idea|one|pick|choice|bet|niche)|worth (it|selling|testing|trying|launching)|should (i|we) (sell|test|try|launch|start|avoid) (it|this|that|them|these|those|an?|the)|(sell|avoid) or|bad idea|is (it|this|that) (any )?good)\b/,
  ],
  [
    "ads",
    /\b(ads?|adverts?|advertis\w*|hooks?|angles?|creatives?|tiktok|facebook|instagram|pinterest|ugc|videos?|campaigns?|scripts?)\b/,
  ],
  [
    "copy",
    /\b(copy|copywriting|descriptions?|titles?|headlines?|bullets?|listings?|product pages?|landing pages?|pdp|write|rewrite|draft)\b/,
  ],
  ["stores", /\b(competitors?|competing|rivals?|stores|shops|brands|sellers|who (else )?sells?|spy)\b/],
  [
    "compare",
    /\b(compare|compared|comparison|comparing|versus|vs|better than|worse than|which niches?|what niches?|best niches?|top niches?|niches)\b/,
  ],
  [
    "pricing",
    /\b(prices?|pricing|priced|margins?|costs?|profit\w*|markup|charge|how much|break[- ]?even|cheap\w*|expensive)\b/,
  ],
  ["products", PRODUCTS_PATTERN],
];

export const GREETING = /^\s*(hi|hello|hey|yo|help|thanks|thank you|what can you do|who are you|what are you)\b/i;

/** Requests to invent what no record holds: reviews, ratings, certifications, health claims. */
export const FABRICATION =
  /\b(fake|made[- ]up|invent(ed)?|make up|write (me )?(some )?(5|five)[- ]star)\b.*\b(reviews?|ratings?|testimonials?)\b|\b(reviews?|testimonials?|ratings?)\b.*\b(fake|made[- ]up|invent(ed)?)\b|\b(fda|ce|fcc|ul)[- ]?(approved|certified|cleared)\b|\b(say|claim|write|state)\b.*\b(cures?|heals?|treats?|clinically (proven|tested)|doctor[- ]recommended)\b/i;

/** Things this assistant cannot do offline, whatever the product. */
export const OUT_OF_SCOPE =
  /\b(weather|translate|translation|stock price|crypto|bitcoin|news|sports? scores?|(generate|make|create|draw) (me )?(an? )?(image|photo|picture|logo|video)s?|live (data|sales|prices)|browse|google it|search the web|website traffic)\b/i;

/** Words about the task rather than the subject; a question left with none of its own is a follow-up. */
const TASK_WORDS: ReadonlySet<string> = new Set(
  (
    "product item niche market winning winner best top trending trend idea find sell selling seller research " +
    "analysis analyse analyze opportunity hot popular profitable dropship dropshipping ecommerce commerce online " +
    "store shop brand compare compared comparison comparing versus vs better worse price pricing priced margin cost " +
    "profit markup charge cheap cheaper expensive break even ad ads advert advertising hook angle creative tiktok " +
    "facebook instagram pinterest ugc video campaign script copy copywriting description title headline bullet " +
    "point listing page landing pdp write rewrite draft competitor competing rival spy sale order month monthly " +
    "right under below above over between start launch try test customer buyer use work money week today year " +
    "analyst catalog sample data offline model ai about else for which " +
    "budget roas cpa spend spending set setting meta google daily per day week weekly scale scaling conversion " +
    "good bad great worth worthwhile idea should could would new my our one ones thing things kind " +
    "question questions tell show give list help please thanks do does did carry carries stock stocks offer offers more"
  )
    .split(" ")
    .map(stem),
);

export function detectIntent(text: string): AskedIntent | null {
  const lower = text.toLowerCase();
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(lower)) return intent;
  return null;
}

interface Subject {
  /** The niches the question names, most relevant first. */
  niches: Niche[];
  /** A product the question names, if any. */
  product?: Product;
  /** A competitor store the question names (by id or by its whole name), or a row of a store table. */
  store?: Store;
}

export interface TurnReading {
  intent: ReturnType<typeof detectIntent>;
  subject: Subject | null;
  /** Subject words the catalog does not know, as the user wrote them. */
  unknownWords: string[];
  /** Product types the question names that the catalog holds no product of ("LED face mask"). */
  missingProductTypes: string[];
  /** Every subject word of the turn, as the user wrote them. */
  subjectWords: string[];
  /** True when the turn names something of its own (known or not), so it is no follow-up. */
  hasOwnSubject: boolean;
  /**
   * The product the turn asks about, as the merchant wrote it, when it names one (words beyond a
   * niche's own): with `subject.product` unset, the catalog has no such product.
   */
  askedProduct: string | null;
  /** The closest catalog products when the asked product is missing: offered as substitutes, never as it. */
  substitutes: Product[];
}

/** How many products name resolution weighs: every plausible name match, not just the top of the list. */
const CANDIDATE_LIMIT = 1000;
/** How many search hits lend their words to what the catalog knows and supply substitutes. */
const TOP_HITS = 40;

/**
 * The product a merchant's words name, among products that carry them. A name the merchant wrote
 * out whole wins (the longest, when several are); an edition the merchant did not name ("Pro yoga
 * mat, deluxe kit" for "the pro yoga mat") comes after every plain name; then names with fewer
 * words the merchant did not write, names matching more of their words, and finally the
 * strongest seller.
 */
function closestNamed(hits: readonly ProductHit[], queryTerms: ReadonlySet<string>): Product | undefined {
  if (hits.length === 0) return undefined;
  const winningOrder = new Map(rankWinningProducts(hits.map((hit) => hit.product)).map((p, i) => [p.id, i]));
  const unwritten = (text: string) => contentTerms(text).filter((t) => !queryTerms.has(t)).length;
  const fit = (hit: ProductHit) => {
    const { base, edition } = nameParts(hit.product.name);
    return [
      hit.exactName ? 0 : 1,
      // Of two names written out whole, the longer is the one meant ("pro gaming chair cushion", not "gaming chair cushion").
      hit.exactName ? -tokenize(hit.product.name).length : 0,
      edition !== null && unwritten(edition) > 0 ? 1 : 0,
      unwritten(base),
      -hit.matched.length,
      winningOrder.get(hit.product.id)!,
    ];
  };
  const scored = hits.map((hit) => ({ hit, fit: fit(hit) }));
  scored.sort((a, b) => {
    for (let i = 0; i < a.fit.length; i++) if (a.fit[i] !== b.fit[i]) return a.fit[i] - b.fit[i];
    return 0;
  });
  return scored[0].hit.product;
}

/** The text with the product's name and type taken out, wherever it writes them ("headrest hooks" too). */
function withoutProductWords(text: string, product: Product): string {
  const phrase = (name: string) => {
    const words = name.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    return words.length ? new RegExp(`\\b${words.join("\\W+")}(?:e?s)?\\b`, "gi") : null;
  };
  let rest = text;
  for (const name of [nameParts(product.name).base, product.productType]) {
    const pattern = phrase(name);
    if (pattern) rest = rest.replace(pattern, " ");
  }
  return rest;
}

/** A store named by its id ("S-012") or by its whole name, as a phrase. */
function namedStore(text: string): Store | undefined {
  const id = text.match(/\bS-\d{3}\b/i)?.[0].toUpperCase();
  if (id) return getStore(id);
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9&' ]+/g, " ")} `;
  // The longest name wins ("Paw Palace Outlet" over "Paw Palace").
  return getCatalog()
    .stores.filter((store) => lower.includes(` ${store.name.toLowerCase()} `))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

export function readTurn(text: string): TurnReading {
  const store = namedStore(text);
  if (!store) return readProductTurn(text);
  // The store's own words name the store, not a product: read the rest of the turn without them.
  const rest = readProductTurn(text.replace(new RegExp(`\\b${store.id}\\b|${escapeRegExp(store.name)}`, "gi"), " "));
  const storeNiche = getNiche(store.nicheId)!;
  const niches = rest.subject?.product ? rest.subject.niches : [storeNiche, ...(rest.subject?.niches ?? []).filter((n) => n.id !== storeNiche.id)];
  return { ...rest, subject: { niches, product: rest.subject?.product, store }, hasOwnSubject: true };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function readProductTurn(text: string): TurnReading {
  const search = searchCatalog(text, { limit: CANDIDATE_LIMIT });
  const topHits = search.products.slice(0, TOP_HITS);
  const queryTerms = new Set(search.terms);
  const subjectTerms = search.terms.filter((t) => !TASK_WORDS.has(t) && !/^\d+$/.test(t));

  // Niches named by their own words; one that adds no word beyond a better-ranked niche is an echo.
  const claimed = new Set<string>();
  const niches: Niche[] = [];
  for (const hit of search.niches) {
    if (hit.matched.length === 0 || hit.matched.every((t) => claimed.has(t))) continue;
    hit.matched.forEach((t) => claimed.add(t));
    niches.push(hit.niche);
  }

  // A product is named by its id or by every word of its type ("lick mat", "pet brush").
  const namedById = topHits.find((hit) => hit.score >= 100 && new RegExp(`\\b${hit.product.id}\\b`, "i").test(text));
  const namedByType = closestNamed(
    search.products.filter((hit) => {
      const typeTerms = contentTerms(hit.product.productType);
      return typeTerms.length > 0 && typeTerms.every((t) => queryTerms.has(t));
    }),
    queryTerms,
  );
  // Or by its name: every word the merchant used is in it ("magnetic phone mount" → "Magnetic car
  // phone mount"). Words that only name a niche ("and for cycling?") name the niche, not a product.
  const namedByName =
    subjectTerms.length > 0 && !subjectTerms.every((t) => claimed.has(t))
      ? closestNamed(
          search.products.filter((hit) => subjectTerms.every((t) => hit.matched.includes(t))),
          queryTerms,
        )
      : undefined;
  const product = namedById?.product ?? namedByType ?? namedByName;

  const productWords = new Set(topHits.flatMap((hit) => hit.matched));
  const known = (term: string) => claimed.has(term) || productWords.has(term);

  if (product) {
    const productNiche = getNiche(product.nicheId)!;
    niches.splice(0, niches.length, productNiche, ...niches.filter((n) => n.id !== productNiche.id));
  } else if (niches.length === 0 && subjectTerms.length > 0 && subjectTerms.every(known) && topHits[0]) {
    // Words that only products use ("harness"): the niche of the best-matching product.
    niches.push(getNiche(topHits[0].product.nicheId)!);
  }

  const unknownTerms = new Set(subjectTerms.filter((t) => !known(t)));
  const subjectTermSet = new Set(subjectTerms);
  const missingProductTypes = product
    ? []
    : niches.flatMap((n) =>
        n.productTypes.filter((type) => {
          const typeTerms = contentTerms(type);
          return (
            typeTerms.every((t) => queryTerms.has(t)) && !productsInNiche(n.id).some((p) => p.productType === type)
          );
        }),
      );
  const wordsFor = (terms: Set<string>) => [
    ...new Set(
      (text.match(/[a-z0-9]+/gi) ?? [])
        .filter((w) => {
          const term = tokenize(w)[0];
          return term !== undefined && terms.has(term);
        })
        .map((w) => w.toLowerCase()),
    ),
  ];
  // A product is asked about when the turn names more than a niche: a word no niche claims, or a
  // product type. Missing, the nearest products become substitutes, named as such.
  // Words outside every niche ("asdf qwerty", "vintage tractors") name no product, unless the
  // question is plainly about one ("what should I price a unicorn saddle at?").
  // A product's own words are no task: "How should I price the video doorbell?" asks for a price, not ads.
  const intent = detectIntent(product ? withoutProductWords(text, product) : text);
  const productTask = intent === "copy" || intent === "pricing" || intent === "budget" || intent === "verdict";
  const [beforeLast, last] = subjectTerms.slice(-2);
  const asksProduct =
    Boolean(product) ||
    missingProductTypes.length > 0 ||
    // A product phrase ends with its noun ("pet hair remover", "dog sweater"): the last subject
    // word is one no niche claims. Other stray words ("question 1 about kitchen gadgets") are not a product.
    (last !== undefined && !claimed.has(last) && (niches.length > 0 || productTask)) ||
    // Or, asked to price, budget, judge or describe it, a word the catalog does not know comes
    // right before the niche word the phrase ends with ("a unicorn saddle"): no such product.
    (productTask && subjectTerms.length >= 2 && claimed.has(last) && !known(beforeLast));
  const askedProduct = asksProduct ? (product ? null : (missingProductTypes[0] ?? wordsFor(subjectTermSet).join(" "))) : null;
  // Substitutes come from the niche the question is in, closest first: never a product from elsewhere.
  const substitutes =
    askedProduct && !product
      ? search.products
          .filter((hit) => hit.matched.length > 0 && niches.some((n) => n.id === hit.product.nicheId))
          .slice(0, 3)
          .map((hit) => hit.product)
      : [];
  return {
    intent,
    subject: niches.length > 0 ? { niches, product } : null,
    unknownWords: wordsFor(unknownTerms),
    missingProductTypes,
    subjectWords: wordsFor(subjectTermSet),
    hasOwnSubject: subjectTerms.length > 0,
    askedProduct: askedProduct || null,
    substitutes,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of an answer
// ---------------------------------------------------------------------------------------------

export const BASIS_NOTE =
  "_Built-in analyst, running offline. Every figure below comes from Dropcraft's **sample catalog** (generated sample data, not live market data)._";

export const SAMPLE_CAVEAT = "Before you spend money, check these figures against live data: this catalog is a sample.";


/** "a TikTok ad", "an Instagram ad". */
function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listInProse(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function productCitation(p: Product): Citation {
  return { title: `Sample catalog · ${p.id} ${p.name}`, source: CATALOG_SOURCE, record: { kind: "product", id: p.id } };
}

function adCitation(ad: Ad): Citation {
  const product = getProduct(ad.productId)!;
  return {
    title: `Sample catalog · ${ad.id} ${ad.platform} ad for ${product.id} ${product.name}`,
    source: CATALOG_SOURCE,
    record: { kind: "ad", id: ad.id },
  };
}

export function storeCitation(store: Store): Citation {
  return { title: `Sample catalog · ${store.id} ${store.name} (store)`, source: CATALOG_SOURCE, record: { kind: "store", id: store.id } };
}

export function nicheCitation(niche: Niche): Citation {
  return { title: `Sample catalog · niche: ${niche.name}`, source: CATALOG_SOURCE, record: { kind: "niche", id: niche.id } };
}

export function uniqueCitations(citations: Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => (seen.has(c.title) ? false : (seen.add(c.title), true)));
}

export const PRODUCT_TABLE_HEADER = [
  "ID",
  "Product",
  "Price",
  "Cost",
  "Margin",
  "Orders/mo",
  "4-week trend",
  "Competition",
];

/** The one product table every answer uses; each cell is a stored or derived catalog figure. */
export function productTable(products: readonly Product[]): string {
  const rows = products.map((p) =>
    [
      p.id,
      p.name,
      formatCents(p.priceCents),
      formatCents(p.costCents),
      `${formatCents(p.marginCents)} (${formatPercent(p.marginPct)})`,
      formatCount(p.monthlyOrders),
      formatChange(p.trendPct),
      `${p.competition} (${formatCountOf(p.adCount, "active ad")})`,
    ].join(" | "),
  );
  return [
    `| ${PRODUCT_TABLE_HEADER.join(" | ")} |`,
    `|${PRODUCT_TABLE_HEADER.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r} |`),
  ].join("\n");
}

function by<T>(score: (item: T) => number) {
  return (a: T, b: T) => score(b) - score(a);
}

function first<T>(items: readonly T[], compare: (a: T, b: T) => number): T {
  return items.slice().sort(compare)[0];
}

function nicheGlance(niche: Niche, stats: NicheStats): string[] {
  return [
    `- Prices run from ${formatCents(stats.minPriceCents)} to ${formatCents(stats.maxPriceCents)} (median ${formatCents(stats.medianPriceCents)}); the average margin is ${formatPercent(stats.avgMarginPct)}.`,
    `- Its ${formatCount(stats.productCount)} products take ${formatCount(stats.totalMonthlyOrders)} orders a month together; the median 4-week trend (orders in the last 4 weeks against the 4 before) is ${formatChange(stats.medianTrendPct)}.`,
    `- The catalog holds ${formatCount(stats.adCount)} ads and ${formatCount(stats.storeCount)} competitor stores for ${niche.name.toLowerCase()}.`,
  ];
}

/** Honest caveats about the reading of the question, shown under the heading. */
function notesBlock(notes: readonly string[]): string[] {
  return notes.length ? [...notes.map((n) => `_${n}_`), ""] : [];
}


// ---------------------------------------------------------------------------------------------
// Answers, one per intent
// ---------------------------------------------------------------------------------------------

export function winningProductsAnswer(niche: Niche | null, asked: Product | undefined, notes: string[]): AnalystAnswer {
  const pool = niche ? productsInNiche(niche.id) : getCatalog().products;
  const ranked = rankWinningProducts(pool);
  const shown = ranked.slice(0, 8);
  if (asked && !shown.includes(asked)) shown.push(asked);
  const scope = niche ? niche.name : "the whole sample catalog";
  const [top, second] = ranked;
  const highestMargin = first(
    shown,
    by((p) => p.marginPct),
  );
  const fastest = first(
    shown,
    by((p) => p.trendPct),
  );
  const leastCrowded = first(shown, (a, b) => a.adCount - b.adCount);
  const quickest = first(shown, (a, b) => a.shippingDays - b.shippingDays);
  const slowest = first(
    shown,
    by((p) => p.shippingDays),
  );
  const warnings = shown.filter((p) => p.competition === "saturated" || p.trendPct < 0);

  const lines = [
    `## Winning products in ${scope}`,
    "",
    BASIS_NOTE,
    "",
    ...notesBlock(notes),
    // A niche's record holds its product count; the whole catalog's is no record's figure, so it goes unsaid.
    `${niche ? `${niche.name} holds **${formatCount(pool.length)}** products in the sample catalog; ` : "Across the whole sample catalog, "}${
      ranked.length > 8 ? `the table shows the strongest 8${niche ? " of them" : " products"}${asked && !ranked.slice(0, 8).includes(asked) ? `, plus the ${nameInSentence(asked.name)} you asked about` : ""}` : `the table shows all ${niche ? "of them" : "its products"}`
    }. They are ranked by estimated monthly gross profit (orders per month × margin per sale); saturated products and products whose orders fell over the last 4 weeks (against the 4 before) come after the rest.`,
    "",
    productTable(shown),
    "",
    "### What stands out",
    `- **Strongest overall:** ${top.name} (${top.id}) takes ${formatCount(top.monthlyOrders)} orders a month and keeps ${formatCents(top.marginCents)} per sale.`,
    `- **Highest margin:** ${highestMargin.name} keeps ${formatCents(highestMargin.marginCents)} per sale (${formatPercent(highestMargin.marginPct)}).`,
    `- **Fastest growing:** ${fastest.name} is at ${formatChange(fastest.trendPct)} on its 4-week trend.`,
    `- **Least crowded:** ${leastCrowded.name} has ${leastCrowded.competition} competition (${formatCountOf(leastCrowded.adCount, "active ad")}).`,
    `- **Shipping:** ${quickest.name} ships fastest (${formatCount(quickest.shippingDays)} days); ${slowest.name} is slowest (${formatCount(slowest.shippingDays)} days).`,
    ...warnings
      .slice(0, 2)
      .map((p) =>
        p.competition === "saturated"
          ? `- **Watch out:** ${p.name} is saturated (${formatCountOf(p.adCount, "active ad")}); expect price pressure.`
          : `- **Watch out:** ${p.name} is shrinking (${formatChange(p.trendPct)} on its 4-week trend).`,
      ),
  ];
  if (asked) {
    lines.push(`- **You asked about ${asked.name}:** it is listed in the table with the rest.`);
  }
  if (niche) {
    lines.push("", `### ${niche.name} at a glance`, ...nicheGlance(niche, nicheStats(niche.id)!));
  }
  lines.push(
    "",
    "### Next steps",
    `- Order samples of the ${nameInSentence(top.name)}${second ? ` and the ${nameInSentence(second.name)}` : ""}, and confirm quality and real shipping times with the supplier.`,
    `- Ask me for **ad angles for the ${nameInSentence(top.name)}** or **a product page for the ${nameInSentence(top.name)}**.`,
    niche
      ? `- Compare niches: "compare ${niche.name.toLowerCase()} vs ${otherNiche(niche).name.toLowerCase()}".`
      : `- Narrow it down: "find winning products in ${listNiches()[0].name.toLowerCase()}".`,
    `- ${SAMPLE_CAVEAT}`,
  );

  const summaryLead = niche
    ? (() => {
        const stats = nicheStats(niche.id)!;
        return `${niche.name} in the sample catalog: ${formatCount(stats.productCount)} products, median price ${formatCents(stats.medianPriceCents)}, average margin ${formatPercent(stats.avgMarginPct)} and a median 4-week trend of ${formatChange(stats.medianTrendPct)}.`;
      })()
    : "";
  const summary = `${summaryLead ? `${summaryLead} ` : ""}The strongest candidate${niche ? "" : " in the whole sample catalog"} is ${top.name} (${top.id}): ${formatCount(top.monthlyOrders)} orders a month, ${formatCents(top.marginCents)} margin per sale and ${top.competition} competition${second ? `, followed by the ${nameInSentence(second.name)} (${second.id})` : ""}. These are sample figures, not live market data.`;
  return {
    intent: "products",
    markdown: lines.join("\n"),
    summary,
    citations: uniqueCitations([...(niche ? [nicheCitation(niche)] : []), ...shown.map(productCitation)]),
  };
}

function otherNiche(niche: Niche): Niche {
  return rankNiches(listNiches()).find((n) => n.id !== niche.id)!;
}

/** Niches ordered by the sum of their ranks on demand, margin, growth and low-competition share. */
function rankNiches(niches: readonly Niche[]): Niche[] {
  const stats = new Map(niches.map((n) => [n.id, nicheStats(n.id)!]));
  const measures = nicheMeasures();
  const rankSum = new Map(niches.map((n) => [n.id, 0]));
  for (const measure of measures) {
    const ordered = niches.slice().sort((a, b) => measure.value(stats.get(b.id)!) - measure.value(stats.get(a.id)!));
    ordered.forEach((n, i) => rankSum.set(n.id, rankSum.get(n.id)! + i));
  }
  return niches.slice().sort((a, b) => rankSum.get(a.id)! - rankSum.get(b.id)! || a.id.localeCompare(b.id));
}

interface NicheMeasure {
  label: string;
  value: (s: NicheStats) => number;
  describe: (n: Niche, s: NicheStats) => string;
}

function nicheMeasures(): NicheMeasure[] {
  return [
    {
      label: "Demand",
      value: (s) => s.totalMonthlyOrders,
      describe: (n, s) =>
        `${n.name} leads with ${formatCount(s.totalMonthlyOrders)} orders a month across its products.`,
    },
    {
      label: "Margins",
      value: (s) => s.avgMarginPct,
      describe: (n, s) => `${n.name} has the best average margin, ${formatPercent(s.avgMarginPct)}.`,
    },
    {
      label: "Growth",
      value: (s) => s.medianTrendPct,
      describe: (n, s) => `${n.name} grows fastest, with a median 4-week trend of ${formatChange(s.medianTrendPct)}.`,
    },
    {
      label: "Competition",
      value: (s) => (s.productCount ? s.lowCompetitionCount / s.productCount : 0),
      describe: (n, s) =>
        `${n.name} has the most room: ${formatCount(s.lowCompetitionCount)} of its ${formatCount(s.productCount)} products face low competition.`,
    },
  ];
}

function nicheTable(niches: readonly Niche[]): string {
  const header = [
    "Niche",
    "Products",
    "Median price",
    "Avg margin",
    "Orders/mo (all products)",
    "Median 4-week trend",
    "Low-competition products",
    "Avg shipping days",
  ];
  const rows = niches.map((n) => {
    const s = nicheStats(n.id)!;
    return [
      n.name,
      formatCount(s.productCount),
      formatCents(s.medianPriceCents),
      formatPercent(s.avgMarginPct),
      formatCount(s.totalMonthlyOrders),
      formatChange(s.medianTrendPct),
      `${formatCount(s.lowCompetitionCount)} of ${formatCount(s.productCount)}`,
      formatCount(s.avgShippingDays),
    ];
  });
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

export function compareAnswer(named: Niche[], notes: string[]): AnalystAnswer {
  const isRanking = named.length < 2;
  let compared: Niche[];
  if (isRanking) {
    compared = rankNiches(listNiches()).slice(0, 8);
    if (named[0] && !compared.includes(named[0])) compared.push(named[0]);
  } else {
    compared = rankNiches(named);
  }
  const leader = compared[0];
  const measures = nicheMeasures();
  const statsOf = (n: Niche) => nicheStats(n.id)!;
  const leaders = measures.map((m) => ({
    measure: m,
    niche: first(compared, (a, b) => m.value(statsOf(b)) - m.value(statsOf(a))),
  }));
  const leaderWins = leaders.filter((l) => l.niche === leader).length;
  const bestProducts = compared.map((n) => rankWinningProducts(productsInNiche(n.id))[0]);

  const heading = isRanking
    ? "## Niche ranking in the sample catalog"
    : `## ${compared.map((n) => n.name).join(" vs ")}`;
  const lines = [
    heading,
    "",
    BASIS_NOTE,
    "",
    ...notesBlock(notes),
    isRanking
      ? `The leading niches, ranked by adding up each niche's place on demand, margins, growth and share of low-competition products${named[0] ? ` (${named[0].name} included)` : ""}:`
      : "Side by side, from the sample catalog; niches are ordered by adding up their place on demand, margins, growth and share of low-competition products:",
    "",
    nicheTable(compared),
    "",
    "### Verdict",
    ...leaders.map((l) => `- **${l.measure.label}:** ${l.measure.describe(l.niche, statsOf(l.niche))}`),
    `- **On balance ${leader.name} comes out ahead:** it has the best combined placing across the ${measures.length === 4 ? "four" : formatCount(measures.length)} measures and leads on ${leaderWins === 0 ? "none" : leaderWins === measures.length ? "all" : formatCount(leaderWins)} of them.`,
    "",
    "### Best product in each",
    productTable(bestProducts),
    "",
    "### Next steps",
    `- Dig into the leader: "find winning products in ${leader.name.toLowerCase()}".`,
    `- Check who already sells there: "competitor stores in ${leader.name.toLowerCase()}".`,
    `- ${SAMPLE_CAVEAT}`,
  ];
  const ls = statsOf(leader);
  const runnerUp = compared[1];
  const summary = `${isRanking ? "Across the sample catalog's niches" : `Of ${listInProse(compared.map((n) => n.name))}`}, ${leader.name} looks strongest: ${formatCount(ls.totalMonthlyOrders)} orders a month across its products, an average margin of ${formatPercent(ls.avgMarginPct)}, a median 4-week trend of ${formatChange(ls.medianTrendPct)} and ${formatCount(ls.lowCompetitionCount)} of ${formatCount(ls.productCount)} products in low competition.${runnerUp ? ` ${runnerUp.name} follows (${formatCount(statsOf(runnerUp).totalMonthlyOrders)} orders a month, ${formatPercent(statsOf(runnerUp).avgMarginPct)} average margin).` : ""} These are sample figures, not live market data.`;
  return {
    intent: "compare",
    markdown: lines.join("\n"),
    summary,
    citations: uniqueCitations([...compared.map(nicheCitation), ...bestProducts.map(productCitation)]),
  };
}

export function pricingAnswer(niche: Niche, product: Product | undefined, notes: string[]): AnalystAnswer {
  const stats = nicheStats(niche.id)!;
  const nicheProducts = productsInNiche(niche.id);
  const lines: string[] = [];
  let summary: string;
  let cited: Product[];

  if (product) {
    const points: [string, number][] = [
      ["Lowest price in the niche", stats.minPriceCents],
      ["Niche median", stats.medianPriceCents],
      ["Catalog suggested price", product.priceCents],
      ["Highest price in the niche", stats.maxPriceCents],
    ];
    // Margins at other prices are worked out, not looked up: each cell shows its arithmetic.
    const pointRows = points
      .sort((a, b) => a[1] - b[1])
      .map(([label, price]) => {
        const { marginCents, marginPct } = marginOf(price, product.costCents);
        return `| ${label} | ${formatCents(price)} | ${formatCents(price)} − ${formatCents(product.costCents)} = ${formatCents(marginCents)} | ${formatCents(marginCents)} ÷ ${formatCents(price)} = ${formatPercent(marginPct)} |`;
      });
    const gap = product.priceCents - stats.medianPriceCents;
    const position =
      gap === 0
        ? `exactly at the niche median (${formatCents(stats.medianPriceCents)})`
        : gap > 0
          ? `above the niche median: ${formatCents(product.priceCents)} − ${formatCents(stats.medianPriceCents)} = ${formatCents(gap)}`
          : `below the niche median: ${formatCents(stats.medianPriceCents)} − ${formatCents(product.priceCents)} = ${formatCents(-gap)}`;
    const pressure =
      product.competition === "saturated" || product.competition === "high"
        ? `${capitalize(product.competition)} competition (${formatCountOf(product.adCount, "active ad")}) means rivals will undercut you; plan to win on offer and creative rather than on price.`
        : `${capitalize(product.competition)} competition (${formatCountOf(product.adCount, "active ad")}) leaves room to hold the suggested price.`;
    lines.push(
      `## Pricing ${product.name} (${product.id})`,
      "",
      BASIS_NOTE,
      "",
      ...notesBlock(notes),
      productTable([product]),
      "",
      `### Price points from ${niche.name.toLowerCase()}, at the catalog's supplier cost of ${formatCents(product.costCents)}`,
      "| Price point | Price | Margin per sale | Margin % |",
      "|---|---|---|---|",
      ...pointRows,
      "",
      "### What this means",
      `- At the suggested ${formatCents(product.priceCents)} each sale leaves ${formatCents(product.marginCents)} (${formatPercent(product.marginPct)}) before shipping, ad spend and payment fees. After ${formatCents(product.shippingCostCents)} shipping, ${formatCents(product.marginCents)} − ${formatCents(product.shippingCostCents)} = ${formatCents(product.marginCents - product.shippingCostCents)} is your break-even cost per order: spend more than that on ads for one sale and it loses money.`,
      `- The suggested price sits ${position}.`,
      `- ${pressure}`,
      "",
      "### Next steps",
      "- Test the suggested price against one lower price point from the table and keep the one with the better profit per visitor.",
      "- Confirm the landed cost (product plus shipping) with your supplier; the catalog cost is a sample figure.",
      `- Ask me for **ad angles for the ${nameInSentence(product.name)}** to see which hooks its ads use.`,
    );
    summary = `${product.name} (${product.id}) costs ${formatCents(product.costCents)} from the supplier and the sample catalog suggests ${formatCents(product.priceCents)}, leaving ${formatCents(product.marginCents)} (${formatPercent(product.marginPct)}) per sale before shipping, ad spend and fees; after shipping, at most ${formatCents(product.marginCents - product.shippingCostCents)} per order can go to ads before a sale loses money. ${niche.name} prices run from ${formatCents(stats.minPriceCents)} to ${formatCents(stats.maxPriceCents)} with a median of ${formatCents(stats.medianPriceCents)}. These are sample figures, not live market data.`;
    cited = [product];
  } else {
    const byMargin = nicheProducts.slice().sort((a, b) => b.marginPct - a.marginPct || a.id.localeCompare(b.id));
    const shown = byMargin.slice(0, 8);
    const best = byMargin[0];
    const thinnest = byMargin[byMargin.length - 1];
    lines.push(
      `## Prices and margins in ${niche.name}`,
      "",
      BASIS_NOTE,
      "",
      ...notesBlock(notes),
      "Products with the best margins first:",
      "",
      productTable(shown),
      "",
      "### The price and margin picture",
      `- Prices run from ${formatCents(stats.minPriceCents)} to ${formatCents(stats.maxPriceCents)}, with a median of ${formatCents(stats.medianPriceCents)}.`,
      `- The average margin is ${formatPercent(stats.avgMarginPct)}. ${best.name} keeps the most (${formatPercent(best.marginPct)}, ${formatCents(best.marginCents)} per sale); ${nameInSentence(thinnest.name)} the least (${formatPercent(thinnest.marginPct)}, ${formatCents(thinnest.marginCents)} per sale).`,
      `- Take shipping off the margin for your break-even ad cost per order: on the ${nameInSentence(best.name)}, ${formatCents(best.marginCents)} − ${formatCents(best.shippingCostCents)} = ${formatCents(best.marginCents - best.shippingCostCents)}; spend more than that in ads for one sale and it loses money.`,
      "",
      "### Next steps",
      `- Ask about one product for price points and break-even: "how should I price the ${nameInSentence(best.name)}?"`,
      "- Confirm landed costs with your supplier before you set prices.",
      `- ${SAMPLE_CAVEAT}`,
    );
    summary = `In the sample catalog, ${niche.name.toLowerCase()} prices run from ${formatCents(stats.minPriceCents)} to ${formatCents(stats.maxPriceCents)} (median ${formatCents(stats.medianPriceCents)}) with an average margin of ${formatPercent(stats.avgMarginPct)}. ${best.name} (${best.id}) has the best margin, ${formatPercent(best.marginPct)} or ${formatCents(best.marginCents)} per sale. These are sample figures, not live market data.`;
    // The thinnest margin is named in the text, so it is cited too.
    cited = shown.includes(thinnest) ? shown : [...shown, thinnest];
  }
  return {
    intent: "pricing",
    markdown: lines.join("\n"),
    summary,
    citations: uniqueCitations([...cited.map(productCitation), nicheCitation(niche)]),
  };
}

export function adsAnswer(niche: Niche, product: Product | undefined, notes: string[]): AnalystAnswer {
  const productAds = product ? adsForProduct(product.id) : [];
  const useProduct = product !== undefined && productAds.length > 0;
  const pool = useProduct ? productAds.slice() : adsInNiche(niche.id);
  const scope = useProduct ? product!.name : niche.name;
  const lines = [`## Ad angles for ${scope}`, "", BASIS_NOTE, "", ...notesBlock(notes)];
  if (product && !useProduct) {
    lines.push(
      `The sample catalog holds no ads for ${product.name} (${product.id}), so here are the ads of its niche, ${niche.name.toLowerCase()}.`,
      "",
    );
  }
  const focus = product ?? rankWinningProducts(productsInNiche(niche.id))[0];

  if (pool.length === 0) {
    lines.push(
      `The sample catalog holds no ads for ${scope.toLowerCase()}, so I have no engagement figures to show.`,
      "",
      "### Hooks to test",
      ...AD_ANGLES.slice(0, 4).map((angle) => `- ${ANGLE_LABELS[angle]}: "${writeHook(angle, focus, niche)}"`),
    );
    return {
      intent: "ads",
      markdown: lines.join("\n"),
      summary: `The sample catalog holds no ads for ${scope.toLowerCase()}; the hooks offered are untested templates built from the catalog entry for ${focus.name}.`,
      citations: [productCitation(focus)],
    };
  }

  const sorted = pool.sort(
    (a, b) => b.engagementRatePct - a.engagementRatePct || b.daysRunning - a.daysRunning || a.id.localeCompare(b.id),
  );
  const shown = sorted.slice(0, 8);
  const best = shown[0];
  const longest = first(pool, (a, b) => b.daysRunning - a.daysRunning || a.id.localeCompare(b.id));
  const platformCounts = new Map<string, number>();
  for (const ad of pool) platformCounts.set(ad.platform, (platformCounts.get(ad.platform) ?? 0) + 1);
  // No record holds a per-platform count, so the answer names the leading platforms without one.
  const mostAds = Math.max(...platformCounts.values());
  const topPlatforms = [...platformCounts].filter(([, n]) => n === mostAds).map(([platform]) => platform).sort();
  const whereTheyRun =
    platformCounts.size === 1
      ? `${pool.length === 1 ? "it runs" : "they all run"} on ${topPlatforms[0]}`
      : topPlatforms.length === platformCounts.size
        ? `they are spread evenly over ${listInProse(topPlatforms)}`
        : `${listInProse(topPlatforms)} ${topPlatforms.length > 1 ? "carry" : "carries"} more of them than any other platform`;
  const usedAngles = new Set(shown.map((a) => a.angle));
  const freshAngles = AD_ANGLES.filter((a) => !usedAngles.has(a));
  const suggestions = (freshAngles.length >= 3 ? freshAngles : AD_ANGLES).slice(0, 4);
  const productOf = (ad: Ad) => getProduct(ad.productId)!;
  const adProducts = [...new Set([...shown, longest].map(productOf))];

  lines.push(
    `The sample catalog holds ${formatCountOf(pool.length, "ad")} for ${useProduct ? `the ${nameInSentence(scope)}` : scope.toLowerCase()}${useProduct ? `, ${formatCount(product!.adCount)} of them still active` : ""}. The most engaging first:`,
    "",
    "| Ad | Product | Platform | Angle | Hook | Running | Views | Engagement |",
    "|---|---|---|---|---|---|---|---|",
    ...shown.map((ad) => {
      const p = productOf(ad);
      return `| ${ad.id} | ${p.id} ${p.name} | ${ad.platform} | ${ANGLE_LABELS[ad.angle]} | "${ad.hook}" | ${formatCount(ad.daysRunning)} days | ${formatCount(ad.views)} | ${formatPercent(ad.engagementRatePct)} |`;
    }),
    "",
    "### What the catalog's ads suggest",
    `- **Most engaging:** ${best.id}, ${withArticle(best.platform)} ${ANGLE_LABELS[best.angle].toLowerCase()} ad for the ${nameInSentence(productOf(best).name)}, reaches ${formatPercent(best.engagementRatePct)} engagement.`,
    `- **Longest running:** ${longest.id}, ${withArticle(longest.platform)} ad for the ${nameInSentence(productOf(longest).name)}, has run ${formatCount(longest.daysRunning)} days. Advertisers rarely keep paying for an ad that loses money, so long runs are a useful signal.`,
    `- **Where they run:** ${capitalize(whereTheyRun)}.`,
    "",
    `### Hooks to test for the ${nameInSentence(focus.name)}`,
    ...suggestions.map((angle) => `- ${ANGLE_LABELS[angle]}: "${writeHook(angle, focus, niche)}"`),
    "",
    "### Products behind these ads",
    productTable(adProducts),
    "",
    "### Next steps",
    "- Film a short video for each hook above and run them side by side on a small test budget.",
    `- Keep the angle of ${longest.id} as your control: it has lasted longest.`,
    `- Ask me for **a product page for the ${nameInSentence(focus.name)}** to match the winning hook.`,
  );
  const summary = `The sample catalog holds ${formatCountOf(pool.length, "ad")} for ${useProduct ? `the ${nameInSentence(scope)}` : scope.toLowerCase()}. The most engaging is ${best.id}, ${withArticle(best.platform)} ${ANGLE_LABELS[best.angle].toLowerCase()} ad for the ${nameInSentence(productOf(best).name)} at ${formatPercent(best.engagementRatePct)} engagement; the longest running, ${longest.id}, has run ${formatCount(longest.daysRunning)} days. ${capitalize(whereTheyRun)}. These are sample figures, not live ad data.`;
  return {
    intent: "ads",
    markdown: lines.join("\n"),
    summary,
    citations: uniqueCitations([
      // The niche's record holds the count of its ads; a product's record lists its own.
      ...(useProduct ? [] : [nicheCitation(niche)]),
      ...shown.map(adCitation),
      adCitation(longest),
      ...adProducts.map(productCitation),
      productCitation(focus),
    ]),
  };
}

/** Most store rows an answer shows: every store of a niche (8 or 9 in the sample catalog), the largest of the whole catalog. */
const MAX_STORE_ROWS = 10;

/** Whether a store lists the product now (a listing it has not removed). */
function listsNow(store: Store, productId: string): boolean {
  return store.listings.some((l) => l.productId === productId && l.removedWeek === null);
}

/** One competitor store, from its own record: what it is, how big, what it sells best and what it sells now. */
export function storeProfileAnswer(store: Store): AnalystAnswer {
  const niche = getNiche(store.nicheId)!;
  const bestSellers = store.topProductIds.map((id) => getProduct(id)!).filter(Boolean);
  const listedNow = rankWinningProducts(
    store.listings.filter((l) => l.removedWeek === null && !store.topProductIds.includes(l.productId)).map((l) => getProduct(l.productId)!),
  ).slice(0, 5);
  const lines = [
    `## ${store.id} ${store.name}: competitor store profile`,
    "",
    BASIS_NOTE,
    "",
    `${store.name} is a sample ${niche.name.toLowerCase()} store on ${store.platform}, launched ${store.launchMonth}. It lists ${formatCount(store.productCount)} products and makes an estimated ${formatDollars(store.estMonthlyRevenueUsd)} a month. It is a sample store, not a real shop: use it to practise the analysis, then run the same checks on the real competitors you find.`,
    "",
    "### Its best sellers",
    productTable(bestSellers),
  ];
  if (listedNow.length)
    lines.push("", "### Other products it lists now, strongest first", productTable(listedNow));
  lines.push(
    "",
    "### Next steps",
    `- Ask for **competitor stores in ${niche.name.toLowerCase()}** to see how ${store.name} compares with the others.`,
    `- Ask **what ad budget for ${bestSellers[0]?.id ?? "one of these"}** to test its best seller yourself.`,
    `- ${SAMPLE_CAVEAT}`,
  );
  return {
    intent: "stores",
    markdown: lines.join("\n"),
    summary: `${store.name} (${store.platform}, ${niche.name}) lists ${formatCount(store.productCount)} products and makes an estimated ${formatDollars(store.estMonthlyRevenueUsd)} a month; its best seller is ${bestSellers[0]?.name ?? "not recorded"}. A sample store, not a real shop.`,
    citations: uniqueCitations([storeCitation(store), nicheCitation(niche), ...bestSellers.map(productCitation), ...listedNow.map(productCitation)]),
  };
}

export function storesAnswer(niche: Niche | null, notes: string[]): AnalystAnswer {
  const inScope = (niche ? storesInNiche(niche.id).slice() : getCatalog().stores.slice()).sort(
    (a, b) => b.estMonthlyRevenueUsd - a.estMonthlyRevenueUsd || a.id.localeCompare(b.id),
  );
  const stores = inScope.slice(0, MAX_STORE_ROWS);
  const scope = niche ? niche.name.toLowerCase() : "the sample catalog";
  const largest = stores[0];
  const newest = first(stores, (a, b) => b.launchMonth.localeCompare(a.launchMonth) || a.id.localeCompare(b.id));
  const soldProducts = rankWinningProducts(
    [...new Set(stores.flatMap((s) => s.topProductIds))].map((id) => getProduct(id)!),
  ).slice(0, 8);
  const overlap = niche ? soldProducts.filter((p) => stores.every((s) => listsNow(s, p.id))) : [];
  const platforms = [...new Set(stores.map((s) => s.platform))];
  // A niche's record holds its store count; the whole catalog's count is no record's figure.
  const lead = niche
    ? `The sample catalog lists ${formatCount(inScope.length)} competitor stores for ${scope}${stores.length < inScope.length ? `; the table shows the largest ${formatCount(stores.length)}` : ""}.`
    : `The sample catalog's largest stores, by estimated revenue.`;

  const lines = [
    `## Competitor stores in ${scope}`,
    "",
    BASIS_NOTE,
    "",
    ...notesBlock(notes),
    `${lead} These are sample stores, not real shops: use them to practise the analysis, then run the same checks on the real competitors you find.`,
    "",
    "| Store | Niche | Platform | Products listed | Est. revenue/mo | Launched | Best sellers from the catalog |",
    "|---|---|---|---|---|---|---|",
    ...stores.map(
      (s) =>
        `| ${s.id} ${s.name} | ${getNiche(s.nicheId)!.name} | ${s.platform} | ${formatCount(s.productCount)} | ${formatDollars(s.estMonthlyRevenueUsd)} | ${s.launchMonth} | ${s.topProductIds.join(", ")} |`,
    ),
    "",
    "### What stands out",
    `- **Largest:** ${largest.name} at an estimated ${formatDollars(largest.estMonthlyRevenueUsd)} a month from ${formatCount(largest.productCount)} listed products.`,
    newest === largest
      ? `- **Newest:** ${newest.name} is also the newest${stores.length < inScope.length ? " of those shown" : ""}, launched ${newest.launchMonth}.`
      : `- **Newest${stores.length < inScope.length ? " of those shown" : ""}:** ${newest.name}, launched ${newest.launchMonth}.`,
    `- **Platforms:** ${listInProse(platforms)}.`,
  ];
  if (overlap.length)
    lines.push(
      `- **Sold by every store here:** ${listInProse(overlap.map((p) => `${p.name} (${p.id})`))}; proven demand, but you would be the next seller of it.`,
    );
  lines.push(
    "",
    "### Products they sell",
    productTable(soldProducts),
    "",
    "### Next steps",
    "- Look for products with low competition that these stores do not carry yet.",
    `- Ask me for **ad angles${niche ? ` for ${niche.name.toLowerCase()}` : ""}** to see how these products are advertised.`,
    `- ${SAMPLE_CAVEAT}`,
  );
  const summary = `${niche ? `The sample catalog lists ${formatCount(inScope.length)} competitor stores for ${scope}. The largest, ${largest.name} (${largest.platform}),` : `The largest store in the sample catalog, ${largest.name} (${largest.platform}),`} makes an estimated ${formatDollars(largest.estMonthlyRevenueUsd)} a month from ${formatCount(largest.productCount)} products; the newest${stores.length < inScope.length ? " of those shown" : ""}, ${newest.name}, launched ${newest.launchMonth}. These are sample stores and figures, not real shops.`;
  return {
    intent: "stores",
    markdown: lines.join("\n"),
    summary,
    citations: uniqueCitations([...(niche ? [nicheCitation(niche)] : []), ...stores.map(storeCitation), ...soldProducts.map(productCitation)]),
  };
}

/**
 * Product copy written only from the product's own record: its name, type, price and the
 * supplier's delivery estimate (as an estimate, never a promise). The record states no benefit,
 * material, size or guarantee, so the draft leaves marked gaps for them and says so.
 */
export function copyAnswer(product: Product): AnalystAnswer {
  const niche = getNiche(product.nicheId)!;
  const lines = [
    `## Product page draft: ${product.name}`,
    "",
    `_Written only from the **sample catalog** record ${product.id} (generated sample data). It states no benefits, materials or guarantees, so the draft leaves those for you to fill from your supplier's listing or your own sample._`,
    "",
    "### Title",
    `${product.name}`,
    "",
    "### Description",
    `Meet the ${nameInSentence(product.name)}: a ${product.productType} from our ${niche.name.toLowerCase()} range, at ${formatCents(product.priceCents)}.`,
    "",
    "[Describe what it does in one sentence, in your customer's words.]",
    "",
    "### Bullet points",
    "- [Main benefit, as your supplier or your own test shows it]",
    "- [What it is made of, and its size or weight]",
    "- [Who it is for, and when they use it]",
    "- [What is in the box]",
    "",
    "### What I could not fill, and why",
    `- **Benefits, materials, size, what's in the box:** the catalog record for ${product.id} does not state them. Take them from the supplier's listing and check them on a sample.`,
    `- **Delivery:** the supplier estimates ${formatCount(product.shippingDays)} days. Promise it only once your supplier confirms it.`,
    `- **Reviews and ratings:** the record has none to quote. Add real customer reviews once you have them; never write your own.`,
    "",
    "### Facts used",
    productTable([product]),
    "",
    "### Next steps",
    `- Ask me for **ad hooks for ${product.id}** to match this page.`,
    `- Ask **is ${product.id} a good product to sell?** for a verdict with its numbers.`,
  ];
  return {
    intent: "copy",
    markdown: lines.join("\n"),
    citations: [productCitation(product)],
  };
}

/** The catalog has no product by that name: said first, then the nearest records, named as substitutes. */
export function missingProductAnswer(asked: string, intent: AskedIntent, substitutes: readonly Product[], niche: Niche | null): AnalystAnswer {
  const what: Record<AskedIntent, string> = {
    products: "analyse it",
    compare: "compare it",
    pricing: "price it from its own figures",
    budget: "work out an ad budget from its price, cost and shipping",
    verdict: "give a verdict on it",
    ads: "show its ads",
    stores: "list the stores selling it",
    copy: "write copy for it without inventing what it is and does",
  };
  const lines = [
    `## The sample catalog has no ${asked}`,
    "",
    `The sample catalog has no ${asked}, so I can't ${what[intent]}. I don't make up figures or features for a product I have no record of.`,
    "",
  ];
  if (substitutes.length) {
    lines.push(
      `### Nearest in the catalog: substitutes, not the ${asked} you asked about`,
      "",
      productTable(substitutes),
      "",
      "### Next steps",
      `- If one of these is close enough, ask about it by its id, for example **${intent === "copy" ? `write a description for ${substitutes[0].id}` : intent === "budget" ? `what ad budget for ${substitutes[0].id}?` : intent === "verdict" ? `is ${substitutes[0].id} a good product?` : `how should I price ${substitutes[0].id}?`}**.`,
    );
  } else if (niche) {
    lines.push(`Nothing in ${niche.name.toLowerCase()} comes close. Ask "find winning products in ${niche.name.toLowerCase()}" to see what the catalog does hold.`);
  }
  lines.push("- This answer found nothing about your product, so it was not counted against your daily queries.");
  return {
    intent: "no-match",
    markdown: lines.join("\n"),
    citations: uniqueCitations(substitutes.map(productCitation)),
    unanswered: "no-match",
  };
}

export function budgetAnswer(product: Product, platform: string | null, note: string | null): AnalystAnswer {
  const money = budgetLines(product, platform);
  const lines = [
    `## Ad budget for ${product.name} (${product.id})${platform ? ` on ${platform}` : ""}`,
    "",
    BASIS_NOTE,
    "",
    ...(note ? [`_${note}_`, ""] : []),
    productTable([product]),
    "",
    ...money.lines,
    "",
    `- ${SAMPLE_CAVEAT}`,
  ];
  return { intent: "budget", markdown: lines.join("\n"), summary: money.summary, citations: [productCitation(product)] };
}

export function verdictAnswer(product: Product): AnalystAnswer {
  const money = verdictLines(product);
  const lines = [
    `## Is ${product.name} (${product.id}) a good product to sell?`,
    "",
    BASIS_NOTE,
    "",
    ...money.lines,
    "",
    productTable([product]),
    "",
    "### Next steps",
    `- Ask **what ad budget for ${product.id}?** for the break-even CPA and a test budget.`,
    `- ${SAMPLE_CAVEAT}`,
  ];
  return { intent: "verdict", markdown: lines.join("\n"), summary: money.summary, citations: [productCitation(product)] };
}

/** A niche's verdict, from its median trend, average margin and the share of products in low competition. */
export function nicheVerdictAnswer(niche: Niche): AnalystAnswer {
  const stats = nicheStats(niche.id)!;
  const lowShare = stats.productCount ? stats.lowCompetitionCount / stats.productCount : 0;
  const verdict =
    stats.medianTrendPct <= -10 || stats.avgMarginPct < 30
      ? "Avoid"
      : stats.avgMarginPct >= 50 && stats.medianTrendPct >= 0 && lowShare >= 0.25
        ? "Sell"
        : "Test carefully";
  const best = rankWinningProducts(productsInNiche(niche.id))[0];
  const lines = [
    `## Is ${niche.name.toLowerCase()} a good niche to sell in?`,
    "",
    BASIS_NOTE,
    "",
    `**Verdict: ${verdict}.**`,
    "",
    "### The three numbers behind it",
    `1. **Margin:** the average product keeps ${formatPercent(stats.avgMarginPct)} of its price before shipping and ads.`,
    `2. **Demand:** a median 4-week trend of ${formatChange(stats.medianTrendPct)} across ${formatCount(stats.productCount)} products (orders in the last 4 weeks against the 4 before).`,
    `3. **Room:** ${formatCount(stats.lowCompetitionCount)} of ${formatCount(stats.productCount)} products face low competition.`,
    "",
    "_The rule: **Sell** when the average margin is at least half the price, the median trend is not falling and at least a quarter of the products face low competition. **Avoid** when the median trend fell by a tenth or more or the average margin is under three tenths of the price. Anything in between: **Test carefully**._",
    "",
    "### Where to start",
    `- The strongest product here is ${best.name} (${best.id}). Ask **is ${best.id} a good product to sell?** for its own verdict.`,
    `- ${SAMPLE_CAVEAT}`,
  ];
  return {
    intent: "verdict",
    markdown: lines.join("\n"),
    summary: `Verdict on ${niche.name} in the sample catalog: ${verdict}. Average margin ${formatPercent(stats.avgMarginPct)}, median 4-week trend ${formatChange(stats.medianTrendPct)}, and ${formatCount(stats.lowCompetitionCount)} of ${formatCount(stats.productCount)} products in low competition. Sample figures.`,
    citations: uniqueCitations([nicheCitation(niche), productCitation(best)]),
  };
}

export function refusalAnswer(): AnalystAnswer {
  const lines = [
    "## I can't write that",
    "",
    "I won't invent reviews, ratings, testimonials, certifications or health claims: they would mislead your customers, and ad platforms and marketplaces ban them.",
    "",
    "### What I can do instead",
    "- Write a product page from a product's real record, with gaps marked for the facts you still need.",
    "- Suggest ad hooks drawn from the catalog's real ads.",
    "- Once you have real customer reviews, put them on the page as they were written.",
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "refusal", markdown: lines.join("\n"), unanswered: "refusal" };
}

export function outOfScopeAnswer(): AnalystAnswer {
  const lines = [
    "## That's outside what I can do",
    "",
    "I'm Dropcraft's built-in analyst. I answer from the **sample market catalog** only: I can't browse the web, see live sales or prices, translate, or make images.",
    "",
    "### What I can answer",
    `- Winning products in a niche, niche comparisons and competitor stores.`,
    `- Pricing, break-even CPA, ROAS and a test budget for a catalog product.`,
    `- A verdict on a product or niche, with the numbers behind it.`,
    `- Product page drafts and ad hooks from a product's real record.`,
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "out-of-scope", markdown: lines.join("\n"), unanswered: "out-of-scope" };
}

export function helpAnswer(): AnalystAnswer {
  const niches = rankNiches(listNiches());
  const [a, b] = niches;
  const pick = (n: Niche) => rankWinningProducts(productsInNiche(n.id))[0];
  const lines = [
    "## Hi, I'm the built-in analyst",
    "",
    `I run offline inside Dropcraft and answer from its **sample market catalog**: its niches, products, ads and stores. It is generated sample data, not live market data, and I never invent figures: every number I show comes from a record you can open, and I tell you when the catalog does not hold what you ask about.`,
    "",
    "### What I can do",
    `- **Winning products in a niche**: "Find winning products in ${a.name.toLowerCase()}"`,
    `- **Compare niches**: "Compare ${a.name.toLowerCase()} vs ${b.name.toLowerCase()}"`,
    `- **Pricing and margins**: "How should I price the ${nameInSentence(pick(b).name)}?"`,
    `- **Ad angles and hooks**: "Ad hooks for the ${nameInSentence(pick(a).name)}"`,
    `- **Competitor stores**: "Who are the competitors in ${niches[2].name.toLowerCase()}?"`,
    `- **Product page copy**: "Write a product page for the ${nameInSentence(pick(niches[3]).name)}"`,
    "",
    `- **Ad budget and ROAS**: "What ad budget should I set for the ${nameInSentence(pick(a).name)}?"`,
    `- **A verdict**: "Is the ${nameInSentence(pick(b).name)} a good product to sell?"`,
    "",
    'Follow-up questions keep the subject: after a question about a product, "what budget for it?" stays on it, and "the second one" means the second row of my last table.',
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "help", markdown: lines.join("\n"), unanswered: "empty" };
}

export function noMatchAnswer(askedWords: string[], intent: TurnReading["intent"]): AnalystAnswer {
  const asked = askedWords.join(" ");
  const [a, b] = listNiches();
  // One short paragraph and two or three things to ask instead: never a list of every niche.
  const lines = [
    asked ? `## I couldn't find "${asked}" in the sample catalog` : "## Which niche or product do you mean?",
    "",
    asked
      ? `The sample catalog does not cover ${asked}, and I don't make up figures. You could ask:`
      : `To answer that I need a product or niche${intent ? "" : " (or a question about one)"}. You could ask:`,
    `- "Find winning products in ${a.name.toLowerCase()}" or "compare ${a.name.toLowerCase()} vs ${b.name.toLowerCase()}"`,
    `- "What should I charge if I pay [your cost] with shipping?"`,
    `- "Write TikTok hooks for ${asked ? `a ${asked}` : "my product"}"`,
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "no-match", markdown: lines.join("\n"), unanswered: "no-match" };
}

// ---------------------------------------------------------------------------------------------
// The conversation: current turn first, earlier user turns for context
// ---------------------------------------------------------------------------------------------

/** How many earlier user turns may supply the subject or task of a follow-up. */
const MAX_CONTEXT_TURNS = 10;

/** "the second", "number 3", "#2", "the 2nd one", "the last one", "the top one", "the second store": a row of the last table. */
const ORDINALS: Record<string, number> = { first: 1, top: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };
const ROW_REFERENCE =
  /\b(?:the\s+)?(first|top|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+(?:one|product|item|row|pick|store|shop)\b|\b(?:number|no\.?|row|#)\s*(\d{1,2})\b|\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b|\bthe\s+(first|second|third|fourth|fifth|last)\b/i;
/** Words that point back at what the conversation was about. */
const BACK_REFERENCE = /\b(it|its|that|this|them|they|those|these|that one|this one|the same)\b/i;

/** The record ids of the first table of products or stores in a markdown answer, in row order. */
export function tableRecordIds(markdown: string): string[] {
  const rowId = /^\|\s*(P-\d{4}|S-\d{3})\b/;
  const lines = markdown.split("\n");
  const firstRow = lines.find((line) => rowId.test(line));
  if (!firstRow) return [];
  const kind = firstRow.match(rowId)![1][0];
  return lines.map((line) => line.match(rowId)?.[1]).filter((id): id is string => id !== undefined && id[0] === kind);
}

/** The product or store a row reference picks from the previous answer's table, if the turn makes one. */
function referencedRow(text: string, previousAnswer: string | undefined): Product | Store | undefined {
  if (!previousAnswer) return undefined;
  const m = text.match(ROW_REFERENCE);
  if (!m) return undefined;
  const ids = tableRecordIds(previousAnswer);
  if (!ids.length) return undefined;
  const word = (m[1] ?? m[4])?.toLowerCase();
  const index = word === "last" ? ids.length : word ? ORDINALS[word] : Number(m[2] ?? m[3]);
  const id = ids[index - 1];
  if (!id) return undefined;
  return id.startsWith("S-") ? getStore(id) : getProduct(id);
}

/** The ad platform a budget question names, for the heading. */
export function platformOf(text: string): string | null {
  const m = text.match(/\b(meta|facebook|instagram|tiktok|pinterest|google|youtube|snapchat)\b/i);
  if (!m) return null;
  const name = m[1].toLowerCase();
  return name === "tiktok" ? "TikTok" : name === "youtube" ? "YouTube" : name.charAt(0).toUpperCase() + name.slice(1);
}

/** Tasks done for one product: asked of a store, they are done for its best seller. */
const PRODUCT_TASKS: ReadonlySet<AnalystIntent> = new Set<AnalystIntent>(["pricing", "budget", "verdict", "copy", "ads"]);

/** Builds the whole answer for a conversation; pure, so tests can read it without streaming. */
export function answerConversation(messages: readonly ChatTurn[]): AnalystAnswer {
  const userTurns = messages.filter((m) => m.role === "user");
  const last = userTurns[userTurns.length - 1];
  if (!last || !last.content.trim()) return helpAnswer();
  const text = last.content;
  if (FABRICATION.test(text)) return refusalAnswer();
  // Images, translation, live data: beyond this assistant whatever product is named.
  if (OUT_OF_SCOPE.test(text)) return outOfScopeAnswer();

  const lastIndex = messages.lastIndexOf(last);
  const previousAnswer = messages
    .slice(0, lastIndex)
    .reverse()
    .find((m) => m.role === "assistant")?.content;
  const current = readTurn(text);

  // A row of the last table ("the second one") is a product of its own.
  const row = referencedRow(text, previousAnswer);
  if (row) {
    current.subject = "platform" in row ? { niches: [getNiche(row.nicheId)!], store: row } : { niches: [getNiche(row.nicheId)!], product: row };
    current.askedProduct = null;
    current.substitutes = [];
  }

  // Newest earlier turns first, read only until both a subject and a task are found.
  let previous: TurnReading | null = null;
  let previousIntent: TurnReading["intent"] = null;
  for (const turn of userTurns.slice(-1 - MAX_CONTEXT_TURNS, -1).reverse()) {
    if (previous && previousIntent) break;
    const reading = readTurn(turn.content);
    if (!previous && (reading.subject || reading.askedProduct)) previous = reading;
    previousIntent ??= reading.intent;
  }

  const ownSubject = Boolean(row) || current.hasOwnSubject;
  // A greeting, or a question with neither task nor subject: explain what I can do.
  if (!ownSubject && !current.intent && (GREETING.test(text) || !BACK_REFERENCE.test(text) || !previous)) {
    return helpAnswer();
  }
  // The question names something the catalog does not hold at all: say so, don't fall back.
  if (!current.subject && ownSubject && !current.askedProduct) return noMatchAnswer(current.subjectWords, current.intent);

  // A follow-up ("what budget for it?") continues the last subject, a product that was missing included.
  const reading = ownSubject ? current : (previous ?? current);
  const subject = reading.subject;
  const intent = current.intent ?? previousIntent ?? "products";
  const niche = subject?.niches[0] ?? null;
  const store = subject?.store;
  // A store with a product task ("what budget for their best seller?"): its best seller is the product.
  const storeBestSeller = store && !subject?.product ? getProduct(store.topProductIds[0]) : undefined;
  const product = subject?.product ?? (store && PRODUCT_TASKS.has(intent) ? storeBestSeller : undefined);
  if (store && !subject?.product && (intent === "stores" || intent === "products")) return storeProfileAnswer(store);

  if (reading.askedProduct && !product && intent !== "compare" && intent !== "stores") {
    return missingProductAnswer(reading.askedProduct, intent, reading.substitutes, niche);
  }

  const unknown = [
    ...(current.unknownWords.length && !current.askedProduct
      ? [`Not in the sample catalog, so left out: "${current.unknownWords.join(" ")}".`]
      : []),
    ...current.missingProductTypes.map(
      (type) => `The sample catalog holds no ${type} product, so this answer covers its niche instead.`,
    ),
  ];

  const answer = ((): AnalystAnswer => {
    switch (intent) {
      case "products":
        return winningProductsAnswer(niche, product, unknown);
      case "compare": {
        let niches = current.subject?.niches ?? [];
        if (niches.length < 2 && previous?.subject)
          niches = [...previous.subject.niches.slice(0, 1), ...niches].filter(
            (n, i, all) => all.findIndex((m) => m.id === n.id) === i,
          );
        return compareAnswer(niches, unknown);
      }
      case "stores":
        return storesAnswer(niche, unknown);
      case "pricing":
        return niche ? pricingAnswer(niche, product, unknown) : noMatchAnswer([], intent);
      case "budget": {
        if (product) return budgetAnswer(product, platformOf(text), null);
        if (!niche) return noMatchAnswer([], intent);
        const top = rankWinningProducts(productsInNiche(niche.id))[0];
        return budgetAnswer(top, platformOf(text), `You named a niche, not a product: this is the arithmetic for its strongest product, ${top.name}. Name another by its id for its own.`);
      }
      case "verdict":
        if (product) return verdictAnswer(product);
        return niche ? nicheVerdictAnswer(niche) : noMatchAnswer([], intent);
      case "ads":
        if (niche) return adsAnswer(niche, product, unknown);
        // "What should I sell on TikTok?" names a platform, not a niche: rank the whole catalog.
        return PRODUCTS_PATTERN.test(text.toLowerCase())
          ? winningProductsAnswer(null, undefined, [
              ...unknown,
              "Name a niche or product from the list below for ad angles and hooks that fit it.",
            ])
          : noMatchAnswer([], intent);
      case "copy":
        if (product) return copyAnswer(product);
        return niche ? copyForNiche(niche) : noMatchAnswer([], intent);
    }
  })();
  if (product && product === storeBestSeller && !subject?.product) {
    return withLeadNote(answer, `You named a store, not a product: this is for ${store!.name}'s best seller, ${product.name} (${product.id}).`);
  }
  return answer;
}

/** Puts an honest note about the reading of the question right under the answer's heading. */
export function withLeadNote(answer: AnalystAnswer, note: string): AnalystAnswer {
  const [heading, ...rest] = answer.markdown.split("\n");
  return { ...answer, markdown: [heading, "", `_${note}_`, ...rest].join("\n") };
}

/** Copy asked for a niche, not a product: which product? (Writing for one it picked would be guessing.) */
function copyForNiche(niche: Niche): AnalystAnswer {
  const top = rankWinningProducts(productsInNiche(niche.id)).slice(0, 5);
  const lines = [
    `## Which ${niche.name.toLowerCase()} product should I write for?`,
    "",
    "Copy is written from one product's own record, so tell me which one. The strongest in the sample catalog:",
    "",
    productTable(top),
    "",
    `Ask, for example, **write a product description for ${top[0].id}**.`,
    "",
    "This answer was not counted against your daily queries.",
  ];
  return { intent: "copy", markdown: lines.join("\n"), citations: top.map(productCitation), unanswered: "empty" };
}


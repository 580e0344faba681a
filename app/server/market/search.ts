/**
 * Retrieval over the loaded sample catalog (loadSharedCatalog): which niches, products, ads and stores a question is about.
 * Niches match on their name, keyword list and product types (weighted by how rare the word is
 * across niches, with a bonus for whole phrases like "yoga mat"); products match on their name (BM25) plus a
 * share of their niche's score, and a product whose whole name the text writes ("the pro yoga mat")
 * ranks above names that only share its words ("Pro yoga mat, deluxe kit"); ads and stores inherit
 * from their product and niche. Catalog ids written in the text ("P-0042", "A-00007", "S-012")
 * match exactly.
 */
import { getCatalog, getProduct, type Ad, type MarketCatalog, type Niche, type Product, type Store } from "./catalog";
import { contentTerms, tokenize } from "./tokens";

export interface NicheHit {
  niche: Niche;
  score: number;
  /**
   * Query terms that name the niche: its name, a one-word keyword, or part of a keyword or product
   * type phrase written out in full. Words that only touch a phrase ("mat" of "yoga mat") add to
   * the score but are not listed.
   */
  matched: string[];
}

export interface ProductHit {
  product: Product;
  score: number;
  /** Query terms found in the product's own name. */
  matched: string[];
  /** The query writes the product's whole name, word for word ("pro yoga mat" for "Pro yoga mat"). */
  exactName: boolean;
}

export interface AdHit {
  ad: Ad;
  score: number;
}

export interface StoreHit {
  store: Store;
  score: number;
}

export interface CatalogSearchResult {
  /** The content terms the query was reduced to. */
  terms: string[];
  niches: NicheHit[];
  products: ProductHit[];
  ads: AdHit[];
  stores: StoreHit[];
}

interface NicheDoc {
  niche: Niche;
  weights: Map<string, number>;
  phrases: string[][];
}

interface ProductDoc {
  product: Product;
  termCounts: Map<string, number>;
  length: number;
  /** Every word of the name in order, filler included ("set of 3"), for the whole-name match. */
  words: string[];
}

interface SearchIndex {
  nicheDocs: NicheDoc[];
  nicheIdf: Map<string, number>;
  productDocs: ProductDoc[];
  productIdf: Map<string, number>;
  avgProductLength: number;
  adTerms: Map<string, Set<string>>;
  adIdf: Map<string, number>;
  storeTerms: Map<string, Set<string>>;
}

const NAME_WEIGHT = 3;
const KEYWORD_WEIGHT = 2;
const PHRASE_PART_WEIGHT = 1;
const PHRASE_BONUS = 2;
const PRODUCT_SHARE_OF_NICHE = 0.5;
const NICHE_SHARE_OF_PRODUCT = 0.3;
const ID_MATCH_SCORE = 100;
/** Per word of a product name the query writes out whole: more than any partial BM25 match adds. */
const EXACT_NAME_BONUS = 4;
const BM25_K1 = 1.2;
const BM25_B = 0.75;

let cachedIndex: (SearchIndex & { catalog: MarketCatalog }) | undefined;

function inverseDocumentFrequency(docs: Iterable<Iterable<string>>, docCount: number): Map<string, number> {
  const df = new Map<string, number>();
  for (const terms of docs) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + (docCount - count + 0.5) / (count + 0.5)));
  return idf;
}

function buildIndex(catalog: MarketCatalog): SearchIndex & { catalog: MarketCatalog } {
  const nicheDocs: NicheDoc[] = catalog.niches.map((niche) => {
    const weights = new Map<string, number>();
    const raise = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    const phrases: string[][] = [];
    for (const term of contentTerms(niche.name)) raise(term, NAME_WEIGHT);
    for (const keyword of [...niche.keywords, ...niche.productTypes]) {
      const terms = tokenize(keyword);
      if (terms.length === 1) raise(terms[0], KEYWORD_WEIGHT);
      else {
        phrases.push(terms);
        for (const term of terms) raise(term, PHRASE_PART_WEIGHT);
      }
    }
    return { niche, weights, phrases };
  });

  const productDocs: ProductDoc[] = catalog.products.map((product) => {
    const terms = tokenize(product.name);
    const termCounts = new Map<string, number>();
    for (const term of terms) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    return { product, termCounts, length: terms.length, words: terms };
  });

  const adTerms = new Map(catalog.ads.map((ad) => [ad.id, new Set(contentTerms(ad.hook))]));
  const storeTerms = new Map(catalog.stores.map((store) => [store.id, new Set(tokenize(store.name))]));

  return {
    catalog,
    nicheDocs,
    nicheIdf: inverseDocumentFrequency(
      nicheDocs.map((d) => d.weights.keys()),
      nicheDocs.length,
    ),
    productDocs,
    productIdf: inverseDocumentFrequency(
      productDocs.map((d) => d.termCounts.keys()),
      productDocs.length,
    ),
    avgProductLength: productDocs.reduce((sum, d) => sum + d.length, 0) / productDocs.length,
    adTerms,
    adIdf: inverseDocumentFrequency(adTerms.values(), adTerms.size),
    storeTerms,
  };
}

function searchIndex(): SearchIndex {
  // Rebuilt when another catalog was loaded (a re-seed) or installed.
  const catalog = getCatalog();
  if (cachedIndex?.catalog !== catalog) cachedIndex = buildIndex(catalog);
  return cachedIndex;
}

/**
 * A product name split into its base ("Portable pet brush") and its pack or size edition
 * ("2-pack"): the catalog writes an edition after a comma, "Portable pet brush, 2-pack".
 */
export function nameParts(name: string): { base: string; edition: string | null } {
  const comma = name.indexOf(", ");
  return comma < 0 ? { base: name, edition: null } : { base: name.slice(0, comma), edition: name.slice(comma + 2) };
}

function containsPhrase(terms: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= terms.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (terms[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

function byScoreThenId<T>(id: (item: T) => string) {
  return (a: T & { score: number }, b: T & { score: number }) => b.score - a.score || id(a).localeCompare(id(b));
}

/** Catalog ids written in the text, upper-cased: "p-42" is not an id, "P-0042" is. */
function idsIn(query: string): { products: string[]; ads: string[]; stores: string[] } {
  const found = { products: [] as string[], ads: [] as string[], stores: [] as string[] };
  for (const match of query.matchAll(/\b([PAS])-(\d{3,5})\b/gi)) {
    const id = `${match[1].toUpperCase()}-${match[2]}`;
    if (id.startsWith("P")) found.products.push(id);
    else if (id.startsWith("A")) found.ads.push(id);
    else found.stores.push(id);
  }
  return found;
}

/**
 * Ranks the catalog entries a free-text query is about. Only entries with a positive score are
 * returned; `limit` (default 10) applies to each list.
 */
export function searchCatalog(query: string, options: { limit?: number } = {}): CatalogSearchResult {
  const limit = options.limit ?? 10;
  const idx = searchIndex();
  const catalog = getCatalog();
  const ids = idsIn(query);
  // Catalog ids are matched above; their digits would only add noise as terms.
  const withoutIds = query.replace(/\b[PAS]-\d{3,5}\b/gi, " ");
  const terms = contentTerms(withoutIds);
  const queryTerms = new Set(terms);
  const queryWords = tokenize(withoutIds);

  // Products: BM25 over names, plus a bonus when the query writes the whole name.
  const productNameScores = new Map<string, { score: number; matched: string[]; exactName: boolean }>();
  for (const doc of idx.productDocs) {
    let score = 0;
    const matched: string[] = [];
    for (const term of queryTerms) {
      const tf = doc.termCounts.get(term);
      if (!tf) continue;
      matched.push(term);
      const idf = idx.productIdf.get(term) ?? 0;
      score +=
        (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * doc.length) / idx.avgProductLength));
    }
    const exactName = matched.length > 0 && containsPhrase(queryWords, doc.words);
    if (exactName) score += EXACT_NAME_BONUS * doc.length;
    if (ids.products.includes(doc.product.id)) score += ID_MATCH_SCORE;
    if (score > 0) productNameScores.set(doc.product.id, { score, matched, exactName });
  }

  // Niches: weighted keyword overlap, phrase bonus, plus a share of their best product match.
  const bestProductByNiche = new Map<string, number>();
  for (const [productId, { score }] of productNameScores) {
    const nicheId = getProduct(productId)!.nicheId;
    bestProductByNiche.set(nicheId, Math.max(bestProductByNiche.get(nicheId) ?? 0, score));
  }
  const nicheScores = new Map<string, number>();
  const niches: NicheHit[] = [];
  for (const doc of idx.nicheDocs) {
    let score = 0;
    const matched = new Set<string>();
    for (const term of queryTerms) {
      const weight = doc.weights.get(term);
      if (!weight) continue;
      if (weight > PHRASE_PART_WEIGHT) matched.add(term);
      score += weight * (idx.nicheIdf.get(term) ?? 0);
    }
    for (const phrase of doc.phrases) {
      if (!containsPhrase(terms, phrase)) continue;
      score += PHRASE_BONUS * phrase.length;
      phrase.forEach((term) => matched.add(term));
    }
    score += PRODUCT_SHARE_OF_NICHE * (bestProductByNiche.get(doc.niche.id) ?? 0);
    nicheScores.set(doc.niche.id, score);
    if (score > 0) niches.push({ niche: doc.niche, score: round(score), matched: [...matched] });
  }

  const products: ProductHit[] = [];
  for (const product of catalog.products) {
    const byName = productNameScores.get(product.id);
    const score = (byName?.score ?? 0) + NICHE_SHARE_OF_PRODUCT * (nicheScores.get(product.nicheId) ?? 0);
    if (score > 0)
      products.push({
        product,
        score: round(score),
        matched: byName?.matched ?? [],
        exactName: byName?.exactName ?? false,
      });
  }
  const productScore = new Map(products.map((hit) => [hit.product.id, hit.score]));

  const ads: AdHit[] = [];
  for (const ad of catalog.ads) {
    const hookTerms = idx.adTerms.get(ad.id)!;
    let score = productScore.get(ad.productId) ?? 0;
    for (const term of queryTerms) if (hookTerms.has(term)) score += 0.5 * (idx.adIdf.get(term) ?? 0);
    if (ids.ads.includes(ad.id)) score += ID_MATCH_SCORE;
    if (score > 0) ads.push({ ad, score: round(score) });
  }

  const stores: StoreHit[] = [];
  for (const store of catalog.stores) {
    const nameTerms = idx.storeTerms.get(store.id)!;
    let score = nicheScores.get(store.nicheId) ?? 0;
    for (const term of queryTerms) if (nameTerms.has(term)) score += NAME_WEIGHT;
    if (ids.stores.includes(store.id)) score += ID_MATCH_SCORE;
    if (score > 0) stores.push({ store, score: round(score) });
  }

  return {
    terms,
    niches: niches.sort(byScoreThenId<NicheHit>((h) => h.niche.id)).slice(0, limit),
    products: products.sort(byScoreThenId<ProductHit>((h) => h.product.id)).slice(0, limit),
    ads: ads.sort(byScoreThenId<AdHit>((h) => h.ad.id)).slice(0, limit),
    stores: stores.sort(byScoreThenId<StoreHit>((h) => h.store.id)).slice(0, limit),
  };
}

/**
 * The sample market catalog: niches, products, ads and stores for the offline analyst and the
 * product screens. It is SAMPLE DATA, generated from a seeded PRNG so every machine gets the same
 * catalog; it is built lazily on first use and cached for the life of the isolate.
 *
 * Stored fields come from the generator; every derived figure (margins, competition level,
 * engagement rate, niche statistics) is computed from those stored fields, here and only here.
 */
import { NICHE_SEEDS, type NicheSeed } from "./niche-seeds";
import { createPrng, type Prng } from "./prng";

export const CATALOG_SEED = "dropcraft-sample-catalog-v1";

export type Competition = "low" | "medium" | "high" | "saturated";
export type AdPlatform = "TikTok" | "Facebook" | "Instagram" | "Pinterest";
export type StorePlatform = "Shopify" | "WooCommerce" | "BigCommerce" | "Wix";
export type AdAngle = "problem-solution" | "pov" | "before-after" | "social-proof" | "gift" | "unboxing" | "demo";

export interface Niche {
  readonly id: string;
  readonly name: string;
  readonly keywords: readonly string[];
  /** The kinds of product the niche is made of, e.g. "lick mat". */
  readonly productTypes: readonly string[];
  readonly audience: string;
  readonly pain: string;
  readonly benefits: readonly [string, string, string];
}

export interface Product {
  /** "P-0001" … */
  readonly id: string;
  readonly name: string;
  /** The base product noun, e.g. "pet brush" for "Self-cleaning pet brush". */
  readonly productType: string;
  readonly nicheId: string;
  readonly costCents: number;
  /**
   * What the supplier charges to ship one order to the customer. Derived from the cost and the
   * delivery time (no random draw), so adding it changed no other figure of the catalog.
   */
  readonly shippingCostCents: number;
  /** Suggested retail price. */
  readonly priceCents: number;
  /** priceCents − costCents. */
  readonly marginCents: number;
  /** marginCents / priceCents, as a whole percent. */
  readonly marginPct: number;
  readonly monthlyOrders: number;
  /** Change in orders over the last 30 days, whole percent. */
  readonly trendPct: number;
  /** Active ads seen for the product across platforms. */
  readonly adCount: number;
  /** Derived from adCount. */
  readonly competition: Competition;
  /** One decimal, 3.6 to 4.9. */
  readonly rating: number;
  readonly shippingDays: number;
  /** "YYYY-MM". */
  readonly launchMonth: string;
}

export interface Ad {
  /** "A-0001" … */
  readonly id: string;
  readonly productId: string;
  readonly platform: AdPlatform;
  readonly angle: AdAngle;
  readonly hook: string;
  readonly daysRunning: number;
  readonly views: number;
  /** Likes, comments and shares together. */
  readonly engagements: number;
  /** engagements / views, percent with one decimal. */
  readonly engagementRatePct: number;
}

export interface Store {
  /** "S-001" … */
  readonly id: string;
  readonly name: string;
  readonly nicheId: string;
  readonly platform: StorePlatform;
  readonly productCount: number;
  readonly estMonthlyRevenueUsd: number;
  /** "YYYY-MM". */
  readonly launchMonth: string;
  /** Catalog products this store sells. */
  readonly topProductIds: readonly string[];
}

export interface CatalogMeta {
  readonly label: string;
  readonly seed: string;
  readonly isSampleData: true;
  readonly note: string;
}

export interface MarketCatalog {
  readonly meta: CatalogMeta;
  readonly niches: readonly Niche[];
  readonly products: readonly Product[];
  readonly ads: readonly Ad[];
  readonly stores: readonly Store[];
}

export interface NicheStats {
  readonly nicheId: string;
  readonly productCount: number;
  readonly minPriceCents: number;
  readonly medianPriceCents: number;
  readonly maxPriceCents: number;
  /** Mean of the products' marginPct, whole percent. */
  readonly avgMarginPct: number;
  /** Sum of the products' monthlyOrders. */
  readonly totalMonthlyOrders: number;
  /** Median of the products' trendPct, whole percent. */
  readonly medianTrendPct: number;
  /** Products whose competition is "low". */
  readonly lowCompetitionCount: number;
  /** Mean shipping days, one decimal. */
  readonly avgShippingDays: number;
  /** Ads of this niche held in the catalog. */
  readonly adCount: number;
  readonly storeCount: number;
}

const TOTAL_PRODUCTS = 400;
const STORES_PER_NICHE = 2;
const STORE_SUFFIXES = ["Co", "Lab", "Supply", "Goods", "Hub", "Studio", "House", "Club", "Market", "Works"];
export const AD_ANGLES: readonly AdAngle[] = [
  "problem-solution",
  "pov",
  "before-after",
  "social-proof",
  "gift",
  "unboxing",
  "demo",
];

/** Unit margin and margin percentage from price and cost; the one place margins are computed. */
export function marginOf(priceCents: number, costCents: number): { marginCents: number; marginPct: number } {
  const marginCents = priceCents - costCents;
  return { marginCents, marginPct: priceCents > 0 ? Math.round((marginCents / priceCents) * 100) : 0 };
}

/** Competition follows the number of active ads seen for a product. */
export function competitionFor(adCount: number): Competition {
  if (adCount <= 12) return "low";
  if (adCount <= 35) return "medium";
  if (adCount <= 80) return "high";
  return "saturated";
}

/** Engagement rate in percent with one decimal. */
export function engagementRateOf(engagements: number, views: number): number {
  return views > 0 ? Math.round((engagements / views) * 1000) / 10 : 0;
}

function monthKey(startYear: number, offset: number): string {
  const year = startYear + Math.floor(offset / 12);
  const month = (offset % 12) + 1;
  return `${year}-${month < 10 ? "0" : ""}${month}`;
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface Naming {
  name: string;
  productType: string;
}

/** Every "modifier item" name of a niche, skipping pairs that repeat a word ("Bamboo bamboo …"). */
function nameOptions(seed: NicheSeed): Naming[] {
  const options: Naming[] = [];
  for (const item of seed.items) {
    options.push({ name: sentenceCase(item), productType: item });
    const itemWords = new Set(item.toLowerCase().split(/[\s-]+/));
    for (const modifier of seed.modifiers) {
      if (
        modifier
          .toLowerCase()
          .split(/[\s-]+/)
          .some((word) => itemWords.has(word))
      )
        continue;
      options.push({ name: `${modifier} ${/^[A-Z]{2}/.test(item) ? item : item.toLowerCase()}`, productType: item });
    }
  }
  return options;
}

const TIER_SPAN: Record<string, [number, number]> = { l: [0, 30], m: [25, 65], h: [55, 100] };

/** One base cost per product type, so variants of an item cost about the same. */
function itemBaseCosts(rng: Prng, seed: NicheSeed): Map<string, number> {
  const [minCost, maxCost] = seed.costCents;
  const costs = new Map<string, number>();
  seed.items.forEach((item, i) => {
    const [from, to] = TIER_SPAN[seed.itemTiers[i]] ?? TIER_SPAN.m;
    costs.set(item, minCost + Math.round(((maxCost - minCost) * rng.int(from, to)) / 100));
  });
  return costs;
}

/** Cheap items carry bigger markups than expensive ones, as in real dropshipping. */
function markupTenthsRange(costCents: number): [number, number] {
  if (costCents < 800) return [22, 40];
  if (costCents < 2000) return [19, 32];
  return [16, 26];
}

/**
 * Shipping per order, rounded to 10 cents: a base of $1.50, plus 15% of the supplier cost
 * (bulk), plus a premium for local warehouses (fast delivery costs more).
 */
export function shippingCostFor(costCents: number, shippingDays: number): number {
  const fastPremium = shippingDays <= 7 ? 250 : 0;
  return Math.round((150 + costCents * 0.15 + fastPremium) / 10) * 10;
}

function makeProduct(rng: Prng, seed: NicheSeed, index: number, naming: Naming, baseCostCents: number): Product {
  // Variants of an item cost within ±20% of its base.
  const costCents = Math.max(50, Math.round((baseCostCents * rng.int(80, 120)) / 100));
  const markupTenths = rng.int(...markupTenthsRange(costCents));
  // A charm price ending in .99.
  const priceCents = Math.ceil((costCents * markupTenths) / 1000) * 100 - 1;
  const demand = rng.next();
  const monthlyOrders = Math.max(10, Math.round((seed.baseOrders * (0.15 + demand * demand * 2.6)) / 10) * 10);
  // Most trends sit near the niche's centre; a few products spike.
  const spike = rng.next() < 0.08 ? rng.int(40, 160) : 0;
  const trendPct = Math.round(seed.trendBias + (rng.next() - 0.5) * 70) + spike;
  const adCount = Math.max(1, Math.round((monthlyOrders / 45) * (0.3 + rng.next() * 1.4)));
  const rating = rng.int(36, 49) / 10;
  // Local warehouses ship in days, overseas suppliers in weeks.
  const shippingDays = rng.next() < 0.35 ? rng.int(3, 7) : rng.int(8, 20);
  const launchMonth = monthKey(2023, rng.int(0, 35));
  return {
    id: `P-${String(index).padStart(4, "0")}`,
    name: naming.name,
    productType: naming.productType,
    nicheId: seed.id,
    costCents,
    shippingCostCents: shippingCostFor(costCents, shippingDays),
    priceCents,
    ...marginOf(priceCents, costCents),
    monthlyOrders,
    trendPct,
    adCount,
    competition: competitionFor(adCount),
    rating,
    shippingDays,
    launchMonth,
  };
}

/** Lowercases a product name for use mid-sentence, leaving acronyms ("LED face mask") alone. */
export function nameInSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** An ad hook for a product; the catalog's sample ads and the analyst's suggestions share these templates. */
export function writeHook(angle: AdAngle, product: Product, niche: Pick<Niche, "audience" | "pain">): string {
  const name = nameInSentence(product.name);
  switch (angle) {
    case "problem-solution":
      return `Tired of ${niche.pain}? The ${name} fixes that.`;
    case "pov":
      return `POV: you finally found a ${product.productType} that actually works`;
    case "before-after":
      return `Before and after the ${name}: watch the difference`;
    case "social-proof":
      return `The ${name} everyone keeps asking me about`;
    case "gift":
      return `The gift ${niche.audience} actually use: the ${name}`;
    case "unboxing":
      return `Unboxing the ${name}: honest first impressions`;
    case "demo":
      return `Watch what this ${product.productType} does in one take`;
  }
}

function makeAd(rng: Prng, index: number, product: Product, seed: NicheSeed): Ad {
  const platform = rng.weighted<AdPlatform>([
    ["TikTok", 40],
    ["Facebook", 30],
    ["Instagram", 20],
    ["Pinterest", 10],
  ]);
  const angle = rng.pick(AD_ANGLES);
  const reach = rng.next();
  const views = Math.round((5000 + reach * reach * 1_500_000) / 100) * 100;
  const engagements = Math.round(views * (0.008 + rng.next() * 0.07));
  return {
    id: `A-${String(index).padStart(4, "0")}`,
    productId: product.id,
    platform,
    angle,
    hook: writeHook(angle, product, seed),
    daysRunning: rng.int(2, 150),
    views,
    engagements,
    engagementRatePct: engagementRateOf(engagements, views),
  };
}

function makeStore(rng: Prng, index: number, name: string, seed: NicheSeed, nicheProducts: Product[]): Store {
  const reach = rng.next();
  const size = rng.next();
  return {
    id: `S-${String(index).padStart(3, "0")}`,
    name,
    nicheId: seed.id,
    platform: rng.weighted<StorePlatform>([
      ["Shopify", 70],
      ["WooCommerce", 15],
      ["BigCommerce", 8],
      ["Wix", 7],
    ]),
    productCount: 6 + Math.floor(size * size * 230),
    estMonthlyRevenueUsd: Math.round((seed.baseOrders * (8 + reach * reach * 60)) / 100) * 100,
    launchMonth: monthKey(2019, rng.int(0, 83)),
    topProductIds: rng
      .shuffle(nicheProducts)
      .slice(0, 3)
      .map((p) => p.id)
      .sort(),
  };
}

/** Builds the catalog from a seed; pure and deterministic. Use getCatalog() for the cached one. */
export function generateCatalog(seed: string = CATALOG_SEED): MarketCatalog {
  const rng = createPrng(seed);
  const seeds = NICHE_SEEDS;
  const basePerNiche = Math.floor(TOTAL_PRODUCTS / seeds.length);
  const nichesWithExtra = new Set(
    rng.shuffle(seeds.map((s) => s.id)).slice(0, TOTAL_PRODUCTS - basePerNiche * seeds.length),
  );

  const products: Product[] = [];
  const productsByNiche = new Map<string, Product[]>();
  for (const nicheSeed of seeds) {
    const count = basePerNiche + (nichesWithExtra.has(nicheSeed.id) ? 1 : 0);
    const baseCosts = itemBaseCosts(rng, nicheSeed);
    const names = rng.shuffle(nameOptions(nicheSeed)).slice(0, count);
    const nicheProducts = names.map((naming, i) =>
      makeProduct(rng, nicheSeed, products.length + 1 + i, naming, baseCosts.get(naming.productType)!),
    );
    products.push(...nicheProducts);
    productsByNiche.set(nicheSeed.id, nicheProducts);
  }

  const seedById = new Map(seeds.map((s) => [s.id, s]));
  const ads: Ad[] = [];
  for (const product of products) {
    // Busier products have more ads in the sample; quiet ones often none.
    const adsHeld = product.adCount >= 40 ? 2 : product.adCount >= 12 ? 1 : rng.next() < 0.4 ? 1 : 0;
    for (let i = 0; i < adsHeld; i++) ads.push(makeAd(rng, ads.length + 1, product, seedById.get(product.nicheId)!));
  }

  const stores: Store[] = [];
  const usedNames = new Set<string>();
  for (const nicheSeed of seeds) {
    for (let i = 0; i < STORES_PER_NICHE; i++) {
      let name = `${nicheSeed.brandWords[i]} ${rng.pick(STORE_SUFFIXES)}`;
      while (usedNames.has(name)) name = `${nicheSeed.brandWords[i]} ${rng.pick(STORE_SUFFIXES)}`;
      usedNames.add(name);
      stores.push(makeStore(rng, stores.length + 1, name, nicheSeed, productsByNiche.get(nicheSeed.id)!));
    }
  }

  return {
    meta: {
      label: "Sample catalog",
      seed,
      isSampleData: true,
      note: "Generated sample data for offline use and demos; not live market data.",
    },
    niches: seeds.map(({ id, name, keywords, items, audience, pain, benefits }) => ({
      id,
      name,
      keywords,
      productTypes: items,
      audience,
      pain,
      benefits,
    })),
    products,
    ads,
    stores,
  };
}

interface CatalogIndex {
  catalog: MarketCatalog;
  nicheById: Map<string, Niche>;
  productById: Map<string, Product>;
  productsByNiche: Map<string, Product[]>;
  adsByProduct: Map<string, Ad[]>;
  storesByNiche: Map<string, Store[]>;
  stats: Map<string, NicheStats>;
}

let cachedIndex: CatalogIndex | undefined;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function index(): CatalogIndex {
  if (cachedIndex) return cachedIndex;
  const catalog = generateCatalog();
  cachedIndex = {
    catalog,
    nicheById: new Map(catalog.niches.map((n) => [n.id, n])),
    productById: new Map(catalog.products.map((p) => [p.id, p])),
    productsByNiche: groupBy(catalog.products, (p) => p.nicheId),
    adsByProduct: groupBy(catalog.ads, (a) => a.productId),
    storesByNiche: groupBy(catalog.stores, (s) => s.nicheId),
    stats: new Map(),
  };
  return cachedIndex;
}

/** The cached sample catalog (generated on first call). */
export function getCatalog(): MarketCatalog {
  return index().catalog;
}

export function listNiches(): readonly Niche[] {
  return index().catalog.niches;
}

export function getNiche(nicheId: string): Niche | undefined {
  return index().nicheById.get(nicheId);
}

export function getProduct(productId: string): Product | undefined {
  return index().productById.get(productId.toUpperCase());
}

export function productsInNiche(nicheId: string): readonly Product[] {
  return index().productsByNiche.get(nicheId) ?? [];
}

export function adsForProduct(productId: string): readonly Ad[] {
  return index().adsByProduct.get(productId) ?? [];
}

export function adsInNiche(nicheId: string): Ad[] {
  return productsInNiche(nicheId).flatMap((p) => adsForProduct(p.id));
}

export function getAd(adId: string): Ad | undefined {
  return index().catalog.ads.find((a) => a.id === adId.toUpperCase());
}

export function storesInNiche(nicheId: string): readonly Store[] {
  return index().storesByNiche.get(nicheId) ?? [];
}

export function getStore(storeId: string): Store | undefined {
  return index().catalog.stores.find((s) => s.id === storeId.toUpperCase());
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** Statistics of one niche's products, computed from the catalog (and cached). */
export function computeNicheStats(
  products: readonly Product[],
  ads: number,
  stores: number,
  nicheId: string,
): NicheStats {
  const prices = products.map((p) => p.priceCents).sort((a, b) => a - b);
  const trends = products.map((p) => p.trendPct).sort((a, b) => a - b);
  const n = products.length;
  const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
  return {
    nicheId,
    productCount: n,
    minPriceCents: prices[0] ?? 0,
    medianPriceCents: median(prices),
    maxPriceCents: prices[n - 1] ?? 0,
    avgMarginPct: n ? Math.round(sum(products.map((p) => p.marginPct)) / n) : 0,
    totalMonthlyOrders: sum(products.map((p) => p.monthlyOrders)),
    medianTrendPct: median(trends),
    lowCompetitionCount: products.filter((p) => p.competition === "low").length,
    avgShippingDays: n ? Math.round((sum(products.map((p) => p.shippingDays)) / n) * 10) / 10 : 0,
    adCount: ads,
    storeCount: stores,
  };
}

export function nicheStats(nicheId: string): NicheStats | undefined {
  const idx = index();
  if (!idx.nicheById.has(nicheId)) return undefined;
  let stats = idx.stats.get(nicheId);
  if (!stats) {
    stats = computeNicheStats(
      productsInNiche(nicheId),
      adsInNiche(nicheId).length,
      storesInNiche(nicheId).length,
      nicheId,
    );
    idx.stats.set(nicheId, stats);
  }
  return stats;
}

/**
 * The transparent "winning product" order the analyst uses: estimated monthly gross profit
 * (orders × unit margin), with saturated or shrinking products after the rest.
 */
export function rankWinningProducts(products: readonly Product[]): Product[] {
  const demoted = (p: Product) => p.competition === "saturated" || p.trendPct < 0;
  return products.slice().sort((a, b) => {
    if (demoted(a) !== demoted(b)) return demoted(a) ? 1 : -1;
    const profit = b.monthlyOrders * b.marginCents - a.monthlyOrders * a.marginCents;
    return profit !== 0 ? profit : a.id.localeCompare(b.id);
  });
}

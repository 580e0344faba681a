/**
 * The sample market catalog: niches, products, ads and stores. It is SAMPLE DATA, generated from a
 * seeded PRNG so every machine gets the same catalog (`generateCatalog`); `seed.ts` writes it to D1.
 *
 * The chat's analyst and its retrieval read it back from D1 (`loadSharedCatalog`: the shared
 * records through db/catalog.ts, turned back into this shape by `catalogFromRows` and indexed
 * once per isolate and seeded version). The lookups below (getProduct, productsInNiche, …) read
 * that loaded catalog; they never generate one. Unit tests install one with `installCatalog`.
 *
 * Stored fields come from the generator; every derived figure (margins, competition level,
 * engagement rate, niche statistics) is computed from those stored fields, here and only here.
 */
import type { Database } from "../../../db/client";
import { readSharedCatalog, sharedCatalogVersion, type SharedCatalogRows } from "../../../db/catalog";
import type { Logger } from "../platform/log";
import { activeAdCount, marginBeforeShipping, weeklyActiveAdCounts } from "~/domain/market-figures";
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
  /** Orders in the last 4 weeks against the 4 weeks before, whole percent. */
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
  /** Orders per week, oldest first; the last entry is the as-of week. monthlyOrders and trendPct come from it. */
  readonly weeklyOrders: readonly number[];
  /** The retail price each week, in cents; the last entry is priceCents. */
  readonly weeklyPriceCents: readonly number[];
  /** Ads of the catalog running each week; the last entry is adCount. */
  readonly weeklyActiveAds: readonly number[];
}

export type AdFormat = "video" | "image" | "carousel";
export type VisualStyle = "ugc" | "studio" | "lifestyle" | "text-overlay" | "comparison" | "meme";

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
  readonly format: AdFormat;
  /** Video length in seconds; null for images and carousels. */
  readonly lengthSeconds: number | null;
  readonly visualStyle: VisualStyle;
  /** The history week (0 = oldest) the ad was first seen. */
  readonly startWeek: number;
}

/** A product a store sells, with when it was seen there and at what price. */
export interface StoreListing {
  readonly productId: string;
  /** The store's own price, in cents, at the as-of week. */
  readonly priceCents: number;
  /** The store's price before its last change, when it changed within the history. */
  readonly previousPriceCents: number | null;
  /** The week the store's price changed to priceCents; null when it never changed. */
  readonly priceChangedWeek: number | null;
  readonly firstSeenWeek: number;
  /** The week the product left the store; null while it is still listed. */
  readonly removedWeek: number | null;
  /** Share of the product's orders this store takes, whole percent. */
  readonly orderSharePct: number;
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
  /** Its three best sellers still listed (estimated store orders), best first. */
  readonly topProductIds: readonly string[];
  /** Every product it lists or listed during the history. */
  readonly listings: readonly StoreListing[];
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

/** Catalog size: at least 5,000 products over 60 niches, 20,000 ads and 500 stores. */
export const CATALOG_SIZE = { products: 5100, ads: 20400, stores: 500 } as const;
/** Weeks of history each product carries; the last one is the catalog's as-of week. */
export const HISTORY_WEEKS = 26;
/** Monday of the catalog's last recorded week; the history runs back from it. */
export const CATALOG_AS_OF = "2026-11-16";
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

/** Monday of history week `week` (0 = oldest), as YYYY-MM-DD: how D1 dates the history's weeks. */
export function weekOf(week: number): string {
  const asOf = Date.parse(`${CATALOG_AS_OF}T00:00:00Z`);
  return new Date(asOf - (HISTORY_WEEKS - 1 - week) * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** The history week a date written by `weekOf` stands for (its inverse). */
export function weekIndexOf(date: string): number {
  const asOf = Date.parse(`${CATALOG_AS_OF}T00:00:00Z`);
  return HISTORY_WEEKS - 1 - Math.round((asOf - Date.parse(`${date.slice(0, 10)}T00:00:00Z`)) / (7 * 86_400_000));
}

/** Unit margin before shipping (market-figures.ts defines it). */
export const marginOf = marginBeforeShipping;

/** Competition follows the number of active ads seen for a product. */
export function competitionFor(adCount: number): Competition {
  if (adCount <= 1) return "low";
  if (adCount <= 3) return "medium";
  if (adCount <= 6) return "high";
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

/** Pack and size editions: a big catalog lists the same item in several. */
const EDITIONS = ["2-pack", "mini", "XL", "pro edition", "set of 3", "travel size", "deluxe kit"];

/**
 * Every "modifier item" name of a niche (skipping pairs that repeat a word, "Bamboo bamboo …"),
 * shuffled, then the same names in pack and size editions once the plain names run out.
 */
function nameOptions(rng: Prng, seed: NicheSeed): Naming[] {
  const plain = rng.shuffle(plainNames(seed));
  const editions = rng.shuffle(EDITIONS.flatMap((edition) => plain.map((n) => ({ name: `${n.name}, ${edition}`, productType: n.productType }))));
  return [...plain, ...editions];
}

function plainNames(seed: NicheSeed): Naming[] {
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

/** Lowercases a product name for use mid-sentence, leaving acronyms ("LED face mask") alone. */
export function nameInSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** An ad hook for a product; the catalog's sample ads and the analyst's suggestions share these templates. */
export function writeHook(angle: AdAngle, product: Pick<Product, "name" | "productType">, niche: Pick<Niche, "audience" | "pain">): string {
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


/** Draft fields of a product before its history is drawn; orders, trend and ads come from the history. */
interface DraftProduct {
  id: string;
  naming: Naming;
  nicheId: string;
  costCents: number;
  priceCents: number;
  /** Monthly orders the history should land near. */
  targetOrders: number;
  /** Where the product's weekly growth tends to sit (log units). */
  driftBias: number;
  /** A product that takes off in the second half of the history. */
  spikes: boolean;
  rating: number;
  shippingDays: number;
  launchMonth: string;
}

function draftProduct(rng: Prng, seed: NicheSeed, index: number, naming: Naming, baseCostCents: number): DraftProduct {
  // Variants of an item cost within ±20% of its base.
  const costCents = Math.max(50, Math.round((baseCostCents * rng.int(80, 120)) / 100));
  const markupTenths = rng.int(...markupTenthsRange(costCents));
  // A charm price ending in .99.
  const priceCents = Math.ceil((costCents * markupTenths) / 1000) * 100 - 1;
  const demand = rng.next();
  const targetOrders = Math.max(10, Math.round(seed.baseOrders * (0.15 + demand * demand * 2.6)));
  // Most products drift with their niche; a few take off.
  const spikes = rng.next() < 0.08;
  const driftBias = seed.trendBias / 1500 + (rng.next() - 0.5) * 0.05;
  const rating = rng.int(36, 49) / 10;
  // Local warehouses ship in days, overseas suppliers in weeks.
  const shippingDays = rng.next() < 0.35 ? rng.int(3, 7) : rng.int(8, 20);
  const launchMonth = monthKey(2023, rng.int(0, 39));
  return { id: `P-${String(index).padStart(4, "0")}`, naming, nicheId: seed.id, costCents, priceCents, targetOrders, driftBias, spikes, rating, shippingDays, launchMonth };
}

/**
 * Weekly orders with persistent momentum: each week's growth leans on the last one's (an AR(1)
 * drift), so a product that is rising tends to keep rising for a while, as real sales do. The
 * series is scaled so its last four weeks land near the draft's monthly orders.
 */
function drawWeeklyOrders(rng: Prng, draft: DraftProduct): number[] {
  const levels: number[] = [];
  let level = 0;
  let drift = draft.driftBias + (rng.next() - 0.5) * 0.06;
  const spikeWeek = draft.spikes ? rng.int(12, HISTORY_WEEKS - 3) : -1;
  for (let week = 0; week < HISTORY_WEEKS; week++) {
    levels.push(level);
    const push = draft.spikes && week >= spikeWeek && week < spikeWeek + 4 ? 0.18 : 0;
    drift = 0.8 * drift + 0.2 * draft.driftBias + (rng.next() - 0.5) * 0.06 + push;
    level += drift + (rng.next() - 0.5) * 0.1;
  }
  const raw = levels.map((l) => Math.exp(l));
  const lastFour = raw.slice(-4).reduce((sum, v) => sum + v, 0);
  const scale = draft.targetOrders / lastFour;
  return raw.map((v) => Math.max(0, Math.round(v * scale)));
}

/** The retail price each week: most products keep one price, a quarter changed it once. */
function drawWeeklyPrices(rng: Prng, priceCents: number): number[] {
  const prices = new Array<number>(HISTORY_WEEKS).fill(priceCents);
  if (rng.next() < 0.25) {
    const changedAt = rng.int(4, HISTORY_WEEKS - 2);
    const before = Math.max(99, Math.round((priceCents * rng.int(80, 125)) / 10000) * 100 - 1);
    for (let week = 0; week < changedAt; week++) prices[week] = before;
  }
  return prices;
}

/** Sum of the last four weeks, and their change against the four before, whole percent. */
export function ordersAndTrend(weeklyOrders: readonly number[], atWeek: number = weeklyOrders.length - 1): { monthlyOrders: number; trendPct: number } {
  const sum = (from: number, to: number) => weeklyOrders.slice(Math.max(0, from), to + 1).reduce((total, v) => total + v, 0);
  const monthlyOrders = sum(atWeek - 3, atWeek);
  const before = sum(atWeek - 7, atWeek - 4);
  const trendPct = before > 0 ? Math.round((monthlyOrders / before - 1) * 100) : monthlyOrders > 0 ? 100 : 0;
  // + 0 turns a rounded -0 into 0: D1 holds no negative zero, and the catalog read back from it must equal this one.
  return { monthlyOrders, trendPct: trendPct + 0 };
}

/** Weeks an ad is seen running: from its start week for ceil(days / 7) weeks, within the history. */
export function adWeeks(ad: Pick<Ad, "startWeek" | "daysRunning">): [number, number] {
  return [ad.startWeek, Math.min(HISTORY_WEEKS - 1, ad.startWeek + Math.ceil(ad.daysRunning / 7) - 1)];
}

const VIDEO_STYLES: readonly (readonly [VisualStyle, number])[] = [
  ["ugc", 40],
  ["lifestyle", 20],
  ["text-overlay", 15],
  ["comparison", 10],
  ["meme", 10],
  ["studio", 5],
];
const STILL_STYLES: readonly (readonly [VisualStyle, number])[] = [
  ["studio", 35],
  ["lifestyle", 30],
  ["text-overlay", 20],
  ["comparison", 15],
];

/**
 * How long an ad has run as of its last week seen: at most the days since it was first seen
 * (an ad first seen last week cannot have run for months); some stopped well before the end.
 */
function daysRunningFrom(rng: Prng, startWeek: number): number {
  const weeksLeft = HISTORY_WEEKS - startWeek;
  const weeks = rng.next() < 0.5 ? weeksLeft : rng.int(1, weeksLeft);
  return Math.max(1, weeks * 7 - rng.int(0, 6));
}

function makeAd(rng: Prng, index: number, product: DraftProduct, seed: NicheSeed, weeklyOrders: readonly number[]): Ad {
  const platform = rng.weighted<AdPlatform>([
    ["TikTok", 40],
    ["Facebook", 30],
    ["Instagram", 20],
    ["Pinterest", 10],
  ]);
  const angle = rng.pick(AD_ANGLES);
  const format = platform === "TikTok" ? "video" : rng.weighted<AdFormat>([["video", 50], ["image", 35], ["carousel", 15]]);
  const visualStyle = rng.weighted(format === "video" ? VIDEO_STYLES : STILL_STYLES);
  const lengthSeconds = format === "video" ? rng.weighted<number>([[9, 15], [15, 30], [22, 20], [30, 20], [45, 10], [60, 5]]) : null;
  // Advertisers pile in when orders are high: weeks are drawn in proportion to orders.
  const total = weeklyOrders.reduce((sum, v) => sum + v + 1, 0);
  let roll = rng.next() * total;
  let startWeek = 0;
  for (; startWeek < HISTORY_WEEKS - 1; startWeek++) {
    roll -= weeklyOrders[startWeek] + 1;
    if (roll < 0) break;
  }
  const reach = rng.next();
  const views = Math.round((5000 + reach * reach * 1_500_000) / 100) * 100;
  const engagements = Math.round(views * (0.008 + rng.next() * 0.07));
  return {
    id: `A-${String(index).padStart(5, "0")}`,
    productId: product.id,
    platform,
    angle,
    hook: writeHook(angle, product.naming, seed),
    daysRunning: daysRunningFrom(rng, startWeek),
    views,
    engagements,
    engagementRatePct: engagementRateOf(engagements, views),
    format,
    lengthSeconds,
    visualStyle,
    startWeek,
  };
}

function makeListing(rng: Prng, product: Product): StoreListing {
  const firstSeenWeek = rng.next() < 0.8 ? 0 : rng.int(1, HISTORY_WEEKS - 1);
  const removedWeek = rng.next() < 0.1 && firstSeenWeek < HISTORY_WEEKS - 2 ? rng.int(firstSeenWeek + 1, HISTORY_WEEKS - 1) : null;
  // Stores price around the catalog's retail price, on .99 endings.
  const priceCents = Math.max(99, Math.round((product.priceCents * rng.int(90, 115)) / 10000) * 100 - 1);
  const changed = rng.next() < 0.2 && HISTORY_WEEKS - 1 > firstSeenWeek + 1;
  return {
    productId: product.id,
    priceCents,
    previousPriceCents: changed ? Math.max(99, Math.round((priceCents * rng.int(85, 120)) / 10000) * 100 - 1) : null,
    priceChangedWeek: changed ? rng.int(firstSeenWeek + 1, HISTORY_WEEKS - 1) : null,
    firstSeenWeek,
    removedWeek,
    orderSharePct: rng.int(3, 25),
  };
}

function makeStore(rng: Prng, index: number, name: string, seed: NicheSeed, nicheProducts: readonly Product[]): Store {
  // Stores favour what sells: products are drawn by orders.
  const size = Math.min(nicheProducts.length, rng.int(5, 40));
  const keyed = nicheProducts.map((p) => ({ p, key: p.monthlyOrders * rng.next() }));
  const pool = keyed.sort((a, b) => b.key - a.key || (a.p.id < b.p.id ? -1 : 1)).map(({ p }) => p);
  const listings = pool
    .slice(0, size)
    .map((p) => makeListing(rng, p))
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const byId = new Map(nicheProducts.map((p) => [p.id, p]));
  const listed = listings.filter((l) => l.removedWeek === null);
  const storeOrders = (l: StoreListing) => (byId.get(l.productId)!.monthlyOrders * l.orderSharePct) / 100;
  const revenueCents = listed.reduce((sum, l) => sum + storeOrders(l) * l.priceCents, 0);
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
    productCount: listed.length,
    estMonthlyRevenueUsd: Math.round(revenueCents / 10000) * 100,
    launchMonth: monthKey(2019, rng.int(0, 83)),
    topProductIds: listed
      .slice()
      .sort((a, b) => storeOrders(b) - storeOrders(a) || (a.productId < b.productId ? -1 : 1))
      .slice(0, 3)
      .map((l) => l.productId),
    listings,
  };
}

/** How many products each niche gets: an even share, never more than its distinct names. */
function productQuotas(rng: Prng, seeds: readonly NicheSeed[], options: Map<string, Naming[]>): Map<string, number> {
  const quotas = new Map(seeds.map((s) => [s.id, 0]));
  let left = CATALOG_SIZE.products;
  while (left > 0) {
    const open = seeds.filter((s) => quotas.get(s.id)! < options.get(s.id)!.length);
    if (open.length === 0) break;
    const share = Math.max(1, Math.floor(left / open.length));
    for (const s of rng.shuffle(open)) {
      const add = Math.min(share, left, options.get(s.id)!.length - quotas.get(s.id)!);
      quotas.set(s.id, quotas.get(s.id)! + add);
      left -= add;
      if (left === 0) break;
    }
  }
  return quotas;
}

function sampleMeta(seed: string): CatalogMeta {
  return { label: "Sample catalog", seed, isSampleData: true, note: "Generated sample data for offline use and demos; not live market data." };
}

/** Builds the catalog from a seed; pure and deterministic. The app reads it back from D1 (loadSharedCatalog). */
export function generateCatalog(seed: string = CATALOG_SEED): MarketCatalog {
  const rng = createPrng(seed);
  const seeds = NICHE_SEEDS;
  const options = new Map(seeds.map((s) => [s.id, nameOptions(rng, s)]));
  const quotas = productQuotas(rng, seeds, options);

  const drafts: DraftProduct[] = [];
  for (const nicheSeed of seeds) {
    const baseCosts = itemBaseCosts(rng, nicheSeed);
    const names = options.get(nicheSeed.id)!.slice(0, quotas.get(nicheSeed.id));
    for (const naming of names) drafts.push(draftProduct(rng, nicheSeed, drafts.length + 1, naming, baseCosts.get(naming.productType)!));
  }
  const history = drafts.map((d) => ({ orders: drawWeeklyOrders(rng, d), prices: drawWeeklyPrices(rng, d.priceCents) }));

  // Ads: shared out in proportion to orders (with noise), so busy products carry more.
  const seedById = new Map(seeds.map((s) => [s.id, s]));
  const weights = drafts.map((d) => Math.pow(d.targetOrders, 0.8) * (0.3 + rng.next() * 1.4));
  const weightTotal = weights.reduce((sum, w) => sum + w, 0);
  const ads: Ad[] = [];
  const adsByDraft: Ad[][] = drafts.map(() => []);
  let carry = 0;
  drafts.forEach((draft, i) => {
    carry += (weights[i] / weightTotal) * CATALOG_SIZE.ads;
    // The last product takes what rounding left, so the total is exactly CATALOG_SIZE.ads.
    const count = i === drafts.length - 1 ? CATALOG_SIZE.ads - ads.length : Math.floor(carry);
    carry -= count;
    for (let n = 0; n < count; n++) {
      const ad = makeAd(rng, ads.length + 1, draft, seedById.get(draft.nicheId)!, history[i].orders);
      ads.push(ad);
      adsByDraft[i].push(ad);
    }
  });

  const products: Product[] = drafts.map((d, i) => {
    const spans = adsByDraft[i].map((ad) => {
      const [startWeek, endWeek] = adWeeks(ad);
      return { startWeek, endWeek };
    });
    const weeklyActiveAds = weeklyActiveAdCounts(spans, HISTORY_WEEKS);
    const { monthlyOrders, trendPct } = ordersAndTrend(history[i].orders);
    const adCount = activeAdCount(spans, HISTORY_WEEKS - 1);
    return {
      id: d.id,
      name: d.naming.name,
      productType: d.naming.productType,
      nicheId: d.nicheId,
      costCents: d.costCents,
      shippingCostCents: shippingCostFor(d.costCents, d.shippingDays),
      priceCents: d.priceCents,
      ...marginOf(d.priceCents, d.costCents),
      monthlyOrders,
      trendPct,
      adCount,
      competition: competitionFor(adCount),
      rating: d.rating,
      shippingDays: d.shippingDays,
      launchMonth: d.launchMonth,
      weeklyOrders: history[i].orders,
      weeklyPriceCents: history[i].prices,
      weeklyActiveAds,
    };
  });
  const productsByNiche = new Map<string, Product[]>();
  for (const p of products) productsByNiche.set(p.nicheId, [...(productsByNiche.get(p.nicheId) ?? []), p]);

  const stores: Store[] = [];
  const usedNames = new Set<string>();
  const storesPerNiche = Math.floor(CATALOG_SIZE.stores / seeds.length);
  const extraStores = new Set(rng.shuffle(seeds.map((s) => s.id)).slice(0, CATALOG_SIZE.stores - storesPerNiche * seeds.length));
  for (const nicheSeed of seeds) {
    const count = storesPerNiche + (extraStores.has(nicheSeed.id) ? 1 : 0);
    for (let i = 0; i < count; i++) {
      let name = `${nicheSeed.brandWords[i % 2]} ${rng.pick(STORE_SUFFIXES)}`;
      for (let attempt = 0; usedNames.has(name); attempt++) {
        name = `${nicheSeed.brandWords[i % 2]} ${rng.pick(STORE_SUFFIXES)}${attempt > 20 ? ` ${attempt}` : ""}`;
      }
      usedNames.add(name);
      stores.push(makeStore(rng, stores.length + 1, name, nicheSeed, productsByNiche.get(nicheSeed.id) ?? []));
    }
  }

  return {
    meta: sampleMeta(seed),
    niches: seeds.map(({ id, name, keywords, items, audience, pain }) => ({
      id,
      name,
      keywords,
      productTypes: items,
      audience,
      pain,
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
  adById: Map<string, Ad>;
  storeById: Map<string, Store>;
  productsByNiche: Map<string, Product[]>;
  adsByProduct: Map<string, Ad[]>;
  storesByNiche: Map<string, Store[]>;
  stats: Map<string, NicheStats>;
}

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

function buildIndex(catalog: MarketCatalog): CatalogIndex {
  return {
    catalog,
    nicheById: new Map(catalog.niches.map((n) => [n.id, n])),
    productById: new Map(catalog.products.map((p) => [p.id, p])),
    adById: new Map(catalog.ads.map((a) => [a.id, a])),
    storeById: new Map(catalog.stores.map((s) => [s.id, s])),
    productsByNiche: groupBy(catalog.products, (p) => p.nicheId),
    adsByProduct: groupBy(catalog.ads, (a) => a.productId),
    storesByNiche: groupBy(catalog.stores, (s) => s.nicheId),
    stats: new Map(),
  };
}

/** The catalog the lookups read, and what it is (`d1:<seeded version>`, or a test's label). */
let installed: { key: string; index: CatalogIndex } | undefined;

/**
 * Makes `catalog` the one the lookups read, replacing any other. The loader installs what it read
 * from D1; unit tests that exercise the analyst alone install `generateCatalog()`.
 */
export function installCatalog(catalog: MarketCatalog, key = "installed"): void {
  installed = { key, index: buildIndex(catalog) };
}

function index(): CatalogIndex {
  // No silent fallback to the generator: an answer that forgot to load would quietly read other
  // data than D1 holds (and than the citations it writes open).
  if (!installed) throw new Error("The market catalog is not loaded: await loadSharedCatalog(db) before reading it.");
  return installed.index;
}

/** A value the shared (sample) records always carry; a missing one means a broken seed. */
function stored<T>(value: T | null, column: string, id: string): T {
  if (value === null) throw new Error(`Shared catalog record ${id} has no ${column}.`);
  return value;
}

/**
 * The catalog D1's shared rows describe: the exact inverse of seed.ts (rating and engagement
 * tenths back to one decimal, listing dates back to history weeks, a store's price change back
 * to the listing's previous price and the week it changed).
 */
export function catalogFromRows(rows: SharedCatalogRows): MarketCatalog {
  const lastPriceChange = new Map<string, SharedCatalogRows["priceChanges"][number]>();
  // Read in date order, so the last one set is the listing's latest change.
  for (const change of rows.priceChanges) lastPriceChange.set(`${change.storeId}|${change.productKey}`, change);
  const listingsByStore = groupBy(rows.listings, (l) => l.storeId);
  return {
    // The seeded version starts with the generator's seed (SAMPLE_CATALOG_VERSION).
    meta: sampleMeta(rows.version?.split("/")[0] ?? CATALOG_SEED),
    niches: rows.niches.map((n) => ({ id: n.id, name: n.name, keywords: n.keywords, productTypes: n.productTypes, audience: n.audience, pain: n.pain })),
    products: rows.products.map((p) => ({
      id: p.id,
      name: p.name,
      productType: p.productType,
      nicheId: p.nicheId,
      costCents: stored(p.costCents, "cost", p.id),
      shippingCostCents: stored(p.shippingCostCents, "shipping cost", p.id),
      priceCents: p.priceCents,
      marginCents: stored(p.marginCents, "margin", p.id),
      marginPct: stored(p.marginPct, "margin percent", p.id),
      monthlyOrders: stored(p.monthlyOrders, "monthly orders", p.id),
      trendPct: stored(p.trendPct, "trend", p.id),
      adCount: p.adCount,
      competition: stored(p.competition, "competition", p.id),
      // rating_tenths
      rating: stored(p.rating, "rating", p.id) / 10,
      shippingDays: stored(p.shippingDays, "shipping days", p.id),
      launchMonth: stored(p.launchMonth, "launch month", p.id),
      weeklyOrders: p.weeklyOrders,
      weeklyPriceCents: p.weeklyPriceCents,
      weeklyActiveAds: p.weeklyActiveAds,
    })),
    ads: rows.ads.map((a) => ({
      id: a.id,
      productId: a.productId,
      platform: a.platform as AdPlatform,
      angle: a.angle as AdAngle,
      hook: a.hook,
      daysRunning: a.daysRunning,
      views: a.views,
      engagements: a.engagements,
      // engagement_rate_tenths
      engagementRatePct: a.engagementRatePct / 10,
      format: a.format as AdFormat,
      lengthSeconds: a.lengthSeconds,
      visualStyle: a.visualStyle as VisualStyle,
      startWeek: a.startWeek,
    })),
    stores: rows.stores.map((s) => ({
      id: s.id,
      name: s.name,
      nicheId: stored(s.nicheId, "niche", s.id),
      platform: s.platform as StorePlatform,
      productCount: s.productCount,
      estMonthlyRevenueUsd: stored(s.estMonthlyRevenueUsd, "revenue", s.id),
      launchMonth: stored(s.launchMonth, "launch month", s.id),
      topProductIds: s.topProductIds,
      listings: (listingsByStore.get(s.id) ?? []).map((l) => {
        const change = lastPriceChange.get(`${s.id}|${l.productKey}`);
        return {
          productId: l.productId ?? l.productKey,
          priceCents: l.priceCents,
          previousPriceCents: change?.oldPriceCents ?? null,
          priceChangedWeek: change ? weekIndexOf(change.at) : null,
          firstSeenWeek: weekIndexOf(l.firstSeenAt),
          removedWeek: l.removedAt === null ? null : weekIndexOf(l.removedAt),
          orderSharePct: stored(l.orderSharePct, "order share", `${s.id}/${l.productKey}`),
        };
      }),
    })),
  };
}

/** A load under way: concurrent first answers in one isolate share one read. */
let loading: { key: string; done: Promise<MarketCatalog> } | undefined;

/**
 * Loads the shared catalog from D1 and makes it the one the lookups read. Kept per isolate and
 * keyed by the seeded sample version: each call costs one small read of that version, a re-seed
 * (a new version) replaces the catalog, and a failed read is not kept. `log` hears each full load.
 */
export async function loadSharedCatalog(db: Database, log?: Pick<Logger, "info">): Promise<MarketCatalog> {
  const key = `d1:${await sharedCatalogVersion(db)}`;
  if (installed?.key === key) return installed.index.catalog;
  if (loading?.key === key) return loading.done;
  const started = Date.now();
  const current: { key: string; done: Promise<MarketCatalog> } = {
    key,
    done: readSharedCatalog(db).then((rows) => {
      // A Worker's clock moves only across I/O: this is the time until the rows arrived.
      const readMs = Date.now() - started;
      const catalog = catalogFromRows(rows);
      // A load started later (a newer version) wins; the version is the one read with the rows.
      if (loading === current) installCatalog(catalog, `d1:${rows.version}`);
      log?.info("shared catalog loaded", { version: rows.version, products: rows.products.length, ads: rows.ads.length, stores: rows.stores.length, readMs });
      return catalog;
    }),
  };
  loading = current;
  const settle = () => {
    if (loading === current) loading = undefined;
  };
  current.done.then(settle, settle);
  return current.done;
}

/** The loaded catalog (loadSharedCatalog, or one a test installed). */
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
  return index().adById.get(adId.toUpperCase());
}

export function storesInNiche(nicheId: string): readonly Store[] {
  return index().storesByNiche.get(nicheId) ?? [];
}

export function getStore(storeId: string): Store | undefined {
  return index().storeById.get(storeId.toUpperCase());
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

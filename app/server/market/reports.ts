/**
 * Deep market analysis (paid plans: `hasDeepMarketAnalysis`, the `aiAdvisor` counter): a long
 * report on a niche or a product, generated as a job with progress and saved. The report is
 * written from the catalog's records only, deterministically: every figure is a record's value or
 * arithmetic shown on record values, and names the record it comes from (P-0001, A-00012, S-004,
 * a niche id). Those ids are the report's `cited` list.
 */
import { compiler as compileMarkdown } from "markdown-to-jsx/html";
import type { MarketReport } from "~/domain/contracts/market";
import { AppError, toAppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { findCatalogProduct, findNiche, readCatalogMeta, storesSellingProduct, type CatalogAdRow, type CatalogProductRow } from "../../../db/catalog";
import {
  adsOfProducts,
  deleteMarketReport,
  findMarketReport,
  insertMarketReport,
  listMarketReports,
  productsOfNiche,
  storesOfNiche,
  updateRunningReport,
  type MarketReportRow,
} from "../../../db/market-reports";
import type { catalogNiches, catalogStores } from "../../../db/schema";
import { TEST_BUDGET_MULTIPLE, unitEconomics, VERDICT_RULE, verdictFor } from "../ai/analyst-money";
import { planFor } from "../billing/plan";
import { reserveUsage, type MeterBindings, type UsageReservation } from "../usage/meter";
import { CATALOG_AS_OF, HISTORY_WEEKS, type Competition, type Product } from "./catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatDollars, formatPercent } from "./format";
import { weekOf } from "./seed";

type NicheRow = typeof catalogNiches.$inferSelect;
type StoreRow = typeof catalogStores.$inferSelect;
export type ReportSubject = { subjectKind: "niche" | "product"; subjectId: string };

export interface ReportDeps {
  db: Database;
  /** The meter's bindings (reserve, commit, refund). */
  env: MeterBindings;
  /** Keeps the generation running after the answer is sent (the router passes ctx.waitUntil). */
  defer: (work: Promise<unknown>) => void;
  now?: () => Date;
}

/** The job's steps, in order, with the progress each one starts at. */
export const REPORT_STEPS = [
  { key: "demand", step: "Reading demand", progress: 15, heading: "Demand" },
  { key: "competition", step: "Competition", progress: 30, heading: "Competition" },
  { key: "pricing", step: "Pricing and margins", progress: 45, heading: "Pricing and margins" },
  { key: "audience", step: "Audience", progress: 60, heading: "Audience" },
  { key: "ads", step: "Ad angles", progress: 75, heading: "Ad angles" },
  { key: "risks", step: "Risks", progress: 85, heading: "Risks" },
  { key: "plan", step: "30-day launch plan", progress: 95, heading: "30-day launch plan" },
] as const;
export type ReportSection = (typeof REPORT_STEPS)[number]["key"];

/** A job still running after this long died with its Worker: it reads as failed (its reservation expired too). */
export const STALE_AFTER_MS = 10 * 60_000;

const LONG_SHIPPING_DAYS = 14;
const FALLING_PCT = -10;
const RISING_PCT = 10;

// --- The records a report is written from -----------------------------------------------------

export interface ReportFacts {
  kind: "niche" | "product";
  niche: NicheRow;
  /** The niche's products the user may read, best score first. */
  products: CatalogProductRow[];
  /** The product of a product report. */
  focus: CatalogProductRow | null;
  /** The niche's ads (every product), most engaging first. */
  ads: CatalogAdRow[];
  stores: StoreRow[];
  /** Stores listing the focus product. */
  focusStores: StoreRow[];
  asOf: string;
}

/** The records behind a report; NOT_FOUND when the subject is not (or no longer) in the user's catalog. */
export async function loadReportFacts(db: Database, userId: number, subject: ReportSubject): Promise<ReportFacts> {
  let focus: CatalogProductRow | null = null;
  let nicheId = subject.subjectId;
  if (subject.subjectKind === "product") {
    const row = await findCatalogProduct(db, userId, subject.subjectId);
    if (!row) throw new AppError("NOT_FOUND", `No product ${subject.subjectId} in the catalog.`);
    focus = row.product;
    nicheId = row.product.nicheId;
  }
  const niche = await findNiche(db, userId, nicheId);
  if (!niche) throw new AppError("NOT_FOUND", `No niche ${nicheId} in the catalog.`);
  const [products, stores, asOf, focusListings] = await Promise.all([
    productsOfNiche(db, userId, niche.id),
    storesOfNiche(db, userId, niche.id),
    readCatalogMeta<string>(db, "as_of"),
    focus ? storesSellingProduct(db, userId, focus.id) : Promise.resolve([]),
  ]);
  if (subject.subjectKind === "niche" && products.length === 0) throw new AppError("NOT_FOUND", `The niche ${niche.id} holds no products to analyse.`);
  const ads = await adsOfProducts(db, products.map((p) => p.id));
  return { kind: subject.subjectKind, niche, products, focus, ads, stores, focusStores: focusListings.map((l) => l.store), asOf: asOf?.value ?? CATALOG_AS_OF };
}

// --- Writing -----------------------------------------------------------------------------------

/** Record text as plain Markdown text: nothing in it can become markup, a link or a table cell break. */
export function mdText(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/[\\`*_{}[\]()<>#+!|~]/g, (c) => `\\${c}`);
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
const last4 = (p: CatalogProductRow) => sum(p.weeklyOrders.slice(-4));
const prev4 = (p: CatalogProductRow) => sum(p.weeklyOrders.slice(-8, -4));
const pctOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const changePct = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 100));
const netCents = (p: CatalogProductRow) => (p.costCents === null || p.shippingCostCents === null ? null : p.priceCents - p.costCents - p.shippingCostCents);
const tenths = (v: number) => (Math.round(v) / 10).toFixed(1);

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

function table(head: readonly string[], rows: readonly (readonly string[])[], align?: readonly ("l" | "r")[]): string[] {
  const rule = head.map((_, i) => (align?.[i] === "r" ? "---:" : "---"));
  return [`| ${head.join(" | ")} |`, `| ${rule.join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
}

/** The catalog product the analyst's money rules read, when the record holds every figure they need. */
function analystProduct(p: CatalogProductRow): Product | null {
  if (p.costCents === null || p.shippingCostCents === null || p.marginCents === null || p.marginPct === null) return null;
  if (p.monthlyOrders === null || p.trendPct === null || p.competition === null) return null;
  return {
    id: p.id,
    name: p.name,
    productType: p.productType,
    nicheId: p.nicheId,
    costCents: p.costCents,
    shippingCostCents: p.shippingCostCents,
    priceCents: p.priceCents,
    marginCents: p.marginCents,
    marginPct: p.marginPct,
    monthlyOrders: p.monthlyOrders,
    trendPct: p.trendPct,
    adCount: p.adCount,
    competition: p.competition as Competition,
    rating: (p.rating ?? 0) / 10,
    shippingDays: p.shippingDays ?? 0,
    launchMonth: p.launchMonth ?? "",
    weeklyOrders: p.weeklyOrders,
    weeklyPriceCents: p.weeklyPriceCents,
    weeklyActiveAds: p.weeklyActiveAds,
  };
}

interface ScoreReasons {
  score: number;
  components: { label: string; points: number | null; contribution: number; explanation: string }[];
}

/** Writes one report; `cite` collects every record id a figure names. */
class Writer {
  readonly cited = new Set<string>();
  readonly f: ReportFacts;
  readonly byId: Map<string, CatalogProductRow>;
  constructor(facts: ReportFacts) {
    this.f = facts;
    this.byId = new Map(facts.products.map((p) => [p.id, p]));
  }

  /** A record id, cited. */
  id(id: string): string {
    this.cited.add(id);
    return id;
  }
  get nicheRef(): string {
    return `niche ${this.id(this.f.niche.id)}`;
  }
  productName(p: CatalogProductRow): string {
    return `${mdText(p.name)} (${this.id(p.id)})`;
  }
  get subjectName(): string {
    return this.f.focus ? this.productName(this.f.focus) : `${mdText(this.f.niche.name)} (${this.nicheRef})`;
  }

  demand(): string[] {
    const { products, focus } = this.f;
    const lines: string[] = [];
    const totalNow = sum(products.map(last4));
    const totalBefore = sum(products.map(prev4));
    const change = changePct(totalNow, totalBefore);
    lines.push(
      `- **Products:** the niche holds ${formatCountOf(products.length, "product")} in your catalog (${this.nicheRef}).`,
      `- **Orders, last 4 weeks:** ${formatCount(totalNow)}, the sum of the weekly orders of its ${formatCountOf(products.length, "product")} (${this.nicheRef}).`,
      `- **Orders, the 4 weeks before:** ${formatCount(totalBefore)}.` +
        (change === null ? "" : ` Change: (${formatCount(totalNow)} − ${formatCount(totalBefore)}) ÷ ${formatCount(totalBefore)} = ${formatChange(change)}.`),
    );
    const rising = products.filter((p) => (p.trendPct ?? 0) >= RISING_PCT).length;
    const falling = products.filter((p) => (p.trendPct ?? 0) <= FALLING_PCT).length;
    lines.push(`- **Rising** (orders up a tenth or more on the 4 weeks before): ${formatCount(rising)} of ${formatCount(products.length)}; **falling** (down a tenth or more): ${formatCount(falling)}.`);
    lines.push("", `Weekly orders, last 8 weeks${focus ? ` (${this.id(focus.id)} and the whole niche)` : ""}:`, "");
    const weeks = Array.from({ length: 8 }, (_, i) => HISTORY_WEEKS - 8 + i);
    const nicheWeek = (w: number) => sum(products.map((p) => p.weeklyOrders[p.weeklyOrders.length - (HISTORY_WEEKS - w)] ?? 0));
    const focusWeek = (w: number) => (focus ? (focus.weeklyOrders[focus.weeklyOrders.length - (HISTORY_WEEKS - w)] ?? null) : null);
    lines.push(
      ...table(
        focus ? ["Week of", focus.id, "Niche"] : ["Week of", "Orders"],
        weeks.map((w) => {
          const own = focusWeek(w);
          return focus ? [weekOf(w), own === null ? "not in the record" : formatCount(own), formatCount(nicheWeek(w))] : [weekOf(w), formatCount(nicheWeek(w))];
        }),
        ["l", "r", "r"],
      ),
    );
    if (focus) {
      const own = last4(focus);
      const ownBefore = prev4(focus);
      const ownChange = changePct(own, ownBefore);
      const rank = products.findIndex((p) => p.id === focus.id) + 1;
      lines.push(
        "",
        `- **${this.productName(focus)}:** ${formatCount(own)} orders in the last 4 weeks, ${formatCount(ownBefore)} in the 4 before` +
          (ownChange === null ? "." : `: (${formatCount(own)} − ${formatCount(ownBefore)}) ÷ ${formatCount(ownBefore)} = ${formatChange(ownChange)}.`),
        `- **Share of the niche's orders:** ${formatCount(own)} ÷ ${formatCount(totalNow)} = ${formatPercent(pctOf(own, totalNow))}.`,
      );
      if (focus.score !== null) lines.push(`- **Winning score:** ${focus.score} of 100, number ${formatCount(rank)} of the niche's ${formatCountOf(products.length, "product")} by score.`);
      const reasons = focus.scoreReasons as ScoreReasons | null;
      if (reasons?.components?.length) {
        lines.push(
          "",
          `Why ${this.id(focus.id)} scores ${reasons.score}:`,
          "",
          ...table(
            ["Component", "Points", "Adds", "Reason"],
            reasons.components.map((c) => [mdText(c.label), c.points === null ? "not in the record" : String(c.points), String(c.contribution), mdText(c.explanation)]),
            ["l", "r", "r", "l"],
          ),
        );
      }
    }
    lines.push("", "Best products of the niche by winning score:", "");
    lines.push(
      ...table(
        ["Record", "Product", "Score", "Price", "Orders, last 4 weeks", "Change"],
        products.slice(0, 8).map((p) => [
          this.id(p.id),
          mdText(p.name),
          p.score === null ? "not scored" : String(p.score),
          formatCents(p.priceCents),
          formatCount(last4(p)),
          p.trendPct === null ? "not in the record" : formatChange(p.trendPct),
        ]),
        ["l", "l", "r", "r", "r", "r"],
      ),
    );
    return lines;
  }

  competition(): string[] {
    const { products, stores, focus, focusStores } = this.f;
    const lines: string[] = [];
    const levels = ["low", "medium", "high", "saturated"] as const;
    lines.push("Competition level of the niche's products (the catalog's level, from each product's active ads):", "");
    lines.push(
      ...table(
        ["Level", "Products", "Share"],
        levels.map((level) => {
          const n = products.filter((p) => p.competition === level).length;
          return [level, formatCount(n), `${formatCount(n)} ÷ ${formatCount(products.length)} = ${formatPercent(pctOf(n, products.length))}`];
        }),
        ["l", "r", "r"],
      ),
    );
    const ads = sum(products.map((p) => p.adCount));
    lines.push("", `- **Active ads across the niche:** ${formatCount(ads)} (${this.nicheRef}).`);
    lines.push(`- **Stores in the niche:** ${formatCount(stores.length)}${stores.length ? ` (${this.nicheRef})` : ""}.`);
    if (focus) {
      const same = products.filter((p) => p.competition === focus.competition).length;
      lines.push(
        `- **${this.productName(focus)}:** competition ${focus.competition ?? "not in the record"}, ${formatCountOf(focus.adCount, "active ad")}` +
          (focus.competition ? `; ${formatCount(same)} of the niche's ${formatCountOf(products.length, "product")} share that level.` : "."),
        `- **Stores listing it:** ${formatCount(focusStores.length)}.`,
      );
    }
    const shown = (focus ? focusStores : stores).slice(0, 6);
    if (shown.length) {
      lines.push("", focus ? "Stores listing the product, biggest first:" : "Biggest stores of the niche:", "");
      lines.push(
        ...table(
          ["Record", "Store", "Platform", "Est. monthly revenue", "Products"],
          shown.map((s) => [
            this.id(s.id),
            mdText(s.name),
            mdText(s.platform),
            s.estMonthlyRevenueUsd === null ? "not in the record" : formatDollars(s.estMonthlyRevenueUsd),
            formatCount(s.productCount),
          ]),
          ["l", "l", "l", "r", "r"],
        ),
      );
    }
    return lines;
  }

  pricing(): string[] {
    const { products, focus } = this.f;
    const lines: string[] = [];
    const byPrice = [...products].sort((a, b) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1));
    const cheapest = byPrice[0];
    const dearest = byPrice[byPrice.length - 1];
    lines.push(
      `- **Prices:** from ${formatCents(cheapest.priceCents)} (${this.id(cheapest.id)}) to ${formatCents(dearest.priceCents)} (${this.id(dearest.id)}); the median of the ${formatCountOf(products.length, "price")} is ${formatCents(median(products.map((p) => p.priceCents)))} (${this.nicheRef}).`,
    );
    const bands = [
      { label: "Under $20", from: 0, to: 2000 },
      { label: "$20 to $39.99", from: 2000, to: 4000 },
      { label: "$40 to $59.99", from: 4000, to: 6000 },
      { label: "$60 to $99.99", from: 6000, to: 10000 },
      { label: "$100 and up", from: 10000, to: Infinity },
    ];
    lines.push("", "Price bands (margin after cost and shipping = price − supplier cost − shipping, as a share of the price):", "");
    lines.push(
      ...table(
        ["Band", "Products", "Median margin after cost and shipping", "Best scored"],
        bands
          .map((b) => ({ b, items: products.filter((p) => p.priceCents >= b.from && p.priceCents < b.to) }))
          .filter(({ items }) => items.length > 0)
          .map(({ b, items }) => {
            const nets = items.flatMap((p) => {
              const n = netCents(p);
              return n === null ? [] : [pctOf(n, p.priceCents)];
            });
            return [b.label, formatCount(items.length), nets.length ? formatPercent(median(nets)) : "not in the records", this.id(items[0].id)];
          }),
        ["l", "r", "r", "l"],
      ),
    );
    const rows = (focus ? [focus, ...products.filter((p) => p.id !== focus.id).slice(0, 4)] : products.slice(0, 6)).filter((p) => netCents(p) !== null);
    if (rows.length) {
      lines.push("", focus ? "The product and the niche's best scored, per sale:" : "The best scored products, per sale:", "");
      lines.push(
        ...table(
          ["Record", "Price", "Supplier cost", "Shipping", "Left per sale", "Share of price"],
          rows.map((p) => {
            const net = netCents(p)!;
            return [
              this.id(p.id),
              formatCents(p.priceCents),
              formatCents(p.costCents!),
              formatCents(p.shippingCostCents!),
              `${formatCents(p.priceCents)} − ${formatCents(p.costCents!)} − ${formatCents(p.shippingCostCents!)} = ${formatCents(net)}`,
              formatPercent(pctOf(net, p.priceCents)),
            ];
          }),
          ["l", "r", "r", "r", "r", "r"],
        ),
      );
    }
    if (focus) {
      const first = focus.weeklyPriceCents[Math.max(0, focus.weeklyPriceCents.length - 8)];
      if (first !== undefined && first !== focus.priceCents) lines.push("", `- **Price history:** ${formatCents(first)} eight weeks ago, ${formatCents(focus.priceCents)} now (${this.id(focus.id)}).`);
      else lines.push("", `- **Price history:** unchanged at ${formatCents(focus.priceCents)} over the last 8 weeks (${this.id(focus.id)}).`);
      if (focus.compareAtPriceCents !== null) lines.push(`- **Compare-at price:** ${formatCents(focus.compareAtPriceCents)} (${this.id(focus.id)}).`);
      if (netCents(focus) === null) lines.push(`- ${this.id(focus.id)} holds no supplier cost or shipping cost, so its margin cannot be worked out.`);
    }
    return lines;
  }

  audience(): string[] {
    const { niche, products } = this.f;
    const lines: string[] = [`_The catalog's description of this niche (${this.nicheRef}), not research on real customers:_`, ""];
    const sentence = (text: string) => (text.trim() ? `${mdText(text)}${/[.!?]$/.test(text.trim()) ? "" : "."}` : "the record holds no description.");
    lines.push(`- **Who buys:** ${sentence(niche.audience)}`);
    lines.push(`- **The problem they have:** ${sentence(niche.pain)}`);
    if (niche.keywords.length) lines.push(`- **Words they search:** ${niche.keywords.map(mdText).join(", ")}.`);
    if (niche.productTypes.length) lines.push(`- **What the niche sells:** ${niche.productTypes.map(mdText).join(", ")}.`);
    const platforms = new Map<string, number>();
    for (const p of products) if (p.mainPlatform) platforms.set(p.mainPlatform, (platforms.get(p.mainPlatform) ?? 0) + 1);
    const mix = [...platforms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (mix.length)
      lines.push(
        `- **Where its ads run most:** ${mix.map(([name, n]) => `${mdText(name)} for ${formatCountOf(n, "product")}`).join(", ")} (each product's main ad platform, ${this.nicheRef}).`,
      );
    return lines;
  }

  adAngles(): string[] {
    const { focus } = this.f;
    const ads = focus ? this.f.ads.filter((a) => a.productId === focus.id) : this.f.ads;
    const lines: string[] = [];
    // The product's active ads are its record's figure; the niche's record holds only the ads seen.
    if (focus) lines.push(`${this.productName(focus)} has ${formatCountOf(ads.length, "ad")} in the catalog, ${formatCount(focus.adCount)} of them active; the niche has ${formatCountOf(this.f.ads.length, "ad")} (${this.nicheRef}).`, "");
    else lines.push(`The niche's products have ${formatCountOf(ads.length, "ad")} in the catalog (${this.nicheRef}).`, "");
    if (ads.length === 0) {
      lines.push("No ads of the catalog to learn from: test the angles of the niche's best products first.");
      return lines;
    }
    const group = (key: (a: CatalogAdRow) => string) => {
      const m = new Map<string, CatalogAdRow[]>();
      for (const a of ads) m.set(key(a), [...(m.get(key(a)) ?? []), a]);
      return [...m].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
    };
    const avgEng = (items: CatalogAdRow[]) => tenths(sum(items.map((a) => a.engagementRatePct)) / items.length);
    lines.push("By platform:", "");
    lines.push(
      ...table(
        ["Platform", "Ads", "Share", "Average engagement"],
        group((a) => a.platform).map(([name, items]) => [mdText(name), formatCount(items.length), formatPercent(pctOf(items.length, ads.length)), `${avgEng(items)}%`]),
        ["l", "r", "r", "r"],
      ),
    );
    lines.push("", "By angle:", "");
    lines.push(
      ...table(
        ["Angle", "Ads", "Average engagement", "Best ad"],
        group((a) => a.angle).map(([name, items]) => [mdText(name), formatCount(items.length), `${avgEng(items)}%`, this.id(items[0].id)]),
        ["l", "r", "r", "l"],
      ),
    );
    lines.push("", "Top hooks by engagement:", "");
    lines.push(
      ...table(
        ["Record", "Platform", "Angle", "Hook", "Engagement", "Views", "Product"],
        ads.slice(0, 6).map((a) => [this.id(a.id), mdText(a.platform), mdText(a.angle), `“${mdText(a.hook)}”`, `${tenths(a.engagementRatePct)}%`, formatCount(a.views), this.id(a.productId)]),
        ["l", "l", "l", "l", "r", "r", "l"],
      ),
    );
    const formats = group((a) => a.format);
    lines.push("", `- **Formats:** ${formats.map(([name, items]) => `${mdText(name)} ${formatCount(items.length)}`).join(", ")}.`);
    return lines;
  }

  risks(): string[] {
    const { products, focus } = this.f;
    const lines: string[] = [];
    const list = (items: CatalogProductRow[]) => (items.length ? `: ${items.slice(0, 5).map((p) => this.id(p.id)).join(", ")}${items.length > 5 ? ` and ${formatCount(items.length - 5)} more` : ""}` : "");
    const saturated = products.filter((p) => p.competition === "saturated");
    const falling = [...products.filter((p) => (p.trendPct ?? 0) <= FALLING_PCT)].sort((a, b) => (a.trendPct ?? 0) - (b.trendPct ?? 0));
    const slow = [...products.filter((p) => (p.shippingDays ?? 0) > LONG_SHIPPING_DAYS)].sort((a, b) => (b.shippingDays ?? 0) - (a.shippingDays ?? 0));
    const thin = products.filter((p) => {
      const n = netCents(p);
      return n !== null && n * 4 < p.priceCents;
    });
    const n = products.length;
    lines.push(
      `- **Saturated:** ${formatCount(saturated.length)} of ${formatCount(n)} products, ${formatCount(saturated.length)} ÷ ${formatCount(n)} = ${formatPercent(pctOf(saturated.length, n))}${list(saturated)}.`,
      `- **Falling** (orders down a tenth or more on the 4 weeks before): ${formatCount(falling.length)} of ${formatCount(n)}${list(falling)}${falling.length ? ` (worst: ${this.id(falling[0].id)} at ${formatChange(falling[0].trendPct ?? 0)})` : ""}.`,
      `- **Long shipping** (more than two weeks): ${formatCount(slow.length)} of ${formatCount(n)}${list(slow)}${slow.length ? ` (longest: ${this.id(slow[0].id)} at ${formatCountOf(slow[0].shippingDays ?? 0, "day")})` : ""}.`,
      `- **Thin margins** (under a quarter of the price left after cost and shipping): ${formatCount(thin.length)} of ${formatCount(n)}${list(thin)}.`,
    );
    const missing = products.filter((p) => netCents(p) === null);
    if (missing.length) lines.push(`- **Incomplete records:** ${formatCount(missing.length)} of your imported products hold no supplier or shipping cost, so their margins are unknown${list(missing)}.`);
    if (focus) {
      const flags: string[] = [];
      if (focus.competition === "saturated") flags.push("saturated competition");
      if ((focus.trendPct ?? 0) <= FALLING_PCT) flags.push(`orders ${formatChange(focus.trendPct ?? 0)} on the 4 weeks before`);
      if ((focus.shippingDays ?? 0) > LONG_SHIPPING_DAYS) flags.push(`${formatCountOf(focus.shippingDays ?? 0, "day")} shipping`);
      const net = netCents(focus);
      if (net !== null && net * 4 < focus.priceCents) flags.push(`${formatCents(net)} left per sale on ${formatCents(focus.priceCents)}`);
      lines.push("", `**${this.productName(focus)}:** ${flags.length ? flags.join("; ") : "none of these risks"}.`);
      const ap = analystProduct(focus);
      if (ap) lines.push("", `**Verdict: ${verdictFor(ap)}** (${this.id(focus.id)}).`, "", `_The rule: ${VERDICT_RULE}_`);
    }
    return lines;
  }

  /** The product the plan launches: the focus, or the niche's best scored one that can pay for ads and is not saturated or falling. */
  planProduct(): CatalogProductRow | null {
    if (this.f.focus) return this.f.focus;
    const payable = this.f.products.filter((p) => (netCents(p) ?? 0) > 0);
    return payable.find((p) => p.competition !== "saturated" && (p.trendPct ?? 0) > FALLING_PCT) ?? payable[0] ?? null;
  }

  launchPlan(): string[] {
    const p = this.planProduct();
    const lines: string[] = [];
    if (!p) return ["No product of the niche leaves money for ads after cost and shipping: there is nothing to launch at these prices."];
    const ap = analystProduct(p);
    if (!this.f.focus)
      lines.push(`**The product:** ${this.productName(p)}, the best scored product of the niche that leaves money for ads after cost and shipping and is neither saturated nor falling.`, "");
    if (!ap) return [...lines, `${this.id(p.id)} holds no supplier or shipping cost, so no ad budget can be worked out. Add them to the record first.`];
    const e = unitEconomics(ap);
    lines.push("### The arithmetic", "");
    lines.push(
      `- **Margin per sale:** ${formatCents(e.priceCents)} − ${formatCents(e.costCents)} = ${formatCents(e.marginCents)} (${this.id(p.id)}).`,
      `- **Break-even CPA** (the most one sale may cost in ads): ${formatCents(e.marginCents)} − ${formatCents(e.shippingCents)} shipping = ${formatCents(e.breakEvenCpaCents)}.`,
    );
    if (e.breakEvenCpaCents <= 0) {
      lines.push("", `Shipping takes the whole margin: every sale an ad brings loses money. Raise the price or find a cheaper supplier before launching ${this.id(p.id)}.`);
      return lines;
    }
    const targetCpa = Math.round(e.breakEvenCpaCents / 2);
    const daily = TEST_BUDGET_MULTIPLE * e.breakEvenCpaCents;
    const productAds = this.f.ads.filter((a) => a.productId === p.id);
    const pool = productAds.length ? productAds : this.f.ads;
    const angles: CatalogAdRow[] = [];
    for (const a of pool) if (!angles.some((x) => x.angle === a.angle)) angles.push(a);
    const adSets = Math.max(1, Math.min(3, angles.length));
    const weekly = daily * adSets * 7;
    const platform = p.mainPlatform ?? angles[0]?.platform ?? null;
    lines.push(
      `- **Target CPA** (keep half the margin as profit): ${formatCents(e.breakEvenCpaCents)} ÷ 2 = ${formatCents(targetCpa)}.`,
      `- **Break-even ROAS:** ${formatCents(e.priceCents)} ÷ ${formatCents(e.breakEvenCpaCents)} = ${(e.priceCents / e.breakEvenCpaCents).toFixed(2)}; **target ROAS:** ${formatCents(e.priceCents)} ÷ ${formatCents(targetCpa)} = ${(e.priceCents / targetCpa).toFixed(2)}.`,
      `- **Daily test budget per ad set:** ${TEST_BUDGET_MULTIPLE} × ${formatCents(e.breakEvenCpaCents)} = ${formatCents(daily)}, enough for a few sales a day at break-even.`,
      `- **Week 1 spend:** ${formatCents(daily)} × ${formatCountOf(adSets, "ad set")} × 7 days = ${formatCents(weekly)}.`,
      `- **At most over 30 days** (every ad set running every day): ${formatCents(daily)} × ${adSets} × 30 = ${formatCents(daily * adSets * 30)}.`,
      "",
    );
    const angleText = angles
      .slice(0, adSets)
      .map((a) => `${mdText(a.angle)} (${this.id(a.id)}: “${mdText(a.hook)}”)`)
      .join("; ");
    const more = angles.slice(adSets, adSets + 2);
    lines.push(
      "### Week by week",
      "",
      `1. **Days 1–7, launch:** list ${this.id(p.id)} at ${formatCents(p.priceCents)}. Run ${formatCountOf(adSets, "ad set")}${platform ? ` on ${mdText(platform)}` : ""}, one per angle: ${angleText || "the niche's best angles"}. Spend ${formatCents(daily)} per ad set per day (${formatCents(weekly)} in the week).`,
      `2. **Days 8–14, cut:** stop any ad set that spent ${formatCents(daily)} without a sale, and any whose cost per sale stays above the ${formatCents(e.breakEvenCpaCents)} break-even CPA.`,
      `3. **Days 15–21, shift:** move the stopped ad sets' budget to those under the ${formatCents(targetCpa)} target CPA${more.length ? `; try the next angles: ${more.map((a) => `${mdText(a.angle)} (${this.id(a.id)})`).join(", ")}` : ""}.`,
      `4. **Days 22–30, decide:** keep scaling what holds a ROAS above ${(e.priceCents / targetCpa).toFixed(2)}; stop the product if no ad set gets a sale under ${formatCents(e.breakEvenCpaCents)}.`,
      "",
      "_Payment fees and returns come out of the same margin: check your processor's fee and lower the target CPA to match._",
    );
    return lines;
  }

  section(key: ReportSection): string[] {
    switch (key) {
      case "demand":
        return this.demand();
      case "competition":
        return this.competition();
      case "pricing":
        return this.pricing();
      case "audience":
        return this.audience();
      case "ads":
        return this.adAngles();
      case "risks":
        return this.risks();
      case "plan":
        return this.launchPlan();
    }
  }

  header(): string[] {
    const { products, focus, asOf, niche } = this.f;
    const sample = products.every((p) => p.source === "sample") && niche.ownerUserId === null;
    const label = sample ? `Sample catalog data, as of ${asOf}` : `Sample catalog data and your imports, as of ${asOf}`;
    return [
      `# Deep market analysis: ${focus ? mdText(focus.name) : mdText(niche.name)}`,
      "",
      `_${label}. Written from the catalog's records only: every figure names the record it comes from (products P-…, ads A-…, stores S-…, the niche by its id), and arithmetic is shown on record values._`,
      "",
      `**Subject:** ${focus ? `the product ${this.subjectName}, in the niche ${mdText(niche.name)} (${this.nicheRef})` : `the niche ${this.subjectName}`}.`,
    ];
  }

  footer(): string[] {
    return ["## Records cited", "", [...this.cited].join(", ")];
  }
}

/** The whole report at once (what the job writes section by section). */
export function composeReport(facts: ReportFacts): { markdown: string; cited: string[] } {
  const w = new Writer(facts);
  const parts = [w.header()];
  for (const s of REPORT_STEPS) parts.push(["", `## ${s.heading}`, "", ...w.section(s.key)]);
  parts.push(["", ...w.footer()]);
  return { markdown: parts.flat().join("\n") + "\n", cited: [...w.cited] };
}

// --- The job -----------------------------------------------------------------------------------

export function toMarketReport(row: MarketReportRow, now = Date.now()): MarketReport {
  const stale = row.status === "running" && now - Date.parse(row.createdAt) > STALE_AFTER_MS;
  return {
    id: row.id,
    subjectKind: row.subjectKind,
    subjectId: row.subjectId,
    title: row.title,
    status: stale ? "failed" : row.status,
    progress: row.progress,
    step: stale ? "Stopped" : row.step,
    markdown: row.markdown,
    cited: row.cited,
    error: stale ? "The job stopped before finishing. Start a new report; this one was not counted." : row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

function titleOf(facts: ReportFacts): string {
  return facts.focus ? `Product: ${facts.focus.name} (${facts.focus.id})` : `Niche: ${facts.niche.name}`;
}

/**
 * Runs a report's steps: the records are read again when the job starts (the subject may be gone
 * by then), then each step moves the progress and writes its section; the usage is committed when the report is saved, refunded when anything fails (or the
 * owner deleted the report meanwhile).
 */
export async function runReport(deps: ReportDeps, userId: number, reportId: string, subject: ReportSubject, reservation: UsageReservation): Promise<void> {
  const { db } = deps;
  const now = () => (deps.now ? deps.now() : new Date()).toISOString();
  try {
    const parts: string[][] = [];
    let writer: Writer | null = null;
    for (const s of REPORT_STEPS) {
      if (!(await updateRunningReport(db, userId, reportId, { progress: s.progress, step: s.step }))) {
        await reservation.refund();
        return;
      }
      if (!writer) {
        writer = new Writer(await loadReportFacts(db, userId, subject));
        parts.push(writer.header());
      }
      parts.push(["", `## ${s.heading}`, "", ...writer.section(s.key)]);
    }
    parts.push(["", ...writer!.footer()]);
    const saved = await updateRunningReport(db, userId, reportId, {
      status: "done",
      progress: 100,
      step: "Done",
      markdown: parts.flat().join("\n") + "\n",
      cited: [...writer!.cited],
      finishedAt: now(),
    });
    if (saved) await reservation.commit();
    else await reservation.refund();
  } catch (err) {
    await reservation.refund().catch(() => undefined);
    const error = toAppError(err);
    const message = error.type === "INTERNAL" ? "The report could not be written. Try again; this one was not counted." : `${error.message} This report was not counted.`;
    await updateRunningReport(db, userId, reportId, { status: "failed", step: "Failed", error: message, finishedAt: now() }).catch(() => undefined);
  }
}

/**
 * Starts a report: the plan must include deep market analysis (403 FORBIDDEN otherwise), the
 * subject must exist (404), one `aiAdvisor` is reserved (429 USAGE_LIMIT when used up) before the
 * row is created; the generation then runs in the background through `deps.defer`.
 */
export async function startReport(deps: ReportDeps, userId: number, subject: ReportSubject): Promise<MarketReport> {
  const { db } = deps;
  const plan = await planFor(db, userId);
  if (!plan.features.hasDeepMarketAnalysis) {
    throw new AppError("FORBIDDEN", "Deep market analysis is part of the Growth and Elite plans. Upgrade to generate reports.", {
      details: { feature: "hasDeepMarketAnalysis", plan: plan.id, upgrade: true },
    });
  }
  const facts = await loadReportFacts(db, userId, subject);
  const reservation = await reserveUsage(deps.env, userId, "aiAdvisor", 1, db);
  let row: MarketReportRow;
  try {
    row = await insertMarketReport(db, {
      id: crypto.randomUUID(),
      userId,
      subjectKind: subject.subjectKind,
      subjectId: facts.focus?.id ?? facts.niche.id,
      title: titleOf(facts),
      status: "running",
      progress: 0,
      step: "Queued",
    });
  } catch (err) {
    await reservation.refund();
    throw err;
  }
  deps.defer(runReport(deps, userId, row.id, { subjectKind: subject.subjectKind, subjectId: row.subjectId }, reservation));
  return toMarketReport(row);
}

export async function listReports(db: Database, userId: number): Promise<Omit<MarketReport, "markdown">[]> {
  const rows = await listMarketReports(db, userId);
  return rows.map((r) => {
    const { markdown: _markdown, ...rest } = toMarketReport({ ...r, userId, markdown: null });
    return rest;
  });
}

export async function getReport(db: Database, userId: number, id: string): Promise<MarketReport> {
  const row = await findMarketReport(db, userId, id);
  if (!row) throw new AppError("NOT_FOUND", "No such report.");
  return toMarketReport(row);
}

export async function removeReport(db: Database, userId: number, id: string): Promise<void> {
  if (!(await deleteMarketReport(db, userId, id))) throw new AppError("NOT_FOUND", "No such report.");
}

/** A finished report's Markdown, or CONFLICT while it runs or after it failed. */
export async function finishedReport(db: Database, userId: number, id: string): Promise<MarketReport & { markdown: string }> {
  const report = await getReport(db, userId, id);
  if (report.status !== "done" || report.markdown === null) {
    throw new AppError("CONFLICT", report.status === "running" ? "The report is still being written." : "This report failed; there is nothing to download.");
  }
  return { ...report, markdown: report.markdown };
}

/** A file name from the report's title: letters, digits and dashes. */
export function reportFileName(report: Pick<MarketReport, "title" | "createdAt">, ext: "md" | "html"): string {
  const slug = report.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "report";
  return `dropcraft-${slug}-${report.createdAt.slice(0, 10)}.${ext}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const PRINT_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 2rem 1.25rem; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; background: #fff; }
h1 { font-size: 1.7rem; line-height: 1.25; margin: 0 0 .75rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .6rem; padding-bottom: .25rem; border-bottom: 1px solid #e5e7eb; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
p, ul, ol { margin: .5rem 0; }
li { margin: .2rem 0; }
em { color: #4b5563; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: .6rem 0 1rem; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #d1d5db; padding: .35rem .5rem; vertical-align: top; text-align: left; }
th { background: #f3f4f6; }
footer { margin-top: 2.5rem; font-size: 12px; color: #6b7280; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  h2 { break-after: avoid; }
  table, tr, li { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`;

/**
 * A finished report as one printable HTML page: the Markdown rendered with raw HTML turned off
 * (record text is escaped twice over: by mdText when written and by the renderer), print CSS,
 * and a CSP that lets no script run even if the file is opened from the app's origin.
 */
export function reportHtml(report: Pick<MarketReport, "title" | "createdAt" | "id"> & { markdown: string }): string {
  const body = compileMarkdown(report.markdown, { disableParsingRawHTML: true, disableAutoLink: true });
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(report.title)} · Dropcraft</title>`,
    `<style>${PRINT_CSS}</style>`,
    "</head>",
    "<body>",
    "<main>",
    body,
    "</main>",
    `<footer>Dropcraft deep market analysis · report ${escapeHtml(report.id)} · written ${escapeHtml(report.createdAt.slice(0, 10))}</footer>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

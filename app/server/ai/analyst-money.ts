/**
 * The built-in analyst's money answers for one product: the ad budget arithmetic (break-even CPA,
 * break-even and target ROAS, a daily test budget) and the sell / test carefully / avoid verdict.
 * Every figure is the product's own or arithmetic shown on it, written as "a op b = c" so the
 * grounding check (grounding.ts) can verify it.
 */
import type { Product } from "~/server/market/catalog";
import { formatCents, formatChange, formatCount, formatCountOf, formatPercent } from "~/server/market/format";

/** What one sale leaves before ads: price, minus supplier cost, minus shipping. */
export interface UnitEconomics {
  priceCents: number;
  costCents: number;
  shippingCents: number;
  /** Price − cost (the catalog's margin). */
  marginCents: number;
  /** Margin − shipping: the most an ad may cost per sale before the sale loses money. */
  breakEvenCpaCents: number;
  /** Break-even CPA as a share of the price, whole percent. */
  netMarginPct: number;
}

export function unitEconomics(p: Product): UnitEconomics {
  const breakEvenCpaCents = p.marginCents - p.shippingCostCents;
  return {
    priceCents: p.priceCents,
    costCents: p.costCents,
    shippingCents: p.shippingCostCents,
    marginCents: p.marginCents,
    breakEvenCpaCents,
    netMarginPct: Math.round((breakEvenCpaCents / p.priceCents) * 100),
  };
}

const ratio = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** The daily test budget rule: three times the break-even CPA per ad set, so a test can buy a few sales. */
export const TEST_BUDGET_MULTIPLE = 3;

export interface MoneyAnswer {
  lines: string[];
  summary: string;
}

/** Break-even CPA, break-even and target ROAS and a daily test budget, with the arithmetic shown. */
export function budgetLines(p: Product, platform: string | null): MoneyAnswer {
  const e = unitEconomics(p);
  const where = platform ? ` on ${platform}` : "";
  if (e.breakEvenCpaCents <= 0) {
    return {
      lines: [
        "### The arithmetic",
        `- Margin: ${formatCents(e.priceCents)} − ${formatCents(e.costCents)} = ${formatCents(e.marginCents)} per sale.`,
        `- After shipping: ${formatCents(e.marginCents)} − ${formatCents(e.shippingCents)} = ${formatCents(e.breakEvenCpaCents)}.`,
        "",
        `**Don't set an ad budget${where} at this price:** shipping takes the whole margin, so every sale an ad brings loses money. Raise the price or find a cheaper supplier first.`,
      ],
      summary: `${p.name} (${p.id}) leaves nothing for ads at ${formatCents(e.priceCents)}: after the ${formatCents(e.costCents)} supplier cost and ${formatCents(e.shippingCents)} shipping, each sale keeps ${formatCents(e.breakEvenCpaCents)}. Fix the price or the cost before spending on ads.`,
    };
  }
  const breakEvenRoas = e.priceCents / e.breakEvenCpaCents;
  const targetCpaCents = Math.round(e.breakEvenCpaCents / 2);
  const targetRoas = e.priceCents / targetCpaCents;
  const dailyCents = TEST_BUDGET_MULTIPLE * e.breakEvenCpaCents;
  return {
    lines: [
      "### The arithmetic",
      `- **Margin per sale:** price minus supplier cost, ${formatCents(e.priceCents)} − ${formatCents(e.costCents)} = ${formatCents(e.marginCents)}.`,
      `- **Break-even CPA** (the most one sale may cost in ads): margin minus shipping, ${formatCents(e.marginCents)} − ${formatCents(e.shippingCents)} = ${formatCents(e.breakEvenCpaCents)}.`,
      `- **Break-even ROAS:** ${formatCents(e.priceCents)} ÷ ${formatCents(e.breakEvenCpaCents)} = ${ratio(breakEvenRoas)}. Below that, ads lose money.`,
      `- **Target CPA** (keep half the margin as profit): ${formatCents(e.breakEvenCpaCents)} ÷ 2 = ${formatCents(targetCpaCents)}.`,
      `- **Target ROAS:** ${formatCents(e.priceCents)} ÷ ${formatCents(targetCpaCents)} = ${ratio(targetRoas)}.`,
      "",
      `### Daily test budget${where}`,
      `- **${TEST_BUDGET_MULTIPLE} × ${formatCents(e.breakEvenCpaCents)} = ${formatCents(dailyCents)} per ad set per day.** Enough for a few sales a day at break-even, so a test tells you something within days.`,
      `- Cut an ad set that has spent ${formatCents(dailyCents)} without a sale; scale the ones that hold a ROAS above ${ratio(targetRoas)}.`,
      `- Payment fees and returns come out of the same margin: check your processor's fee and lower the target CPA to match.`,
    ],
    summary: `For ${p.name} (${p.id}) at ${formatCents(e.priceCents)}: after the ${formatCents(e.costCents)} supplier cost and ${formatCents(e.shippingCents)} shipping, one sale may cost at most ${formatCents(e.breakEvenCpaCents)} in ads (break-even ROAS ${ratio(breakEvenRoas)}). Aim for ${formatCents(targetCpaCents)} per sale (ROAS ${ratio(targetRoas)}) and test with ${formatCents(dailyCents)} per ad set per day${where}. These are sample-catalog figures.`,
  };
}

export type Verdict = "Sell" | "Test carefully" | "Avoid";

/**
 * The written rule behind a verdict, shown with every verdict. Its thresholds are in words (two
 * fifths, a tenth, a quarter) so that every number in an answer stays a figure of a record.
 */
export const VERDICT_RULE =
  "**Sell** when the margin after shipping is at least two fifths of the price, orders are not falling and competition is low or medium. " +
  "**Avoid** when orders fell by a tenth or more over the last 4 weeks (against the 4 before), competition is saturated, or the margin after shipping is under a quarter of the price. " +
  "Anything in between: **Test carefully**.";

export function verdictFor(p: Product): Verdict {
  const { netMarginPct } = unitEconomics(p);
  // Thresholds as VERDICT_RULE words them: a tenth (10%), a quarter (25%), two fifths (40%).
  if (p.trendPct <= -10 || p.competition === "saturated" || netMarginPct < 25) return "Avoid";
  if (netMarginPct >= 40 && p.trendPct >= 0 && (p.competition === "low" || p.competition === "medium")) return "Sell";
  return "Test carefully";
}

/** The verdict first, then the three numbers behind it and the rule. */
export function verdictLines(p: Product): MoneyAnswer {
  const e = unitEconomics(p);
  const verdict = verdictFor(p);
  return {
    lines: [
      `**Verdict: ${verdict}.**`,
      "",
      "### The three numbers behind it",
      `1. **Margin after shipping:** ${formatCents(e.priceCents)} − ${formatCents(e.costCents)} = ${formatCents(e.marginCents)}, and ${formatCents(e.marginCents)} − ${formatCents(e.shippingCents)} = ${formatCents(e.breakEvenCpaCents)}; ${formatCents(e.breakEvenCpaCents)} ÷ ${formatCents(e.priceCents)} = ${formatPercent(e.netMarginPct)} of the price.`,
      `2. **Demand:** ${formatCount(p.monthlyOrders)} orders in the last 4 weeks, ${formatChange(p.trendPct)} on the 4 weeks before.`,
      `3. **Competition:** ${p.competition}, with ${formatCountOf(p.adCount, "active ad")}.`,
      "",
      `_The rule: ${VERDICT_RULE}_`,
    ],
    summary: `Verdict on ${p.name} (${p.id}): ${verdict}. It keeps ${formatCents(e.breakEvenCpaCents)} per sale after cost and shipping (${formatCents(e.breakEvenCpaCents)} ÷ ${formatCents(e.priceCents)} = ${formatPercent(e.netMarginPct)} of the price), orders changed ${formatChange(p.trendPct)} over the last 4 weeks (against the 4 before), and competition is ${p.competition} (${formatCountOf(p.adCount, "active ad")}). Sample-catalog figures.`,
  };
}

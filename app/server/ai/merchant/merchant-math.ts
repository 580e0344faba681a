/**
 * A merchant's unit economics from the figures they have: landed cost, unit margin and margin %,
 * break-even CPA and ROAS, a price from a cost, and a test plan from a budget. Every result comes
 * with its arithmetic written "a op b = c", the way the answer shows it (and the grounding check
 * reads it). Money is in cents.
 */
import { formatCents } from "~/server/market/format";

/** Where a figure came from: the merchant's own words, or a sample-catalog record (never called "your"). */
export type FigureSource = "yours" | "catalog";

export interface Figure {
  cents: number;
  source: FigureSource;
  /** Where the merchant gave it, when not in the chat ("your file price-sheet.csv"). */
  from?: string;
}

export interface UnitInputs {
  price?: Figure;
  /** The supplier's price for one unit, before shipping. */
  cost?: Figure;
  shipping?: Figure;
  /** Cost with shipping already in it: when the merchant says "landed", shipping is not taken off again. */
  landed?: Figure;
}

export interface Step {
  /** "Landed cost", "Unit margin"… */
  label: string;
  /** "$6.40 + $2.10 = $8.50" */
  arithmetic: string;
  cents?: number;
  ratio?: number;
}

const ratio2 = (value: number) => (Math.round(value * 100) / 100).toFixed(2);
const pct = (part: number, whole: number) => Math.round((part / whole) * 100);

/** Landed cost: the merchant's landed figure as given, else cost plus shipping, else the cost alone (said so). */
export function landedCost(inputs: UnitInputs): { cents: number; step: Step | null; note: string | null } | null {
  if (inputs.landed) return { cents: inputs.landed.cents, step: null, note: null };
  if (!inputs.cost) return null;
  if (!inputs.shipping) return { cents: inputs.cost.cents, step: null, note: "No shipping figure given, so the cost below is the product alone: add shipping if you pay it." };
  const cents = inputs.cost.cents + inputs.shipping.cents;
  return {
    cents,
    step: { label: "Landed cost", arithmetic: `${formatCents(inputs.cost.cents)} + ${formatCents(inputs.shipping.cents)} = ${formatCents(cents)}`, cents },
    note: null,
  };
}

export interface UnitEconomicsResult {
  landedCents: number;
  marginCents: number;
  marginPct: number;
  /** The most one sale may cost in ads before it loses money: the unit margin. Null when there is no margin. */
  breakEvenCpaCents: number | null;
  breakEvenRoas: number | null;
  steps: Step[];
  notes: string[];
}

/** Margin, break-even CPA and ROAS of a price over a landed cost, each step shown. */
export function unitEconomicsOf(priceCents: number, landed: { cents: number; step: Step | null; note: string | null }): UnitEconomicsResult {
  const steps: Step[] = landed.step ? [landed.step] : [];
  const marginCents = priceCents - landed.cents;
  steps.push({ label: "Unit margin", arithmetic: `${formatCents(priceCents)} − ${formatCents(landed.cents)} = ${formatCents(marginCents)}`, cents: marginCents });
  const marginPct = priceCents > 0 ? pct(marginCents, priceCents) : 0;
  steps.push({ label: "Margin", arithmetic: `${formatCents(marginCents)} ÷ ${formatCents(priceCents)} = ${marginPct}%` });
  if (marginCents <= 0) return { landedCents: landed.cents, marginCents, marginPct, breakEvenCpaCents: null, breakEvenRoas: null, steps, notes: landed.note ? [landed.note] : [] };
  const roas = priceCents / marginCents;
  steps.push({ label: "Break-even CPA", arithmetic: `the unit margin, ${formatCents(marginCents)}`, cents: marginCents });
  steps.push({ label: "Break-even ROAS", arithmetic: `${formatCents(priceCents)} ÷ ${formatCents(marginCents)} = ${ratio2(roas)}`, ratio: roas });
  return { landedCents: landed.cents, marginCents, marginPct, breakEvenCpaCents: marginCents, breakEvenRoas: roas, steps, notes: landed.note ? [landed.note] : [] };
}

/** The usual dropshipping markups on landed cost: 2× is the floor that still leaves room for ads, 3× the common target. */
export const PRICE_MULTIPLES = [2, 3] as const;

export interface PriceOption {
  multiple: number;
  rawCents: number;
  priceCents: number;
  economics: UnitEconomicsResult;
  steps: Step[];
}

/** Prices from a landed cost at each usual multiple, with what each leaves. */
export function pricesFromCost(landed: { cents: number; step: Step | null; note: string | null }): PriceOption[] {
  return PRICE_MULTIPLES.map((multiple) => {
    // Exact multiples: a rounded price (.99) is the merchant's choice, and every figure shown stays one the arithmetic gives.
    const rawCents = Math.round(landed.cents * multiple);
    const priceCents = rawCents;
    const economics = unitEconomicsOf(priceCents, { ...landed, step: null });
    return {
      multiple,
      rawCents,
      priceCents,
      economics,
      steps: [{ label: `${multiple}× landed cost`, arithmetic: `${formatCents(landed.cents)} × ${multiple} = ${formatCents(rawCents)}`, cents: rawCents }],
    };
  });
}

/** The daily test budget rule: three times the break-even CPA per ad set, so a test can buy a few sales. */
export const TEST_BUDGET_MULTIPLE = 3;
/** Days a first test runs before a decision. */
export const TEST_DAYS = 5;

export interface TestPlan {
  dailyCents: number;
  days: number;
  totalCents: number;
  steps: Step[];
  /** When a stated budget cannot pay for the plan: what it can pay for instead. */
  fitsBudget: boolean;
  affordableDays: number | null;
}

/** A first ad test: 3 × break-even CPA a day for five days, checked against the merchant's budget when they gave one. */
export function testPlan(breakEvenCpaCents: number, budgetCents: number | null): TestPlan {
  const dailyCents = TEST_BUDGET_MULTIPLE * breakEvenCpaCents;
  const totalCents = dailyCents * TEST_DAYS;
  const steps: Step[] = [
    { label: "Daily test budget", arithmetic: `${TEST_BUDGET_MULTIPLE} × ${formatCents(breakEvenCpaCents)} = ${formatCents(dailyCents)}`, cents: dailyCents },
    { label: "Five-day test", arithmetic: `${formatCents(dailyCents)} × ${TEST_DAYS} = ${formatCents(totalCents)}`, cents: totalCents },
  ];
  if (budgetCents === null) return { dailyCents, days: TEST_DAYS, totalCents, steps, fitsBudget: true, affordableDays: null };
  const fitsBudget = totalCents <= budgetCents;
  const affordableDays = Math.floor(budgetCents / dailyCents);
  if (!fitsBudget) {
    steps.push({ label: "Days your budget pays for", arithmetic: `${formatCents(budgetCents)} ÷ ${formatCents(dailyCents)} = ${(budgetCents / dailyCents).toFixed(1)}` });
  } else {
    steps.push({ label: "Left of your budget", arithmetic: `${formatCents(budgetCents)} − ${formatCents(totalCents)} = ${formatCents(budgetCents - totalCents)}`, cents: budgetCents - totalCents });
  }
  return { dailyCents, days: TEST_DAYS, totalCents, steps, fitsBudget, affordableDays };
}

/** "$9" → 900 cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * The AI Launcher's rules both sides apply: the Graph API version we speak, the placements and
 * the image shapes they take, Meta's copy length guidance, the calls to action we offer, and the
 * budget arithmetic (break-even CPA and ROAS, the suggested test budget). Pure and isomorphic.
 */

/** The Meta Marketing API version every request names (ADR 022). Matches facebook-nodejs-business-sdk 24.x. */
export const META_GRAPH_VERSION = "v24.0";

/**
 * Where an ad shows and the image shape it wants. `presetIds` are the gallery presets
 * (app/domain/images.ts) made in that shape; `ratio` and `tolerance` decide whether any other
 * image (an upload, a product photo) fits.
 */
export const AD_PLACEMENTS = [
  { id: "feed", label: "Feed (1:1)", ratio: 1, tolerance: 0.03, presetIds: ["instagram-post", "product-square"], minWidth: 600 },
  { id: "stories", label: "Stories and Reels (9:16)", ratio: 9 / 16, tolerance: 0.03, presetIds: ["instagram-story", "tiktok"], minWidth: 500 },
  { id: "link", label: "Link (1.91:1)", ratio: 1.91, tolerance: 0.05, presetIds: ["facebook-feed"], minWidth: 600 },
] as const;
export type AdPlacementId = (typeof AD_PLACEMENTS)[number]["id"];
export const AD_PLACEMENT_IDS = AD_PLACEMENTS.map((p) => p.id) as [AdPlacementId, ...AdPlacementId[]];

/** Whether an image of this size suits a placement: its aspect ratio within tolerance and wide enough. */
export function imageFitsPlacement(placement: AdPlacementId, width: number, height: number): boolean {
  const spec = AD_PLACEMENTS.find((p) => p.id === placement);
  if (!spec || width <= 0 || height <= 0) return false;
  const ratio = width / height;
  return Math.abs(ratio - spec.ratio) / spec.ratio <= spec.tolerance && width >= spec.minWidth;
}

/**
 * Meta's length guidance for ad text (Ads Guide: primary text 125, headline 40, description 30
 * characters before the placement truncates) and the hard caps we accept.
 */
export const AD_COPY_LIMITS = {
  primaryText: { recommended: 125, max: 2200, label: "Primary text" },
  headline: { recommended: 40, max: 255, label: "Headline" },
  description: { recommended: 30, max: 255, label: "Description" },
} as const;
export type AdCopyField = keyof typeof AD_COPY_LIMITS;
export const AD_COPY_VARIANTS = 3;

/** Calls to action offered for a sales campaign: values of Meta's CallToActionType enum. */
export const AD_CALLS_TO_ACTION = [
  { value: "SHOP_NOW", label: "Shop now" },
  { value: "BUY_NOW", label: "Buy now" },
  { value: "ORDER_NOW", label: "Order now" },
  { value: "LEARN_MORE", label: "Learn more" },
  { value: "GET_OFFER", label: "Get offer" },
  { value: "SEE_MORE", label: "See more" },
] as const;
export type AdCallToAction = (typeof AD_CALLS_TO_ACTION)[number]["value"];
export const AD_CALL_TO_ACTION_VALUES = AD_CALLS_TO_ACTION.map((c) => c.value) as [AdCallToAction, ...AdCallToAction[]];

export const AD_GENDERS = ["all", "men", "women"] as const;
export type AdGender = (typeof AD_GENDERS)[number];
/** Meta's targeting accepts ages 18 to 65 (65 meaning 65 and over). */
export const AD_AGE_MIN = 18;
export const AD_AGE_MAX = 65;

/** The smallest daily budget we accept, in minor units of the account currency. */
export const AD_DAILY_BUDGET_MIN_CENTS = 100;
export const AD_DAILY_BUDGET_MAX_CENTS = 10_000_00;

/** Where a launch stands. Every object at Meta is made paused; "active" only by the merchant. */
export const LAUNCH_STATES = ["draft", "launching", "failed", "paused", "active", "deleted"] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];

/** The objects one launch makes at Meta, in the order they are made. */
export const LAUNCH_OBJECT_KINDS = ["campaign", "adset", "image", "creative", "ad"] as const;
export type LaunchObjectKind = (typeof LAUNCH_OBJECT_KINDS)[number];

export interface BreakEven {
  /** What one sale leaves after product cost and shipping, in cents: the most a purchase may cost. */
  breakEvenCpaCents: number;
  /** Revenue per ad dollar at which the ads pay for themselves: price / (price - cost - shipping). */
  breakEvenRoas: number;
}

/**
 * Break-even figures from the product's price, cost and shipping (cents, one currency). Null when
 * a figure is missing or a sale loses money before any ad: there is no break-even to show.
 */
export function breakEven(priceCents: number | null, costCents: number | null, shippingCents: number | null): BreakEven | null {
  if (priceCents == null || costCents == null || priceCents <= 0) return null;
  const profit = priceCents - costCents - (shippingCents ?? 0);
  if (profit <= 0) return null;
  return { breakEvenCpaCents: profit, breakEvenRoas: Math.round((priceCents / profit) * 100) / 100 };
}

export interface SuggestedBudget {
  dailyBudgetCents: number;
  days: number;
  /** The arithmetic in words, shown beside the figure. */
  explanation: string;
}

/**
 * A test budget that can buy a few purchases at break-even within a short test: about two
 * break-even CPAs a day for seven days (a common rule for a first test), never below the minimum.
 */
export function suggestedTestBudget(figures: BreakEven | null, currency: string): SuggestedBudget | null {
  if (!figures) return null;
  const days = 7;
  const twice = Math.round(figures.breakEvenCpaCents * 2);
  const daily = Math.max(AD_DAILY_BUDGET_MIN_CENTS, twice);
  const money = (cents: number) => formatMoney(cents, currency);
  // The sum shown must be the one made: under the minimum, say the minimum replaced it.
  const perDay =
    daily === twice
      ? `2 × break-even CPA ${money(figures.breakEvenCpaCents)} = ${money(daily)} a day`
      : `2 × break-even CPA ${money(figures.breakEvenCpaCents)} = ${money(twice)}, under the ${money(AD_DAILY_BUDGET_MIN_CENTS)} daily minimum, so ${money(daily)} a day`;
  return {
    dailyBudgetCents: daily,
    days,
    explanation: `${perDay}; over ${days} days that is ${money(daily * days)}, enough for about ${Math.floor((daily * days) / figures.breakEvenCpaCents)} purchases at break-even.`,
  };
}

function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** What a copy field's length means against Meta's guidance. */
export function copyLengthState(field: AdCopyField, text: string): "ok" | "long" | "over" {
  const limits = AD_COPY_LIMITS[field];
  const length = [...text].length;
  if (length > limits.max) return "over";
  return length > limits.recommended ? "long" : "ok";
}

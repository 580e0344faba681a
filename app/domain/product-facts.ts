/**
 * What Dropcraft states about itself, from records (issue 26): the library's counts and the
 * merchants who use it, read from the database at render time. A sentence whose figure no record
 * backs is written without the figure. Copy modules take their numbers from here, and
 * tests/unit/domain/product-facts.test.ts scans them for any other claim with a number in it.
 */

export interface ProductFacts {
  /** Products in the sample market library (not merchants' imports). */
  products: number;
  ads: number;
  niches: number;
  stores: number;
  /** Accounts that verified their email. */
  merchants: number;
}

/** The catalog refresh runs every 3 hours (wrangler.toml's cron "0 *\/3 * * *"): 8 times a day. A unit test reads the cron. */
export const CATALOG_REFRESHES_PER_DAY = 8;

/** Below this many merchants a count reads as a warning, not as trust: the sentence goes without it. */
export const MERCHANT_COUNT_SHOWN_FROM = 100;

const count = (n: number) => n.toLocaleString("en-US");

/** "1,240 merchants" once the count means something; null while it is small or unknown (say it without a number then). */
export function merchantCount(facts: ProductFacts | null | undefined): string | null {
  return facts && facts.merchants >= MERCHANT_COUNT_SHOWN_FROM ? `${count(facts.merchants)} merchants` : null;
}

/** "Trusted by 1,240 merchants", or "Built for dropshippers and e-commerce sellers": the emphasised part apart, for styling. */
export function merchantsClaim(facts: ProductFacts | null | undefined): { lead: string; figure: string } {
  const merchants = merchantCount(facts);
  return merchants ? { lead: "Trusted by ", figure: merchants } : { lead: "Built for ", figure: "dropshippers and e-commerce sellers" };
}

/** The research library in one sentence, with its real size when it is known. */
export function libraryClaim(facts: ProductFacts | null | undefined): string {
  const refreshed = `refreshed ${CATALOG_REFRESHES_PER_DAY} times a day`;
  return facts && facts.ads > 0
    ? `AI research across ${count(facts.products)} products and ${count(facts.ads)} ads in the sample library, ${refreshed}.`
    : `AI research across a product and ad library ${refreshed}.`;
}

/** The headline numbers of the landing page: each a count from the library, none an outcome we cannot measure. */
export function headlineStats(facts: ProductFacts | null | undefined): { value: string; label: string; detail: string }[] {
  if (!facts || facts.products === 0) return [];
  return [
    { value: count(facts.products), label: "products tracked", detail: "In the sample market library, each with its price, cost, orders and trend." },
    { value: count(facts.ads), label: "ads in the library", detail: "With their hooks, angles, views and how long they ran." },
    { value: count(facts.niches), label: "niches scored", detail: "Demand, competition and margin, side by side." },
    { value: `${CATALOG_REFRESHES_PER_DAY}×`, label: "refreshes a day", detail: "Scores and store snapshots update every 3 hours." },
  ];
}

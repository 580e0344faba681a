/**
 * Nothing invented about the product itself (issue 26): the copy that sells Dropcraft (landing,
 * sign-in and sign-up, the upgrade modal and dock, the pricing page) states no adoption, rating
 * or outcome figure written into the code. Such figures come from app/domain/product-facts.ts
 * (counted in D1 at render time) or the sentence is written without one; sample content is
 * labelled as a sample on the screen itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CATALOG_REFRESHES_PER_DAY,
  headlineStats,
  libraryClaim,
  MERCHANT_COUNT_SHOWN_FROM,
  merchantCount,
  merchantsClaim,
  type ProductFacts,
} from "~/domain/product-facts";

const ROOT = path.join(import.meta.dirname, "../../..");
const COPY_MODULES = [
  ...readdirSync(path.join(ROOT, "app/features/landing")).map((f) => `app/features/landing/${f}`),
  "app/features/auth/auth-layout.tsx",
  "app/features/billing/upgrade-modal.tsx",
  "app/features/billing/upgrade-dock.tsx",
  "app/routes/_index.tsx",
  "app/routes/pricing.tsx",
  "app/root.tsx",
  "app/domain/testimonials.ts",
];

/** A number that claims adoption, a rating or an outcome: "5,000+", "4.8/5", "10x", "95% reduction", "200 million", "40 hours saved". */
const CLAIMS: RegExp[] = [
  /\b\d[\d,.]*[kKmM]?\+/,
  /(?<![-[\w])\d(?:\.\d)?\s*\/\s*5\b/,
  // "×" is not a word character, so the figure's end is "not followed by a letter or digit", not \b.
  /\b\d+(?:\.\d+)?\s*[x×](?![\p{L}\p{N}])/u,
  /\b\d+%\s+(?:reduction|faster|more|less|increase|success|accura|higher|lower|of (?:sellers|users|merchants))/i,
  /\b\d[\d,.]*\s*(?:million|billion|thousand)\b/i,
  /\b\d+\s+(?:hours?|minutes?)\s+saved\b/i,
  /\b\d[\d,.]*\s+(?:sellers|dropshippers|merchants|entrepreneurs|customers|users|brands|stores)\s+(?:upgraded|use|trust|joined|love)/i,
  /\b(?:trusted by|join|rated|loved by)\s+[\d,.]+/i,
];

function claimsIn(file: string): string[] {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  return lines.flatMap((line, i) => (/^(\/\/|\/\*|\*)/.test(line.trim()) ? [] : CLAIMS.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe("the product's claims about itself", () => {
  it("writes no adoption, rating or outcome figure into the copy", () => {
    expect(COPY_MODULES.flatMap(claimsIn)).toEqual([]);
  });

  it("promises nothing unlimited: Growth's allowances are numbers (ADR 006)", () => {
    const unlimited = COPY_MODULES.flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (/^(\/\/|\/\*|\*)/.test(line.trim()) || !/\bunlimited\b/i.test(line) ? [] : [`${file}:${i + 1}: ${line.trim()}`])),
    );
    expect(unlimited).toEqual([]);
  });

  it("the scan catches the claims it is for", () => {
    for (const invented of [
      "Trusted by 5,000+ entrepreneurs",
      "Rated Excellent 4.8/5 by 3500+ dropshippers",
      "10x page quality",
      "Boost your dropshipping speed by 10× with AI automation",
      "95% reduction in time to launch",
      "AI research across 200 million ads",
      "40 hours saved per week",
      "1430 sellers upgraded this month",
    ]) {
      expect(CLAIMS.some((re) => re.test(invented)), invented).toBe(true);
    }
    for (const fine of ["Growth is $49 per month", "10 page exports per month", "refreshed 8 times a day"]) {
      expect(CLAIMS.some((re) => re.test(fine)), fine).toBe(false);
    }
  });
});

describe("figures from records", () => {
  const facts: ProductFacts = { products: 5100, ads: 20400, niches: 60, stores: 240, merchants: 12 };

  it("shows the merchant count only once it is meaningful, and never a made-up one", () => {
    expect(merchantsClaim(facts)).toEqual({ lead: "Built for ", figure: "dropshippers and e-commerce sellers" });
    expect(merchantsClaim({ ...facts, merchants: MERCHANT_COUNT_SHOWN_FROM + 1134 })).toEqual({ lead: "Trusted by ", figure: "1,234 merchants" });
    expect(merchantCount(facts)).toBeNull();
    expect(merchantsClaim(null).figure).not.toMatch(/\d/);
  });

  it("states the library's real size, or no size when it is unknown", () => {
    expect(libraryClaim(facts)).toBe("AI research across 5,100 products and 20,400 ads in the sample library, refreshed 8 times a day.");
    expect(libraryClaim(null)).toBe("AI research across a product and ad library refreshed 8 times a day.");
    expect(headlineStats(facts).map((s) => s.value)).toEqual(["5,100", "20,400", "60", "8×"]);
    expect(headlineStats(null)).toEqual([]);
  });

  it("says 8 refreshes a day because the cron runs every 3 hours", () => {
    const cron = /crons\s*=\s*\["([^"]+)"\]/.exec(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"))![1];
    const hours = /^0 \*\/(\d+) \* \* \*$/.exec(cron);
    expect(hours, cron).not.toBeNull();
    expect(24 / Number(hours![1])).toBe(CATALOG_REFRESHES_PER_DAY);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { composeReport, mdText, REPORT_STEPS, reportFileName, reportHtml, toMarketReport, STALE_AFTER_MS, type ReportFacts } from "~/server/market/reports";
import { formatCents } from "~/server/market/format";
import { sampleCatalogRows } from "~/server/market/seed";
import type { CatalogProductRow } from "../../../db/catalog";
import type { MarketReportRow } from "../../../db/market-reports";

let rows: ReturnType<typeof sampleCatalogRows>;

/** The facts a report on `nicheId` (or one of its products) reads, from the sample rows D1 is seeded with. */
function factsFor(nicheId: string, focusId?: string): ReportFacts {
  const seedNiche = rows.niches.find((n) => n.id === nicheId)!;
  const products: CatalogProductRow[] = rows.products
    .filter((p) => p.nicheId === nicheId)
    .map((p) => ({
      ...p,
      competition: p.competition as CatalogProductRow["competition"],
      ownerUserId: null,
      source: "sample" as const,
      sourceUrl: null,
      vendor: null,
      imageUrl: null,
      compareAtPriceCents: null,
      rating: p.ratingTenths,
      weeklyOrders: [...p.weeklyOrders],
      weeklyPriceCents: [...p.weeklyPriceCents],
      weeklyActiveAds: [...p.weeklyActiveAds],
      scoredAt: null,
      createdAt: "2026-11-16T00:00:00.000Z",
      updatedAt: "2026-11-16T00:00:00.000Z",
    }))
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || (a.id < b.id ? -1 : 1));
  const ids = new Set(products.map((p) => p.id));
  const ads = rows.ads
    .filter((a) => ids.has(a.productId))
    .map((a) => ({ ...a, engagementRatePct: a.engagementRateTenths }))
    .sort((a, b) => b.engagementRatePct - a.engagementRatePct || (a.id < b.id ? -1 : 1));
  const stores = rows.stores
    .filter((s) => s.nicheId === nicheId)
    .map((s) => ({ ...s, ownerUserId: null, source: "sample" as const, url: null, topProductIds: [...s.topProductIds], hasBestSellingOrder: false, lastSnapshotAt: null, createdAt: "" }));
  const focus = focusId ? products.find((p) => p.id === focusId)! : null;
  return {
    kind: focus ? "product" : "niche",
    niche: { ...seedNiche, ownerUserId: null, keywords: [...seedNiche.keywords], productTypes: [...seedNiche.productTypes] },
    products,
    focus,
    ads,
    stores,
    focusStores: focus ? stores.filter((s) => s.listings.some((l) => l.productId === focus.id)) : [],
    asOf: "2026-11-16",
  };
}

beforeAll(() => {
  rows = sampleCatalogRows();
}, 60_000);

describe("composeReport", () => {
  it("is deterministic and holds every section, the sample label and the launch arithmetic", () => {
    const a = composeReport(factsFor("pet-supplies"));
    const b = composeReport(factsFor("pet-supplies"));
    expect(a).toEqual(b);
    for (const s of REPORT_STEPS) expect(a.markdown).toContain(`\n## ${s.heading}\n`);
    expect(a.markdown).toContain("Sample catalog data, as of 2026-11-16");
    expect(a.markdown).toMatch(/Daily test budget per ad set:\*\* 3 × \$[\d,.]+ = \$[\d,.]+/);
  });

  it("cites every record id it names, and only records of the niche", () => {
    const facts = factsFor("pet-supplies");
    const { markdown, cited } = composeReport(facts);
    const named = new Set(markdown.match(/\b[PAS]-\d{3,}\b/g));
    for (const id of named) expect(cited).toContain(id);
    const known = new Set<string>([facts.niche.id, ...facts.products.map((p) => p.id), ...facts.ads.map((a) => a.id), ...facts.stores.map((s) => s.id)]);
    for (const id of cited) expect(known.has(id), id).toBe(true);
  });

  it("writes the niche's totals from the weekly series and the break-even CPA from cost and shipping", () => {
    const facts = factsFor("pet-supplies");
    const { markdown } = composeReport(facts);
    const last4 = facts.products.reduce((s, p) => s + p.weeklyOrders.slice(-4).reduce((x, y) => x + y, 0), 0);
    expect(markdown).toContain(`**Orders, last 4 weeks:** ${last4.toLocaleString("en-US")}`);
    expect(markdown).toContain(`the niche holds ${facts.products.length} products`);
    const plan = markdown.slice(markdown.indexOf("## 30-day launch plan"));
    const id = /\*\*The product:\*\* .*\((P-\d+)\)/.exec(plan)![1];
    const p = facts.products.find((x) => x.id === id)!;
    const cpa = p.priceCents - p.costCents! - p.shippingCostCents!;
    expect(plan).toContain(`${formatCents(p.marginCents!)} − ${formatCents(p.shippingCostCents!)} shipping = ${formatCents(cpa)}`);
    expect(plan).toContain(`3 × ${formatCents(cpa)} = ${formatCents(3 * cpa)}`);
  });

  it("focuses a product report on the product, with its verdict and the niche as context", () => {
    const facts = factsFor("pet-supplies");
    const focusId = facts.products[5].id;
    const { markdown, cited } = composeReport(factsFor("pet-supplies", focusId));
    expect(markdown).toContain(`# Deep market analysis: ${mdText(facts.products[5].name)}`);
    expect(markdown).toMatch(/\*\*Verdict: (Sell|Test carefully|Avoid)\*\*/);
    expect(markdown).toContain(`number 6 of the niche's ${facts.products.length} products by score`);
    expect(cited.slice(0, 2)).toEqual(expect.arrayContaining([focusId]));
  });
});

describe("record text and HTML", () => {
  it("escapes record text so it cannot become markup, links or table cells", () => {
    expect(mdText("<script>alert(1)</script> | [x](javascript:y) *a*")).toBe("\\<script\\>alert\\(1\\)\\</script\\> \\| \\[x\\]\\(javascript:y\\) \\*a\\*");
    expect(mdText("two\nlines")).toBe("two lines");
  });

  it("renders a standalone printable page with no markup from record text", () => {
    const html = reportHtml({ id: "r1", title: "Niche: <b>x</b>", createdAt: "2026-11-20T10:00:00.000Z", markdown: `# ${mdText("<img src=x onerror=alert(1)>")}\n\n<script>alert(2)</script>\n\n| a | b |\n| --- | ---: |\n| ${mdText("<i>|</i>")} | 1 |\n` });
    expect(html).not.toMatch(/<script|<img|<i>|<b>/);
    expect(html).toContain("<title>Niche: &lt;b&gt;x&lt;/b&gt; · Dropcraft</title>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toMatch(/<table>.*<td>&lt;i&gt;\|&lt;\/i&gt;<\/td>/s);
    expect(html).toContain("@media print");
  });

  it("names files from the title and the day", () => {
    expect(reportFileName({ title: "Niche: Pet Supplies & More", createdAt: "2026-11-20T10:00:00.000Z" }, "md")).toBe("dropcraft-niche-pet-supplies-more-2026-11-20.md");
  });

  it("reads a job that has run past its time as failed", () => {
    const row = { id: "r", userId: 1, subjectKind: "niche", subjectId: "x", title: "t", status: "running", progress: 30, step: "Competition", markdown: null, cited: [], error: null, createdAt: "2026-11-20T10:00:00.000Z", finishedAt: null } satisfies MarketReportRow;
    const at = Date.parse(row.createdAt);
    expect(toMarketReport(row, at + 1000).status).toBe("running");
    expect(toMarketReport(row, at + STALE_AFTER_MS + 1)).toMatchObject({ status: "failed", error: expect.stringMatching(/not counted/) });
  });
});

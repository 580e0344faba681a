import { describe, expect, it } from "vitest";
import { checkGrounding } from "~/server/ai/grounding";
import { adsForProduct, generateCatalog, getCatalog, installCatalog } from "~/server/market/catalog";
import { formatCents, formatCount, formatPercent } from "~/server/market/format";

// The analyst is tested alone here, on the generated catalog D1 is seeded from
// (tests/integration/shared-catalog.test.ts proves the catalog read back from D1 equals it).
installCatalog(generateCatalog());

const product = getCatalog().products[0];
const cite = [{ title: product.name, source: "sample-catalog", record: { kind: "product" as const, id: product.id } }];

describe("checkGrounding", () => {
  it("accepts a cited record's figures in the ways answers write them", () => {
    const text = `${product.id} sells at ${formatCents(product.priceCents)}, costs ${formatCents(product.costCents)}, keeps ${formatPercent(product.marginPct)} and takes ${formatCount(product.monthlyOrders)} orders a month (launched ${product.launchMonth}).`;
    expect(checkGrounding(text, cite).ungrounded).toEqual([]);
  });

  it("backs the count of a product's own catalog ads with its record, and not with another's", () => {
    const busiest = getCatalog()
      .products.slice()
      .sort((a, b) => adsForProduct(b.id).length - adsForProduct(a.id).length || a.id.localeCompare(b.id))[0];
    const held = adsForProduct(busiest.id).length;
    expect(held).toBeGreaterThan(10);
    const text = `The catalog holds ${held} ads for ${busiest.id}.`;
    expect(checkGrounding(text, [{ title: busiest.name, source: "sample-catalog", record: { kind: "product", id: busiest.id } }]).ungrounded).toEqual([]);
    const other = getCatalog().products.find((p) => p.id !== busiest.id && adsForProduct(p.id).length !== held && p.adCount !== held && ![p.monthlyOrders, p.trendPct, p.marginPct, p.shippingDays].includes(held))!;
    expect(checkGrounding(text, [{ title: other.name, source: "sample-catalog", record: { kind: "product", id: other.id } }]).ungrounded).toEqual([String(held)]);
  });

  it("flags a number no cited record holds, and backs nothing without a record", () => {
    expect(checkGrounding("It sells 98,765 units at $1,234.56.", cite).ungrounded).toEqual(["98,765", "$1,234.56"]);
    const text = `It costs ${formatCents(product.costCents)}.`;
    expect(checkGrounding(text, [{ title: "x", source: "web" }]).ungrounded).toEqual([formatCents(product.costCents)]);
  });

  it("accepts correct arithmetic on grounded figures, and its result later on, but not wrong arithmetic", () => {
    const price = product.priceCents / 100;
    const margin = product.marginCents / 100;
    const roas = Math.round((price / margin) * 100) / 100;
    const ok = `Target ROAS: ${formatCents(product.priceCents)} ÷ ${formatCents(product.marginCents)} = ${roas.toFixed(2)}. Aim above ${roas.toFixed(2)}×.`;
    expect(checkGrounding(ok, cite).ungrounded).toEqual([]);
    const wrong = `Target ROAS: ${formatCents(product.priceCents)} ÷ ${formatCents(product.marginCents)} = ${(roas + 7).toFixed(2)}.`;
    expect(checkGrounding(wrong, cite).ungrounded).toEqual([(roas + 7).toFixed(2)]);
  });

  it("reads a division written as a percent", () => {
    const share = Math.round((product.marginCents / product.priceCents) * 100);
    expect(checkGrounding(`${formatCents(product.marginCents)} ÷ ${formatCents(product.priceCents)} = ${share}%`, cite).ungrounded).toEqual([]);
    expect(checkGrounding(`${formatCents(product.marginCents)} ÷ ${formatCents(product.priceCents)} = ${share + 9}%`, cite).ungrounded).toEqual([`${share + 9}%`]);
  });

  it("treats small counts, ids and months as structure, not claims", () => {
    expect(checkGrounding("The top 8 of P-0042 and S-012, since 2025-03, on a 30-day trend over the last 30 days.", []).ungrounded).toEqual([]);
    expect(checkGrounding("A-00042 and A-20400 on a 12-week trend over the last 12 weeks.", []).ungrounded).toEqual([]);
    expect(checkGrounding("It ships in 30 days.", []).ungrounded).toEqual(["30"]);
    expect(checkGrounding("It has 11 ads.", []).ungrounded).toEqual(["11"]);
  });
});

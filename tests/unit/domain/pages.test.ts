import { describe, expect, it } from "vitest";
import { PageProductSchema } from "~/domain/contracts/pages";
import { isValidGtin } from "~/domain/pages";

describe("isValidGtin", () => {
  it("accepts GTIN-8, UPC-A, EAN-13 and GTIN-14 with their check digit", () => {
    for (const code of ["96385074", "036000291452", "4006381333931", "10614141000415"]) expect(isValidGtin(code)).toBe(true);
  });
  it("refuses a wrong check digit, other lengths and anything but digits", () => {
    for (const code of ["4006381333932", "036000291453", "1234567", "40063813339311", "4006381333931 ", "ABCDEFGHIJKLM", ""]) expect(isValidGtin(code)).toBe(false);
  });
});

describe("the page's listing details (PageProductSchema)", () => {
  const product = {
    title: "Lamp",
    description: "",
    images: [],
    priceCents: 3999,
    compareAtPriceCents: null,
    currency: "USD",
    options: [],
    variants: [],
    specs: [],
    inTheBox: [],
    vendor: null,
    productType: null,
  };
  const issues = (extra: Record<string, unknown>) => {
    const parsed = PageProductSchema.safeParse({ ...product, ...extra });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("keeps pages saved before they existed valid", () => {
    expect(issues({})).toEqual([]);
  });
  it("names what is wrong with a barcode, a condition, shipping days and return countries", () => {
    expect(issues({ gtin: "4006381333932" })).toEqual(["gtin: barcode (GTIN) must be 8, 12, 13 or 14 digits with a correct check digit"]);
    expect(issues({ condition: "mint" })).toEqual(["condition: condition must be one of new, refurbished, used"]);
    expect(issues({ shipping: { rateCents: 500, countries: ["US"], handlingDays: { min: 3, max: 1 }, transitDays: { min: 2, max: 5 } } })).toEqual([
      "shipping.handlingDays: handling time: the first number of days must not be above the second",
    ]);
    expect(issues({ returns: { days: 30, fees: "free", countries: ["usa"] } })).toEqual(["returns.countries.0: return countries must be two-letter country codes like US"]);
  });
});

import { describe, expect, it } from "vitest";
import { countriesText, dayRangeText, parseCountries, parseDayRange, parseGtin } from "~/features/page-builder/listing-logic";

describe("the page builder's listing details as typed", () => {
  it("reads country lists in any case and separator, once each", () => {
    expect(parseCountries("us, ca;gb  US")).toEqual(["US", "CA", "GB"]);
    expect(parseCountries("  ")).toBeNull();
    expect(parseCountries("USA, CA")).toBeUndefined();
    expect(countriesText(["US", "CA"])).toBe("US, CA");
  });
  it("reads day ranges written as 1-3, 1 to 3 or one figure, and refuses reversed or long ones", () => {
    expect(parseDayRange("1-3")).toEqual({ min: 1, max: 3 });
    expect(parseDayRange("2 to 5")).toEqual({ min: 2, max: 5 });
    expect(parseDayRange("4")).toEqual({ min: 4, max: 4 });
    expect(parseDayRange("")).toBeNull();
    expect(parseDayRange("5-2")).toBeUndefined();
    expect(parseDayRange("3-99")).toBeUndefined();
    expect(parseDayRange("soon")).toBeUndefined();
    expect(dayRangeText({ min: 4, max: 4 })).toBe("4");
    expect(dayRangeText({ min: 1, max: 3 })).toBe("1-3");
  });
  it("keeps a barcode's digits and refuses one whose check digit is wrong", () => {
    expect(parseGtin("4 006381 333931")).toBe("4006381333931");
    expect(parseGtin("4006381333932")).toBeUndefined();
    expect(parseGtin("")).toBeNull();
  });
});

/**
 * The page builder's Google listing details as the merchant types them: country lists, day
 * ranges and the barcode. Each parser answers the value, null for an empty field, or undefined
 * while the text means nothing yet (the field then says why and the page keeps its last value).
 */
import { isValidGtin } from "~/domain/pages";

/** "us, ca" → ["US", "CA"]; undefined when any entry is not a two-letter code. */
export function parseCountries(text: string): string[] | null | undefined {
  const codes = [...new Set(text.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length === 0) return null;
  return codes.every((c) => /^[A-Z]{2}$/.test(c)) && codes.length <= 50 ? codes : undefined;
}
export const countriesText = (codes: string[] | null) => (codes ?? []).join(", ");

export interface DayRange {
  min: number;
  max: number;
}

/** "1-3", "1 to 3" or "2" (one figure is both ends) → { min, max }; undefined when not 0–90 days in order. */
export function parseDayRange(text: string): DayRange | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  const match = /^(\d{1,2})\s*(?:(?:-|–|to)\s*(\d{1,2}))?$/i.exec(t);
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return min <= max && max <= 90 ? { min, max } : undefined;
}
export const dayRangeText = (range: DayRange | null) => (range ? (range.min === range.max ? String(range.min) : `${range.min}-${range.max}`) : "");

/** Digits only (spaces and dashes from a label are dropped); undefined without a correct check digit. */
export function parseGtin(text: string): string | null | undefined {
  const digits = text.replace(/[\s-]/g, "");
  if (digits === "") return null;
  return isValidGtin(digits) ? digits : undefined;
}

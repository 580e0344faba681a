/**
 * Google listing details (issue 27): condition, barcode, part number, shipping and returns. The
 * drop page's structured data states each one only when the merchant sets it here; nothing is
 * assumed from the supplier or the project.
 */
import type { PageProduct } from "~/domain/contracts/pages";
import { CONDITION_LABELS, PRODUCT_CONDITIONS, type ProductCondition } from "~/domain/pages";
import { Button, Field, Input, Select } from "~/ui";
import { fieldId, moneyText, parseMoney } from "./editor-logic";
import { countriesText, dayRangeText, parseCountries, parseDayRange, parseGtin, type DayRange } from "./listing-logic";
import { Card, ParsedField } from "./parts";

type SetProduct = (update: (p: PageProduct) => PageProduct, key: string | null) => void;
type Shipping = NonNullable<PageProduct["shipping"]>;
type Returns = NonNullable<PageProduct["returns"]>;

const NEW_SHIPPING: Shipping = { rateCents: 0, countries: ["US"], handlingDays: { min: 1, max: 2 }, transitDays: { min: 3, max: 7 } };
const NEW_RETURNS: Returns = { days: 30, fees: "customer", countries: ["US"] };

export function ListingDetails({ product, set }: { product: PageProduct; set: SetProduct }) {
  const shipping = product.shipping ?? null;
  const returns = product.returns ?? null;
  const setShipping = (next: Partial<Shipping>) => set((p) => ({ ...p, shipping: { ...(p.shipping ?? NEW_SHIPPING), ...next } }), "shipping");
  const setReturns = (next: Partial<Returns>) => set((p) => ({ ...p, returns: { ...(p.returns ?? NEW_RETURNS), ...next } }), "returns");
  return (
    <Card
      id="pb-listing"
      title="Google listing details"
      description="Stated in the page's structured data only when you set them, so Google's merchant listings show them. Leave a field empty when you do not know it."
    >
      <div className="space-y-4" data-testid="pb-listing">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Condition" id={fieldId("product.condition")}>
            <Select
              id={fieldId("product.condition")}
              value={product.condition ?? ""}
              onChange={(e) => set((p) => ({ ...p, condition: (e.target.value || null) as ProductCondition | null }), null)}
            >
              <option value="">Not stated</option>
              {PRODUCT_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {CONDITION_LABELS[c]}
                </option>
              ))}
            </Select>
          </Field>
          <ParsedField
            label="Barcode (GTIN)"
            id={fieldId("product.gtin")}
            value={product.gtin ?? null}
            format={(v) => v ?? ""}
            parse={parseGtin}
            onValue={(gtin) => set((p) => ({ ...p, gtin }), "gtin")}
            invalidMessage="A GTIN is 8, 12, 13 or 14 digits and its last digit must check out: copy it from the label."
            inputMode="numeric"
            placeholder="e.g. 4006381333931"
          />
          <Field label="Part number (MPN)" id={fieldId("product.mpn")}>
            <Input
              id={fieldId("product.mpn")}
              value={product.mpn ?? ""}
              onChange={(e) => set((p) => ({ ...p, mpn: e.target.value.trim() ? e.target.value.slice(0, 70) : null }), "mpn")}
              placeholder="The maker's part number"
              autoComplete="off"
            />
          </Field>
        </div>

        <fieldset className="rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-fg">Shipping</legend>
          {shipping ? (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <ParsedField
                label={`Shipping rate (${product.currency}, 0 for free)`}
                id={fieldId("product.shipping.rateCents")}
                value={shipping.rateCents}
                format={(v) => moneyText(v)}
                parse={(t) => parseMoney(t) ?? undefined}
                onValue={(rateCents) => rateCents !== null && setShipping({ rateCents })}
                invalidMessage="Type an amount like 4.99, or 0 for free shipping."
                inputMode="decimal"
              />
              <ParsedField
                label="Ships to (country codes)"
                id={fieldId("product.shipping.countries")}
                value={shipping.countries}
                format={countriesText}
                parse={(t) => parseCountries(t) ?? undefined}
                onValue={(countries) => countries && setShipping({ countries })}
                invalidMessage="Two-letter country codes separated by commas, like US, CA."
                placeholder="US, CA"
              />
              <ParsedField<DayRange>
                label="Handling time (days)"
                id={fieldId("product.shipping.handlingDays")}
                value={shipping.handlingDays}
                format={dayRangeText}
                parse={(t) => parseDayRange(t) ?? undefined}
                onValue={(handlingDays) => handlingDays && setShipping({ handlingDays })}
                invalidMessage="Days like 1-2, or one number; 90 at most."
                hint="From order to dispatch."
                placeholder="1-2"
              />
              <ParsedField<DayRange>
                label="Delivery time (days)"
                id={fieldId("product.shipping.transitDays")}
                value={shipping.transitDays}
                format={dayRangeText}
                parse={(t) => parseDayRange(t) ?? undefined}
                onValue={(transitDays) => transitDays && setShipping({ transitDays })}
                invalidMessage="Days like 3-7, or one number; 90 at most."
                hint="From dispatch to the door."
                placeholder="3-7"
              />
              <div className="sm:col-span-2">
                <Button variant="ghost" size="sm" onClick={() => set((p) => ({ ...p, shipping: null }), "shipping")}>
                  Stop stating shipping
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted">Not stated.</p>
              <Button variant="secondary" size="sm" onClick={() => setShipping({})}>
                State shipping
              </Button>
            </div>
          )}
        </fieldset>

        <fieldset className="rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-fg">Returns</legend>
          {returns ? (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <ParsedField<number>
                label="Return window (days)"
                hint="0 means returns are not accepted."
                id={fieldId("product.returns.days")}
                value={returns.days}
                format={(v) => (v === null ? "" : String(v))}
                parse={(t) => (/^\d{1,3}$/.test(t.trim()) && Number(t) <= 365 ? Number(t) : undefined)}
                onValue={(days) => days !== null && setReturns({ days })}
                invalidMessage="A number of days from 0 to 365."
                inputMode="numeric"
              />
              <Field label="Return shipping paid by" id={fieldId("product.returns.fees")}>
                <Select
                  id={fieldId("product.returns.fees")}
                  value={returns.fees}
                  disabled={returns.days === 0}
                  onChange={(e) => setReturns({ fees: e.target.value as Returns["fees"] })}
                >
                  <option value="customer">The customer</option>
                  <option value="free">You (free returns)</option>
                </Select>
              </Field>
              <ParsedField
                label="Applies in (country codes)"
                id={fieldId("product.returns.countries")}
                value={returns.countries}
                format={countriesText}
                parse={(t) => parseCountries(t) ?? undefined}
                onValue={(countries) => countries && setReturns({ countries })}
                invalidMessage="Two-letter country codes separated by commas, like US, CA."
                placeholder="US"
              />
              <div className="sm:col-span-2">
                <Button variant="ghost" size="sm" onClick={() => set((p) => ({ ...p, returns: null }), "returns")}>
                  Stop stating returns
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted">Not stated.</p>
              <Button variant="secondary" size="sm" onClick={() => setReturns({})}>
                State a return policy
              </Button>
            </div>
          )}
        </fieldset>
      </div>
    </Card>
  );
}

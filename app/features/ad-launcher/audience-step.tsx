/**
 * Step 5: who sees the ads (countries, ages, gender, Advantage+ audience on by default) and the
 * daily budget, with the product's break-even CPA and ROAS beside it and a suggested test budget
 * with its arithmetic (the domain's `breakEven` and `suggestedTestBudget`). Without the product's
 * cost there is no break-even, and the screen says so instead of showing a number.
 */
import { Calculator, X } from "lucide-react";
import { useState } from "react";
import { AD_AGE_MAX, AD_AGE_MIN, AD_GENDERS, breakEven, suggestedTestBudget, type AdGender } from "~/domain/ad-launcher";
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import { Button, Chip, Field, Input, RadioGroup, Segment, Select, segmentGroupClasses } from "~/ui";
import { budgetProblem, COMMON_COUNTRIES, countryName, formatMoney, formatRoas, type LaunchDraft } from "./launcher-logic";

const AGES = Array.from({ length: AD_AGE_MAX - AD_AGE_MIN + 1 }, (_, i) => AD_AGE_MIN + i);
const GENDER_LABELS: Record<AdGender, string> = { all: "All", men: "Men", women: "Women" };

export function AudienceStep({
  draft,
  onChange,
  product,
  currency,
  showErrors,
}: {
  draft: LaunchDraft;
  onChange: (patch: Partial<LaunchDraft>) => void;
  product: LaunchProduct | null;
  currency: string;
  showErrors: boolean;
}) {
  const [adding, setAdding] = useState("");
  const budgetError = showErrors || draft.dailyBudget.trim() ? budgetProblem(draft.dailyBudget, currency) ?? undefined : undefined;
  const addCountry = (code: string) => {
    if (code && !draft.countries.includes(code)) onChange({ countries: [...draft.countries, code] });
    setAdding("");
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="space-y-5">
        <fieldset>
          <legend className="text-sm font-semibold text-fg">Countries</legend>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen countries" data-testid="chosen-countries">
            {draft.countries.map((code) => (
              <li key={code}>
                <Chip size="sm" tone="brand" className="pr-1" onClick={() => onChange({ countries: draft.countries.filter((c) => c !== code) })} aria-label={`Remove ${countryName(code)}`}>
                  {countryName(code)} <X aria-hidden className="size-3.5" />
                </Chip>
              </li>
            ))}
          </ul>
          <div className="mt-2 max-w-xs">
            <Select value={adding} onChange={(e) => addCountry(e.target.value)} aria-label="Add a country" data-testid="add-country">
              <option value="">Add a country…</option>
              {COMMON_COUNTRIES.filter((c) => !draft.countries.includes(c))
                .map((c) => ({ code: c, name: countryName(c) }))
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((c) => (
                  <option key={c.code} value={c.code}>{c.name}</option>
                ))}
            </Select>
          </div>
          {showErrors && draft.countries.length === 0 && <p role="alert" className="mt-1.5 text-xs text-danger">Pick at least one country.</p>}
        </fieldset>
        <fieldset className="grid max-w-md grid-cols-2 gap-3">
          <legend className="mb-2 text-sm font-semibold text-fg">Age</legend>
          <Field label="From">
            <Select value={draft.ageMin} onChange={(e) => onChange({ ageMin: Number(e.target.value) })} data-testid="age-min">
              {AGES.map((a) => <option key={a} value={a}>{a}</option>)}
            </Select>
          </Field>
          <Field label="To" error={draft.ageMin > draft.ageMax ? "Must be at least the youngest age." : undefined}>
            <Select value={draft.ageMax} onChange={(e) => onChange({ ageMax: Number(e.target.value) })} data-testid="age-max">
              {AGES.map((a) => <option key={a} value={a}>{a === AD_AGE_MAX ? "65+" : a}</option>)}
            </Select>
          </Field>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-fg">Gender</legend>
          <RadioGroup aria-label="Gender" className={segmentGroupClasses("mt-2 inline-flex")}>
            {AD_GENDERS.map((g) => (
              <Segment key={g} role="radio" selected={draft.gender === g} onClick={() => onChange({ gender: g })}>{GENDER_LABELS[g]}</Segment>
            ))}
          </RadioGroup>
        </fieldset>
        <label className="flex max-w-xl items-start gap-3 rounded-xl border border-line bg-surface p-3.5">
          <input type="checkbox" checked={draft.advantageAudience} onChange={(e) => onChange({ advantageAudience: e.target.checked })} className="mt-0.5 size-4 accent-[var(--color-brand,#6d5dfc)]" data-testid="advantage-audience" />
          <span>
            <span className="block text-sm font-medium text-fg">Advantage+ audience</span>
            <span className="block text-[13px] text-muted">Meta may show the ads beyond these settings when it expects more purchases there. Recommended for a first test.</span>
          </span>
        </label>
      </div>
      <div className="space-y-4">
        <Field label={`Daily budget (${currency})`} error={budgetError} hint="Spent per day across the ad set, once you activate it.">
          <Input value={draft.dailyBudget} onChange={(e) => onChange({ dailyBudget: e.target.value })} inputMode="decimal" placeholder="25.00" data-testid="daily-budget" />
        </Field>
        <BudgetFigures product={product} currency={currency} onUse={(cents) => onChange({ dailyBudget: (cents / 100).toFixed(2) })} />
      </div>
    </div>
  );
}

function BudgetFigures({ product, currency, onUse }: { product: LaunchProduct | null; currency: string; onUse: (cents: number) => void }) {
  if (!product) return null;
  const figures = breakEven(product.priceCents, product.costCents, product.shippingCents);
  const suggestion = suggestedTestBudget(figures, product.currency);
  const otherCurrency = product.currency !== currency;
  return (
    <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="break-even-title" data-testid="break-even">
      <h3 id="break-even-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Calculator aria-hidden className="size-4 text-brand" /> What a sale can pay for
      </h3>
      {!figures ? (
        <p className="mt-2 text-[13px] text-muted" data-testid="break-even-unknown">
          {product.priceCents == null
            ? "The record has no price, so there is no break-even to show."
            : product.costCents == null
              ? "The record has no product cost, so break-even CPA and ROAS are unknown. Add the cost per item to the product (in the page builder or your import) to see them."
              : `At this price a sale loses money before any ad: ${formatMoney(product.priceCents, product.currency)} − cost ${formatMoney(product.costCents, product.currency)}${product.shippingCents != null ? ` − shipping ${formatMoney(product.shippingCents, product.currency)}` : ""} = ${formatMoney(product.priceCents - product.costCents - (product.shippingCents ?? 0), product.currency)} a sale, so no ad spend breaks even. Raise the price or lower the cost first.`}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-surface-2 px-3 py-2">
              <dt className="text-xs text-muted">Break-even CPA</dt>
              <dd className="text-lg font-bold tabular-nums text-fg">{formatMoney(figures.breakEvenCpaCents, product.currency)}</dd>
            </div>
            <div className="rounded-xl bg-surface-2 px-3 py-2">
              <dt className="text-xs text-muted">Break-even ROAS</dt>
              <dd className="text-lg font-bold tabular-nums text-fg">{formatRoas(figures.breakEvenRoas)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-subtle">
            Price {formatMoney(product.priceCents!, product.currency)} − cost {formatMoney(product.costCents!, product.currency)}
            {product.shippingCents != null ? ` − shipping ${formatMoney(product.shippingCents, product.currency)}` : " (the record has no shipping cost)"}.
          </p>
          {suggestion && (
            <div className="mt-3 border-t border-line pt-3">
              <p className="text-sm font-medium text-fg">Suggested test budget: {formatMoney(suggestion.dailyBudgetCents, product.currency)} a day</p>
              <p className="mt-1 text-xs text-muted" data-testid="suggested-budget-arithmetic">{suggestion.explanation}</p>
              {otherCurrency ? (
                <p className="mt-2 text-xs text-warning">The product is priced in {product.currency} and the ad account spends {currency}: convert before using it.</p>
              ) : (
                <Button size="sm" variant="secondary" className="mt-2" onClick={() => onUse(suggestion.dailyBudgetCents)} data-testid="use-suggested-budget">
                  Use {formatMoney(suggestion.dailyBudgetCents, currency)} a day
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}


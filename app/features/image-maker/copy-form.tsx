/**
 * The copy and look of a design: headline, benefits, price badge, call to action, the
 * comparison rows or proof figures of those templates, palette and font. Shared by the Image
 * Maker's copy step and /marketing-visuals. What the data did not have is said next to its field.
 */
import { ArrowDown, ArrowUp, Info, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { ProofFact, ProofMetric } from "~/domain/contracts/images";
import { DESIGN_LIMITS, type VisualTemplate } from "~/domain/images";
import { FONT_LABELS, PAGE_FONTS, type PageFont } from "~/domain/pages";
import { Button, Field, IconButton, Input, Select, cx } from "~/ui";
import {
  blankComparison,
  computedBadge,
  fieldProblems,
  type CopyFields,
  type Palette,
} from "./wizard-logic";

const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "JPY", "INR", "BRL", "MXN"];

const PALETTE_LABELS: Record<keyof Palette, string> = {
  background: "Background",
  surface: "Panels",
  text: "Text",
  accent: "Accent",
};

export function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-4 sm:p-5" aria-labelledby={id ? `${id}-title` : undefined}>
      <h3 id={id ? `${id}-title` : undefined} className="text-sm font-semibold text-fg">
        {title}
      </h3>
      {description && <p className="mt-0.5 text-[13px] text-muted">{description}</p>}
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/** Which "missing" entries speak of a field (the server names them in words). */
function missingAbout(missing: string[], words: RegExp) {
  return missing.some((m) => words.test(m));
}

export function CopyForm({
  fields,
  onChange,
  template,
  proofFacts,
  missing,
  hasCatalogProduct,
  idPrefix = "copy",
}: {
  fields: CopyFields;
  onChange: (next: CopyFields) => void;
  template: VisualTemplate;
  proofFacts: ProofFact[];
  missing: string[];
  hasCatalogProduct: boolean;
  idPrefix?: string;
}) {
  const problems = fieldProblems(fields, template);
  const set = <K extends keyof CopyFields>(key: K, value: CopyFields[K]) => onChange({ ...fields, [key]: value });
  const id = (name: string) => `${idPrefix}-${name.replace(/\./g, "-")}`;
  const noPrice = missingAbout(missing, /price/i) && !fields.price.trim();
  const discount = computedBadge(fields);

  const moveBullet = (from: number, to: number) => {
    const next = fields.bullets.slice();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set("bullets", next);
  };

  return (
    <div className="space-y-4" data-testid={`${idPrefix}-form`}>
      <Section title="Words" description="Short wins: the compositor shrinks long lines to fit, but fewer words read faster in a feed.">
        <Field label="Headline" error={problems.headline} hint={`${fields.headline.length}/${DESIGN_LIMITS.headline}`}>
          <Input
            id={id("headline")}
            value={fields.headline}
            maxLength={DESIGN_LIMITS.headline}
            onChange={(e) => set("headline", e.target.value)}
            data-testid={id("headline")}
          />
        </Field>
        <Field label="Subheadline (optional)" error={problems.subheadline}>
          <Input
            id={id("subheadline")}
            value={fields.subheadline}
            maxLength={DESIGN_LIMITS.subheadline}
            onChange={(e) => set("subheadline", e.target.value)}
            data-testid={id("subheadline")}
          />
        </Field>
      </Section>

      <Section
        title="Benefits"
        description={`Up to ${DESIGN_LIMITS.bullets} short points. ${template === "studio" ? "The studio template shows the first two." : ""}`}
      >
        {fields.bullets.length === 0 && <p className="text-sm text-subtle">No points yet.</p>}
        <ol className="space-y-2">
          {fields.bullets.map((b, i) => (
            <li key={i} className="flex items-start gap-1.5">
              <span className="mt-3 w-4 shrink-0 text-right text-xs font-semibold text-subtle" aria-hidden>
                {i + 1}
              </span>
              <Field
                label={<span className="sr-only">Point {i + 1}</span>}
                error={problems[`bullets.${i}`]}
                className="min-w-0 flex-1 [&>div:first-child]:mb-0"
              >
                <Input
                  id={id(`bullet-${i}`)}
                  value={b}
                  maxLength={DESIGN_LIMITS.bullet}
                  onChange={(e) => set("bullets", fields.bullets.map((x, j) => (j === i ? e.target.value : x)))}
                  data-testid={id(`bullet-${i}`)}
                />
              </Field>
              <div className="mt-1 flex shrink-0">
                <IconButton size="sm" label={`Move point ${i + 1} up`} disabled={i === 0} onClick={() => moveBullet(i, i - 1)}>
                  <ArrowUp aria-hidden className="size-4" />
                </IconButton>
                <IconButton
                  size="sm"
                  label={`Move point ${i + 1} down`}
                  disabled={i === fields.bullets.length - 1}
                  onClick={() => moveBullet(i, i + 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </IconButton>
                <IconButton size="sm" label={`Remove point ${i + 1}`} onClick={() => set("bullets", fields.bullets.filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </div>
            </li>
          ))}
        </ol>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus aria-hidden className="size-3.5" />}
          disabled={fields.bullets.length >= DESIGN_LIMITS.bullets}
          onClick={() => set("bullets", [...fields.bullets, ""])}
          data-testid={id("add-bullet")}
        >
          {fields.bullets.length >= DESIGN_LIMITS.bullets ? `${DESIGN_LIMITS.bullets} points at most` : "Add a point"}
        </Button>
      </Section>

      <Section title="Price and badge" description="Leave the price empty to show none. The badge is the discount from the two prices unless you write your own.">
        {noPrice && (
          <p className="flex items-start gap-2 rounded-lg bg-warning/10 px-3 py-2 text-[13px] text-fg" data-testid={id("no-price")}>
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            No price in the data: type one or leave it out.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_7rem]">
          <Field label="Price" error={problems.price}>
            <Input
              id={id("price")}
              value={fields.price}
              inputMode="decimal"
              placeholder="29.99"
              onChange={(e) => set("price", e.target.value)}
              data-testid={id("price")}
            />
          </Field>
          <Field label="Compare-at price" error={problems.compareAt}>
            <Input
              id={id("compare-at")}
              value={fields.compareAt}
              inputMode="decimal"
              placeholder="Was…"
              onChange={(e) => set("compareAt", e.target.value)}
              data-testid={id("compare-at")}
            />
          </Field>
          <Field label="Currency" error={problems.currency}>
            <Select id={id("currency")} value={fields.currency} onChange={(e) => set("currency", e.target.value)}>
              {(CURRENCIES.includes(fields.currency) ? CURRENCIES : [fields.currency, ...CURRENCIES]).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Badge"
            error={problems.badge}
            hint={fields.badge.trim() ? undefined : discount ? `Empty: shows ${discount}` : "Empty: no badge (no discount to show)"}
          >
            <Input
              id={id("badge")}
              value={fields.badge}
              maxLength={DESIGN_LIMITS.badge}
              placeholder={discount ?? "e.g. New"}
              onChange={(e) => set("badge", e.target.value)}
              data-testid={id("badge")}
            />
          </Field>
          <Field label="Call to action" error={problems.cta}>
            <Input
              id={id("cta")}
              value={fields.cta}
              maxLength={DESIGN_LIMITS.cta}
              placeholder="Shop now"
              onChange={(e) => set("cta", e.target.value)}
              data-testid={id("cta")}
            />
          </Field>
        </div>
      </Section>

      {template === "comparison" && (
        <ComparisonEditor fields={fields} set={set} problems={problems} id={id} />
      )}

      {template === "social-proof" && (
        <Section
          title="Proof figures"
          description="Real figures from the product's record, never testimonials. Pick up to three; the values are read again when the image is made."
        >
          {!hasCatalogProduct ? (
            <p className="text-sm text-muted">Pick a catalog product on the first step to show its figures.</p>
          ) : proofFacts.length === 0 ? (
            <p className="text-sm text-muted" data-testid={id("no-proof")}>
              This product's record has no figures to show.
            </p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="sr-only">Figures to show</legend>
              {proofFacts.map((f) => {
                const checked = fields.proof.includes(f.metric);
                const full = !checked && fields.proof.length >= DESIGN_LIMITS.proof;
                return (
                  <label
                    key={f.metric}
                    className={cx(
                      "flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors",
                      checked ? "border-brand/50 bg-brand-soft/40" : "border-line hover:border-brand/30",
                      full && "cursor-not-allowed opacity-60",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-[var(--brand)]"
                      checked={checked}
                      disabled={full}
                      onChange={() =>
                        set("proof", checked ? fields.proof.filter((m) => m !== f.metric) : [...fields.proof, f.metric as ProofMetric])
                      }
                      data-testid={id(`proof-${f.metric}`)}
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-fg">
                        {f.value} <span className="font-normal text-muted">{f.label}</span>
                      </span>
                      <span className="block text-xs text-subtle">Source: {f.source}</span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}
          {problems.proof && hasCatalogProduct && proofFacts.length > 0 && <p className="text-[13px] text-danger">{problems.proof}</p>}
        </Section>
      )}

      <Section title="Look" description="From your project's brand colours when it has them.">
        <div className="grid grid-cols-2 gap-3">
          {(Object.keys(PALETTE_LABELS) as (keyof Palette)[]).map((key) => (
            <ColourInput
              key={key}
              id={id(`palette-${key}`)}
              label={PALETTE_LABELS[key]}
              value={fields.palette[key]}
              error={problems[`palette.${key}`]}
              onChange={(v) => set("palette", { ...fields.palette, [key]: v })}
            />
          ))}
        </div>
        <Field label="Font">
          <Select id={id("font")} value={fields.font} onChange={(e) => set("font", e.target.value as PageFont)} data-testid={id("font")}>
            {PAGE_FONTS.map((f) => (
              <option key={f} value={f}>
                {FONT_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
      </Section>
    </div>
  );
}

function ColourInput({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block truncate text-[13px] font-medium text-fg">
        {label}
      </label>
      <div
        className={cx(
          "flex h-11 items-center gap-2 rounded-lg border bg-bg-elevated px-2 focus-within:border-brand focus-within:ring-3 focus-within:ring-brand/25",
          error ? "border-danger" : "border-line",
        )}
      >
        <input
          type="color"
          value={valid ? value.toLowerCase() : "#000000"}
          onChange={(e) => onChange(e.target.value)}
          aria-label={`${label} colour picker`}
          className="size-7 shrink-0 cursor-pointer rounded-md border-0 bg-transparent p-0 [&::-webkit-color-swatch-wrapper]:p-0 [&::-webkit-color-swatch]:rounded-md [&::-webkit-color-swatch]:border-line"
        />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          className="min-w-0 flex-1 bg-transparent font-mono text-[13px] uppercase text-fg outline-none"
        />
      </div>
      {error && <p className="mt-1 text-xs text-danger">{error}</p>}
    </div>
  );
}

function ComparisonEditor({
  fields,
  set,
  problems,
  id,
}: {
  fields: CopyFields;
  set: <K extends keyof CopyFields>(key: K, value: CopyFields[K]) => void;
  problems: Partial<Record<string, string>>;
  id: (name: string) => string;
}) {
  const c = fields.comparison ?? blankComparison();
  const put = (next: typeof c) => set("comparison", next);
  return (
    <Section title="Comparison" description="Your product against the usual alternative, row by row (up to 4). Keep each point under 60 characters.">
      {problems.comparison && <p className="text-[13px] text-danger">{problems.comparison}</p>}
      <div className="grid grid-cols-2 gap-3">
        <Field label="Your column" error={problems["comparison.oursLabel"]}>
          <Input id={id("cmp-ours-label")} value={c.oursLabel} maxLength={40} onChange={(e) => put({ ...c, oursLabel: e.target.value })} />
        </Field>
        <Field label="Their column" error={problems["comparison.theirsLabel"]}>
          <Input
            id={id("cmp-theirs-label")}
            value={c.theirsLabel}
            maxLength={40}
            onChange={(e) => put({ ...c, theirsLabel: e.target.value })}
          />
        </Field>
      </div>
      <ol className="space-y-2">
        {c.rows.map((r, i) => (
          <li key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <Field label={<span className="sr-only">Row {i + 1}, yours</span>} error={problems[`comparison.rows.${i}.ours`]} className="[&>div:first-child]:mb-0">
              <Input
                id={id(`cmp-${i}-ours`)}
                value={r.ours}
                maxLength={60}
                placeholder="Yours"
                onChange={(e) => put({ ...c, rows: c.rows.map((x, j) => (j === i ? { ...x, ours: e.target.value } : x)) })}
              />
            </Field>
            <Field
              label={<span className="sr-only">Row {i + 1}, theirs</span>}
              error={problems[`comparison.rows.${i}.theirs`]}
              className="[&>div:first-child]:mb-0"
            >
              <Input
                id={id(`cmp-${i}-theirs`)}
                value={r.theirs}
                maxLength={60}
                placeholder="Theirs"
                onChange={(e) => put({ ...c, rows: c.rows.map((x, j) => (j === i ? { ...x, theirs: e.target.value } : x)) })}
              />
            </Field>
            <IconButton
              size="sm"
              label={`Remove row ${i + 1}`}
              className="mt-1.5"
              disabled={c.rows.length <= 1}
              onClick={() => put({ ...c, rows: c.rows.filter((_, j) => j !== i) })}
            >
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        icon={<Plus aria-hidden className="size-3.5" />}
        disabled={c.rows.length >= 4}
        onClick={() => put({ ...c, rows: [...c.rows, { ours: "", theirs: "" }] })}
      >
        Add a row
      </Button>
    </Section>
  );
}

/** What the data could not fill, in one honest line above the form. */
export function MissingNote({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <div className="flex items-start gap-2 rounded-2xl border border-warning/40 bg-warning/10 p-3 text-sm text-fg" data-testid="copy-missing">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <div>
        <p className="font-semibold">Not in the data, so not filled in</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-[13px] text-muted">
          {missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <p className="mt-1 text-[13px] text-muted">Type them yourself or leave them out: nothing was invented.</p>
      </div>
    </div>
  );
}

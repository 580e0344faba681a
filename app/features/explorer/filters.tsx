/**
 * The Explorer's filters. Each change writes the address (so back/forward and shared links
 * work); prices are typed and applied on Enter or when the field is left, so typing "25" is one
 * history entry, not two.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import type { NicheOption } from "~/domain/contracts/market";
import { FIGURE_LABELS } from "~/domain/market-figures";
import { Button, cx, Input, Select } from "~/ui";
import { capitalize } from "./format";
import {
  COMPETITION_OPTIONS,
  PLATFORM_OPTIONS,
  TREND_OPTIONS,
  activeFilterCount,
  priceClash,
  type Competition,
  type ExplorerView,
  type FilterKey,
  type FilterValue,
  type Platform,
  type Source,
  type Trend,
} from "./explorer-query";
import type { SavedList } from "./explorer-client";

export interface FiltersProps {
  view: ExplorerView;
  niches: NicheOption[] | undefined;
  lists: SavedList[] | undefined;
  /** A value, or a change to the filter's current value (a toggle must not build on a view that is not drawn yet). */
  onChange: <K extends FilterKey>(key: K, value: FilterValue<K>) => void;
  onClear: () => void;
  /** Prefix for ids and test ids, so the sidebar and the mobile sheet can both exist. */
  idPrefix: string;
}

const MARGINS = [10, 20, 30, 40, 50, 60];
const SHIP_DAYS = [5, 7, 10, 14, 21];
const SCORES = [40, 50, 60, 70, 80];

function Group({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="min-w-0">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="mb-1.5 block text-[13px] font-medium text-fg">
          {label}
        </label>
      ) : (
        <p className="mb-1.5 text-[13px] font-medium text-fg">{label}</p>
      )}
      {children}
    </div>
  );
}

const compact = "h-10 text-sm sm:text-sm";

/** A number that applies on Enter or blur. Empty means no filter. */
function DollarInput({
  id,
  label,
  value,
  onCommit,
  testId,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onCommit: (v: number | undefined) => void;
  testId: string;
}) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => setText(value === undefined ? "" : String(value)), [value]);
  const commit = () => {
    const t = text.trim();
    const n = t === "" ? undefined : Number(t);
    if (n !== undefined && (!Number.isFinite(n) || n < 0)) {
      setText(value === undefined ? "" : String(value));
      return;
    }
    const next = n === undefined ? undefined : Math.round(n * 100) / 100;
    if (next !== value) onCommit(next);
  };
  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-subtle">
        $
      </span>
      <Input
        id={id}
        aria-label={label}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value.replace(/[^\d.]/g, ""))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        placeholder={label.startsWith("Lowest") ? "Min" : "Max"}
        className={cx(compact, "pl-7")}
        data-testid={testId}
      />
    </div>
  );
}

export function Filters({ view, niches, lists, onChange, onClear, idPrefix }: FiltersProps) {
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid}`;
  const tid = (name: string) => `${idPrefix}-${name}`;
  const n = activeFilterCount(view);
  const toggleCompetition = (c: Competition) =>
    onChange("competition", (current) => (current.includes(c) ? current.filter((x) => x !== c) : [...current, c]));

  return (
    <div data-testid={tid("filters")}>
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 md:grid-cols-3 xl:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <Group label="Niche" htmlFor={id("niche")}>
            <Select
              id={id("niche")}
              className={compact}
              value={view.niche ?? ""}
              onChange={(e) => onChange("niche", e.target.value || undefined)}
              data-testid={tid("niche")}
            >
              <option value="">All niches</option>
              {view.niche && !niches?.some((x) => x.id === view.niche) && (
                <option value={view.niche}>{view.niche}</option>
              )}
              {niches?.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} ({x.productCount.toLocaleString("en-US")})
                </option>
              ))}
            </Select>
          </Group>
        </div>

        <div className="col-span-2 md:col-span-1">
          <Group label="Price">
            <div className="grid grid-cols-2 gap-2">
              <DollarInput
                id={id("price-min")}
                label="Lowest price, dollars"
                value={view.priceMin}
                onCommit={(v) => onChange("priceMin", v)}
                testId={tid("price-min")}
              />
              <DollarInput
                id={id("price-max")}
                label="Highest price, dollars"
                value={view.priceMax}
                onCommit={(v) => onChange("priceMax", v)}
                testId={tid("price-max")}
              />
            </div>
            {priceClash(view) && (
              <p role="alert" className="mt-1.5 text-xs text-danger" data-testid={tid("price-clash")}>
                The highest price is below the lowest, so no product can match. Change one of them.
              </p>
            )}
          </Group>
        </div>

        <fieldset className="col-span-2 min-w-0">
          <legend className="mb-1.5 text-[13px] font-medium text-fg">Competition</legend>
          <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-4">
            {COMPETITION_OPTIONS.map((c) => {
              const on = view.competition.includes(c);
              return (
                <label
                  key={c}
                  className={cx(
                    "flex h-10 min-w-0 cursor-pointer items-center gap-1.5 rounded-lg border px-2 text-[13px] transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/50",
                    on
                      ? "border-brand/60 bg-brand-soft text-fg"
                      : "border-line text-muted hover:border-subtle/60 hover:text-fg",
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-3.5 shrink-0 accent-[var(--brand)]"
                    checked={on}
                    onChange={() => toggleCompetition(c)}
                    data-testid={tid(`competition-${c}`)}
                  />
                  {capitalize(c)}
                </label>
              );
            })}
          </div>
        </fieldset>

        <Group label={`${FIGURE_LABELS.marginBeforeShipping}, at least`} htmlFor={id("margin")}>
          <Select
            id={id("margin")}
            className={compact}
            value={view.marginMin ?? ""}
            onChange={(e) => onChange("marginMin", e.target.value === "" ? undefined : Number(e.target.value))}
            data-testid={tid("margin")}
          >
            <option value="">Any</option>
            {view.marginMin !== undefined && !MARGINS.includes(view.marginMin) && (
              <option value={view.marginMin}>{view.marginMin}%</option>
            )}
            {MARGINS.map((m) => (
              <option key={m} value={m}>
                {m}%
              </option>
            ))}
          </Select>
        </Group>
        <Group label="Score at least" htmlFor={id("score")}>
          <Select
            id={id("score")}
            className={compact}
            value={view.scoreMin ?? ""}
            onChange={(e) => onChange("scoreMin", e.target.value === "" ? undefined : Number(e.target.value))}
            data-testid={tid("score")}
          >
            <option value="">Any</option>
            {view.scoreMin !== undefined && !SCORES.includes(view.scoreMin) && (
              <option value={view.scoreMin}>{view.scoreMin}</option>
            )}
            {SCORES.map((s) => (
              <option key={s} value={s}>
                {s}+
              </option>
            ))}
          </Select>
        </Group>
        <Group label="Orders trend" htmlFor={id("trend")}>
          <Select
            id={id("trend")}
            className={compact}
            value={view.trend ?? ""}
            onChange={(e) => onChange("trend", (e.target.value || undefined) as Trend | undefined)}
            data-testid={tid("trend")}
          >
            <option value="">Any</option>
            {TREND_OPTIONS.map((t) => (
              <option key={t} value={t}>
                {t === "rising" ? "Rising (+10%)" : t === "falling" ? "Falling (−10%)" : "Steady"}
              </option>
            ))}
          </Select>
        </Group>
        <Group label="Delivery within" htmlFor={id("ship")}>
          <Select
            id={id("ship")}
            className={compact}
            value={view.shipMax ?? ""}
            onChange={(e) => onChange("shipMax", e.target.value === "" ? undefined : Number(e.target.value))}
            data-testid={tid("ship")}
          >
            <option value="">Any</option>
            {view.shipMax !== undefined && !SHIP_DAYS.includes(view.shipMax) && (
              <option value={view.shipMax}>{view.shipMax} days</option>
            )}
            {SHIP_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </Select>
        </Group>
        <Group label="Ad platform" htmlFor={id("platform")}>
          <Select
            id={id("platform")}
            className={compact}
            value={view.platform ?? ""}
            onChange={(e) => onChange("platform", (e.target.value || undefined) as Platform | undefined)}
            data-testid={tid("platform")}
          >
            <option value="">Any</option>
            {PLATFORM_OPTIONS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Group>
        <Group label="Source" htmlFor={id("source")}>
          <Select
            id={id("source")}
            className={compact}
            value={view.source}
            onChange={(e) => onChange("source", e.target.value as Source)}
            data-testid={tid("source")}
          >
            <option value="all">All products</option>
            <option value="sample">Sample catalog</option>
            <option value="mine">My imports</option>
          </Select>
        </Group>
        <div className="col-span-2 md:col-span-1">
          <Group label="Saved list" htmlFor={id("saved")}>
            <Select
              id={id("saved")}
              className={compact}
              value={view.saved ?? ""}
              onChange={(e) => onChange("saved", e.target.value || undefined)}
              data-testid={tid("saved")}
            >
              <option value="">Any product</option>
              {view.saved && !lists?.some((l) => l.name === view.saved) && (
                <option value={view.saved}>{view.saved}</option>
              )}
              {lists?.map((l) => (
                <option key={l.name} value={l.name}>
                  {l.name} ({l.count})
                </option>
              ))}
            </Select>
            {lists?.length === 0 && (
              <p className="mt-1 text-xs text-subtle">Save products from their page to make lists.</p>
            )}
          </Group>
        </div>
      </div>

      {n > 0 && (
        <Button variant="ghost" size="sm" className="mt-3" onClick={onClear} data-testid={tid("clear")}>
          Clear {n === 1 ? "the filter" : `all ${n} filters`}
        </Button>
      )}
    </div>
  );
}

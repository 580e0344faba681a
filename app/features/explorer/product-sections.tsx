/**
 * A catalog product's record, section by section: what a sale keeps, the winning score and its
 * reasons, the weeks (orders, active ads, price), the ads seen and the stores selling it, the
 * record's provenance, and saving it to a list. The Explorer's quick-look panel and the product's
 * own page (`/flows/<id>`) both compose these, so every figure has one label and one definition
 * (ADR 020: `app/domain/market-figures.ts`).
 */
import { Bookmark, BookmarkCheck, Check, Plus } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { ProductRecord } from "~/domain/contracts/catalog";
import { FIGURE_DEFINITIONS, FIGURE_LABELS, keptAfterShipping } from "~/domain/market-figures";
import { errorMessage } from "~/lib/http";
import {
  Badge,
  Button,
  cx,
  Dialog,
  Field,
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
  Stat,
} from "~/ui";
import { capitalize, change, count, longWeek, money, moneyWhole, NOT_IN_RECORD, shortWeek } from "./format";
import { ScoreBreakdown } from "./score-parts";
import { useSavedLists, useToggleSave } from "./use-explorer";
import { WeekChart } from "./week-chart";

export function Section({
  title,
  children,
  aside,
  level = 3,
  id,
  className,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  /** 3 inside the panel (under the dialog's title), 2 on the product's page (under its h1). */
  level?: 2 | 3;
  id?: string;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={cx("mt-7", className)} aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-line pb-2">
        <Heading id={id} className="text-sm font-semibold uppercase tracking-wide text-subtle">
          {title}
        </Heading>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function NotInRecord() {
  return <span className="text-base font-semibold text-subtle">{NOT_IN_RECORD}</span>;
}

/** Sample data or the merchant's import, said next to the score. */
export function ProvenanceBadges({ p }: { p: ProductRecord }) {
  return (
    <>
      {p.isSampleData ? <Badge tone="warning">Sample data</Badge> : <Badge tone="brand">{p.source}</Badge>}
      {p.isSampleData && <span className="text-xs text-subtle">{p.source}: generated records, not live market data</span>}
    </>
  );
}

/** Price, supplier cost, shipping cost and what a sale keeps after shipping. */
export function MoneyGrid({ p, narrow = false }: { p: ProductRecord; /** Two columns at every width (a side column). */ narrow?: boolean }) {
  const kept = keptAfterShipping(p.priceCents, p.costCents, p.shippingCostCents);
  return (
    <>
      <div className={cx("grid grid-cols-2 gap-2", !narrow && "sm:grid-cols-4")} data-testid="product-money">
        <Stat
          label="Price"
          value={money(p.priceCents)}
          hint={p.compareAtPriceCents ? `Compare at ${money(p.compareAtPriceCents)}` : undefined}
        />
        <Stat label="Supplier cost" value={p.costCents === null ? <NotInRecord /> : money(p.costCents)} />
        <Stat
          label="Shipping cost"
          value={p.shippingCostCents === null ? <NotInRecord /> : money(p.shippingCostCents)}
          hint={p.shippingDays === null ? undefined : `${p.shippingDays} days to deliver`}
        />
        <Stat
          label={FIGURE_LABELS.keptAfterShipping}
          value={
            kept === null ? (
              <NotInRecord />
            ) : (
              <span className={kept.keptCents < 0 ? "text-danger" : undefined}>{money(kept.keptCents)}</span>
            )
          }
          hint={
            kept === null
              ? "Needs the cost and the shipping cost"
              : `${kept.keptPct}% of the price${p.marginPct === null ? "" : ` · ${FIGURE_LABELS.marginBeforeShipping.toLowerCase()} ${p.marginPct}%`}`
          }
        />
      </div>
      <p className="mt-2 text-xs text-subtle">
        {FIGURE_LABELS.keptAfterShipping}: {FIGURE_DEFINITIONS.keptAfterShipping.charAt(0).toLowerCase()}
        {FIGURE_DEFINITIONS.keptAfterShipping.slice(1)}
      </p>
    </>
  );
}

export function ScoreReasons({ p }: { p: ProductRecord }) {
  return p.score ? (
    <ScoreBreakdown score={p.score} />
  ) : (
    <p className="text-sm text-muted">This product has no score yet: the record lacks the data to score it.</p>
  );
}

/** Orders in the last 4 weeks, active ads, competition and delivery. */
export function WeekStats({ p }: { p: ProductRecord }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="product-week-stats">
      <Stat
        label="Orders, last 4 weeks"
        value={p.monthlyOrders === null ? <NotInRecord /> : count(p.monthlyOrders)}
        trend={
          p.trendPct === null
            ? undefined
            : {
                direction: p.trendPct > 0 ? "up" : p.trendPct < 0 ? "down" : "flat",
                label: `${change(Math.round(p.trendPct))} vs 4 weeks before`,
              }
        }
      />
      <Stat
        label={FIGURE_LABELS.activeAds}
        value={count(p.activeAds)}
        hint={p.mainPlatform ? `Mostly on ${p.mainPlatform}` : undefined}
      />
      <Stat label="Competition" value={p.competition ? capitalize(p.competition) : <NotInRecord />} />
      <Stat label="Delivery" value={p.shippingDays === null ? <NotInRecord /> : `${p.shippingDays} days`} />
    </div>
  );
}

/**
 * The three weekly charts (orders, active ads, price), each readable as a table: stacked, or
 * `wide` (a full-width page section) with orders across the top and the other two side by side
 * from 1024 px.
 */
export function WeekCharts({ p, className, wide = false }: { p: ProductRecord; className?: string; wide?: boolean }) {
  if (p.weeklyOrders.length <= 1)
    return <p className={cx("text-sm text-muted", className)}>{NOT_IN_RECORD}: this product has no weekly history.</p>;
  const weeks = p.weeklyOrders.map((w) => shortWeek(w.weekOf));
  const longWeeks = p.weeklyOrders.map((w) => `Week of ${longWeek(w.weekOf)}`);
  return (
    <div className={cx(wide ? "grid gap-x-8 gap-y-7 lg:grid-cols-2 lg:[&>figure:first-child]:col-span-2" : "space-y-7", className)}>
      <WeekChart
        title="Orders per week"
        unit="Orders, all stores in the catalog"
        labels={weeks}
        longLabels={longWeeks}
        series={[{ label: "Orders", values: p.weeklyOrders.map((w) => w.value), tone: "brand", bars: true }]}
        format={(v) => `${count(v)} orders`}
        formatTick={(v) => count(v)}
        integer
        data-testid="chart-orders"
      />
      <WeekChart
        title={`${FIGURE_LABELS.activeAds} per week`}
        unit="Ads running for this product"
        labels={weeks}
        longLabels={longWeeks}
        series={[{ label: FIGURE_LABELS.activeAds, values: p.weeklyActiveAds.map((w) => w.value), tone: "accent" }]}
        format={(v) => `${count(v)} ads`}
        formatTick={(v) => count(v)}
        integer
        data-testid="chart-ads"
      />
      <WeekChart
        title="Price history"
        unit="Listed price, US dollars"
        labels={weeks}
        longLabels={longWeeks}
        series={[{ label: "Price", values: p.weeklyPriceCents.map((w) => w.value), tone: "brand" }]}
        format={money}
        formatTick={moneyWhole}
        fromZero={false}
        data-testid="chart-price"
      />
    </div>
  );
}

/** "Ads seen (n)" with how many are active and ended (ADR 020's title for every ad list). */
export function adsTitle(p: ProductRecord): string {
  return `${FIGURE_LABELS.adsSeen} (${p.ads.length})`;
}

export function AdsActiveLine({ p }: { p: ProductRecord }) {
  const active = p.ads.filter((ad) => ad.active).length;
  return (
    <span className="text-xs text-muted" data-testid="product-ads-active">
      {count(active)} active · {count(p.ads.length - active)} ended
    </span>
  );
}

export function AdList({ p, className }: { p: ProductRecord; className?: string }) {
  if (!p.ads.length) return <p className="text-sm text-muted">No ads for this product in the catalog.</p>;
  return (
    <ul className={cx("space-y-2", className)} data-testid="product-ads">
      {p.ads.map((ad) => (
        <li key={ad.id} className="rounded-xl border border-line bg-surface p-3" data-testid="product-ad">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 break-words text-sm font-medium text-fg">&ldquo;{ad.hook}&rdquo;</p>
            <Badge tone={ad.active ? "success" : "neutral"}>{ad.active ? "Active" : "Ended"}</Badge>
          </div>
          <p className="mt-1 text-xs text-muted">
            <span className="font-semibold text-fg">{ad.platform}</span>
            {[
              ad.format && capitalize(ad.format),
              ad.visualStyle && capitalize(ad.visualStyle),
              ad.lengthSeconds ? `${ad.lengthSeconds} seconds` : null,
              `${capitalize(ad.angle)} angle`,
            ]
              .filter(Boolean)
              .map((part) => ` · ${part}`)
              .join("")}
          </p>
          <p className="mt-1 text-xs text-subtle">
            {count(ad.views)} views · {ad.engagementRatePct}% engagement · {ad.active ? "running" : "ran"}{" "}
            {count(ad.daysRunning)} days
            {ad.firstSeen ? ` · first seen week of ${longWeek(ad.firstSeen)}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function storesTitle(p: ProductRecord): string {
  return `Stores selling it (${p.stores.length})`;
}

/** The stores in the catalog that list it; `action` puts a control at the end of each row (the page's "Track"). */
export function StoreList({
  p,
  action,
}: {
  p: ProductRecord;
  action?: (store: ProductRecord["stores"][number]) => ReactNode;
}) {
  if (!p.stores.length) return <p className="text-sm text-muted">No store in the catalog lists it.</p>;
  return (
    <ul className="divide-y divide-line/70 rounded-xl border border-line" data-testid="product-stores">
      {p.stores.map((s) => (
        <li
          key={s.id}
          className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm"
          data-testid="product-store"
          data-store-id={s.id}
        >
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">{s.name}</p>
            <p className="text-xs text-muted">
              {s.platform} · about {moneyWhole(s.estMonthlyRevenueUsd * 100)}/month
            </p>
          </div>
          {action && <div className="shrink-0">{action(s)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** Where the record comes from, and the catalog's own rating said as what it is. */
export function RecordSource({ p, className }: { p: ProductRecord; className?: string }) {
  return (
    <p className={cx("text-xs text-subtle", className)}>
      {p.source}
      {p.vendor ? ` · vendor ${p.vendor}` : ""}
      {p.launchMonth ? ` · launched ${p.launchMonth}` : ""}
      {p.catalogRating === null ? "" : ` · catalog rating ${p.catalogRating} of 5 (a catalog figure, not customer reviews)`}
    </p>
  );
}

/** Save to a list: the user's lists (checked where the product is), and a new list by name. */
export function SaveMenu({ product, className }: { product: ProductRecord; className?: string }) {
  const lists = useSavedLists();
  const toggle = useToggleSave(product.id);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const names = lists.data?.map((l) => l.name) ?? [];
  const shown = names.includes("Saved") || names.length ? names : ["Saved"];
  const saved = product.savedLists.length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = name.trim();
    if (!list) return setError("Name the list");
    if (list.length > 60) return setError("List names are at most 60 characters");
    toggle.mutate(
      { list, save: true },
      {
        onSuccess: () => {
          setNaming(false);
          setName("");
        },
        onError: (err) => setError(errorMessage(err, "Couldn't save it. Please try again.")),
      },
    );
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button
            variant="secondary"
            size="sm"
            className={className}
            loading={toggle.isPending}
            icon={
              saved ? (
                <BookmarkCheck className="size-3.5 text-brand" aria-hidden />
              ) : (
                <Bookmark className="size-3.5" aria-hidden />
              )
            }
            data-testid="product-save"
          >
            {saved ? `Saved (${product.savedLists.length})` : "Save to list"}
          </Button>
        </MenuTrigger>
        <MenuContent align="start" data-testid="save-menu">
          <MenuLabel>Your lists</MenuLabel>
          {shown.map((list) => {
            const inList = product.savedLists.includes(list);
            return (
              <MenuItem key={list} onSelect={() => toggle.mutate({ list, save: !inList })} data-testid="save-menu-list">
                <span className="grid size-4 place-items-center" aria-hidden>
                  {inList && <Check className="size-4 text-brand" />}
                </span>
                <span className="min-w-0 flex-1 truncate">{list}</span>
                <span className="sr-only">{inList ? "(saved here; choose to remove)" : ""}</span>
              </MenuItem>
            );
          })}
          <MenuSeparator />
          <MenuItem
            onSelect={() => {
              setError(undefined);
              setNaming(true);
            }}
            data-testid="save-menu-new"
          >
            <Plus className="size-4" aria-hidden />
            New list…
          </MenuItem>
        </MenuContent>
      </Menu>
      <Dialog
        open={naming}
        onOpenChange={setNaming}
        title="Save to a new list"
        description={`“${product.name}” goes in it; the list appears in the Explorer's saved-list filter.`}
        data-testid="new-list-dialog"
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field
            label="List name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            maxLength={60}
            placeholder="e.g. Test in March"
            error={error}
            autoFocus
            data-testid="new-list-name"
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={toggle.isPending} data-testid="new-list-save">
              Save
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/**
 * A product's page of the Explorer, opened over the results by `?product=<id>` (the chat's record
 * panel links there): its score with every reason, orders, ads and price week by week, what a
 * sale keeps at the listed price, the ads running it and the stores selling it; save it to a
 * list, ask the chat about it, or build its page.
 */
import { Link } from "@remix-run/react";
import {
  AlertTriangle,
  Bookmark,
  BookmarkCheck,
  Check,
  FileSearch,
  LayoutTemplate,
  MessageSquare,
  Plus,
  RefreshCw,
} from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { ProductRecord } from "~/domain/contracts/catalog";
import { FIGURE_DEFINITIONS, FIGURE_LABELS, keptAfterShipping } from "~/domain/market-figures";
import { HttpError, errorMessage } from "~/lib/http";
import {
  Badge,
  Button,
  buttonClasses,
  Dialog,
  Field,
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
  Skeleton,
  Stat,
} from "~/ui";
import { chatQuestion } from "./explorer-query";
import {
  capitalize,
  change,
  count,
  longWeek,
  money,
  moneyWhole,
  NOT_IN_RECORD,
  shortWeek,
} from "./format";
import { ScoreBadge, ScoreBreakdown } from "./score-parts";
import { useProductRecord, useSavedLists, useToggleSave } from "./use-explorer";
import { WeekChart } from "./week-chart";

export function ProductPanel({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const record = useProductRecord(productId);
  const p = record.data;
  const title = p?.name ?? (record.isError ? "Product not available" : "Loading the product…");
  return (
    <Dialog
      open={productId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<span data-testid="product-title">{title}</span>}
      description={p ? `${p.productType} · ${p.niche.name} · ${p.id}` : productId ? `Product ${productId}` : undefined}
      className="md:max-w-3xl"
      data-testid="product-panel"
    >
      {record.isPending ? (
        <PanelSkeleton />
      ) : record.isError ? (
        <PanelError
          error={record.error}
          productId={productId ?? ""}
          retrying={record.isFetching}
          onRetry={() => void record.refetch()}
        />
      ) : p ? (
        <ProductBody p={p} />
      ) : null}
    </Dialog>
  );
}

function PanelSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4" data-testid="product-loading">
      <span className="sr-only">Loading the product…</span>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-40" />
      <Skeleton lines={4} />
    </div>
  );
}

function PanelError({
  error,
  productId,
  retrying,
  onRetry,
}: {
  error: unknown;
  productId: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const missing = error instanceof HttpError && error.status === 404;
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-warning/35 bg-warning/10 p-4 text-sm"
      data-testid="product-error"
    >
      <p className="flex items-center gap-2 font-semibold text-fg">
        <AlertTriangle className="size-4 text-warning" aria-hidden />
        {missing ? `No product ${productId} in the catalog` : "Couldn't load this product"}
      </p>
      <p className="text-muted">
        {missing
          ? "It may have been an import that was removed, or the link is mistyped."
          : errorMessage(error, "Something went wrong on our side.")}
      </p>
      {!missing && (
        <Button
          variant="secondary"
          size="sm"
          loading={retrying}
          icon={<RefreshCw className="size-3.5" aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      )}
    </div>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="mt-7">
      <div className="mb-3 flex items-baseline justify-between gap-3 border-b border-line pb-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-subtle">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function ProductBody({ p }: { p: ProductRecord }) {
  const kept = keptAfterShipping(p.priceCents, p.costCents, p.shippingCostCents);
  const activeShown = p.ads.filter((ad) => ad.active).length;
  const weeks = p.weeklyOrders.map((w) => shortWeek(w.weekOf));
  const longWeeks = p.weeklyOrders.map((w) => `Week of ${longWeek(w.weekOf)}`);
  const question = chatQuestion(p);
  return (
    <div data-testid="product-body" data-product-id={p.id}>
      <div className="flex flex-wrap items-center gap-2">
        <ScoreBadge score={p.score?.score ?? null} />
        {p.isSampleData ? <Badge tone="warning">Sample data</Badge> : <Badge tone="brand">{p.source}</Badge>}
        {p.isSampleData && (
          <span className="text-xs text-subtle">{p.source}: generated records, not live market data</span>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <SaveMenu product={p} />
        <Link
          to={`/chat?q=${encodeURIComponent(question)}`}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          data-testid="product-ask-chat"
        >
          <MessageSquare className="size-3.5" aria-hidden />
          Ask in chat
        </Link>
        <Link
          to={`/ai-page-builder?product=${encodeURIComponent(p.id)}`}
          className={buttonClasses({ variant: "primary", size: "sm" })}
          data-testid="product-build-page"
        >
          <LayoutTemplate className="size-3.5" aria-hidden />
          Build a page
        </Link>
        <Link
          to={`/market-analysis?product=${encodeURIComponent(p.id)}`}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          data-testid="product-deep-analysis"
        >
          <FileSearch className="size-3.5" aria-hidden />
          Deep analysis
        </Link>
      </div>

      <Section title="Money per sale">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="product-money">
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
      </Section>

      <Section title="Winning score and its reasons">
        {p.score ? (
          <ScoreBreakdown score={p.score} />
        ) : (
          <p className="text-sm text-muted">This product has no score yet: the record lacks the data to score it.</p>
        )}
      </Section>

      <Section title="Week by week">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
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
        {p.weeklyOrders.length > 1 ? (
          <div className="mt-5 space-y-7">
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
              title="Active ads per week"
              unit="Ads running for this product"
              labels={weeks}
              longLabels={longWeeks}
              series={[{ label: "Active ads", values: p.weeklyActiveAds.map((w) => w.value), tone: "accent" }]}
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
        ) : (
          <p className="mt-3 text-sm text-muted">{NOT_IN_RECORD}: this product has no weekly history.</p>
        )}
      </Section>

      <Section
        title={`${FIGURE_LABELS.adsSeen} (${p.ads.length})`}
        aside={
          <span className="text-xs text-muted" data-testid="product-ads-active">
            {count(activeShown)} active · {count(p.ads.length - activeShown)} ended
          </span>
        }
      >
        {p.ads.length ? (
          <ul className="space-y-2" data-testid="product-ads">
            {p.ads.map((ad) => (
              <li key={ad.id} className="rounded-xl border border-line bg-surface p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="text-sm font-medium text-fg">&ldquo;{ad.hook}&rdquo;</p>
                  <Badge tone={ad.active ? "success" : "neutral"}>
                    {ad.active ? "Active" : "Ended"}
                  </Badge>
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
                  {count(ad.views)} views · {ad.engagementRatePct}% engagement · {ad.active ? "running" : "ran"} {count(ad.daysRunning)} days
                  {ad.firstSeen ? ` · first seen week of ${longWeek(ad.firstSeen)}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No ads for this product in the catalog.</p>
        )}
      </Section>

      <Section title={`Stores selling it (${p.stores.length})`}>
        {p.stores.length ? (
          <ul className="divide-y divide-line/70 rounded-xl border border-line" data-testid="product-stores">
            {p.stores.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
                <span className="min-w-0 truncate font-medium text-fg">{s.name}</span>
                <span className="shrink-0 text-xs text-muted">
                  {s.platform} · about {moneyWhole(s.estMonthlyRevenueUsd * 100)}/month
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No store in the catalog lists it.</p>
        )}
      </Section>

      <p className="mt-6 text-xs text-subtle">
        {p.source}
        {p.vendor ? ` · vendor ${p.vendor}` : ""}
        {p.launchMonth ? ` · launched ${p.launchMonth}` : ""}
        {p.catalogRating === null
          ? ""
          : ` · catalog rating ${p.catalogRating} of 5 (a catalog figure, not customer reviews)`}
      </p>
    </div>
  );
}

function NotInRecord() {
  return <span className="text-base font-semibold text-subtle">{NOT_IN_RECORD}</span>;
}

/** Save to a list: the user's lists (checked where the product is), and a new list by name. */
function SaveMenu({ product }: { product: ProductRecord }) {
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

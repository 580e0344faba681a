import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import type {
  AdRecord,
  CatalogRecord,
  NicheRecord,
  ProductRecord,
  ProductSummary,
  StoreRecord,
} from "~/domain/contracts/catalog";
import type { CatalogRecordKind, CitedRecord } from "~/domain/contracts/chats";
import { FIGURE_LABELS } from "~/domain/market-figures";
import { CanonRecordView, PassageRecordView } from "./project-record";
import { RecordError, RecordSkeleton } from "./record-states";
import { getQueryFn } from "~/lib/http";
import { IconButton } from "~/ui/icon-button";
import { useDialogFocus } from "~/ui/dialog-focus";
import { Badge, Stat } from "~/ui/display";
import { Tile, Button } from "~/ui";

const PATHS: Record<CatalogRecordKind, string> = { product: "products", ad: "ads", store: "stores", niche: "niches" };

/** One cache family for catalog records: ["/api/catalog/{kind}s/{id}"]. */
export const catalogRecordKey = (record: CitedRecord & { kind: CatalogRecordKind }) =>
  [`/api/catalog/${PATHS[record.kind]}/${encodeURIComponent(record.id)}`] as const;

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;
const count = (value: number) => value.toLocaleString("en-US");
const change = (pct: number) => `${pct > 0 ? "+" : ""}${pct}%`;

/**
 * The record a citation points to, in a side sheet (a bottom sheet on phones): a product with
 * its price, cost, margin, orders trend, ads and stores; an ad; a store; a niche. Rows inside
 * open their own record here, and Back returns to the one before.
 */
export function RecordPanel({ record, onClose }: { record: CitedRecord | null; onClose(): void }) {
  const [trail, setTrail] = useState<CitedRecord[]>([]);
  useEffect(() => setTrail(record ? [record] : []), [record]);
  const current = trail.at(-1) ?? null;
  const open = (next: CitedRecord) => setTrail((t) => [...t, next]);
  const back = () => setTrail((t) => t.slice(0, -1));
  const focus = useDialogFocus();

  return (
    <Dialog.Root open={record !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0 dark:bg-black/60" />
        <Dialog.Content
          {...focus}
          aria-describedby={undefined}
          data-testid="record-panel"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl border border-line bg-surface text-fg shadow-2xl shadow-black/40 outline-none transition-transform duration-300 ease-out starting:translate-y-full md:inset-y-0 md:left-auto md:right-0 md:max-h-none md:w-[440px] md:rounded-none md:rounded-l-2xl md:starting:translate-x-full md:starting:translate-y-0"
        >
          <div className="flex shrink-0 items-center gap-2 border-b border-line px-4 py-3">
            {trail.length > 1 && (
              <IconButton label="Back to the previous record" size="sm" onClick={back}>
                <ArrowLeft className="size-4" aria-hidden />
              </IconButton>
            )}
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">
              {current ? titleOf(current) : "Source"}
            </Dialog.Title>
            <Badge tone="neutral">Sample catalog</Badge>
            <Dialog.Close asChild>
              <IconButton label="Close" size="sm">
                <X className="size-4" aria-hidden />
              </IconButton>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-4">
            {current && <RecordBody record={current} onOpen={open} />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function titleOf(record: CitedRecord): string {
  if (record.kind === "passage") return "From your knowledge base";
  if (record.kind === "canon") return "Project canon";
  return `${record.kind === "niche" ? "Niche" : record.kind.charAt(0).toUpperCase() + record.kind.slice(1)} ${record.kind === "niche" ? "" : record.id}`.trim();
}

function RecordBody({ record, onOpen }: { record: CitedRecord; onOpen(record: CitedRecord): void }) {
  if (record.kind === "passage") return <PassageRecordView id={record.id} />;
  if (record.kind === "canon") return <CanonRecordView id={record.id} />;
  return <CatalogRecordBody record={{ ...record, kind: record.kind }} onOpen={onOpen} />;
}

function CatalogRecordBody({ record, onOpen }: { record: CitedRecord & { kind: CatalogRecordKind }; onOpen(record: CitedRecord): void }) {
  const query = useQuery({
    queryKey: catalogRecordKey(record),
    queryFn: getQueryFn<CatalogRecord>({ on401: "throw" }),
    staleTime: 5 * 60_000,
  });
  if (query.isPending) return <RecordSkeleton />;
  if (query.isError || !query.data) return <RecordError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  switch (data.kind) {
    case "product":
      return <ProductView product={data} onOpen={onOpen} />;
    case "ad":
      return <AdView ad={data} onOpen={onOpen} />;
    case "store":
      return <StoreView store={data} onOpen={onOpen} />;
    case "niche":
      return <NicheView niche={data} onOpen={onOpen} />;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.08em] text-subtle">{title}</h3>
      {children}
    </section>
  );
}

function RowButton({ onClick, children, label }: { onClick(): void; children: ReactNode; label: string }) {
  return (
    <Tile surface="plain" radius="lg" onClick={onClick} className="flex w-full items-center gap-3 px-2.5 py-2 text-sm">
      {/* Named by the row's own text first (WCAG 2.5.3), then what a press opens. */}
      {children}
      <span className="sr-only">, {label}</span>
    </Tile>
  );
}

function ProductRows({ products, onOpen }: { products: ProductSummary[]; onOpen(record: CitedRecord): void }) {
  if (!products.length) return <p className="text-sm text-muted">None in the catalog.</p>;
  return (
    <ul className="-mx-2.5 divide-y divide-line/60">
      {products.map((p) => (
        <li key={p.id}>
          <RowButton onClick={() => onOpen({ kind: "product", id: p.id })} label={`open product ${p.id}`}>
            <span className="w-14 shrink-0 font-mono text-xs text-subtle">{p.id}</span>
            <span className="min-w-0 flex-1 truncate">{p.name}</span>
            <span className="shrink-0 tabular-nums text-muted">{money(p.priceCents)}</span>
            <span className="w-16 shrink-0 text-right tabular-nums text-muted">{count(p.monthlyOrders)}/mo</span>
          </RowButton>
        </li>
      ))}
    </ul>
  );
}

function ProductView({ product: p, onOpen }: { product: ProductRecord; onOpen(record: CitedRecord): void }) {
  return (
    <div data-testid="record-product">
      <p className="text-lg font-semibold leading-snug">{p.name}</p>
      <p className="mt-0.5 text-sm text-muted">
        {p.productType} ·{" "}
        <Button variant="link" onClick={() => onOpen({ kind: "niche", id: p.niche.id })}>
          {p.niche.name}
        </Button>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Stat label="Price" value={money(p.priceCents)} />
        <Stat label="Supplier cost" value={p.costCents === null ? "Not in the record" : money(p.costCents)} />
        <Stat
          label={FIGURE_LABELS.marginBeforeShipping}
          value={p.marginCents === null ? "Not in the record" : money(p.marginCents)}
          hint={p.marginPct === null ? undefined : `${p.marginPct}% of the price`}
        />
        <Stat
          label="Shipping cost"
          value={p.shippingCostCents === null ? "Not in the record" : money(p.shippingCostCents)}
          hint={p.shippingDays === null ? undefined : `${p.shippingDays} days to deliver`}
        />
        <Stat
          label="Orders, last 4 weeks"
          value={p.monthlyOrders === null ? "Not in the record" : count(p.monthlyOrders)}
          trend={
            p.trendPct === null
              ? undefined
              : {
                  direction: p.trendPct > 0 ? "up" : p.trendPct < 0 ? "down" : "flat",
                  label: `${change(p.trendPct)} against the 4 weeks before`,
                }
          }
        />
        <Stat
          label="Competition"
          value={<span className="capitalize">{p.competition ?? "Unknown"}</span>}
          hint={`${count(p.activeAds)} ${FIGURE_LABELS.activeAds.toLowerCase()}`}
        />
      </div>
      {p.score ? (
        <p className="mt-3 text-sm">
          Winning score <span className="font-semibold">{p.score.score}</span> of 100 ·{" "}
          <a className="font-medium text-brand hover:underline" href={`/ai-explore?product=${encodeURIComponent(p.id)}`}>
            See its reasons in the Explorer
          </a>
        </p>
      ) : null}
      <p className="mt-3 text-xs text-subtle">
        {p.catalogRating === null ? "No catalog rating" : `Catalog rating ${p.catalogRating} of 5 (a catalog figure, not customer reviews)`}
        {p.launchMonth ? ` · launched ${p.launchMonth}` : ""}
      </p>
      <Section title={`${FIGURE_LABELS.adsSeen} (${p.ads.length}) · ${count(p.ads.filter((ad) => ad.active).length)} active`}>
        {p.ads.length ? (
          <ul className="-mx-2.5 divide-y divide-line/60">
            {p.ads.map((ad) => (
              <li key={ad.id}>
                <RowButton onClick={() => onOpen({ kind: "ad", id: ad.id })} label={`open ad ${ad.id}`}>
                  <span className="w-14 shrink-0 font-mono text-xs text-subtle">{ad.id}</span>
                  <span className="min-w-0 flex-1 truncate">&ldquo;{ad.hook}&rdquo;</span>
                  <span className="shrink-0 text-xs text-muted">
                    {ad.platform} · {ad.engagementRatePct}% · {ad.active ? "active" : "ended"}
                  </span>
                </RowButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No ads for this product in the catalog.</p>
        )}
      </Section>
      <Section title={`Stores selling it (${p.stores.length})`}>
        {p.stores.length ? (
          <ul className="-mx-2.5 divide-y divide-line/60">
            {p.stores.map((s) => (
              <li key={s.id}>
                <RowButton onClick={() => onOpen({ kind: "store", id: s.id })} label={`open store ${s.id}`}>
                  <span className="w-14 shrink-0 font-mono text-xs text-subtle">{s.id}</span>
                  <span className="min-w-0 flex-1 truncate">{s.name}</span>
                  <span className="shrink-0 text-xs text-muted">
                    {s.platform} · {dollars(s.estMonthlyRevenueUsd)}/mo
                  </span>
                </RowButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No store in the catalog lists it.</p>
        )}
      </Section>
    </div>
  );
}

function AdView({ ad, onOpen }: { ad: AdRecord; onOpen(record: CitedRecord): void }) {
  return (
    <div data-testid="record-ad">
      <p className="text-lg font-semibold leading-snug">&ldquo;{ad.hook}&rdquo;</p>
      <p className="mt-0.5 text-sm text-muted">
        {ad.platform} · {ad.angle} angle
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Stat label="Views" value={count(ad.views)} />
        <Stat
          label="Engagement"
          value={`${ad.engagementRatePct}%`}
          hint={`${count(ad.engagements)} likes, comments and shares`}
        />
        <Stat label="Running" value={`${count(ad.daysRunning)} days`} />
      </div>
      <Section title="Product">
        <ProductRows products={[ad.product]} onOpen={onOpen} />
      </Section>
    </div>
  );
}

function StoreView({ store, onOpen }: { store: StoreRecord; onOpen(record: CitedRecord): void }) {
  return (
    <div data-testid="record-store">
      <p className="text-lg font-semibold leading-snug">{store.name}</p>
      <p className="mt-0.5 text-sm text-muted">
        {store.platform} · {store.niche.name} · since {store.launchMonth}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Stat
          label="Est. revenue a month"
          value={dollars(store.estMonthlyRevenueUsd)}
          hint="An estimate in the sample catalog"
        />
        <Stat label="Products listed" value={count(store.productCount)} />
      </div>
      <Section title="Catalog products it sells">
        <ProductRows products={store.products} onOpen={onOpen} />
      </Section>
    </div>
  );
}

function NicheView({ niche, onOpen }: { niche: NicheRecord; onOpen(record: CitedRecord): void }) {
  return (
    <div data-testid="record-niche">
      <p className="text-lg font-semibold leading-snug">{niche.name}</p>
      <p className="mt-0.5 text-sm text-muted">For {niche.audience}</p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Stat label="Products" value={count(niche.productCount)} />
        <Stat
          label="Median price"
          value={money(niche.medianPriceCents)}
          hint={`${money(niche.minPriceCents)} to ${money(niche.maxPriceCents)}`}
        />
        <Stat label={`Average ${FIGURE_LABELS.marginBeforeShipping.toLowerCase()}`} value={`${niche.avgMarginPct}%`} />
        <Stat
          label="Orders a month"
          value={count(niche.totalMonthlyOrders)}
          trend={{
            direction: niche.medianTrendPct > 0 ? "up" : niche.medianTrendPct < 0 ? "down" : "flat",
            label: `median ${change(niche.medianTrendPct)}`,
          }}
        />
        <Stat label={FIGURE_LABELS.adsSeen} value={count(niche.adCount)} />
        <Stat label="Stores" value={count(niche.storeCount)} />
      </div>
      <Section title="Best products">
        <ProductRows products={niche.topProducts} onOpen={onOpen} />
      </Section>
    </div>
  );
}

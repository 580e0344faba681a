/** Up to three tracked stores side by side: product counts, prices, price bands and best sellers. */
import { useEffect, useRef } from "react";
import type { CompetitorComparison } from "~/domain/contracts/market";
import { errorMessage } from "~/lib/http";
import { Badge, Skeleton, Button } from "~/ui";
import { bandWidths, formatCents, plural } from "./competitor-logic";
import { CloseButton, LoadError } from "./parts";
import { useComparison } from "./use-competitors";

export function CompareView({ ids, onClose, onOpen }: { ids: string[]; onClose: () => void; onOpen: (id: string) => void }) {
  const comparison = useComparison(ids);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [ids.join(",")]); // eslint-disable-line react-hooks/exhaustive-deps -- scroll when the set changes, not on every new array

  return (
    <section ref={ref} className="mt-8 scroll-mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-6" aria-labelledby="compare-heading" data-testid="compare-view">
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="compare-heading" className="text-xl font-bold tracking-tight text-fg">
            Side by side
          </h2>
          <p className="mt-1 text-sm text-muted">Listed products only; prices are each product's cheapest variant.</p>
        </div>
        <CloseButton label="Close the comparison" onClick={onClose} />
      </header>
      {comparison.isPending ? (
        <div role="status" className={ids.length === 3 ? "mt-5 grid gap-4 md:grid-cols-3" : "mt-5 grid gap-4 md:grid-cols-2"} aria-busy="true" aria-label="Loading the comparison">
          {ids.map((id) => (
            <Skeleton key={id} className="h-72" />
          ))}
        </div>
      ) : comparison.isError ? (
        <div className="mt-5">
          <LoadError message={errorMessage(comparison.error, "The comparison could not be loaded.")} retrying={comparison.isFetching} onRetry={() => void comparison.refetch()} />
        </div>
      ) : (
        <Columns data={comparison.data} onOpen={onOpen} />
      )}
    </section>
  );
}

function Columns({ data, onOpen }: { data: CompetitorComparison; onOpen: (id: string) => void }) {
  // The widest band across the stores sets the bars' scale, so bars compare between columns.
  const maxShare = Math.max(1, ...data.stores.flatMap((s) => s.priceBands.map((b) => (s.productCount ? b.count / s.productCount : 0))));
  const medians = data.stores.map((s) => s.medianPriceCents ?? 0);
  return (
    <div className="mt-5 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="grid snap-x snap-mandatory auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-4" data-testid="compare-columns">
        {data.stores.map((s) => {
          const shares = s.priceBands.map((b) => (s.productCount ? b.count / s.productCount : 0));
          const widths = bandWidths(shares.map((x) => Math.round((x / maxShare) * 1000)));
          const cheapest = s.medianPriceCents !== null && s.medianPriceCents === Math.min(...medians);
          return (
            <li key={s.id} className="flex snap-start flex-col rounded-xl border border-line p-4" data-testid="compare-column">
              <Button variant="link" onClick={() => onOpen(s.id)} className="block max-w-full truncate">
                {s.name}
              </Button>
              <div className="mt-1 flex flex-wrap gap-1.5">
                {s.isSampleData ? <Badge tone="warning">Sample data</Badge> : <Badge tone="brand">{s.platform}</Badge>}
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs text-subtle">Products</dt>
                  <dd className="text-lg font-bold tabular-nums text-fg">{s.productCount.toLocaleString("en-US")}</dd>
                </div>
                <div>
                  <dt className="text-xs text-subtle">Median price</dt>
                  <dd className="text-lg font-bold tabular-nums text-fg">
                    {formatCents(s.medianPriceCents)}
                    {cheapest && data.stores.length > 1 && <span className="ml-1 align-middle text-[11px] font-semibold text-accent">lowest</span>}
                  </dd>
                </div>
                <div className="col-span-2">
                  <dt className="text-xs text-subtle">Price range</dt>
                  <dd className="tabular-nums text-fg">
                    {formatCents(s.minPriceCents)} – {formatCents(s.maxPriceCents)}
                  </dd>
                </div>
              </dl>
              <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-subtle">Price bands</h3>
              <ul className="mt-2 space-y-1.5">
                {s.priceBands.map((b, i) => (
                  <li key={b.label} className="grid grid-cols-[4.5rem_minmax(0,1fr)_2.5rem] items-center gap-2 text-[13px]">
                    <span className="text-muted">{b.label}</span>
                    <span className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden>
                      <span className="block h-full rounded-full bg-brand" style={{ width: `${widths[i]}%` }} />
                    </span>
                    <span className="text-right tabular-nums text-fg">{Math.round(shares[i] * 100)}%</span>
                  </li>
                ))}
              </ul>
              <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-subtle">Best sellers</h3>
              {s.bestSellers.length ? (
                <ol className="mt-2 space-y-1.5">
                  {s.bestSellers.map((l) => (
                    <li key={l.productKey} className="flex items-center gap-2 text-[13px]">
                      <span className="w-5 shrink-0 tabular-nums text-subtle">{l.bestSellerRank}.</span>
                      <span className="min-w-0 flex-1 truncate text-fg" title={l.title}>
                        {l.title}
                      </span>
                      <span className="shrink-0 tabular-nums text-muted">{formatCents(l.priceCents)}</span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-[13px] text-muted">No best-selling order exposed.</p>
              )}
              <p className="mt-auto pt-4 text-xs text-subtle">{plural(s.productCount, "listed product")}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The gallery's filters: kind, project, size, product and a date range; each change writes the URL. */
import { useQuery } from "@tanstack/react-query";
import { Package, SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { IMAGE_KINDS, VISUAL_PRESETS, type VisualPresetId } from "~/domain/images";
import { Button, Dialog, Input, RadioGroup, Segment, Select, cx } from "~/ui";
import { activeFilterCount, KIND_LABELS, withFilter, type GalleryFilters } from "./gallery-logic";
import { ClearButton, fetchCatalogProduct, ProductSearch } from "./parts";
import { useProjectOptions } from "./use-images";

export function GalleryFilterBar({
  filters,
  onChange,
  className,
}: {
  filters: GalleryFilters;
  onChange: (next: GalleryFilters) => void;
  className?: string;
}) {
  const projects = useProjectOptions();
  const [picking, setPicking] = useState(false);
  const [productNames, setProductNames] = useState<Record<string, string>>({});
  // A product filter from the URL (a reload, a shared link) is named from the catalog.
  const productName = useQuery({
    queryKey: ["/api/catalog/products", "name", filters.productId],
    queryFn: async ({ signal }) => (await fetchCatalogProduct(filters.productId!, signal)).name,
    enabled: Boolean(filters.productId && !productNames[filters.productId]),
    staleTime: Infinity,
    retry: false,
  });
  const ids = { project: useId(), size: useId(), from: useId(), to: useId(), more: useId() };
  // Phones fold all but the kind behind "Filters"; a filter already set keeps them open.
  const others = activeFilterCount(filters) - (filters.kind ? 1 : 0);
  const [more, setMore] = useState(others > 0);
  const set = <K extends keyof GalleryFilters>(key: K, value: GalleryFilters[K] | "") =>
    onChange(withFilter(filters, key, value));
  const count = activeFilterCount(filters);
  const productLabel = filters.productId
    ? (productNames[filters.productId] ?? productName.data ?? (productName.isError ? "A product" : "Loading…"))
    : null;

  return (
    <div
      className={cx("rounded-2xl border border-line bg-surface p-3 sm:p-4", className)}
      data-testid="gallery-filters"
    >
      <div className="flex flex-wrap items-center gap-2">
        <RadioGroup
          aria-label="Kind of image"
          className="inline-flex max-w-full gap-1 rounded-xl bg-surface-2 p-1"
        >
          {[undefined, ...IMAGE_KINDS].map((k) => {
            const on = filters.kind === k;
            return (
              <Segment
                key={k ?? "all"}
                size="sm"
                role="radio"
                aria-checked={on}
                onClick={() => set("kind", k ?? "")}
                data-testid={`kind-${k ?? "all"}`}
                className="sm:px-3"
              >
                {k === "visual" ? (
                  <>
                    <span className="sm:hidden">Visuals</span>
                    <span className="hidden sm:inline">{KIND_LABELS[k].filter}</span>
                  </>
                ) : k ? (
                  KIND_LABELS[k].filter
                ) : (
                  "All"
                )}
              </Segment>
            );
          })}
        </RadioGroup>
        <Button
          variant="secondary"
          size="sm"
          className="sm:hidden"
          aria-expanded={more}
          aria-controls={ids.more}
          onClick={() => setMore((m) => !m)}
          icon={<SlidersHorizontal aria-hidden className="size-3.5" />}
          data-testid="more-filters"
        >
          Filters{others > 0 ? ` (${others})` : ""}
        </Button>
        {count > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => onChange({})}
            data-testid="clear-filters"
          >
            Clear<span className="hidden sm:inline">&nbsp;filters</span> ({count})
          </Button>
        )}
      </div>

      <div
        id={ids.more}
        className={cx(
          "mt-3 grid-cols-2 gap-2 sm:grid sm:gap-3 md:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]",
          more ? "grid" : "hidden",
        )}
      >
        <div className="min-w-0">
          <label htmlFor={ids.project} className="mb-1 block text-xs font-medium text-muted">
            Project
          </label>
          <Select
            id={ids.project}
            value={filters.projectId ?? ""}
            onChange={(e) => set("projectId", e.target.value)}
            data-testid="filter-project"
          >
            <option value="">All projects</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
            {filters.projectId && !projects.data?.some((p) => p.id === filters.projectId) && (
              <option value={filters.projectId}>{projects.isPending ? "Loading…" : "A deleted project"}</option>
            )}
          </Select>
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.size} className="mb-1 block text-xs font-medium text-muted">
            Size
          </label>
          <Select
            id={ids.size}
            value={filters.presetId ?? ""}
            onChange={(e) => set("presetId", e.target.value as VisualPresetId | "")}
            data-testid="filter-size"
          >
            <option value="">All sizes</option>
            {VISUAL_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label} · {p.width}×{p.height}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 min-w-0 md:col-span-1">
          <span className="mb-1 block text-xs font-medium text-muted">Product</span>
          {filters.productId ? (
            <div className="flex h-11 items-center gap-2 rounded-lg border border-brand/40 bg-brand-soft px-3 text-sm text-fg">
              <Package aria-hidden className="size-4 shrink-0 text-brand" />
              <span className="min-w-0 flex-1 truncate" data-testid="filter-product-name">
                {productLabel}
              </span>
              <ClearButton label="Clear the product filter" onClick={() => set("productId", "")} />
            </div>
          ) : (
            <Button
              variant="secondary"
              className="h-11 w-full justify-start font-normal text-muted"
              onClick={() => setPicking(true)}
              icon={<Package aria-hidden className="size-4" />}
              data-testid="filter-product"
            >
              Any product
            </Button>
          )}
        </div>
        <fieldset className="col-span-2 min-w-0 md:col-span-1">
          <legend className="mb-1 block text-xs font-medium text-muted">Created</legend>
          <div className="flex items-center gap-2">
            <label htmlFor={ids.from} className="sr-only">
              From
            </label>
            <Input
              id={ids.from}
              type="date"
              value={filters.from ?? ""}
              max={filters.to}
              onChange={(e) => set("from", e.target.value)}
              className="min-w-0"
              data-testid="filter-from"
            />
            <span aria-hidden className="text-subtle">
              –
            </span>
            <label htmlFor={ids.to} className="sr-only">
              To
            </label>
            <Input
              id={ids.to}
              type="date"
              value={filters.to ?? ""}
              min={filters.from}
              onChange={(e) => set("to", e.target.value)}
              className="min-w-0"
              data-testid="filter-to"
            />
          </div>
        </fieldset>
      </div>

      <Dialog
        open={picking}
        onOpenChange={setPicking}
        title="Filter by product"
        description="Images made from a catalog product (the Image Maker and batches record it)."
        data-testid="product-filter-dialog"
      >
        <ProductSearch
          selected={new Set(filters.productId ? [filters.productId] : [])}
          onToggle={(p) => {
            setProductNames((n) => ({ ...n, [p.id]: p.name }));
            set("productId", p.id);
            setPicking(false);
          }}
        />
      </Dialog>
    </div>
  );
}

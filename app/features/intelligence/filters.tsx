/** The niche and platform filters, kept in the address (?niche=…&platform=…) so views are shareable. */
import { useSearchParams } from "@remix-run/react";
import { X } from "lucide-react";
import { useCallback, useId, useMemo } from "react";
import type { IntelligenceFilters } from "~/domain/contracts/intelligence";
import { Button, Select } from "~/ui";

export const PLATFORMS = ["TikTok", "Facebook", "Instagram", "Pinterest"] as const;
type Platform = (typeof PLATFORMS)[number];

export function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<IntelligenceFilters>(() => {
    const niche = params.get("niche") ?? "";
    const platform = params.get("platform") ?? "";
    return {
      ...(/^[a-z0-9-]{1,64}$/.test(niche) ? { niche } : {}),
      ...((PLATFORMS as readonly string[]).includes(platform) ? { platform: platform as Platform } : {}),
    };
  }, [params]);
  const setFilter = useCallback(
    (key: "niche" | "platform", value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("niche");
          next.delete("platform");
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return { filters, setFilter, clear };
}

export function FilterBar({
  filters,
  niches,
  onChange,
  onClear,
}: {
  filters: IntelligenceFilters;
  niches: readonly { id: string; name: string }[] | undefined;
  onChange: (key: "niche" | "platform", value: string | undefined) => void;
  onClear: () => void;
}) {
  const id = useId();
  const active = Boolean(filters.niche || filters.platform);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search" aria-label="Filter the charts">
      <label htmlFor={`${id}-niche`} className="block min-w-0 sm:w-64">
        <span className="mb-1 block text-xs font-medium text-muted">Niche</span>
        <Select id={`${id}-niche`} value={filters.niche ?? ""} onChange={(e) => onChange("niche", e.target.value || undefined)} data-testid="filter-niche">
          <option value="">All niches</option>
          {filters.niche && !niches?.some((n) => n.id === filters.niche) && <option value={filters.niche}>{filters.niche}</option>}
          {niches?.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </Select>
      </label>
      <label htmlFor={`${id}-platform`} className="block min-w-0 sm:w-48">
        <span className="mb-1 block text-xs font-medium text-muted">Platform</span>
        <Select id={`${id}-platform`} value={filters.platform ?? ""} onChange={(e) => onChange("platform", e.target.value || undefined)} data-testid="filter-platform">
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </label>
      {active && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start sm:mb-1.5 sm:self-end"
          icon={<X className="size-3.5" aria-hidden />}
          onClick={onClear}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}

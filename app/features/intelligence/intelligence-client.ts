/**
 * The intelligence screens' API client: URLs of the overview, creatives and drill-down (signed
 * in, or the public demo), fetched by the query client's default fetch (the key's first element
 * is the URL). Types come from the contract.
 */
import { useQuery } from "@tanstack/react-query";
import type { AdsDrillPage, CreativesAnswer, DrillFilter, IntelligenceFilters, IntelligenceOverview } from "~/domain/contracts/intelligence";

export type IntelligenceMode = "app" | "demo";

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const overviewUrl = (mode: IntelligenceMode, f: IntelligenceFilters) =>
  `${mode === "demo" ? "/api/public/intelligence-demo" : "/api/intelligence/overview"}${query({ niche: f.niche, platform: f.platform })}`;

export const creativesUrl = (f: IntelligenceFilters) => `/api/intelligence/creatives${query({ niche: f.niche, platform: f.platform })}`;

export const drillUrl = (mode: IntelligenceMode, f: DrillFilter, page: number, pageSize = 25) =>
  `${mode === "demo" ? "/api/public/intelligence-demo/ads" : "/api/intelligence/ads"}${query({ ...f, page, pageSize })}`;

export function useOverview(mode: IntelligenceMode, filters: IntelligenceFilters) {
  return useQuery<IntelligenceOverview>({ queryKey: [overviewUrl(mode, filters)], staleTime: 5 * 60_000 });
}

export function useCreatives(filters: IntelligenceFilters) {
  return useQuery<CreativesAnswer>({ queryKey: [creativesUrl(filters)], staleTime: 5 * 60_000 });
}

export function useDrillAds(mode: IntelligenceMode, filter: DrillFilter | null, page: number) {
  return useQuery<AdsDrillPage>({ queryKey: [filter ? drillUrl(mode, filter, page) : "drill:none"], enabled: filter !== null, staleTime: 5 * 60_000 });
}

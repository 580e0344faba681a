/** The browser's competitor API client (functions/competitors.ts); every type is the contract's. */
import type {
  Competitor,
  CompetitorComparison,
  CompetitorDetail,
  CompetitorList,
  SampleStore,
} from "~/domain/contracts/market";
import { apiRequest } from "~/lib/http";

const competitorUrl = (id: string) => `/api/competitors/${encodeURIComponent(id)}`;

export async function fetchCompetitors(signal?: AbortSignal): Promise<CompetitorList> {
  return (await (await apiRequest("GET", "/api/competitors", undefined, { signal })).json()) as CompetitorList;
}

export async function fetchSampleStores(signal?: AbortSignal): Promise<SampleStore[]> {
  return ((await (await apiRequest("GET", "/api/competitors/samples", undefined, { signal })).json()) as { data: SampleStore[] }).data;
}

export async function fetchCompetitor(id: string, signal?: AbortSignal): Promise<CompetitorDetail> {
  return (await (await apiRequest("GET", competitorUrl(id), undefined, { signal })).json()) as CompetitorDetail;
}

export async function fetchComparison(ids: readonly string[], signal?: AbortSignal): Promise<CompetitorComparison> {
  const url = `/api/competitors/compare?ids=${ids.map(encodeURIComponent).join(",")}`;
  return (await (await apiRequest("GET", url, undefined, { signal })).json()) as CompetitorComparison;
}

/** Tracks a store by URL or a sample store; reading a big Shopify store takes a few seconds. */
export async function trackCompetitor(body: { url: string } | { sampleStoreId: string }): Promise<Competitor> {
  return (await (await apiRequest("POST", "/api/competitors", body, { timeoutMs: 90_000 })).json()) as Competitor;
}

export async function untrackCompetitor(id: string): Promise<void> {
  await apiRequest("DELETE", competitorUrl(id));
}

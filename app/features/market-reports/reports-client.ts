/**
 * The market reports' API client (functions/market-reports.ts) over the one request client. Types
 * come from the contracts (type-only imports).
 */
import type { MarketReport, NicheOption } from "~/domain/contracts/market";
import { apiRequest } from "~/lib/http";

export type ListedReport = Omit<MarketReport, "markdown">;
export type ReportSubject = { subjectKind: "niche" | "product"; subjectId: string };
export type ReportFormat = "md" | "html";

const reportUrl = (id: string) => `/api/market-reports/${encodeURIComponent(id)}`;

export async function fetchReports(signal?: AbortSignal): Promise<ListedReport[]> {
  const res = await apiRequest("GET", "/api/market-reports", undefined, { signal });
  return ((await res.json()) as { data: ListedReport[] }).data;
}

export async function fetchReport(id: string, signal?: AbortSignal): Promise<MarketReport> {
  const res = await apiRequest("GET", reportUrl(id), undefined, { signal });
  return ((await res.json()) as { data: MarketReport }).data;
}

/** Starts a report (202): it comes back running, to be polled. */
export async function startReport(subject: ReportSubject): Promise<MarketReport> {
  const res = await apiRequest("POST", "/api/market-reports", subject);
  return ((await res.json()) as { data: MarketReport }).data;
}

export async function deleteReport(id: string): Promise<void> {
  await apiRequest("DELETE", reportUrl(id));
}

export async function fetchNiches(signal?: AbortSignal): Promise<NicheOption[]> {
  const res = await apiRequest("GET", "/api/catalog/niches", undefined, { signal });
  return ((await res.json()) as { data: NicheOption[] }).data;
}

/** The download's address; the session cookie signs it in, like the Explorer's CSV. */
export function downloadHref(id: string, format: ReportFormat): string {
  return `${reportUrl(id)}/download?format=${format}`;
}

/** The printable page as text, to open in a tab of its own. */
export async function fetchPrintable(id: string): Promise<string> {
  const res = await apiRequest("GET", downloadHref(id, "html"));
  return res.text();
}

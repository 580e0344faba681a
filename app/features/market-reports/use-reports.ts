/**
 * Market report data for the screen: the list (polled while a report runs), one report (polled
 * every second while it runs), the niches, and starting and deleting reports.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MarketReport } from "~/domain/contracts/market";
import { reportKeys } from "./report-keys";
import { deleteReport, fetchNiches, fetchReport, fetchReports, startReport, type ListedReport, type ReportSubject } from "./reports-client";

const running = (r: { status: string } | undefined) => r?.status === "running";

export function useReports(enabled = true) {
  return useQuery({
    queryKey: reportKeys.list(),
    queryFn: ({ signal }) => fetchReports(signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(running) ? 2000 : false),
  });
}

export function useReport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: reportKeys.detail(id ?? ""),
    queryFn: async ({ signal }) => {
      const report = await fetchReport(id!, signal);
      // Keep the list's row in step (status, progress) without waiting for its own poll.
      const { markdown: _markdown, ...listed } = report;
      queryClient.setQueryData<ListedReport[]>(reportKeys.list(), (old) => old?.map((r) => (r.id === report.id ? listed : r)));
      return report;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
    retry: (count, err) => count < 2 && !(err instanceof Error && /^404:/.test(err.message)),
  });
}

export function useNiches(enabled = true) {
  return useQuery({ queryKey: reportKeys.niches(), queryFn: ({ signal }) => fetchNiches(signal), enabled, staleTime: 5 * 60_000 });
}

export function useStartReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: ReportSubject) => startReport(subject),
    onSuccess: (report: MarketReport) => {
      queryClient.setQueryData(reportKeys.detail(report.id), report);
      const { markdown: _markdown, ...listed } = report;
      queryClient.setQueryData<ListedReport[]>(reportKeys.list(), (old) => [listed, ...(old ?? []).filter((r) => r.id !== report.id)]);
    },
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReport(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<ListedReport[]>(reportKeys.list(), (old) => old?.filter((r) => r.id !== id));
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) });
    },
  });
}

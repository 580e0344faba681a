/** Competitor data for the screen: the list, sample stores, one store, a comparison, and tracking changes. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Competitor, CompetitorList } from "~/domain/contracts/market";
import { competitorKeys } from "./competitor-keys";
import {
  fetchComparison,
  fetchCompetitor,
  fetchCompetitors,
  fetchSampleStores,
  trackCompetitor,
  untrackCompetitor,
} from "./competitors-client";

export function useCompetitors() {
  return useQuery({ queryKey: competitorKeys.list(), queryFn: ({ signal }) => fetchCompetitors(signal) });
}

export function useSampleStores() {
  return useQuery({ queryKey: competitorKeys.samples(), queryFn: ({ signal }) => fetchSampleStores(signal) });
}

export function useCompetitor(id: string | null) {
  return useQuery({
    queryKey: competitorKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchCompetitor(id!, signal),
    enabled: Boolean(id),
  });
}

export function useComparison(ids: readonly string[]) {
  return useQuery({
    queryKey: competitorKeys.compare(ids),
    queryFn: ({ signal }) => fetchComparison(ids, signal),
    enabled: ids.length >= 2,
  });
}

export function useTrackCompetitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trackCompetitor,
    onSuccess: (competitor: Competitor) => {
      queryClient.setQueryData<CompetitorList>(competitorKeys.list(), (old) =>
        old ? { ...old, data: [competitor, ...old.data.filter((c) => c.id !== competitor.id)], used: old.used + 1 } : old,
      );
      void queryClient.invalidateQueries({ queryKey: competitorKeys.all });
    },
  });
}

export function useUntrackCompetitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => untrackCompetitor(id),
    onSuccess: (_: void, id: string) => {
      queryClient.setQueryData<CompetitorList>(competitorKeys.list(), (old) =>
        old ? { ...old, data: old.data.filter((c) => c.id !== id), used: Math.max(0, old.used - 1) } : old,
      );
      queryClient.removeQueries({ queryKey: competitorKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: competitorKeys.all });
    },
  });
}

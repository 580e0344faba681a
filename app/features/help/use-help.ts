import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HelpArticle } from "~/domain/contracts/help";
import { fetchHelpArticle, fetchHelpArticles, voteOnHelpArticle } from "./help-client";
import { helpKeys } from "./help-keys";

/** Articles, categories and popular articles; a search when `q` is given. */
export function useHelpArticles(params: { q?: string; category?: string }) {
  return useQuery({
    queryKey: helpKeys.list(params),
    queryFn: ({ signal }) => fetchHelpArticles(params, signal),
    // Typing keeps the last results on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useHelpArticle(category: string, slug: string) {
  return useQuery({
    queryKey: helpKeys.article(category, slug),
    queryFn: ({ signal }) => fetchHelpArticle(category, slug, signal),
    staleTime: 60_000,
  });
}

export function useHelpVote(category: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) => voteOnHelpArticle(category, slug, helpful),
    onSuccess: (answer) => {
      queryClient.setQueryData<HelpArticle>(helpKeys.article(category, slug), (old) => (old ? { ...old, myVote: answer.myVote, votes: answer.votes } : old));
    },
  });
}


/** The builder's server data over the pages client and its one key family. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PageCreateBody } from "~/domain/contracts/pages";
import { createPage, fetchPage, fetchPages, fetchPreviewLink, fetchVersions, pageKeys } from "~/features/pages";
import { HttpError } from "~/lib/http";

const notFound = (err: unknown) => err instanceof HttpError && err.status === 404;

export function usePageList() {
  return useQuery({ queryKey: pageKeys.list(), queryFn: ({ signal }) => fetchPages(signal) });
}

export function usePage(id: string) {
  return useQuery({
    queryKey: pageKeys.detail(id),
    queryFn: ({ signal }) => fetchPage(id, signal),
    // The editor holds the document; a refetch on focus must not look like news.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: (count, err) => count < 2 && !notFound(err),
  });
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PageCreateBody) => createPage(body),
    onSuccess: ({ page }) => {
      queryClient.setQueryData(pageKeys.detail(page.id), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
    },
  });
}

/** A fresh preview link per saved revision, so the frame reloads after each save; Refresh asks for a new one. */
export function usePreviewLink(id: string, revision: number) {
  return useQuery({
    queryKey: [...pageKeys.detail(id), "preview", revision] as const,
    queryFn: () => fetchPreviewLink(id),
    placeholderData: keepPreviousData,
    // A loaded frame keeps working after the link expires; only a new load needs a new link.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVersions(id: string, enabled: boolean) {
  return useQuery({ queryKey: pageKeys.versions(id), queryFn: ({ signal }) => fetchVersions(id, signal), enabled });
}

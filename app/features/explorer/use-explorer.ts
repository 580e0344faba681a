/**
 * Explorer data for the screen: a page of results (the previous page stays on screen while the
 * next loads), a product's record, the backtest, the niche and saved-list options, and saving a
 * product to a list (every cached copy of the product's lists is updated from the answer).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ProductRecord } from "~/domain/contracts/catalog";
import type { ExplorerPage } from "~/domain/contracts/market";
import { useCurrentUser } from "~/features/account";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { explorerKeys } from "./explorer-keys";
import {
  fetchBacktest,
  fetchNiches,
  fetchProduct,
  fetchProducts,
  fetchSavedLists,
  saveProduct,
  unsaveProduct,
  type SavedList,
} from "./explorer-client";

/** Retry network trouble and server errors once, never a refusal (400, 404). */
const retry = (failures: number, err: unknown) => failures < 1 && !(err instanceof HttpError && err.status < 500);

export function useExplorerPage(query: string, options: { enabled?: boolean } = {}) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: explorerKeys.products(query),
    queryFn: ({ signal }) => fetchProducts(query, signal),
    enabled: Boolean(user) && options.enabled !== false,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry,
  });
}

export function useProductRecord(id: string | null) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: explorerKeys.product(id ?? ""),
    queryFn: ({ signal }) => fetchProduct(id!, signal),
    enabled: Boolean(user && id),
    staleTime: 60_000,
    retry,
  });
}

export function useBacktest() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: explorerKeys.backtest(),
    queryFn: ({ signal }) => fetchBacktest(signal),
    enabled: Boolean(user),
    staleTime: 10 * 60_000,
    retry,
  });
}

export function useNiches() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: explorerKeys.niches(),
    queryFn: ({ signal }) => fetchNiches(signal),
    enabled: Boolean(user),
    staleTime: 10 * 60_000,
    retry,
  });
}

export function useSavedLists() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: explorerKeys.savedLists(),
    queryFn: ({ signal }) => fetchSavedLists(signal),
    enabled: Boolean(user),
    staleTime: 60_000,
    retry,
  });
}

/** Writes a product's lists into its record and every cached page that shows it. */
function putProductLists(queryClient: QueryClient, id: string, change: (lists: string[]) => string[]) {
  queryClient.setQueryData<ProductRecord>(explorerKeys.product(id), (old) =>
    old ? { ...old, savedLists: change(old.savedLists) } : old,
  );
  queryClient.setQueriesData<ExplorerPage>({ queryKey: explorerKeys.allProducts() }, (old) =>
    old ? { ...old, data: old.data.map((p) => (p.id === id ? { ...p, savedLists: change(p.savedLists) } : p)) } : old,
  );
}

/** Saves to a list or takes out of one; the lists come back from the server. */
export function useToggleSave(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, save }: { list: string; save: boolean }) =>
      save ? saveProduct(id, list) : unsaveProduct(id, list),
    onSuccess: (lists: SavedList[], { list, save }) => {
      queryClient.setQueryData(explorerKeys.savedLists(), lists);
      putProductLists(queryClient, id, (old) =>
        save ? [...old.filter((l) => l !== list), list] : old.filter((l) => l !== list),
      );
      // A page filtered by a saved list has changed membership.
      void queryClient.invalidateQueries({ queryKey: explorerKeys.allProducts() });
      notify({ title: save ? `Saved to “${list}”` : `Removed from “${list}”`, variant: "success" });
    },
    onError: (err) => {
      notify({
        title: "Couldn't change the list",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
  });
}

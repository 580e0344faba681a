/**
 * Drop pages data for the screens: the page list and its actions, the connected stores, and the
 * Shopify export. Keys come from the pages feature's one key family; a page action also drops the
 * SEO audits (the SEO screen audits the same pages).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, PageSummary, StoreConnection } from "~/domain/contracts/pages";
import {
  connectStore,
  deletePage,
  disconnectStore,
  duplicatePage,
  exportToShopify,
  fetchConnections,
  fetchPages,
  pageKeys,
  publishPage,
  unpublishPage,
} from "~/features/pages";
import { shopifyExportsKey } from "./store-export-history";

export function usePages() {
  return useQuery({ queryKey: pageKeys.list(), queryFn: ({ signal }) => fetchPages(signal) });
}

/** A page as the list shows it, from the full page an action answers with. */
function summaryOf(page: Page): PageSummary {
  return {
    id: page.id,
    slug: page.slug,
    status: page.status,
    sourceUrl: page.sourceUrl,
    publishedAt: page.publishedAt,
    publicUrl: page.publicUrl,
    views: page.views,
    buyClicks: page.buyClicks,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    generatedAt: page.generatedAt,
    title: page.product.title,
    imageUrl: page.product.images[0] ?? null,
    priceCents: page.product.priceCents,
    currency: page.product.currency,
  };
}

export type PageAction = "publish" | "unpublish" | "duplicate" | "delete";

const ACTIONS: Record<PageAction, (id: string) => Promise<Page | void>> = {
  publish: publishPage,
  unpublish: unpublishPage,
  duplicate: duplicatePage,
  delete: deletePage,
};

export function usePageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: PageAction; id: string }) => ACTIONS[action](id),
    onSuccess: (page, { action, id }) => {
      queryClient.setQueryData<PageSummary[]>(pageKeys.list(), (old) => {
        if (!old) return old;
        if (action === "delete") return old.filter((p) => p.id !== id);
        if (!page) return old;
        // A copy is the most recently edited page, so it goes first, as the server orders them.
        if (action === "duplicate") return [summaryOf(page), ...old];
        return old.map((p) => (p.id === id ? summaryOf(page) : p));
      });
      if (action === "delete") queryClient.removeQueries({ queryKey: pageKeys.detail(id) });
      else if (page) queryClient.setQueryData(pageKeys.detail(page.id), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.audits() });
    },
  });
}

export function useConnections(enabled = true) {
  return useQuery({ queryKey: pageKeys.connections(), queryFn: ({ signal }) => fetchConnections(signal), enabled });
}

export function useConnectStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectStore,
    onSuccess: (connection) => {
      // Reconnecting the same shop replaces its row.
      queryClient.setQueryData<StoreConnection[]>(pageKeys.connections(), (old) => [
        connection,
        ...(old ?? []).filter((c) => c.id !== connection.id && c.shopDomain !== connection.shopDomain),
      ]);
      void queryClient.invalidateQueries({ queryKey: pageKeys.connections() });
    },
  });
}

export function useDisconnectStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectStore,
    onSuccess: (_data, id) =>
      queryClient.setQueryData<StoreConnection[]>(pageKeys.connections(), (old) => old?.filter((c) => c.id !== id)),
  });
}

export function useExportToShopify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      pageId,
      connectionId,
      includePage,
    }: {
      pageId: string;
      connectionId: string;
      includePage: boolean;
    }) => exportToShopify(pageId, { connectionId, includePage }),
    // The next opening of the dialog says the page is now in that store.
    onSuccess: (_result, { pageId }) => void queryClient.invalidateQueries({ queryKey: shopifyExportsKey(pageId) }),
  });
}

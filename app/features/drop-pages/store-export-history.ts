/**
 * Where a page was exported before (GET /api/pages/{id}/export/shopify): the export dialog says
 * that exporting to the same shop again updates that product, and links to it.
 */
import { useQuery } from "@tanstack/react-query";
import type { ShopifyExportRecord } from "~/domain/contracts/pages";
import { pageKeys } from "~/features/pages";
import { apiRequest } from "~/lib/http";

/** Under the page's own key, so anything that drops the page drops its export history too. */
export const shopifyExportsKey = (pageId: string) => [...pageKeys.detail(pageId), "shopify-exports"] as const;

export async function fetchShopifyExports(pageId: string, signal?: AbortSignal): Promise<ShopifyExportRecord[]> {
  const res = await apiRequest("GET", `/api/pages/${encodeURIComponent(pageId)}/export/shopify`, undefined, { signal });
  return ((await res.json()) as { data: { exports: ShopifyExportRecord[] } }).data.exports;
}

export function useShopifyExports(pageId: string) {
  return useQuery({ queryKey: shopifyExportsKey(pageId), queryFn: ({ signal }) => fetchShopifyExports(pageId, signal) });
}

const whenFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

/** "Nov 26, 2026, 3:48 AM" in the merchant's time zone. */
export function exportedOn(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : whenFormat.format(at);
}

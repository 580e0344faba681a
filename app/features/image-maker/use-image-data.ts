/**
 * Queries the Image Maker and marketing visuals share: the provider's capabilities, a design's
 * defaults (from a product or page and the project's canon), images by id, and today's
 * remaining allowance from the usage summary.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import type { DesignDefaults, Image } from "~/domain/contracts/images";
import type { VisualTemplate } from "~/domain/images";
import { useUsageSummary } from "~/features/account";
import { fetchCapabilities, fetchDesignDefaults, fetchImage, imageKeys } from "~/features/images";

export function useCapabilities() {
  return useQuery({ queryKey: imageKeys.capabilities(), queryFn: ({ signal }) => fetchCapabilities(signal), staleTime: 5 * 60_000 });
}

export function useDesignDefaults(
  query: { template: VisualTemplate; productId?: string | null; pageId?: string | null; projectId?: string | null },
  enabled = true,
) {
  const q = {
    template: query.template,
    productId: query.productId ?? undefined,
    pageId: query.pageId ?? undefined,
    projectId: query.projectId ?? undefined,
  };
  return useQuery<DesignDefaults>({
    queryKey: imageKeys.defaults(q),
    queryFn: ({ signal }) => fetchDesignDefaults(q, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Images by id (a finished generation's, read back after a reload); ids the server no longer has are dropped. */
export function useImages(ids: string[]) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: imageKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchImage(id, signal),
      staleTime: 60_000,
      retry: 1,
    })),
  });
  return {
    images: results.map((r) => r.data).filter((i): i is Image => Boolean(i)),
    loading: results.some((r) => r.isPending),
    failed: results.filter((r) => r.isError).length,
  };
}

/** Today's remaining images or visuals (null until the summary loads). */
export function useRemaining(counter: "images" | "marketingVisuals") {
  const { summary } = useUsageSummary();
  if (!summary) return null;
  return { remaining: summary.remaining[counter], limit: summary.limits[counter], used: summary.usage[counter] };
}

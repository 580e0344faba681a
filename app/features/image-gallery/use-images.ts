/**
 * Gallery data: pages of images ("Load more" with the server's cursor), the provider's
 * capabilities, deletes with optimistic removal (rolled back when the server refuses), adding an
 * image to a page, and the one error handler of every paid image action.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from "@tanstack/react-query";
import type { Image } from "~/domain/contracts/images";
import type { Page } from "~/domain/contracts/pages";
import { COUNTERS, isUsageCounter, leftPhrase } from "~/domain/counters";
import { PAGE_IMAGES_MAX } from "~/domain/pages";
import { useCurrentUser } from "~/features/account";
import { openUpgradeModal, type UpgradeFeature } from "~/features/billing";
import { USAGE_SUMMARY_KEY } from "~/features/account";
import {
  deleteImage,
  fetchCapabilities,
  fetchImage,
  fetchImages,
  imageKeys,
  publishImage,
  type ImagePage,
} from "~/features/images";
import { addPageImage, fetchPage, fetchPages, pageKeys } from "~/features/pages";
import { fetchProjects, projectKeys } from "~/features/projects";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { apiFilters, detailsOf, isUpgradeRefusal, isUsageLimit, type GalleryFilters } from "./gallery-logic";

export const PAGE_SIZE = 48;

/** Retry network trouble and server errors once, never a refusal. */
const retry = (failures: number, err: unknown) => failures < 1 && !(err instanceof HttpError && err.status < 500);

/** The gallery's infinite list; its key sits under imageKeys.list so every image change refreshes it. */
export const galleryKey = (filters: GalleryFilters): QueryKey => [...imageKeys.list(apiFilters(filters)), "pages"];

export function useGallery(filters: GalleryFilters) {
  const { user } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: galleryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchImages({ ...apiFilters(filters), cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ImagePage) => last.nextCursor ?? undefined,
    enabled: Boolean(user),
    retry,
  });
}

/** One page of images (pickers, history): newest first. */
export function useImageList(query: { kind?: Image["kind"]; limit?: number } = {}) {
  const { user } = useCurrentUser();
  const q = { ...(query.kind ? { kind: query.kind } : {}), limit: String(query.limit ?? PAGE_SIZE) };
  return useQuery({
    queryKey: imageKeys.list(q),
    queryFn: ({ signal }) =>
      fetchImages({ ...(query.kind ? { kind: query.kind } : {}), limit: query.limit ?? PAGE_SIZE }, signal),
    enabled: Boolean(user),
    retry,
  });
}

export function useImage(id: string | null, initial?: Image) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: imageKeys.detail(id ?? ""),
    queryFn: ({ signal }) => fetchImage(id!, signal),
    enabled: Boolean(user && id),
    initialData: initial,
    retry,
  });
}

export function useCapabilities() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: imageKeys.capabilities(),
    queryFn: ({ signal }) => fetchCapabilities(signal),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useProjectOptions() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => fetchProjects(signal),
    enabled: Boolean(user),
    staleTime: 60_000,
    retry,
  });
}

export function usePageOptions(enabled = true) {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: pageKeys.list(),
    queryFn: ({ signal }) => fetchPages(signal),
    enabled: Boolean(user) && enabled,
    retry,
  });
}

// ---------------------------------------------------------------------------------------------
// Cache edits

type ListData = ImagePage | InfiniteData<ImagePage, string | undefined>;

/** The list without the given ids, in either shape the image lists are cached in. */
export function withoutImages(data: ListData | undefined, ids: ReadonlySet<string>): ListData | undefined {
  if (!data) return data;
  if ("pages" in data)
    return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((img) => !ids.has(img.id)) })) };
  if (Array.isArray(data.data)) return { ...data, data: data.data.filter((img) => !ids.has(img.id)) };
  return data;
}

/**
 * Deletes images; they leave every cached list at once and come back if the server refuses
 * (the lists are then read again, so what was deleted stays gone).
 */
export function useDeleteImages() {
  const queryClient = useQueryClient();
  const lists = [...imageKeys.all, "list"];
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteImage(id)));
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed.length) {
        const reason = errorMessage(failed[0].reason, "Please try again.");
        throw new Error(
          failed.length === ids.length
            ? reason
            : `${ids.length - failed.length} of ${ids.length} deleted; the rest were not: ${reason}`,
        );
      }
      return ids;
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: lists });
      const snapshot = queryClient.getQueriesData<ListData>({ queryKey: lists });
      const gone = new Set(ids);
      queryClient.setQueriesData<ListData>({ queryKey: lists }, (d) => withoutImages(d, gone));
      return { snapshot };
    },
    onError: (_err, _ids, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _err, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: imageKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: lists });
    },
  });
}

/**
 * Puts an image on one of the merchant's pages: the image gets its public address, then the API
 * places it (POST /api/pages/{id}/images) as the main image (first product image and the hero's
 * picture) or after the others, on the page's newest revision, so nobody's edit is overwritten.
 */
export async function addImageToPage(
  imageId: string,
  pageId: string,
  placement: "main" | "gallery",
): Promise<{ page: Page; url: string; already: boolean }> {
  const url = await publishImage(imageId);
  const before = await fetchPage(pageId);
  const already = placement === "main" ? before.product.images[0] === url : before.product.images.includes(url);
  if (already) return { page: before, url, already: true };
  if (!before.product.images.includes(url) && before.product.images.length >= PAGE_IMAGES_MAX) {
    throw new Error(
      `This page already holds ${PAGE_IMAGES_MAX} images, the most a page can have. Remove one in the page builder first.`,
    );
  }
  return { page: await addPageImage(pageId, url, placement), url, already: false };
}

export function useAddToPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, pageId, placement }: { imageId: string; pageId: string; placement: "main" | "gallery" }) =>
      addImageToPage(imageId, pageId, placement),
    onSuccess: ({ page }) => {
      queryClient.setQueryData(pageKeys.detail(page.id), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Errors of paid actions

export const IMAGE_UPGRADE_COPY: Record<"generate" | "download", { title: string; message: string }> = {
  generate: {
    title: "Generate images",
    message:
      "Growth and Elite plans make product images, scenes, variations and batches: 100 images a day on Growth (4 per request), 500 on Elite (8 per request).",
  },
  download: {
    title: "Download your images",
    message:
      "Growth and Elite plans download generated images and marketing visuals at full size, one PNG or many as a zip. Your own uploads always download.",
  },
};

export function openImageUpgrade(feature: "generate" | "download") {
  openUpgradeModal({ feature, ...IMAGE_UPGRADE_COPY[feature] });
}

/**
 * A refused image action: the plan (403 with details.upgrade) or the day's allowance (429) opens
 * the upgrade modal; anything else is a toast naming what failed. Returns true when the modal opened.
 */
export function reportImageError(err: unknown, feature: "generate" | "download", failed: string): boolean {
  if (isUpgradeRefusal(err)) {
    const named = detailsOf(err).feature;
    const f: UpgradeFeature = named === "download" || named === "generate" ? named : feature;
    openUpgradeModal({
      feature: f,
      title: IMAGE_UPGRADE_COPY[f === "download" ? "download" : "generate"].title,
      message: err.serverMessage ?? IMAGE_UPGRADE_COPY[feature].message,
    });
    return true;
  }
  if (isUsageLimit(err)) {
    const counter = detailsOf(err).counter;
    const known = isUsageCounter(counter) ? counter : "images";
    openUpgradeModal({
      feature: "generate",
      title: COUNTERS[known].limitTitle,
      message: err.serverMessage,
      limitLabel: leftPhrase(known, 0),
    });
    return true;
  }
  notify({
    title: failed,
    description: errorMessage(err, "Please try again; nothing was counted."),
    variant: "destructive",
  });
  return false;
}

/** After any generation (done or refused): the usage meters and the image lists are read again. */
export function useAfterGeneration() {
  const queryClient = useQueryClient();
  return (ok: boolean) => {
    void queryClient.invalidateQueries({ queryKey: USAGE_SUMMARY_KEY });
    if (ok) void queryClient.invalidateQueries({ queryKey: imageKeys.all });
  };
}

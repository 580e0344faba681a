/** The one cache-key family of images: everything lives under `imageKeys.all`. */
export const imageKeys = {
  all: ["/api/images"] as const,
  list: (filters: Record<string, string | undefined> = {}) => ["/api/images", "list", filters] as const,
  detail: (id: string) => ["/api/images", "image", id] as const,
  capabilities: () => ["/api/images", "capabilities"] as const,
  defaults: (q: Record<string, string | undefined>) => ["/api/images", "defaults", q] as const,
};

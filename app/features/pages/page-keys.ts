/** The one cache-key family of store pages: everything lives under `pageKeys.all`. */
export const pageKeys = {
  all: ["/api/pages"] as const,
  list: () => ["/api/pages", "list"] as const,
  detail: (id: string) => ["/api/pages", "page", id] as const,
  versions: (id: string) => ["/api/pages", "versions", id] as const,
  connections: () => ["/api/pages", "store-connections"] as const,
  audits: () => ["/api/pages", "seo-audits"] as const,
};

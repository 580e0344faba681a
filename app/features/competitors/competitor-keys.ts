/** The one cache-key family for competitor research: one invalidation refreshes every view of it. */
export const competitorKeys = {
  all: ["/api/competitors"] as const,
  /** `GET /api/competitors`. */
  list: () => ["/api/competitors", "list"] as const,
  /** `GET /api/competitors/samples`. */
  samples: () => ["/api/competitors", "samples"] as const,
  /** `GET /api/competitors/{id}`. */
  detail: (id: string) => ["/api/competitors", "detail", id] as const,
  /** `GET /api/competitors/compare?ids=…`. */
  compare: (ids: readonly string[]) => ["/api/competitors", "compare", ids.join(",")] as const,
};

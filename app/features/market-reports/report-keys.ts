/** The one cache-key family of market reports: everything lives under `reportKeys.all`. */
export const reportKeys = {
  all: ["/api/market-reports"] as const,
  /** The list (`GET /api/market-reports`). */
  list: () => ["/api/market-reports", "list"] as const,
  /** One report, polled while it runs (`GET /api/market-reports/{id}`). */
  detail: (id: string) => ["/api/market-reports", "report", id] as const,
  /** The niches to pick from (`GET /api/catalog/niches`). */
  niches: () => ["/api/market-reports", "niches"] as const,
};

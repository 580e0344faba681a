/** The one cache-key family of the Explorer: everything lives under `explorerKeys.all`. */
export const explorerKeys = {
  all: ["/api/catalog"] as const,
  /** A page of results for an API query string. */
  products: (query: string) => ["/api/catalog", "products", query] as const,
  /** Every page of results (a save changes each row's lists). */
  allProducts: () => ["/api/catalog", "products"] as const,
  /** One product's record. */
  product: (id: string) => ["/api/catalog", "product", id] as const,
  backtest: () => ["/api/catalog", "backtest"] as const,
  niches: () => ["/api/catalog", "niches"] as const,
  savedLists: () => ["/api/catalog", "saved-lists"] as const,
};

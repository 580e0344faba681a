// The Explorer bench's queries (lib/explorer.mjs), apart from its Node-only code so the workerd
// test of their query plans (tests/integration/explorer-query-plans.test.ts) reads the same list.

/** Filter + sort + page combinations a merchant would use, including a search and a deep page. */
export const EXPLORER_QUERIES = [
  "/api/catalog/products",
  "/api/catalog/products?sort=orders&page=4&pageSize=50",
  "/api/catalog/products?niche=pet-supplies&competition=low,medium&sort=margin",
  "/api/catalog/products?priceMin=1500&priceMax=4000&trend=rising&shipMax=10&sort=trend",
  "/api/catalog/products?q=brush&sort=score",
  "/api/catalog/products?platform=TikTok&marginMin=50&scoreMin=60&sort=price&order=asc&page=2",
  "/api/catalog/products?sort=ads&order=asc&page=40&pageSize=100",
];

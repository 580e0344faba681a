/** The store pages feature's public face (API client and cache keys); screens live in page-builder, drop-pages and seo. */
export * from "./pages-client";
export { pageKeys } from "./page-keys";

/** The market module's public surface: the sample catalog, its retrieval and its number formats. */
export * from "./catalog";
export * from "./search";
export * from "./format";
export { tokenize, contentTerms, stem } from "./tokens";

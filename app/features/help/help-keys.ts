/** The one cache-key family of the Help Center. */
export const helpKeys = {
  all: ["/api/help/articles"] as const,
  /** The list, a category's list, or a search. */
  list: (params: { q?: string; category?: string }) => ["/api/help/articles", "list", params.category ?? "", params.q ?? ""] as const,
  article: (category: string, slug: string) => ["/api/help/articles", "article", category, slug] as const,
};

/**
 * The Help Center's API client (functions/help.ts) over the one request client. Types come from
 * the contract, type-only.
 */
import type { HelpArticleAnswer, HelpArticlesAnswer, HelpVoteAnswer } from "~/domain/contracts/help";
import { apiRequest } from "~/lib/http";

const articleUrl = (category: string, slug: string) => `/api/help/articles/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`;

export async function fetchHelpArticles(params: { q?: string; category?: string }, signal?: AbortSignal): Promise<HelpArticlesAnswer["data"]> {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.category) search.set("category", params.category);
  const qs = search.toString();
  const res = await apiRequest("GET", `/api/help/articles${qs ? `?${qs}` : ""}`, undefined, { signal });
  return ((await res.json()) as HelpArticlesAnswer).data;
}

export async function fetchHelpArticle(category: string, slug: string, signal?: AbortSignal): Promise<HelpArticleAnswer["data"]> {
  const res = await apiRequest("GET", articleUrl(category, slug), undefined, { signal });
  return ((await res.json()) as HelpArticleAnswer).data;
}

export async function voteOnHelpArticle(category: string, slug: string, helpful: boolean): Promise<HelpVoteAnswer["data"]> {
  const res = await apiRequest("POST", `${articleUrl(category, slug)}/votes`, { helpful });
  return ((await res.json()) as HelpVoteAnswer).data;
}

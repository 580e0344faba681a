/**
 * The Help Center's articles as the server holds them: the Markdown compiled into
 * articles.generated.ts (scripts/help-articles.mjs), in category order, with each article's
 * table of contents and one search index built once per isolate.
 */
import { HELP_CATEGORIES, articleHeadings, articleKey, type HelpHeading } from "~/domain/help";
import { HELP_ARTICLE_SOURCES, type HelpArticleSource } from "./articles.generated";
import { buildSearchIndex, type HelpSearchIndex } from "./search";

export interface HelpArticleEntry extends HelpArticleSource {
  key: string;
  headings: HelpHeading[];
}

const categoryRank = new Map<string, number>(HELP_CATEGORIES.map((c, i) => [c.id, i]));

/** Every article, categories in their listed order, then each category's own order. */
export const HELP_ARTICLES: readonly HelpArticleEntry[] = HELP_ARTICLE_SOURCES.filter((a) => categoryRank.has(a.category))
  .map((a) => ({ ...a, key: articleKey(a.category, a.slug), headings: articleHeadings(a.body) }))
  .sort((a, b) => categoryRank.get(a.category)! - categoryRank.get(b.category)! || a.order - b.order || a.slug.localeCompare(b.slug));

const byKey = new Map(HELP_ARTICLES.map((a) => [a.key, a]));

export function findHelpArticle(category: string, slug: string): HelpArticleEntry | null {
  return byKey.get(articleKey(category, slug)) ?? null;
}

let index: HelpSearchIndex<HelpArticleEntry> | null = null;
export function helpSearchIndex(): HelpSearchIndex<HelpArticleEntry> {
  return (index ??= buildSearchIndex(HELP_ARTICLES));
}

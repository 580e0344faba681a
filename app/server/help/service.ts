/**
 * The Help Center (issue 16): list and search articles, open one (counting the view), and the
 * one-per-user "Was this helpful?" vote. Plain functions over the database; the articles are
 * the repo's Markdown (catalog.ts).
 *
 * Views are added up in the isolate and written once a second, one upsert per article seen
 * (like the drop page's counts, ADR 014): a write per read is a D1 write on every page of help
 * anyone opens. An isolate that dies loses at most that second's views.
 */
import { AppError } from "~/domain/errors";
import { HELP_CATEGORIES, helpCategory } from "~/domain/help";
import type { HelpArticle, HelpArticleSummary, HelpArticlesAnswer, HelpSearchHit } from "~/domain/contracts/help";
import type { Database } from "../../../db/client";
import { addArticleViews, articleActivity, saveArticleVote, userArticleVote } from "../../../db/help";
import { createIsolateBatcher, type Defer } from "../platform/isolate-batcher";
import { HELP_ARTICLES, findHelpArticle, helpSearchIndex, type HelpArticleEntry } from "./catalog";
import { searchHelp } from "./search";

const POPULAR_COUNT = 5;
const RELATED_COUNT = 4;
/** A helpful vote says more than a view: it weighs as much as this many views. */
const HELPFUL_VOTE_WEIGHT = 3;

const summary = (a: HelpArticleEntry): HelpArticleSummary => ({ category: a.category, slug: a.slug, title: a.title, summary: a.summary, order: a.order });

function unknownCategory(category: string): AppError {
  return new AppError("NOT_FOUND", `There is no help category named "${category}".`, { details: { category } });
}

function requireArticle(category: string, slug: string): HelpArticleEntry {
  const article = findHelpArticle(category, slug);
  if (!article) {
    throw new AppError("NOT_FOUND", `There is no help article "${slug}" in "${category}".`, { details: { category, slug } });
  }
  return article;
}

/** Most viewed and found helpful; before any activity, the getting-started articles in order. */
export async function popularArticles(db: Database): Promise<HelpArticlesAnswer["data"]["popular"]> {
  const activity = await articleActivity(db);
  const ranked = activity
    .map((a) => ({ article: HELP_ARTICLES.find((x) => x.key === a.article), score: a.views + HELPFUL_VOTE_WEIGHT * a.helpful - a.notHelpful }))
    .filter((r): r is { article: HelpArticleEntry; score: number } => !!r.article && r.score > 0)
    .sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title))
    .slice(0, POPULAR_COUNT);
  if (ranked.length === 0) {
    return { basis: "getting-started", articles: HELP_ARTICLES.filter((a) => a.category === "getting-started").slice(0, POPULAR_COUNT).map(summary) };
  }
  return { basis: "activity", articles: ranked.map((r) => summary(r.article)) };
}

export async function listHelpArticles(db: Database, query: { q?: string; category?: string }): Promise<HelpArticlesAnswer["data"]> {
  if (query.category && !helpCategory(query.category)) throw unknownCategory(query.category);
  const categories = HELP_CATEGORIES.map((c) => ({ ...c, count: HELP_ARTICLES.filter((a) => a.category === c.id).length }));
  const q = query.q?.trim() || null;
  let articles: HelpSearchHit[];
  let correctedQuery: string | null = null;
  if (q) {
    const result = searchHelp(helpSearchIndex(), q, HELP_ARTICLES.length);
    correctedQuery = result.correctedQuery;
    articles = result.hits
      .filter((h) => !query.category || h.article.category === query.category)
      .map((h) => ({ ...summary(h.article), snippet: h.snippet, matched: h.matched }));
  } else {
    articles = HELP_ARTICLES.filter((a) => !query.category || a.category === query.category).map((a) => ({ ...summary(a), snippet: a.summary, matched: [] }));
  }
  return { query: q, correctedQuery, categories, articles, popular: await popularArticles(db) };
}

/** Articles on the same subject: the best search matches of its title elsewhere, then its category's neighbours. */
function relatedArticles(article: HelpArticleEntry): HelpArticleSummary[] {
  const picked: HelpArticleEntry[] = [];
  const take = (a: HelpArticleEntry) => {
    if (a.key !== article.key && !picked.includes(a) && picked.length < RELATED_COUNT) picked.push(a);
  };
  const hits = searchHelp(helpSearchIndex(), `${article.title}`, 10).hits;
  for (const hit of hits.filter((h) => h.article.category !== article.category).slice(0, 2)) take(hit.article);
  const siblings = HELP_ARTICLES.filter((a) => a.category === article.category);
  const at = siblings.findIndex((a) => a.key === article.key);
  // Next in reading order first, then the ones before it.
  for (const a of [...siblings.slice(at + 1), ...siblings.slice(0, at)]) take(a);
  return picked.map(summary);
}

async function voteCounts(db: Database, key: string) {
  const [activity] = await articleActivity(db, [key]);
  return { helpful: activity?.helpful ?? 0, notHelpful: activity?.notHelpful ?? 0 };
}

/** How long article views wait in the isolate before they are written. */
export const VIEW_FLUSH_MS = 1000;

export interface HelpReadDeps {
  db: Database;
  /** Keeps the isolate alive for the views' write (ctx.waitUntil). */
  defer: Defer;
}

/** Views per article key: the first view of a second schedules the write of every view counted in it. */
const articleViews = createIsolateBatcher<string, number, number, HelpReadDeps>({
  name: "help article views",
  everyMs: VIEW_FLUSH_MS,
  fold: (views = 0, n) => views + n,
  flush: (batch, deps) => addArticleViews(deps.db, batch),
});

/** One article for reading; counts the view (written within VIEW_FLUSH_MS). */
export async function getHelpArticle(deps: HelpReadDeps, category: string, slug: string, userId: number | null): Promise<HelpArticle> {
  const { db } = deps;
  if (!helpCategory(category)) throw unknownCategory(category);
  const article = requireArticle(category, slug);
  articleViews.add(article.key, 1, deps);
  const [votes, myVote] = await Promise.all([voteCounts(db, article.key), userId === null ? null : userArticleVote(db, userId, article.key)]);
  return {
    ...summary(article),
    categoryTitle: helpCategory(category)!.title,
    markdown: article.body,
    headings: article.headings,
    related: relatedArticles(article),
    votes,
    myVote,
  };
}

/** The user's vote on an article; voting again replaces the earlier vote. */
export async function voteOnHelpArticle(db: Database, userId: number, category: string, slug: string, helpful: boolean) {
  const article = requireArticle(category, slug);
  await saveArticleVote(db, userId, article.key, helpful);
  return { myVote: helpful, votes: await voteCounts(db, article.key) };
}

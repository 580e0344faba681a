/**
 * Help center activity (issue 16): article views and "Was this helpful?" votes. Articles
 * themselves are files in the repo; rows here are keyed by "<category>/<slug>".
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client";
import { helpArticleViews, helpArticleVotes } from "./schema";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Adds views to articles, one upsert per article in one batch (an atomic increment, so
 * concurrent writers never lose one). The service adds up views in the isolate and calls this
 * once a second.
 */
export async function addArticleViews(db: Database, views: ReadonlyMap<string, number>): Promise<void> {
  const statements = [...views].map(([article, n]) =>
    db
      .insert(helpArticleViews)
      .values({ article, views: n })
      .onConflictDoUpdate({ target: helpArticleViews.article, set: { views: sql`${helpArticleViews.views} + ${n}`, updatedAt: now } }),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** The user's vote on the article: a second vote replaces the first, never adds to it. */
export async function saveArticleVote(db: Database, userId: number, article: string, helpful: boolean): Promise<void> {
  await db
    .insert(helpArticleVotes)
    .values({ article, userId, helpful })
    .onConflictDoUpdate({ target: [helpArticleVotes.article, helpArticleVotes.userId], set: { helpful, updatedAt: now } });
}

export async function userArticleVote(db: Database, userId: number, article: string): Promise<boolean | null> {
  const [row] = await db
    .select({ helpful: helpArticleVotes.helpful })
    .from(helpArticleVotes)
    .where(and(eq(helpArticleVotes.article, article), eq(helpArticleVotes.userId, userId)));
  return row ? row.helpful : null;
}

export interface ArticleActivity {
  article: string;
  views: number;
  helpful: number;
  notHelpful: number;
}

/** Views and vote counts of the given articles (all articles with any activity when `articles` is omitted). */
export async function articleActivity(db: Database, articles?: string[]): Promise<ArticleActivity[]> {
  if (articles && articles.length === 0) return [];
  const [views, votes] = await Promise.all([
    db
      .select({ article: helpArticleViews.article, views: helpArticleViews.views })
      .from(helpArticleViews)
      .where(articles ? inArray(helpArticleViews.article, articles) : undefined),
    db
      .select({
        article: helpArticleVotes.article,
        helpful: sql<number>`sum(case when ${helpArticleVotes.helpful} then 1 else 0 end)`,
        notHelpful: sql<number>`sum(case when ${helpArticleVotes.helpful} then 0 else 1 end)`,
      })
      .from(helpArticleVotes)
      .where(articles ? inArray(helpArticleVotes.article, articles) : undefined)
      .groupBy(helpArticleVotes.article),
  ]);
  const byArticle = new Map<string, ArticleActivity>();
  const entry = (article: string) => {
    let found = byArticle.get(article);
    if (!found) byArticle.set(article, (found = { article, views: 0, helpful: 0, notHelpful: 0 }));
    return found;
  };
  for (const row of views) entry(row.article).views = row.views;
  for (const row of votes) Object.assign(entry(row.article), { helpful: Number(row.helpful), notHelpful: Number(row.notHelpful) });
  return [...byArticle.values()];
}

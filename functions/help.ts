/**
 * The Help Center API (issue 16): public article lists, search and articles (open to signed-out
 * visitors and unverified users alike), and the signed-in "Was this helpful?" vote. Thin:
 * validate with the contract, call app/server/help/service.ts, answer.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  HelpArticleAnswerSchema,
  HelpArticleParamsSchema,
  HelpArticlesAnswerSchema,
  HelpArticlesQuerySchema,
  HelpVoteAnswerSchema,
  HelpVoteBodySchema,
} from "~/domain/contracts/help";
import { getHelpArticle, listHelpArticles, voteOnHelpArticle } from "~/server/help/service";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const invalid = { 400: { description: "Invalid request (the message names the field)", ...json(ErrorSchema) } };
const notFound = { 404: { description: "No such category or article (the message names it)", ...json(ErrorSchema) } };

export const help = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/help/articles",
      summary: "Help Center articles: every article with categories and counts, or a ranked, typo-tolerant search with snippets",
      description: "Public. Without q: every article (of the category) in reading order. Popular articles come from recorded views and helpful votes; before any, the getting-started articles.",
      request: { query: HelpArticlesQuerySchema },
      responses: { 200: { description: "Articles, categories and popular articles", ...json(HelpArticlesAnswerSchema) }, ...invalid, ...notFound },
    }),
    async (c) => c.json({ data: await listHelpArticles(c.var.db, c.req.valid("query")) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/help/articles/{category}/{slug}",
      summary: "One Help Center article: Markdown, table of contents, related articles, helpful counts and the caller's own vote",
      description: "Public; each call counts one view of the article (written within a second).",
      request: { params: HelpArticleParamsSchema },
      responses: { 200: { description: "The article", ...json(HelpArticleAnswerSchema) }, ...invalid, ...notFound },
    }),
    async (c) => {
      const { category, slug } = c.req.valid("param");
      return c.json({ data: await getHelpArticle({ db: c.var.db, defer: (work) => c.executionCtx.waitUntil(work) }, category, slug, c.var.caller?.user.id ?? null) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/help/articles/{category}/{slug}/votes",
      summary: "Say whether an article helped: one vote per user per article (voting again changes it)",
      request: { params: HelpArticleParamsSchema, ...body(HelpVoteBodySchema) },
      responses: {
        200: { description: "The caller's vote and the article's counts", ...json(HelpVoteAnswerSchema) },
        401: { description: "Not signed in", ...json(ErrorSchema) },
        ...invalid,
        ...notFound,
      },
    }),
    async (c) => {
      const userId = requireCaller(c).user.id;
      const { category, slug } = c.req.valid("param");
      return c.json({ data: await voteOnHelpArticle(c.var.db, userId, category, slug, c.req.valid("json").helpful) }, 200);
    },
  );

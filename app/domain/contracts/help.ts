/**
 * The Help Center's API (issue 16): article lists and search, one article with its table of
 * contents, related articles and helpful counts, and the caller's "Was this helpful?" vote.
 */
import { z } from "zod";
import { HELP_QUERY_MAX, HELP_SLUG_PATTERN } from "../help";

export * from "../help";

const slug = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(80, { message: `${field} is too long (80 characters at most)` })
    .regex(HELP_SLUG_PATTERN, { message: `${field} must be lower-case words joined by hyphens` });

export const HelpArticleParamsSchema = z.object({ category: slug("category"), slug: slug("slug") });

export const HelpArticlesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(HELP_QUERY_MAX, { message: `q is too long (${HELP_QUERY_MAX} characters at most)` })
    .optional()
    .meta({ description: "Words to search for in titles, summaries and bodies (typos within one or two letters are forgiven)" }),
  category: slug("category").optional().meta({ description: "Only this category's articles" }),
});

export const HelpArticleSummarySchema = z
  .object({
    category: z.string(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    order: z.number().int(),
  })
  .meta({ id: "HelpArticleSummary" });
export type HelpArticleSummary = z.infer<typeof HelpArticleSummarySchema>;

export const HelpSearchHitSchema = HelpArticleSummarySchema.extend({
  /** Plain text around the first match. */
  snippet: z.string(),
  /** The article words the query matched, for highlighting. */
  matched: z.array(z.string()),
}).meta({ id: "HelpSearchHit" });
export type HelpSearchHit = z.infer<typeof HelpSearchHitSchema>;

export const HelpCategorySchema = z
  .object({ id: z.string(), title: z.string(), description: z.string(), count: z.number().int() })
  .meta({ id: "HelpCategory" });
export type HelpCategoryWithCount = z.infer<typeof HelpCategorySchema>;

export const HelpArticlesAnswerSchema = z
  .object({
    data: z.object({
      /** The query as read (trimmed), or null when listing. */
      query: z.string().nullable(),
      /** The query with typos corrected ("shopify export"), when a word was corrected. */
      correctedQuery: z.string().nullable(),
      categories: z.array(HelpCategorySchema),
      /** Search hits best first, or every article (of the category) in reading order. */
      articles: z.array(HelpSearchHitSchema),
      /**
       * Most read and most found helpful, from recorded views and votes. `basis` is
       * "getting-started" before there is any activity: the getting-started articles in order.
       */
      popular: z.object({ basis: z.enum(["activity", "getting-started"]), articles: z.array(HelpArticleSummarySchema) }),
    }),
  })
  .meta({ id: "HelpArticlesAnswer" });
export type HelpArticlesAnswer = z.infer<typeof HelpArticlesAnswerSchema>;

export const HelpVoteCountsSchema = z.object({ helpful: z.number().int(), notHelpful: z.number().int() }).meta({ id: "HelpVoteCounts" });

export const HelpArticleSchema = HelpArticleSummarySchema.extend({
  categoryTitle: z.string(),
  markdown: z.string(),
  headings: z.array(z.object({ id: z.string(), text: z.string() })),
  related: z.array(HelpArticleSummarySchema),
  votes: HelpVoteCountsSchema,
  /** The caller's own vote: true (helpful), false (not helpful), null (none, or signed out). */
  myVote: z.boolean().nullable(),
}).meta({ id: "HelpArticle" });
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const HelpArticleAnswerSchema = z.object({ data: HelpArticleSchema }).meta({ id: "HelpArticleAnswer" });
export type HelpArticleAnswer = z.infer<typeof HelpArticleAnswerSchema>;

export const HelpVoteBodySchema = z
  .object({ helpful: z.boolean({ error: "helpful must be true or false" }) })
  .meta({ id: "HelpVoteBody" });
export type HelpVoteBody = z.infer<typeof HelpVoteBodySchema>;

export const HelpVoteAnswerSchema = z
  .object({ data: z.object({ myVote: z.boolean(), votes: HelpVoteCountsSchema }) })
  .meta({ id: "HelpVoteAnswer" });
export type HelpVoteAnswer = z.infer<typeof HelpVoteAnswerSchema>;

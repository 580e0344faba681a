/**
 * Help center rules both sides need (issue 16): the categories, article addresses, and the
 * heading anchors the table of contents links to (the server lists them, the page renders them).
 */

export const HELP_CATEGORIES = [
  {
    id: "getting-started",
    title: "Getting started",
    description: "Create your account, verify your email and find your way around the workspace.",
  },
  {
    id: "chat-and-research",
    title: "Chat and research",
    description: "Ask the AI assistant, read research answers with citations and manage your chats.",
  },
  {
    id: "projects",
    title: "Projects",
    description: "Business instructions, knowledge-base files and the canon every project chat uses.",
  },
  {
    id: "winning-products",
    title: "Winning products",
    description: "Find products in the AI Explorer, read their signals and research competitors.",
  },
  {
    id: "page-builder-and-export",
    title: "Page builder and export",
    description: "Turn a product into a store page, edit it, publish it and export it to Shopify.",
  },
  {
    id: "images",
    title: "Images",
    description: "Make product images and marketing visuals, and find them again in your gallery.",
  },
  {
    id: "billing-and-account",
    title: "Billing and account",
    description: "Plans and limits, upgrading, invoices, settings, sessions and your data.",
  },
] as const;

export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]["id"];
export const HELP_CATEGORY_IDS = HELP_CATEGORIES.map((c) => c.id) as HelpCategoryId[];

export function isHelpCategory(value: string): value is HelpCategoryId {
  return (HELP_CATEGORY_IDS as string[]).includes(value);
}

export function helpCategory(id: string) {
  return HELP_CATEGORIES.find((c) => c.id === id) ?? null;
}

/** Category ids and article slugs: lower-case words joined by hyphens. */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "page-builder-and-export/export-to-shopify": the article's key in the API and the database. */
export const articleKey = (category: string, slug: string) => `${category}/${slug}`;

export const helpArticleHref = (category: string, slug: string) => `/help/articles/${category}/${slug}`;
export const helpCategoryHref = (category: string) => `/help/categories/${category}`;
/** The support form reads `article` to pre-fill which article did not answer the question. */
export const supportTicketHref = (category: string, slug: string) => `/support?article=${encodeURIComponent(articleKey(category, slug))}`;

/** The anchor of a heading: "Connect your store" → "connect-your-store". */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[`*]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

export interface HelpHeading {
  id: string;
  text: string;
}

/** The `##` headings of an article in order (the table of contents), skipping fenced code. */
export function articleHeadings(markdown: string): HelpHeading[] {
  const headings: HelpHeading[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const match = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) headings.push({ id: headingId(match[1]!), text: match[1]!.replace(/[`*]/g, "") });
  }
  return headings;
}

/** Search input: what the box accepts (the server refuses longer). */
export const HELP_QUERY_MAX = 200;

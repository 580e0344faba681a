/**
 * The guided tutorials of /tutorials (issue 16): each a few steps, each step with what to do, the
 * real screen to do it on, and how it completes. A step with a `check` ticks itself: the server
 * reads the user's own records (db/tutorials.ts). A step without one is something Dropcraft keeps
 * no record of (filtering, reading a product record, importing a CSV in Shopify), so the user
 * ticks it by hand and the screen says so. Zod-free: the screen shows these to signed-out visitors.
 */

/** What the server looks for in the user's records; each name is one query in db/tutorials.ts. */
export const TUTORIAL_CHECKS = [
  "savedProduct",
  "pageCreated",
  "pagePublished",
  "shopifyExport",
  "imageMade",
  "visualMade",
  "projectCreated",
  "projectInstructions",
  "knowledgeFile",
  "chatAnswered",
  "projectChatAnswered",
] as const;
export type TutorialCheck = (typeof TUTORIAL_CHECKS)[number];

export interface TutorialStep {
  id: string;
  title: string;
  /** What to do, in the screen's own words. */
  instructions: string;
  /** A real route of the app (tests/unit/domain/tutorials.test.ts checks each against app/routes). */
  href: string;
  /** The name of the screen the link opens. */
  hrefLabel: string;
  /** Set: the step ticks itself from this record. Null: the user ticks it by hand. */
  check: TutorialCheck | null;
  /** How the step completes, as the checklist shows it. */
  completion: string;
}

export interface Tutorial {
  id: string;
  title: string;
  summary: string;
  steps: TutorialStep[];
}

const BY_HAND = "Dropcraft keeps no record of this, so tick it yourself when you have done it.";

export const TUTORIALS: readonly Tutorial[] = [
  {
    id: "first-winning-product",
    title: "Find your first winning product",
    summary: "Narrow the Explorer's catalog down, read why a product scores well, and keep it on a list.",
    steps: [
      {
        id: "filter",
        title: "Filter the Explorer",
        instructions: "Open the Explorer and narrow the catalog with the filters: a niche, a price range, a lowest winning score, the orders trend.",
        href: "/ai-explore",
        hrefLabel: "Explorer",
        check: null,
        completion: BY_HAND,
      },
      {
        id: "open-record",
        title: "Open a product record",
        instructions: "Click a product to open its record: the winning score and its reasons, orders and active ads week by week, the price history and the money kept per sale.",
        href: "/ai-explore",
        hrefLabel: "Explorer",
        check: null,
        completion: BY_HAND,
      },
      {
        id: "save-to-list",
        title: "Save it to a list",
        instructions: "In the product record, save the product to a list (name a new one or pick one you have).",
        href: "/ai-explore",
        hrefLabel: "Explorer",
        check: "savedProduct",
        completion: "Ticks itself when a product is on one of your saved lists.",
      },
    ],
  },
  {
    id: "publish-a-page",
    title: "Build and publish a drop page",
    summary: "Turn a product into a store page in the Page Builder and publish it at its own address.",
    steps: [
      {
        id: "create-page",
        title: "Start a page",
        instructions: "In the AI Page Builder, paste a product link (or start from a catalog product) and check what was read.",
        href: "/ai-page-builder",
        hrefLabel: "AI Page Builder",
        check: "pageCreated",
        completion: "Ticks itself when you have a page.",
      },
      {
        id: "publish",
        title: "Publish it",
        instructions: "Add a buy link, then press Publish: the page goes live at its own /p/ address as a drop page.",
        href: "/ai-page-builder",
        hrefLabel: "AI Page Builder",
        check: "pagePublished",
        completion: "Ticks itself when one of your pages has been published.",
      },
      {
        id: "review-live",
        title: "Check it under Drop pages",
        instructions: "Open Drop pages to see the published page, its address, views and buy clicks.",
        href: "/droppage",
        hrefLabel: "Drop pages",
        check: null,
        completion: BY_HAND,
      },
    ],
  },
  {
    id: "export-to-shopify",
    title: "Export a page to Shopify",
    summary: "Send a page's product to your Shopify store, or download it as a Shopify product CSV.",
    steps: [
      {
        id: "page-ready",
        title: "Have a page ready",
        instructions: "Build a page in the AI Page Builder; its product, description and images are what gets exported.",
        href: "/ai-page-builder",
        hrefLabel: "AI Page Builder",
        check: "pageCreated",
        completion: "Ticks itself when you have a page.",
      },
      {
        id: "export",
        title: "Export it",
        instructions:
          "Connect your Shopify store under Drop pages and export the page to it, or download the Shopify CSV from the page's export menu. Exporting and downloading are part of the Growth and Elite plans.",
        href: "/droppage",
        hrefLabel: "Drop pages",
        check: "shopifyExport",
        completion: "Ticks itself when a page has been exported to Shopify or downloaded as a Shopify CSV.",
      },
      {
        id: "check-in-shopify",
        title: "Check the product in Shopify",
        instructions: "Open the product in your Shopify admin (or import the CSV there under Products → Import) and review it before selling.",
        href: "/droppage",
        hrefLabel: "Drop pages",
        check: null,
        completion: "This happens in Shopify, outside Dropcraft, so tick it yourself when you have done it.",
      },
    ],
  },
  {
    id: "make-a-visual",
    title: "Make a product visual",
    summary: "Design an image in the Image Maker, then ad creatives in every platform's size.",
    steps: [
      {
        id: "design",
        title: "Design an image",
        instructions: "In the Image Maker, pick a product and a template, write the copy and watch the preview. Designing and previewing work on every plan.",
        href: "/image-maker",
        hrefLabel: "Image Maker",
        check: null,
        completion: "Your draft stays in this browser only, so tick it yourself when you have done it.",
      },
      {
        id: "generate",
        title: "Generate and save it",
        instructions: "Choose the sizes and press Generate: the images land in your Images gallery. Generating is part of the Growth and Elite plans.",
        href: "/image-maker",
        hrefLabel: "Image Maker",
        check: "imageMade",
        completion: "Ticks itself when your gallery holds an image you generated.",
      },
      {
        id: "marketing-visual",
        title: "Make marketing visuals",
        instructions: "In Marketing visuals, lay the same design out in the ad sizes of Instagram, Facebook, TikTok and Pinterest. Part of the Growth and Elite plans.",
        href: "/marketing-visuals",
        hrefLabel: "Marketing visuals",
        check: "visualMade",
        completion: "Ticks itself when your gallery holds a marketing visual.",
      },
    ],
  },
  {
    id: "set-up-project",
    title: "Set up a project",
    summary: "Give the AI your business context once: a project with instructions and files that every answer in it uses.",
    steps: [
      {
        id: "create-project",
        title: "Create a project",
        instructions: "On Projects, press New project and name it after your store or niche.",
        href: "/projects",
        hrefLabel: "Projects",
        check: "projectCreated",
        completion: "Ticks itself when you have a project.",
      },
      {
        id: "instructions",
        title: "Add business instructions",
        instructions: "In the project's Instructions tab, describe your niche, price band, audience, brand voice and shipping promise.",
        href: "/projects",
        hrefLabel: "Projects",
        check: "projectInstructions",
        completion: "Ticks itself when one of your projects has instructions.",
      },
      {
        id: "knowledge-file",
        title: "Upload a knowledge-base file",
        instructions: "In the Knowledge base tab, upload a .txt, .md, .csv, .json, .pdf or .docx file (up to 10 MB): a supplier sheet, your FAQ, a brand guide.",
        href: "/projects",
        hrefLabel: "Projects",
        check: "knowledgeFile",
        completion: "Ticks itself when a file has been uploaded to one of your projects.",
      },
      {
        id: "review-canon",
        title: "Review the canon",
        instructions: "Open the Canon tab: the facts derived from your instructions and files, each with its source. Correct any value; what you enter wins.",
        href: "/projects",
        hrefLabel: "Projects",
        check: null,
        completion: BY_HAND,
      },
    ],
  },
  {
    id: "ask-the-chat",
    title: "Ask the chat a research question",
    summary: "Get a researched answer with an executive summary and citations, then one that uses your project's context.",
    steps: [
      {
        id: "ask",
        title: "Ask a research question",
        instructions: "In AI Chat, ask something you need to decide, e.g. “Which posture products are growing this quarter, and at what price?”",
        href: "/chat",
        hrefLabel: "AI Chat",
        check: "chatAnswered",
        completion: "Ticks itself when one of your chats has an answer.",
      },
      {
        id: "ask-in-project",
        title: "Ask inside a project",
        instructions: "Open a project and start a chat from it, so the answer uses the project's instructions, files and canon.",
        href: "/projects",
        hrefLabel: "Projects",
        check: "projectChatAnswered",
        completion: "Ticks itself when a chat in one of your projects has an answer.",
      },
      {
        id: "read-sources",
        title: "Check the sources",
        instructions: "Open the full analysis of an answer and follow its citations to the records it used.",
        href: "/chat",
        hrefLabel: "AI Chat",
        check: null,
        completion: BY_HAND,
      },
    ],
  },
];

export type TutorialStepState = "done_by_action" | "done_by_hand" | "todo";

export function findTutorialStep(tutorialId: string, stepId: string): { tutorial: Tutorial; step: TutorialStep } | null {
  const tutorial = TUTORIALS.find((t) => t.id === tutorialId);
  const step = tutorial?.steps.find((s) => s.id === stepId);
  return tutorial && step ? { tutorial, step } : null;
}

/** Counts a tutorial's done steps and names the first one still to do (null when all are done). */
export function tutorialProgress(steps: readonly { id: string; state: TutorialStepState }[]): {
  done: number;
  total: number;
  nextStepId: string | null;
} {
  const done = steps.filter((s) => s.state !== "todo").length;
  return { done, total: steps.length, nextStepId: steps.find((s) => s.state === "todo")?.id ?? null };
}

/** The route path of a step's link, without its query string or hash. */
export function routePathOf(href: string): string {
  return href.split(/[?#]/)[0] ?? href;
}

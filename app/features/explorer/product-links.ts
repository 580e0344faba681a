/**
 * Where a product goes from the Explorer: its own page (`/flows/<id>`, the spec's flow detail)
 * and each tool started with it. The panel and the product's page build their actions from this
 * one list, so a tool's address is written once.
 */
import { chatQuestion } from "./explorer-query";

/** The product's own page: deep-linkable and shareable. */
export function flowHref(productId: string): string {
  return `/flows/${encodeURIComponent(productId)}`;
}

/**
 * The product id a `/flows/:flowId` segment names, or null when it cannot be one. Catalog ids
 * are letters, digits and dashes (`P-0001`, an import's `I-3F2A9C1B`); anything else is a
 * mistyped link, answered with the not-found screen without asking the API.
 */
export function flowIdOf(segment: string | undefined): string | null {
  const id = segment?.trim() ?? "";
  return /^[A-Za-z0-9][\w-]{0,63}$/.test(id) ? id : null;
}

export type ProductToolId = "page" | "visuals" | "creatives" | "ads" | "chat" | "analysis";

export interface ProductTool {
  id: ProductToolId;
  label: string;
  /** What the tool does with the product, in one line (the page shows it under the label). */
  hint: string;
  href: string;
}

/**
 * Each tool started with the product, in the order the page shows them: build its page, make its
 * visuals and ad creatives, launch its ads, ask the chat, and the deep report.
 */
export function productTools(product: { id: string; name: string; niche: { name: string } }): ProductTool[] {
  const id = encodeURIComponent(product.id);
  return [
    {
      id: "page",
      label: "Build a page",
      hint: "AI Page Builder: a store page drafted from this record",
      href: `/ai-page-builder?product=${id}`,
    },
    {
      id: "visuals",
      label: "Make visuals",
      hint: "Image Maker: product images from its photos and figures",
      href: `/image-maker?product=${id}`,
    },
    {
      id: "creatives",
      label: "Ad creatives",
      hint: "Marketing visuals in every ad size",
      href: `/marketing-visuals?product=${id}`,
    },
    {
      id: "ads",
      label: "Launch ads",
      hint: "AI Launcher: a paused Meta campaign for it",
      // The launcher reads `catalog:<id>` (a catalog product; its other sources have their own prefix).
      href: `/ad-launcher?product=catalog:${id}`,
    },
    {
      id: "chat",
      label: "Ask in chat",
      hint: "A new chat with the question ready to send",
      href: `/chat?q=${encodeURIComponent(chatQuestion(product))}`,
    },
    {
      id: "analysis",
      label: "Deep analysis",
      hint: "Market analysis report on this product",
      href: `/market-analysis?product=${id}`,
    },
  ];
}

/** The link of one tool (the panel shows only some). */
export function productTool(product: { id: string; name: string; niche: { name: string } }, tool: ProductToolId): ProductTool {
  return productTools(product).find((t) => t.id === tool)!;
}

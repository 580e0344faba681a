/**
 * The contract's limits and words the editor needs, copied here because the contract module
 * brings zod into the browser (lint allows type-only imports of contracts). The types make a
 * missing kind or font a compile error; the numbers match app/domain/contracts/pages.ts.
 */
import type { PageFont, PageSectionKind } from "~/domain/contracts/pages";

export const PAGE_IMAGES_MAX = 20;
export const PAGE_VARIANTS_MAX = 100;
export const PAGE_SECTIONS_MAX = 30;
export const PAGE_ITEMS_MAX = 30;

export const SECTION_LABELS: Record<PageSectionKind, string> = {
  hero: "Hero",
  benefits: "Benefits",
  "how-it-works": "How it works",
  specs: "Specs",
  "in-the-box": "What's in the box",
  faq: "FAQ",
  guarantee: "Guarantee",
  cta: "Call to action",
};

export const FONT_LABELS: Record<PageFont, string> = {
  system: "System (the visitor's own)",
  humanist: "Humanist sans",
  geometric: "Geometric sans",
  serif: "Serif",
  rounded: "Rounded sans",
  mono: "Monospace",
};

export const PAGE_FONTS = Object.keys(FONT_LABELS) as PageFont[];

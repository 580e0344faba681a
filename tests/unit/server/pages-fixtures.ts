/** Products, canon and pages the pages-*.test.ts files share. */
import type { Page, PageProduct, PageSection } from "~/domain/contracts/pages";
import { DEFAULT_THEME } from "~/server/pages/theme";

export const RICH_PRODUCT: PageProduct = {
  title: "Lumo Cordless Desk Lamp",
  description: [
    "A warm, glare-free light for late work sessions. The dimmer remembers your last setting.",
    "",
    "Features:",
    "- Three colour temperatures: warm, neutral and daylight",
    "- Touch dimmer: slide a finger along the base to set the brightness",
    "- USB-C charging, no adapter needed",
    "",
    "How to use:",
    "1. Charge the lamp with the USB-C cable.",
    "2. Touch the base to switch it on.",
    "3. Hold the base to dim.",
    "",
    "Specifications:",
    "Battery: 4000 mAh",
    "Height: 38 cm",
  ].join("\n"),
  images: ["https://cdn.example.com/lamp-1.jpg", "https://cdn.example.com/lamp-2.jpg", "https://cdn.example.com/lamp-3.jpg"],
  priceCents: 3999,
  compareAtPriceCents: 5999,
  currency: "USD",
  options: [{ name: "Colour", values: ["Black", "White"] }],
  variants: [
    { title: "Black", optionValues: ["Black"], priceCents: 3999, compareAtPriceCents: 5999, sku: "LUMO-BLK", available: true },
    { title: "White", optionValues: ["White"], priceCents: 3999, compareAtPriceCents: 5999, sku: "LUMO-WHT", available: false },
  ],
  specs: [{ name: "Weight", value: "0.8 kg" }],
  inTheBox: ["Lamp", "USB-C cable", "Quick start guide"],
  vendor: "Lumo",
  productType: "Desk lamp",
};

export const BARE_PRODUCT: PageProduct = {
  title: "Mystery Gadget",
  description: "",
  images: [],
  priceCents: null,
  compareAtPriceCents: null,
  currency: "USD",
  options: [],
  variants: [],
  specs: [],
  inTheBox: [],
  vendor: null,
  productType: null,
};

export const CANON_ENTRIES = [
  { path: "brand.name", value: "Lumo Home" },
  { path: "brand.voice", value: "warm and friendly" },
  { path: "audience.primary", value: "remote workers" },
  { path: "shipping.promise", value: "free shipping over $50, delivered in 3 to 5 business days" },
  { path: "guarantee", value: "Not happy? Send it back within 30 days for a full refund." },
  { path: "brand.colors", value: ["#ffcc00", "#1a1a2e"] },
];

export function section(kind: PageSection["kind"], fields: Partial<PageSection> = {}): PageSection {
  return { id: `${kind}-1`, kind, hidden: false, heading: "", body: "", items: [], imageUrl: null, buttonLabel: null, ...fields };
}

export function pageOf(product: PageProduct, sections: PageSection[], fields: Partial<Page> = {}): Page {
  return {
    id: "pg_1",
    slug: "lumo-lamp",
    status: "published",
    sourceUrl: null,
    catalogProductId: null,
    projectId: null,
    product,
    sections,
    theme: DEFAULT_THEME,
    seo: { title: "", description: "", imageAlts: {} },
    buyUrl: "https://shop.example.com/products/lumo",
    missing: [],
    editedSections: [],
    generatedBy: "builtin",
    generatedAt: null,
    revision: 1,
    publishedAt: null,
    publicUrl: null,
    views: 0,
    buyClicks: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

/**
 * Where a page starts: the product it sells, read from a product URL (through the URL guard and
 * the extractor), an Explorer record, or fields typed by hand, and the draft sections that show
 * only what that data holds, word for word. Writing copy is generation's job (metered); a draft
 * is what the free plan can extract, edit and preview.
 */
import type { PageCreateBody, PageProduct, PageSection, PageSectionKind } from "~/domain/contracts/pages";
import { SECTION_LABELS } from "~/domain/contracts/pages";
import type { ProductExtraction } from "~/domain/contracts/url-inspections";
import { AppError } from "~/domain/errors";
import type { CatalogProductRow } from "../../../db/catalog";

export const DEFAULT_CURRENCY = "USD";

const emptyProduct = (title: string): PageProduct => ({
  title,
  description: "",
  images: [],
  priceCents: null,
  compareAtPriceCents: null,
  currency: DEFAULT_CURRENCY,
  options: [],
  variants: [],
  specs: [],
  inTheBox: [],
  vendor: null,
  productType: null,
});

/** A product typed by hand: the fields given, the rest empty. */
export function productFromHand(input: NonNullable<PageCreateBody["product"]>): PageProduct {
  return { ...emptyProduct(input.title), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as PageProduct;
}

/** An Explorer record: its name, price and image; the catalog holds no description or specs. */
export function productFromCatalog(row: CatalogProductRow): PageProduct {
  return {
    ...emptyProduct(row.name),
    images: row.imageUrl ? [row.imageUrl] : [],
    priceCents: row.priceCents,
    compareAtPriceCents: row.compareAtPriceCents ?? null,
    vendor: row.vendor ?? null,
    productType: row.productType || null,
    costCents: row.costCents ?? null,
    shippingDays: row.shippingDays ?? null,
  };
}

/**
 * Options as Shopify models them, rebuilt from variant titles like "Red / Large" (the extractor
 * keeps the titles; Shopify's product JSON joins option values with " / ").
 */
function optionsFromVariantTitles(titles: string[]): PageProduct["options"] {
  const split = titles.map((t) => t.split(" / ").map((v) => v.trim()));
  const width = split[0]?.length ?? 0;
  if (width === 0 || width > 3 || split.some((parts) => parts.length !== width || parts.some((p) => !p))) return [];
  return Array.from({ length: width }, (_, i) => ({
    name: width === 1 ? "Option" : `Option ${i + 1}`,
    values: [...new Set(split.map((parts) => parts[i]))],
  }));
}

/** The extractor's fields as a page product; a field no source held stays empty. */
export function productFromExtraction(extraction: ProductExtraction): PageProduct {
  const f = extraction.fields;
  if (!f.title) {
    const refused = extraction.sources.find((s) => s.outcome === "refused" || s.outcome === "failed" || s.outcome === "http_error");
    throw new AppError(
      "VALIDATION",
      refused?.message
        ? `Could not read a product from ${extraction.url}: ${refused.message}`
        : `Found no product title at ${extraction.url}. Check that the address is a product page, or type the product in by hand.`,
      { details: { fields: [{ path: "sourceUrl", message: "no product found at this address" }] } },
    );
  }
  const variants = (f.variants?.value ?? []).filter((v) => v.title !== null || v.priceCents !== null);
  const titles = variants.map((v) => v.title ?? "").filter(Boolean);
  const options = variants.length > 1 && titles.length === variants.length && !(titles.length === 1 && titles[0] === "Default Title") ? optionsFromVariantTitles(titles) : [];
  return {
    ...emptyProduct(f.title.value.slice(0, 255)),
    description: f.description?.value ?? "",
    images: (f.images?.value ?? []).slice(0, 20),
    priceCents: f.priceCents?.value ?? null,
    compareAtPriceCents: f.compareAtPriceCents?.value ?? null,
    currency: f.currency?.value && /^[A-Z]{3}$/.test(f.currency.value) ? f.currency.value : DEFAULT_CURRENCY,
    options,
    variants: options.length
      ? variants.map((v) => ({
          title: v.title ?? "",
          optionValues: (v.title ?? "").split(" / ").map((s) => s.trim()),
          priceCents: v.priceCents,
          compareAtPriceCents: v.compareAtPriceCents,
          sku: v.sku,
          available: v.available,
        }))
      : [],
    vendor: f.vendor?.value ?? null,
  };
}

const section = (kind: PageSectionKind, n: number, fields: Partial<PageSection>): PageSection => ({
  id: `${kind}-${n}`,
  kind,
  hidden: false,
  heading: SECTION_LABELS[kind],
  body: "",
  items: [],
  imageUrl: null,
  buttonLabel: null,
  ...fields,
});

/**
 * The draft's sections: the product's own words in place (title, supplier description, specs,
 * box contents), sections with nothing to show hidden until generation or the merchant fills them.
 */
export function draftSections(product: PageProduct): PageSection[] {
  const paragraphs = product.description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return [
    section("hero", 1, { heading: product.title, body: paragraphs[0] ?? "", imageUrl: product.images[0] ?? null, buttonLabel: "Buy now" }),
    section("benefits", 1, { heading: "Why you'll love it", body: paragraphs.slice(1).join("\n\n"), hidden: paragraphs.length < 2 }),
    section("how-it-works", 1, { hidden: true }),
    section("specs", 1, { items: product.specs.map((s) => ({ title: s.name, text: s.value })), hidden: product.specs.length === 0 }),
    section("in-the-box", 1, { items: product.inTheBox.map((item) => ({ title: item, text: "" })), hidden: product.inTheBox.length === 0 }),
    section("faq", 1, { hidden: true }),
    section("guarantee", 1, { hidden: true }),
    section("cta", 1, { heading: product.title, body: "", buttonLabel: "Buy now" }),
  ];
}

/** "Self-Cleaning Pet Brush (2-pack)!" → "self-cleaning-pet-brush-2-pack". */
export function slugFor(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return base || "page";
}

/** A slug with a short random tail, for when the plain one is taken. */
export function slugWithSuffix(base: string): string {
  const tail = crypto.getRandomValues(new Uint8Array(3)).reduce((s, b) => s + b.toString(36).padStart(2, "0"), "").slice(0, 5);
  return `${base.slice(0, 56)}-${tail}`;
}

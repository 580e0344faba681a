/**
 * A design filled in from what the merchant already has: a catalog product or a built page, and
 * the project's canon (brand colours and font). Only the product's own fields are used; what the
 * data does not hold is left empty and named in `missing`, never guessed. Social-proof figures
 * are read from the catalog record at the moment they are drawn, with their source.
 */
import type { Canon } from "~/domain/contracts/projects";
import type { DesignDefaults, ProofFact, ProofMetric, VisualDesign, VisualPalette, VisualTemplate } from "~/domain/contracts/images";
import type { PageProduct, PageSection } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { findCatalogProduct, storesSellingProduct, type CatalogProductRow } from "../../../db/catalog";
import { findPage } from "../../../db/pages";
import { findProject } from "../../../db/projects";
import { productFromCatalog } from "../pages/drafts";
import { canonFactsFrom } from "../pages/generate-builtin";
import { themeFor } from "../pages/theme";

/** A palette for ads when the canon names no brand colour: deep ink on warm white with a coral accent. */
export const DEFAULT_VISUAL_PALETTE: VisualPalette = { background: "#f6f3ee", surface: "#ffffff", text: "#1b1d26", accent: "#e8553d" };

const number = (n: number) => n.toLocaleString("en-US");

const PROOF_LABELS: Record<ProofMetric, string> = {
  orders7d: "orders last week, market-wide",
  orders28d: "orders in the last 4 weeks, market-wide",
  activeAds: "ads running for it now",
  storesSelling: "stores selling it",
};

export interface DesignSource {
  product: PageProduct | null;
  /** Benefits the merchant's page states (its benefits section's item titles). */
  benefits: string[];
  catalogRow: CatalogProductRow | null;
  productId: string | null;
  pageId: string | null;
}

/** The product behind a catalog id or a page id (one of them), or NOT_FOUND naming which. */
export async function loadDesignSource(db: Database, userId: number, ids: { productId?: string | null; pageId?: string | null }): Promise<DesignSource> {
  if (ids.pageId) {
    const page = await findPage(db, userId, ids.pageId);
    if (!page) throw new AppError("NOT_FOUND", "No such page (pageId).");
    const sections = page.sections as PageSection[];
    const benefits = sections.find((s) => s.kind === "benefits" && !s.hidden)?.items.map((i) => i.title.trim()).filter(Boolean) ?? [];
    const catalogRow = page.catalogProductId ? ((await findCatalogProduct(db, userId, page.catalogProductId))?.product ?? null) : null;
    return { product: page.product as PageProduct, benefits, catalogRow, productId: catalogRow?.id ?? null, pageId: page.id };
  }
  if (ids.productId) {
    const found = await findCatalogProduct(db, userId, ids.productId);
    if (!found) throw new AppError("NOT_FOUND", "No such catalog product (productId).");
    return { product: productFromCatalog(found.product), benefits: [], catalogRow: found.product, productId: found.product.id, pageId: null };
  }
  return { product: null, benefits: [], catalogRow: null, productId: null, pageId: null };
}

/** The project's brand palette (from the canon's colours, contrast-checked) and its name; defaults without a project. */
export async function brandOf(db: Database, userId: number, projectId: string | null | undefined): Promise<{ palette: VisualPalette; brandName: string | null; fromCanon: boolean }> {
  if (!projectId) return { palette: DEFAULT_VISUAL_PALETTE, brandName: null, fromCanon: false };
  const project = await findProject(db, userId, projectId);
  if (!project) throw new AppError("NOT_FOUND", "No such project (projectId).");
  const canon = (project.canonContext ?? {}) as Canon;
  const facts = canonFactsFrom(Object.entries(canon).map(([path, entry]) => ({ path, value: entry.value })));
  if (facts.colours.length === 0) return { palette: DEFAULT_VISUAL_PALETTE, brandName: facts.brandName, fromCanon: false };
  const theme = themeFor(facts.colours);
  return { palette: { background: theme.background, surface: theme.surface, text: theme.text, accent: theme.primary }, brandName: facts.brandName, fromCanon: true };
}

/** The catalog figures a social-proof visual draws, read now from the product's record. */
export async function proofFactsFor(db: Database, userId: number, row: CatalogProductRow | null, metrics: readonly ProofMetric[]): Promise<ProofFact[]> {
  if (!row || metrics.length === 0) return [];
  const source = `${row.source === "sample" ? "Sample catalog (sample data)" : "Your imported catalog"} · ${row.name}`;
  const facts: ProofFact[] = [];
  for (const metric of metrics) {
    let value: number | null = null;
    let shown: string | null = null;
    if (metric === "orders7d") value = row.weeklyOrders.at(-1) ?? null;
    if (metric === "orders28d") value = row.weeklyOrders.length ? row.weeklyOrders.slice(-4).reduce((a, b) => a + b, 0) : null;
    if (metric === "activeAds") value = row.weeklyActiveAds.at(-1) ?? (row.adCount || null);
    if (metric === "storesSelling") {
      const stores = await storesSellingProduct(db, userId, row.id);
      value = stores.length;
      // The query stops at 50 stores: say so rather than claim exactly 50.
      if (stores.length >= 50) shown = "50+";
    }
    // A figure the record does not hold (or zero, which proves nothing) is left out, not drawn as 0.
    if (value !== null && value > 0) facts.push({ metric, label: PROOF_LABELS[metric], value: shown ?? number(value), source });
  }
  return facts;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The design the Image Maker starts from for `template`, and what it could not fill. */
export async function designDefaults(
  db: Database,
  userId: number,
  query: { template: VisualTemplate; productId?: string; pageId?: string; projectId?: string },
): Promise<DesignDefaults> {
  const source = await loadDesignSource(db, userId, query);
  const brand = await brandOf(db, userId, query.projectId);
  const { design, missing } = designFrom(source, query.template, brand.palette);
  if (!brand.fromCanon) missing.push(query.projectId ? "No brand colours in the project's canon: a neutral palette is used" : "No project picked: a neutral palette is used (pick a project to use its brand colours)");
  const proofFacts = await proofFactsFor(db, userId, source.catalogRow, design.proof);
  if (query.template === "social-proof" && proofFacts.length === 0) missing.push("No figures from a catalog record: pick a catalog product for social proof");
  const imageUrls = source.product?.images ?? [];
  return { design, proofFacts, productImageUrls: imageUrls, productTitle: source.product?.title ?? null, missing };
}

/** Pure: the design a source gives (used by design-defaults and by batch generation). */
export function designFrom(source: DesignSource, template: VisualTemplate, palette: VisualPalette): { design: VisualDesign; missing: string[] } {
  const product = source.product;
  const missing: string[] = [];
  if (!product) missing.push("No product picked: type the headline and price yourself");
  else {
    if (product.priceCents === null) missing.push("No price in the product data: type one or leave it out");
    if (source.benefits.length === 0) missing.push("No benefits in the product data: add up to 4 in your own words");
  }
  const onSale = product?.priceCents != null && product.compareAtPriceCents != null && product.compareAtPriceCents > product.priceCents;
  if (template === "sale" && product && !onSale) missing.push("No compare-at price above the price: the sale badge needs one (or type the badge's words)");
  const design: VisualDesign = {
    template,
    headline: clip(product?.title ?? "Your product", 120),
    subheadline: "",
    bullets: source.benefits.slice(0, 4).map((b) => clip(b, 90)),
    priceCents: product?.priceCents ?? null,
    compareAtPriceCents: product?.compareAtPriceCents ?? null,
    currency: product?.currency ?? "USD",
    badge: null,
    cta: template === "sale" ? "Shop the sale" : "Shop now",
    comparison: null,
    proof: template === "social-proof" && source.catalogRow ? ["orders7d", "activeAds", "storesSelling"] : [],
    palette,
    font: "system",
    photoImageId: null,
    logoImageId: null,
    backgroundImageId: null,
  };
  if (template === "comparison") missing.push("Comparison rows are yours to write: what your product does against the usual alternative");
  return { design, missing };
}

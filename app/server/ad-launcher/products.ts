/**
 * What the merchant can advertise (GET /api/ad-launcher/products): their pages' products, their
 * imported catalog products and the catalog products they saved, each with what its break-even
 * needs (price, cost, shipping: only figures the record holds, never guessed) and where an ad
 * could lead (the live drop page, the page's buy link in their store).
 */
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import type { PageProduct } from "~/domain/contracts/pages";
import { CURRENCY } from "~/domain/pricing";
import { launchableCatalogProducts } from "../../../db/ad-launcher";
import type { Database } from "../../../db/client";
import { listFullPages } from "../../../db/pages";
import { publicPath } from "../pages/service";

export async function listLaunchProducts(deps: { db: Database; origin: string }, userId: number): Promise<LaunchProduct[]> {
  const [pages, catalog] = await Promise.all([listFullPages(deps.db, userId), launchableCatalogProducts(deps.db, userId)]);
  const byId = new Map(catalog.map((c) => [c.id, c]));
  const fromPages: LaunchProduct[] = pages.map((page) => {
    const product = page.product as PageProduct;
    const record = page.catalogProductId ? byId.get(page.catalogProductId.toUpperCase()) : undefined;
    const destinations: LaunchProduct["destinations"] = [];
    if (page.status === "published") destinations.push({ kind: "drop_page", url: `${deps.origin}${publicPath(page.slug)}`, label: "Live drop page" });
    if (page.buyUrl) destinations.push({ kind: "store_product", url: page.buyUrl, label: "The product in your store (the page's buy link)" });
    return {
      ref: `page:${page.id}`,
      source: "page",
      title: product.title,
      imageUrl: product.images?.[0] ?? null,
      currency: product.currency ?? CURRENCY,
      priceCents: product.priceCents ?? null,
      costCents: product.costCents ?? record?.costCents ?? null,
      shippingCents: record?.shippingCostCents ?? null,
      destinations,
    };
  });
  const fromCatalog: LaunchProduct[] = catalog.map((c) => ({
    ref: `${c.ownerUserId === userId ? "import" : "catalog"}:${c.id}`,
    source: c.ownerUserId === userId ? "import" : "catalog",
    title: c.name,
    imageUrl: c.imageUrl,
    currency: CURRENCY,
    priceCents: c.priceCents,
    costCents: c.costCents,
    shippingCents: c.shippingCostCents,
    destinations: pages
      .filter((p) => p.status === "published" && p.catalogProductId?.toUpperCase() === c.id)
      .map((p) => ({ kind: "drop_page" as const, url: `${deps.origin}${publicPath(p.slug)}`, label: "Live drop page" })),
  }));
  return [...fromPages, ...fromCatalog];
}

/** Saved product lists and the niche filter's options. */
import { AppError } from "~/domain/errors";
import type { Database } from "../../../db/client";
import { findCatalogProduct, listNiches, removeProductFromList, saveProductToList, savedListsOf } from "../../../db/catalog";

export async function saveToList(db: Database, userId: number, productId: string, list: string) {
  const row = await findCatalogProduct(db, userId, productId);
  if (!row) throw new AppError("NOT_FOUND", `No product ${productId} in the catalog.`);
  await saveProductToList(db, userId, row.product.id, list);
}

export async function removeFromList(db: Database, userId: number, productId: string, list: string) {
  await removeProductFromList(db, userId, productId.toUpperCase(), list);
}

export const savedLists = savedListsOf;
export const nicheOptions = listNiches;

/**
 * The figures Dropcraft shows about itself (app/domain/product-facts.ts), read from D1. Cached per
 * isolate for a few minutes: every page shows them, and they change slowly. A failed read shows
 * the sentences without numbers rather than failing the page.
 */
import type { ProductFacts } from "~/domain/product-facts";
import { sampleLibraryCounts } from "../../../db/catalog";
import type { Database } from "../../../db/client";
import { countUsers } from "../../../db/users";

export const PRODUCT_FACTS_TTL_MS = 5 * 60_000;

let cached: { facts: ProductFacts; at: number } | undefined;

export async function loadProductFacts(db: Database, now = Date.now()): Promise<ProductFacts | null> {
  if (cached && now - cached.at < PRODUCT_FACTS_TTL_MS) return cached.facts;
  try {
    const [library, users] = await Promise.all([sampleLibraryCounts(db), countUsers(db)]);
    const facts: ProductFacts = { ...library, merchants: Number(users.verified) };
    cached = { facts, at: now };
    return facts;
  } catch {
    return cached?.facts ?? null;
  }
}

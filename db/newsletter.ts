import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { newsletterSubscribers } from "./schema";

/** Adds an address to the local subscriber list; subscribing twice is harmless. */
export async function addNewsletterSubscriber(db: Database, email: string, source: string) {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { created: inserted.length > 0 };
}

export async function countNewsletterSubscribers(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(newsletterSubscribers);
  return row?.n ?? 0;
}

import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { subscriptions, type Subscription } from "./schema";

export async function findSubscription(db: Database, userId: number): Promise<Subscription | undefined> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

/** Partner applications: inserted by anyone who applies, read and decided by staff. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "./client";
import { partnerApplications, type PartnerApplicationRow } from "./schema";

export async function insertPartnerApplication(
  db: Database,
  values: { id: string; userId: number | null; company: string; website: string; contactEmail: string; category: string; message: string },
): Promise<PartnerApplicationRow> {
  const [row] = await db.insert(partnerApplications).values(values).returning();
  return row!;
}

export async function listPartnerApplications(db: Database, status?: PartnerApplicationRow["status"]): Promise<PartnerApplicationRow[]> {
  return db
    .select()
    .from(partnerApplications)
    .where(status ? eq(partnerApplications.status, status) : undefined)
    .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
    .limit(200)
    .all();
}

export async function findPartnerApplication(db: Database, id: string): Promise<PartnerApplicationRow | undefined> {
  return db.select().from(partnerApplications).where(eq(partnerApplications.id, id)).get();
}

/** Sets the decision; undefined when the application is gone. */
export async function decidePartnerApplication(
  db: Database,
  id: string,
  decision: { status: "approved" | "rejected"; decidedBy: number; decidedAt: string },
): Promise<PartnerApplicationRow | undefined> {
  const [row] = await db
    .update(partnerApplications)
    .set(decision)
    .where(eq(partnerApplications.id, id))
    .returning();
  return row;
}

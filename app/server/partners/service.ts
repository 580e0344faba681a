/** The partner directory's search and the application inbox. */
import type { Partner, PartnerApplication, PartnerApplicationBody, PartnerCategory } from "~/domain/contracts/partners";
import { AppError } from "~/domain/errors";
import { recordAdminAction } from "../../../db/admin-audit";
import type { Database } from "../../../db/client";
import { decidePartnerApplication, findPartnerApplication, insertPartnerApplication, listPartnerApplications } from "../../../db/partners";
import type { PartnerApplicationRow } from "../../../db/schema";
import { PARTNERS } from "./directory";

/** Partners of a category, matching every word of `q` in the name, summary or offers (case-insensitive). */
export function searchPartners(filter: { category?: PartnerCategory; q?: string }, partners: readonly Partner[] = PARTNERS): Partner[] {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return partners.filter((p) => {
    if (filter.category && p.category !== filter.category) return false;
    const haystack = [p.name, p.summary, ...p.offers].join(" ").toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

const toApplication = (row: PartnerApplicationRow): PartnerApplication => ({
  id: row.id,
  company: row.company,
  website: row.website,
  contactEmail: row.contactEmail,
  category: row.category,
  message: row.message,
  status: row.status,
  userId: row.userId,
  decidedAt: row.decidedAt,
  createdAt: row.createdAt,
});

export async function applyToBecomePartner(db: Database, userId: number | null, body: PartnerApplicationBody): Promise<PartnerApplication> {
  const row = await insertPartnerApplication(db, { id: crypto.randomUUID(), userId, ...body });
  return toApplication(row);
}

export async function listApplications(db: Database, status?: PartnerApplicationRow["status"]): Promise<PartnerApplication[]> {
  return (await listPartnerApplications(db, status)).map(toApplication);
}

export async function decideApplication(
  db: Database,
  actor: { id: number; email: string },
  id: string,
  decision: { status: "approved" | "rejected"; reason: string },
  now: Date,
): Promise<PartnerApplication> {
  const before = await findPartnerApplication(db, id);
  if (!before) throw new AppError("NOT_FOUND", "No such partner application.");
  const row = await decidePartnerApplication(db, id, { status: decision.status, decidedBy: actor.id, decidedAt: now.toISOString() });
  if (!row) throw new AppError("NOT_FOUND", "No such partner application.");
  await recordAdminAction(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: `partner_application.${decision.status === "approved" ? "approve" : "reject"}`,
    targetType: "partner_application",
    targetId: id,
    reason: decision.reason,
    details: { from: before.status, to: decision.status, company: before.company },
  });
  return toApplication(row);
}

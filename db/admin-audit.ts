/** The staff audit trail: insert and read only (the table's triggers refuse UPDATE and DELETE). */
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Database } from "./client";
import { adminAuditLog, type AdminAuditRow } from "./schema";
import { containsText } from "./text-match";

export interface AdminActionRecord {
  actorId: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  details?: Record<string, unknown>;
}

export async function recordAdminAction(db: Database, entry: AdminActionRecord): Promise<AdminAuditRow> {
  const [row] = await db
    .insert(adminAuditLog)
    .values({ ...entry, details: entry.details ?? {} })
    .returning();
  return row!;
}

export interface AuditSearch {
  /** Matches the action, the target, the reason or the actor's email. */
  q?: string;
  targetType?: string;
  targetId?: string;
  /** Keyset paging: entries older than this id. */
  beforeId?: number;
  limit: number;
}

export async function searchAdminActions(db: Database, search: AuditSearch): Promise<AdminAuditRow[]> {
  const filters = [];
  if (search.q) {
    const q = search.q;
    filters.push(
      or(
        containsText(adminAuditLog.action, q),
        containsText(adminAuditLog.targetId, q),
        containsText(adminAuditLog.reason, q),
        containsText(adminAuditLog.actorEmail, q),
      ),
    );
  }
  if (search.targetType) filters.push(eq(adminAuditLog.targetType, search.targetType));
  if (search.targetId) filters.push(eq(adminAuditLog.targetId, search.targetId));
  if (search.beforeId) filters.push(lt(adminAuditLog.id, search.beforeId));
  return db
    .select()
    .from(adminAuditLog)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(search.limit)
    .all();
}

/**
 * Support tickets' queries (all of their SQL). The user's reads take the user id and scope by it,
 * so another user's ticket finds nothing; the staff reads (the inbox) are separate and named so.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { TicketStatus } from "~/domain/support";
import type { Database } from "./client";
import { supportMessages, supportTickets, users, type SupportMessageRow, type SupportTicketRow } from "./schema";
import { containsText } from "./text-match";

export type { SupportMessageRow, SupportTicketRow };
export type NewTicket = typeof supportTickets.$inferInsert;
export type NewTicketMessage = typeof supportMessages.$inferInsert;

export interface TicketWithThreadInfo extends SupportTicketRow {
  lastMessage: string;
  messageCount: number;
}

const threadInfo = {
  lastMessage: sql<string>`coalesce((select body from ${supportMessages} m where m.ticket_id = ${supportTickets.id} order by m.id desc limit 1), '')`,
  messageCount: sql<number>`(select count(*) from ${supportMessages} m where m.ticket_id = ${supportTickets.id})`,
};

/** The ticket and its first message, in one batch (both or neither). */
export async function insertTicket(db: Database, ticket: NewTicket, first: Omit<NewTicketMessage, "ticketId">): Promise<SupportTicketRow> {
  const [rows] = await db.batch([
    db.insert(supportTickets).values(ticket).returning(),
    db.insert(supportMessages).values({ ...first, ticketId: ticket.id }),
  ]);
  return rows[0]!;
}

export async function listTicketsOfUser(db: Database, userId: number): Promise<TicketWithThreadInfo[]> {
  return db
    .select({ ...ticketColumns(), ...threadInfo })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(200)
    .all();
}

export async function findTicketOfUser(db: Database, userId: number, id: string): Promise<SupportTicketRow | undefined> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
    .get();
}

/** Staff only: any user's ticket. */
export async function findTicketForStaff(db: Database, id: string): Promise<SupportTicketRow | undefined> {
  return db.select().from(supportTickets).where(eq(supportTickets.id, id)).get();
}

export async function listTicketMessages(db: Database, ticketId: string): Promise<SupportMessageRow[]> {
  return db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId)).orderBy(supportMessages.id).all();
}

/** Adds a message and updates the ticket (status, first response…) in one batch. */
export async function addTicketMessage(
  db: Database,
  message: NewTicketMessage,
  ticketChanges: Partial<Pick<SupportTicketRow, "status" | "firstResponseAt" | "updatedAt">>,
): Promise<SupportMessageRow> {
  const [rows] = await db.batch([
    db.insert(supportMessages).values(message).returning(),
    db.update(supportTickets).set(ticketChanges).where(eq(supportTickets.id, message.ticketId)),
  ]);
  return rows[0]!;
}

export async function updateTicket(
  db: Database,
  id: string,
  changes: Partial<Pick<SupportTicketRow, "status" | "assigneeId" | "updatedAt">>,
): Promise<void> {
  await db.update(supportTickets).set(changes).where(eq(supportTickets.id, id));
}

export interface StaffTicketFilters {
  status?: TicketStatus;
  /** A staff id, or null for unassigned tickets. */
  assigneeId?: number | null;
  userId?: number;
  q?: string;
}

export interface StaffTicketRow extends TicketWithThreadInfo {
  username: string;
  email: string;
}

/** Staff inbox: every user's tickets, filtered; open and waiting first, then newest activity. */
export async function searchTicketsForStaff(db: Database, filters: StaffTicketFilters): Promise<StaffTicketRow[]> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(supportTickets.status, filters.status));
  if (filters.assigneeId === null) where.push(isNull(supportTickets.assigneeId));
  else if (filters.assigneeId !== undefined) where.push(eq(supportTickets.assigneeId, filters.assigneeId));
  if (filters.userId) where.push(eq(supportTickets.userId, filters.userId));
  if (filters.q) {
    const q = filters.q;
    where.push(or(containsText(supportTickets.subject, q), containsText(users.email, q), containsText(users.username, q), eq(supportTickets.id, q))!);
  }
  return db
    .select({ ...ticketColumns(), ...threadInfo, username: users.username, email: users.email })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`case ${supportTickets.status} when 'open' then 0 when 'waiting_on_you' then 1 when 'answered' then 2 else 3 end`, desc(supportTickets.updatedAt))
    .limit(200)
    .all();
}

/** Display names of staff members (for "assigned to"). */
export async function staffNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)).all();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Whether the id belongs to a staff member (a ticket can only be assigned to staff). */
export async function isStaffMember(db: Database, id: number): Promise<boolean> {
  const row = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).get();
  return row?.role === "admin";
}

function ticketColumns() {
  return {
    id: supportTickets.id,
    userId: supportTickets.userId,
    subject: supportTickets.subject,
    category: supportTickets.category,
    status: supportTickets.status,
    articleKey: supportTickets.articleKey,
    screenshotKey: supportTickets.screenshotKey,
    screenshotType: supportTickets.screenshotType,
    assigneeId: supportTickets.assigneeId,
    respondBy: supportTickets.respondBy,
    firstResponseAt: supportTickets.firstResponseAt,
    createdAt: supportTickets.createdAt,
    updatedAt: supportTickets.updatedAt,
  };
}

/** Development tools only (POST /api/dev/make-admin): gives an account the staff role. */
export async function makeStaffByEmail(db: Database, email: string): Promise<number | null> {
  const row = await db.update(users).set({ role: "admin" }).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).returning({ id: users.id }).get();
  return row?.id ?? null;
}

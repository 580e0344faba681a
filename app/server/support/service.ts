/**
 * Support tickets: opening one (with an optional screenshot in R2), the threaded conversation,
 * and the staff side (replies that email the user, assignment, status), each staff action in the
 * audit log. Plain functions over their dependencies; every user read is scoped to the owner.
 */
import { AppError } from "~/domain/errors";
import { PAID_PLANS } from "~/domain/plans";
import {
  FIRST_RESPONSE_HOURS,
  SUPPORT_LIMITS,
  type TicketCategory,
  type TicketStatus,
} from "~/domain/support";
import type { StaffTicket, StaffTicketSummary, SupportPromise, Ticket, TicketSummary } from "~/domain/contracts/support";
import type { Mailer } from "~/server/email/mailer";
import { renderEmail } from "~/server/email/templates";
import { planFor } from "~/server/billing/plan";
import { sniffImage } from "~/server/images/sniff";
import type { UploadedFile } from "~/server/projects/service";
import { recordAdminAction } from "../../../db/admin-audit";
import type { Database } from "../../../db/client";
import type { User } from "../../../db/schema";
import {
  addTicketMessage,
  findTicketForStaff,
  findTicketOfUser,
  insertTicket,
  isStaffMember,
  listTicketMessages,
  listTicketsOfUser,
  searchTicketsForStaff,
  staffNames,
  updateTicket,
  type StaffTicketFilters,
  type SupportMessageRow,
  type SupportTicketRow,
  type TicketWithThreadInfo,
} from "../../../db/support";
import { findUserById } from "../../../db/users";

export interface SupportDeps {
  db: Database;
  files: R2Bucket;
  mailer: Mailer;
  appUrl: string;
  supportEmail: string;
  now?: () => Date;
}

const nowOf = (deps: Pick<SupportDeps, "now">) => (deps.now ? deps.now() : new Date());
const notFound = () => new AppError("NOT_FOUND", "No such ticket.");
const screenshotUrl = (t: Pick<SupportTicketRow, "id" | "screenshotKey">, staff: boolean) =>
  t.screenshotKey ? `/api/${staff ? "admin/" : ""}support/tickets/${encodeURIComponent(t.id)}/screenshot` : null;

function summary(t: TicketWithThreadInfo, staff = false): TicketSummary {
  return {
    id: t.id,
    subject: t.subject,
    category: t.category as TicketCategory,
    status: t.status as TicketStatus,
    articleKey: t.articleKey,
    screenshotUrl: screenshotUrl(t, staff),
    respondBy: t.respondBy,
    firstResponseAt: t.firstResponseAt,
    assigneeId: t.assigneeId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    lastMessage: t.lastMessage.slice(0, 200),
    messageCount: Number(t.messageCount),
  };
}

function withThread(t: SupportTicketRow, messages: SupportMessageRow[], staff = false): Ticket {
  const last = messages[messages.length - 1];
  return {
    ...summary({ ...t, lastMessage: last?.body ?? "", messageCount: messages.length }, staff),
    messages: messages.map((m) => ({ id: m.id, author: m.author, authorName: m.authorName, body: m.body, createdAt: m.createdAt })),
  };
}

/** What the caller's plan promises: the 24-hour first response on paid plans, nothing on free. */
export async function supportPromise(db: Database, userId: number): Promise<SupportPromise> {
  const plan = await planFor(db, userId);
  return { plan: plan.id, firstResponseHours: PAID_PLANS.includes(plan.id) ? FIRST_RESPONSE_HOURS : null };
}

/** Reads the screenshot's real type from its bytes: PNG, JPEG or WebP up to 5 MB. */
function checkScreenshot(file: UploadedFile): string {
  if (file.bytes.byteLength === 0) throw new AppError("VALIDATION", "screenshot: the file is empty.");
  if (file.bytes.byteLength > SUPPORT_LIMITS.screenshotBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `screenshot: ${(file.bytes.byteLength / 1024 / 1024).toFixed(1)} MB is too large; 5 MB at most.`);
  }
  const sniffed = sniffImage(file.bytes);
  if (!sniffed) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "screenshot: attach a PNG, JPEG or WebP image.");
  return sniffed.mimeType;
}

export async function openTicket(
  deps: SupportDeps,
  user: User,
  input: { subject: string; category: TicketCategory; message: string; articleKey?: string },
  screenshot?: UploadedFile,
): Promise<Ticket> {
  const at = nowOf(deps);
  const id = crypto.randomUUID();
  let screenshotKey: string | null = null;
  let screenshotType: string | null = null;
  if (screenshot) {
    screenshotType = checkScreenshot(screenshot);
    screenshotKey = `support/${user.id}/${id}`;
    await deps.files.put(screenshotKey, screenshot.bytes, { httpMetadata: { contentType: screenshotType } });
  }
  const promise = await supportPromise(deps.db, user.id);
  const iso = at.toISOString();
  try {
    const ticket = await insertTicket(
      deps.db,
      {
        id,
        userId: user.id,
        subject: input.subject,
        category: input.category,
        status: "open",
        articleKey: input.articleKey ?? null,
        screenshotKey,
        screenshotType,
        respondBy: promise.firstResponseHours ? new Date(at.getTime() + promise.firstResponseHours * 3_600_000).toISOString() : null,
        createdAt: iso,
        updatedAt: iso,
      },
      { author: "user", authorId: user.id, authorName: user.username, body: input.message, createdAt: iso },
    );
    return withThread(ticket, await listTicketMessages(deps.db, id));
  } catch (err) {
    // Nothing half-made is kept: the screenshot goes with the ticket that failed.
    if (screenshotKey) await deps.files.delete(screenshotKey).catch(() => {});
    throw err;
  }
}

export async function listMyTickets(deps: Pick<SupportDeps, "db">, userId: number): Promise<TicketSummary[]> {
  return (await listTicketsOfUser(deps.db, userId)).map((t) => summary(t));
}

export async function getMyTicket(deps: Pick<SupportDeps, "db">, userId: number, id: string): Promise<Ticket> {
  const ticket = await findTicketOfUser(deps.db, userId, id);
  if (!ticket) throw notFound();
  return withThread(ticket, await listTicketMessages(deps.db, id));
}

/** The user's reply: the ticket is open again (it waits on the team). */
export async function replyAsUser(deps: SupportDeps, user: User, id: string, message: string): Promise<Ticket> {
  const ticket = await findTicketOfUser(deps.db, user.id, id);
  if (!ticket) throw notFound();
  const iso = nowOf(deps).toISOString();
  await addTicketMessage(deps.db, { ticketId: id, author: "user", authorId: user.id, authorName: user.username, body: message, createdAt: iso }, { status: "open", updatedAt: iso });
  return getMyTicket(deps, user.id, id);
}

/** The screenshot's bytes, for its owner (or staff, with `staff`). */
export async function ticketScreenshot(deps: SupportDeps, viewer: { userId: number; staff: boolean }, id: string): Promise<{ bytes: ArrayBuffer; type: string }> {
  const ticket = viewer.staff ? await findTicketForStaff(deps.db, id) : await findTicketOfUser(deps.db, viewer.userId, id);
  if (!ticket?.screenshotKey) throw new AppError("NOT_FOUND", "No such screenshot.");
  const object = await deps.files.get(ticket.screenshotKey);
  if (!object) throw new AppError("NOT_FOUND", "No such screenshot.");
  return { bytes: await object.arrayBuffer(), type: ticket.screenshotType ?? "application/octet-stream" };
}

// ---- staff ----------------------------------------------------------------------------------

export interface StaffActor {
  id: number;
  email: string;
  username: string;
}

export async function listTicketsForStaff(deps: Pick<SupportDeps, "db">, actor: StaffActor, query: { status?: TicketStatus; assignee?: string; userId?: number; q?: string }): Promise<StaffTicketSummary[]> {
  const filters: StaffTicketFilters = { status: query.status, userId: query.userId, q: query.q || undefined };
  if (query.assignee === "me") filters.assigneeId = actor.id;
  else if (query.assignee === "none") filters.assigneeId = null;
  else if (query.assignee) filters.assigneeId = Number(query.assignee);
  const rows = await searchTicketsForStaff(deps.db, filters);
  const names = await staffNames(deps.db, [...new Set(rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])))]);
  return rows.map((r) => ({
    ...summary(r, true),
    user: { id: r.userId, username: r.username, email: r.email },
    assigneeName: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
  }));
}

export async function getTicketForStaff(deps: Pick<SupportDeps, "db">, id: string): Promise<StaffTicket> {
  const ticket = await findTicketForStaff(deps.db, id);
  if (!ticket) throw notFound();
  const owner = await findUserById(deps.db, ticket.userId);
  if (!owner) throw notFound();
  const plan = await planFor(deps.db, owner.id);
  const names = ticket.assigneeId ? await staffNames(deps.db, [ticket.assigneeId]) : new Map<number, string>();
  return {
    ...withThread(ticket, await listTicketMessages(deps.db, id), true),
    user: { id: owner.id, username: owner.username, email: owner.email, plan: plan.id },
    assigneeName: ticket.assigneeId ? (names.get(ticket.assigneeId) ?? null) : null,
  };
}

/** A staff reply: the ticket is answered, the first response is stamped, the user is emailed. */
export async function replyAsStaff(deps: SupportDeps, actor: StaffActor, id: string, input: { message: string; reason?: string }): Promise<StaffTicket> {
  const ticket = await findTicketForStaff(deps.db, id);
  if (!ticket) throw notFound();
  const owner = await findUserById(deps.db, ticket.userId);
  if (!owner) throw notFound();
  const iso = nowOf(deps).toISOString();
  const message = await addTicketMessage(
    deps.db,
    { ticketId: id, author: "staff", authorId: actor.id, authorName: actor.username, body: input.message, createdAt: iso },
    { status: "answered", updatedAt: iso, ...(ticket.firstResponseAt ? {} : { firstResponseAt: iso }) },
  );
  await recordAdminAction(deps.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "ticket.reply",
    targetType: "support_ticket",
    targetId: id,
    reason: input.reason?.trim() || "Support reply",
    details: { messageId: message.id, userId: owner.id },
  });
  const link = `${deps.appUrl}/support?ticket=${encodeURIComponent(id)}`;
  const rendered = renderEmail("support_reply", { appUrl: deps.appUrl, username: owner.username, link, supportEmail: deps.supportEmail, subject: ticket.subject });
  await deps.mailer.send({ ...rendered, to: owner.email, kind: "support_reply", link });
  return getTicketForStaff(deps, id);
}

export async function assignTicket(deps: Pick<SupportDeps, "db" | "now">, actor: StaffActor, id: string, input: { assigneeId: number | null; reason: string }): Promise<StaffTicket> {
  const ticket = await findTicketForStaff(deps.db, id);
  if (!ticket) throw notFound();
  if (input.assigneeId !== null && !(await isStaffMember(deps.db, input.assigneeId))) {
    throw new AppError("VALIDATION", "assigneeId: tickets can only be assigned to a staff member.", { details: { fields: [{ path: "assigneeId", message: "not a staff member" }] } });
  }
  await updateTicket(deps.db, id, { assigneeId: input.assigneeId, updatedAt: nowOf(deps).toISOString() });
  await recordAdminAction(deps.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: input.assigneeId === null ? "ticket.unassign" : "ticket.assign",
    targetType: "support_ticket",
    targetId: id,
    reason: input.reason,
    details: { from: ticket.assigneeId, to: input.assigneeId },
  });
  return getTicketForStaff(deps, id);
}

export async function setTicketStatus(deps: Pick<SupportDeps, "db" | "now">, actor: StaffActor, id: string, input: { status: TicketStatus; reason: string }): Promise<StaffTicket> {
  const ticket = await findTicketForStaff(deps.db, id);
  if (!ticket) throw notFound();
  await updateTicket(deps.db, id, { status: input.status, updatedAt: nowOf(deps).toISOString() });
  await recordAdminAction(deps.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "ticket.status",
    targetType: "support_ticket",
    targetId: id,
    reason: input.reason,
    details: { from: ticket.status, to: input.status },
  });
  return getTicketForStaff(deps, id);
}

/**
 * The feedback board: ideas and bugs, one vote per user, and the team's status and reply (a
 * staff action, in the audit log).
 */
import { AppError } from "~/domain/errors";
import type { FeedbackItem } from "~/domain/contracts/feedback";
import type { FeedbackKind, FeedbackStatus } from "~/domain/feedback";
import { recordAdminAction } from "../../../db/admin-audit";
import type { Database } from "../../../db/client";
import {
  addFeedbackVote,
  findFeedback,
  insertFeedback,
  listFeedback,
  listFeedbackForStaff,
  removeFeedbackVote,
  updateFeedback,
  type FeedbackFilters,
  type FeedbackRow,
} from "../../../db/feedback";
import type { StaffActor } from "./service";

const notFound = () => new AppError("NOT_FOUND", "No such feedback item.");

function toItem(row: FeedbackRow, viewerId: number): FeedbackItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    details: row.details,
    status: row.status as FeedbackStatus,
    votes: row.votes,
    votedByMe: row.votedByMe,
    mine: row.userId === viewerId,
    teamReply: row.teamReply,
    teamReplyAt: row.teamReplyAt,
    createdAt: row.createdAt,
  };
}

export async function listBoard(db: Database, viewerId: number, filters: FeedbackFilters): Promise<FeedbackItem[]> {
  return (await listFeedback(db, viewerId, filters)).map((r) => toItem(r, viewerId));
}

/** A new item starts under review, with its author's vote. */
export async function submitFeedback(db: Database, userId: number, input: { kind: FeedbackKind; title: string; details: string }): Promise<FeedbackItem> {
  const created = await insertFeedback(db, { id: crypto.randomUUID(), userId, kind: input.kind, title: input.title, details: input.details, status: "under_review" });
  await addFeedbackVote(db, created.id, userId);
  return toItem((await findFeedback(db, userId, created.id))!, userId);
}

export async function voteFeedback(db: Database, userId: number, id: string, vote: boolean): Promise<FeedbackItem> {
  if (!(await findFeedback(db, userId, id))) throw notFound();
  if (vote) await addFeedbackVote(db, id, userId);
  else await removeFeedbackVote(db, id, userId);
  return toItem((await findFeedback(db, userId, id))!, userId);
}

export async function listFeedbackForStaffInbox(db: Database, actor: StaffActor, filters: FeedbackFilters) {
  return (await listFeedbackForStaff(db, actor.id, filters)).map((r) => ({ ...toItem(r, actor.id), user: { id: r.userId, username: r.username, email: r.email } }));
}

/** Staff: set the status and (optionally) the team's reply shown on the board. */
export async function moderateFeedback(db: Database, actor: StaffActor, id: string, input: { status: FeedbackStatus; reply?: string; reason: string }, now = new Date()): Promise<FeedbackItem> {
  const before = await findFeedback(db, actor.id, id);
  if (!before) throw notFound();
  const reply = input.reply?.trim();
  await updateFeedback(db, id, { status: input.status, ...(reply ? { teamReply: reply, teamReplyAt: now.toISOString() } : {}) });
  await recordAdminAction(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: "feedback.status",
    targetType: "feedback",
    targetId: id,
    reason: input.reason,
    details: { from: before.status, to: input.status, replied: Boolean(reply) },
  });
  return toItem((await findFeedback(db, actor.id, id))!, actor.id);
}
